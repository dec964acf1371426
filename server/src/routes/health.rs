//! Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database and the
//! store of audio and images answer).
use axum::{extract::State, routing::get, Json, Router};
use serde::Serialize;

use crate::{
    db::records::RecordCounts,
    error::{success, ApiError, ApiResult, Success},
    state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(check_liveness))
        .route("/readyz", get(check_readiness))
}

#[derive(Debug, Serialize)]
pub struct Health {
    status: &'static str,
    version: &'static str,
}

async fn check_liveness() -> Json<Success<Health>> {
    success(Health {
        status: "ok",
        version: env!("CARGO_PKG_VERSION"),
    })
}

/// Readiness, with what the high-volume record queues wrote and dropped.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Readiness {
    status: &'static str,
    version: &'static str,
    records: Records,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Records {
    search_queries: RecordCounts,
    access_log: RecordCounts,
    behavior_events: RecordCounts,
    anti_crawler_reports: RecordCounts,
}

/// Ready when the database answers AND can write right now (503 while its disk is full), and
/// the store of audio and images answers.
#[tracing::instrument(skip_all)]
async fn check_readiness(State(state): State<AppState>) -> ApiResult<Json<Success<Readiness>>> {
    let (database, store) = tokio::join!(state.db.readiness(), state.storage.readiness());
    database.and(store).map_err(|reason| {
        tracing::warn!(%reason, "not ready");
        ApiError::WritesUnavailable
    })?;
    Ok(success(Readiness {
        status: "ready",
        version: env!("CARGO_PKG_VERSION"),
        records: Records {
            search_queries: state.search_log.counts(),
            access_log: state.activity.access_log.counts(),
            behavior_events: state.tracking.events.counts(),
            anti_crawler_reports: state.anti_crawler.reports.queue.counts(),
        },
    }))
}

//! Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database answers).
use axum::{extract::State, routing::get, Json, Router};
use serde::Serialize;

use crate::{
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

#[tracing::instrument(skip_all)]
async fn check_readiness(State(state): State<AppState>) -> ApiResult<Json<Success<Health>>> {
    state.db.ping().await.map_err(|error| {
        tracing::warn!(%error, "database not reachable");
        ApiError::Unavailable("The database is not reachable.".into())
    })?;
    Ok(success(Health {
        status: "ready",
        version: env!("CARGO_PKG_VERSION"),
    }))
}

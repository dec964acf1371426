//! `GET /api/admin/security/events`: recent sign-in and token events for the security page.
use axum::{
    extract::{Query, State},
    http::Method,
    Json,
};
use serde::{Deserialize, Serialize};
use tingshu_core::auth::access::Access;

use crate::{
    accounts::events,
    error::{success, ApiResult, Success},
    routes::registry::ApiRoutes,
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    api.add(
        Method::GET,
        "/admin/security/events",
        Access::Permission {
            permission: "manage:system".into(),
        },
        list_security_events,
    )
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ListQuery {
    limit: Option<u64>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct SecurityEvent {
    id: i32,
    kind: String,
    user_id: Option<i32>,
    account: Option<String>,
    ip: Option<String>,
    user_agent: Option<String>,
    created_at: i64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct EventList {
    items: Vec<SecurityEvent>,
    total: u64,
    page: u64,
    page_size: u64,
}

#[tracing::instrument(skip_all)]
async fn list_security_events(
    State(state): State<AppState>,
    Query(query): Query<ListQuery>,
) -> ApiResult<Json<Success<EventList>>> {
    let page_size = query.limit.unwrap_or(100).clamp(1, 500);
    let items: Vec<SecurityEvent> = events::recent(&state.db, page_size)
        .await?
        .into_iter()
        .map(|e| SecurityEvent {
            id: e.id,
            kind: e.kind,
            user_id: e.user_id,
            account: e.account,
            ip: e.ip,
            user_agent: e.user_agent,
            created_at: e.created_at,
        })
        .collect();
    Ok(success(EventList {
        total: events::count(&state.db).await?,
        items,
        page: 1,
        page_size,
    }))
}

//! `GET /api/admin/security/events`: recent sign-in and token events for the security page.
use axum::{
    extract::{Query, State},
    Json,
};
use serde::{Deserialize, Serialize};
use tingshu_core::auth::{access::Access, kinds::Permission};
use utoipa_axum::routes;

use crate::{
    accounts::events,
    error::{success, ApiResult, Success},
    routes::registry::ApiRoutes,
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    api.add(
        Access::Permission {
            permission: Permission::ManageSystem,
        },
        routes!(list_security_events),
    )
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ListQuery {
    /// How many of the latest events, 1 to 500; 100 when absent.
    #[param(minimum = 0)]
    limit: Option<u64>,
}

/// An account event (`kind`: `registered`, `login_succeeded`, `login_failed`, `refresh_reused`, …).
#[derive(Debug, Serialize, utoipa::ToSchema)]
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

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct EventList {
    items: Vec<SecurityEvent>,
    total: u64,
    page: u64,
    page_size: u64,
}

/// The latest sign-in and token events, newest first, with how many there are in all.
#[utoipa::path(get, path = "/admin/security/events", tag = "admin", params(ListQuery),
    responses((status = 200, body = Success<EventList>)))]
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

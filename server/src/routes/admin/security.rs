//! `/api/admin/security/*` (`manage:system`): sign-in and token events (filtered, paged),
//! accounts and names under the sign-in throttle with their unlock, and sessions revoked for
//! a replayed refresh token.
use crate::routes::registry::route;
use axum::{
    extract::{Path, Query, State},
    Json,
};
use serde::{Deserialize, Serialize};
use tingshu_core::auth::{access::Access, kinds::Permission};

use crate::clock::now_ms;
use crate::{
    accounts::Client,
    activity::security::{self, EventFilter, RevokedSession, Throttle},
    auth::SignedIn,
    console::audit::Actor,
    error::{success, ApiResult, ErrorBody, Nothing, Success},
    extract::{Params, RequestLang},
    paging::{Items, Page, PageParams, Paging},
    routes::registry::ApiRoutes,
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let system = || Access::Permission {
        permission: Permission::ManageSystem,
    };
    api.add(system(), route!(list_security_events))
        .add(system(), route!(list_throttles))
        .add(system(), route!(clear_throttle))
        .add(system(), route!(list_revoked_sessions))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ListQuery {
    /// Events per page, 1 to 500; 100 when absent.
    #[param(minimum = 0)]
    limit: Option<u64>,
    /// From 1; absent means 1.
    #[param(minimum = 1)]
    page: Option<u64>,
    /// Only events of this kind (`login_failed`, `refresh_reused`, …).
    kind: Option<String>,
    /// Only events of this user (by id).
    user_id: Option<i32>,
    /// Only events from this address, exactly.
    ip: Option<String>,
}

/// An account event (`kind`: `registered`, `login_succeeded`, `login_failed`, `refresh_reused`,
/// …; a failure an administrator cleared from the throttle ends with `_cleared`).
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

fn given(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// Sign-in and token events, newest first, optionally of one kind, user or address, with how
/// many match.
#[utoipa::path(get, path = "/admin/security/events", tag = "admin", params(ListQuery),
    responses((status = 200, body = Success<EventList>)))]
#[tracing::instrument(skip_all)]
async fn list_security_events(
    State(state): State<AppState>,
    Query(query): Query<ListQuery>,
) -> ApiResult<Json<Success<EventList>>> {
    let paging = Paging {
        page: query.page.unwrap_or(1).max(1),
        page_size: query.limit.unwrap_or(100).clamp(1, 500),
    };
    let filter = EventFilter {
        kind: given(query.kind),
        user_id: query.user_id,
        ip: given(query.ip),
    };
    let (rows, total) = security::events(state.db.reader(), &filter, paging).await?;
    let items = rows
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
        items,
        total,
        page: paging.page,
        page_size: paging.page_size,
    }))
}

/// Every account (`user:<id>`) and unknown name (`name:<account>`) the sign-in throttle holds
/// back now, as a sign-in would be decided, the longest wait first.
#[utoipa::path(get, path = "/admin/security/throttles", tag = "admin",
    responses((status = 200, body = Success<Items<Throttle>>)))]
#[tracing::instrument(skip_all)]
async fn list_throttles(
    State(state): State<AppState>,
) -> ApiResult<Json<Success<Items<Throttle>>>> {
    let items = security::throttled(state.db.reader(), now_ms()).await?;
    Ok(success(Items { items }))
}

/// Clears a throttle: its failures stop counting (they stay in the events, marked `_cleared`);
/// written to the audit log. 404 when nothing counts under the key.
#[utoipa::path(delete, path = "/admin/security/throttles/{key}", tag = "admin",
    params(("key" = String, Path, description = "`user:<id>` or `name:<account>`")),
    responses((status = 200, body = Success<Nothing>),
        (status = 404, description = "Nothing is under throttle as this key", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn clear_throttle(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    Path(key): Path<String>,
) -> ApiResult<Json<Success<Nothing>>> {
    let actor = Actor::new(&caller, &client);
    security::clear(&state.db, &actor, &key, now_ms()).await?;
    Ok(success(Nothing))
}

/// Sessions closed because their refresh token was used twice (a stolen token replayed), the
/// latest first.
#[utoipa::path(get, path = "/admin/security/revoked-sessions", tag = "admin", params(PageParams),
    responses((status = 200, body = Success<Page<RevokedSession>>)))]
#[tracing::instrument(skip_all)]
async fn list_revoked_sessions(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    Params(params): Params<PageParams>,
) -> ApiResult<Json<Success<Page<RevokedSession>>>> {
    let paging = params.paging(
        lang,
        security::REVOKED_PAGE_SIZE,
        security::REVOKED_MAX_PAGE_SIZE,
    )?;
    Ok(success(
        security::revoked_for_replay(state.db.reader(), paging).await?,
    ))
}

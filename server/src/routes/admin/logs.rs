//! `/api/admin/logs` and `/api/admin/access-logs*` (`manage:system`): the audit log and the
//! access log, newest first by keyset (`cursor`), and the access log's daily rollups.
use crate::routes::registry::route;
use axum::{extract::State, Json};
use serde::Deserialize;
use tingshu_core::auth::{access::Access, kinds::Permission};

use crate::{
    activity::{
        access_list::{self, AccessEntry, AccessFilter, DailyEntry, DailyFilter, StatusFilter},
        audit_list::{self, AuditEntry, AuditFilter},
        keyset::{KeysetPage, Window},
    },
    error::{success, ApiResult, Success},
    extract::{Params, RequestLang},
    paging::{choice_param, Page, PageParams},
    routes::registry::ApiRoutes,
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let system = || Access::Permission {
        permission: Permission::ManageSystem,
    };
    api.add(system(), route!(list_audit_log))
        .add(system(), route!(list_access_log))
        .add(system(), route!(list_access_log_daily))
}

/// A blank filter is no filter.
fn given(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// `?actor&entity&entityId&action&from&to&cursor&limit` of the audit log, as sent.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct AuditParams {
    /// Who: an actor's id (digits) or exact name.
    actor: Option<String>,
    /// What kind of record: `book`, `category`, `throttle`, …
    entity: Option<String>,
    /// Which record (with `entity`).
    entity_id: Option<String>,
    /// What was done: `book.update`, …
    action: Option<String>,
    /// From this time (ms since the epoch, inclusive).
    #[param(value_type = Option<u64>, minimum = 0)]
    from: Option<String>,
    /// Before this time (ms since the epoch, exclusive).
    #[param(value_type = Option<u64>, minimum = 0)]
    to: Option<String>,
    /// The `nextCursor` of the page before; absent for the first page.
    cursor: Option<String>,
    /// Rows per page, 1 to 200; 50 when absent.
    #[param(value_type = Option<u32>, minimum = 1, maximum = 200)]
    limit: Option<String>,
}

/// The audit log, newest first, filtered by who, what entity, what action and when; each
/// change with its record before and after and the fields that differ.
#[utoipa::path(get, path = "/admin/logs", tag = "admin", params(AuditParams),
    responses((status = 200, body = Success<KeysetPage<AuditEntry>>)))]
#[tracing::instrument(skip_all)]
async fn list_audit_log(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    Params(params): Params<AuditParams>,
) -> ApiResult<Json<Success<KeysetPage<AuditEntry>>>> {
    let window = Window::parse(
        lang,
        params.cursor.as_deref(),
        params.limit.as_deref(),
        params.from.as_deref(),
        params.to.as_deref(),
    )?;
    let filter = AuditFilter {
        actor: given(params.actor),
        entity: given(params.entity),
        entity_id: given(params.entity_id),
        action: given(params.action),
    };
    Ok(success(
        audit_list::list(state.db.reader(), &filter, &window).await?,
    ))
}

/// `?user&ip&method&route&status&from&to&cursor&limit` of the access log, as sent.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct AccessParams {
    /// Whose requests: a user's id (digits) or username.
    user: Option<String>,
    /// The client's address, exactly.
    ip: Option<String>,
    /// GET, HEAD, POST, PUT, PATCH, DELETE or OPTIONS.
    method: Option<String>,
    /// A route pattern, exactly: `/api/books/{id}`, `(page)`.
    route: Option<String>,
    /// A status code (`404`) or class (`5xx`).
    status: Option<String>,
    /// From this time (ms since the epoch, inclusive).
    #[param(value_type = Option<u64>, minimum = 0)]
    from: Option<String>,
    /// Before this time (ms since the epoch, exclusive).
    #[param(value_type = Option<u64>, minimum = 0)]
    to: Option<String>,
    /// The `nextCursor` of the page before; absent for the first page.
    cursor: Option<String>,
    /// Rows per page, 1 to 200; 50 when absent.
    #[param(value_type = Option<u32>, minimum = 1, maximum = 200)]
    limit: Option<String>,
}

/// Requests, newest first, filtered by user, address, method, route, status and time. Rows
/// older than the retention are only in the daily rollups.
#[utoipa::path(get, path = "/admin/access-logs", tag = "admin", params(AccessParams),
    responses((status = 200, body = Success<KeysetPage<AccessEntry>>)))]
#[tracing::instrument(skip_all)]
async fn list_access_log(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    Params(params): Params<AccessParams>,
) -> ApiResult<Json<Success<KeysetPage<AccessEntry>>>> {
    let window = Window::parse(
        lang,
        params.cursor.as_deref(),
        params.limit.as_deref(),
        params.from.as_deref(),
        params.to.as_deref(),
    )?;
    let method = choice_param(
        lang,
        "method",
        params.method.as_deref(),
        &access_list::METHODS,
    )?;
    let status = StatusFilter::parse(lang, params.status.as_deref())?;
    let user_id = match given(params.user) {
        None => None,
        Some(user) => match user.parse::<i32>() {
            Ok(id) => Some(id),
            // An unknown name matches no request.
            Err(_) => Some(
                access_list::user_named(state.db.reader(), &user)
                    .await?
                    .unwrap_or(0),
            ),
        },
    };
    let filter = AccessFilter {
        user_id,
        ip: given(params.ip),
        method,
        route: given(params.route),
        status,
    };
    Ok(success(
        access_list::list(state.db.reader(), &filter, &window).await?,
    ))
}

/// `?from&to&route&page&pageSize` of the daily rollups, as sent.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct DailyParams {
    /// From this day (`YYYY-MM-DD`, UTC, inclusive).
    #[param(pattern = r"^\d{4}-\d{2}-\d{2}$")]
    from: Option<String>,
    /// Up to this day (`YYYY-MM-DD`, UTC, inclusive).
    #[param(pattern = r"^\d{4}-\d{2}-\d{2}$")]
    to: Option<String>,
    /// A route pattern, exactly.
    route: Option<String>,
    #[param(value_type = Option<u32>, minimum = 1)]
    page: Option<String>,
    #[param(value_type = Option<u32>, minimum = 1, maximum = 200)]
    page_size: Option<String>,
}

/// Requests per UTC day, method and route (count, 4xx, 5xx, mean latency, bytes) of the days
/// the retention rolled up, the latest day first, then the busiest route.
#[utoipa::path(get, path = "/admin/access-logs/daily", tag = "admin", params(DailyParams),
    responses((status = 200, body = Success<Page<DailyEntry>>)))]
#[tracing::instrument(skip_all)]
async fn list_access_log_daily(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    Params(params): Params<DailyParams>,
) -> ApiResult<Json<Success<Page<DailyEntry>>>> {
    let paging = PageParams {
        page: params.page,
        page_size: params.page_size,
    }
    .paging(lang, 50, 200)?;
    let filter = DailyFilter {
        from: access_list::day_param(lang, "from", params.from.as_deref())?,
        to: access_list::day_param(lang, "to", params.to.as_deref())?,
        route: given(params.route),
    };
    Ok(success(
        access_list::daily(state.db.reader(), &filter, paging).await?,
    ))
}

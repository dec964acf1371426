//! `/api/admin/reports` and `/api/admin/feedback*` (`manage:system`): the period report (JSON
//! or CSV) and the listeners' feedback inbox with its answers.
use crate::routes::registry::route;
use axum::{
    extract::State,
    http::{header, HeaderValue},
    response::{IntoResponse, Response},
    Json,
};
use serde::Deserialize;
use tingshu_core::{
    analytics::ValidateFeedbackReplyInput,
    auth::{access::Access, kinds::Permission},
    feedback::FeedbackCategory,
};

use super::analytics::{parse_range, RangeParams};
use crate::clock::now_ms;
use crate::{
    accounts::Client,
    analytics::{
        feedback::{self, AdminFeedback, FeedbackStatus},
        report::{self, PeriodReport},
    },
    auth::SignedIn,
    console::audit::Actor,
    error::{success, ApiResult, ErrorBody, Success},
    extract::{Body, Params, PathId, RequestLang},
    paging::{choice_param, Page, Paging},
    routes::registry::ApiRoutes,
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let system = || Access::Permission {
        permission: Permission::ManageSystem,
    };
    api.add(system(), route!(get_admin_report))
        .add(system(), route!(list_admin_feedback))
        .add(system(), route!(reply_admin_feedback))
}

/// `?from&to&format` of the report, as sent.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ReportParams {
    /// First day, `YYYY-MM-DD` (UTC).
    #[param(pattern = r"^\d{4}-\d{2}-\d{2}$")]
    from: Option<String>,
    /// Last day, `YYYY-MM-DD` (UTC), on or after `from` and at most 366 days later.
    #[param(pattern = r"^\d{4}-\d{2}-\d{2}$")]
    to: Option<String>,
    /// `json` (the default) or `csv` (a file to download).
    format: Option<String>,
}

/// A period's report: listening, new users and members, revenue per currency, catalogue
/// growth (books and chapters added) and top content, with the previous period of equal
/// length; as JSON, or as a CSV file (`format=csv`, money in minor units).
#[utoipa::path(get, path = "/admin/reports", tag = "admin", params(ReportParams),
    responses((status = 200, description = "The report (JSON), or its CSV file with `format=csv`",
            content((Success<PeriodReport> = "application/json"), (String = "text/csv"))),
        (status = 400, description = "A bad or too long period, or an unknown format", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn get_admin_report(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    Params(params): Params<ReportParams>,
) -> ApiResult<Response> {
    let format = choice_param(lang, "format", params.format.as_deref(), &["json", "csv"])?;
    let range = parse_range(
        &RangeParams {
            from: params.from,
            to: params.to,
        },
        lang,
    )?;
    let report = report::report(state.db.reader(), lang, range).await?;
    if format.as_deref() != Some("csv") {
        return Ok(success(report).into_response());
    }
    let name = format!("attachment; filename=\"{}\"", report::file_name(&report));
    let mut response = report::to_csv(&report)?.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    headers.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_str(&name).map_err(anyhow::Error::from)?,
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// `?page&pageSize&status&category` of the feedback inbox, as sent.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct FeedbackListParams {
    #[param(value_type = Option<u32>, minimum = 1)]
    page: Option<String>,
    #[param(value_type = Option<u32>, minimum = 1)]
    page_size: Option<String>,
    /// `open` (not answered yet) or `answered`.
    status: Option<String>,
    /// bug, content, suggestion, account or other.
    category: Option<String>,
}

/// Listeners' feedback, newest first, filtered by status and category.
#[utoipa::path(get, path = "/admin/feedback", tag = "admin", params(FeedbackListParams),
    responses((status = 200, body = Success<Page<AdminFeedback>>),
        (status = 400, description = "A bad filter or page", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn list_admin_feedback(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    Params(params): Params<FeedbackListParams>,
) -> ApiResult<Json<Success<Page<AdminFeedback>>>> {
    let paging = Paging::parse_in(
        lang,
        params.page.as_deref(),
        params.page_size.as_deref(),
        feedback::PAGE_SIZE,
        feedback::MAX_PAGE_SIZE,
    )?;
    let status = choice_param(
        lang,
        "status",
        params.status.as_deref(),
        &feedback::STATUS_FILTERS,
    )?
    .map(|status| match status.as_str() {
        "answered" => FeedbackStatus::Answered,
        _ => FeedbackStatus::Open,
    });
    let categories: Vec<&str> = FeedbackCategory::ALL.iter().map(|c| c.as_str()).collect();
    let category = choice_param(lang, "category", params.category.as_deref(), &categories)?;
    Ok(success(
        feedback::list(state.db.reader(), status, category.as_deref(), paging).await?,
    ))
}

/// Answers a listener's message (core `validateFeedbackReply`: 1 to 2000 characters); the
/// answer is stored with who gave it and when, and written to the audit log. A second answer
/// replaces the first.
#[utoipa::path(post, path = "/admin/feedback/{id}/reply", tag = "admin",
    params(("id" = i32, Path, description = "The message's id")),
    request_body = ValidateFeedbackReplyInput,
    responses((status = 200, body = Success<AdminFeedback>),
        (status = 400, description = "A blank or too long answer", body = ErrorBody),
        (status = 404, description = "No such message", body = ErrorBody)))]
#[tracing::instrument(skip_all, fields(feedback = id))]
async fn reply_admin_feedback(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
    Body(input): Body<ValidateFeedbackReplyInput>,
) -> ApiResult<Json<Success<AdminFeedback>>> {
    let actor = Actor::new(&caller, &client);
    Ok(success(
        feedback::reply(&state.db, &actor, client.lang, id, input.message, now_ms()).await?,
    ))
}

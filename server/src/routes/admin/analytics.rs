//! `/api/admin/analytics`, `/api/admin/search-analytics` and `/api/admin/visitor-analytics`
//! (`view:analytics`): a period of the daily rollups, compared with the period before it.
use crate::routes::registry::route;
use axum::{extract::State, Json};
use serde::Deserialize;
use tingshu_core::{
    analytics::{
        validate_report_range, ReportRange, ReportRangeValidation, ValidateReportRangeInput,
    },
    auth::{access::Access, kinds::Permission},
    Lang,
};

use crate::{
    analytics::{
        overview::{self, AnalyticsOverview},
        queries::{self, SearchAnalytics},
        visitors::{self, VisitorAnalytics},
        Analytics,
    },
    error::{success, ApiError, ApiResult, ErrorBody, Success},
    extract::{Params, RequestLang},
    routes::registry::ApiRoutes,
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let analytics = || Access::Permission {
        permission: Permission::ViewAnalytics,
    };
    api.add(analytics(), route!(get_admin_analytics))
        .add(analytics(), route!(get_admin_search_analytics))
        .add(analytics(), route!(get_admin_visitor_analytics))
}

/// `?from&to` of a period, as sent.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RangeParams {
    /// First day, `YYYY-MM-DD` (UTC).
    #[param(pattern = r"^\d{4}-\d{2}-\d{2}$")]
    pub from: Option<String>,
    /// Last day, `YYYY-MM-DD` (UTC), on or after `from` and at most 366 days later.
    #[param(pattern = r"^\d{4}-\d{2}-\d{2}$")]
    pub to: Option<String>,
}

/// The period of `params` (core `validateReportRange`; a refusal worded in `lang`).
pub fn parse_range(params: &RangeParams, lang: Lang) -> ApiResult<ReportRange> {
    match validate_report_range(ValidateReportRangeInput {
        from: params.from.clone(),
        to: params.to.clone(),
        lang,
    }) {
        ReportRangeValidation::Valid { range } => Ok(range),
        ReportRangeValidation::Invalid { errors } => Err(ApiError::invalid_form(&errors, lang)),
    }
}

/// Daily active listeners, plays, listening hours, new users, members gained and lost over a
/// period and the one before it (same length), per day and in total; orders and revenue per
/// currency; the top books, chapters and categories; completion per book. Read from the
/// daily rollups (folded every minute), never from the raw rows.
#[utoipa::path(get, path = "/admin/analytics", tag = "admin", params(RangeParams),
    responses((status = 200, body = Success<AnalyticsOverview>),
        (status = 400, description = "A bad or too long period", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn get_admin_analytics(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    Params(params): Params<RangeParams>,
) -> ApiResult<Json<Success<AnalyticsOverview>>> {
    let range = parse_range(&params, lang)?;
    Ok(success(
        overview::overview(state.db.reader(), lang, range).await?,
    ))
}

/// Top queries, queries that found nothing and searches per day over a period. Queries count
/// by their normalised form, and forms that found the same best book count as one line
/// (西游记 and xiyouji).
#[utoipa::path(get, path = "/admin/search-analytics", tag = "admin", params(RangeParams),
    responses((status = 200, body = Success<SearchAnalytics>),
        (status = 400, description = "A bad or too long period", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn get_admin_search_analytics(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    Params(params): Params<RangeParams>,
) -> ApiResult<Json<Success<SearchAnalytics>>> {
    let range = parse_range(&params, lang)?;
    Ok(success(
        queries::search_analytics(state.db.reader(), range).await?,
    ))
}

/// Visitors, page views and events over a period and the one before it (same length), visitors
/// and page views per day, and the top 10 pages and sources (`source` null for direct visits).
/// Read from the behaviour rollups, which count a UTC day once it is over: today is not in them.
/// `visitors` is the sum of each day's distinct visitors, since a visitor's hash changes daily.
#[utoipa::path(get, path = "/admin/visitor-analytics", tag = "admin", params(RangeParams),
    responses((status = 200, body = Success<VisitorAnalytics>),
        (status = 400, description = "A bad or too long period", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn get_admin_visitor_analytics(
    State(analytics): State<Analytics>,
    RequestLang(lang): RequestLang,
    Params(params): Params<RangeParams>,
) -> ApiResult<Json<Success<VisitorAnalytics>>> {
    let range = parse_range(&params, lang)?;
    Ok(success(
        visitors::visitor_analytics(analytics.db.reader(), range).await?,
    ))
}

//! `POST /api/anti-crawler/report` (spec §7): a browser's detection report; and
//! `GET /api/admin/anti-crawler` (`manage:system`): the reports and the difficulty now, for the
//! console's security page.
use crate::routes::registry::route;
use axum::{
    extract::State,
    http::{header, HeaderMap},
    Json,
};
use serde::{Deserialize, Serialize};
use tingshu_core::{
    anti_crawler::{
        difficulty::{BASE_DIFFICULTY, MAX_DIFFICULTY},
        report::{ReportKind, ValidateAntiCrawlerReportInput},
    },
    auth::{access::Access, kinds::Permission},
};

use super::registry::ApiRoutes;
use crate::{
    anti_crawler::{
        reports::{ReportView, Reporter},
        AntiCrawler,
    },
    client::ClientAddr,
    error::{success, ApiResult, ErrorBody, Nothing, Success},
    extract::{Body, Params, RequestLang},
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    api.add(Access::Public, route!(report)).add(
        Access::Permission {
            permission: Permission::ManageSystem,
        },
        route!(overview),
    )
}

/// Records what a browser detected (`type`: `devtools`, `debugger`, `extensions`, `hooks`,
/// `integrity`; `visitorId`; `timestamp` in ms; `details`, a JSON object of at most 2,048
/// characters). It raises the sender's proof-of-work difficulty for an hour and never blocks
/// anything. The client's address is never stored (a visitor hash that rotates daily stands
/// for it). 429 past `ANTI_CRAWLER_REPORTS_PER_MINUTE` (20) reports a minute from one address.
#[utoipa::path(post, path = "/anti-crawler/report", tag = "anti-crawler",
    request_body = ValidateAntiCrawlerReportInput,
    responses((status = 200, body = Success<Nothing>),
        (status = 400, description = "A field is missing or out of bounds (named in `fields`); nothing is stored", body = ErrorBody),
        (status = 429, description = "Too many reports from this address", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn report(
    State(anti_crawler): State<AntiCrawler>,
    RequestLang(lang): RequestLang,
    address: ClientAddr,
    headers: HeaderMap,
    Body(input): Body<ValidateAntiCrawlerReportInput>,
) -> ApiResult<Json<Success<Nothing>>> {
    let reporter = Reporter {
        budget_key: address.budget_key(),
        user_agent: headers
            .get(header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default(),
    };
    let now_ms = crate::clock::now_ms();
    anti_crawler.reports.record(input, reporter, lang, now_ms)?;
    Ok(success(Nothing))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct OverviewQuery {
    /// Reports to list, 1 to 200; 50 when absent.
    #[param(minimum = 1)]
    limit: Option<u64>,
    /// Only reports of this type (`devtools`, `debugger`, `extensions`, `hooks`, `integrity`).
    #[serde(rename = "type")]
    #[param(inline)]
    kind: Option<ReportKind>,
}

/// The anti-crawler's state now and its latest reports.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct AntiCrawlerOverview {
    /// Leading zero bits asked of a client with a clean record.
    base_difficulty: u32,
    /// The most ever asked.
    max_difficulty: u32,
    /// What a client with a clean record is asked now (the site's own level included).
    site_difficulty: u32,
    /// Requests refused for being over budget across the site in the last minute (this
    /// instance).
    refusals_last_minute: u64,
    /// Reports queued but not written: dropped because the queue was full or the write failed.
    reports_dropped: u64,
    /// The latest reports, newest first.
    reports: Vec<ReportView>,
}

/// The difficulty now (base, the site's level, its ceiling), the refusals of the last minute
/// and the latest detection reports (all, or of one `type`), for the security page.
#[utoipa::path(get, path = "/admin/anti-crawler", tag = "admin", params(OverviewQuery),
    responses((status = 200, body = Success<AntiCrawlerOverview>),
        (status = 400, description = "`type` is not a report type", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn overview(
    State(anti_crawler): State<AntiCrawler>,
    Params(query): Params<OverviewQuery>,
) -> ApiResult<Json<Success<AntiCrawlerOverview>>> {
    let now_secs = crate::anti_crawler::guard::now_secs();
    let pressure = anti_crawler.gate.pressure();
    let reports = anti_crawler
        .reports
        .latest(query.kind, query.limit.unwrap_or(50))
        .await?;
    Ok(success(AntiCrawlerOverview {
        base_difficulty: BASE_DIFFICULTY,
        max_difficulty: MAX_DIFFICULTY,
        site_difficulty: pressure.difficulty(std::net::Ipv6Addr::UNSPECIFIED.into(), now_secs),
        refusals_last_minute: pressure.site_refusals(now_secs),
        reports_dropped: anti_crawler.reports.queue.counts().dropped,
        reports,
    }))
}

//! Detection reports (spec §7 `POST /api/anti-crawler/report`): checked by core's
//! `validateAntiCrawlerReport`, held to a budget per client, stored through a record queue by a
//! daily visitor hash (never an address), raising the reporter's difficulty; listed newest
//! first for the console's security page and removed with the behaviour retention.
use std::{net::IpAddr, sync::Arc, time::Duration};

use governor::DefaultKeyedRateLimiter;
use sea_orm::{
    sea_query::{Expr, ExprTrait, Query},
    ActiveValue::{NotSet, Set},
    ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;
use tingshu_core::{
    anti_crawler::report::{
        validate_anti_crawler_report, ReportKind, ReportValidation, ValidateAntiCrawlerReportInput,
    },
    auth::messages,
    spelling::Spelling,
    Lang,
};

use super::pressure::Pressure;
use crate::{
    budgets::keyed_limiter,
    db::{records::RecordQueue, Db},
    entities::anti_crawler_report,
    error::{ApiError, ApiResult},
    tracking::visitor::visitor_at,
};

/// Reports waiting to be written at most; beyond, new ones are dropped and counted.
pub const REPORT_QUEUE_CAPACITY: usize = 2_000;
/// Reports listed at most at once.
pub const LIST_MAX: u64 = 200;

/// The reports' handle; cheap to clone.
#[derive(Clone)]
pub struct Reports {
    pub db: Db,
    pub queue: RecordQueue<anti_crawler_report::ActiveModel>,
    visitor_key: Arc<[u8]>,
    budget: Arc<DefaultKeyedRateLimiter<IpAddr>>,
    pressure: Pressure,
}

/// One stored report, as the console lists it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportView {
    pub id: i64,
    /// `devtools`, `debugger`, `extensions`, `hooks` or `integrity`.
    #[serde(rename = "type")]
    pub kind: String,
    pub visitor_id: String,
    /// The daily visitor hash (the same visitor on the same day hashes alike).
    pub visitor: String,
    /// When the browser saw it (ms), if it said.
    pub reported_at: Option<i64>,
    /// When the server received it (ms).
    pub received_at: i64,
    /// What was seen (a JSON object).
    #[schema(value_type = Object)]
    pub details: serde_json::Value,
}

/// Who sent a report.
pub struct Reporter<'a> {
    pub budget_key: IpAddr,
    pub user_agent: &'a str,
}

impl Reports {
    pub fn new(
        db: Db,
        queue: RecordQueue<anti_crawler_report::ActiveModel>,
        visitor_key: Arc<[u8]>,
        pressure: Pressure,
        per_minute: u32,
    ) -> Self {
        Self {
            db,
            queue,
            visitor_key,
            budget: Arc::new(keyed_limiter(Duration::from_secs(60), per_minute)),
            pressure,
        }
    }

    /// Checks and queues one report; 400 naming the field, or 429 past the client's budget.
    pub fn record(
        &self,
        mut input: ValidateAntiCrawlerReportInput,
        reporter: Reporter<'_>,
        lang: Lang,
        now_ms: i64,
    ) -> ApiResult<()> {
        input.lang = lang;
        let report = match validate_anti_crawler_report(input) {
            ReportValidation::Valid { report } => report,
            ReportValidation::Invalid { errors } => {
                return Err(ApiError::invalid_form(&errors, lang))
            }
        };
        if self.budget.check_key(&reporter.budget_key).is_err() {
            return Err(ApiError::TooManyRequests {
                code: "rate_limited",
                retry_after_secs: 60,
                message: messages::too_many_requests(60, lang),
            });
        }
        self.pressure.reported(reporter.budget_key);
        let visitor = visitor_at(
            &self.visitor_key,
            now_ms,
            reporter.budget_key,
            reporter.user_agent,
        );
        self.queue.push(anti_crawler_report::ActiveModel {
            id: NotSet,
            received_at: Set(now_ms),
            kind: Set(report.kind.as_str().to_owned()),
            visitor_id: Set(report.visitor_id),
            visitor: Set(visitor),
            reported_at: Set(report.timestamp),
            details: Set(report.details),
        });
        Ok(())
    }

    /// The latest `limit` reports (at most [`LIST_MAX`]), of `kind` only when given.
    pub async fn latest(&self, kind: Option<ReportKind>, limit: u64) -> ApiResult<Vec<ReportView>> {
        use anti_crawler_report::Column as C;
        let mut query = anti_crawler_report::Entity::find()
            .order_by_desc(C::ReceivedAt)
            .order_by_desc(C::Id)
            .limit(limit.clamp(1, LIST_MAX));
        if let Some(kind) = kind {
            query = query.filter(C::Kind.eq(kind.as_str()));
        }
        let rows = query.all(self.db.reader()).await?;
        Ok(rows
            .into_iter()
            .map(|row| ReportView {
                id: row.id,
                kind: row.kind,
                visitor_id: row.visitor_id,
                visitor: row.visitor,
                reported_at: row.reported_at,
                received_at: row.received_at,
                details: serde_json::from_str(&row.details).unwrap_or_default(),
            })
            .collect())
    }
}

/// Removes at most `limit` reports received before `cutoff_ms`, in one write transaction;
/// answers how many (the behaviour retention calls it in batches).
pub async fn remove_batch(db: &Db, cutoff_ms: i64, limit: u64) -> ApiResult<u64> {
    use anti_crawler_report::Column as C;
    let oldest = Query::select()
        .column(C::Id)
        .from(anti_crawler_report::Entity)
        .and_where(Expr::col(C::ReceivedAt).lt(cutoff_ms))
        .order_by(C::ReceivedAt, sea_orm::Order::Asc)
        .limit(limit)
        .to_owned();
    let txn = db.begin_write().await?;
    let removed = anti_crawler_report::Entity::delete_many()
        .filter(C::Id.in_subquery(oldest))
        .exec(&txn)
        .await?
        .rows_affected;
    txn.commit().await?;
    Ok(removed)
}

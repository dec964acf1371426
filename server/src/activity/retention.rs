//! The access log's retention: raw rows older than the retention are added into
//! `access_log_daily` (per UTC day, method and route: requests, 4xx, 5xx, total latency,
//! bytes) and removed, in bounded batches, each batch one write transaction (so a row is
//! counted exactly once: added and removed together, or neither), yielding between batches.
use std::{collections::BTreeMap, time::Duration};

use sea_orm::{
    sea_query::{Expr, OnConflict, Query},
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;

use crate::{
    db::{
        batches::{every, in_batches},
        Db,
    },
    entities::{access_log, access_log_daily},
    error::ApiResult,
    settings::Settings,
};

/// Raw access rows are kept this many days unless the site setting says otherwise.
pub use crate::settings::DEFAULT_RETENTION_DAYS;
/// Rows rolled up and removed per transaction at most.
pub const BATCH_ROWS: u64 = 5_000;
/// Rollup rows written per statement at most (8 values each, within every database's limit).
const UPSERT_ROWS: usize = 500;
const DAY_MS: i64 = 24 * 60 * 60 * 1000;
/// How often the retention runs, and how long after start the first run waits.
const EVERY: Duration = Duration::from_secs(60 * 60);
const FIRST_AFTER: Duration = Duration::from_secs(60);

/// What one run of the retention did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RetentionReport {
    /// Rows that arrived before this time (ms) were due.
    pub cutoff_ms: i64,
    /// Raw rows rolled up and removed.
    pub removed: u64,
    /// Transactions it took.
    pub batches: u32,
}

/// Rolls up and removes every access row older than `retention_days` before `now_ms`.
pub async fn apply_retention(
    db: &Db,
    retention_days: u32,
    now_ms: i64,
) -> ApiResult<RetentionReport> {
    let cutoff_ms = now_ms - i64::from(retention_days) * DAY_MS;
    let done = in_batches(BATCH_ROWS, |limit| roll_up_batch(db, cutoff_ms, limit)).await?;
    Ok(RetentionReport {
        cutoff_ms,
        removed: done.rows,
        batches: done.batches,
    })
}

/// Runs [`apply_retention`] with the site setting's retention (read at each run) every hour,
/// the first a minute after start. It holds the database and the settings only: never the
/// access log's queue, which must close at shutdown.
pub fn roll_up_every_hour(db: Db, settings: Settings) {
    every(FIRST_AFTER, EVERY, move || {
        let (db, settings) = (db.clone(), settings.clone());
        async move {
            let now_ms = crate::clock::now_ms();
            let days = settings.current().await.access_log_retention_days;
            match apply_retention(&db, days, now_ms).await {
                Ok(report) if report.removed > 0 => {
                    tracing::info!(?report, "access log rolled up");
                }
                Ok(_) => {}
                Err(error) => tracing::warn!(%error, "cannot roll up the access log"),
            }
        }
    });
}

/// The sums of one day, method and route.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Totals {
    pub requests: i64,
    pub client_errors: i64,
    pub server_errors: i64,
    pub total_latency_ms: i64,
    pub bytes: i64,
}

/// `YYYY-MM-DD` (UTC) of a time in ms.
pub fn utc_day(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .unwrap_or_default()
        .format("%Y-%m-%d")
        .to_string()
}

type Row = (i64, i64, String, String, i32, i32, i64);

/// Rolls up and removes the oldest `limit` due rows; answers how many.
async fn roll_up_batch(db: &Db, cutoff_ms: i64, limit: u64) -> ApiResult<u64> {
    use access_log::Column as C;
    let txn = db.begin_write().await?;
    let rows: Vec<Row> = access_log::Entity::find()
        .select_only()
        .columns([
            C::Id,
            C::CreatedAt,
            C::Method,
            C::Route,
            C::Status,
            C::LatencyMs,
            C::Bytes,
        ])
        .filter(C::CreatedAt.lt(cutoff_ms))
        .order_by_asc(C::CreatedAt)
        .order_by_asc(C::Id)
        .limit(limit)
        .into_tuple()
        .all(&txn)
        .await?;
    if rows.is_empty() {
        txn.rollback().await?;
        return Ok(0);
    }
    let mut groups: BTreeMap<(String, String, String), Totals> = BTreeMap::new();
    let mut ids = Vec::with_capacity(rows.len());
    for (id, created_at, method, route, status, latency_ms, bytes) in rows {
        ids.push(id);
        let totals = groups
            .entry((utc_day(created_at), method, route))
            .or_default();
        totals.requests += 1;
        totals.client_errors += i64::from((400..500).contains(&status));
        totals.server_errors += i64::from(status >= 500);
        totals.total_latency_ms += i64::from(latency_ms);
        totals.bytes += bytes;
    }
    let groups: Vec<_> = groups.into_iter().collect();
    for chunk in groups.chunks(UPSERT_ROWS) {
        add_to_daily(&txn, chunk).await?;
    }
    let removed = ids.len() as u64;
    access_log::Entity::delete_many()
        .filter(C::Id.is_in(ids))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(removed)
}

/// Adds `groups` to their rollup rows (created when missing).
async fn add_to_daily(
    db: &impl ConnectionTrait,
    groups: &[((String, String, String), Totals)],
) -> ApiResult<()> {
    use access_log_daily::Column as D;
    let mut insert = Query::insert();
    insert.into_table(access_log_daily::Entity).columns([
        D::Day,
        D::Method,
        D::Route,
        D::Requests,
        D::ClientErrors,
        D::ServerErrors,
        D::TotalLatencyMs,
        D::Bytes,
    ]);
    for ((day, method, route), t) in groups {
        insert.values_panic([
            day.clone().into(),
            method.clone().into(),
            route.clone().into(),
            t.requests.into(),
            t.client_errors.into(),
            t.server_errors.into(),
            t.total_latency_ms.into(),
            t.bytes.into(),
        ]);
    }
    let mut on_conflict = OnConflict::columns([D::Day, D::Method, D::Route]);
    for (column, name) in [
        (D::Requests, "requests"),
        (D::ClientErrors, "client_errors"),
        (D::ServerErrors, "server_errors"),
        (D::TotalLatencyMs, "total_latency_ms"),
        (D::Bytes, "bytes"),
    ] {
        on_conflict.value(
            column,
            Expr::cust(format!("access_log_daily.{name} + excluded.{name}")),
        );
    }
    insert.on_conflict(on_conflict.to_owned());
    db.execute(&insert).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_utc_dates() {
        assert_eq!(utc_day(0), "1970-01-01");
        // 2026-11-28 23:59:59.999 UTC, then the next millisecond.
        assert_eq!(utc_day(1_795_910_399_999), "2026-11-28");
        assert_eq!(utc_day(1_795_910_400_000), "2026-11-29");
    }
}

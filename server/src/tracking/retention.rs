//! The daily rollup and the retention of behaviour events: each finished UTC day is counted
//! once into `behavior_daily` (distinct visitors, page views, events), `behavior_daily_pages`
//! (page views per page, the top [`TOP_ROWS`]) and `behavior_daily_sources` (sessions per
//! referrer source, `direct` when none); raw events (and anti-crawler reports) older than the
//! retention are then removed in bounded batches, each its own write transaction, yielding
//! between batches. A day is
//! rolled up in one transaction before any of its rows can be removed, and never twice
//! (the next run starts after the last day rolled up), so a rollup always equals a recount.
use std::{collections::BTreeMap, time::Duration};

use sea_orm::{
    sea_query::{Alias, Expr, ExprTrait, Func, Order, Query, SelectStatement},
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;
use tingshu_core::analytics::{day_of_ms, DAY_MS};

use crate::{
    db::{
        batches::{every, in_batches},
        Db,
    },
    entities::{behavior_daily, behavior_daily_page, behavior_daily_source, behavior_event},
    error::ApiResult,
};

/// Raw events removed per transaction at most.
pub const BATCH_ROWS: u64 = 5_000;
/// Pages and sources kept per day at most.
pub const TOP_ROWS: u64 = 100;
/// Longest page address kept in the rollup, in characters.
pub const PAGE_URL_MAX_CHARS: usize = 512;
/// The source of page views with no outside referrer.
pub const DIRECT: &str = "direct";
/// How often the rollup runs, and how long after start the first run waits.
const EVERY: Duration = Duration::from_secs(60 * 60);
const FIRST_AFTER: Duration = Duration::from_secs(90);

/// What one run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RetentionReport {
    /// Days rolled up.
    pub days_rolled_up: u32,
    /// Raw events older than this (ms) were due for removal.
    pub cutoff_ms: i64,
    /// Raw events removed.
    pub removed: u64,
    /// Removal transactions it took.
    pub batches: u32,
    /// Anti-crawler detection reports removed (they follow the same retention).
    pub reports_removed: u64,
}

/// Rolls up every finished day not yet rolled up, then removes the events older than
/// `retention_days` whole days before `now_ms`'s day.
pub async fn apply_retention(
    db: &Db,
    retention_days: u32,
    now_ms: i64,
) -> ApiResult<RetentionReport> {
    let today = day_of_ms(now_ms);
    let mut report = RetentionReport::default();
    while let Some(day) = next_day_to_roll_up(db, today).await? {
        roll_up_day(db, day).await?;
        report.days_rolled_up += 1;
    }
    // Never past the end of the last day rolled up (today's rows are not rolled up yet).
    let rolled_until = last_rolled_day(db)
        .await?
        .map_or(i64::MIN, |d| (d + 1) * DAY_MS);
    report.cutoff_ms = Ord::min((today - i64::from(retention_days)) * DAY_MS, rolled_until);
    let cutoff_ms = report.cutoff_ms;
    let done = in_batches(BATCH_ROWS, |limit| remove_batch(db, cutoff_ms, limit)).await?;
    report.removed = done.rows;
    report.batches = done.batches;
    let reports = in_batches(BATCH_ROWS, |limit| {
        crate::anti_crawler::reports::remove_batch(db, cutoff_ms, limit)
    })
    .await?;
    report.reports_removed = reports.rows;
    report.batches += reports.batches;
    Ok(report)
}

/// Runs [`apply_retention`] every hour, the first shortly after start. It holds the database
/// only: never the event queue, which must close at shutdown.
pub fn roll_up_every_hour(db: Db, retention_days: u32) {
    every(FIRST_AFTER, EVERY, move || {
        let db = db.clone();
        async move {
            let now_ms = crate::clock::now_ms();
            match apply_retention(&db, retention_days, now_ms).await {
                Ok(report)
                    if report.removed > 0
                        || report.days_rolled_up > 0
                        || report.reports_removed > 0 =>
                {
                    tracing::info!(?report, "behaviour events rolled up");
                }
                Ok(_) => {}
                Err(error) => tracing::warn!(%error, "cannot roll up behaviour events"),
            }
        }
    });
}

async fn last_rolled_day(db: &Db) -> ApiResult<Option<i64>> {
    Ok(behavior_daily::Entity::find()
        .select_only()
        .column(behavior_daily::Column::Day)
        .order_by_desc(behavior_daily::Column::Day)
        .into_tuple::<i64>()
        .one(db.reader())
        .await?)
}

/// The first day before `today` with events, after the last day rolled up.
async fn next_day_to_roll_up(db: &Db, today: i64) -> ApiResult<Option<i64>> {
    use behavior_event::Column as E;
    let from_ms = last_rolled_day(db)
        .await?
        .map_or(i64::MIN, |d| (d + 1) * DAY_MS);
    let first: Option<i64> = behavior_event::Entity::find()
        .select_only()
        .column(E::CreatedAt)
        .filter(E::CreatedAt.gte(from_ms))
        .filter(E::CreatedAt.lt(today * DAY_MS))
        .order_by_asc(E::CreatedAt)
        .into_tuple()
        .one(db.reader())
        .await?;
    Ok(first.map(day_of_ms))
}

fn events_of_day(day: i64) -> SelectStatement {
    Query::select()
        .from(behavior_event::Entity)
        .and_where(Expr::col(behavior_event::Column::CreatedAt).gte(day * DAY_MS))
        .and_where(Expr::col(behavior_event::Column::CreatedAt).lt((day + 1) * DAY_MS))
        .to_owned()
}

fn page_views_of_day(day: i64) -> SelectStatement {
    events_of_day(day)
        .and_where(Expr::col(behavior_event::Column::Kind).eq("pageview"))
        .to_owned()
}

async fn count(db: &impl ConnectionTrait, query: SelectStatement) -> ApiResult<i64> {
    let row = db.query_one(&query).await?;
    Ok(row
        .and_then(|r| r.try_get::<i64>("", "n").ok())
        .unwrap_or(0))
}

/// Counts `day` into the rollups, in one write transaction.
async fn roll_up_day(db: &Db, day: i64) -> ApiResult<()> {
    use behavior_event::Column as E;
    let n = || Alias::new("n");
    let txn = db.begin_write().await?;
    let visitors = count(
        &txn,
        events_of_day(day)
            .expr_as(Expr::cust("COUNT(DISTINCT visitor)"), n())
            .to_owned(),
    )
    .await?;
    let events = count(
        &txn,
        events_of_day(day)
            .expr_as(Func::count(Expr::val(1)), n())
            .to_owned(),
    )
    .await?;
    let page_views = count(
        &txn,
        page_views_of_day(day)
            .expr_as(Func::count(Expr::val(1)), n())
            .to_owned(),
    )
    .await?;
    let pages = page_views_of_day(day)
        .column(E::PageUrl)
        .expr_as(Func::count(Expr::val(1)), n())
        .and_where(Expr::col(E::PageUrl).is_not_null())
        .group_by_col(E::PageUrl)
        .order_by_expr(Func::count(Expr::val(1)).into(), Order::Desc)
        .order_by(E::PageUrl, Order::Asc)
        .limit(TOP_ROWS)
        .to_owned();
    let mut page_views_by_url: BTreeMap<String, i64> = BTreeMap::new();
    for row in txn.query_all(&pages).await? {
        let url: String = row.try_get("", "page_url")?;
        let views: i64 = row.try_get("", "n")?;
        let url: String = url.chars().take(PAGE_URL_MAX_CHARS).collect();
        *page_views_by_url.entry(url).or_default() += views;
    }
    let sources = page_views_of_day(day)
        .column(E::ReferrerSource)
        .expr_as(Expr::cust("COUNT(DISTINCT session_id)"), n())
        .group_by_col(E::ReferrerSource)
        .order_by_expr(Expr::cust("COUNT(DISTINCT session_id)"), Order::Desc)
        .order_by(E::ReferrerSource, Order::Asc)
        .limit(TOP_ROWS)
        .to_owned();
    let mut visits_by_source: BTreeMap<String, i64> = BTreeMap::new();
    for row in txn.query_all(&sources).await? {
        let source: Option<String> = row.try_get("", "referrer_source")?;
        let visits: i64 = row.try_get("", "n")?;
        *visits_by_source
            .entry(source.unwrap_or_else(|| DIRECT.to_owned()))
            .or_default() += visits;
    }
    behavior_daily::Entity::insert(behavior_daily::ActiveModel {
        day: sea_orm::Set(day),
        visitors: sea_orm::Set(visitors),
        page_views: sea_orm::Set(page_views),
        events: sea_orm::Set(events),
    })
    .on_conflict_do_nothing_on([behavior_daily::Column::Day])
    .exec(&txn)
    .await?;
    for (page_url, views) in page_views_by_url {
        behavior_daily_page::Entity::insert(behavior_daily_page::ActiveModel {
            day: sea_orm::Set(day),
            page_url: sea_orm::Set(page_url),
            views: sea_orm::Set(views),
        })
        .on_conflict_do_nothing_on([
            behavior_daily_page::Column::Day,
            behavior_daily_page::Column::PageUrl,
        ])
        .exec(&txn)
        .await?;
    }
    for (source, visits) in visits_by_source {
        behavior_daily_source::Entity::insert(behavior_daily_source::ActiveModel {
            day: sea_orm::Set(day),
            source: sea_orm::Set(source),
            visits: sea_orm::Set(visits),
        })
        .on_conflict_do_nothing_on([
            behavior_daily_source::Column::Day,
            behavior_daily_source::Column::Source,
        ])
        .exec(&txn)
        .await?;
    }
    txn.commit().await?;
    Ok(())
}

/// Removes the oldest `limit` events before `cutoff_ms`; answers how many.
async fn remove_batch(db: &Db, cutoff_ms: i64, limit: u64) -> ApiResult<u64> {
    use behavior_event::Column as E;
    let txn = db.begin_write().await?;
    let ids: Vec<i64> = behavior_event::Entity::find()
        .select_only()
        .column(E::Id)
        .filter(E::CreatedAt.lt(cutoff_ms))
        .order_by_asc(E::CreatedAt)
        .order_by_asc(E::Id)
        .limit(limit)
        .into_tuple()
        .all(&txn)
        .await?;
    if ids.is_empty() {
        txn.rollback().await?;
        return Ok(0);
    }
    let removed = ids.len() as u64;
    behavior_event::Entity::delete_many()
        .filter(E::Id.is_in(ids))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(removed)
}

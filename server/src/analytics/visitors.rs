//! `/admin/visitor-analytics`: visitors, page views and events over a period and the one before
//! it, per day, with the top pages and sources — read from the behaviour rollups
//! (`behavior_daily*`, written once a day is over), never from the raw events.
use std::collections::BTreeMap;

use sea_orm::{
    sea_query::{Expr, ExprTrait, IntoColumnRef, IntoTableRef, Order, Query, SelectStatement},
    ConnectionTrait, DbErr,
};
use serde::Serialize;
use tingshu_core::analytics::{date_of_day, ReportRange};

use super::queries::{sum, total};
use crate::{
    entities::{behavior_daily, behavior_daily_page, behavior_daily_source},
    tracking::retention::DIRECT,
};

/// Lines of each top list.
pub const TOP: u64 = 10;

/// The totals of a period.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisitorTotals {
    /// The sum of each day's distinct visitors: a visitor's hash changes every day, so one
    /// person seen on three days counts three times.
    pub visitors: i64,
    pub page_views: i64,
    /// Events of every kind (page views, plays, searches, …).
    pub events: i64,
}

/// One day of the period (0 on a day with no rollup row).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisitorDay {
    /// `YYYY-MM-DD` (UTC).
    pub date: String,
    pub visitors: i64,
    pub page_views: i64,
}

/// A page's views over the period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageLine {
    /// The page's address (at most 512 characters).
    pub page_url: String,
    pub views: i64,
}

/// Visits from one source over the period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SourceLine {
    /// The referring site's host; `null` for direct visits (no outside referrer).
    pub source: Option<String>,
    /// Sessions that arrived from it.
    pub visits: i64,
}

/// `GET /api/admin/visitor-analytics`: a period compared with the one before it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisitorAnalytics {
    pub from: String,
    pub to: String,
    pub previous_from: String,
    pub previous_to: String,
    pub current: VisitorTotals,
    pub previous: VisitorTotals,
    /// Every day of the period, oldest first.
    pub days: Vec<VisitorDay>,
    /// Most viewed first (then by address), at most 10.
    pub top_pages: Vec<PageLine>,
    /// Most visits first (then by source), at most 10.
    pub top_sources: Vec<SourceLine>,
}

/// The visitor analytics of `range`.
pub async fn visitor_analytics(
    db: &impl ConnectionTrait,
    range: ReportRange,
) -> Result<VisitorAnalytics, DbErr> {
    let (current, days) = period(db, range.from_day, range.to_day).await?;
    let (previous, _) = period(db, range.previous_from_day, range.previous_to_day).await?;
    Ok(VisitorAnalytics {
        from: date_of_day(range.from_day),
        to: date_of_day(range.to_day),
        previous_from: date_of_day(range.previous_from_day),
        previous_to: date_of_day(range.previous_to_day),
        current,
        previous,
        days,
        top_pages: top_pages(db, range).await?,
        top_sources: top_sources(db, range).await?,
    })
}

/// Rows of `table` whose `day` is in `from_day..=to_day`.
fn days_of(
    table: impl IntoTableRef,
    day: impl IntoColumnRef + Copy,
    from_day: i64,
    to_day: i64,
) -> SelectStatement {
    Query::select()
        .from(table)
        .and_where(Expr::col(day).gte(from_day))
        .and_where(Expr::col(day).lte(to_day))
        .to_owned()
}

/// Totals and the daily series of the days `from_day..=to_day`.
async fn period(
    db: &impl ConnectionTrait,
    from_day: i64,
    to_day: i64,
) -> Result<(VisitorTotals, Vec<VisitorDay>), DbErr> {
    use behavior_daily::Column as D;
    let select = days_of(behavior_daily::Entity, D::Day, from_day, to_day)
        .columns([D::Day, D::Visitors, D::PageViews, D::Events])
        .to_owned();
    let mut totals = VisitorTotals::default();
    let mut by_day: BTreeMap<i64, (i64, i64)> = BTreeMap::new();
    for row in db.query_all(&select).await? {
        let visitors: i64 = row.try_get("", "visitors")?;
        let page_views: i64 = row.try_get("", "page_views")?;
        totals.visitors += visitors;
        totals.page_views += page_views;
        totals.events += row.try_get::<i64>("", "events")?;
        by_day.insert(row.try_get("", "day")?, (visitors, page_views));
    }
    let days = (from_day..=to_day)
        .map(|day| {
            let (visitors, page_views) = by_day.get(&day).copied().unwrap_or_default();
            VisitorDay {
                date: date_of_day(day),
                visitors,
                page_views,
            }
        })
        .collect();
    Ok((totals, days))
}

/// The [`TOP`] values of `key` in `table` by the sum of `count` over the period's days,
/// biggest first, ties by `key`.
async fn top_of(
    db: &impl ConnectionTrait,
    table: impl IntoTableRef,
    (day, key, count): (
        impl IntoColumnRef + Copy,
        impl IntoColumnRef + Copy,
        &'static str,
    ),
    range: ReportRange,
) -> Result<Vec<(String, i64)>, DbErr> {
    let select = days_of(table, day, range.from_day, range.to_day)
        .expr_as(Expr::col(key), "key")
        .expr_as(total(count), "total")
        .group_by_col(key)
        .order_by_expr(total(count), Order::Desc)
        .order_by(key, Order::Asc)
        .limit(TOP)
        .to_owned();
    db.query_all(&select)
        .await?
        .into_iter()
        .map(|row| Ok((row.try_get("", "key")?, sum(&row, "total")?)))
        .collect()
}

async fn top_pages(db: &impl ConnectionTrait, range: ReportRange) -> Result<Vec<PageLine>, DbErr> {
    use behavior_daily_page::Column as P;
    let lines = top_of(
        db,
        behavior_daily_page::Entity,
        (P::Day, P::PageUrl, "views"),
        range,
    );
    Ok(lines
        .await?
        .into_iter()
        .map(|(page_url, views)| PageLine { page_url, views })
        .collect())
}

async fn top_sources(
    db: &impl ConnectionTrait,
    range: ReportRange,
) -> Result<Vec<SourceLine>, DbErr> {
    use behavior_daily_source::Column as S;
    let lines = top_of(
        db,
        behavior_daily_source::Entity,
        (S::Day, S::Source, "visits"),
        range,
    );
    Ok(lines
        .await?
        .into_iter()
        .map(|(source, visits)| SourceLine {
            source: (source != DIRECT).then_some(source),
            visits,
        })
        .collect())
}

//! `/admin/analytics` and the period report: totals and daily series over a period and the
//! one before it, revenue per currency, top books, chapters and categories, completion per
//! book — all read from the daily rollups, never from the raw rows.
use std::collections::{BTreeMap, HashMap};

use sea_orm::{
    sea_query::{Alias, Expr, ExprTrait, Order, Query, SelectStatement},
    ConnectionTrait, DbErr,
};
use serde::Serialize;
use tingshu_core::{
    analytics::{date_of_day, ReportRange},
    Lang,
};

use super::queries::{sum, total};

/// Lines of each top list.
pub const TOP: u64 = 10;

fn a(name: &str) -> Alias {
    Alias::new(name)
}

fn days_between(select: &mut SelectStatement, from_day: i64, to_day: i64) {
    select
        .and_where(Expr::col(a("day")).gte(from_day))
        .and_where(Expr::col(a("day")).lte(to_day));
}

fn float_total(column: &str) -> sea_orm::sea_query::SimpleExpr {
    Expr::cust(format!("SUM(\"{column}\")"))
}

/// The totals of a period.
#[derive(Debug, Clone, Default, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    /// Distinct listeners who played something in the period.
    pub active_listeners: i64,
    pub plays: i64,
    pub listened_hours: f64,
    pub completions: i64,
    pub new_users: i64,
    pub members_gained: i64,
    pub members_lost: i64,
    pub books_added: i64,
    pub chapters_added: i64,
}

/// One day of the series.
#[derive(Debug, Clone, Default, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayPoint {
    /// `YYYY-MM-DD` (UTC).
    pub date: String,
    pub active_listeners: i64,
    pub plays: i64,
    pub listened_hours: f64,
    pub new_users: i64,
    pub members_gained: i64,
    pub members_lost: i64,
}

/// Orders and revenue of one currency (minor units: fen, cents, yen), this period and the
/// previous one.
#[derive(Debug, Clone, Default, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CurrencyTotals {
    pub currency: String,
    pub orders: i64,
    /// Paid minus refunded.
    pub revenue: i64,
    pub refunds: i64,
    pub previous_orders: i64,
    pub previous_revenue: i64,
    pub previous_refunds: i64,
}

/// A book's listening in the period.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookStat {
    pub book_id: i32,
    pub title: String,
    pub plays: i64,
    pub listened_hours: f64,
    pub completions: i64,
    /// Chapters completed ÷ chapters started (0 to 1).
    pub completion_rate: f64,
}

/// A chapter's listening in the period.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChapterStat {
    pub chapter_id: i32,
    pub book_id: i32,
    pub title: String,
    pub book_title: String,
    pub plays: i64,
    pub listened_hours: f64,
}

/// A category's listening in the period.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryStat {
    pub category_id: i32,
    /// In the request language.
    pub name: String,
    pub plays: i64,
    pub listened_hours: f64,
}

/// `GET /api/admin/analytics`: a period compared with the one before it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnalyticsOverview {
    pub from: String,
    pub to: String,
    pub previous_from: String,
    pub previous_to: String,
    pub current: Totals,
    pub previous: Totals,
    /// Every day of the period, oldest first.
    pub days: Vec<DayPoint>,
    /// Every day of the previous period, oldest first.
    pub previous_days: Vec<DayPoint>,
    pub revenue: Vec<CurrencyTotals>,
    /// Most played first.
    pub top_books: Vec<BookStat>,
    pub top_chapters: Vec<ChapterStat>,
    pub top_categories: Vec<CategoryStat>,
}

/// The overview of `range` (names in `lang`).
pub async fn overview(
    db: &impl ConnectionTrait,
    lang: Lang,
    range: ReportRange,
) -> Result<AnalyticsOverview, DbErr> {
    let (current, days) = period(db, range.from_day, range.to_day).await?;
    let (previous, previous_days) =
        period(db, range.previous_from_day, range.previous_to_day).await?;
    Ok(AnalyticsOverview {
        from: date_of_day(range.from_day),
        to: date_of_day(range.to_day),
        previous_from: date_of_day(range.previous_from_day),
        previous_to: date_of_day(range.previous_to_day),
        current,
        previous,
        days,
        previous_days,
        revenue: revenue(db, range).await?,
        top_books: top_books(db, range).await?,
        top_chapters: top_chapters(db, range).await?,
        top_categories: top_categories(db, lang, range).await?,
    })
}

fn hours(secs: f64) -> f64 {
    (secs / 36.0).round() / 100.0
}

/// Totals and the daily series of the days `from_day..=to_day`.
async fn period(
    db: &impl ConnectionTrait,
    from_day: i64,
    to_day: i64,
) -> Result<(Totals, Vec<DayPoint>), DbErr> {
    let mut select = Query::select();
    select
        .columns([
            a("day"),
            a("active_listeners"),
            a("plays"),
            a("listened_secs"),
            a("completions"),
            a("new_users"),
            a("members_gained"),
            a("members_lost"),
            a("books_added"),
            a("chapters_added"),
        ])
        .from(a("analytics_daily"))
        .order_by(a("day"), Order::Asc);
    days_between(&mut select, from_day, to_day);
    let mut totals = Totals::default();
    let mut secs = 0.0;
    let mut points: BTreeMap<i64, DayPoint> = BTreeMap::new();
    for row in db.query_all(&select).await? {
        let day: i64 = row.try_get("", "day")?;
        let listened: f64 = row.try_get("", "listened_secs")?;
        let point = DayPoint {
            date: date_of_day(day),
            active_listeners: row.try_get("", "active_listeners")?,
            plays: row.try_get("", "plays")?,
            listened_hours: hours(listened),
            new_users: row.try_get("", "new_users")?,
            members_gained: row.try_get("", "members_gained")?,
            members_lost: row.try_get("", "members_lost")?,
        };
        secs += listened;
        totals.plays += point.plays;
        totals.new_users += point.new_users;
        totals.members_gained += point.members_gained;
        totals.members_lost += point.members_lost;
        totals.completions += row.try_get::<i64>("", "completions")?;
        totals.books_added += row.try_get::<i64>("", "books_added")?;
        totals.chapters_added += row.try_get::<i64>("", "chapters_added")?;
        points.insert(day, point);
    }
    totals.listened_hours = hours(secs);
    let mut distinct = Query::select();
    distinct
        .expr_as(Expr::cust("COUNT(DISTINCT \"user_id\")"), a("n"))
        .from(a("analytics_day_listeners"));
    days_between(&mut distinct, from_day, to_day);
    totals.active_listeners = match db.query_one(&distinct).await? {
        Some(row) => row.try_get("", "n")?,
        None => 0,
    };
    let series = (from_day..=to_day)
        .map(|day| {
            points.remove(&day).unwrap_or_else(|| DayPoint {
                date: date_of_day(day),
                ..Default::default()
            })
        })
        .collect();
    Ok((totals, series))
}

/// Orders, revenue and refunds per currency, this period and the previous.
async fn revenue(
    db: &impl ConnectionTrait,
    range: ReportRange,
) -> Result<Vec<CurrencyTotals>, DbErr> {
    let mut out: BTreeMap<String, CurrencyTotals> = BTreeMap::new();
    for (current, from_day, to_day) in [
        (true, range.from_day, range.to_day),
        (false, range.previous_from_day, range.previous_to_day),
    ] {
        let mut select = Query::select();
        select
            .column(a("currency"))
            .expr_as(total("orders"), a("orders"))
            .expr_as(total("revenue"), a("revenue"))
            .expr_as(total("refunds"), a("refunds"))
            .from(a("analytics_daily_revenue"))
            .group_by_col(a("currency"));
        days_between(&mut select, from_day, to_day);
        for row in db.query_all(&select).await? {
            let currency: String = row.try_get("", "currency")?;
            let line = out
                .entry(currency.clone())
                .or_insert_with(|| CurrencyTotals {
                    currency,
                    ..Default::default()
                });
            let (orders, revenue, refunds) = (
                sum(&row, "orders")?,
                sum(&row, "revenue")?,
                sum(&row, "refunds")?,
            );
            if current {
                (line.orders, line.revenue, line.refunds) = (orders, revenue, refunds);
            } else {
                (
                    line.previous_orders,
                    line.previous_revenue,
                    line.previous_refunds,
                ) = (orders, revenue, refunds);
            }
        }
    }
    Ok(out.into_values().collect())
}

/// The per-chapter rollup of `range` summed by `column`, most played first, at most `limit`.
async fn top_by(
    db: &impl ConnectionTrait,
    range: ReportRange,
    column: &str,
    limit: u64,
) -> Result<Vec<(i32, i64, f64, i64)>, DbErr> {
    let mut select = Query::select();
    select
        .column(a(column))
        .expr_as(total("plays"), a("plays"))
        .expr_as(float_total("listened_secs"), a("listened_secs"))
        .expr_as(total("completions"), a("completions"))
        .from(a("analytics_daily_chapters"))
        .group_by_col(a(column))
        .order_by_expr(total("plays"), Order::Desc)
        .order_by(a(column), Order::Asc)
        .limit(limit);
    days_between(&mut select, range.from_day, range.to_day);
    db.query_all(&select)
        .await?
        .into_iter()
        .map(|row| {
            Ok((
                row.try_get("", column)?,
                sum(&row, "plays")?,
                row.try_get::<Option<f64>>("", "listened_secs")?
                    .unwrap_or(0.0),
                sum(&row, "completions")?,
            ))
        })
        .collect()
}

/// The zh titles of these books, by id.
pub async fn book_titles(
    db: &impl ConnectionTrait,
    ids: &[i32],
) -> Result<HashMap<i32, String>, DbErr> {
    titles(db, "books", ids).await
}

async fn titles(
    db: &impl ConnectionTrait,
    table: &str,
    ids: &[i32],
) -> Result<HashMap<i32, String>, DbErr> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let select = Query::select()
        .columns([a("id"), a("title")])
        .from(a(table))
        .and_where(Expr::col(a("id")).is_in(ids.iter().copied()))
        .to_owned();
    db.query_all(&select)
        .await?
        .into_iter()
        .map(|row| Ok((row.try_get("", "id")?, row.try_get("", "title")?)))
        .collect()
}

/// The most played books, with their completion rate.
async fn top_books(db: &impl ConnectionTrait, range: ReportRange) -> Result<Vec<BookStat>, DbErr> {
    let rows = top_by(db, range, "book_id", TOP).await?;
    let ids: Vec<i32> = rows.iter().map(|r| r.0).collect();
    let titles = book_titles(db, &ids).await?;
    Ok(rows
        .into_iter()
        .map(|(book_id, plays, secs, completions)| BookStat {
            book_id,
            title: titles.get(&book_id).cloned().unwrap_or_default(),
            plays,
            listened_hours: hours(secs),
            completions,
            completion_rate: if plays > 0 {
                (completions as f64 / plays as f64).min(1.0)
            } else {
                0.0
            },
        })
        .collect())
}

async fn top_chapters(
    db: &impl ConnectionTrait,
    range: ReportRange,
) -> Result<Vec<ChapterStat>, DbErr> {
    let rows = top_by(db, range, "chapter_id", TOP).await?;
    let ids: Vec<i32> = rows.iter().map(|r| r.0).collect();
    let select = Query::select()
        .columns([a("id"), a("book_id"), a("title")])
        .from(a("chapters"))
        .and_where(Expr::col(a("id")).is_in(ids.iter().copied()))
        .to_owned();
    let mut chapters: HashMap<i32, (i32, String)> = HashMap::new();
    if !ids.is_empty() {
        for row in db.query_all(&select).await? {
            chapters.insert(
                row.try_get("", "id")?,
                (row.try_get("", "book_id")?, row.try_get("", "title")?),
            );
        }
    }
    let book_ids: Vec<i32> = chapters.values().map(|c| c.0).collect();
    let books = book_titles(db, &book_ids).await?;
    Ok(rows
        .into_iter()
        .map(|(chapter_id, plays, secs, _)| {
            let (book_id, title) = chapters.get(&chapter_id).cloned().unwrap_or_default();
            ChapterStat {
                chapter_id,
                book_id,
                title,
                book_title: books.get(&book_id).cloned().unwrap_or_default(),
                plays,
                listened_hours: hours(secs),
            }
        })
        .collect())
}

async fn top_categories(
    db: &impl ConnectionTrait,
    lang: Lang,
    range: ReportRange,
) -> Result<Vec<CategoryStat>, DbErr> {
    let rows = top_by(db, range, "category_id", TOP).await?;
    let ids: Vec<i32> = rows.iter().map(|r| r.0).collect();
    let mut names: HashMap<i32, String> = HashMap::new();
    if !ids.is_empty() {
        let select = Query::select()
            .columns([a("id"), a("name_zh"), a("name_en"), a("name_ja")])
            .from(a("categories"))
            .and_where(Expr::col(a("id")).is_in(ids.iter().copied()))
            .to_owned();
        for row in db.query_all(&select).await? {
            let zh: String = row.try_get("", "name_zh")?;
            let local: String = row.try_get(
                "",
                match lang {
                    Lang::Zh => "name_zh",
                    Lang::En => "name_en",
                    Lang::Ja => "name_ja",
                },
            )?;
            let name = if local.trim().is_empty() { zh } else { local };
            names.insert(row.try_get("", "id")?, name);
        }
    }
    Ok(rows
        .into_iter()
        .map(|(category_id, plays, secs, _)| CategoryStat {
            category_id,
            name: names.get(&category_id).cloned().unwrap_or_default(),
            plays,
            listened_hours: hours(secs),
        })
        .collect())
}

//! A listener's own figures (`GET /api/behavior/stats`), from the listening tables: hours
//! listened, books started, the streak of days with listening, the categories listened most.
use std::collections::{BTreeSet, HashMap};

use sea_orm::{
    sea_query::{Alias, Expr, ExprTrait, Order, Query},
    ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect,
};
use serde::Serialize;
use tingshu_core::{
    analytics::{day_of_ms, DAY_MS},
    Lang,
};

use crate::{
    books,
    entities::{book, category, play_history, play_progress},
    error::ApiResult,
};

/// How many favourite categories are given.
pub const FAVORITE_CATEGORIES: usize = 3;
/// How far back a streak is looked for, in days.
const STREAK_HORIZON_DAYS: i64 = 366;

/// A category the listener listened to, and how long.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FavoriteCategory {
    pub id: i32,
    pub slug: String,
    /// In the request's language.
    pub name: String,
    pub listening_seconds: i64,
}

/// The caller's own listening figures.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListeningStats {
    /// Seconds listened: each chapter's furthest position (its length once completed).
    pub listening_seconds: i64,
    /// The same in hours, to two decimals.
    pub listening_hours: f64,
    /// Books started.
    pub books: i64,
    /// Chapters completed.
    pub chapters_completed: i64,
    /// Consecutive UTC days with listening, up to today (or up to yesterday when nothing yet
    /// today); 0 when neither.
    pub streak_days: i64,
    /// The categories listened to longest, at most three, longest first.
    pub favorite_categories: Vec<FavoriteCategory>,
}

/// The figures of `user_id` at `now_ms`, category names in `lang`.
pub async fn listening_stats(
    db: &impl ConnectionTrait,
    user_id: i32,
    lang: Lang,
    now_ms: i64,
) -> ApiResult<ListeningStats> {
    use play_progress::Column as P;
    let progress: Vec<(i32, f64, f64, bool, i64)> = play_progress::Entity::find()
        .select_only()
        .columns([
            P::BookId,
            P::PositionSecs,
            P::DurationSecs,
            P::Completed,
            P::UpdatedAt,
        ])
        .filter(P::UserId.eq(user_id))
        .into_tuple()
        .all(db)
        .await?;
    let mut by_book: HashMap<i32, f64> = HashMap::new();
    let mut days: BTreeSet<i64> = BTreeSet::new();
    let mut total = 0.0;
    let mut completed = 0;
    let since = now_ms - STREAK_HORIZON_DAYS * DAY_MS;
    for (book_id, position, duration, done, updated_at) in progress {
        let listened = if done {
            duration.max(position)
        } else {
            position
        }
        .max(0.0);
        total += listened;
        completed += i64::from(done);
        *by_book.entry(book_id).or_default() += listened;
        if updated_at >= since {
            days.insert(day_of_ms(updated_at));
        }
    }
    days.extend(listening_days(db, user_id, day_of_ms(since)).await?);
    let books = play_history::Entity::find()
        .filter(play_history::Column::UserId.eq(user_id))
        .count(db)
        .await? as i64;
    let seconds = total.round() as i64;
    Ok(ListeningStats {
        listening_seconds: seconds,
        listening_hours: hours(seconds),
        books,
        chapters_completed: completed,
        streak_days: streak(&days, day_of_ms(now_ms)),
        favorite_categories: favorite_categories(db, &by_book, lang).await?,
    })
}

/// `seconds` in hours, to two decimals; from the whole seconds (a float cast saturates), so a
/// sum past any real figure still gives a number, never JSON's `null`.
fn hours(seconds: i64) -> f64 {
    (seconds as f64 / 36.0).round() / 100.0
}

/// The days analytics counted the listener as active (`analytics_day_listeners`), from `since`.
async fn listening_days(
    db: &impl ConnectionTrait,
    user_id: i32,
    since: i64,
) -> ApiResult<Vec<i64>> {
    let query = Query::select()
        .column(Alias::new("day"))
        .from(Alias::new("analytics_day_listeners"))
        .and_where(Expr::col(Alias::new("user_id")).eq(user_id))
        .and_where(Expr::col(Alias::new("day")).gte(since))
        .order_by(Alias::new("day"), Order::Desc)
        .to_owned();
    let rows = db.query_all(&query).await?;
    Ok(rows
        .iter()
        .filter_map(|row| row.try_get::<i64>("", "day").ok())
        .collect())
}

/// Consecutive days in `days` ending at `today`, or at the day before when `today` is absent.
pub fn streak(days: &BTreeSet<i64>, today: i64) -> i64 {
    let mut day = if days.contains(&today) {
        today
    } else {
        today - 1
    };
    let mut count = 0;
    while days.contains(&day) {
        count += 1;
        day -= 1;
    }
    count
}

async fn favorite_categories(
    db: &impl ConnectionTrait,
    by_book: &HashMap<i32, f64>,
    lang: Lang,
) -> ApiResult<Vec<FavoriteCategory>> {
    if by_book.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i32> = by_book.keys().copied().collect();
    let mut by_category: HashMap<i32, f64> = HashMap::new();
    for chunk in ids.chunks(500) {
        let rows: Vec<(i32, i32)> = book::Entity::find()
            .select_only()
            .columns([book::Column::Id, book::Column::CategoryId])
            .filter(book::Column::Id.is_in(chunk.iter().copied()))
            .into_tuple()
            .all(db)
            .await?;
        for (book_id, category_id) in rows {
            *by_category.entry(category_id).or_default() += by_book[&book_id];
        }
    }
    let mut ranked: Vec<(i32, f64)> = by_category.into_iter().filter(|(_, s)| *s > 0.0).collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    ranked.truncate(FAVORITE_CATEGORIES);
    let categories: HashMap<i32, category::Model> = category::Entity::find()
        .filter(category::Column::Id.is_in(ranked.iter().map(|(id, _)| *id)))
        .all(db)
        .await?
        .into_iter()
        .map(|c| (c.id, c))
        .collect();
    Ok(ranked
        .into_iter()
        .filter_map(|(id, seconds)| {
            let c = categories.get(&id)?;
            Some(FavoriteCategory {
                id,
                slug: c.slug.clone(),
                name: books::localized(lang, &c.name_zh, Some(&c.name_en), Some(&c.name_ja)),
                listening_seconds: seconds.round() as i64,
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_streak_counts_back_from_today_or_yesterday() {
        let days = |d: &[i64]| d.iter().copied().collect::<BTreeSet<i64>>();
        assert_eq!(streak(&days(&[8, 9, 10]), 10), 3);
        assert_eq!(streak(&days(&[8, 9]), 10), 2);
        assert_eq!(streak(&days(&[5, 7, 8]), 10), 0);
        assert_eq!(streak(&days(&[1, 3, 4, 5]), 5), 3);
        assert_eq!(streak(&days(&[]), 5), 0);
    }

    #[test]
    fn hours_are_a_number_even_for_a_sum_past_any_real_figure() {
        assert_eq!(hours(5_400), 1.5);
        assert_eq!(hours(0), 0.0);
        // Rows saved before progress was bounded: their sum is infinite, its cast saturates.
        let saturated = (f64::MAX * 2.0).round() as i64;
        assert_eq!(saturated, i64::MAX);
        assert!(hours(saturated).is_finite());
    }
}

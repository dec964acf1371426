//! Folds raw rows into the daily rollups, each source past its own watermark, in batches.
//!
//! What a day (UTC) counts, and where it comes from:
//! - a play: a (listener, chapter) progress row seen for the first time, on the day of its
//!   `updated_at`; listened seconds: the first position, then each forward move of it;
//!   a completion: the row turning `completed`; an active listener: any listener whose
//!   progress moved that day (the (day, listener) set keeps the count exact). Progress rows
//!   are updated in place, so the last folded state of each is kept (`analytics_progress_seen`)
//!   and a row read again counts nothing; rows are re-read [`PROGRESS_LAG_MS`] behind the
//!   watermark so a report stamped a little in the past (the client's clock) is not missed.
//! - new users (`users.id`), books and chapters added (`id`), by their `created_at`;
//! - orders: each `order_events` change into `paid` (one order, its amount added to its
//!   currency) or `refunded` (its amount subtracted, and counted as refunds); a plan order
//!   paid by someone who was not a member then (core `is_premium` on the order's previous
//!   membership) is a member gained, its refund a member lost;
//! - a membership lapsing (`users.subscription_expires_at` passing, as premium): a member lost;
//! - searches (`search_queries.id`): see [`super::queries`].
//!
//! Each batch is one write transaction that first moves its source's watermark from the value
//! it read (`UPDATE … WHERE mark = old`), so two instances never fold the same rows twice.
use std::collections::{BTreeMap, BTreeSet, HashMap};

use sea_orm::{
    sea_query::{Alias, Expr, ExprTrait, OnConflict, Order, Query, SimpleExpr},
    ConnectionTrait, DbErr, QueryResult, Value,
};
use tingshu_core::{
    analytics::day_of_ms,
    payments::order::{OrderKind, OrderState},
    premium::PremiumUser,
    spelling::Spelling,
};

use super::queries;
use crate::{db::Db, error::ApiResult, search::SearchIndex};

/// Rows of one source folded per transaction.
pub const BATCH: u64 = 1000;
/// How far behind its watermark progress is re-read (a client's clock may lag the server's).
pub const PROGRESS_LAG_MS: i64 = 10 * 60 * 1000;

/// What one batch adds to the rollups.
#[derive(Default)]
pub(super) struct Fold {
    pub days: BTreeMap<i64, DayTotals>,
    pub revenue: BTreeMap<(i64, String), Money>,
    pub chapters: BTreeMap<(i64, i32), ChapterDay>,
    pub queries: BTreeMap<(i64, String), QueryDay>,
    pub listeners: BTreeSet<(i64, i32)>,
}

#[derive(Default)]
pub(super) struct DayTotals {
    pub plays: i64,
    pub listened_secs: f64,
    pub completions: i64,
    pub new_users: i64,
    pub members_gained: i64,
    pub members_lost: i64,
    pub books_added: i64,
    pub chapters_added: i64,
}

#[derive(Default)]
pub(super) struct Money {
    pub orders: i64,
    pub revenue: i64,
    pub refunds: i64,
}

#[derive(Default)]
pub(super) struct ChapterDay {
    pub book_id: i32,
    pub category_id: i32,
    pub plays: i64,
    pub listened_secs: f64,
    pub completions: i64,
}

#[derive(Default)]
pub(super) struct QueryDay {
    pub top_book_id: Option<i32>,
    pub searches: i64,
    pub no_results: i64,
}

/// The sources and the names of their watermarks.
const USERS: &str = "users";
const BOOKS: &str = "books";
const CHAPTERS: &str = "chapters";
const ORDER_EVENTS: &str = "order_events";
const LAPSES: &str = "membership_lapses";
const PROGRESS: &str = "play_progress";
pub(super) const SEARCHES: &str = "search_queries";

fn a(name: &str) -> Alias {
    Alias::new(name)
}

/// Folds every source up to `now_ms`, batch after batch, until nothing is left; answers how
/// many raw rows were folded.
#[tracing::instrument(skip(db, search))]
pub async fn roll_up(db: &Db, search: &SearchIndex, now_ms: i64) -> ApiResult<u64> {
    let mut folded = 0;
    for source in [
        USERS,
        BOOKS,
        CHAPTERS,
        ORDER_EVENTS,
        LAPSES,
        PROGRESS,
        SEARCHES,
    ] {
        loop {
            let rows = match source {
                PROGRESS => fold_progress(db, now_ms).await?,
                LAPSES => fold_lapses(db, now_ms).await?,
                ORDER_EVENTS => fold_orders(db).await?,
                SEARCHES => queries::fold_searches(db, search).await?,
                _ => fold_created(db, source).await?,
            };
            folded += rows;
            if rows < BATCH {
                break;
            }
        }
    }
    Ok(folded)
}

/// The watermark of `source` (0 before its first fold).
pub(super) async fn mark(db: &impl ConnectionTrait, source: &str) -> Result<i64, DbErr> {
    let select = Query::select()
        .column(a("mark"))
        .from(a("analytics_watermarks"))
        .and_where(Expr::col(a("source")).eq(source))
        .to_owned();
    Ok(match db.query_one(&select).await? {
        Some(row) => row.try_get("", "mark")?,
        None => 0,
    })
}

/// Moves the watermark of `source` from `old` to `new`; false when another fold moved it
/// first (then this batch must not be applied).
pub(super) async fn claim(
    db: &impl ConnectionTrait,
    source: &str,
    old: i64,
    new: i64,
) -> Result<bool, DbErr> {
    let insert = Query::insert()
        .into_table(a("analytics_watermarks"))
        .columns([a("source"), a("mark")])
        .values_panic([source.into(), 0i64.into()])
        .on_conflict(OnConflict::column(a("source")).do_nothing().to_owned())
        .to_owned();
    db.execute(&insert).await?;
    let update = Query::update()
        .table(a("analytics_watermarks"))
        .value(a("mark"), new)
        .and_where(Expr::col(a("source")).eq(source))
        .and_where(Expr::col(a("mark")).eq(old))
        .to_owned();
    Ok(db.execute(&update).await?.rows_affected() == 1)
}

/// Adds `adds` to the row of `table` with `keys`, creating it (with `keys`, `adds` and
/// `extra`) when missing.
async fn add_to(
    db: &impl ConnectionTrait,
    table: &str,
    keys: &[(&str, Value)],
    adds: &[(&str, Value)],
    extra: &[(&str, Value)],
) -> Result<(), DbErr> {
    let mut update = Query::update();
    update.table(a(table));
    for (column, value) in adds {
        update.value(a(column), Expr::col(a(column)).add(value.clone()));
    }
    for (column, value) in keys {
        update.and_where(Expr::col(a(column)).eq(value.clone()));
    }
    if db.execute(&update).await?.rows_affected() > 0 {
        return Ok(());
    }
    let all: Vec<&(&str, Value)> = keys.iter().chain(adds).chain(extra).collect();
    let insert = Query::insert()
        .into_table(a(table))
        .columns(all.iter().map(|(column, _)| a(column)))
        .values_panic(all.iter().map(|(_, value)| SimpleExpr::from(value.clone())))
        .to_owned();
    db.execute(&insert).await?;
    Ok(())
}

/// Writes what a batch adds.
pub(super) async fn apply(db: &impl ConnectionTrait, mut fold: Fold) -> Result<(), DbErr> {
    for (day, user_id) in &fold.listeners {
        let insert = Query::insert()
            .into_table(a("analytics_day_listeners"))
            .columns([a("day"), a("user_id")])
            .values_panic([(*day).into(), (*user_id).into()])
            .on_conflict(
                OnConflict::columns([a("day"), a("user_id")])
                    .do_nothing()
                    .to_owned(),
            )
            .to_owned();
        if db.execute(&insert).await?.rows_affected() > 0 {
            fold.days.entry(*day).or_default();
            add_to(
                db,
                "analytics_daily",
                &[("day", (*day).into())],
                &[("active_listeners", 1i64.into())],
                &[],
            )
            .await?;
        }
    }
    for (day, t) in &fold.days {
        add_to(
            db,
            "analytics_daily",
            &[("day", (*day).into())],
            &[
                ("plays", t.plays.into()),
                ("listened_secs", t.listened_secs.into()),
                ("completions", t.completions.into()),
                ("new_users", t.new_users.into()),
                ("members_gained", t.members_gained.into()),
                ("members_lost", t.members_lost.into()),
                ("books_added", t.books_added.into()),
                ("chapters_added", t.chapters_added.into()),
            ],
            &[],
        )
        .await?;
    }
    for ((day, currency), m) in &fold.revenue {
        add_to(
            db,
            "analytics_daily_revenue",
            &[
                ("day", (*day).into()),
                ("currency", currency.as_str().into()),
            ],
            &[
                ("orders", m.orders.into()),
                ("revenue", m.revenue.into()),
                ("refunds", m.refunds.into()),
            ],
            &[],
        )
        .await?;
    }
    for ((day, chapter_id), c) in &fold.chapters {
        add_to(
            db,
            "analytics_daily_chapters",
            &[("day", (*day).into()), ("chapter_id", (*chapter_id).into())],
            &[
                ("plays", c.plays.into()),
                ("listened_secs", c.listened_secs.into()),
                ("completions", c.completions.into()),
            ],
            &[
                ("book_id", c.book_id.into()),
                ("category_id", c.category_id.into()),
            ],
        )
        .await?;
    }
    for ((day, normalized), q) in &fold.queries {
        add_to(
            db,
            "analytics_daily_queries",
            &[
                ("day", (*day).into()),
                ("normalized", normalized.as_str().into()),
            ],
            &[
                ("searches", q.searches.into()),
                ("no_results", q.no_results.into()),
            ],
            &[("top_book_id", q.top_book_id.into())],
        )
        .await?;
    }
    Ok(())
}

/// Rows of `table` with `id` past the watermark, oldest first, at most [`BATCH`].
pub(super) async fn rows_after(
    db: &impl ConnectionTrait,
    table: &str,
    columns: &[&str],
    after_id: i64,
) -> Result<Vec<QueryResult>, DbErr> {
    let select = Query::select()
        .columns(columns.iter().map(|c| a(c)))
        .from(a(table))
        .and_where(Expr::col(a("id")).gt(after_id))
        .order_by(a("id"), Order::Asc)
        .limit(BATCH)
        .to_owned();
    db.query_all(&select).await
}

/// Commits `fold` with the watermark moved to `new`, unless another fold got there first.
pub(super) async fn commit(db: &Db, source: &str, old: i64, new: i64, fold: Fold) -> ApiResult<()> {
    let txn = db.begin_write().await?;
    if !claim(&txn, source, old, new).await? {
        return txn.rollback().await;
    }
    apply(&txn, fold).await?;
    txn.commit().await
}

/// New users, books or chapters, by the day they were created.
async fn fold_created(db: &Db, source: &'static str) -> ApiResult<u64> {
    let old = mark(db.reader(), source).await?;
    let rows = rows_after(db.reader(), source, &["id", "created_at"], old).await?;
    let mut fold = Fold::default();
    let mut new = old;
    for row in &rows {
        let id: i32 = row.try_get("", "id")?;
        let created_at: i64 = row.try_get("", "created_at")?;
        new = Ord::max(new, i64::from(id));
        let day = fold.days.entry(day_of_ms(created_at)).or_default();
        match source {
            USERS => day.new_users += 1,
            BOOKS => day.books_added += 1,
            _ => day.chapters_added += 1,
        }
    }
    if !rows.is_empty() {
        commit(db, source, old, new, fold).await?;
    }
    Ok(rows.len() as u64)
}

/// Whether the buyer was a member just before the order granted its plan.
fn was_member(prev_type: Option<String>, prev_expires_at: Option<i64>, at: i64) -> bool {
    PremiumUser {
        subscription_type: prev_type,
        subscription_expires_at: prev_expires_at.map(|ms| ms as f64),
    }
    .is_premium(at as f64)
}

/// Orders paid and refunded, and the members they made or unmade.
async fn fold_orders(db: &Db) -> ApiResult<u64> {
    let old = mark(db.reader(), ORDER_EVENTS).await?;
    let select = Query::select()
        .column((a("order_events"), a("id")))
        .columns([a("from_state"), a("to_state"), a("at")])
        .columns([
            a("kind"),
            a("currency"),
            a("amount"),
            a("prev_subscription_type"),
            a("prev_expires_at"),
            a("paid_at"),
        ])
        .from(a("order_events"))
        .inner_join(
            a("orders"),
            Expr::col((a("orders"), a("id"))).equals((a("order_events"), a("order_id"))),
        )
        .and_where(Expr::col((a("order_events"), a("id"))).gt(old))
        .order_by((a("order_events"), a("id")), Order::Asc)
        .limit(BATCH)
        .to_owned();
    let rows = db.reader().query_all(&select).await?;
    let mut fold = Fold::default();
    let mut new = old;
    for row in &rows {
        let id: i32 = row.try_get("", "id")?;
        new = Ord::max(new, i64::from(id));
        let from: Option<String> = row.try_get("", "from_state")?;
        let to: String = row.try_get("", "to_state")?;
        if from.as_deref() == Some(to.as_str()) {
            continue;
        }
        let to = OrderState::parse(&to);
        if !matches!(to, Some(OrderState::Paid | OrderState::Refunded)) {
            continue;
        }
        let at: i64 = row.try_get("", "at")?;
        let amount: i64 = row.try_get("", "amount")?;
        let currency: String = row.try_get("", "currency")?;
        let plan = OrderKind::parse(&row.try_get::<String>("", "kind")?) == Some(OrderKind::Plan);
        let paid_at: Option<i64> = row.try_get("", "paid_at")?;
        let joined = plan
            && !was_member(
                row.try_get("", "prev_subscription_type")?,
                row.try_get("", "prev_expires_at")?,
                paid_at.unwrap_or(at),
            );
        let day = day_of_ms(at);
        let money = fold.revenue.entry((day, currency)).or_default();
        let totals = fold.days.entry(day).or_default();
        if to == Some(OrderState::Paid) {
            money.orders += 1;
            money.revenue += amount;
            totals.members_gained += i64::from(joined);
        } else {
            money.refunds += amount;
            money.revenue -= amount;
            totals.members_lost += i64::from(joined);
        }
    }
    if !rows.is_empty() {
        commit(db, ORDER_EVENTS, old, new, fold).await?;
    }
    Ok(rows.len() as u64)
}

/// Memberships whose end passed since the last fold (and before `now_ms`).
async fn fold_lapses(db: &Db, now_ms: i64) -> ApiResult<u64> {
    let old = mark(db.reader(), LAPSES).await?;
    let select = Query::select()
        .column(a("subscription_expires_at"))
        .from(a("users"))
        .and_where(Expr::col(a("subscription_type")).eq("premium"))
        .and_where(Expr::col(a("subscription_expires_at")).gt(old))
        .and_where(Expr::col(a("subscription_expires_at")).lte(now_ms))
        .order_by(a("subscription_expires_at"), Order::Asc)
        .to_owned();
    let rows = db.reader().query_all(&select).await?;
    let mut fold = Fold::default();
    for row in &rows {
        let expired_at: i64 = row.try_get("", "subscription_expires_at")?;
        fold.days
            .entry(day_of_ms(expired_at))
            .or_default()
            .members_lost += 1;
    }
    let new = Ord::max(now_ms, old);
    if new != old {
        commit(db, LAPSES, old, new, fold).await?;
    }
    // Every lapse up to now is folded in one go (the answer ends the loop).
    Ok(0)
}

/// The last folded state of a progress row.
struct Seen {
    position_secs: f64,
    completed: bool,
    updated_at: i64,
}

/// Listening: plays, seconds, completions and active listeners, from progress rows that
/// changed since the watermark (re-read [`PROGRESS_LAG_MS`] behind it).
async fn fold_progress(db: &Db, now_ms: i64) -> ApiResult<u64> {
    let old = mark(db.reader(), PROGRESS).await?;
    let txn = db.begin_write().await?;
    // The batch is read after the keyset (updated_at, user_id, chapter_id) of the last one.
    let mut after: Option<(i64, i32, i32)> = None;
    let mut read = 0u64;
    let mut new = old;
    let mut fold = Fold::default();
    let mut seen_rows: Vec<(i32, i32, f64, bool, i64)> = Vec::new();
    let mut categories: HashMap<i32, i32> = HashMap::new();
    loop {
        let mut select = Query::select()
            .columns([
                a("user_id"),
                a("chapter_id"),
                a("book_id"),
                a("position_secs"),
                a("completed"),
                a("updated_at"),
            ])
            .from(a("play_progress"))
            .and_where(Expr::col(a("updated_at")).gt(old.saturating_sub(PROGRESS_LAG_MS)))
            .and_where(Expr::col(a("updated_at")).lte(now_ms))
            .order_by(a("updated_at"), Order::Asc)
            .order_by(a("user_id"), Order::Asc)
            .order_by(a("chapter_id"), Order::Asc)
            .limit(BATCH)
            .to_owned();
        if let Some((at, user, chapter)) = after {
            select.and_where(
                Expr::col(a("updated_at"))
                    .gt(at)
                    .or(Expr::col(a("updated_at")).eq(at).and(
                        Expr::col(a("user_id")).gt(user).or(Expr::col(a("user_id"))
                            .eq(user)
                            .and(Expr::col(a("chapter_id")).gt(chapter))),
                    )),
            );
        }
        let rows = txn.query_all(&select).await?;
        let count = rows.len() as u64;
        read += count;
        let users: BTreeSet<i32> = rows
            .iter()
            .map(|r| r.try_get("", "user_id"))
            .collect::<Result<_, _>>()?;
        let seen = seen_of(&txn, &users, &rows).await?;
        let book_ids: BTreeSet<i32> = rows
            .iter()
            .map(|r| r.try_get("", "book_id"))
            .collect::<Result<_, _>>()?;
        categories.extend(categories_of(&txn, &book_ids, &categories).await?);
        for row in &rows {
            let user_id: i32 = row.try_get("", "user_id")?;
            let chapter_id: i32 = row.try_get("", "chapter_id")?;
            let book_id: i32 = row.try_get("", "book_id")?;
            let position: f64 = row.try_get("", "position_secs")?;
            let completed: bool = row.try_get("", "completed")?;
            let updated_at: i64 = row.try_get("", "updated_at")?;
            after = Some((updated_at, user_id, chapter_id));
            new = Ord::max(new, updated_at);
            let before = seen.get(&(user_id, chapter_id));
            if before.is_some_and(|s| s.updated_at == updated_at) {
                continue;
            }
            let (played, moved, finished) = match before {
                None => (1, position.max(0.0), completed),
                Some(s) => (
                    0,
                    (position - s.position_secs).max(0.0),
                    completed && !s.completed,
                ),
            };
            let day = day_of_ms(updated_at);
            fold.listeners.insert((day, user_id));
            let totals = fold.days.entry(day).or_default();
            totals.plays += played;
            totals.listened_secs += moved;
            totals.completions += i64::from(finished);
            let chapter = fold.chapters.entry((day, chapter_id)).or_default();
            chapter.book_id = book_id;
            chapter.category_id = categories.get(&book_id).copied().unwrap_or(0);
            chapter.plays += played;
            chapter.listened_secs += moved;
            chapter.completions += i64::from(finished);
            seen_rows.push((user_id, chapter_id, position, completed, updated_at));
        }
        // The seen states go in before the next batch reads them.
        for (user_id, chapter_id, position, completed, updated_at) in seen_rows.drain(..) {
            remember(&txn, user_id, chapter_id, position, completed, updated_at).await?;
        }
        if count < BATCH || read >= 10 * BATCH {
            break;
        }
    }
    if !claim(&txn, PROGRESS, old, new).await? {
        txn.rollback().await?;
        return Ok(0);
    }
    apply(&txn, fold).await?;
    txn.commit().await?;
    // More than ten batches waiting: the caller comes back for the rest.
    Ok(if read >= 10 * BATCH { BATCH } else { 0 })
}

/// The last folded states of these rows' (user, chapter) pairs.
async fn seen_of(
    db: &impl ConnectionTrait,
    users: &BTreeSet<i32>,
    rows: &[QueryResult],
) -> Result<HashMap<(i32, i32), Seen>, DbErr> {
    if rows.is_empty() {
        return Ok(HashMap::new());
    }
    let chapters: BTreeSet<i32> = rows
        .iter()
        .map(|r| r.try_get("", "chapter_id"))
        .collect::<Result<_, _>>()?;
    let select = Query::select()
        .columns([
            a("user_id"),
            a("chapter_id"),
            a("position_secs"),
            a("completed"),
            a("updated_at"),
        ])
        .from(a("analytics_progress_seen"))
        .and_where(Expr::col(a("user_id")).is_in(users.iter().copied()))
        .and_where(Expr::col(a("chapter_id")).is_in(chapters.iter().copied()))
        .to_owned();
    db.query_all(&select)
        .await?
        .into_iter()
        .map(|row| {
            Ok((
                (row.try_get("", "user_id")?, row.try_get("", "chapter_id")?),
                Seen {
                    position_secs: row.try_get("", "position_secs")?,
                    completed: row.try_get("", "completed")?,
                    updated_at: row.try_get("", "updated_at")?,
                },
            ))
        })
        .collect()
}

/// The category of each book not already known.
async fn categories_of(
    db: &impl ConnectionTrait,
    books: &BTreeSet<i32>,
    known: &HashMap<i32, i32>,
) -> Result<HashMap<i32, i32>, DbErr> {
    let wanted: Vec<i32> = books
        .iter()
        .copied()
        .filter(|id| !known.contains_key(id))
        .collect();
    if wanted.is_empty() {
        return Ok(HashMap::new());
    }
    let select = Query::select()
        .columns([a("id"), a("category_id")])
        .from(a("books"))
        .and_where(Expr::col(a("id")).is_in(wanted))
        .to_owned();
    db.query_all(&select)
        .await?
        .into_iter()
        .map(|row| Ok((row.try_get("", "id")?, row.try_get("", "category_id")?)))
        .collect()
}

/// Stores the folded state of a progress row.
async fn remember(
    db: &impl ConnectionTrait,
    user_id: i32,
    chapter_id: i32,
    position: f64,
    completed: bool,
    updated_at: i64,
) -> Result<(), DbErr> {
    let insert = Query::insert()
        .into_table(a("analytics_progress_seen"))
        .columns([
            a("user_id"),
            a("chapter_id"),
            a("position_secs"),
            a("completed"),
            a("updated_at"),
        ])
        .values_panic([
            user_id.into(),
            chapter_id.into(),
            position.into(),
            completed.into(),
            updated_at.into(),
        ])
        .on_conflict(
            OnConflict::columns([a("user_id"), a("chapter_id")])
                .update_columns([a("position_secs"), a("completed"), a("updated_at")])
                .to_owned(),
        )
        .to_owned();
    db.execute(&insert).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plan_bought_by_a_lapsed_member_gains_one_and_a_renewal_does_not() {
        let day = 86_400_000;
        assert!(!was_member(Some("free".into()), None, 10 * day));
        assert!(!was_member(Some("premium".into()), Some(9 * day), 10 * day));
        assert!(was_member(Some("premium".into()), Some(11 * day), 10 * day));
        assert!(!was_member(None, None, 10 * day));
    }
}

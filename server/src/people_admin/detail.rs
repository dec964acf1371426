//! A user's page in the console: the profile and roles, sessions, latest orders and purchases,
//! and how much they listened.
use std::collections::HashMap;

use sea_orm::{
    sea_query::Expr, ColumnTrait, ConnectionTrait, EntityTrait, FromQueryResult, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect,
};
use tingshu_core::Lang;

use super::{
    list::{roles_of, row},
    view::{AdminSession, AdminUserDetail, AdminUserOrder, AdminUserPurchase, ListeningSummary},
};
use crate::{
    accounts::user_agent::device_label,
    books::localized,
    entities::{book, chapter, order, play_history, play_progress, purchase, session, user},
    error::{ApiError, ApiResult, Missing},
};

/// Sessions, orders and purchases a user's page lists at most (the latest).
pub const LATEST: u64 = 50;

/// User `id` as the console shows it, titles in `lang`; 404 when there is no such user.
pub async fn detail(
    db: &impl ConnectionTrait,
    id: i32,
    lang: Lang,
    now_ms: i64,
) -> ApiResult<AdminUserDetail> {
    let found = user::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or(ApiError::NotFound(Missing::User(id)))?;
    let roles = roles_of(db, &[id]).await?.remove(&id).unwrap_or_default();
    let (language, timezone, updated_at) = (
        found.language.clone(),
        found.timezone.clone(),
        found.updated_at,
    );
    Ok(AdminUserDetail {
        user: row(found, roles, now_ms),
        language,
        timezone,
        updated_at,
        sessions: sessions(db, id).await?,
        orders: orders(db, id).await?,
        purchases: purchases(db, id, lang).await?,
        listening: listening(db, id, lang).await?,
    })
}

async fn sessions(db: &impl ConnectionTrait, id: i32) -> ApiResult<Vec<AdminSession>> {
    Ok(session::Entity::find()
        .filter(session::Column::UserId.eq(id))
        .order_by_desc(session::Column::LastSeenAt)
        .limit(LATEST)
        .all(db)
        .await?
        .into_iter()
        .map(|s| AdminSession {
            id: s.id,
            device: device_label(s.user_agent.as_deref()),
            user_agent: s.user_agent,
            ip: s.ip,
            created_at: s.created_at,
            last_seen_at: s.last_seen_at,
            expires_at: s.expires_at,
            revoked_at: s.revoked_at,
            revoked_reason: s.revoked_reason,
        })
        .collect())
}

async fn orders(db: &impl ConnectionTrait, id: i32) -> ApiResult<Vec<AdminUserOrder>> {
    Ok(order::Entity::find()
        .filter(order::Column::UserId.eq(id))
        .order_by_desc(order::Column::Id)
        .limit(LATEST)
        .all(db)
        .await?
        .into_iter()
        .map(|o| AdminUserOrder {
            id: o.id,
            kind: o.kind,
            title: o.title,
            currency: o.currency,
            amount: o.amount,
            state: o.state,
            created_at: o.created_at,
            paid_at: o.paid_at,
        })
        .collect())
}

/// The titles of `ids` in `lang`.
async fn book_titles(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i32>,
    lang: Lang,
) -> ApiResult<HashMap<i32, String>> {
    Ok(book::Entity::find()
        .filter(book::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|b| {
            let title = localized(lang, &b.title, b.title_en.as_deref(), b.title_ja.as_deref());
            (b.id, title)
        })
        .collect())
}

async fn purchases(
    db: &impl ConnectionTrait,
    id: i32,
    lang: Lang,
) -> ApiResult<Vec<AdminUserPurchase>> {
    let rows = purchase::Entity::find()
        .filter(purchase::Column::UserId.eq(id))
        .order_by_desc(purchase::Column::Id)
        .limit(LATEST)
        .all(db)
        .await?;
    let chapters: HashMap<i32, chapter::Model> = chapter::Entity::find()
        .filter(chapter::Column::Id.is_in(rows.iter().filter_map(|p| p.chapter_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|c| (c.id, c))
        .collect();
    let book_ids = rows
        .iter()
        .filter_map(|p| p.book_id)
        .chain(chapters.values().map(|c| c.book_id));
    let titles = book_titles(db, book_ids, lang).await?;
    Ok(rows
        .into_iter()
        .map(|p| {
            let chapter = p.chapter_id.and_then(|c| chapters.get(&c));
            let book_id = p.book_id.or(chapter.map(|c| c.book_id));
            let book_title = book_id.and_then(|b| titles.get(&b)).cloned();
            let title = match (book_title, chapter) {
                (Some(book), Some(c)) => format!(
                    "{book} · {}",
                    localized(lang, &c.title, c.title_en.as_deref(), c.title_ja.as_deref())
                ),
                (Some(book), None) => book,
                (None, _) => String::new(),
            };
            AdminUserPurchase {
                id: p.id,
                book_id,
                chapter_id: p.chapter_id,
                title,
                order_id: p.order_id,
                created_at: p.created_at,
            }
        })
        .collect())
}

#[derive(Debug, FromQueryResult)]
struct Listened {
    seconds: Option<f64>,
}

async fn listening(db: &impl ConnectionTrait, id: i32, lang: Lang) -> ApiResult<ListeningSummary> {
    // A finished chapter counts whole; otherwise up to the position reached.
    let heard = Expr::cust(concat!(
        r#"SUM(CASE WHEN "completed" OR ("duration_secs" > 0 AND "position_secs" > "duration_secs")"#,
        r#" THEN "duration_secs" ELSE "position_secs" END)"#
    ));
    let listened = play_progress::Entity::find()
        .select_only()
        .column_as(heard, "seconds")
        .filter(play_progress::Column::UserId.eq(id))
        .into_model::<Listened>()
        .one(db)
        .await?
        .and_then(|l| l.seconds)
        .unwrap_or(0.0);
    let books = play_history::Entity::find()
        .filter(play_history::Column::UserId.eq(id))
        .count(db)
        .await?;
    let last = play_history::Entity::find()
        .filter(play_history::Column::UserId.eq(id))
        .order_by_desc(play_history::Column::UpdatedAt)
        .one(db)
        .await?;
    let last_book_title = match &last {
        Some(last) => book_titles(db, [last.book_id], lang)
            .await?
            .remove(&last.book_id),
        None => None,
    };
    Ok(ListeningSummary {
        hours: (listened / 3600.0 * 100.0).round() / 100.0,
        books,
        last_played_at: last.as_ref().map(|l| l.updated_at),
        last_book_id: last.as_ref().map(|l| l.book_id),
        last_book_title,
    })
}

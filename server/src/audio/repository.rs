//! The lookups of the audio endpoint: chapter, book and asset, campaign windows, purchases.
use sea_orm::{
    sea_query::{Expr, ExprTrait, Query},
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter,
    QuerySelect,
};
use tingshu_core::catalog::purchase::{covers, Purchase};

use crate::{
    books::repository::{campaign_covers_book, listed},
    entities::{asset, book, chapter, promotion, purchase},
};

/// A published chapter of a published book, with the book and the audio asset (`None` when
/// any is missing).
pub async fn playable(
    db: &DatabaseConnection,
    chapter_id: i32,
) -> Result<Option<(chapter::Model, book::Model, asset::Model)>, DbErr> {
    let Some(chapter) = chapter::Entity::find_by_id(chapter_id)
        .filter(chapter::Column::Published.eq(true))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    let Some(asset_id) = chapter.asset_id else {
        return Ok(None);
    };
    let Some(book) = book::Entity::find_by_id(chapter.book_id)
        .filter(listed())
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    let Some(asset) = asset::Entity::find_by_id(asset_id).one(db).await? else {
        return Ok(None);
    };
    Ok(Some((chapter, book, asset)))
}

/// The `(starts_at, ends_at)` windows (ms) of the campaigns covering `book` (the catalogue's
/// rule, `campaign_covers_book`: naming it or its category) not over at `now_ms`; one query.
pub async fn campaign_windows(
    db: &DatabaseConnection,
    book: &book::Model,
    now_ms: i64,
) -> Result<Vec<(i64, i64)>, DbErr> {
    let windows = Query::select()
        .column((promotion::Entity, promotion::Column::StartsAt))
        .column((promotion::Entity, promotion::Column::EndsAt))
        .from(book::Entity)
        .cross_join(promotion::Entity)
        .and_where(Expr::col((book::Entity, book::Column::Id)).eq(book.id))
        .and_where(Expr::col((promotion::Entity, promotion::Column::EndsAt)).gt(now_ms))
        .cond_where(campaign_covers_book())
        .to_owned();
    db.query_all(&windows)
        .await?
        .into_iter()
        .map(|row| Ok((row.try_get("", "starts_at")?, row.try_get("", "ends_at")?)))
        .collect()
}

/// Whether `user_id`'s purchases unlock this chapter (the core's `purchaseCovers`).
pub async fn purchased(
    db: &DatabaseConnection,
    user_id: i32,
    book_id: i32,
    chapter_id: i32,
) -> Result<bool, DbErr> {
    let purchases = purchase::Entity::find()
        .select_only()
        .column(purchase::Column::BookId)
        .column(purchase::Column::ChapterId)
        .filter(purchase::Column::UserId.eq(user_id))
        .filter(
            Condition::any()
                .add(purchase::Column::BookId.eq(book_id))
                .add(purchase::Column::ChapterId.eq(chapter_id)),
        )
        .into_tuple::<(Option<i32>, Option<i32>)>()
        .all(db)
        .await?
        .into_iter()
        .map(|(book_id, chapter_id)| Purchase {
            book_id,
            chapter_id,
        })
        .collect::<Vec<_>>();
    Ok(covers(&purchases, book_id, chapter_id))
}

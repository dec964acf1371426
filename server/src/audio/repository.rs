//! The lookups of the audio endpoint: chapter, book and asset, active campaigns, purchases.
use sea_orm::{
    ColumnTrait, Condition, DatabaseConnection, DbErr, EntityTrait, PaginatorTrait, QueryFilter,
    QuerySelect,
};

use crate::entities::{asset, book, chapter, promotion, promotion_book, purchase};

/// A published chapter with its book and audio asset (`None` when any is missing).
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
    let Some(book) = book::Entity::find_by_id(chapter.book_id).one(db).await? else {
        return Ok(None);
    };
    let Some(asset) = asset::Entity::find_by_id(asset_id).one(db).await? else {
        return Ok(None);
    };
    Ok(Some((chapter, book, asset)))
}

/// The latest end (ms) of a campaign on `book_id` running at `now_ms`
/// (`starts_at <= now < ends_at`), if any.
pub async fn active_campaign_end(
    db: &DatabaseConnection,
    book_id: i32,
    now_ms: i64,
) -> Result<Option<i64>, DbErr> {
    let promotion_ids: Vec<i32> = promotion_book::Entity::find()
        .select_only()
        .column(promotion_book::Column::PromotionId)
        .filter(promotion_book::Column::BookId.eq(book_id))
        .into_tuple()
        .all(db)
        .await?;
    if promotion_ids.is_empty() {
        return Ok(None);
    }
    let ends: Vec<i64> = promotion::Entity::find()
        .select_only()
        .column(promotion::Column::EndsAt)
        .filter(promotion::Column::Id.is_in(promotion_ids))
        .filter(promotion::Column::StartsAt.lte(now_ms))
        .filter(promotion::Column::EndsAt.gt(now_ms))
        .into_tuple()
        .all(db)
        .await?;
    Ok(ends.into_iter().max())
}

/// Whether `user_id` bought the book or this chapter.
pub async fn purchased(
    db: &DatabaseConnection,
    user_id: i32,
    book_id: i32,
    chapter_id: i32,
) -> Result<bool, DbErr> {
    let count = purchase::Entity::find()
        .filter(purchase::Column::UserId.eq(user_id))
        .filter(
            Condition::any()
                .add(purchase::Column::BookId.eq(book_id))
                .add(purchase::Column::ChapterId.eq(chapter_id)),
        )
        .count(db)
        .await?;
    Ok(count > 0)
}

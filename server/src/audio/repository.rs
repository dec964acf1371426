//! The lookups of the audio endpoint: chapter, book and asset, campaign windows, purchases.
use sea_orm::{
    ColumnTrait, Condition, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QuerySelect,
};
use tingshu_core::catalog::purchase::{covers, Purchase};

use crate::{
    books::repository::listed,
    entities::{asset, book, chapter, promotion, promotion_book, promotion_category, purchase},
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

/// The `(starts_at, ends_at)` windows (ms) of the campaigns covering `book` (naming it, or
/// one of them naming its category) not over at `now_ms`.
pub async fn campaign_windows(
    db: &DatabaseConnection,
    book: &book::Model,
    now_ms: i64,
) -> Result<Vec<(i64, i64)>, DbErr> {
    let mut promotion_ids: Vec<i32> = promotion_book::Entity::find()
        .select_only()
        .column(promotion_book::Column::PromotionId)
        .filter(promotion_book::Column::BookId.eq(book.id))
        .into_tuple()
        .all(db)
        .await?;
    let by_category: Vec<i32> = promotion_category::Entity::find()
        .select_only()
        .column(promotion_category::Column::PromotionId)
        .filter(promotion_category::Column::CategoryId.eq(book.category_id))
        .into_tuple()
        .all(db)
        .await?;
    promotion_ids.extend(by_category);
    if promotion_ids.is_empty() {
        return Ok(Vec::new());
    }
    promotion::Entity::find()
        .select_only()
        .column(promotion::Column::StartsAt)
        .column(promotion::Column::EndsAt)
        .filter(promotion::Column::Id.is_in(promotion_ids))
        .filter(promotion::Column::EndsAt.gt(now_ms))
        .into_tuple()
        .all(db)
        .await
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

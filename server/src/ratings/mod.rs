//! Listeners' ratings and reviews of books: one per listener and book, changed or taken
//! back at will; the book's average and count move with each in the same transaction.
pub mod view;

use sea_orm::{
    sea_query::{Expr, ExprTrait, OnConflict, Query},
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
};
use tingshu_core::catalog::review::{shown_rating, ReviewFields};

use self::view::{BookRating, MyRating, Review, Reviewer};
use crate::{
    books,
    console::audit::{self, Actor, Change},
    db::Db,
    entities::{book, rating, user},
    error::{ApiError, ApiResult, Missing},
    paging::{Page, Paging},
};

/// Reviews per page by default, and at most.
pub const DEFAULT_PAGE_SIZE: u64 = 10;
pub const MAX_PAGE_SIZE: u64 = 50;

fn mine(row: &rating::Model) -> MyRating {
    MyRating {
        score: i32::from(row.score),
        review: row.review.clone(),
        hidden: row.hidden,
        created_at: row.created_at,
        updated_at: row.updated_at,
    }
}

/// Moves book `book_id`'s average by one rating: `added` enters it, `removed` leaves it
/// (both for a changed score). One statement reading the row's own values, so concurrent
/// raters never overwrite each other's share.
async fn move_aggregate(
    db: &impl ConnectionTrait,
    book_id: i32,
    added: Option<i16>,
    removed: Option<i16>,
) -> Result<(), DbErr> {
    let count_delta = i32::from(added.is_some()) - i32::from(removed.is_some());
    let sum_delta = f64::from(added.unwrap_or(0)) - f64::from(removed.unwrap_or(0));
    let count = Expr::col(book::Column::RatingCount);
    let new_count = count.clone().add(count_delta);
    // avg' = (avg × count + Δsum) / (count + Δcount), and 0 when no rating is left.
    let average = Expr::case(new_count.clone().lte(0), Expr::val(0.0)).finally(
        Expr::col(book::Column::RatingAvg)
            .mul(count.clone())
            .add(sum_delta)
            .div(new_count.clone()),
    );
    book::Entity::update_many()
        .col_expr(book::Column::RatingAvg, average.into())
        .col_expr(
            book::Column::RatingCount,
            Expr::case(new_count.clone().lte(0), Expr::val(0))
                .finally(new_count)
                .into(),
        )
        .filter(book::Column::Id.eq(book_id))
        .exec(db)
        .await?;
    Ok(())
}

async fn book_rating(db: &impl ConnectionTrait, book_id: i32) -> ApiResult<BookRating> {
    let found = book::Entity::find_by_id(book_id)
        .one(db)
        .await?
        .ok_or(ApiError::NotFound(Missing::Book(book_id)))?;
    Ok(BookRating {
        rating: shown_rating(found.rating_avg),
        rating_count: found.rating_count,
    })
}

async fn find_mine(
    db: &impl ConnectionTrait,
    user_id: i32,
    book_id: i32,
    locked: bool,
) -> Result<Option<rating::Model>, DbErr> {
    let mut select = rating::Entity::find()
        .filter(rating::Column::UserId.eq(user_id))
        .filter(rating::Column::BookId.eq(book_id));
    if locked {
        // Locked on PostgreSQL (two tabs of one listener take turns); SQLite's write lock serialises.
        select = select.lock_exclusive();
    }
    select.one(db).await
}

/// The caller's rating of a (published) book, if any.
pub async fn get_mine(db: &Db, user_id: i32, book_id: i32) -> ApiResult<Option<MyRating>> {
    let reader = db.reader();
    books::require_book(reader, book_id).await?;
    Ok(find_mine(reader, user_id, book_id, false)
        .await?
        .as_ref()
        .map(mine))
}

/// Rates book `book_id` (or changes the rating); returns it and the book's new aggregate.
pub async fn rate(
    db: &Db,
    user_id: i32,
    book_id: i32,
    fields: &ReviewFields,
    now_ms: i64,
) -> ApiResult<(MyRating, BookRating)> {
    let txn = db.begin_write().await?;
    books::require_book(&txn, book_id).await?;
    let score = fields.score as i16;
    let insert = Query::insert()
        .into_table(rating::Entity)
        .columns([
            rating::Column::UserId,
            rating::Column::BookId,
            rating::Column::Score,
            rating::Column::Review,
            rating::Column::Hidden,
            rating::Column::CreatedAt,
            rating::Column::UpdatedAt,
        ])
        .values_panic([
            user_id.into(),
            book_id.into(),
            score.into(),
            fields.review.clone().into(),
            false.into(),
            now_ms.into(),
            now_ms.into(),
        ])
        .on_conflict(
            OnConflict::columns([rating::Column::UserId, rating::Column::BookId])
                .do_nothing()
                .to_owned(),
        )
        .to_owned();
    let created = txn.execute(&insert).await?.rows_affected() > 0;
    let saved = if created {
        move_aggregate(&txn, book_id, Some(score), None).await?;
        MyRating {
            score: fields.score,
            review: fields.review.clone(),
            hidden: false,
            created_at: now_ms,
            updated_at: now_ms,
        }
    } else {
        let existing = find_mine(&txn, user_id, book_id, true)
            .await?
            .ok_or(ApiError::WriteConflict)?;
        let old = existing.score;
        let mut row: rating::ActiveModel = existing.into();
        row.score = Set(score);
        // A hidden review stays hidden when edited, until an administrator shows it again.
        row.review = Set(fields.review.clone());
        row.updated_at = Set(now_ms);
        let updated = row.update(&txn).await?;
        if old != score {
            move_aggregate(&txn, book_id, Some(score), Some(old)).await?;
        }
        mine(&updated)
    };
    let aggregate = book_rating(&txn, book_id).await?;
    txn.commit().await?;
    Ok((saved, aggregate))
}

/// Takes the caller's rating of book `book_id` back (idempotent); the book's new aggregate.
pub async fn unrate(db: &Db, user_id: i32, book_id: i32) -> ApiResult<BookRating> {
    let txn = db.begin_write().await?;
    books::require_book(&txn, book_id).await?;
    if let Some(existing) = find_mine(&txn, user_id, book_id, true).await? {
        let deleted = rating::Entity::delete_by_id(existing.id).exec(&txn).await?;
        if deleted.rows_affected > 0 {
            move_aggregate(&txn, book_id, None, Some(existing.score)).await?;
        }
    }
    let aggregate = book_rating(&txn, book_id).await?;
    txn.commit().await?;
    Ok(aggregate)
}

/// A page of a book's reviews with text, not hidden, newest first, with the reviewers' names.
pub async fn reviews(db: &Db, book_id: i32, paging: Paging) -> ApiResult<Page<Review>> {
    let reader = db.reader();
    books::require_book(reader, book_id).await?;
    let listed = rating::Entity::find()
        .filter(rating::Column::BookId.eq(book_id))
        .filter(rating::Column::Hidden.eq(false))
        .filter(rating::Column::Review.is_not_null());
    let total = listed.clone().count(reader).await?;
    let rows = listed
        .order_by_desc(rating::Column::CreatedAt)
        .order_by_desc(rating::Column::Id)
        .offset(paging.offset())
        .limit(paging.page_size)
        .all(reader)
        .await?;
    let user_ids: Vec<i32> = rows.iter().map(|r| r.user_id).collect();
    let users: std::collections::HashMap<i32, user::Model> = user::Entity::find()
        .filter(user::Column::Id.is_in(user_ids))
        .all(reader)
        .await?
        .into_iter()
        .map(|u| (u.id, u))
        .collect();
    let items = rows
        .into_iter()
        .map(|r| {
            let reviewer = users.get(&r.user_id);
            Review {
                id: r.id,
                score: i32::from(r.score),
                review: r.review.unwrap_or_default(),
                reviewer: Reviewer {
                    name: reviewer.map(|u| u.username.clone()).unwrap_or_default(),
                    avatar_url: reviewer.and_then(|u| u.avatar_url.clone()),
                },
                created_at: r.created_at,
                updated_at: r.updated_at,
            }
        })
        .collect();
    Ok(Page::new(items, total, paging))
}

/// Hides review `id` from the list, or shows it again (audited); its score still counts.
pub async fn set_hidden(
    db: &Db,
    actor: &Actor,
    id: i32,
    hidden: bool,
    now_ms: i64,
) -> ApiResult<()> {
    let txn = db.begin_write().await?;
    let found = rating::Entity::find_by_id(id)
        .lock_exclusive()
        .one(&txn)
        .await?
        .ok_or(ApiError::NotFound(Missing::Review(id)))?;
    if found.hidden != hidden {
        let before = serde_json::json!({ "hidden": found.hidden, "bookId": found.book_id });
        let mut row: rating::ActiveModel = found.clone().into();
        row.hidden = Set(hidden);
        row.update(&txn).await?;
        let change = Change {
            action: if hidden { "review.hide" } else { "review.show" },
            entity: "review",
            entity_id: id,
            before: Some(before),
            after: Some(serde_json::json!({ "hidden": hidden, "bookId": found.book_id })),
        };
        audit::record(&txn, actor, change, now_ms).await?;
    }
    txn.commit().await?;
    Ok(())
}

//! Storage of each listener's library: bookshelf, favorites, play progress and history.
use std::collections::HashMap;

use sea_orm::{
    sea_query::{Alias, Expr, ExprTrait, OnConflict, Order, Query},
    ColumnTrait, ConnectionTrait, DbErr, DeriveIden, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};

use crate::{
    entities::{
        book, book_listener, bookshelf_entry, chapter, favorite, play_history, play_progress,
    },
    paging::Paging,
};

/// The two per-user book lists that work alike: same columns, one table each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shelf {
    Bookshelf,
    Favorites,
}

impl Shelf {
    fn table(self) -> Alias {
        Alias::new(match self {
            Self::Bookshelf => "bookshelf",
            Self::Favorites => "favorites",
        })
    }
}

/// The columns both shelf tables have.
#[derive(DeriveIden)]
enum ShelfColumn {
    UserId,
    BookId,
    AddedAt,
}

/// A book on a shelf.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShelfEntry {
    pub book_id: i32,
    pub added_at: i64,
}

/// Puts the book on the shelf; true when it was not there yet.
pub async fn add(
    db: &impl ConnectionTrait,
    shelf: Shelf,
    user_id: i32,
    book_id: i32,
    now_ms: i64,
) -> Result<bool, DbErr> {
    let insert = Query::insert()
        .into_table(shelf.table())
        .columns([
            ShelfColumn::UserId,
            ShelfColumn::BookId,
            ShelfColumn::AddedAt,
        ])
        .values_panic([user_id.into(), book_id.into(), now_ms.into()])
        .on_conflict(
            OnConflict::columns([ShelfColumn::UserId, ShelfColumn::BookId])
                .do_nothing()
                .to_owned(),
        )
        .to_owned();
    Ok(db.execute(&insert).await?.rows_affected() > 0)
}

/// Takes the book off the shelf; true when it was there.
pub async fn remove(
    db: &impl ConnectionTrait,
    shelf: Shelf,
    user_id: i32,
    book_id: i32,
) -> Result<bool, DbErr> {
    let delete = Query::delete()
        .from_table(shelf.table())
        .and_where(Expr::col(ShelfColumn::UserId).eq(user_id))
        .and_where(Expr::col(ShelfColumn::BookId).eq(book_id))
        .to_owned();
    Ok(db.execute(&delete).await?.rows_affected() > 0)
}

/// One page of a shelf, most recently added first, and its size.
pub async fn page(
    db: &impl ConnectionTrait,
    shelf: Shelf,
    user_id: i32,
    paging: Paging,
) -> Result<(Vec<ShelfEntry>, u64), DbErr> {
    let count = Query::select()
        .expr_as(Expr::col(ShelfColumn::BookId).count(), Alias::new("n"))
        .from(shelf.table())
        .and_where(Expr::col(ShelfColumn::UserId).eq(user_id))
        .to_owned();
    let total: i64 = match db.query_one(&count).await? {
        Some(row) => row.try_get("", "n")?,
        None => 0,
    };
    let select = Query::select()
        .columns([ShelfColumn::BookId, ShelfColumn::AddedAt])
        .from(shelf.table())
        .and_where(Expr::col(ShelfColumn::UserId).eq(user_id))
        .order_by(ShelfColumn::AddedAt, Order::Desc)
        .order_by(ShelfColumn::BookId, Order::Desc)
        .offset(paging.offset())
        .limit(paging.page_size)
        .to_owned();
    let rows = db
        .query_all(&select)
        .await?
        .into_iter()
        .map(|row| {
            Ok(ShelfEntry {
                book_id: row.try_get("", "book_id")?,
                added_at: row.try_get("", "added_at")?,
            })
        })
        .collect::<Result<Vec<_>, DbErr>>()?;
    Ok((rows, u64::try_from(total).unwrap_or(0)))
}

/// Adds `delta` to the book's favourite count, never below zero.
pub async fn bump_favorite_count(
    db: &impl ConnectionTrait,
    book_id: i32,
    delta: i64,
) -> Result<(), DbErr> {
    let mut update = book::Entity::update_many()
        .col_expr(
            book::Column::FavoriteCount,
            Expr::col(book::Column::FavoriteCount).add(delta),
        )
        .filter(book::Column::Id.eq(book_id));
    if delta < 0 {
        update = update.filter(book::Column::FavoriteCount.gte(-delta));
    }
    update.exec(db).await?;
    Ok(())
}

/// Counts one more play of the book.
pub async fn bump_play_count(db: &impl ConnectionTrait, book_id: i32) -> Result<(), DbErr> {
    book::Entity::update_many()
        .col_expr(
            book::Column::PlayCount,
            Expr::col(book::Column::PlayCount).add(1),
        )
        .filter(book::Column::Id.eq(book_id))
        .exec(db)
        .await?;
    Ok(())
}

/// Records that `user_id` listened to `book_id`; true only the first time (then the book's
/// play count grows).
pub async fn add_listener(
    db: &impl ConnectionTrait,
    user_id: i32,
    book_id: i32,
    now_ms: i64,
) -> Result<bool, DbErr> {
    let row = book_listener::ActiveModel {
        user_id: Set(user_id),
        book_id: Set(book_id),
        first_played_at: Set(now_ms),
    };
    let inserted = book_listener::Entity::insert(row)
        .on_conflict(
            OnConflict::columns([book_listener::Column::UserId, book_listener::Column::BookId])
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    Ok(inserted > 0)
}

/// A listener's relation to one book.
#[derive(Debug, Clone, Default)]
pub struct BookState {
    pub on_bookshelf: bool,
    pub favorite: bool,
    pub history: Option<play_history::Model>,
}

pub async fn book_state(
    db: &impl ConnectionTrait,
    user_id: i32,
    book_id: i32,
) -> Result<BookState, DbErr> {
    let on_bookshelf = bookshelf_entry::Entity::find_by_id((user_id, book_id))
        .one(db)
        .await?
        .is_some();
    let favorite = favorite::Entity::find_by_id((user_id, book_id))
        .one(db)
        .await?
        .is_some();
    let history = play_history::Entity::find_by_id((user_id, book_id))
        .one(db)
        .await?;
    Ok(BookState {
        on_bookshelf,
        favorite,
        history,
    })
}

/// The books a listener listened to recently or favourited (up to `limit` of each).
pub async fn known_book_ids(
    db: &impl ConnectionTrait,
    user_id: i32,
    limit: u64,
) -> Result<Vec<i32>, DbErr> {
    let mut ids: Vec<i32> = play_history::Entity::find()
        .select_only()
        .column(play_history::Column::BookId)
        .filter(play_history::Column::UserId.eq(user_id))
        .order_by_desc(play_history::Column::UpdatedAt)
        .limit(limit)
        .into_tuple()
        .all(db)
        .await?;
    let favorites: Vec<i32> = favorite::Entity::find()
        .select_only()
        .column(favorite::Column::BookId)
        .filter(favorite::Column::UserId.eq(user_id))
        .order_by_desc(favorite::Column::AddedAt)
        .limit(limit)
        .into_tuple()
        .all(db)
        .await?;
    for id in favorites {
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    Ok(ids)
}

/// One page of the listener's history, most recent first, and its size.
pub async fn history_page(
    db: &impl ConnectionTrait,
    user_id: i32,
    paging: Paging,
) -> Result<(Vec<play_history::Model>, u64), DbErr> {
    let query = play_history::Entity::find().filter(play_history::Column::UserId.eq(user_id));
    let total = query.clone().count(db).await?;
    let rows = query
        .order_by_desc(play_history::Column::UpdatedAt)
        .order_by_desc(play_history::Column::BookId)
        .offset(paging.offset())
        .limit(paging.page_size)
        .all(db)
        .await?;
    Ok((rows, total))
}

/// The history rows of these books, by book id.
pub async fn history_of_books(
    db: &impl ConnectionTrait,
    user_id: i32,
    book_ids: &[i32],
) -> Result<HashMap<i32, play_history::Model>, DbErr> {
    if book_ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(play_history::Entity::find()
        .filter(play_history::Column::UserId.eq(user_id))
        .filter(play_history::Column::BookId.is_in(book_ids.iter().copied()))
        .all(db)
        .await?
        .into_iter()
        .map(|h| (h.book_id, h))
        .collect())
}

/// Removes one book from the history (None: all of it); answers how many rows went.
pub async fn clear_history(
    db: &impl ConnectionTrait,
    user_id: i32,
    book_id: Option<i32>,
) -> Result<u64, DbErr> {
    let mut delete =
        play_history::Entity::delete_many().filter(play_history::Column::UserId.eq(user_id));
    if let Some(book_id) = book_id {
        delete = delete.filter(play_history::Column::BookId.eq(book_id));
    }
    Ok(delete.exec(db).await?.rows_affected)
}

/// The chapters with these ids, by id.
pub async fn chapters_by_ids(
    db: &impl ConnectionTrait,
    ids: &[i32],
) -> Result<HashMap<i32, chapter::Model>, DbErr> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(chapter::Entity::find()
        .filter(chapter::Column::Id.is_in(ids.iter().copied()))
        .all(db)
        .await?
        .into_iter()
        .map(|c| (c.id, c))
        .collect())
}

/// The listener's progress rows in one book, most recently updated first.
pub async fn progress_of_book(
    db: &impl ConnectionTrait,
    user_id: i32,
    book_id: i32,
) -> Result<Vec<play_progress::Model>, DbErr> {
    play_progress::Entity::find()
        .filter(play_progress::Column::UserId.eq(user_id))
        .filter(play_progress::Column::BookId.eq(book_id))
        .order_by_desc(play_progress::Column::UpdatedAt)
        .all(db)
        .await
}

pub async fn find_progress(
    db: &impl ConnectionTrait,
    user_id: i32,
    chapter_id: i32,
) -> Result<Option<play_progress::Model>, DbErr> {
    play_progress::Entity::find_by_id((user_id, chapter_id))
        .one(db)
        .await
}

/// Inserts the first progress row of (user, chapter); false when one appeared meanwhile.
pub async fn insert_progress(
    db: &impl ConnectionTrait,
    row: &play_progress::Model,
) -> Result<bool, DbErr> {
    let active: play_progress::ActiveModel = row.clone().into();
    let inserted = play_progress::Entity::insert(active)
        .on_conflict(
            OnConflict::columns([
                play_progress::Column::UserId,
                play_progress::Column::ChapterId,
            ])
            .do_nothing()
            .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    Ok(inserted > 0)
}

/// Replaces the progress row if it still carries `expected_updated_at` (nobody wrote in
/// between); false otherwise.
pub async fn replace_progress(
    db: &impl ConnectionTrait,
    row: &play_progress::Model,
    expected_updated_at: i64,
) -> Result<bool, DbErr> {
    let result = play_progress::Entity::update_many()
        .col_expr(
            play_progress::Column::PositionSecs,
            Expr::value(row.position_secs),
        )
        .col_expr(
            play_progress::Column::DurationSecs,
            Expr::value(row.duration_secs),
        )
        .col_expr(play_progress::Column::Completed, Expr::value(row.completed))
        .col_expr(
            play_progress::Column::UpdatedAt,
            Expr::value(row.updated_at),
        )
        .filter(play_progress::Column::UserId.eq(row.user_id))
        .filter(play_progress::Column::ChapterId.eq(row.chapter_id))
        .filter(play_progress::Column::UpdatedAt.eq(expected_updated_at))
        .exec(db)
        .await?;
    Ok(result.rows_affected > 0)
}

pub async fn find_history(
    db: &impl ConnectionTrait,
    user_id: i32,
    book_id: i32,
) -> Result<Option<play_history::Model>, DbErr> {
    play_history::Entity::find_by_id((user_id, book_id))
        .one(db)
        .await
}

/// Inserts the book's history row, or replaces it if it still carries `expected_updated_at`.
pub async fn write_history(
    db: &impl ConnectionTrait,
    row: &play_history::Model,
    expected_updated_at: Option<i64>,
) -> Result<(), DbErr> {
    match expected_updated_at {
        None => {
            let active: play_history::ActiveModel = row.clone().into();
            play_history::Entity::insert(active)
                .on_conflict(
                    OnConflict::columns([
                        play_history::Column::UserId,
                        play_history::Column::BookId,
                    ])
                    .do_nothing()
                    .to_owned(),
                )
                .exec_without_returning(db)
                .await?;
        }
        Some(expected) => {
            play_history::Entity::update_many()
                .col_expr(play_history::Column::ChapterId, Expr::value(row.chapter_id))
                .col_expr(
                    play_history::Column::PositionSecs,
                    Expr::value(row.position_secs),
                )
                .col_expr(
                    play_history::Column::DurationSecs,
                    Expr::value(row.duration_secs),
                )
                .col_expr(play_history::Column::UpdatedAt, Expr::value(row.updated_at))
                .filter(play_history::Column::UserId.eq(row.user_id))
                .filter(play_history::Column::BookId.eq(row.book_id))
                .filter(play_history::Column::UpdatedAt.eq(expected))
                .exec(db)
                .await?;
        }
    }
    Ok(())
}

/// The listener's progress rows for these chapters, by chapter id.
pub async fn progress_for_chapters(
    db: &impl ConnectionTrait,
    user_id: i32,
    chapter_ids: &[i32],
) -> Result<HashMap<i32, play_progress::Model>, DbErr> {
    if chapter_ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(play_progress::Entity::find()
        .filter(play_progress::Column::UserId.eq(user_id))
        .filter(play_progress::Column::ChapterId.is_in(chapter_ids.iter().copied()))
        .all(db)
        .await?
        .into_iter()
        .map(|p| (p.chapter_id, p))
        .collect())
}

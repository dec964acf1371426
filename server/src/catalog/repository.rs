//! Storage of the catalogue: categories, books and what a page of books needs (loaded in
//! batches, one query per kind), chapters, campaigns and the caller's purchases.
use std::collections::{HashMap, HashSet};

use sea_orm::{
    sea_query::{Expr, ExprTrait, Query},
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, JoinType, Order, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, RelationDef,
};

use super::{BookFilter, BookSort};
use crate::{
    entities::{
        author, book, book_tag, category, chapter, narrator, play_progress, promotion,
        promotion_book, purchase, tag,
    },
    paging::Paging,
};

pub async fn all_categories(db: &impl ConnectionTrait) -> Result<Vec<category::Model>, DbErr> {
    category::Entity::find()
        .order_by_asc(category::Column::SortOrder)
        .order_by_asc(category::Column::Id)
        .all(db)
        .await
}

/// The number of books directly in each category.
pub async fn book_counts_by_category(
    db: &impl ConnectionTrait,
) -> Result<HashMap<i32, u64>, DbErr> {
    let rows: Vec<(i32, i64)> = book::Entity::find()
        .select_only()
        .column(book::Column::CategoryId)
        .column_as(Expr::col(book::Column::Id).count(), "n")
        .group_by(book::Column::CategoryId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(id, n)| (id, u64::try_from(n).unwrap_or(0)))
        .collect())
}

pub async fn find_category_by_slug(
    db: &impl ConnectionTrait,
    slug: &str,
) -> Result<Option<category::Model>, DbErr> {
    category::Entity::find()
        .filter(category::Column::Slug.eq(slug))
        .one(db)
        .await
}

/// The category and its direct subcategories.
pub async fn category_and_children(db: &impl ConnectionTrait, id: i32) -> Result<Vec<i32>, DbErr> {
    let mut ids: Vec<i32> = category::Entity::find()
        .select_only()
        .column(category::Column::Id)
        .filter(category::Column::ParentId.eq(id))
        .into_tuple()
        .all(db)
        .await?;
    ids.push(id);
    Ok(ids)
}

pub async fn find_tag_by_name(
    db: &impl ConnectionTrait,
    name: &str,
) -> Result<Option<tag::Model>, DbErr> {
    tag::Entity::find()
        .filter(tag::Column::Name.eq(name))
        .one(db)
        .await
}

/// One page of books matching `filter`, in `sort` order (ties broken by id), and the total.
pub async fn list_books(
    db: &impl ConnectionTrait,
    filter: &BookFilter,
    sort: BookSort,
    paging: Paging,
) -> Result<(Vec<book::Model>, u64), DbErr> {
    let mut condition = Condition::all();
    if let Some(ids) = &filter.category_ids {
        condition = condition.add(book::Column::CategoryId.is_in(ids.iter().copied()));
    }
    if let Some(tag_id) = filter.tag_id {
        condition = condition.add(
            book::Column::Id.in_subquery(
                Query::select()
                    .column(book_tag::Column::BookId)
                    .from(book_tag::Entity)
                    .and_where(Expr::col(book_tag::Column::TagId).eq(tag_id))
                    .to_owned(),
            ),
        );
    }
    if let Some(status) = &filter.status {
        condition = condition.add(book::Column::Status.eq(status.as_str()));
    }
    if let Some(access) = &filter.access {
        condition = condition.add(book::Column::Access.eq(access.as_str()));
    }
    let query = book::Entity::find().filter(condition);
    let total = query.clone().count(db).await?;
    let query = match sort {
        BookSort::Newest => query.order_by(book::Column::CreatedAt, Order::Desc),
        BookSort::Popular => query.order_by(book::Column::PlayCount, Order::Desc),
        BookSort::Rating => query
            .order_by(book::Column::RatingAvg, Order::Desc)
            .order_by(book::Column::RatingCount, Order::Desc),
        BookSort::Updated => query.order_by(book::Column::UpdatedAt, Order::Desc),
    };
    let books = query
        .order_by(book::Column::Id, Order::Desc)
        .offset(paging.offset())
        .limit(paging.page_size)
        .all(db)
        .await?;
    Ok((books, total))
}

pub async fn find_book(db: &impl ConnectionTrait, id: i32) -> Result<Option<book::Model>, DbErr> {
    book::Entity::find_by_id(id).one(db).await
}

/// The books with these ids, in no particular order (unknown ids are skipped).
pub async fn books_by_ids(
    db: &impl ConnectionTrait,
    ids: &[i32],
) -> Result<Vec<book::Model>, DbErr> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    book::Entity::find()
        .filter(book::Column::Id.is_in(ids.iter().copied()))
        .all(db)
        .await
}

/// Rows of a table with an integer `id`, keyed by id; one query for any number of ids.
async fn by_ids<E>(
    db: &impl ConnectionTrait,
    id_column: E::Column,
    id_of: fn(&E::Model) -> i32,
    ids: impl IntoIterator<Item = i32>,
) -> Result<HashMap<i32, E::Model>, DbErr>
where
    E: EntityTrait,
{
    let ids: HashSet<i32> = ids.into_iter().collect();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(E::find()
        .filter(id_column.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|row| (id_of(&row), row))
        .collect())
}

pub async fn authors_by_ids(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i32>,
) -> Result<HashMap<i32, author::Model>, DbErr> {
    by_ids::<author::Entity>(db, author::Column::Id, |a| a.id, ids).await
}

pub async fn narrators_by_ids(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i32>,
) -> Result<HashMap<i32, narrator::Model>, DbErr> {
    by_ids::<narrator::Entity>(db, narrator::Column::Id, |n| n.id, ids).await
}

pub async fn categories_by_ids(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i32>,
) -> Result<HashMap<i32, category::Model>, DbErr> {
    by_ids::<category::Entity>(db, category::Column::Id, |c| c.id, ids).await
}

/// The tag names of each book, alphabetical.
pub async fn tags_of_books(
    db: &impl ConnectionTrait,
    book_ids: &[i32],
) -> Result<HashMap<i32, Vec<String>>, DbErr> {
    if book_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i32, String)> = book_tag::Entity::find()
        .select_only()
        .column(book_tag::Column::BookId)
        .column(tag::Column::Name)
        .join(
            JoinType::InnerJoin,
            book_tag::Entity::belongs_to(tag::Entity)
                .from(book_tag::Column::TagId)
                .to(tag::Column::Id)
                .into(),
        )
        .filter(book_tag::Column::BookId.is_in(book_ids.iter().copied()))
        .order_by_asc(tag::Column::Name)
        .into_tuple()
        .all(db)
        .await?;
    let mut tags: HashMap<i32, Vec<String>> = HashMap::new();
    for (book_id, name) in rows {
        tags.entry(book_id).or_default().push(name);
    }
    Ok(tags)
}

/// promotion_books → promotions (the entities declare no relations).
fn promotion_of_book() -> RelationDef {
    promotion_book::Entity::belongs_to(promotion::Entity)
        .from(promotion_book::Column::PromotionId)
        .to(promotion::Column::Id)
        .into()
}

/// For each of these books in an active campaign (`starts_at <= now < ends_at`), the latest end.
pub async fn campaign_ends(
    db: &impl ConnectionTrait,
    book_ids: &[i32],
    now_ms: i64,
) -> Result<HashMap<i32, i64>, DbErr> {
    if book_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i32, i64)> = promotion_book::Entity::find()
        .select_only()
        .column(promotion_book::Column::BookId)
        .column_as(
            Expr::col((promotion::Entity, promotion::Column::EndsAt)).max(),
            "ends_at",
        )
        .join(JoinType::InnerJoin, promotion_of_book())
        .filter(promotion_book::Column::BookId.is_in(book_ids.iter().copied()))
        .filter(promotion::Column::StartsAt.lte(now_ms))
        .filter(promotion::Column::EndsAt.gt(now_ms))
        .group_by(promotion_book::Column::BookId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().collect())
}

/// A page of the books free now through a campaign, ending soonest first: (book id, end).
pub async fn limited_free_page(
    db: &impl ConnectionTrait,
    now_ms: i64,
    paging: Paging,
) -> Result<(Vec<(i32, i64)>, u64), DbErr> {
    let active = promotion_book::Entity::find()
        .join(JoinType::InnerJoin, promotion_of_book())
        .filter(promotion::Column::StartsAt.lte(now_ms))
        .filter(promotion::Column::EndsAt.gt(now_ms));
    let total: Option<i64> = active
        .clone()
        .select_only()
        .column_as(
            Expr::col((promotion_book::Entity, promotion_book::Column::BookId)).count_distinct(),
            "n",
        )
        .into_tuple()
        .one(db)
        .await?;
    let rows: Vec<(i32, i64)> = active
        .select_only()
        .column(promotion_book::Column::BookId)
        .column_as(
            Expr::col((promotion::Entity, promotion::Column::EndsAt)).max(),
            "ends_at",
        )
        .group_by(promotion_book::Column::BookId)
        .order_by(
            Expr::col((promotion::Entity, promotion::Column::EndsAt)).max(),
            Order::Asc,
        )
        .order_by_asc(promotion_book::Column::BookId)
        .offset(paging.offset())
        .limit(paging.page_size)
        .into_tuple()
        .all(db)
        .await?;
    Ok((rows, total.and_then(|n| u64::try_from(n).ok()).unwrap_or(0)))
}

/// A page of a book's published chapters in order, and their number.
pub async fn chapters_page(
    db: &impl ConnectionTrait,
    book_id: i32,
    paging: Paging,
) -> Result<(Vec<chapter::Model>, u64), DbErr> {
    let query = chapter::Entity::find()
        .filter(chapter::Column::BookId.eq(book_id))
        .filter(chapter::Column::Published.eq(true));
    let total = query.clone().count(db).await?;
    let chapters = query
        .order_by_asc(chapter::Column::Idx)
        .offset(paging.offset())
        .limit(paging.page_size)
        .all(db)
        .await?;
    Ok((chapters, total))
}

/// A published chapter.
pub async fn find_chapter(
    db: &impl ConnectionTrait,
    id: i32,
) -> Result<Option<chapter::Model>, DbErr> {
    chapter::Entity::find_by_id(id)
        .filter(chapter::Column::Published.eq(true))
        .one(db)
        .await
}

/// The published chapters just before and after `idx` in the book.
pub async fn neighbours(
    db: &impl ConnectionTrait,
    book_id: i32,
    idx: i32,
) -> Result<(Option<i32>, Option<i32>), DbErr> {
    let base = chapter::Entity::find()
        .select_only()
        .column(chapter::Column::Id)
        .filter(chapter::Column::BookId.eq(book_id))
        .filter(chapter::Column::Published.eq(true));
    let prev: Option<i32> = base
        .clone()
        .filter(chapter::Column::Idx.lt(idx))
        .order_by_desc(chapter::Column::Idx)
        .into_tuple()
        .one(db)
        .await?;
    let next: Option<i32> = base
        .filter(chapter::Column::Idx.gt(idx))
        .order_by_asc(chapter::Column::Idx)
        .into_tuple()
        .one(db)
        .await?;
    Ok((prev, next))
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

/// What the listener bought of this book: the whole book, and which of these chapters.
pub async fn purchases(
    db: &impl ConnectionTrait,
    user_id: i32,
    book_id: i32,
    chapter_ids: &[i32],
) -> Result<(bool, HashSet<i32>), DbErr> {
    let mut either = Condition::any().add(purchase::Column::BookId.eq(book_id));
    if !chapter_ids.is_empty() {
        either = either.add(purchase::Column::ChapterId.is_in(chapter_ids.iter().copied()));
    }
    let rows = purchase::Entity::find()
        .filter(purchase::Column::UserId.eq(user_id))
        .filter(either)
        .all(db)
        .await?;
    let whole_book = rows
        .iter()
        .any(|p| p.book_id == Some(book_id) && p.chapter_id.is_none());
    let chapters = rows.iter().filter_map(|p| p.chapter_id).collect();
    Ok((whole_book, chapters))
}

/// The most played books, skipping `exclude`.
pub async fn popular_books(
    db: &impl ConnectionTrait,
    exclude: &[i32],
    limit: u64,
) -> Result<Vec<book::Model>, DbErr> {
    let mut query = book::Entity::find();
    if !exclude.is_empty() {
        query = query.filter(book::Column::Id.is_not_in(exclude.iter().copied()));
    }
    query
        .order_by_desc(book::Column::PlayCount)
        .order_by_desc(book::Column::Id)
        .limit(limit)
        .all(db)
        .await
}

/// The most played books by one of these authors, narrators or in one of these categories.
pub async fn books_related(
    db: &impl ConnectionTrait,
    column: book::Column,
    values: &[i32],
    exclude: &[i32],
    limit: u64,
) -> Result<Vec<book::Model>, DbErr> {
    if values.is_empty() {
        return Ok(Vec::new());
    }
    let mut query = book::Entity::find().filter(column.is_in(values.iter().copied()));
    if !exclude.is_empty() {
        query = query.filter(book::Column::Id.is_not_in(exclude.iter().copied()));
    }
    query
        .order_by_desc(book::Column::PlayCount)
        .order_by_desc(book::Column::Id)
        .limit(limit)
        .all(db)
        .await
}

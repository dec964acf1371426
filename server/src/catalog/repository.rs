//! Storage of the catalogue: categories, books and what a page of books needs (loaded in
//! batches, one query per kind), chapters, campaigns and the caller's purchases.
use std::collections::HashMap;

use sea_orm::{
    sea_query::{Asterisk, Expr, ExprTrait, Query},
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, JoinType, Order, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Select,
};
use tingshu_core::{catalog::purchase::Purchase, Lang};

use super::{view::TagCount, BookFilter, BookSort};
use crate::{
    books::repository::{
        belongs, campaign_running, listed, promotion_of_book, summary_select, SummaryRow,
    },
    entities::{book, book_tag, category, chapter, promotion, promotion_book, purchase, tag},
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
        .filter(listed())
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

/// The ids of the category with this slug and of its direct subcategories, in one query;
/// empty when no category has the slug.
pub async fn category_ids_by_slug(
    db: &impl ConnectionTrait,
    slug: &str,
) -> Result<Vec<i32>, DbErr> {
    let parent = Query::select()
        .column(category::Column::Id)
        .from(category::Entity)
        .and_where(Expr::col(category::Column::Slug).eq(slug))
        .to_owned();
    category::Entity::find()
        .select_only()
        .column(category::Column::Id)
        .filter(
            Condition::any()
                .add(category::Column::Slug.eq(slug))
                .add(category::Column::ParentId.in_subquery(parent)),
        )
        .into_tuple()
        .all(db)
        .await
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

/// How many index entries a page of a tag's list may step through in sort order (testing
/// each book against the tag) before gathering the tag's books by id and sorting them is
/// the cheaper way ([`TagMatch`]). A tag holds a few percent of the books: walking is
/// cheaper for the first pages, looking up deeper down (measured with 100,000 books).
const TAG_WALK_MAX_STEPS: u64 = 50_000;

/// The books carrying `tag_id`, as a subquery.
fn books_with_tag(tag_id: i32) -> sea_orm::sea_query::SelectStatement {
    Query::select()
        .column(book_tag::Column::BookId)
        .from(book_tag::Entity)
        .and_where(Expr::col(book_tag::Column::TagId).eq(tag_id))
        .to_owned()
}

/// The filter without its tag (the tag is matched differently for counts and pages).
fn columns_condition(filter: &BookFilter) -> Condition {
    let mut condition = listed();
    if let Some(ids) = &filter.category_ids {
        condition = condition.add(book::Column::CategoryId.is_in(ids.iter().copied()));
    }
    if let Some(status) = &filter.status {
        condition = condition.add(book::Column::Status.eq(status.as_str()));
    }
    if let Some(access) = &filter.access {
        condition = condition.add(book::Column::Access.eq(access.as_str()));
    }
    condition
}

/// `condition` as the filter of `select`, leaving out an empty one (sea-query would write
/// `WHERE TRUE`, which keeps SQLite from counting a table from its b-tree directly).
fn filtered<E: EntityTrait>(select: Select<E>, condition: Condition) -> Select<E> {
    if condition.is_empty() {
        select
    } else {
        select.filter(condition)
    }
}

/// How many books match `filter`, counted on indexes only.
pub async fn count_books(db: &impl ConnectionTrait, filter: &BookFilter) -> Result<u64, DbErr> {
    let only_tag =
        filter.category_ids.is_none() && filter.status.is_none() && filter.access.is_none();
    let n: Option<i64> = match filter.tag_id {
        // Every book_tags row belongs to an existing book (foreign key, deleted with it), so
        // a tag alone is counted without visiting the books.
        Some(tag_id) if only_tag => {
            book_tag::Entity::find()
                .select_only()
                .column_as(Expr::col(Asterisk).count(), "n")
                .filter(book_tag::Column::TagId.eq(tag_id))
                .into_tuple()
                .one(db)
                .await?
        }
        tag => {
            let mut condition = columns_condition(filter);
            if let Some(tag_id) = tag {
                condition = condition.add(book::Column::Id.in_subquery(books_with_tag(tag_id)));
            }
            let count = book::Entity::find()
                .select_only()
                .column_as(Expr::col(Asterisk).count(), "n");
            filtered(count, condition).into_tuple().one(db).await?
        }
    };
    Ok(n.and_then(|n| u64::try_from(n).ok()).unwrap_or(0))
}

/// The columns of a list order, ties broken by id.
fn sort_columns(sort: BookSort) -> &'static [book::Column] {
    match sort {
        BookSort::Newest => &[book::Column::CreatedAt, book::Column::Id],
        BookSort::Popular => &[book::Column::PlayCount, book::Column::Id],
        BookSort::Rating => &[
            book::Column::RatingAvg,
            book::Column::RatingCount,
            book::Column::Id,
        ],
        BookSort::Updated => &[book::Column::UpdatedAt, book::Column::Id],
    }
}

/// How a page of a tag's books is found; both give the same page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TagMatch {
    /// Walk the sort order (index entries only) and test each book against the tag's ids.
    Walk,
    /// Look every book of the tag up by id (a book row each) and sort them.
    Lookup,
}

impl TagMatch {
    /// The cheaper way to reach the `end`th match of a filter matching `matching` of `all`
    /// books: a walk passes about `all / matching` books per match.
    pub fn cheaper(end: u64, all: u64, matching: u64) -> Self {
        let steps = end.saturating_mul(all) / std::cmp::max(matching, 1);
        if steps <= TAG_WALK_MAX_STEPS {
            Self::Walk
        } else {
            Self::Lookup
        }
    }
}

/// One page of books matching `filter`, in `sort` order (ties broken by id, every order
/// descending), a tag matched the `tag_match` way (both give the same page).
///
/// Built for a catalogue of 100,000 books: the page is chosen on ids alone in a subquery, so
/// the database walks one (filter, sort key, id, other filters) index in order (migration
/// `m20261122_000004`) or sorts index entries rather than whole rows, and reads only the
/// page's rows, with what their summaries need ([`SummaryRow`]).
pub async fn list_page(
    db: &impl ConnectionTrait,
    filter: &BookFilter,
    sort: BookSort,
    paging: Paging,
    tag_match: TagMatch,
    now_ms: i64,
) -> Result<Vec<SummaryRow>, DbErr> {
    let mut condition = columns_condition(filter);
    if let Some(tag_id) = filter.tag_id {
        // `id + 0` keeps SQLite from looking the tag's books up by id for a walk.
        let id = Expr::col((book::Entity, book::Column::Id));
        let id = match tag_match {
            TagMatch::Walk => id.add(0),
            TagMatch::Lookup => id,
        };
        condition = condition.add(id.in_subquery(books_with_tag(tag_id)));
    }
    let mut page = Query::select();
    page.column(book::Column::Id).from(book::Entity);
    if !condition.is_empty() {
        page.cond_where(condition);
    }
    let mut books = summary_select(db.get_database_backend(), now_ms);
    for column in sort_columns(sort) {
        page.order_by(*column, Order::Desc);
        books = books.order_by(*column, Order::Desc);
    }
    page.limit(paging.page_size).offset(paging.offset());
    books
        .filter(Expr::col((book::Entity, book::Column::Id)).in_subquery(page))
        .into_model::<SummaryRow>()
        .all(db)
        .await
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

/// For each of these books in a running campaign, the latest end.
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
        .filter(campaign_running(now_ms))
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
    let published = Query::select()
        .column(book::Column::Id)
        .from(book::Entity)
        .cond_where(listed())
        .to_owned();
    let active = promotion_book::Entity::find()
        .join(JoinType::InnerJoin, promotion_of_book())
        .filter(campaign_running(now_ms))
        .filter(promotion_book::Column::BookId.in_subquery(published));
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

/// The listener's purchases of this book or of these chapters; what they unlock is the
/// core's `purchaseCovers`.
pub async fn purchases(
    db: &impl ConnectionTrait,
    user_id: i32,
    book_id: i32,
    chapter_ids: &[i32],
) -> Result<Vec<Purchase>, DbErr> {
    let mut either = Condition::any().add(purchase::Column::BookId.eq(book_id));
    if !chapter_ids.is_empty() {
        either = either.add(purchase::Column::ChapterId.is_in(chapter_ids.iter().copied()));
    }
    let rows = purchase::Entity::find()
        .filter(purchase::Column::UserId.eq(user_id))
        .filter(either)
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|p| Purchase {
            book_id: p.book_id,
            chapter_id: p.chapter_id,
        })
        .collect())
}

/// The most played books, skipping `exclude`.
pub async fn popular_books(
    db: &impl ConnectionTrait,
    exclude: &[i32],
    limit: u64,
) -> Result<Vec<book::Model>, DbErr> {
    let mut query = book::Entity::find().filter(listed());
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
    let mut query = book::Entity::find()
        .filter(listed())
        .filter(column.is_in(values.iter().copied()));
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

/// Tags carried by at least one book, labelled in `lang`, the most used first, then by name.
pub async fn tag_counts(db: &impl ConnectionTrait, lang: Lang) -> Result<Vec<TagCount>, DbErr> {
    type Row = (i32, String, Option<String>, Option<String>, i64);
    let rows: Vec<Row> = book_tag::Entity::find()
        .select_only()
        .column(tag::Column::Id)
        .column(tag::Column::Name)
        .column(tag::Column::NameEn)
        .column(tag::Column::NameJa)
        .column_as(Expr::col(book_tag::Column::BookId).count(), "n")
        .join(
            JoinType::InnerJoin,
            belongs::<book_tag::Entity, tag::Entity>(book_tag::Column::TagId, tag::Column::Id),
        )
        .group_by(tag::Column::Id)
        .group_by(tag::Column::Name)
        .group_by(tag::Column::NameEn)
        .group_by(tag::Column::NameJa)
        .into_tuple()
        .all(db)
        .await?;
    let mut tags: Vec<TagCount> = rows
        .into_iter()
        .map(|(id, name, en, ja, n)| {
            let (label, label_lang) =
                crate::books::localized_text(lang, &name, en.as_deref(), ja.as_deref());
            TagCount {
                id,
                name,
                label,
                lang: label_lang,
                book_count: u64::try_from(n).unwrap_or(0),
            }
        })
        .collect();
    tags.sort_by(|a, b| {
        b.book_count
            .cmp(&a.book_count)
            .then_with(|| a.name.cmp(&b.name))
    });
    Ok(tags)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_pages_walk_near_the_top_and_look_up_deeper_or_for_rare_tags() {
        // A tag on 4% of 100,000 books: pages 1 to 100 of 20 walk, deeper ones look up.
        assert_eq!(TagMatch::cheaper(20, 100_000, 4_000), TagMatch::Walk);
        assert_eq!(TagMatch::cheaper(2_000, 100_000, 4_000), TagMatch::Walk);
        assert_eq!(TagMatch::cheaper(2_020, 100_000, 4_000), TagMatch::Lookup);
        // A rare tag is looked up even for its first page.
        assert_eq!(TagMatch::cheaper(20, 100_000, 30), TagMatch::Lookup);
        // A small catalogue always walks.
        assert_eq!(TagMatch::cheaper(1_000, 12, 3), TagMatch::Walk);
    }

    #[test]
    fn tag_names_come_back_in_order_and_empty_without_tags() {
        let mut row = SummaryRow {
            id: 1,
            title: String::new(),
            title_en: None,
            title_ja: None,
            subtitle: None,
            subtitle_en: None,
            subtitle_ja: None,
            author_id: 1,
            narrator_id: None,
            cover_url: None,
            category_id: 1,
            status: String::new(),
            access: String::new(),
            price_cny: None,
            price_usd: None,
            price_jpy: None,
            chapter_count: 0,
            total_duration_secs: 0,
            play_count: 0,
            favorite_count: 0,
            rating_avg: 0.0,
            rating_count: 0,
            updated_at: 0,
            author_name: None,
            author_name_en: None,
            author_name_ja: None,
            narrator_name: None,
            narrator_name_en: None,
            narrator_name_ja: None,
            category_slug: None,
            category_zh: None,
            category_en: None,
            category_ja: None,
            tag_names: Some("冒险\u{1e}Adventure\u{1e}冒険\u{1f}治愈\u{1e}\u{1e}".to_owned()),
            free_until: None,
        };
        let names = |zh: &str, en: &str, ja: &str| [zh, en, ja].map(str::to_owned);
        assert_eq!(
            row.tags(),
            vec![names("冒险", "Adventure", "冒険"), names("治愈", "", "")]
        );
        row.tag_names = None;
        assert!(row.tags().is_empty());
        row.tag_names = Some(String::new());
        assert!(row.tags().is_empty());
    }
}

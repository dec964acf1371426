//! Storage of the catalogue: categories, books and what a page of books needs (loaded in
//! batches, one query per kind), chapters, campaigns and the caller's purchases.
use std::collections::HashMap;

use sea_orm::{
    sea_query::{Alias, Asterisk, BinOper, Expr, ExprTrait, Query, SelectStatement, UnionType},
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, JoinType, Order, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect,
};
use tingshu_core::{catalog::purchase::Purchase, Lang};

use super::{view::TagCount, BookFilter, BookSort};
use crate::{
    books::repository::{
        belongs, campaign_end, campaign_running, listed, summary_select, SummaryRow,
    },
    entities::{
        book, book_tag, category, chapter, promotion, promotion_book, promotion_category, purchase,
        tag,
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

/// For each of these categories, the cover addresses of up to `limit` of its published books
/// with a cover, most played first: one short walk of the category's play order each.
pub async fn covers_by_category(
    db: &impl ConnectionTrait,
    category_ids: &[i32],
    limit: u64,
) -> Result<HashMap<i32, Vec<String>>, DbErr> {
    let mut covers = HashMap::new();
    for &id in category_ids {
        let urls: Vec<String> = book::Entity::find()
            .filter(listed())
            .filter(book::Column::CategoryId.eq(id))
            .filter(book::Column::CoverUrl.is_not_null())
            .select_only()
            .column(book::Column::CoverUrl)
            .order_by_desc(book::Column::PlayCount)
            .order_by_desc(book::Column::Id)
            .limit(limit)
            .into_tuple()
            .all(db)
            .await?;
        if !urls.is_empty() {
            covers.insert(id, urls);
        }
    }
    Ok(covers)
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

/// The filter without its tag (the tag is matched differently for counts and pages). Only
/// the first of category, status and access may choose an index (which then tests the
/// others and `published` on its entries): the others are compared as `column || ''`, which
/// no index serves. Left to choose, SQLite, with no statistics, could as well walk the index
/// of a filter matching half the books as that of a category matching a thirtieth.
fn columns_condition(filter: &BookFilter) -> Condition {
    let mut condition = listed();
    let mut seekable = true;
    if let Some(ids) = &filter.category_ids {
        condition = condition.add(book::Column::CategoryId.is_in(ids.iter().copied()));
        seekable = false;
    }
    for (column, value) in [
        (book::Column::Status, &filter.status),
        (book::Column::Access, &filter.access),
    ] {
        let Some(value) = value else { continue };
        let column = Expr::col((book::Entity, column));
        let column = if seekable {
            column
        } else {
            column.binary(BinOper::Custom("||"), "")
        };
        condition = condition.add(column.eq(value.as_str()));
        seekable = false;
    }
    condition
}

/// `select` reading the books of `tag_id` by id, starting from the tag's rows: `CROSS JOIN`
/// keeps SQLite from starting from the books instead (walking a list's index in its order
/// and probing the tag's rows for each book, through every listed book for a rare tag).
fn from_tag_rows(select: &mut SelectStatement, tag_id: i32) {
    select
        .from(book_tag::Entity)
        .cross_join(book::Entity)
        .and_where(Expr::col((book_tag::Entity, book_tag::Column::TagId)).eq(tag_id))
        .and_where(
            Expr::col((book::Entity, book::Column::Id))
                .equals((book_tag::Entity, book_tag::Column::BookId)),
        );
}

/// How many books match `filter`, counted on indexes only: the first filter's index, testing
/// the others (and a tag's ids) on its entries.
pub async fn count_books(db: &impl ConnectionTrait, filter: &BookFilter) -> Result<u64, DbErr> {
    let only_tag =
        filter.category_ids.is_none() && filter.status.is_none() && filter.access.is_none();
    let mut count = Query::select();
    count.expr_as(Expr::col(Asterisk).count(), Alias::new("n"));
    match filter.tag_id {
        // Every book_tags row belongs to an existing book (foreign key, deleted with it), so
        // a tag alone is counted without visiting the books: unpublished books included, as
        // in the tag list's counts (reading each of the tag's 4,000 books to leave them out
        // took 20 ms per tag with 100,000 books).
        Some(tag_id) if only_tag => {
            count
                .from(book_tag::Entity)
                .and_where(Expr::col(book_tag::Column::TagId).eq(tag_id));
        }
        tag => {
            let mut condition = columns_condition(filter);
            if let Some(tag_id) = tag {
                condition = condition.add(book::Column::Id.in_subquery(books_with_tag(tag_id)));
            }
            count.from(book::Entity).cond_where(condition);
        }
    }
    let n: Option<i64> = match db.query_one(&count).await? {
        Some(row) => Some(row.try_get("", "n")?),
        None => None,
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
/// Built for a catalogue of 100,000 books: the page is chosen on ids alone in a subquery
/// ([`page_ids`]), so the database walks a (filter, sort key, id, other filters, published)
/// index in order (migration `m20261128_000012`) or sorts only a tag's books, and reads only
/// the page's rows, by id, with what their summaries need ([`SummaryRow`]).
pub async fn list_page(
    db: &impl ConnectionTrait,
    filter: &BookFilter,
    sort: BookSort,
    paging: Paging,
    tag_match: TagMatch,
    now_ms: i64,
) -> Result<Vec<SummaryRow>, DbErr> {
    let page = page_ids(filter, sort, paging, tag_match);
    let mut books = summary_select(db.get_database_backend(), now_ms);
    for column in sort_columns(sort) {
        books = books.order_by(*column, Order::Desc);
    }
    books
        .filter(Expr::col((book::Entity, book::Column::Id)).in_subquery(page))
        .into_model::<SummaryRow>()
        .all(db)
        .await
}

/// The ids of one page of [`list_page`], as a subquery. Each plan follows from the shape of
/// the indexes and of the query, not from statistics (SQLite has none unless ANALYZE ran):
/// - a tag looked up: its books by id ([`from_tag_rows`]), the matches sorted;
/// - several categories (a category and its subcategories): one walk per category in list
///   order, merged ([`merged_page`]), each stopping at the end of the page, instead of one
///   walk over every listed book testing its category or a sort of all their books;
/// - otherwise one walk in list order, testing a tag's ids on the way (`id + 0` keeps SQLite
///   from looking them up by id instead).
fn page_ids(
    filter: &BookFilter,
    sort: BookSort,
    paging: Paging,
    tag_match: TagMatch,
) -> SelectStatement {
    let sort = sort_columns(sort);
    if let (Some(tag_id), TagMatch::Lookup) = (filter.tag_id, tag_match) {
        let mut page = Query::select();
        page.column((book::Entity, book::Column::Id));
        from_tag_rows(&mut page, tag_id);
        page.cond_where(columns_condition(filter));
        for column in sort {
            page.order_by((book::Entity, *column), Order::Desc);
        }
        page.limit(paging.page_size).offset(paging.offset());
        return page;
    }
    let mut categories: Vec<Option<Vec<i32>>> = match &filter.category_ids {
        Some(ids) if ids.len() > 1 => ids.iter().map(|id| Some(vec![*id])).collect(),
        ids => vec![ids.clone()],
    };
    categories.sort_unstable();
    categories.dedup();
    let arms = categories.into_iter().map(|category_ids| {
        let mut condition = columns_condition(&BookFilter {
            category_ids,
            ..filter.clone()
        });
        if let Some(tag_id) = filter.tag_id {
            let id = Expr::col((book::Entity, book::Column::Id)).add(0);
            condition = condition.add(id.in_subquery(books_with_tag(tag_id)));
        }
        let mut arm = Query::select();
        arm.from(book::Entity).cond_where(condition);
        arm
    });
    merged_page(arms.collect(), sort, paging.page_size, paging.offset())
}

/// The ids of rows `offset..offset + limit` of the books `arms` select (each a `SELECT …
/// FROM books WHERE …` without columns), merged in `sort` order, every column descending.
/// Each arm walks its own index in that order and stops once the page is reached: the
/// union's order is applied to each arm, then merged (SQLite's `MERGE (UNION ALL)`).
fn merged_page(
    arms: Vec<SelectStatement>,
    sort: &[book::Column],
    limit: u64,
    offset: u64,
) -> SelectStatement {
    let several = arms.len() > 1;
    let mut arms = arms.into_iter().map(|mut arm| {
        arm.column(book::Column::Id);
        if several {
            // A union is ordered by its own columns.
            arm.columns(
                sort.iter()
                    .copied()
                    .filter(|c| !matches!(c, book::Column::Id)),
            );
        }
        arm
    });
    let mut page = arms.next().unwrap_or_else(|| {
        Query::select()
            .column(book::Column::Id)
            .from(book::Entity)
            .and_where(Expr::val(1).eq(0))
            .to_owned()
    });
    for arm in arms {
        page.union(UnionType::All, arm);
    }
    for column in sort {
        page.order_by(*column, Order::Desc);
    }
    page.limit(limit).offset(offset);
    if !several {
        return page;
    }
    Query::select()
        .column(book::Column::Id)
        .from_subquery(page, Alias::new("page"))
        .to_owned()
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

/// A listed book's stored access and the end of the latest campaign running for it at
/// `now_ms` (none when no campaign covers it), in one query; `None` when no listed book has
/// this id.
pub async fn book_access(
    db: &impl ConnectionTrait,
    book_id: i32,
    now_ms: i64,
) -> Result<Option<(String, Option<i64>)>, DbErr> {
    book::Entity::find_by_id(book_id)
        .filter(listed())
        .select_only()
        .column(book::Column::Access)
        .column_as(campaign_end(now_ms), "ends_at")
        .into_tuple()
        .one(db)
        .await
}

/// The listed books covered by a campaign running at `now_ms`, once per campaign that
/// covers them: `(book_id, ends_at)` rows of the books it names and of the books filed in
/// its categories.
fn covered_books(now_ms: i64) -> SelectStatement {
    let published = Query::select()
        .expr(Expr::val(1))
        .from(book::Entity)
        .and_where(
            Expr::col((book::Entity, book::Column::Id))
                .equals((promotion_book::Entity, promotion_book::Column::BookId)),
        )
        .cond_where(listed())
        .to_owned();
    let named = Query::select()
        .expr_as(
            Expr::col((promotion_book::Entity, promotion_book::Column::BookId)),
            Alias::new("book_id"),
        )
        .expr_as(
            Expr::col((promotion::Entity, promotion::Column::EndsAt)),
            Alias::new("ends_at"),
        )
        .from(promotion_book::Entity)
        .inner_join(
            promotion::Entity,
            Expr::col((promotion::Entity, promotion::Column::Id))
                .equals((promotion_book::Entity, promotion_book::Column::PromotionId)),
        )
        .cond_where(campaign_running(now_ms))
        .and_where(Expr::exists(published))
        .to_owned();
    // CROSS JOIN fixes SQLite's join order (running campaigns, their categories, then each
    // category's books through its index), which it would otherwise choose without statistics;
    // PostgreSQL plans it as the inner join it is.
    let mut in_category = Query::select()
        .expr_as(
            Expr::col((book::Entity, book::Column::Id)),
            Alias::new("book_id"),
        )
        .expr_as(
            Expr::col((promotion::Entity, promotion::Column::EndsAt)),
            Alias::new("ends_at"),
        )
        .from(promotion::Entity)
        .cross_join(promotion_category::Entity)
        .cross_join(book::Entity)
        .and_where(
            Expr::col((
                promotion_category::Entity,
                promotion_category::Column::PromotionId,
            ))
            .equals((promotion::Entity, promotion::Column::Id)),
        )
        .and_where(Expr::col((book::Entity, book::Column::CategoryId)).equals((
            promotion_category::Entity,
            promotion_category::Column::CategoryId,
        )))
        .cond_where(campaign_running(now_ms))
        .cond_where(listed())
        .to_owned();
    in_category.union(UnionType::All, named).to_owned()
}

/// A page of the books free now through a campaign, ending soonest first: (book id, end).
/// A book in several running campaigns counts once, with the latest end.
pub async fn limited_free_page(
    db: &impl ConnectionTrait,
    now_ms: i64,
    paging: Paging,
) -> Result<(Vec<(i32, i64)>, u64), DbErr> {
    let covered = Alias::new("covered");
    let book_id = || Expr::col((covered.clone(), Alias::new("book_id")));
    let latest = || Expr::col((covered.clone(), Alias::new("ends_at"))).max();
    let total = Query::select()
        .expr_as(book_id().count_distinct(), Alias::new("n"))
        .from_subquery(covered_books(now_ms), covered.clone())
        .to_owned();
    let total: i64 = match db.query_one(&total).await? {
        Some(row) => row.try_get("", "n")?,
        None => 0,
    };
    let page = Query::select()
        .expr_as(book_id(), Alias::new("book_id"))
        .expr_as(latest(), Alias::new("ends_at"))
        .from_subquery(covered_books(now_ms), covered.clone())
        .group_by_col((covered.clone(), Alias::new("book_id")))
        .order_by_expr(latest(), Order::Asc)
        .order_by_expr(book_id(), Order::Asc)
        .offset(paging.offset())
        .limit(paging.page_size)
        .to_owned();
    let rows = db
        .query_all(&page)
        .await?
        .into_iter()
        .map(|row| Ok((row.try_get("", "book_id")?, row.try_get("", "ends_at")?)))
        .collect::<Result<Vec<(i32, i64)>, DbErr>>()?;
    Ok((rows, u64::try_from(total).unwrap_or(0)))
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
    let chapters = query
        .clone()
        .order_by_asc(chapter::Column::Idx)
        .offset(paging.offset())
        .limit(paging.page_size)
        .all(db)
        .await?;
    // Most books' chapters fit on their first page: counted only when the page cannot tell.
    let total = match paging.total_of_partial_page(chapters.len()) {
        Some(total) => total,
        None => query.count(db).await?,
    };
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
/// One walk per value in play order, merged ([`merged_page`]), each stopping after `limit`
/// books: the thousands of books of a category are neither read nor sorted.
pub async fn books_related(
    db: &impl ConnectionTrait,
    column: book::Column,
    values: &[i32],
    exclude: &[i32],
    limit: u64,
) -> Result<Vec<book::Model>, DbErr> {
    let mut values = values.to_vec();
    values.sort_unstable();
    values.dedup();
    if values.is_empty() {
        return Ok(Vec::new());
    }
    let arms = values.into_iter().map(|value| {
        let mut condition = listed().add(Expr::col((book::Entity, column)).eq(value));
        if !exclude.is_empty() {
            condition = condition.add(book::Column::Id.is_not_in(exclude.iter().copied()));
        }
        Query::select()
            .from(book::Entity)
            .cond_where(condition)
            .to_owned()
    });
    let sort = sort_columns(BookSort::Popular);
    let mut query = book::Entity::find().filter(
        Expr::col((book::Entity, book::Column::Id)).in_subquery(merged_page(
            arms.collect(),
            sort,
            limit,
            0,
        )),
    );
    for column in sort {
        query = query.order_by_desc(*column);
    }
    query.all(db).await
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

//! Storage reads of books shared by the catalogue and the library: a book's summary row
//! (names, tags and campaign end in one query), finding a book or a published chapter, and
//! the titles of books and chapters by id.
use std::collections::HashMap;

use sea_orm::{
    sea_query::{Expr, ExprTrait, Query},
    ColumnTrait, Condition, ConnectionTrait, DbBackend, DbErr, EntityTrait, FromQueryResult,
    JoinType, QueryFilter, QuerySelect, RelationDef, Select,
};

use super::view::Titles;
use crate::entities::{
    author, book, book_tag, category, chapter, narrator, promotion, promotion_book,
    promotion_category, tag,
};

/// Listeners see published books only; the console sees every book.
pub fn listed() -> Condition {
    Condition::all().add(Expr::col((book::Entity, book::Column::Published)).eq(true))
}

/// A published book.
pub async fn find_book(db: &impl ConnectionTrait, id: i32) -> Result<Option<book::Model>, DbErr> {
    book::Entity::find_by_id(id).filter(listed()).one(db).await
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

/// The titles of these books (published or not: what was bought stays named), by id.
pub async fn book_titles(
    db: &impl ConnectionTrait,
    ids: &[i32],
) -> Result<HashMap<i32, Titles>, DbErr> {
    use book::Column as C;
    titles_by_id::<book::Entity>(db, ids, [C::Id, C::Title, C::TitleEn, C::TitleJa]).await
}

/// The titles of these chapters (published or not), by id.
pub async fn chapter_titles(
    db: &impl ConnectionTrait,
    ids: &[i32],
) -> Result<HashMap<i32, Titles>, DbErr> {
    use chapter::Column as C;
    titles_by_id::<chapter::Entity>(db, ids, [C::Id, C::Title, C::TitleEn, C::TitleJa]).await
}

/// The zh, en and ja titles of these rows of `E`, read by its id and three title `columns`.
async fn titles_by_id<E: EntityTrait>(
    db: &impl ConnectionTrait,
    ids: &[i32],
    columns: [E::Column; 4],
) -> Result<HashMap<i32, Titles>, DbErr> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i32, String, Option<String>, Option<String>)> = E::find()
        .select_only()
        .columns(columns)
        .filter(columns[0].is_in(ids.iter().copied()))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(id, zh, en, ja)| (id, Titles { zh, en, ja }))
        .collect())
}

/// Separates the tags of [`SummaryRow::tag_names`] (U+001F, a control character that has
/// no place in a tag name).
pub const TAG_SEPARATOR: char = '\u{1f}';
/// Separates a tag's zh, en and ja names within one tag (U+001E).
pub const TAG_NAME_SEPARATOR: char = '\u{1e}';

/// What a book's summary shows: its own columns (not the description) and, from other
/// tables, the author, narrator and category names, the tags and an active campaign, read
/// in one query: a page of 20 books is one statement and 20 rows rather than six statements
/// and some 120 rows.
#[derive(Debug, Clone, PartialEq, FromQueryResult)]
pub struct SummaryRow {
    pub id: i32,
    pub title: String,
    pub title_en: Option<String>,
    pub title_ja: Option<String>,
    pub subtitle: Option<String>,
    pub subtitle_en: Option<String>,
    pub subtitle_ja: Option<String>,
    pub author_id: i32,
    pub narrator_id: Option<i32>,
    pub cover_url: Option<String>,
    pub category_id: i32,
    pub status: String,
    pub access: String,
    pub price_cny: Option<i64>,
    pub price_usd: Option<i64>,
    pub price_jpy: Option<i64>,
    pub chapter_count: i32,
    pub total_duration_secs: i64,
    pub play_count: i64,
    pub favorite_count: i64,
    pub rating_avg: f64,
    pub rating_count: i32,
    pub updated_at: i64,
    pub author_name: Option<String>,
    pub author_name_en: Option<String>,
    pub author_name_ja: Option<String>,
    pub narrator_name: Option<String>,
    pub narrator_name_en: Option<String>,
    pub narrator_name_ja: Option<String>,
    pub category_slug: Option<String>,
    pub category_zh: Option<String>,
    pub category_en: Option<String>,
    pub category_ja: Option<String>,
    /// The tags, alphabetical by zh name, separated by [`TAG_SEPARATOR`]; each its zh, en
    /// and ja names separated by [`TAG_NAME_SEPARATOR`] (empty when not translated).
    pub tag_names: Option<String>,
    /// The latest end of an active campaign (`starts_at <= now < ends_at`) the book is in.
    pub free_until: Option<i64>,
}

impl SummaryRow {
    /// The tags' [zh, en, ja] names (en and ja empty when not translated), alphabetical by zh.
    pub fn tags(&self) -> Vec<[String; 3]> {
        let tag = |names: &str| {
            let mut parts = names.splitn(3, TAG_NAME_SEPARATOR).map(str::to_owned);
            [0; 3].map(|_| parts.next().unwrap_or_default())
        };
        self.tag_names
            .as_deref()
            .filter(|names| !names.is_empty())
            .map(|names| names.split(TAG_SEPARATOR).map(tag).collect())
            .unwrap_or_default()
    }
}

/// `select` (one row, one column) as a value.
fn scalar(select: sea_orm::sea_query::SelectStatement) -> Expr {
    Expr::SubQuery(None, Box::new(select.into()))
}

/// Books with the columns of [`SummaryRow`]: the names joined, tags and campaign end as
/// subqueries per book.
pub fn summary_select(backend: DbBackend, now_ms: i64) -> Select<book::Entity> {
    // The one aggregate spelled differently by the two databases.
    let tag_list = match backend {
        DbBackend::Postgres => {
            r#"string_agg("tags"."name" || chr(30) || coalesce("tags"."name_en", '') || chr(30) || coalesce("tags"."name_ja", ''), chr(31) ORDER BY "tags"."name")"#
        }
        _ => {
            r#"group_concat("tags"."name" || char(30) || coalesce("tags"."name_en", '') || char(30) || coalesce("tags"."name_ja", ''), char(31) ORDER BY "tags"."name")"#
        }
    };
    let tags = Query::select()
        .expr(Expr::cust(tag_list))
        .from(book_tag::Entity)
        .inner_join(
            tag::Entity,
            Expr::col((tag::Entity, tag::Column::Id))
                .equals((book_tag::Entity, book_tag::Column::TagId)),
        )
        .and_where(
            Expr::col((book_tag::Entity, book_tag::Column::BookId))
                .equals((book::Entity, book::Column::Id)),
        )
        .to_owned();
    book::Entity::find()
        .filter(listed())
        .select_only()
        .columns([
            book::Column::Id,
            book::Column::Title,
            book::Column::TitleEn,
            book::Column::TitleJa,
            book::Column::Subtitle,
            book::Column::SubtitleEn,
            book::Column::SubtitleJa,
            book::Column::AuthorId,
            book::Column::NarratorId,
            book::Column::CoverUrl,
            book::Column::CategoryId,
            book::Column::Status,
            book::Column::Access,
            book::Column::PriceCny,
            book::Column::PriceUsd,
            book::Column::PriceJpy,
            book::Column::ChapterCount,
            book::Column::TotalDurationSecs,
            book::Column::PlayCount,
            book::Column::FavoriteCount,
            book::Column::RatingAvg,
            book::Column::RatingCount,
            book::Column::UpdatedAt,
        ])
        .join(
            JoinType::LeftJoin,
            belongs::<book::Entity, author::Entity>(book::Column::AuthorId, author::Column::Id),
        )
        .join(
            JoinType::LeftJoin,
            belongs::<book::Entity, narrator::Entity>(
                book::Column::NarratorId,
                narrator::Column::Id,
            ),
        )
        .join(
            JoinType::LeftJoin,
            belongs::<book::Entity, category::Entity>(
                book::Column::CategoryId,
                category::Column::Id,
            ),
        )
        .column_as(
            Expr::col((author::Entity, author::Column::Name)),
            "author_name",
        )
        .column_as(
            Expr::col((author::Entity, author::Column::NameEn)),
            "author_name_en",
        )
        .column_as(
            Expr::col((author::Entity, author::Column::NameJa)),
            "author_name_ja",
        )
        .column_as(
            Expr::col((narrator::Entity, narrator::Column::Name)),
            "narrator_name",
        )
        .column_as(
            Expr::col((narrator::Entity, narrator::Column::NameEn)),
            "narrator_name_en",
        )
        .column_as(
            Expr::col((narrator::Entity, narrator::Column::NameJa)),
            "narrator_name_ja",
        )
        .column_as(
            Expr::col((category::Entity, category::Column::Slug)),
            "category_slug",
        )
        .column_as(
            Expr::col((category::Entity, category::Column::NameZh)),
            "category_zh",
        )
        .column_as(
            Expr::col((category::Entity, category::Column::NameEn)),
            "category_en",
        )
        .column_as(
            Expr::col((category::Entity, category::Column::NameJa)),
            "category_ja",
        )
        .column_as(scalar(tags), "tag_names")
        .column_as(campaign_end(now_ms), "free_until")
}

/// A listed book's summary row with its descriptions: a book's page in one query.
#[derive(Debug, Clone, PartialEq, FromQueryResult)]
pub struct DetailRow {
    #[sea_orm(nested)]
    pub summary: SummaryRow,
    pub description: String,
    pub description_en: Option<String>,
    pub description_ja: Option<String>,
}

/// The detail row of a listed book, or `None` when no listed book has this id.
pub async fn detail_row(
    db: &impl ConnectionTrait,
    id: i32,
    now_ms: i64,
) -> Result<Option<DetailRow>, DbErr> {
    summary_select(db.get_database_backend(), now_ms)
        .columns([
            book::Column::Description,
            book::Column::DescriptionEn,
            book::Column::DescriptionJa,
        ])
        .filter(book::Column::Id.eq(id))
        .into_model::<DetailRow>()
        .one(db)
        .await
}

/// The summary rows of these books, in no particular order (unknown ids are skipped).
pub async fn summary_rows(
    db: &impl ConnectionTrait,
    ids: &[i32],
    now_ms: i64,
) -> Result<Vec<SummaryRow>, DbErr> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    summary_select(db.get_database_backend(), now_ms)
        .filter(book::Column::Id.is_in(ids.iter().copied()))
        .into_model::<SummaryRow>()
        .all(db)
        .await
}

/// The join from `A`'s `from` column to `B`'s `to` column (the entities declare no relations).
pub fn belongs<A: EntityTrait, B: EntityTrait + Default>(
    from: A::Column,
    to: B::Column,
) -> RelationDef {
    A::belongs_to(B::default()).from(from).to(to).into()
}

/// The campaigns running at `now_ms`, for the queries that filter and page in the database:
/// the SQL form of the core's `campaignActive` (`startsAt <= now < endsAt`), checked against
/// it at the boundaries by the API test `catalog::the_database_agrees_with_the_core_on_campaigns`.
pub fn campaign_running(now_ms: i64) -> Condition {
    Condition::all()
        .add(Expr::col((promotion::Entity, promotion::Column::StartsAt)).lte(now_ms))
        .add(Expr::col((promotion::Entity, promotion::Column::EndsAt)).gt(now_ms))
}

/// The latest end of the campaigns covering the enclosing query's `books` row and running at
/// `now_ms` (null when none is): the SQL form of the core's `campaignEnd`.
pub fn campaign_end(now_ms: i64) -> Expr {
    scalar(
        Query::select()
            .expr(Expr::col((promotion::Entity, promotion::Column::EndsAt)).max())
            .from(promotion::Entity)
            .cond_where(campaign_running(now_ms))
            .cond_where(campaign_covers_book())
            .to_owned(),
    )
}

/// The campaign (`promotions` row) covers the `books` row of the enclosing query: it names
/// the book, or the category the book is filed in (core `offers::campaign_form`: a book is
/// free while any campaign covering it runs; the latest end counts).
pub fn campaign_covers_book() -> Condition {
    let named = Query::select()
        .expr(Expr::val(1))
        .from(promotion_book::Entity)
        .and_where(
            Expr::col((promotion_book::Entity, promotion_book::Column::PromotionId))
                .equals((promotion::Entity, promotion::Column::Id)),
        )
        .and_where(
            Expr::col((promotion_book::Entity, promotion_book::Column::BookId))
                .equals((book::Entity, book::Column::Id)),
        )
        .to_owned();
    let in_category = Query::select()
        .expr(Expr::val(1))
        .from(promotion_category::Entity)
        .and_where(
            Expr::col((
                promotion_category::Entity,
                promotion_category::Column::PromotionId,
            ))
            .equals((promotion::Entity, promotion::Column::Id)),
        )
        .and_where(
            Expr::col((
                promotion_category::Entity,
                promotion_category::Column::CategoryId,
            ))
            .equals((book::Entity, book::Column::CategoryId)),
        )
        .to_owned();
    Condition::any()
        .add(Expr::exists(named))
        .add(Expr::exists(in_category))
}

/// promotion_books → promotions.
pub fn promotion_of_book() -> RelationDef {
    belongs::<promotion_book::Entity, promotion::Entity>(
        promotion_book::Column::PromotionId,
        promotion::Column::Id,
    )
}

//! The console's books: a searchable, filtered, sorted list of every book (published or not),
//! one book with every field, creation, changes, deletion and bulk publishing. Each write is
//! one transaction with its audit row; listeners see it at once (`catalogue_changed`).
use std::collections::HashMap;

use sea_orm::{
    sea_query::{Expr, ExprTrait, OnConflict, Order, Query},
    ActiveModelTrait,
    ActiveValue::Set,
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect,
};
use tingshu_core::{
    catalog::{
        access::BookAccess,
        book::BookStatus,
        edit::{validate_book, BookFields, BookValidation, ValidateBookInput},
        query::{BOOK_ACCESS, BOOK_STATUSES},
    },
    i18n::texts::{text, text_with},
    spelling::Spelling,
    Lang,
};

use super::{
    audit::{self, Actor, Change},
    catalogue_changed, now_ms,
    view::{AdminBook, AdminBookRow, BulkAction, BulkRequest, BulkResult},
};
use crate::{
    console::Console,
    covers::SizesError,
    db::spelled::spelled,
    entities::{asset, author, book, book_tag, category, narrator, tag},
    error::{ApiError, ApiResult, Missing},
    paging::{choice_param, whole_number_param, Page, Paging},
    search::SearchIndex,
};

/// The console's book list: at most 100 per page, 20 by default.
pub const LIST_MAX_PAGE_SIZE: u64 = 100;
pub const LIST_DEFAULT_PAGE_SIZE: u64 = 20;
/// Most characters of a list search.
pub const SEARCH_MAX_CHARS: usize = 100;
/// Most books one bulk action may name.
pub const BULK_MAX: usize = 500;
/// Most search matches the console's list considers (the best first).
pub const SEARCH_MATCHES: usize = 1_000;

/// The raw `GET /api/admin/books` query, as strings, before validation.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AdminBookParams {
    /// From 1.
    #[param(value_type = Option<u32>, minimum = 1)]
    pub page: Option<String>,
    /// From 1 to 100; 20 when absent.
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    pub page_size: Option<String>,
    /// Words of a title (any language), the author's or narrator's name, a tag, pinyin, or a
    /// book id; the 1,000 best matches are listed.
    pub q: Option<String>,
    /// A category id (that category only).
    #[param(value_type = Option<u32>, minimum = 1)]
    pub category: Option<String>,
    /// `free`, `vip` or `paid`.
    pub access: Option<String>,
    /// `serialising` or `finished`.
    pub status: Option<String>,
    /// `true` (published) or `false` (not yet).
    pub published: Option<String>,
    /// `updated` (the default: last changed first), `newest`, `title` or `plays`.
    pub sort: Option<String>,
}

/// The orders of the console's list.
pub const SORTS: [&str; 4] = ["updated", "newest", "title", "plays"];

/// A validated list request.
#[derive(Debug, Clone)]
pub struct AdminBookQuery {
    pub q: Option<String>,
    pub category_id: Option<i32>,
    pub access: Option<String>,
    pub status: Option<String>,
    pub published: Option<bool>,
    pub sort: &'static str,
    pub paging: Paging,
}

impl AdminBookQuery {
    /// Checks every parameter; a 400 names the first bad one and its rule in `lang`.
    pub fn parse(params: AdminBookParams, lang: Lang) -> ApiResult<Self> {
        let paging = Paging::parse_in(
            lang,
            params.page.as_deref(),
            params.page_size.as_deref(),
            LIST_DEFAULT_PAGE_SIZE,
            LIST_MAX_PAGE_SIZE,
        )?;
        let q = params
            .q
            .as_deref()
            .map(str::trim)
            .filter(|q| !q.is_empty())
            .map(str::to_owned);
        if q.as_ref()
            .is_some_and(|q| q.chars().count() > SEARCH_MAX_CHARS)
        {
            return Err(crate::paging::param_error(
                lang,
                "q",
                tingshu_core::validation::FieldRule::TooLong {
                    max: SEARCH_MAX_CHARS,
                },
            ));
        }
        let category_id = whole_number_param(
            lang,
            "category",
            params.category.as_deref(),
            1,
            i32::MAX as u64,
        )?
        .map(|id| id as i32);
        let published = choice_param(
            lang,
            "published",
            params.published.as_deref(),
            &crate::paging::YES_NO,
        )?
        .map(|value| value == "true");
        let sort = choice_param(lang, "sort", params.sort.as_deref(), &SORTS)?;
        let sort = SORTS
            .into_iter()
            .find(|s| Some(*s) == sort.as_deref())
            .unwrap_or("updated");
        Ok(Self {
            q,
            category_id,
            access: choice_param(lang, "access", params.access.as_deref(), &BOOK_ACCESS)?,
            status: choice_param(lang, "status", params.status.as_deref(), &BOOK_STATUSES)?,
            published,
            sort,
            paging,
        })
    }

    /// The filters; `matches` are the books the search index found for `q`.
    fn condition(&self, matches: Option<&[i32]>) -> Condition {
        let mut condition = Condition::all();
        if let Some(ids) = matches {
            condition = condition.add(book::Column::Id.is_in(ids.iter().copied()));
        }
        if let Some(id) = self.category_id {
            condition = condition.add(book::Column::CategoryId.eq(id));
        }
        if let Some(access) = &self.access {
            condition = condition.add(book::Column::Access.eq(access.as_str()));
        }
        if let Some(status) = &self.status {
            condition = condition.add(book::Column::Status.eq(status.as_str()));
        }
        if let Some(published) = self.published {
            condition = condition.add(book::Column::Published.eq(published));
        }
        condition
    }
}

/// The books a console search `q` finds: the [`SEARCH_MATCHES`] best matches of the search
/// index (titles in every language, author, narrator, tags, pinyin, initials, typos), and
/// the book whose id `q` is.
async fn search_matches(search: &SearchIndex, q: &str) -> ApiResult<Vec<i32>> {
    let mut ids = search
        .matching_ids(q.to_owned(), SEARCH_MATCHES)
        .await
        .map_err(ApiError::Internal)?;
    if let Ok(id) = q.parse::<i32>() {
        ids.push(id);
    }
    Ok(ids)
}

/// `condition` as the filter of `select`, leaving an empty one out (sea-query would write
/// `WHERE TRUE`, which keeps SQLite from counting the table from its b-tree directly).
fn filtered(
    select: sea_orm::Select<book::Entity>,
    condition: Condition,
) -> sea_orm::Select<book::Entity> {
    if condition.is_empty() {
        select
    } else {
        select.filter(condition)
    }
}

/// A page of every book matching `query` (`q` through the search index). The count and the
/// page run at once on two of the read pool's connections; the page is read in two steps,
/// the ids in list order (an index walk for every sort) and then only the list's columns of
/// those twenty books.
pub async fn list(
    db: &impl ConnectionTrait,
    search: &SearchIndex,
    query: &AdminBookQuery,
) -> ApiResult<Page<AdminBookRow>> {
    let matches = match &query.q {
        Some(q) => Some(search_matches(search, q).await?),
        None => None,
    };
    if matches.as_ref().is_some_and(Vec::is_empty) {
        return Ok(Page::new(Vec::new(), 0, query.paging));
    }
    let condition = query.condition(matches.as_deref());
    let count = filtered(book::Entity::find(), condition.clone()).count(db);
    let ids = filtered(book::Entity::find(), condition)
        .select_only()
        .column(book::Column::Id);
    let (column, order) = match query.sort {
        "newest" => (book::Column::CreatedAt, Order::Desc),
        "title" => (book::Column::Title, Order::Asc),
        "plays" => (book::Column::PlayCount, Order::Desc),
        _ => (book::Column::UpdatedAt, Order::Desc),
    };
    // A search's few matches are read by id and sorted as they are; ordering by an expression
    // keeps SQLite from walking the whole sort index instead (`+ 0` works on PostgreSQL too,
    // and `|| ''` for the title).
    let ids = match (&matches, column) {
        (None, _) => ids.order_by(column, order),
        (Some(_), book::Column::Title) => ids.order_by(Expr::cust(r#""title" || ''"#), order),
        (Some(_), _) => ids.order_by(Expr::col(column).add(0), order),
    }
    .order_by_desc(book::Column::Id)
    .limit(query.paging.page_size)
    .offset(query.paging.offset())
    .into_tuple::<i32>()
    .all(db);
    let (total, ids) = tokio::try_join!(count, ids)?;
    let mut books: HashMap<i32, ListRow> = book::Entity::find()
        .select_only()
        .columns([
            book::Column::Id,
            book::Column::Title,
            book::Column::TitleEn,
            book::Column::AuthorId,
            book::Column::CategoryId,
            book::Column::Status,
            book::Column::Access,
            book::Column::Published,
            book::Column::ChapterCount,
            book::Column::PlayCount,
            book::Column::UpdatedAt,
        ])
        .filter(book::Column::Id.is_in(ids.iter().copied()))
        .into_model::<ListRow>()
        .all(db)
        .await?
        .into_iter()
        .map(|row| (row.id, row))
        .collect();
    let author_ids: Vec<i32> = books.values().map(|b| b.author_id).collect();
    let authors: HashMap<i32, String> = author::Entity::find()
        .filter(author::Column::Id.is_in(author_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|a| (a.id, a.name))
        .collect();
    let mut items = Vec::with_capacity(ids.len());
    for b in ids.iter().filter_map(|id| books.remove(id)) {
        let row = format!("book {}", b.id);
        items.push(AdminBookRow {
            id: b.id,
            author: authors.get(&b.author_id).cloned().unwrap_or_default(),
            title_zh: b.title,
            title_en: b.title_en,
            category_id: b.category_id,
            status: spelled::<BookStatus>(&row, "status", &b.status)?,
            access: spelled::<BookAccess>(&row, "access", &b.access)?,
            published: b.published,
            chapter_count: b.chapter_count,
            play_count: b.play_count,
            updated_at: b.updated_at,
        });
    }
    Ok(Page::new(items, total, query.paging))
}

/// The columns of a list row.
#[derive(Debug, sea_orm::FromQueryResult)]
struct ListRow {
    id: i32,
    title: String,
    title_en: Option<String>,
    author_id: i32,
    category_id: i32,
    status: String,
    access: String,
    published: bool,
    chapter_count: i32,
    play_count: i64,
    updated_at: i64,
}

/// One book with every field; 404 when it does not exist.
pub async fn get(db: &impl ConnectionTrait, id: i32) -> ApiResult<AdminBook> {
    read(db, id)
        .await?
        .ok_or(ApiError::NotFound(Missing::Book(id)))
}

async fn read(db: &impl ConnectionTrait, id: i32) -> Result<Option<AdminBook>, DbErr> {
    let Some(b) = book::Entity::find_by_id(id).one(db).await? else {
        return Ok(None);
    };
    let author = author::Entity::find_by_id(b.author_id).one(db).await?;
    let (author, author_en, author_ja) = match author {
        Some(a) => (a.name, a.name_en, a.name_ja),
        None => (String::new(), None, None),
    };
    let narrator = match b.narrator_id {
        Some(narrator_id) => narrator::Entity::find_by_id(narrator_id).one(db).await?,
        None => None,
    };
    let (narrator, narrator_en, narrator_ja) = match narrator {
        Some(n) => (Some(n.name), n.name_en, n.name_ja),
        None => (None, None, None),
    };
    let tags: Vec<tag::Model> = tag::Entity::find()
        .filter(
            tag::Column::Id.in_subquery(
                Query::select()
                    .column(book_tag::Column::TagId)
                    .from(book_tag::Entity)
                    .and_where(Expr::col(book_tag::Column::BookId).eq(id))
                    .to_owned(),
            ),
        )
        .order_by_asc(tag::Column::Id)
        .all(db)
        .await?;
    let tags_en = tags.iter().map(|t| t.name_en.clone()).collect();
    let tags_ja = tags.iter().map(|t| t.name_ja.clone()).collect();
    let tags = tags.into_iter().map(|t| t.name).collect();
    let row = format!("book {}", b.id);
    Ok(Some(AdminBook {
        id: b.id,
        title_zh: b.title,
        title_en: b.title_en,
        title_ja: b.title_ja,
        subtitle_zh: b.subtitle,
        subtitle_en: b.subtitle_en,
        subtitle_ja: b.subtitle_ja,
        description_zh: b.description,
        description_en: b.description_en,
        description_ja: b.description_ja,
        author_id: b.author_id,
        author,
        author_en,
        author_ja,
        narrator_id: b.narrator_id,
        narrator,
        narrator_en,
        narrator_ja,
        category_id: b.category_id,
        tags,
        tags_en,
        tags_ja,
        status: spelled(&row, "status", &b.status)?,
        access: spelled(&row, "access", &b.access)?,
        language: b.language,
        price_cny: b.price_cny,
        price_usd: b.price_usd,
        price_jpy: b.price_jpy,
        cover_url: b.cover_url,
        cover_asset_id: b.cover_asset_id,
        published: b.published,
        chapter_count: b.chapter_count,
        total_duration_secs: b.total_duration_secs,
        play_count: b.play_count,
        created_at: b.created_at,
        updated_at: b.updated_at,
    }))
}

/// The form checked by the core; 400 naming every bad field.
fn checked(mut input: ValidateBookInput, lang: Lang) -> ApiResult<BookFields> {
    input.lang = lang;
    match validate_book(input) {
        BookValidation::Valid { book } => Ok(*book),
        BookValidation::Invalid { errors } => Err(ApiError::invalid_form(&errors, lang)),
    }
}

/// 400 on `categoryId` when the category does not exist.
async fn ensure_category(db: &impl ConnectionTrait, id: i32, lang: Lang) -> ApiResult<()> {
    if category::Entity::find_by_id(id).one(db).await?.is_none() {
        let message = text(lang, "api.console.noSuchCategory").to_owned();
        return Err(ApiError::invalid_field("categoryId", message, lang));
    }
    Ok(())
}

/// A person's or tag's name in zh (how it is found) with the en and ja names a form gave;
/// an absent one leaves the stored name as it is.
struct Names<'a> {
    zh: &'a str,
    en: Option<&'a str>,
    ja: Option<&'a str>,
}

impl<'a> Names<'a> {
    fn new(zh: &'a str, en: &'a Option<String>, ja: &'a Option<String>) -> Self {
        Self {
            zh,
            en: en.as_deref(),
            ja: ja.as_deref(),
        }
    }

    /// The stored `en`/`ja` names with these given ones in their place; None when unchanged.
    fn changed(
        &self,
        en: &Option<String>,
        ja: &Option<String>,
    ) -> Option<(Option<String>, Option<String>)> {
        let pick = |given: Option<&str>, stored: &Option<String>| {
            given.map(str::to_owned).or_else(|| stored.clone())
        };
        let names = (pick(self.en, en), pick(self.ja, ja));
        (names != (en.clone(), ja.clone())).then_some(names)
    }
}

/// The id of the author named `names.zh` (created when there is none), its en/ja names
/// set to those given.
async fn author_id(db: &impl ConnectionTrait, names: &Names<'_>) -> Result<i32, DbErr> {
    if let Some(found) = author::Entity::find()
        .filter(author::Column::Name.eq(names.zh))
        .one(db)
        .await?
    {
        if let Some((en, ja)) = names.changed(&found.name_en, &found.name_ja) {
            let id = found.id;
            let mut row: author::ActiveModel = found.into();
            row.name_en = Set(en);
            row.name_ja = Set(ja);
            row.update(db).await?;
            return Ok(id);
        }
        return Ok(found.id);
    }
    let created = author::ActiveModel {
        name: Set(names.zh.to_owned()),
        name_en: Set(names.en.map(str::to_owned)),
        name_ja: Set(names.ja.map(str::to_owned)),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(created.id)
}

/// The id of the narrator named `names.zh` (created when there is none), its en/ja names
/// set to those given.
async fn narrator_id(db: &impl ConnectionTrait, names: &Names<'_>) -> Result<i32, DbErr> {
    if let Some(found) = narrator::Entity::find()
        .filter(narrator::Column::Name.eq(names.zh))
        .one(db)
        .await?
    {
        if let Some((en, ja)) = names.changed(&found.name_en, &found.name_ja) {
            let id = found.id;
            let mut row: narrator::ActiveModel = found.into();
            row.name_en = Set(en);
            row.name_ja = Set(ja);
            row.update(db).await?;
            return Ok(id);
        }
        return Ok(found.id);
    }
    let created = narrator::ActiveModel {
        name: Set(names.zh.to_owned()),
        name_en: Set(names.en.map(str::to_owned)),
        name_ja: Set(names.ja.map(str::to_owned)),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(created.id)
}

/// Replaces the book's tags by the form's (tags created as needed, their en/ja names set to
/// those given; a concurrent creation of the same tag is not an error).
async fn set_tags(
    db: &impl ConnectionTrait,
    book_id: i32,
    fields: &BookFields,
) -> Result<(), DbErr> {
    book_tag::Entity::delete_many()
        .filter(book_tag::Column::BookId.eq(book_id))
        .exec(db)
        .await?;
    for (place, name) in fields.tags.iter().enumerate() {
        let given = |names: &[String]| names.get(place).filter(|n| !n.is_empty()).cloned();
        let (en, ja) = (given(&fields.tags_en), given(&fields.tags_ja));
        let names = Names::new(name, &en, &ja);
        tag::Entity::insert(tag::ActiveModel {
            name: Set(name.clone()),
            ..Default::default()
        })
        .on_conflict(
            OnConflict::column(tag::Column::Name)
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
        let tag = tag::Entity::find()
            .filter(tag::Column::Name.eq(name.as_str()))
            .one(db)
            .await?
            .ok_or_else(|| DbErr::RecordNotFound(format!("tag {name}")))?;
        let tag = match names.changed(&tag.name_en, &tag.name_ja) {
            Some((en, ja)) => {
                let mut row: tag::ActiveModel = tag.into();
                row.name_en = Set(en);
                row.name_ja = Set(ja);
                row.update(db).await?
            }
            None => tag,
        };
        book_tag::ActiveModel {
            book_id: Set(book_id),
            tag_id: Set(tag.id),
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

/// The columns a form sets, on `row`.
async fn apply(
    db: &impl ConnectionTrait,
    row: &mut book::ActiveModel,
    fields: &BookFields,
) -> Result<(), DbErr> {
    let narrator = match &fields.narrator {
        Some(name) => {
            let names = Names::new(name, &fields.narrator_en, &fields.narrator_ja);
            Some(narrator_id(db, &names).await?)
        }
        None => None,
    };
    let author = Names::new(&fields.author, &fields.author_en, &fields.author_ja);
    row.title = Set(fields.title_zh.clone());
    row.title_en = Set(fields.title_en.clone());
    row.title_ja = Set(fields.title_ja.clone());
    row.subtitle = Set(fields.subtitle_zh.clone());
    row.subtitle_en = Set(fields.subtitle_en.clone());
    row.subtitle_ja = Set(fields.subtitle_ja.clone());
    row.description = Set(fields.description_zh.clone());
    row.description_en = Set(fields.description_en.clone());
    row.description_ja = Set(fields.description_ja.clone());
    row.author_id = Set(author_id(db, &author).await?);
    row.narrator_id = Set(narrator);
    row.category_id = Set(fields.category_id);
    row.status = Set(fields.status.as_str().to_owned());
    row.access = Set(fields.access.as_str().to_owned());
    row.language = Set(fields.language.code().to_owned());
    row.price_cny = Set(fields.price_cny);
    row.price_usd = Set(fields.price_usd);
    row.price_jpy = Set(fields.price_jpy);
    Ok(())
}

fn as_json(book: &AdminBook) -> serde_json::Value {
    serde_json::to_value(book).unwrap_or_default()
}

/// Inserts a book of checked `fields` (its category known to exist) with its author, narrator
/// and tags, inside the caller's transaction; answers its id.
pub(crate) async fn insert(
    db: &impl ConnectionTrait,
    fields: &BookFields,
    published: bool,
    now: i64,
) -> ApiResult<i32> {
    let mut row = book::ActiveModel {
        published: Set(published),
        is_demo: Set(false),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    apply(db, &mut row, fields).await?;
    let id = row.insert(db).await?.id;
    set_tags(db, id, fields).await?;
    Ok(id)
}

/// Creates a book from the form, not yet published (an editor publishes it when its chapters
/// are in).
pub async fn create(
    console: &Console,
    actor: &Actor,
    input: ValidateBookInput,
    lang: Lang,
) -> ApiResult<AdminBook> {
    let fields = checked(input, lang)?;
    let now = now_ms();
    let txn = console.db.begin_write().await?;
    ensure_category(&txn, fields.category_id, lang).await?;
    let id = insert(&txn, &fields, false, now).await?;
    let created = read(&txn, id)
        .await?
        .ok_or(ApiError::NotFound(Missing::Book(id)))?;
    let change = Change {
        action: "book.create",
        entity: "book",
        entity_id: id,
        before: None,
        after: Some(as_json(&created)),
    };
    audit::record(&txn, actor, change, now).await?;
    txn.commit().await?;
    catalogue_changed(console, &[id]).await;
    Ok(created)
}

/// Changes every field of the form on book `id`.
pub async fn update(
    console: &Console,
    actor: &Actor,
    id: i32,
    input: ValidateBookInput,
    lang: Lang,
) -> ApiResult<AdminBook> {
    let fields = checked(input, lang)?;
    let now = now_ms();
    let txn = console.db.begin_write().await?;
    let before = read(&txn, id)
        .await?
        .ok_or(ApiError::NotFound(Missing::Book(id)))?;
    ensure_category(&txn, fields.category_id, lang).await?;
    let mut row = book::ActiveModel {
        id: sea_orm::ActiveValue::Unchanged(id),
        updated_at: Set(now),
        ..Default::default()
    };
    apply(&txn, &mut row, &fields).await?;
    row.update(&txn).await?;
    set_tags(&txn, id, &fields).await?;
    let after = read(&txn, id)
        .await?
        .ok_or(ApiError::NotFound(Missing::Book(id)))?;
    let change = Change {
        action: "book.update",
        entity: "book",
        entity_id: id,
        before: Some(as_json(&before)),
        after: Some(as_json(&after)),
    };
    audit::record(&txn, actor, change, now).await?;
    txn.commit().await?;
    catalogue_changed(console, &[id]).await;
    Ok(after)
}

/// Gives book `id` the cover made from uploaded image `asset_id` (its standard sizes made
/// and stored first), or no cover.
pub async fn set_cover(
    console: &Console,
    actor: &Actor,
    id: i32,
    asset_id: Option<i32>,
    lang: Lang,
) -> ApiResult<AdminBook> {
    let image = match asset_id {
        Some(asset_id) => {
            let image = asset::Entity::find_by_id(asset_id)
                .one(console.db.reader())
                .await?
                .filter(|asset| asset.kind == "image")
                .ok_or_else(|| {
                    let message = text(lang, "api.console.noSuchImage").to_owned();
                    ApiError::invalid_field("assetId", message, lang)
                })?;
            // The sizes are made now, so listeners' requests only ever read them.
            match console.covers.make_sizes(image.id).await {
                Ok(()) => {}
                Err(SizesError::Refused(refusal)) => {
                    tracing::warn!(asset = image.id, %refusal, "cover sizes not made");
                    let message = text(lang, "api.console.badImage").to_owned();
                    return Err(ApiError::invalid_field("assetId", message, lang));
                }
                Err(SizesError::Missing) => {
                    return Err(ApiError::Internal(anyhow::anyhow!(
                        "image {} is not stored",
                        image.id
                    )));
                }
                Err(SizesError::Fault(error)) => {
                    return Err(ApiError::Internal(anyhow::anyhow!(
                        "cover sizes of image {}: {error:#}",
                        image.id
                    )));
                }
            }
            Some(image.id)
        }
        None => None,
    };
    let now = now_ms();
    let txn = console.db.begin_write().await?;
    let before = read(&txn, id)
        .await?
        .ok_or(ApiError::NotFound(Missing::Book(id)))?;
    book::ActiveModel {
        id: sea_orm::ActiveValue::Unchanged(id),
        cover_asset_id: Set(image),
        cover_url: Set(
            image.map(|asset| crate::covers::url(asset, crate::covers::CoverSize::Large))
        ),
        updated_at: Set(now),
        ..Default::default()
    }
    .update(&txn)
    .await?;
    let after = read(&txn, id)
        .await?
        .ok_or(ApiError::NotFound(Missing::Book(id)))?;
    let change = Change {
        action: "book.cover",
        entity: "book",
        entity_id: id,
        before: Some(as_json(&before)),
        after: Some(as_json(&after)),
    };
    audit::record(&txn, actor, change, now).await?;
    txn.commit().await?;
    catalogue_changed(console, &[id]).await;
    Ok(after)
}

/// Deletes book `id` with its chapters, shelf entries, progress and history.
pub async fn delete(console: &Console, actor: &Actor, id: i32) -> ApiResult<()> {
    let now = now_ms();
    let txn = console.db.begin_write().await?;
    let before = read(&txn, id)
        .await?
        .ok_or(ApiError::NotFound(Missing::Book(id)))?;
    book::Entity::delete_by_id(id).exec(&txn).await?;
    let change = Change {
        action: "book.delete",
        entity: "book",
        entity_id: id,
        before: Some(as_json(&before)),
        after: None,
    };
    audit::record(&txn, actor, change, now).await?;
    txn.commit().await?;
    catalogue_changed(console, &[id]).await;
    Ok(())
}

/// Publishes, unpublishes or deletes every named book, in one transaction with one audit row
/// per changed book.
pub async fn bulk(
    console: &Console,
    actor: &Actor,
    request: BulkRequest,
    lang: Lang,
) -> ApiResult<BulkResult> {
    let mut ids = request.ids;
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() || ids.len() > BULK_MAX {
        let message = if ids.is_empty() {
            text(lang, "api.console.bulkEmpty").to_owned()
        } else {
            text_with(
                lang,
                "api.console.bulkTooMany",
                &[("max", &BULK_MAX.to_string())],
            )
        };
        return Err(ApiError::Validation {
            message: message.clone(),
            fields: [("ids".to_owned(), message)].into(),
        });
    }
    let now = now_ms();
    let txn = console.db.begin_write().await?;
    let mut changed = Vec::new();
    for id in ids {
        let Some(before) = read(&txn, id).await? else {
            continue;
        };
        let (action, after) = match request.action {
            BulkAction::Delete => {
                book::Entity::delete_by_id(id).exec(&txn).await?;
                ("book.delete", None)
            }
            BulkAction::Publish | BulkAction::Unpublish => {
                let published = request.action == BulkAction::Publish;
                if before.published == published {
                    continue;
                }
                book::ActiveModel {
                    id: sea_orm::ActiveValue::Unchanged(id),
                    published: Set(published),
                    updated_at: Set(now),
                    ..Default::default()
                }
                .update(&txn)
                .await?;
                let action = if published {
                    "book.publish"
                } else {
                    "book.unpublish"
                };
                (action, read(&txn, id).await?.as_ref().map(as_json))
            }
        };
        let change = Change {
            action,
            entity: "book",
            entity_id: id,
            before: Some(as_json(&before)),
            after,
        };
        audit::record(&txn, actor, change, now).await?;
        changed.push(id);
    }
    txn.commit().await?;
    catalogue_changed(console, &changed).await;
    Ok(BulkResult {
        changed: changed.len() as u64,
    })
}

//! The console's chapters: a book's chapters in order, creation one by one or in a batch (all
//! or none), changes (the audio replaced by another upload), deletion, reordering, bulk
//! free/VIP/price/publish, the list across books and each chapter's listening figures. Every
//! write is one transaction with its audit rows and keeps the book's chapter count and length
//! right; listeners see it at once (`catalogue_changed`).
use std::collections::{HashMap, HashSet};

use sea_orm::{
    sea_query::{Expr, ExprTrait},
    ActiveModelTrait,
    ActiveValue::{Set, Unchanged},
    ColumnTrait, Condition, ConnectionTrait, DbBackend, DbErr, EntityTrait, FromQueryResult,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Statement,
};
use serde::Deserialize;
use tingshu_core::{
    catalog::{
        access::BookAccess,
        chapter_form::{
            validate_chapter, validate_prices, ChapterFields, ChapterValidation, PricesValidation,
            ValidateChapterInput, ValidatePricesInput,
        },
    },
    i18n::texts::{text, text_with},
    validation::FieldError,
    Lang,
};

use super::{
    audit::{self, Actor, Change},
    catalogue_changed,
    chapter_view::{
        AdminChapter, AdminChapterList, AdminChapterRow, ChapterBatch, ChapterBook, ChapterBulk,
        ChapterBulkAction, ChapterFigures, ChapterOrder,
    },
    now_ms,
    view::BulkResult,
};
use crate::{
    console::Console,
    db::spelled::spelled,
    entities::{asset, book, chapter},
    error::{ApiError, ApiResult, Missing},
    paging::{choice_param, whole_number_param, Page, Paging},
    uploads::view::AssetView,
};

/// Most chapters one batch or bulk action may name.
pub const CHAPTERS_MAX: usize = 500;
/// The chapters-across-books list: at most 100 per page, 20 by default.
const LIST_MAX_PAGE_SIZE: u64 = 100;
const LIST_DEFAULT_PAGE_SIZE: u64 = 20;
/// The spellings of the chapter list's `?audio` filter.
pub const AUDIO_FILTERS: [&str; 2] = ["missing", "present"];

/// The answer shape of a chapter with its audio file.
fn view(row: chapter::Model, asset: Option<&asset::Model>) -> AdminChapter {
    AdminChapter {
        id: row.id,
        book_id: row.book_id,
        idx: row.idx,
        title_zh: row.title,
        title_en: row.title_en,
        title_ja: row.title_ja,
        duration_secs: row.duration_secs,
        is_free: row.is_free,
        price_cny: row.price_cny,
        price_usd: row.price_usd,
        price_jpy: row.price_jpy,
        published: row.published,
        asset: asset.map(AssetView::from),
        created_at: row.created_at,
        updated_at: row.updated_at,
    }
}

/// The chapters `rows` with their audio files, in the order given.
async fn with_assets(
    db: &impl ConnectionTrait,
    rows: Vec<chapter::Model>,
) -> Result<Vec<AdminChapter>, DbErr> {
    let ids: HashSet<i32> = rows.iter().filter_map(|c| c.asset_id).collect();
    let assets: HashMap<i32, asset::Model> = if ids.is_empty() {
        HashMap::new()
    } else {
        asset::Entity::find()
            .filter(asset::Column::Id.is_in(ids))
            .all(db)
            .await?
            .into_iter()
            .map(|a| (a.id, a))
            .collect()
    };
    Ok(rows
        .into_iter()
        .map(|row| {
            let asset = row.asset_id.and_then(|id| assets.get(&id));
            view(row, asset)
        })
        .collect())
}

async fn book_of(db: &impl ConnectionTrait, id: i32) -> ApiResult<book::Model> {
    book::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or(ApiError::NotFound(Missing::Book(id)))
}

/// The book, locked until the transaction ends: writers of one book's chapters (places are
/// unique per book) take turns on PostgreSQL; SQLite's write lock already serialises them.
async fn locked_book(db: &impl ConnectionTrait, id: i32) -> ApiResult<book::Model> {
    book::Entity::find_by_id(id)
        .lock_exclusive()
        .one(db)
        .await?
        .ok_or(ApiError::NotFound(Missing::Book(id)))
}

async fn chapter_of(db: &impl ConnectionTrait, id: i32) -> ApiResult<chapter::Model> {
    chapter::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or(ApiError::NotFound(Missing::Chapter(id)))
}

async fn read_one(db: &impl ConnectionTrait, id: i32) -> ApiResult<AdminChapter> {
    let row = chapter_of(db, id).await?;
    Ok(with_assets(db, vec![row]).await?.remove(0))
}

fn as_json(chapter: &AdminChapter) -> serde_json::Value {
    serde_json::to_value(chapter).unwrap_or_default()
}

/// Every chapter of book `book_id`, published or not, in order.
pub async fn list(db: &impl ConnectionTrait, book_id: i32) -> ApiResult<AdminChapterList> {
    let book = book_of(db, book_id).await?;
    let rows = chapter::Entity::find()
        .filter(chapter::Column::BookId.eq(book_id))
        .order_by_asc(chapter::Column::Idx)
        .all(db)
        .await?;
    let access: BookAccess = spelled(&format!("book {book_id}"), "access", &book.access)?;
    Ok(AdminChapterList {
        book: ChapterBook {
            id: book.id,
            title_zh: book.title,
            access,
            published: book.published,
            chapter_count: book.chapter_count,
            total_duration_secs: book.total_duration_secs,
        },
        chapters: with_assets(db, rows).await?,
    })
}

/// One chapter.
pub async fn get(db: &impl ConnectionTrait, id: i32) -> ApiResult<AdminChapter> {
    read_one(db, id).await
}

/// The audio file of chapter `id` (404 for no chapter; `None` while it has no audio).
pub async fn audio_of(db: &impl ConnectionTrait, id: i32) -> ApiResult<Option<asset::Model>> {
    let row = chapter_of(db, id).await?;
    match row.asset_id {
        Some(asset_id) => Ok(asset::Entity::find_by_id(asset_id).one(db).await?),
        None => Ok(None),
    }
}

/// The form checked by the core rule; the message language is the request's.
fn checked(mut input: ValidateChapterInput, lang: Lang) -> Result<ChapterFields, Vec<FieldError>> {
    input.lang = lang;
    match validate_chapter(input) {
        ChapterValidation::Valid { chapter } => Ok(chapter),
        ChapterValidation::Invalid { errors } => Err(errors),
    }
}

/// The audio file of `asset_id`: it must exist and be audio, else a 400 on `field`.
async fn audio_asset(
    db: &impl ConnectionTrait,
    asset_id: Option<i32>,
    field: &str,
    lang: Lang,
) -> ApiResult<Option<asset::Model>> {
    let Some(id) = asset_id else {
        return Ok(None);
    };
    match asset::Entity::find_by_id(id).one(db).await? {
        Some(asset) if asset.kind == "audio" => Ok(Some(asset)),
        _ => Err(ApiError::invalid_field(
            field,
            text(lang, "api.console.noSuchAudio").to_owned(),
            lang,
        )),
    }
}

/// Sets the form's fields on `row`; the length comes from the audio file.
fn apply(row: &mut chapter::ActiveModel, fields: &ChapterFields, asset: Option<&asset::Model>) {
    row.title = Set(fields.title_zh.clone());
    row.title_en = Set(fields.title_en.clone());
    row.title_ja = Set(fields.title_ja.clone());
    row.asset_id = Set(fields.asset_id);
    row.duration_secs = Set(asset.map_or(0.0, |a| a.duration_secs));
    row.is_free = Set(fields.is_free);
    row.price_cny = Set(fields.price_cny);
    row.price_usd = Set(fields.price_usd);
    row.price_jpy = Set(fields.price_jpy);
    row.published = Set(fields.published);
}

/// The book's chapter count and length (its published chapters), and its time of change.
async fn refresh_book(db: &impl ConnectionTrait, book_id: i32, now: i64) -> Result<(), DbErr> {
    #[derive(FromQueryResult)]
    struct Totals {
        count: i64,
        seconds: Option<f64>,
    }
    let totals = chapter::Entity::find()
        .select_only()
        .column_as(chapter::Column::Id.count(), "count")
        .column_as(chapter::Column::DurationSecs.sum(), "seconds")
        .filter(chapter::Column::BookId.eq(book_id))
        .filter(chapter::Column::Published.eq(true))
        .into_model::<Totals>()
        .one(db)
        .await?;
    let (count, seconds) = totals.map_or((0, 0.0), |t| (t.count, t.seconds.unwrap_or(0.0)));
    book::ActiveModel {
        id: Unchanged(book_id),
        chapter_count: Set(count as i32),
        total_duration_secs: Set(seconds.round() as i64),
        updated_at: Set(now),
        ..Default::default()
    }
    .update(db)
    .await?;
    Ok(())
}

/// Puts the book's chapters at places 1, 2, … in the order of `ordered` (every chapter of the
/// book). Places are unique per book, so every chapter first moves to a negative place.
async fn place(db: &impl ConnectionTrait, book_id: i32, ordered: &[i32]) -> Result<(), DbErr> {
    chapter::Entity::update_many()
        .col_expr(
            chapter::Column::Idx,
            Expr::col(chapter::Column::Idx).mul(-1).sub(1),
        )
        .filter(chapter::Column::BookId.eq(book_id))
        .exec(db)
        .await?;
    for (position, id) in ordered.iter().enumerate() {
        chapter::Entity::update_many()
            .col_expr(chapter::Column::Idx, Expr::value(position as i32 + 1))
            .filter(chapter::Column::Id.eq(*id))
            .exec(db)
            .await?;
    }
    Ok(())
}

/// The book's chapter ids in their current order.
async fn ordered_ids(db: &impl ConnectionTrait, book_id: i32) -> Result<Vec<i32>, DbErr> {
    chapter::Entity::find()
        .select_only()
        .column(chapter::Column::Id)
        .filter(chapter::Column::BookId.eq(book_id))
        .order_by_asc(chapter::Column::Idx)
        .into_tuple()
        .all(db)
        .await
}

/// The next free place at the end of the book.
async fn next_place(db: &impl ConnectionTrait, book_id: i32) -> Result<i32, DbErr> {
    let last: Option<Option<i32>> = chapter::Entity::find()
        .select_only()
        .column_as(chapter::Column::Idx.max(), "last")
        .filter(chapter::Column::BookId.eq(book_id))
        .into_tuple()
        .one(db)
        .await?;
    Ok(Ord::max(last.flatten().unwrap_or(0), 0) + 1)
}

/// Appends `forms` to book `book_id` in order, in one transaction: every form is checked
/// first and any bad field (`chapters.<n>.<field>` in a batch) refuses them all.
async fn append(
    console: &Console,
    actor: &Actor,
    book_id: i32,
    forms: Vec<ValidateChapterInput>,
    batch: bool,
    lang: Lang,
) -> ApiResult<Vec<AdminChapter>> {
    let mut checked_forms = Vec::with_capacity(forms.len());
    let mut errors: Vec<FieldError> = Vec::new();
    for (n, form) in forms.into_iter().enumerate() {
        match checked(form, lang) {
            Ok(fields) => checked_forms.push(fields),
            Err(found) => errors.extend(found.into_iter().map(|mut error| {
                if batch {
                    error.field = format!("chapters.{n}.{}", error.field);
                }
                error
            })),
        }
    }
    if !errors.is_empty() {
        return Err(ApiError::invalid_form(&errors, lang));
    }
    let now = now_ms();
    let txn = console.db.begin_write().await?;
    let created = insert_all(&txn, actor, book_id, &checked_forms, batch, lang, now).await?;
    txn.commit().await?;
    catalogue_changed(console, &[book_id]).await;
    Ok(created)
}

/// Appends checked chapters to book `book_id` inside the caller's transaction (the book
/// locked first, its totals refreshed after), one audit row each. A missing audio file is a
/// 400 on `assetId` (`chapters.<n>.assetId` in a batch).
pub(crate) async fn insert_all(
    txn: &impl ConnectionTrait,
    actor: &Actor,
    book_id: i32,
    forms: &[ChapterFields],
    batch: bool,
    lang: Lang,
    now: i64,
) -> ApiResult<Vec<AdminChapter>> {
    locked_book(txn, book_id).await?;
    let mut place = next_place(txn, book_id).await?;
    let mut created = Vec::with_capacity(forms.len());
    for (n, fields) in forms.iter().enumerate() {
        let field = if batch {
            format!("chapters.{n}.assetId")
        } else {
            "assetId".to_owned()
        };
        let asset = audio_asset(txn, fields.asset_id, &field, lang).await?;
        let mut row = chapter::ActiveModel {
            book_id: Set(book_id),
            idx: Set(place),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        };
        apply(&mut row, fields, asset.as_ref());
        let inserted = row.insert(txn).await?;
        place += 1;
        let chapter = view(inserted, asset.as_ref());
        let change = Change {
            action: "chapter.create",
            entity: "chapter",
            entity_id: chapter.id,
            before: None,
            after: Some(as_json(&chapter)),
        };
        audit::record(txn, actor, change, now).await?;
        created.push(chapter);
    }
    refresh_book(txn, book_id, now).await?;
    Ok(created)
}

/// Appends one chapter to the book.
pub async fn create(
    console: &Console,
    actor: &Actor,
    book_id: i32,
    input: ValidateChapterInput,
    lang: Lang,
) -> ApiResult<AdminChapter> {
    let mut created = append(console, actor, book_id, vec![input], false, lang).await?;
    Ok(created.remove(0))
}

/// Appends 1 to [`CHAPTERS_MAX`] chapters to the book, all or none.
pub async fn create_batch(
    console: &Console,
    actor: &Actor,
    book_id: i32,
    batch: ChapterBatch,
    lang: Lang,
) -> ApiResult<Vec<AdminChapter>> {
    check_count("chapters", batch.chapters.len(), lang)?;
    append(console, actor, book_id, batch.chapters, true, lang).await
}

/// 400 on `field` unless `count` is from 1 to [`CHAPTERS_MAX`].
fn check_count(field: &str, count: usize, lang: Lang) -> ApiResult<()> {
    let message = if count == 0 {
        text(lang, "api.console.chaptersEmpty").to_owned()
    } else if count > CHAPTERS_MAX {
        text_with(
            lang,
            "api.console.chaptersTooMany",
            &[("max", &CHAPTERS_MAX.to_string())],
        )
    } else {
        return Ok(());
    };
    Err(ApiError::invalid_field(field, message, lang))
}

/// Changes every field of the form on chapter `id` (its audio replaced when `assetId` names
/// another file).
pub async fn update(
    console: &Console,
    actor: &Actor,
    id: i32,
    input: ValidateChapterInput,
    lang: Lang,
) -> ApiResult<AdminChapter> {
    let fields = checked(input, lang).map_err(|errors| ApiError::invalid_form(&errors, lang))?;
    let now = now_ms();
    let txn = console.db.begin_write().await?;
    let book_id = chapter_of(&txn, id).await?.book_id;
    locked_book(&txn, book_id).await?;
    let before = read_one(&txn, id).await?;
    let asset = audio_asset(&txn, fields.asset_id, "assetId", lang).await?;
    let mut row = chapter::ActiveModel {
        id: Unchanged(id),
        updated_at: Set(now),
        ..Default::default()
    };
    apply(&mut row, &fields, asset.as_ref());
    row.update(&txn).await?;
    let after = read_one(&txn, id).await?;
    let change = Change {
        action: "chapter.update",
        entity: "chapter",
        entity_id: id,
        before: Some(as_json(&before)),
        after: Some(as_json(&after)),
    };
    audit::record(&txn, actor, change, now).await?;
    refresh_book(&txn, before.book_id, now).await?;
    txn.commit().await?;
    catalogue_changed(console, &[before.book_id]).await;
    Ok(after)
}

/// Deletes chapter `id` (listeners' progress in it goes too); the chapters after it move up.
pub async fn delete(console: &Console, actor: &Actor, id: i32) -> ApiResult<()> {
    let now = now_ms();
    let txn = console.db.begin_write().await?;
    let book_id = chapter_of(&txn, id).await?.book_id;
    locked_book(&txn, book_id).await?;
    let before = read_one(&txn, id).await?;
    chapter::Entity::delete_by_id(id).exec(&txn).await?;
    let rest = ordered_ids(&txn, before.book_id).await?;
    place(&txn, before.book_id, &rest).await?;
    let change = Change {
        action: "chapter.delete",
        entity: "chapter",
        entity_id: id,
        before: Some(as_json(&before)),
        after: None,
    };
    audit::record(&txn, actor, change, now).await?;
    refresh_book(&txn, before.book_id, now).await?;
    txn.commit().await?;
    catalogue_changed(console, &[before.book_id]).await;
    Ok(())
}

/// Puts the book's chapters in the order of `order`, which must name each exactly once.
pub async fn reorder(
    console: &Console,
    actor: &Actor,
    book_id: i32,
    order: ChapterOrder,
    lang: Lang,
) -> ApiResult<AdminChapterList> {
    let now = now_ms();
    let txn = console.db.begin_write().await?;
    locked_book(&txn, book_id).await?;
    let before = ordered_ids(&txn, book_id).await?;
    let mut given = order.chapter_ids.clone();
    given.sort_unstable();
    given.dedup();
    let mut current = before.clone();
    current.sort_unstable();
    if given != current || order.chapter_ids.len() != before.len() {
        return Err(ApiError::invalid_field(
            "chapterIds",
            text(lang, "api.console.orderMismatch").to_owned(),
            lang,
        ));
    }
    if order.chapter_ids != before {
        place(&txn, book_id, &order.chapter_ids).await?;
        let change = Change {
            action: "book.reorderChapters",
            entity: "book",
            entity_id: book_id,
            before: Some(serde_json::json!({ "chapterIds": before })),
            after: Some(serde_json::json!({ "chapterIds": order.chapter_ids })),
        };
        audit::record(&txn, actor, change, now).await?;
        refresh_book(&txn, book_id, now).await?;
    }
    let list = list(&txn, book_id).await?;
    txn.commit().await?;
    catalogue_changed(console, &[book_id]).await;
    Ok(list)
}

/// Applies one action to up to [`CHAPTERS_MAX`] chapters of the book, in one transaction with
/// one audit row per changed chapter; chapters of other books are left alone.
pub async fn bulk(
    console: &Console,
    actor: &Actor,
    book_id: i32,
    request: ChapterBulk,
    lang: Lang,
) -> ApiResult<BulkResult> {
    let mut ids = request.chapter_ids.clone();
    ids.sort_unstable();
    ids.dedup();
    check_count("chapterIds", ids.len(), lang)?;
    let prices = if request.action == ChapterBulkAction::Price {
        Some(bulk_prices(&request, lang)?)
    } else {
        None
    };
    let now = now_ms();
    let txn = console.db.begin_write().await?;
    locked_book(&txn, book_id).await?;
    let rows = chapter::Entity::find()
        .filter(chapter::Column::BookId.eq(book_id))
        .filter(chapter::Column::Id.is_in(ids))
        .order_by_asc(chapter::Column::Idx)
        .all(&txn)
        .await?;
    let befores = with_assets(&txn, rows).await?;
    let mut changed = 0u64;
    for before in &befores {
        let mut row = chapter::ActiveModel {
            id: Unchanged(before.id),
            updated_at: Set(now),
            ..Default::default()
        };
        let (action, unchanged) = match request.action {
            ChapterBulkAction::Free => {
                row.is_free = Set(true);
                ("chapter.free", before.is_free)
            }
            ChapterBulkAction::Vip => {
                row.is_free = Set(false);
                ("chapter.vip", !before.is_free)
            }
            ChapterBulkAction::Publish => {
                row.published = Set(true);
                ("chapter.publish", before.published)
            }
            ChapterBulkAction::Unpublish => {
                row.published = Set(false);
                ("chapter.unpublish", !before.published)
            }
            ChapterBulkAction::Price => {
                let [cny, usd, jpy] = prices.unwrap_or_default();
                row.price_cny = Set(cny);
                row.price_usd = Set(usd);
                row.price_jpy = Set(jpy);
                let same =
                    (before.price_cny, before.price_usd, before.price_jpy) == (cny, usd, jpy);
                ("chapter.price", same)
            }
            ChapterBulkAction::Delete => ("chapter.delete", false),
        };
        if unchanged {
            continue;
        }
        let after = if request.action == ChapterBulkAction::Delete {
            chapter::Entity::delete_by_id(before.id).exec(&txn).await?;
            None
        } else {
            row.update(&txn).await?;
            Some(as_json(&read_one(&txn, before.id).await?))
        };
        let change = Change {
            action,
            entity: "chapter",
            entity_id: before.id,
            before: Some(as_json(before)),
            after,
        };
        audit::record(&txn, actor, change, now).await?;
        changed += 1;
    }
    if request.action == ChapterBulkAction::Delete && changed > 0 {
        let rest = ordered_ids(&txn, book_id).await?;
        place(&txn, book_id, &rest).await?;
    }
    if changed > 0 {
        refresh_book(&txn, book_id, now).await?;
    }
    txn.commit().await?;
    catalogue_changed(console, &[book_id]).await;
    Ok(BulkResult { changed })
}

/// The three prices of a bulk `price` action, checked by the core's `validatePrices`.
fn bulk_prices(request: &ChapterBulk, lang: Lang) -> ApiResult<[Option<i64>; 3]> {
    match validate_prices(ValidatePricesInput {
        price_cny: request.price_cny,
        price_usd: request.price_usd,
        price_jpy: request.price_jpy,
        lang,
    }) {
        PricesValidation::Valid { prices } => {
            Ok([prices.price_cny, prices.price_usd, prices.price_jpy])
        }
        PricesValidation::Invalid { errors } => Err(ApiError::invalid_form(&errors, lang)),
    }
}

/// Query parameters of `GET /api/admin/chapters`.
#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AdminChapterParams {
    /// From 1.
    #[param(value_type = Option<u32>, minimum = 1)]
    pub page: Option<String>,
    /// From 1 to 100; 20 when absent.
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    pub page_size: Option<String>,
    /// Words of a chapter's title (any language).
    pub q: Option<String>,
    /// One book's chapters only.
    #[param(value_type = Option<u32>, minimum = 1)]
    pub book: Option<String>,
    /// `missing` (chapters without audio) or `present`.
    pub audio: Option<String>,
    /// `true` (published) or `false` (not yet).
    pub published: Option<String>,
}

/// Chapters across books, last changed first.
pub async fn list_all(
    db: &impl ConnectionTrait,
    params: AdminChapterParams,
    lang: Lang,
) -> ApiResult<Page<AdminChapterRow>> {
    let paging = Paging::parse_in(
        lang,
        params.page.as_deref(),
        params.page_size.as_deref(),
        LIST_DEFAULT_PAGE_SIZE,
        LIST_MAX_PAGE_SIZE,
    )?;
    let book_id = whole_number_param(lang, "book", params.book.as_deref(), 1, i32::MAX as u64)?;
    let audio = choice_param(lang, "audio", params.audio.as_deref(), &AUDIO_FILTERS)?;
    let published = choice_param(
        lang,
        "published",
        params.published.as_deref(),
        &crate::paging::YES_NO,
    )?;
    let mut condition = Condition::all();
    if let Some(q) = params.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
        let q: String = q.chars().take(100).collect();
        condition = condition.add(
            Condition::any()
                .add(chapter::Column::Title.contains(&q))
                .add(chapter::Column::TitleEn.contains(&q))
                .add(chapter::Column::TitleJa.contains(&q)),
        );
    }
    if let Some(book_id) = book_id {
        condition = condition.add(chapter::Column::BookId.eq(book_id as i32));
    }
    match audio.as_deref() {
        Some("missing") => condition = condition.add(chapter::Column::AssetId.is_null()),
        Some(_) => condition = condition.add(chapter::Column::AssetId.is_not_null()),
        None => {}
    }
    if let Some(published) = published {
        condition = condition.add(chapter::Column::Published.eq(published == "true"));
    }
    let query = chapter::Entity::find().filter(condition);
    let total = query.clone().count(db).await?;
    let rows = query
        .order_by_desc(chapter::Column::UpdatedAt)
        .order_by_desc(chapter::Column::Id)
        .offset(paging.offset())
        .limit(paging.page_size)
        .all(db)
        .await?;
    let book_ids: HashSet<i32> = rows.iter().map(|c| c.book_id).collect();
    let titles: HashMap<i32, String> = book::Entity::find()
        .select_only()
        .column(book::Column::Id)
        .column(book::Column::Title)
        .filter(book::Column::Id.is_in(book_ids))
        .into_tuple::<(i32, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let items = with_assets(db, rows)
        .await?
        .into_iter()
        .map(|chapter| AdminChapterRow {
            book_title: titles.get(&chapter.book_id).cloned().unwrap_or_default(),
            chapter,
        })
        .collect();
    Ok(Page::new(items, total, paging))
}

/// Listening figures of each chapter of the book, in order, from listeners' saved progress.
pub async fn figures(db: &impl ConnectionTrait, book_id: i32) -> ApiResult<Vec<ChapterFigures>> {
    book_of(db, book_id).await?;
    let backend = db.get_database_backend();
    let counts = |sql: &str| Statement::from_sql_and_values(backend, sql, [book_id.into()]);
    let param = if backend == DbBackend::Postgres {
        "$1"
    } else {
        "?"
    };
    let listeners = grouped(
        db,
        counts(&format!(
            "SELECT chapter_id, COUNT(*), SUM(CASE WHEN completed OR (duration_secs > 0 AND \
             position_secs >= 0.95 * duration_secs) THEN 1 ELSE 0 END) \
             FROM play_progress WHERE book_id = {param} GROUP BY chapter_id"
        )),
    )
    .await?;
    let continued = grouped(
        db,
        counts(&format!(
            "SELECT p.chapter_id, COUNT(*), CAST(0 AS BIGINT) FROM play_progress p \
             JOIN chapters c ON c.id = p.chapter_id \
             JOIN chapters n ON n.book_id = c.book_id AND n.idx = c.idx + 1 \
             JOIN play_progress q ON q.user_id = p.user_id AND q.chapter_id = n.id \
             WHERE p.book_id = {param} GROUP BY p.chapter_id"
        )),
    )
    .await?;
    let current = grouped(
        db,
        counts(&format!(
            "SELECT chapter_id, COUNT(*), CAST(0 AS BIGINT) FROM play_history WHERE book_id = {param} \
             GROUP BY chapter_id"
        )),
    )
    .await?;
    let chapters = chapter::Entity::find()
        .filter(chapter::Column::BookId.eq(book_id))
        .order_by_asc(chapter::Column::Idx)
        .all(db)
        .await?;
    let last = chapters.len();
    Ok(chapters
        .into_iter()
        .enumerate()
        .map(|(n, c)| {
            let (listeners, completed) = listeners.get(&c.id).copied().unwrap_or_default();
            let went_on = continued.get(&c.id).map_or(0, |(count, _)| *count);
            ChapterFigures {
                chapter_id: c.id,
                idx: c.idx,
                title_zh: c.title,
                listeners,
                completed,
                dropped: if n + 1 == last {
                    0
                } else {
                    listeners.saturating_sub(went_on)
                },
                current: current.get(&c.id).map_or(0, |(count, _)| *count),
            }
        })
        .collect())
}

/// Rows of `(chapter_id, a, b)` as a map.
async fn grouped(
    db: &impl ConnectionTrait,
    statement: Statement,
) -> Result<HashMap<i32, (u64, u64)>, DbErr> {
    let rows = db.query_all_raw(statement).await?;
    let mut map = HashMap::new();
    for row in rows {
        let id: i32 = row.try_get_by_index(0)?;
        let a: i64 = row.try_get_by_index(1)?;
        let b: i64 = row.try_get_by_index(2)?;
        map.insert(id, (a.try_into().unwrap_or(0), b.try_into().unwrap_or(0)));
    }
    Ok(map)
}

//! The console's stored files: every audio file and image with where it is used (chapters,
//! covers), searched and filtered; an unused file can be deleted (its object and cover sizes
//! go with it).
use std::collections::HashMap;

use sea_orm::{
    sea_query::{Expr, ExprTrait, Query},
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect,
};
use serde::{Deserialize, Serialize};
use tingshu_core::{i18n::texts::text_with, Lang};

use super::{
    audit::{self, Actor, Change},
    now_ms,
};
use crate::{
    console::Console,
    covers::{self, CoverSize},
    entities::{asset, book, chapter},
    error::{ApiError, ApiResult, Missing},
    paging::{choice_param, Page, Paging},
    uploads::view::AssetView,
};

/// How many of a file's chapters a list row names.
const USES_SHOWN: u64 = 5;
/// The spellings of the list's `?kind` filter.
pub const KINDS: [&str; 2] = ["audio", "image"];
/// The orders of the list (`?sort`), the default first.
pub const SORTS: [&str; 3] = ["newest", "largest", "name"];

/// A chapter that plays a file.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileChapterUse {
    pub id: i32,
    pub book_id: i32,
    pub book_title: String,
    pub idx: i32,
    pub title_zh: String,
}

/// A book whose cover is made from a file.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileBookUse {
    pub id: i32,
    pub title_zh: String,
}

/// A stored file and where it is used.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminFile {
    #[serde(flatten)]
    pub asset: AssetView,
    /// Its name in the store.
    pub storage_key: String,
    /// How many chapters play it.
    pub chapter_count: u64,
    /// The first of those chapters.
    pub chapters: Vec<FileChapterUse>,
    /// The books whose cover it is.
    pub covers: Vec<FileBookUse>,
    pub in_use: bool,
}

/// Query parameters of `GET /api/admin/files`.
#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AdminFileParams {
    /// From 1.
    #[param(value_type = Option<u32>, minimum = 1)]
    pub page: Option<String>,
    /// From 1 to 100; 24 when absent.
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    pub page_size: Option<String>,
    /// Words of the name it was uploaded under, or its id.
    pub q: Option<String>,
    /// `audio` or `image`.
    pub kind: Option<String>,
    /// `true` (used by a chapter or a cover) or `false` (unused).
    pub used: Option<String>,
    /// `newest` (the default), `largest` or `name`.
    pub sort: Option<String>,
}

/// The ids of files used by a chapter or a cover.
fn used_ids() -> Condition {
    Condition::any()
        .add(
            asset::Column::Id.in_subquery(
                Query::select()
                    .column(chapter::Column::AssetId)
                    .from(chapter::Entity)
                    .and_where(Expr::col(chapter::Column::AssetId).is_not_null())
                    .to_owned(),
            ),
        )
        .add(
            asset::Column::Id.in_subquery(
                Query::select()
                    .column(book::Column::CoverAssetId)
                    .from(book::Entity)
                    .and_where(Expr::col(book::Column::CoverAssetId).is_not_null())
                    .to_owned(),
            ),
        )
}

/// A page of stored files.
pub async fn list(
    db: &impl ConnectionTrait,
    params: AdminFileParams,
    lang: Lang,
) -> ApiResult<Page<AdminFile>> {
    let paging = Paging::parse_in(
        lang,
        params.page.as_deref(),
        params.page_size.as_deref(),
        24,
        100,
    )?;
    let kind = choice_param(lang, "kind", params.kind.as_deref(), &KINDS)?;
    let used = choice_param(lang, "used", params.used.as_deref(), &crate::paging::YES_NO)?;
    let sort = choice_param(lang, "sort", params.sort.as_deref(), &SORTS)?;
    let mut condition = Condition::all();
    if let Some(q) = params.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
        let q: String = q.chars().take(100).collect();
        let mut any = Condition::any().add(asset::Column::OriginalName.contains(&q));
        if let Ok(id) = q.parse::<i32>() {
            any = any.add(asset::Column::Id.eq(id));
        }
        condition = condition.add(any);
    }
    if let Some(kind) = kind {
        condition = condition.add(asset::Column::Kind.eq(kind));
    }
    match used.as_deref() {
        Some("true") => condition = condition.add(used_ids()),
        Some(_) => condition = condition.add(used_ids().not()),
        None => {}
    }
    let query = asset::Entity::find().filter(condition);
    let total = query.clone().count(db).await?;
    let query = match sort.as_deref() {
        Some("largest") => query.order_by_desc(asset::Column::Bytes),
        Some("name") => query.order_by_asc(asset::Column::OriginalName),
        _ => query.order_by_desc(asset::Column::CreatedAt),
    };
    let rows = query
        .order_by_desc(asset::Column::Id)
        .offset(paging.offset())
        .limit(paging.page_size)
        .all(db)
        .await?;
    let mut items = Vec::with_capacity(rows.len());
    for row in rows {
        items.push(with_uses(db, row).await?);
    }
    Ok(Page::new(items, total, paging))
}

/// One stored file with its uses.
pub async fn get(db: &impl ConnectionTrait, id: i32) -> ApiResult<AdminFile> {
    let row = asset::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| ApiError::NotFound(Missing::File(format!("#{id}"))))?;
    with_uses(db, row).await
}

async fn with_uses(db: &impl ConnectionTrait, row: asset::Model) -> ApiResult<AdminFile> {
    let playing = chapter::Entity::find().filter(chapter::Column::AssetId.eq(row.id));
    let chapter_count = playing.clone().count(db).await?;
    let chapters = playing
        .order_by_asc(chapter::Column::BookId)
        .order_by_asc(chapter::Column::Idx)
        .limit(USES_SHOWN)
        .all(db)
        .await?;
    let covers: Vec<(i32, String)> = book::Entity::find()
        .select_only()
        .column(book::Column::Id)
        .column(book::Column::Title)
        .filter(book::Column::CoverAssetId.eq(row.id))
        .into_tuple()
        .all(db)
        .await?;
    let titles: HashMap<i32, String> = book::Entity::find()
        .select_only()
        .column(book::Column::Id)
        .column(book::Column::Title)
        .filter(book::Column::Id.is_in(chapters.iter().map(|c| c.book_id)))
        .into_tuple::<(i32, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    Ok(AdminFile {
        asset: AssetView::from(&row),
        storage_key: row.storage_key,
        chapter_count,
        in_use: chapter_count > 0 || !covers.is_empty(),
        chapters: chapters
            .into_iter()
            .map(|c| FileChapterUse {
                id: c.id,
                book_id: c.book_id,
                book_title: titles.get(&c.book_id).cloned().unwrap_or_default(),
                idx: c.idx,
                title_zh: c.title,
            })
            .collect(),
        covers: covers
            .into_iter()
            .map(|(id, title_zh)| FileBookUse { id, title_zh })
            .collect(),
    })
}

/// Deletes an unused file: its row (with the audit row) in one transaction, then its object and
/// cover sizes. A file still used is refused (409 `file_in_use`).
pub async fn delete(console: &Console, actor: &Actor, id: i32, lang: Lang) -> ApiResult<()> {
    let now = now_ms();
    let txn = console.db.begin_write().await?;
    let file = get(&txn, id).await?;
    if file.in_use {
        let uses = (file.chapter_count + file.covers.len() as u64).to_string();
        return Err(ApiError::Conflict {
            code: "file_in_use",
            message: text_with(lang, "api.console.fileInUse", &[("count", &uses)]),
            fields: Default::default(),
        });
    }
    asset::Entity::delete_by_id(id).exec(&txn).await?;
    let change = Change {
        action: "asset.delete",
        entity: "asset",
        entity_id: id,
        before: serde_json::to_value(&file).ok(),
        after: None,
    };
    audit::record(&txn, actor, change, now).await?;
    txn.commit().await?;
    // Committed: the objects go now; one left behind is an orphan the storage page removes.
    let mut keys = vec![file.storage_key.clone()];
    keys.extend(CoverSize::ALL.map(|size| covers::key(id, size)));
    for key in keys {
        if let Err(error) = console.storage.delete(&key).await {
            tracing::warn!(%key, %error, "object of a deleted file not removed");
        }
    }
    Ok(())
}

//! What the console's catalogue endpoints answer: books and categories with every field an
//! editor sets, in every language, and the counts a list shows.
use serde::{Deserialize, Serialize};
use tingshu_core::catalog::{access::BookAccess, book::BookStatus};

/// A book as the console edits it.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminBook {
    pub id: i32,
    pub title_zh: String,
    pub title_en: Option<String>,
    pub title_ja: Option<String>,
    pub subtitle_zh: Option<String>,
    pub subtitle_en: Option<String>,
    pub subtitle_ja: Option<String>,
    pub description_zh: String,
    pub description_en: Option<String>,
    pub description_ja: Option<String>,
    pub author_id: i32,
    pub author: String,
    /// The author's name in English and Japanese, where stored (listeners see zh otherwise).
    pub author_en: Option<String>,
    pub author_ja: Option<String>,
    pub narrator_id: Option<i32>,
    pub narrator: Option<String>,
    pub narrator_en: Option<String>,
    pub narrator_ja: Option<String>,
    pub category_id: i32,
    pub tags: Vec<String>,
    /// The English and Japanese names of `tags`, one per tag (null: none stored).
    pub tags_en: Vec<Option<String>>,
    pub tags_ja: Vec<Option<String>>,
    pub status: BookStatus,
    pub access: BookAccess,
    /// The language the book is read in (`zh`, `en`, `ja`).
    pub language: String,
    /// Prices in minor units (fen, cents, yen).
    pub price_cny: Option<i64>,
    pub price_usd: Option<i64>,
    pub price_jpy: Option<i64>,
    /// The large cover (600×800); `/api/covers/{coverAssetId}/card`, `/medium` and `/small` exist too.
    pub cover_url: Option<String>,
    /// The uploaded image the cover was made from.
    pub cover_asset_id: Option<i32>,
    /// Listeners see the book only when it is published.
    pub published: bool,
    pub chapter_count: i32,
    pub total_duration_secs: i64,
    pub play_count: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A row of the console's book list.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminBookRow {
    pub id: i32,
    pub title_zh: String,
    pub title_en: Option<String>,
    pub author: String,
    pub category_id: i32,
    pub status: BookStatus,
    pub access: BookAccess,
    pub published: bool,
    pub chapter_count: i32,
    pub play_count: i64,
    pub updated_at: i64,
}

/// A category as the console edits it, with how many books it holds directly (published or
/// not).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminCategory {
    pub id: i32,
    pub slug: String,
    pub name_zh: String,
    pub name_en: String,
    pub name_ja: String,
    pub parent_id: Option<i32>,
    pub sort_order: i32,
    pub book_count: u64,
    pub created_at: i64,
}

/// What a bulk action does to every chosen book.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum BulkAction {
    Publish,
    Unpublish,
    Delete,
}

/// `POST /api/admin/books/bulk`: an action on up to 500 books.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BulkRequest {
    pub action: BulkAction,
    pub ids: Vec<i32>,
}

/// How many books a bulk action changed (unknown ids and books already in the asked state
/// are not counted).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BulkResult {
    pub changed: u64,
}

/// `PUT /api/admin/books/{id}/cover`: the uploaded image to make the cover from, or null for
/// no cover.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoverRequest {
    pub asset_id: Option<i32>,
}

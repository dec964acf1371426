//! What the console's chapter endpoints read and answer.
use serde::{Deserialize, Serialize};
use tingshu_core::catalog::{access::BookAccess, chapter_form::ValidateChapterInput};

use crate::uploads::view::AssetView;

/// A chapter as the console edits it.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminChapter {
    pub id: i32,
    pub book_id: i32,
    /// Its place in the book, from 1.
    pub idx: i32,
    pub title_zh: String,
    pub title_en: Option<String>,
    pub title_ja: Option<String>,
    pub duration_secs: f64,
    pub is_free: bool,
    /// The chapter's own price in minor units, for paid books sold by chapter.
    pub price_cny: Option<i64>,
    pub price_usd: Option<i64>,
    pub price_jpy: Option<i64>,
    pub published: bool,
    /// The audio file; absent while the chapter has none.
    pub asset: Option<AssetView>,
    pub created_at: i64,
    pub updated_at: i64,
}

/// The book a chapter list belongs to.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChapterBook {
    pub id: i32,
    pub title_zh: String,
    pub access: BookAccess,
    pub published: bool,
    /// Published chapters (what listeners see).
    pub chapter_count: i32,
    pub total_duration_secs: i64,
}

/// Every chapter of a book, in order.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminChapterList {
    pub book: ChapterBook,
    pub chapters: Vec<AdminChapter>,
}

/// A row of the chapters-across-books list.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminChapterRow {
    #[serde(flatten)]
    pub chapter: AdminChapter,
    pub book_title: String,
}

/// `POST /api/admin/books/{id}/chapters/batch`: chapters appended in this order, all or none.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChapterBatch {
    pub chapters: Vec<ValidateChapterInput>,
}

/// `PUT /api/admin/books/{id}/chapters/order`: every chapter of the book, in its new order.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChapterOrder {
    pub chapter_ids: Vec<i32>,
}

/// What a bulk action does to every chosen chapter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ChapterBulkAction {
    /// Free to everyone.
    Free,
    /// Not free: the book's access (VIP or paid) applies.
    Vip,
    Publish,
    Unpublish,
    /// Sets the three prices (absent ones cleared).
    Price,
    Delete,
}

/// `POST /api/admin/books/{id}/chapters/bulk`: an action on up to 500 of the book's chapters.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChapterBulk {
    pub action: ChapterBulkAction,
    pub chapter_ids: Vec<i32>,
    /// For `price`: minor units.
    #[serde(default)]
    pub price_cny: Option<f64>,
    #[serde(default)]
    pub price_usd: Option<f64>,
    #[serde(default)]
    pub price_jpy: Option<f64>,
}

/// Listening figures of one chapter.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChapterFigures {
    pub chapter_id: i32,
    pub idx: i32,
    pub title_zh: String,
    /// Listeners with saved progress in it.
    pub listeners: u64,
    /// Of those, how many reached 95% of it.
    pub completed: u64,
    /// Listeners who started it but never began the next chapter (the last chapter: none).
    pub dropped: u64,
    /// Listeners whose latest place in the book is this chapter.
    pub current: u64,
}

//! A book as every list shows it (camelCase JSON): the catalogue's pages, the shelves, the
//! history, search and recommendations.
use serde::Serialize;
use tingshu_core::catalog::{access::BookAccess, book::BookStatus};

#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct PersonRef {
    pub id: i32,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct CategoryRef {
    pub id: i32,
    pub slug: String,
    pub name: String,
}

/// A book's price in each currency's minor unit (fen, cents, yen): core's, shared with plans.
pub use tingshu_core::payments::order::Price;

/// Titles in zh (always), en and ja (null when not translated).
#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct Titles {
    pub zh: String,
    pub en: Option<String>,
    pub ja: Option<String>,
}

/// A book as lists show it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookSummary {
    pub id: i32,
    /// The title in the request language, falling back to the zh title.
    pub title: String,
    pub titles: Titles,
    pub subtitle: Option<String>,
    pub author: PersonRef,
    pub narrator: Option<PersonRef>,
    pub category: CategoryRef,
    pub cover_url: Option<String>,
    pub status: BookStatus,
    pub access: BookAccess,
    /// Null for free books.
    pub price: Option<Price>,
    pub chapter_count: i32,
    pub total_duration_secs: i64,
    pub play_count: i64,
    pub favorite_count: i64,
    pub rating: f64,
    pub rating_count: i32,
    pub tags: Vec<String>,
    /// The end (ms) of the active limited-free campaign the book is in, if any.
    pub free_until: Option<i64>,
    pub updated_at: i64,
}

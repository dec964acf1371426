//! A book as every list shows it (camelCase JSON): the catalogue's pages, the shelves, the
//! history, search and recommendations.
use serde::Serialize;
use tingshu_core::catalog::{access::BookAccess, book::BookStatus};
use tingshu_core::Lang;

#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct PersonRef {
    pub id: i32,
    /// The name in the request language, falling back to the zh name.
    pub name: String,
    /// The language `name` is written in.
    pub lang: Lang,
}

/// A tag: `name` is the spelling `?tag=` filters on, `label` the name in the request
/// language (falling back to `name`), written in `lang`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct TagRef {
    pub name: String,
    pub label: String,
    pub lang: Lang,
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

/// A book's or chapter's title in the request language (falling back to the zh title), with
/// the language it is written in: what the listener's own lists (orders) name it by.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LocalTitle {
    pub title: String,
    /// The language `title` is written in (zh when not translated).
    pub title_lang: Lang,
}

/// A book as lists show it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookSummary {
    pub id: i32,
    /// The title in the request language, falling back to the zh title.
    pub title: String,
    /// The language `title` is written in (zh when not translated).
    pub title_lang: Lang,
    pub titles: Titles,
    /// In the request language, falling back to the zh subtitle.
    pub subtitle: Option<String>,
    /// The language `subtitle` is written in.
    pub subtitle_lang: Lang,
    pub author: PersonRef,
    pub narrator: Option<PersonRef>,
    pub category: CategoryRef,
    /// The large cover (600×800).
    pub cover_url: Option<String>,
    /// The cover in every size with its width (`<img srcset>`): null without a cover, or for
    /// a cover that is not stored here.
    pub cover_srcset: Option<String>,
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
    pub tags: Vec<TagRef>,
    /// The end (ms) of the active limited-free campaign the book is in, if any.
    pub free_until: Option<i64>,
    pub updated_at: i64,
}

//! The catalogue's answers as the API sends them (camelCase JSON).
use serde::Serialize;

use crate::books::view::BookSummary;

/// A name in the three languages of the product.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct Names {
    pub zh: String,
    pub en: String,
    pub ja: String,
}

/// A category with its direct book count and its subcategories.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryNode {
    pub id: i32,
    pub slug: String,
    pub name: String,
    pub names: Names,
    pub parent_id: Option<i32>,
    /// Published books directly in this category.
    pub book_count: u64,
    /// Up to three covers (the small size) of its most played published books, most played
    /// first; empty when none of its books has a cover.
    pub cover_urls: Vec<String>,
    #[schema(no_recursion)]
    pub children: Vec<CategoryNode>,
}

/// The signed-in listener's relation to a book.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookMe {
    pub on_bookshelf: bool,
    pub favorite: bool,
    pub last_chapter_id: Option<i32>,
    pub last_position_secs: Option<f64>,
}

/// `GET /api/books/{id}`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookDetail {
    #[serde(flatten)]
    pub book: BookSummary,
    /// Plain text in the request language (falling back to zh); paragraphs separated by `\n`.
    pub description: String,
    /// The language `description` is written in.
    pub description_lang: tingshu_core::Lang,
    /// Null for guests.
    pub me: Option<BookMe>,
    /// What the caller may hear of the chapters that are not free on their own, as the core's
    /// `chapterAccess` decides it for this book (`purchased` once the whole book is bought,
    /// `member` for a member on a VIP book, `campaign` while it is free for a time…).
    pub viewer_access: tingshu_core::catalog::access::ChapterAccess,
}

/// A listener's place in a chapter.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChapterProgress {
    pub position_secs: f64,
    pub completed: bool,
}

/// A chapter as the chapter list shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChapterSummary {
    pub id: i32,
    pub index: i32,
    /// In the request language, falling back to the zh title.
    pub title: String,
    /// The language `title` is written in.
    pub title_lang: tingshu_core::Lang,
    pub duration_secs: f64,
    pub is_free: bool,
    /// Its price alone, when the caller may buy just this chapter (absent otherwise).
    pub price: Option<tingshu_core::payments::order::Price>,
    pub access: tingshu_core::catalog::access::ChapterAccess,
    pub progress: Option<ChapterProgress>,
}

/// Where the chapter's audio can be fetched; `expires_at` is set for signed URLs.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AudioLink {
    pub url: String,
    pub expires_at: Option<i64>,
}

/// `GET /api/chapters/{id}`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChapterDetail {
    #[serde(flatten)]
    pub chapter: ChapterSummary,
    pub book_id: i32,
    pub book: BookSummary,
    pub prev_id: Option<i32>,
    pub next_id: Option<i32>,
    /// Null when the caller may not listen (or the chapter has no audio yet).
    pub audio: Option<AudioLink>,
}

/// What a recommended book shares with the listener's books (or that it is popular).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ReasonKind {
    Author,
    Narrator,
    Category,
    Popular,
}

/// Why a book is recommended: `name` is the shared category, author or narrator (null for popular).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Reason {
    pub kind: ReasonKind,
    pub name: Option<String>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Recommendation {
    pub book: BookSummary,
    pub reason: Reason,
}

/// A tag and the number of books carrying it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagCount {
    pub id: i32,
    /// The spelling `?tag=` filters on.
    pub name: String,
    /// The name in the request language, falling back to `name`.
    pub label: String,
    /// The language `label` is written in.
    pub lang: tingshu_core::Lang,
    pub book_count: u64,
}

//! The catalogue's answers as the API sends them (camelCase JSON).
use serde::Serialize;

/// A name in the three languages of the product.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Names {
    pub zh: String,
    pub en: String,
    pub ja: String,
}

/// A category with its direct book count and its subcategories.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CategoryNode {
    pub id: i32,
    pub slug: String,
    pub name: String,
    pub names: Names,
    pub parent_id: Option<i32>,
    pub book_count: u64,
    pub children: Vec<CategoryNode>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct PersonRef {
    pub id: i32,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct CategoryRef {
    pub id: i32,
    pub slug: String,
    pub name: String,
}

/// A book's price in each currency's minor unit (fen, cents, yen).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Price {
    pub cny: Option<i64>,
    pub usd: Option<i64>,
    pub jpy: Option<i64>,
}

/// Titles in zh (always), en and ja (null when not translated).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Titles {
    pub zh: String,
    pub en: Option<String>,
    pub ja: Option<String>,
}

/// A book as lists show it.
#[derive(Debug, Clone, Serialize)]
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
    pub status: String,
    pub access: String,
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

/// The signed-in listener's relation to a book.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BookMe {
    pub on_bookshelf: bool,
    pub favorite: bool,
    pub last_chapter_id: Option<i32>,
    pub last_position_secs: Option<f64>,
}

/// `GET /api/books/{id}`.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BookDetail {
    #[serde(flatten)]
    pub book: BookSummary,
    /// Plain text; paragraphs separated by `\n`.
    pub description: String,
    /// Null for guests.
    pub me: Option<BookMe>,
}

/// A listener's place in a chapter.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChapterProgress {
    pub position_secs: f64,
    pub completed: bool,
}

/// A chapter as the chapter list shows it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChapterSummary {
    pub id: i32,
    pub index: i32,
    pub title: String,
    pub duration_secs: f64,
    pub is_free: bool,
    pub access: tingshu_core::catalog::access::ChapterAccess,
    pub progress: Option<ChapterProgress>,
}

/// Where the chapter's audio can be fetched; `expires_at` is set for signed URLs.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AudioLink {
    pub url: String,
    pub expires_at: Option<i64>,
}

/// `GET /api/chapters/{id}`.
#[derive(Debug, Clone, Serialize)]
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

/// Why a book is recommended: `name` is the shared category, author or narrator (null for popular).
#[derive(Debug, Clone, Serialize)]
pub struct Reason {
    pub kind: &'static str,
    pub name: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Recommendation {
    pub book: BookSummary,
    pub reason: Reason,
}

/// A tag and the number of books carrying it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TagCount {
    pub id: i32,
    /// The spelling `?tag=` filters on.
    pub name: String,
    pub book_count: u64,
}

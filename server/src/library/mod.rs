//! Each listener's library: bookshelf, favorites, listening history and per-chapter progress.
//! Progress follows the core's newest-timestamp-wins rule, so a late request never rewinds.
pub mod repository;

use std::collections::HashMap;

use sea_orm::{ConnectionTrait, DbErr};
use serde::{Deserialize, Serialize};
use tingshu_core::{
    catalog::progress::{progress_wins, ProgressWinsInput},
    i18n::texts::text_with,
    validation::FieldRule,
    Lang,
};

use self::repository::Shelf;
use crate::{
    books::{
        self,
        view::{BookSummary, LocalTitle},
    },
    db::Db,
    entities::{play_history, play_progress},
    error::{
        words::{answer_lang, said},
        ApiError, ApiResult, Missing,
    },
    paging::{param_error, whole_number_param, Page, Paging},
};

/// Library lists: at most 50 per page, 20 by default.
pub const MAX_PAGE_SIZE: u64 = 50;
pub const DEFAULT_PAGE_SIZE: u64 = 20;

/// Where the listener is in a book (from the history row).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookProgress {
    pub chapter_id: i32,
    /// In the request language, falling back to the zh title.
    pub chapter_title: String,
    /// The language `chapter_title` is written in.
    pub chapter_title_lang: Lang,
    pub position_secs: f64,
    pub duration_secs: f64,
    pub updated_at: i64,
}

/// A book on the bookshelf or among the favourites.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShelfItem {
    pub book: BookSummary,
    pub added_at: i64,
    pub progress: Option<BookProgress>,
}

/// The chapter a history entry stopped in.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChapterRef {
    pub id: i32,
    pub index: i32,
    /// In the request language, falling back to the zh title.
    pub title: String,
    /// The language `title` is written in.
    pub title_lang: Lang,
}

/// One book of the listening history.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryItem {
    pub book: BookSummary,
    pub chapter: ChapterRef,
    pub position_secs: f64,
    pub duration_secs: f64,
    pub updated_at: i64,
}

/// A stored progress row as the API answers it.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Progress {
    pub chapter_id: i32,
    pub position_secs: f64,
    pub duration_secs: f64,
    pub completed: bool,
    pub updated_at: i64,
}

impl From<play_progress::Model> for Progress {
    fn from(p: play_progress::Model) -> Self {
        Self {
            chapter_id: p.chapter_id,
            position_secs: p.position_secs,
            duration_secs: p.duration_secs,
            completed: p.completed,
            updated_at: p.updated_at,
        }
    }
}

/// `PUT /api/me/progress/{chapterId}` body (JSON, possibly sent as `text/plain` by `sendBeacon`).
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProgressBody {
    pub position_secs: Option<f64>,
    pub duration_secs: Option<f64>,
    #[serde(default)]
    pub completed: Option<bool>,
    /// The client's clock (ms) when the position was taken.
    pub updated_at: Option<i64>,
}

/// The longest position or duration a progress report may give: a week (no chapter is longer;
/// the largest audio upload, 512 MiB, lasts six days even at 8 kbit/s). Beyond it a report is
/// refused, so the listening figures summed from the reports stay real numbers.
pub const MAX_PROGRESS_SECS: f64 = 7.0 * 86_400.0;

/// A validated progress report.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ProgressReport {
    pub position_secs: f64,
    pub duration_secs: f64,
    pub completed: bool,
    pub updated_at: i64,
}

impl TryFrom<ProgressBody> for ProgressReport {
    type Error = ApiError;

    fn try_from(body: ProgressBody) -> Result<Self, ApiError> {
        let mut fields = std::collections::BTreeMap::new();
        let seconds =
            |value: Option<f64>,
             name: &str,
             fields: &mut std::collections::BTreeMap<String, String>| match value {
                Some(v) if (0.0..=MAX_PROGRESS_SECS).contains(&v) => v,
                _ => {
                    let max = format!("{MAX_PROGRESS_SECS}");
                    fields.insert(
                        name.to_owned(),
                        text_with(answer_lang(), "api.progress.seconds", &[("max", &max)]),
                    );
                    0.0
                }
            };
        let position_secs = seconds(body.position_secs, "positionSecs", &mut fields);
        let duration_secs = seconds(body.duration_secs, "durationSecs", &mut fields);
        // A client clock running ahead must not block every later report: cap at server time.
        let server_now = crate::clock::now_ms();
        let updated_at = match body.updated_at {
            Some(ms) if ms > 0 => ms.min(server_now),
            _ => {
                fields.insert("updatedAt".to_owned(), said("api.progress.updatedAt"));
                0
            }
        };
        if !fields.is_empty() {
            return Err(ApiError::Validation {
                message: tingshu_core::validation::summary(answer_lang()),
                fields,
            });
        }
        Ok(Self {
            position_secs,
            duration_secs,
            completed: body.completed.unwrap_or(false),
            updated_at,
        })
    }
}

/// Puts a book on the bookshelf or among the favourites (idempotent); 404 for an unknown book.
#[tracing::instrument(skip(db))]
pub async fn add(db: &Db, shelf: Shelf, user_id: i32, book_id: i32, now_ms: i64) -> ApiResult<()> {
    let txn = db.begin_write().await?;
    books::require_book(&txn, book_id).await?;
    if repository::add(&txn, shelf, user_id, book_id, now_ms).await? && shelf == Shelf::Favorites {
        repository::bump_favorite_count(&txn, book_id, 1).await?;
    }
    txn.commit().await?;
    Ok(())
}

/// Takes a book off the bookshelf or the favourites (idempotent).
#[tracing::instrument(skip(db))]
pub async fn remove(db: &Db, shelf: Shelf, user_id: i32, book_id: i32) -> ApiResult<()> {
    let txn = db.begin_write().await?;
    if repository::remove(&txn, shelf, user_id, book_id).await? && shelf == Shelf::Favorites {
        repository::bump_favorite_count(&txn, book_id, -1).await?;
    }
    txn.commit().await?;
    Ok(())
}

/// The progress of these books (from the history), with chapter titles in `lang`, loaded at once.
async fn book_progress(
    db: &impl ConnectionTrait,
    lang: Lang,
    user_id: i32,
    book_ids: &[i32],
) -> Result<HashMap<i32, BookProgress>, DbErr> {
    let history = repository::history_of_books(db, user_id, book_ids).await?;
    let chapter_ids: Vec<i32> = history.values().map(|h| h.chapter_id).collect();
    let chapters = repository::chapters_by_ids(db, &chapter_ids).await?;
    Ok(history
        .into_values()
        .map(|h| {
            let chapter = chapters.get(&h.chapter_id).map_or(
                LocalTitle {
                    title: String::new(),
                    title_lang: Lang::Zh,
                },
                |c| books::chapter_title(lang, c),
            );
            (
                h.book_id,
                BookProgress {
                    chapter_id: h.chapter_id,
                    chapter_title: chapter.title,
                    chapter_title_lang: chapter.title_lang,
                    position_secs: h.position_secs,
                    duration_secs: h.duration_secs,
                    updated_at: h.updated_at,
                },
            )
        })
        .collect())
}

/// A page of the bookshelf or favourites, most recently added first, with progress.
#[tracing::instrument(skip(db))]
pub async fn shelf_page(
    db: &impl ConnectionTrait,
    lang: Lang,
    shelf: Shelf,
    user_id: i32,
    paging: Paging,
    now_ms: i64,
) -> ApiResult<Page<ShelfItem>> {
    let (entries, total) = repository::page(db, shelf, user_id, paging).await?;
    let ids: Vec<i32> = entries.iter().map(|e| e.book_id).collect();
    let mut books: HashMap<i32, BookSummary> = books::summaries(db, lang, &ids, now_ms)
        .await?
        .into_iter()
        .map(|b| (b.id, b))
        .collect();
    let mut progress = book_progress(db, lang, user_id, &ids).await?;
    let items = entries
        .into_iter()
        .filter_map(|e| {
            Some(ShelfItem {
                book: books.remove(&e.book_id)?,
                added_at: e.added_at,
                progress: progress.remove(&e.book_id),
            })
        })
        .collect();
    Ok(Page::new(items, total, paging))
}

/// A page of the listening history, most recent first.
#[tracing::instrument(skip(db))]
pub async fn history(
    db: &impl ConnectionTrait,
    lang: Lang,
    user_id: i32,
    paging: Paging,
    now_ms: i64,
) -> ApiResult<Page<HistoryItem>> {
    let (rows, total) = repository::history_page(db, user_id, paging).await?;
    let book_ids: Vec<i32> = rows.iter().map(|h| h.book_id).collect();
    let chapter_ids: Vec<i32> = rows.iter().map(|h| h.chapter_id).collect();
    let mut books: HashMap<i32, BookSummary> = books::summaries(db, lang, &book_ids, now_ms)
        .await?
        .into_iter()
        .map(|b| (b.id, b))
        .collect();
    let chapters = repository::chapters_by_ids(db, &chapter_ids).await?;
    let items = rows
        .into_iter()
        .filter_map(|h| {
            let chapter = chapters.get(&h.chapter_id)?;
            let title = books::chapter_title(lang, chapter);
            Some(HistoryItem {
                book: books.remove(&h.book_id)?,
                chapter: ChapterRef {
                    id: chapter.id,
                    index: chapter.idx,
                    title: title.title,
                    title_lang: title.title_lang,
                },
                position_secs: h.position_secs,
                duration_secs: h.duration_secs,
                updated_at: h.updated_at,
            })
        })
        .collect();
    Ok(Page::new(items, total, paging))
}

/// Clears one book from the history, or all of it; answers how many entries went.
#[tracing::instrument(skip(db))]
pub async fn clear_history(db: &Db, user_id: i32, book_id: Option<i32>) -> ApiResult<u64> {
    let txn = db.begin_write().await?;
    let cleared = repository::clear_history(&txn, user_id, book_id).await?;
    txn.commit().await?;
    Ok(cleared)
}

/// Parses the required `bookId` query parameter of `GET /api/me/progress`; a refusal is
/// worded in `lang`.
pub fn parse_book_id(raw: Option<&str>, lang: Lang) -> ApiResult<i32> {
    const MAX_ID: u64 = i32::MAX as u64;
    whole_number_param(lang, "bookId", raw, 1, MAX_ID)?
        .and_then(|id| i32::try_from(id).ok())
        .ok_or_else(|| param_error(lang, "bookId", FieldRule::Required))
}

/// The listener's progress in every chapter of a book, most recent first.
#[tracing::instrument(skip(db))]
pub async fn book_progress_rows(
    db: &impl ConnectionTrait,
    user_id: i32,
    book_id: i32,
) -> ApiResult<Vec<Progress>> {
    books::require_book(db, book_id).await?;
    Ok(repository::progress_of_book(db, user_id, book_id)
        .await?
        .into_iter()
        .map(Progress::from)
        .collect())
}

fn newer(stored: Option<i64>, incoming: i64) -> bool {
    progress_wins(ProgressWinsInput {
        stored_updated_at: stored.map(|ms| ms as f64),
        incoming_updated_at: incoming as f64,
    })
}

/// Saves a progress report when it is newer than what is stored (core `progress_wins`),
/// and answers the stored row either way. The first report of a (user, chapter) counts one
/// play of the book; every accepted report moves the book's history entry forward.
/// Writes are guarded by the timestamp they replace, so concurrent reports cannot let an
/// older one land last.
#[tracing::instrument(skip(db))]
pub async fn save_progress(
    db: &Db,
    user_id: i32,
    chapter_id: i32,
    report: ProgressReport,
) -> ApiResult<Progress> {
    let txn = db.begin_write().await?;
    let chapter = books::repository::find_chapter(&txn, chapter_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(Missing::Chapter(chapter_id)))?;
    let row = play_progress::Model {
        user_id,
        chapter_id,
        book_id: chapter.book_id,
        position_secs: report.position_secs,
        duration_secs: report.duration_secs,
        completed: report.completed,
        updated_at: report.updated_at,
    };
    let mut saved = None;
    for _attempt in 0..3 {
        let stored = repository::find_progress(&txn, user_id, chapter_id).await?;
        if !newer(stored.as_ref().map(|s| s.updated_at), report.updated_at) {
            saved = stored;
            break;
        }
        let written = match &stored {
            None => {
                let first = repository::insert_progress(&txn, &row).await?;
                if first
                    && repository::add_listener(
                        &txn,
                        user_id,
                        chapter.book_id,
                        crate::clock::now_ms(),
                    )
                    .await?
                {
                    repository::bump_play_count(&txn, chapter.book_id).await?;
                }
                first
            }
            Some(stored) => repository::replace_progress(&txn, &row, stored.updated_at).await?,
        };
        if written {
            let history = repository::find_history(&txn, user_id, chapter.book_id).await?;
            let expected = history.as_ref().map(|h| h.updated_at);
            if expected.is_none() || newer(expected, report.updated_at) {
                let entry = play_history::Model {
                    user_id,
                    book_id: chapter.book_id,
                    chapter_id,
                    position_secs: report.position_secs,
                    duration_secs: report.duration_secs,
                    updated_at: report.updated_at,
                };
                repository::write_history(&txn, &entry, expected).await?;
            }
            saved = Some(row.clone());
            break;
        }
    }
    let saved = match saved {
        Some(saved) => saved,
        // Lost three races in a row: whatever is stored now is newer than this report.
        None => repository::find_progress(&txn, user_id, chapter_id)
            .await?
            .unwrap_or(row),
    };
    txn.commit().await?;
    Ok(saved.into())
}

//! The console's catalogue: books and categories written by editors. Every change is checked
//! by the core's form rules, written in one transaction with its audit-log row, and followed
//! by what listeners must see at once (search index, list and count caches, audio facts).
pub mod audit;
pub mod books;
pub mod categories;
pub mod chapter_view;
pub mod chapters;
pub mod dashboard;
pub mod files;
pub mod storage;
pub mod transfer;
pub mod view;

use crate::state::AppState;
use sea_orm::{DbErr, SqlErr};

/// After a catalogue write on this server: the changed books are indexed again (a book no
/// longer published, or deleted, leaves the index) and the caches of book lists, counts and
/// audio facts are emptied. Other instances see the change when their caches expire (10 s).
pub async fn catalogue_changed(state: &AppState, book_ids: &[i32]) {
    state.list_pages.forget_all();
    state.catalog_counts.forget_all();
    state.audio.facts.forget_all();
    for &id in book_ids {
        if let Err(error) = state.search.reindex_book(state.db.reader(), id).await {
            // The write is committed; the index catches up at its next rebuild.
            tracing::error!(book = id, %error, "search index not updated");
        }
    }
}

/// Whether a database error is a unique-constraint violation.
pub fn is_unique_violation(error: &DbErr) -> bool {
    matches!(error.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

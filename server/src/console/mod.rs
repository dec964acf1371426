//! The console's catalogue: books and categories written by editors. Every change is checked
//! by the core's form rules, written in one transaction with its audit-log row, and followed
//! by what listeners must see at once (search index, list and count caches, audio facts).
pub mod audit;
pub mod books;
pub mod categories;
pub mod chapter_view;
pub mod chapters;
mod cover_texts;
pub mod dashboard;
pub mod files;
pub mod storage;
pub mod transfer;
pub mod view;

use std::{path::PathBuf, sync::Arc};

use sea_orm::{DbErr, SqlErr};

use crate::clock::now_ms;
use crate::{
    audio::facts::AudioFacts,
    catalog::{counts::CatalogCounts, pages::ListPages},
    cluster::{Change, Peers},
    covers::Covers,
    db::Db,
    search::SearchIndex,
    storage::Storage,
};

/// What the console's catalogue half works with, built once at start-up; cheap to clone.
#[derive(Clone)]
pub struct Console {
    pub db: Db,
    /// Where audio and images are kept.
    pub storage: Storage,
    /// Covers: the sizes a cover being set is made into.
    pub covers: Covers,
    /// The full-text index a changed book is indexed in again.
    pub search: SearchIndex,
    /// The listeners' caches a catalogue change empties: counts, list pages, audio facts.
    pub catalog_counts: CatalogCounts,
    pub list_pages: ListPages,
    pub audio_facts: AudioFacts,
    /// Imports of the last hour (their progress and reports).
    pub imports: transfer::ImportJobs,
    /// The data folder (its disk and the uploads' staging folder, for the storage summary).
    pub data_dir: Arc<PathBuf>,
    /// The other instances, told of every catalogue change.
    pub peers: Peers,
}

/// After a catalogue write on this server: the changed books are indexed again (a book no
/// longer published, or deleted, leaves the index) and the caches of book lists, counts and
/// audio facts are emptied; the other instances are told to do the same.
pub async fn catalogue_changed(console: &Console, book_ids: &[i32]) {
    console.list_pages.forget_all();
    console.catalog_counts.forget_all();
    console.audio_facts.forget_all();
    for &id in book_ids {
        if let Err(error) = console.search.reindex_book(console.db.reader(), id).await {
            // The write is committed; the index catches up at its next rebuild.
            tracing::error!(book = id, %error, "search index not updated");
        }
    }
    console.peers.tell(Change::catalogue(book_ids)).await;
}

/// Whether a database error is a unique-constraint violation.
pub fn is_unique_violation(error: &DbErr) -> bool {
    matches!(error.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}

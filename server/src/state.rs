//! The state every handler can reach: database, translation catalogues, configuration.
use std::sync::Arc;

use crate::{
    accounts::AccountSettings,
    audio::AudioCaches,
    budgets::Budgets,
    catalog::{counts::CatalogCounts, pages::ListPages},
    config::Config,
    db::{records::RecordQueue, Db},
    entities::search_query,
    i18n::Catalogues,
    search::SearchIndex,
    storage::Storage,
    uploads::Uploads,
};

/// Cheap to clone: everything inside is shared.
#[derive(Clone)]
pub struct AppState {
    /// The read pool and the one write path.
    pub db: Db,
    /// Searches made, written in batches for search analytics.
    pub search_log: RecordQueue<search_query::ActiveModel>,
    pub catalogues: Arc<Catalogues>,
    pub config: Arc<Config>,
    pub accounts: AccountSettings,
    /// The full-text index of the catalogue.
    pub search: SearchIndex,
    /// Where audio and images are kept.
    pub storage: Storage,
    /// Imports of the last hour (their progress and reports).
    pub imports: crate::console::transfer::ImportJobs,
    /// Uploads in progress (their part files and limits).
    pub uploads: Uploads,
    /// Chapter facts and open files of the audio endpoint.
    pub audio: AudioCaches,
    /// Per-client budgets of registration, feedback and search.
    pub budgets: Budgets,
    /// Recent book counts: list totals, per category, per tag.
    pub catalog_counts: CatalogCounts,
    /// Book list pages kept a moment.
    pub list_pages: ListPages,
    /// The payment providers.
    pub payments: crate::payments::Payments,
}

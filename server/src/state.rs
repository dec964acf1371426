//! The state every handler can reach: database, translation catalogues, configuration.
use std::sync::Arc;

use sea_orm::DatabaseConnection;

use crate::{
    accounts::AccountSettings, audio::AudioCaches, catalog::counts::CatalogCounts, config::Config,
    i18n::Catalogues, search::SearchIndex,
};

/// Cheap to clone: everything inside is shared.
#[derive(Clone)]
pub struct AppState {
    pub db: DatabaseConnection,
    pub catalogues: Arc<Catalogues>,
    pub config: Arc<Config>,
    pub accounts: AccountSettings,
    /// The full-text index of the catalogue.
    pub search: SearchIndex,
    /// Chapter facts and open files of the audio endpoint.
    pub audio: AudioCaches,
    /// Recent book counts: list totals, per category, per tag.
    pub catalog_counts: CatalogCounts,
}

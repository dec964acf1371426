//! The state every handler can reach: each feature's handle, built once at start-up, behind
//! one reference count. Only the HTTP edge (routes, middleware, extractors, start-up) names
//! it; domain code takes its feature's handle or `&Db` (`tests/api/architecture.rs` checks).
use std::{ops::Deref, sync::Arc};

use axum::extract::FromRef;

use crate::{
    accounts::AccountSettings,
    activity::Activity,
    ads::Ads,
    analytics::Analytics,
    anti_crawler::AntiCrawler,
    audio::Audio,
    budgets::Budgets,
    catalog::{counts::CatalogCounts, pages::ListPages},
    config::Config,
    console::Console,
    covers::Covers,
    db::{records::RecordQueue, Db},
    entities::search_query,
    i18n::Catalogues,
    metrics::http::RequestMetrics,
    payments::Payments,
    people_admin::PeopleAdmin,
    promotions::Promotions,
    roles::Roles,
    search::SearchIndex,
    settings::Settings,
    storage::Storage,
    tracking::Tracking,
    uploads::Uploads,
};

/// The application state: a clone for a request costs one reference count, whatever it holds.
#[derive(Clone)]
pub struct AppState(Arc<Features>);

impl AppState {
    pub fn new(features: Features) -> Self {
        Self(Arc::new(features))
    }
}

impl Deref for AppState {
    type Target = Features;

    fn deref(&self) -> &Features {
        &self.0
    }
}

/// What the handlers share: the database, the configuration and each feature's handle.
pub struct Features {
    /// The read pool and the one write path.
    pub db: Db,
    /// Searches made, written in batches for search analytics.
    pub search_log: RecordQueue<search_query::ActiveModel>,
    /// What happened: the audit and access logs, the security page (and the access log's queue).
    pub activity: Activity,
    pub catalogues: Catalogues,
    pub config: Arc<Config>,
    pub accounts: AccountSettings,
    /// The full-text index of the catalogue.
    pub search: SearchIndex,
    /// Where audio and images are kept.
    pub storage: Storage,
    /// Chapter audio: access, signed URLs, bytes.
    pub audio: Audio,
    /// The console's catalogue half: books, chapters, categories, files, storage, imports.
    pub console: Console,
    /// Book covers: which images are covers, and their stored sizes.
    pub covers: Covers,
    /// Uploads in progress (their part files and limits).
    pub uploads: Uploads,
    /// Per-client budgets of registration, feedback and search.
    pub budgets: Budgets,
    /// Recent book counts: list totals, per category, per tag.
    pub catalog_counts: CatalogCounts,
    /// Book list pages kept a moment.
    pub list_pages: ListPages,
    /// Orders, providers and their notifications.
    pub payments: Payments,
    /// The site's settings, read through a short cache.
    pub settings: Settings,
    /// Limited-free campaigns.
    pub promotions: Promotions,
    /// Ads and where they are placed.
    pub ads: Ads,
    /// Daily rollups, search analytics, reports and the feedback inbox.
    pub analytics: Analytics,
    /// The console's users: list, a user's page, account changes, password-reset links.
    pub people_admin: PeopleAdmin,
    /// Roles and permissions (the console's people and access half).
    pub roles: Roles,
    /// Behaviour events (and their queue), preferences and a listener's own figures.
    pub tracking: Tracking,
    /// Challenges, passes and difficulty (the API's gate), and detection reports.
    pub anti_crawler: AntiCrawler,
    /// The requests as the edge answered them (`/metrics`).
    pub metrics: RequestMetrics,
    /// When the process started, in seconds since the epoch.
    pub started_at_secs: u64,
}

/// The audio routes' handlers take the audio feature alone.
impl FromRef<AppState> for Audio {
    fn from_ref(state: &AppState) -> Self {
        state.audio.clone()
    }
}

/// The anti-crawler routes' handlers take the anti-crawler feature alone.
impl FromRef<AppState> for AntiCrawler {
    fn from_ref(state: &AppState) -> Self {
        state.anti_crawler.clone()
    }
}

/// The analytics routes' handlers take the analytics feature alone.
impl FromRef<AppState> for Analytics {
    fn from_ref(state: &AppState) -> Self {
        state.analytics.clone()
    }
}

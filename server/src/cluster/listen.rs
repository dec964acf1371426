//! Hearing the other instances: one connection `LISTEN`s on the channel and applies each
//! change to this instance's caches; after the connection was lost (PostgreSQL restarted, a
//! network cut) everything is dropped and the index rebuilt, since notifications sent meanwhile
//! are gone.
use std::time::Duration;

use sea_orm::{
    sqlx::postgres::{PgListener, PgPoolOptions},
    DatabaseConnection,
};

use super::{change_from, Change, Peers, CHANNEL};
use crate::{
    audio::facts::AudioFacts,
    auth::cache::CallerCache,
    catalog::{counts::CatalogCounts, pages::ListPages},
    search::SearchIndex,
    settings::Settings,
};

/// How long to wait before connecting again after the connection was lost or refused.
const RECONNECT_WAIT: Duration = Duration::from_secs(1);
/// How long one attempt to connect may take.
const CONNECT_WAIT: Duration = Duration::from_secs(3);

/// This instance's caches and index, as the other instances' changes reach them.
#[derive(Clone)]
pub struct Local {
    pub callers: CallerCache,
    pub list_pages: ListPages,
    pub catalog_counts: CatalogCounts,
    pub audio_facts: AudioFacts,
    pub settings: Settings,
    pub search: SearchIndex,
    /// Where a changed book is read from to index it again.
    pub db: DatabaseConnection,
}

impl Local {
    /// Applies another instance's change.
    pub async fn apply(&self, change: Change) {
        match change {
            Change::Session { id } => self.callers.forget_session_here(&id).await,
            Change::Sessions => self.callers.forget_sessions_here(),
            Change::Account { id } => self.callers.forget_account_here(id).await,
            Change::Accounts => self.callers.forget_all_here(),
            Change::Catalogue { books } => {
                self.list_pages.forget_all();
                self.catalog_counts.forget_all();
                self.audio_facts.forget_all();
                match books {
                    Some(books) => {
                        for id in books {
                            if let Err(error) = self.search.reindex_book(&self.db, id).await {
                                tracing::warn!(book = id, %error, "search index not updated");
                            }
                        }
                    }
                    None => match self.search.rebuild(&self.db).await {
                        Ok(books) => {
                            tracing::info!(books, "search index rebuilt after changes elsewhere")
                        }
                        Err(error) => tracing::warn!(%error, "cannot rebuild the search index"),
                    },
                }
            }
            Change::Settings => {
                self.settings.forget();
                // Reading them again also sets the default language requests read.
                self.settings.current().await;
            }
        }
    }

    /// Whatever changed while this instance could not hear: every account, the settings and
    /// the whole catalogue.
    pub async fn catch_up(&self) {
        for change in [
            Change::Accounts,
            Change::Settings,
            Change::Catalogue { books: None },
        ] {
            self.apply(change).await;
        }
    }
}

/// Listens for the other instances' changes on the PostgreSQL database at `url` for as long
/// as the runtime runs (nothing without peers).
pub fn listen(url: String, peers: &Peers, local: Local) {
    let Some(instance) = peers.instance().map(str::to_owned) else {
        return;
    };
    tokio::spawn(async move {
        let mut heard_before = false;
        loop {
            match subscribe(&url).await {
                Ok(mut listener) => {
                    if heard_before {
                        tracing::info!("hearing other instances' changes again");
                        local.catch_up().await;
                    }
                    heard_before = true;
                    hear(&mut listener, &instance, &local).await;
                }
                Err(error) => {
                    tracing::warn!(%error, "cannot connect to hear other instances' changes");
                }
            }
            tokio::time::sleep(RECONNECT_WAIT).await;
        }
    });
}

/// A new connection listening on the channel (each attempt starts afresh, so a database that
/// came back is reached on the next attempt).
async fn subscribe(url: &str) -> Result<PgListener, sea_orm::sqlx::Error> {
    let pool = PgPoolOptions::new()
        .max_connections(1)
        .acquire_timeout(CONNECT_WAIT)
        .connect_lazy(url)?;
    let mut listener = PgListener::connect_with(&pool).await?;
    // A lost connection ends `hear`; the loop above connects again and catches up.
    listener.eager_reconnect(false);
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

/// Applies notifications until the connection is lost.
async fn hear(listener: &mut PgListener, instance: &str, local: &Local) {
    loop {
        match listener.try_recv().await {
            Ok(Some(notification)) => {
                if let Some(change) = change_from(notification.payload(), instance) {
                    local.apply(change).await;
                }
            }
            lost => {
                let error = lost.err().map(|error| error.to_string());
                tracing::warn!(
                    ?error,
                    "lost the connection that hears other instances' changes"
                );
                return;
            }
        }
    }
}

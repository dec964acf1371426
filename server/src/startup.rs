//! Builds the application from its configuration and runs it until SIGTERM or Ctrl-C.
use std::{net::SocketAddr, sync::Arc, time::Duration};

use anyhow::Context;
use tokio::net::TcpListener;

use crate::{
    accounts::{password::HashCost, tokens::TokenKeys, AccountSettings},
    activity::{self, access::AccessLogLayer, Activity},
    ads::Ads,
    analytics::{self, Analytics},
    anti_crawler::{self, AntiCrawler},
    audio::Audio,
    auth::cache::CallerCache,
    budgets::Budgets,
    catalog::{counts::CatalogCounts, pages::ListPages},
    cluster::{self, Peers},
    config::{Config, DatabaseUrl},
    console::Console,
    covers::{self, Covers},
    db::{records::RecordQueue, Db, DiskReserve},
    edge,
    i18n::Catalogues,
    metrics::http::RequestMetrics,
    payments::Payments,
    people_admin::PeopleAdmin,
    promotions::Promotions,
    roles::{self, Roles},
    routes::{self, registry::RouteEntry},
    search::{self, SearchIndex},
    seed,
    serve::{serve, ConnectionLimits},
    settings::{self, Settings},
    state::{AppState, Features},
    storage::{self, Storage},
    telemetry,
    tracking::{self, Tracking},
    uploads::{self, UploadLimits, Uploads},
};

/// Token keys (configured or kept in the data folder) and the password hashing cost.
pub async fn account_settings(config: &Config) -> anyhow::Result<AccountSettings> {
    let keys = TokenKeys::load_or_create(
        config.jwt_secret.as_ref().map(|s| s.expose()),
        &config.data_dir,
    )?;
    let cost = HashCost {
        memory_kib: config.password_hash_memory_kib,
        iterations: config.password_hash_iterations,
    };
    AccountSettings::new(keys, cost).await
}

/// The anti-crawler gate (its key derived from the token secret, so every instance sharing
/// the secret agrees) and the detection reports, both counting into one difficulty.
fn anti_crawler_feature(
    config: &Config,
    accounts: &AccountSettings,
    db: &Db,
    queue: RecordQueue<crate::entities::anti_crawler_report::ActiveModel>,
) -> anyhow::Result<AntiCrawler> {
    let crawlers = match &config.anti_crawler.crawlers_file {
        Some(path) => anti_crawler::crawlers::Crawlers::load(path)?,
        None => anti_crawler::crawlers::Crawlers::built_in(),
    };
    let pressure = anti_crawler::pressure::Pressure::default();
    let gate = Arc::new(anti_crawler::Gate::new(
        anti_crawler::challenge::ChallengeKeys::new(accounts.keys.challenge_key()),
        &config.anti_crawler,
        crawlers,
        pressure.clone(),
    ));
    anti_crawler::gate::forget_idle_every_minute(Arc::downgrade(&gate));
    let reports = anti_crawler::Reports::new(
        db.clone(),
        queue,
        accounts.keys.visitor_key(),
        pressure,
        config.anti_crawler.reports_per_minute,
    );
    Ok(AntiCrawler { gate, reports })
}

/// What the start's one-off work leaves for serving.
pub struct Prepared {
    db: Db,
    url: DatabaseUrl,
    storage: Storage,
    accounts: AccountSettings,
    search: SearchIndex,
}

impl Prepared {
    /// Closes the database (`tingshu prepare` and the child process end with it).
    pub async fn close(self) {
        self.db.close().await;
    }
}

/// The one-off work of a start, each step a no-op once done: the data folder, the migrations,
/// the permissions the product knows, the demo seed (in demo mode), the search index on disk.
/// `main` runs it first in a process of its own (`forked::prepare_in_child`), so what it
/// allocates leaves with that process; `build` runs it again, finding it done.
pub async fn prepare(config: &Config) -> anyhow::Result<Prepared> {
    std::fs::create_dir_all(&config.data_dir).with_context(|| {
        format!(
            "cannot create the data folder {}",
            config.data_dir.display()
        )
    })?;
    let url = config.effective_database_url();
    let reserve = url.is_sqlite().then(|| {
        DiskReserve::new(
            config.data_dir.clone(),
            config.min_free_disk_mb * 1024 * 1024,
        )
    });
    let db = Db::connect_and_migrate(&url, reserve).await?;
    roles::ensure_permissions(&db)
        .await
        .context("cannot store the permissions the product knows")?;
    storage::move_legacy_folder(&config.data_dir)
        .context("cannot move the data folder's audio/ to media/")?;
    let storage = Storage::open(&config.data_dir, config.storage_url.as_deref())?;
    telemetry::memory_after("opening the database");
    let accounts = account_settings(config).await?;
    if config.demo {
        seed::demo_accounts(&db, &accounts).await?;
        seed::demo_catalog(&db, &storage).await?;
        telemetry::memory_after("seeding the demo");
    }
    // After any seeding: rebuilt from the database when missing, outdated or out of step.
    let search =
        SearchIndex::open_or_rebuild(&config.data_dir.join(search::INDEX_DIR), db.reader()).await?;
    telemetry::memory_after("opening the search index");
    Ok(Prepared {
        db,
        url,
        storage,
        accounts,
        search,
    })
}

/// A bound, ready-to-serve application; tests bind port 0 and read the real port back.
pub struct Application {
    listener: TcpListener,
    /// `/metrics` alone on its own address (`METRICS_LISTEN`).
    metrics_listener: Option<TcpListener>,
    service: edge::AppService,
    address: SocketAddr,
    limits: ConnectionLimits,
    api_table: Vec<RouteEntry>,
    search: SearchIndex,
    callers: CallerCache,
    list_pages: ListPages,
    storage: Storage,
    db: Db,
    /// Writers of the record queues: awaited at shutdown so queued rows are written.
    record_tasks: Vec<tokio::task::JoinHandle<()>>,
    /// The state the handlers share (tests run the sweeps on it).
    state: AppState,
}

/// Search log rows waiting to be written at most; beyond, new rows are dropped and counted.
const SEARCH_LOG_CAPACITY: usize = 10_000;

impl Application {
    /// Opens the database (applying migrations), loads the catalogues and binds the listener.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let Prepared {
            db,
            url,
            storage,
            mut accounts,
            search,
        } = prepare(&config).await?;
        // The other instances on the same PostgreSQL database (none on SQLite).
        let peers = Peers::on(db.reader());
        let settings = Settings::new(db.clone(), settings::defaults(&config), settings::TTL)
            .telling(peers.clone());
        settings.refresh_every(settings::TTL);
        let uploads = Uploads::open(
            db.clone(),
            storage.clone(),
            &config.data_dir,
            UploadLimits {
                audio_bytes: config.max_audio_upload_mb * 1024 * 1024,
                image_bytes: config.max_image_upload_mb * 1024 * 1024,
            },
            config.min_free_disk_mb * 1024 * 1024,
        )
        .context("cannot create the uploads folder")?
        .with_settings(settings.clone());
        let catalogues = match &config.locales_dir {
            Some(dir) => Catalogues::load(dir)?,
            None => Catalogues::built_in()?,
        };
        accounts.callers = accounts.callers.telling(peers.clone());
        telemetry::memory_after("loading translations");
        if config.search_refresh_secs > 0 {
            let period = Duration::from_secs(config.search_refresh_secs);
            search::refresh_every(search.clone(), db.reader().clone(), period);
        }
        let listener = TcpListener::bind((config.host, config.port))
            .await
            .with_context(|| format!("cannot listen on {}:{}", config.host, config.port))?;
        let address = listener
            .local_addr()
            .context("cannot read the bound address")?;
        let metrics_listener = match config.metrics_listen {
            Some(address) => Some(
                TcpListener::bind(address)
                    .await
                    .with_context(|| format!("cannot listen for metrics on {address}"))?,
            ),
            None => None,
        };
        let (search_log, search_log_task) =
            RecordQueue::start(db.writer().clone(), SEARCH_LOG_CAPACITY, "search_queries");
        let (access_log, access_log_task) = RecordQueue::start(
            db.writer().clone(),
            activity::ACCESS_LOG_CAPACITY,
            "access_log",
        );
        let activity = Activity {
            db: db.clone(),
            access_log: access_log.clone(),
        };
        activity::retention::roll_up_every_hour(db.clone(), settings.clone());
        let (behavior_events, behavior_events_task) = RecordQueue::start(
            db.writer().clone(),
            tracking::EVENT_QUEUE_CAPACITY,
            "behavior_events",
        );
        let tracking = Tracking {
            db: db.clone(),
            events: behavior_events,
            visitor_key: accounts.keys.visitor_key(),
        };
        tracking::retention::roll_up_every_hour(db.clone(), config.behavior_retention_days);
        let (reports_queue, reports_task) = RecordQueue::start(
            db.writer().clone(),
            anti_crawler::reports::REPORT_QUEUE_CAPACITY,
            "anti_crawler_reports",
        );
        let anti_crawler = anti_crawler_feature(&config, &accounts, &db, reports_queue)?;
        // Shared by every instance on PostgreSQL, kept here on SQLite.
        let budgets =
            Budgets::with_buckets_in(&config.budgets, (!url.is_sqlite()).then(|| db.clone()));
        let limits = ConnectionLimits {
            header_timeout: Duration::from_secs(config.timeouts.header_timeout_secs),
            shutdown_grace: Duration::from_secs(config.timeouts.shutdown_grace_secs),
        };
        budgets.forget_idle_every_minute();
        let payments = Payments::new(
            db.clone(),
            accounts.callers.clone(),
            config.payment_sandbox,
            config.payment_webhook_secret.as_ref().map(|s| s.expose()),
            accounts.keys.webhook_key(),
        );
        let audio = Audio::new(db.clone(), storage.clone(), accounts.keys.audio_url_key());
        let catalog_counts = CatalogCounts::default();
        let list_pages = ListPages::default();
        let covers = Covers::new(db.clone(), storage.clone());
        covers::backfill(covers.clone());
        let console = Console {
            db: db.clone(),
            storage: storage.clone(),
            covers: covers.clone(),
            search: search.clone(),
            catalog_counts: catalog_counts.clone(),
            list_pages: list_pages.clone(),
            audio_facts: audio.facts().clone(),
            imports: Default::default(),
            data_dir: Arc::new(config.data_dir.clone()),
            peers: peers.clone(),
        };
        let local = cluster::Local {
            callers: accounts.callers.clone(),
            list_pages: list_pages.clone(),
            catalog_counts: catalog_counts.clone(),
            audio_facts: audio.facts().clone(),
            settings: settings.clone(),
            search: search.clone(),
            db: db.reader().clone(),
        };
        cluster::listen(url.expose().to_owned(), &peers, local);
        let promotions = Promotions {
            console: console.clone(),
        };
        let ads = Ads { db: db.clone() };
        let analytics = Analytics::new(db.clone(), search.clone());
        analytics::roll_up_every_minute(analytics.clone());
        uploads::watch_the_disk(uploads.clone());
        crate::payments::renewal::sweep_every_minute(payments.clone());
        crate::payments::sandbox::deliver_notifications(payments.clone());
        let callers = accounts.callers.clone();
        let people_admin = PeopleAdmin {
            db: db.clone(),
            callers: callers.clone(),
            hashing: accounts.hashing.clone(),
            hash_cost: accounts.hash_cost,
        };
        let roles = Roles::new(db.clone(), callers.clone());
        let metrics = RequestMetrics::default();
        let config = Arc::new(config);
        let state = AppState::new(Features {
            payments,
            search_log,
            activity,
            budgets,
            db: db.clone(),
            catalogues,
            config: config.clone(),
            accounts,
            search: search.clone(),
            storage: storage.clone(),
            audio,
            console,
            covers,
            uploads,
            catalog_counts,
            list_pages: list_pages.clone(),
            people_admin,
            settings,
            promotions,
            ads,
            analytics,
            roles,
            tracking,
            anti_crawler: anti_crawler.clone(),
            metrics: metrics.clone(),
            started_at_secs: crate::anti_crawler::guard::now_secs(),
        });
        let shared = state.clone();
        let default_language = shared.settings.default_language();
        let (router, api_table) = routes::router(state);
        Ok(Self {
            listener,
            metrics_listener,
            service: edge::wrap(
                router,
                &config,
                AccessLogLayer::new(access_log, metrics),
                default_language,
                anti_crawler.gate.clone(),
            ),
            address,
            limits,
            api_table,
            search,
            callers,
            list_pages,
            storage,
            db,
            record_tasks: vec![
                search_log_task,
                access_log_task,
                behavior_events_task,
                reports_task,
            ],
            state: shared,
        })
    }

    /// The store of audio and images (tests arrange files in it).
    pub fn storage(&self) -> Storage {
        self.storage.clone()
    }

    /// Every API route with its access requirement (for the route × role test).
    pub fn api_table(&self) -> &[RouteEntry] {
        &self.api_table
    }

    /// The full-text index (tests rebuild it after arranging books in the database).
    pub fn search_index(&self) -> &SearchIndex {
        &self.search
    }

    /// The state the handlers share.
    pub fn state(&self) -> AppState {
        self.state.clone()
    }

    /// The sessions and accounts the access middleware keeps a moment (tests that change
    /// rows with SQL forget them, as another instance's change would be after its TTL).
    pub fn callers(&self) -> CallerCache {
        self.callers.clone()
    }

    /// The book list pages kept a moment (tests that change books with SQL forget them).
    pub fn list_pages(&self) -> ListPages {
        self.list_pages.clone()
    }

    /// The metrics listener's address, when there is one.
    pub fn metrics_address(&self) -> Option<SocketAddr> {
        self.metrics_listener
            .as_ref()
            .and_then(|listener| listener.local_addr().ok())
    }

    /// The address actually bound (the real port when 0 was asked for).
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// Serves until SIGTERM or Ctrl-C, then lets requests in flight finish (for at most the
    /// shutdown grace).
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        tracing::info!(address = %self.address, "Tingshu is listening on http://{}", self.address);
        // The metrics' own listener lives as long as the site's: it stops with it.
        let metrics = self.metrics_listener.map(|listener| {
            if let Ok(address) = listener.local_addr() {
                tracing::info!(%address, "metrics at http://{address}/metrics");
            }
            let service = tower::util::BoxCloneSyncService::new(routes::metrics::own_router(
                self.state.clone(),
            ));
            tokio::spawn(serve(
                listener,
                service,
                self.limits,
                std::future::pending(),
            ))
        });
        serve(self.listener, self.service, self.limits, shutdown_signal()).await;
        if let Some(task) = metrics {
            task.abort();
        }
        // The router (and every queue sender in it) is gone: the queues drain and end; a
        // connection cut off after the grace may still hold a sender, so all the queues share
        // one deadline.
        drop(self.state);
        let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
        for task in self.record_tasks {
            let _ = tokio::time::timeout_at(deadline, task).await;
        }
        self.db.close().await;
        tracing::info!("Tingshu stopped");
        Ok(())
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(error) => {
                tracing::warn!(%error, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutdown signal received; finishing requests in flight");
}

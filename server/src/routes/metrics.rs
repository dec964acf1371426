//! `/metrics`, the Prometheus scrape (OpenMetrics text): on the site's address only to the
//! bearer of `METRICS_TOKEN`, on `METRICS_LISTEN`'s own address to anyone who reaches it. The
//! request metrics as the edge recorded them, then the features' counters read now.
use std::borrow::Cow;

use axum::{
    extract::{OriginalUri, State},
    http::{header, HeaderMap, Method},
    response::{IntoResponse, Response},
    routing::get,
    Router,
};
use prometheus_client::registry::Registry;
use subtle::ConstantTimeEq;

use crate::{
    config::Secret,
    error::{ApiError, Missing},
    metrics::{
        readings::{Labels, Readings},
        CacheReading,
    },
    state::AppState,
};

/// The scrape's media type (OpenMetrics, which carries the exemplars).
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// `/metrics` on the site's address: open to `token`'s bearer; without a token, not there.
pub fn router(token: Option<Secret>) -> Router<AppState> {
    Router::new().route(
        "/metrics",
        get(
            move |State(state): State<AppState>, headers: HeaderMap, uri: OriginalUri| async move {
                match &token {
                    None => ApiError::NotFound(Missing::Route {
                        method: Method::GET.to_string(),
                        path: uri.path().to_owned(),
                    })
                    .into_response(),
                    Some(token) if !bears(&headers, token) => refused(),
                    Some(_) => scrape(&state),
                }
            },
        ),
    )
}

/// `/metrics` alone, for its own listener (`METRICS_LISTEN`).
pub fn own_router(state: AppState) -> Router {
    Router::new()
        .route(
            "/metrics",
            get(|State(state): State<AppState>| async move { scrape(&state) }),
        )
        .with_state(state)
}

/// Whether the request carries `Authorization: Bearer <token>` (compared in constant time).
fn bears(headers: &HeaderMap, token: &Secret) -> bool {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .is_some_and(|given| bool::from(given.as_bytes().ct_eq(token.expose().as_bytes())))
}

fn refused() -> Response {
    let lang = crate::error::words::answer_lang();
    let mut response = ApiError::Unauthenticated {
        status_message: "Authentication required",
        code: "auth_required",
        message: tingshu_core::auth::messages::denied("auth_required", lang),
    }
    .into_response();
    response.headers_mut().insert(
        header::WWW_AUTHENTICATE,
        header::HeaderValue::from_static("Bearer realm=\"metrics\""),
    );
    response
}

fn scrape(state: &AppState) -> Response {
    let mut registry = Registry::with_prefix("tingshu");
    state.metrics.register(&mut registry);
    registry.register_collector(Box::new(readings(state)));
    let mut text = String::new();
    if let Err(error) = prometheus_client::encoding::text::encode(&mut text, &registry) {
        return ApiError::Internal(anyhow::anyhow!("cannot write the metrics: {error}"))
            .into_response();
    }
    ([(header::CONTENT_TYPE, CONTENT_TYPE)], text).into_response()
}

fn label(name: &'static str, value: impl Into<Cow<'static, str>>) -> Labels {
    vec![(name, value.into())]
}

/// Every feature's counters as they are now.
fn readings(state: &AppState) -> Readings {
    let mut readings = Readings::default();
    readings.gauge(
        "build_info",
        "The running build: its version and profile (always 1).",
        [(
            vec![
                ("version", Cow::Borrowed(env!("CARGO_PKG_VERSION"))),
                (
                    "profile",
                    Cow::Borrowed(if cfg!(debug_assertions) {
                        "debug"
                    } else {
                        "release"
                    }),
                ),
            ],
            1,
        )],
    );
    readings.gauge(
        "process_start_time_seconds",
        "When this process started, in seconds since the epoch.",
        [(Vec::new(), state.started_at_secs as i64)],
    );
    let pools = state.db.pool_readings();
    readings
        .gauge(
            "db_pool_connections",
            "Database connections open per pool (read, write) and state (idle, busy).",
            pools.iter().flat_map(|pool| {
                let idle = pool.idle as i64;
                [
                    (state_labels(pool.pool, "idle"), idle),
                    (state_labels(pool.pool, "busy"), i64::from(pool.open) - idle),
                ]
            }),
        )
        .gauge(
            "db_pool_max_connections",
            "The most connections each pool opens.",
            pools
                .iter()
                .map(|pool| (label("pool", pool.pool), i64::from(pool.max))),
        );
    let queues = [
        (
            "search_queries",
            state.search_log.depth(),
            state.search_log.counts(),
        ),
        (
            "access_log",
            state.activity.access_log.depth(),
            state.activity.access_log.counts(),
        ),
        (
            "behavior_events",
            state.tracking.events.depth(),
            state.tracking.events.counts(),
        ),
        (
            "anti_crawler_reports",
            state.anti_crawler.reports.queue.depth(),
            state.anti_crawler.reports.queue.counts(),
        ),
    ];
    readings
        .gauge(
            "record_queue_depth",
            "Rows waiting in each record queue to be written in a batch.",
            queues
                .iter()
                .map(|(queue, depth, _)| (label("queue", *queue), *depth as i64)),
        )
        .counter(
            "record_queue_written",
            "Rows each record queue has written.",
            queues
                .iter()
                .map(|(queue, _, counts)| (label("queue", *queue), counts.written)),
        )
        .counter(
            "record_queue_dropped",
            "Rows each record queue dropped (its buffer full, or a batch that failed).",
            queues
                .iter()
                .map(|(queue, _, counts)| (label("queue", *queue), counts.dropped)),
        );
    let callers = state.accounts.callers.stats();
    let caches: [(&'static str, CacheReading); 9] = [
        ("sessions", callers.sessions.reading()),
        ("accounts", callers.accounts.reading()),
        ("catalog_counts", state.catalog_counts.stats().reading()),
        ("list_pages", state.list_pages.stats().reading()),
        ("audio_facts", state.audio.facts().stats().reading()),
        ("open_files", state.audio.files_stats().reading()),
        ("stored_objects", state.audio.objects_stats().reading()),
        ("settings", state.settings.stats().reading()),
        ("search_results", state.search.results_stats().reading()),
    ];
    readings.counter(
        "cache_lookups",
        "Cache lookups by cache and result (hit, miss); a miss read the database or the store.",
        caches.iter().flat_map(|(cache, reading)| {
            [
                (result_labels(cache, "hit"), reading.hits),
                (result_labels(cache, "miss"), reading.misses),
            ]
        }),
    );
    let hashing = state.accounts.hashing.reading();
    readings
        .gauge(
            "password_hash_busy",
            "Password hashes running now (at most one per core).",
            [(Vec::new(), hashing.busy as i64)],
        )
        .counter(
            "password_hash_waits",
            "Password hashes that found the pool full and waited for a turn.",
            [(Vec::new(), hashing.waited)],
        )
        .seconds(
            "password_hash_wait_seconds",
            "Time those hashes waited, in all.",
            [(Vec::new(), hashing.waited_micros as f64 / 1e6)],
        )
        .counter(
            "password_hash_refused",
            "Sign-ins and password changes refused with 503: no turn within the wait.",
            [(Vec::new(), hashing.refused)],
        );
    readings.counter(
        "audio_sent_from_files_bytes",
        "Audio bytes the connections sent from the file with sendfile, never copied through \
         the process (the rest of the audio, if any, was written from memory).",
        [(Vec::new(), crate::serve::zero_copy::bytes_sent_from_files())],
    );
    let outcomes = state.anti_crawler.gate.outcomes();
    readings.counter(
        "challenges",
        "Guarded requests by outcome: challenged (refused with a proof-of-work challenge), \
         solved (a proof accepted, a pass issued), failed (a wrong or replayed proof), \
         crawler_limited (a verified crawler over its limit).",
        [
            (label("outcome", "challenged"), outcomes.challenged),
            (label("outcome", "solved"), outcomes.solved),
            (label("outcome", "failed"), outcomes.failed),
            (
                label("outcome", "crawler_limited"),
                outcomes.crawler_limited,
            ),
        ],
    );
    readings
}

fn state_labels(pool: &'static str, state: &'static str) -> Labels {
    vec![
        ("pool", Cow::Borrowed(pool)),
        ("state", Cow::Borrowed(state)),
    ]
}

fn result_labels(cache: &'static str, result: &'static str) -> Labels {
    vec![
        ("cache", Cow::Borrowed(cache)),
        ("result", Cow::Borrowed(result)),
    ]
}

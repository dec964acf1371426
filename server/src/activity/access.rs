//! The access log's middleware: one row per request (arrival time, user, address, method,
//! route template, status, latency, bytes), queued with `try_send` on the bounded record
//! queue, so a request never waits for it nor fails because of it; a full queue drops the row
//! and counts it (`/readyz`).
//!
//! What is logged: every `/api` request, under the route pattern the router matched
//! (`/api/books/{id}`; an `/api` address no registered route matches is [`API_OTHER`]), and
//! every page request (the app's pages, under [`PAGE`]). What is not: the probes (`/healthz`,
//! `/readyz`), the metrics (`/metrics`), translations (`/_i18n/*`), build files (`/assets/*`)
//! and every other file the app serves (a last path segment with a dot: `/sw.js`,
//! `/favicon.ico`): they are static and would be most of the rows. Nor the behaviour events
//! (`/api/behavior/{browsing,play,search,favorite,pageview}`, [`BEHAVIOR_EVENTS`]): they are
//! stored without the sender's address (the privacy page says so), which a row here beside each
//! of them would give back; and a site's page views would bury its other requests (and cost a
//! write each).
//!
//! The same future records every request, logged or not, in the request metrics
//! ([`crate::metrics::http`]): the route template (or a fixed name), status, latency, bytes and
//! the request's id.
//!
//! Cost on the hot path: the path read once, two clock reads, the row itself, `try_send`. The
//! route and the caller come from the access middleware, which leaves one small [`AccessNote`]
//! (a reference-counted pattern and an id) in a task-local slot the request's future is scoped
//! with (no allocation). No await, no boxed future; the metrics take one short lock of the
//! request's series. Latency is measured to the response head; bytes are the answer's length
//! as the handler gave it, before compression (`Content-Length`, or the body's exact size; 0 for
//! a stream of unknown length).
use std::{
    cell::Cell,
    future::Future,
    net::IpAddr,
    pin::Pin,
    sync::Arc,
    task::{ready, Context, Poll},
    time::Instant,
};

use axum::{
    body::HttpBody,
    extract::MatchedPath,
    http::{header, HeaderValue, Method, Request, Response},
};
use pin_project_lite::pin_project;
use sea_orm::ActiveValue::{NotSet, Set};
use tokio::task::futures::TaskLocalFuture;
use tower::{Layer, Service};

use crate::{
    client::ClientAddr,
    db::records::RecordQueue,
    edge::REQUEST_ID,
    entities::access_log,
    metrics::http::{unmatched_route, Answered, RequestMetrics, Route},
};

/// The route of `/api` requests that no registered route matched (or outside the registry).
pub const API_OTHER: &str = "/api/*";
/// The route of page requests.
pub const PAGE: &str = "(page)";

/// The behaviour events' addresses, never in the access log.
pub const BEHAVIOR_EVENTS: [&str; 5] = [
    "/api/behavior/browsing",
    "/api/behavior/play",
    "/api/behavior/search",
    "/api/behavior/favorite",
    "/api/behavior/pageview",
];

/// Whether and how a request is logged, from its path alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Logged {
    Api,
    Page,
    Skipped,
}

/// How the request at `path` is logged.
pub fn classify(path: &str) -> Logged {
    classify_named(path, unmatched_route(path))
}

/// How the request at `path` is logged, from the name the metrics give its route when no
/// template matches (one reading of the path serves both).
fn classify_named(path: &str, unmatched: &str) -> Logged {
    match unmatched {
        // Only an `/api/behavior/` address is compared with the event calls' five.
        API_OTHER if path.starts_with("/api/behavior/") && BEHAVIOR_EVENTS.contains(&path) => {
            Logged::Skipped
        }
        API_OTHER => Logged::Api,
        PAGE => Logged::Page,
        // The probes, `/metrics`, translations, build files and every other file.
        _ => Logged::Skipped,
    }
}

/// What the access middleware tells the access log about a request it passed or refused.
#[derive(Debug, Clone)]
pub struct AccessNote {
    pub route: Option<MatchedPath>,
    pub user_id: Option<i32>,
}

tokio::task_local! {
    /// The note of the request being answered (each logged request's future is scoped with it).
    static NOTE: Cell<Option<AccessNote>>;
}

/// Leaves `note` for the access log of the request being answered (nothing outside one).
pub fn note(note: AccessNote) {
    let _ = NOTE.try_with(|slot| slot.set(Some(note)));
}

/// The access log and the request metrics as a tower layer (see [`crate::edge::wrap`]).
#[derive(Clone)]
pub struct AccessLogLayer {
    sinks: Arc<Sinks>,
}

/// Where an answered request goes: a row on the queue (when logged), and the metrics.
struct Sinks {
    queue: RecordQueue<access_log::ActiveModel>,
    metrics: RequestMetrics,
}

impl AccessLogLayer {
    pub fn new(queue: RecordQueue<access_log::ActiveModel>, metrics: RequestMetrics) -> Self {
        Self {
            sinks: Arc::new(Sinks { queue, metrics }),
        }
    }
}

impl<S> Layer<S> for AccessLogLayer {
    type Service = AccessLogService<S>;

    fn layer(&self, inner: S) -> Self::Service {
        AccessLogService {
            inner,
            sinks: self.sinks.clone(),
        }
    }
}

#[derive(Clone)]
pub struct AccessLogService<S> {
    inner: S,
    sinks: Arc<Sinks>,
}

/// What is known of a request before its answer.
struct Arrival {
    sinks: Arc<Sinks>,
    kind: Logged,
    /// The route's name when no template will be matched (the request's path decides it).
    unmatched: &'static str,
    started: Instant,
    created_at: i64,
    method: Method,
    ip: Option<IpAddr>,
    request_id: Option<HeaderValue>,
}

impl<S, ReqBody, ResBody> Service<Request<ReqBody>> for AccessLogService<S>
where
    S: Service<Request<ReqBody>, Response = Response<ResBody>>,
    ResBody: HttpBody,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = AccessLogFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<ReqBody>) -> Self::Future {
        let path = request.uri().path();
        let unmatched = unmatched_route(path);
        let kind = classify_named(path, unmatched);
        let arrival = Some(Arrival {
            sinks: self.sinks.clone(),
            kind,
            unmatched,
            started: Instant::now(),
            created_at: if kind == Logged::Skipped {
                0
            } else {
                crate::clock::now_ms()
            },
            method: request.method().clone(),
            ip: request.extensions().get::<ClientAddr>().map(|c| c.0),
            request_id: request.headers().get(REQUEST_ID).cloned(),
        });
        AccessLogFuture {
            inner: NOTE.scope(Cell::new(None), self.inner.call(request)),
            arrival,
        }
    }
}

pin_project! {
    /// The inner answer, logged when it is ready.
    pub struct AccessLogFuture<F> {
        #[pin]
        inner: TaskLocalFuture<Cell<Option<AccessNote>>, F>,
        arrival: Option<Arrival>,
    }
}

impl<F, ResBody, E> Future for AccessLogFuture<F>
where
    F: Future<Output = Result<Response<ResBody>, E>>,
    ResBody: HttpBody,
{
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let mut this = self.project();
        let answer = ready!(this.inner.as_mut().poll(cx));
        if let (Some(arrival), Ok(response)) = (this.arrival.take(), &answer) {
            let note = this.inner.take_value().and_then(Cell::into_inner);
            arrival.answered(response, note);
        }
        Poll::Ready(answer)
    }
}

impl Arrival {
    /// Records the answer in the metrics and, when the request is logged, queues its row.
    fn answered<B: HttpBody>(self, response: &Response<B>, note: Option<AccessNote>) {
        let elapsed = self.started.elapsed();
        let bytes = response
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|value| value.to_str().ok()?.parse().ok())
            .or_else(|| response.body().size_hint().exact())
            .unwrap_or(0);
        let status = response.status().as_u16();
        let (route, user_id) = match note {
            Some(note) => (note.route, note.user_id),
            None => (None, None),
        };
        let route = match route {
            Some(route) => Route::Matched(route),
            None => Route::Fixed(self.unmatched),
        };
        if self.kind != Logged::Skipped {
            let latency_ms = elapsed.as_millis().min(i32::MAX as u128) as i32;
            self.sinks.queue.push(access_log::ActiveModel {
                id: NotSet,
                created_at: Set(self.created_at),
                user_id: Set(user_id),
                ip: Set(self.ip.map(|ip| ip.to_string())),
                method: Set(self.method.as_str().to_owned()),
                route: Set(route.as_str().to_owned()),
                status: Set(i32::from(status)),
                latency_ms: Set(latency_ms),
                bytes: Set(bytes.min(i64::MAX as u64) as i64),
            });
        }
        self.sinks.metrics.record(Answered {
            method: &self.method,
            route,
            status,
            seconds: elapsed.as_secs_f64(),
            bytes,
            request_id: self.request_id.as_ref(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn api_and_pages_are_logged_files_probes_and_behaviour_events_are_not() {
        for (path, logged) in [
            ("/api/books/7", Logged::Api),
            ("/api/openapi.json", Logged::Api),
            ("/", Logged::Page),
            ("/zh/books/7", Logged::Page),
            ("/admin/logs", Logged::Page),
            ("/assets/index-3f2a.js", Logged::Skipped),
            ("/_i18n/zh/app.json", Logged::Skipped),
            ("/sw.js", Logged::Skipped),
            ("/favicon.ico", Logged::Skipped),
            ("/healthz", Logged::Skipped),
            ("/readyz", Logged::Skipped),
            ("/metrics", Logged::Skipped),
            ("/api/behavior/pageview", Logged::Skipped),
            ("/api/behavior/play", Logged::Skipped),
            ("/api/behavior/stats", Logged::Api),
            ("/api/behavior/preferences", Logged::Api),
        ] {
            assert_eq!(classify(path), logged, "{path}");
        }
    }
}

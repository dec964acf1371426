//! The requests as the edge answered them: one latency histogram per method, route template
//! and status (its `_count` is the number of requests), each bucket keeping the id of the last
//! request that fell in it as its exemplar (the `id` of that request's log line), and the bytes
//! answered per route.
//!
//! Every label is bounded: methods outside HTTP's standard ones are `OTHER`, routes are the
//! router's templates or a fixed name ([`unmatched_route`]), statuses are three digits.
use std::{
    fmt,
    hash::{Hash, Hasher},
};

use axum::{
    extract::MatchedPath,
    http::{HeaderValue, Method},
};
use prometheus_client::{
    encoding::{EncodeLabel, EncodeLabelSet, EncodeLabelValue, LabelSetEncoder, LabelValueEncoder},
    metrics::{counter::Counter, exemplar::HistogramWithExemplars, family::Family},
    registry::Registry,
};

/// Latency buckets in seconds: half a millisecond to the 30 s request time limit.
const LATENCY_BUCKETS: [f64; 15] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];
/// Longest request id kept as an exemplar (a generated one is a 36-character UUID).
const REQUEST_ID_MAX: usize = 64;

/// The route label: the template the router matched, or a fixed name for the rest.
#[derive(Clone, Debug)]
pub enum Route {
    Matched(MatchedPath),
    Fixed(&'static str),
}

impl Route {
    pub fn as_str(&self) -> &str {
        match self {
            Self::Matched(path) => path.as_str(),
            Self::Fixed(name) => name,
        }
    }
}

impl PartialEq for Route {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Route {}

impl Hash for Route {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl EncodeLabelValue for Route {
    fn encode(&self, encoder: &mut LabelValueEncoder) -> fmt::Result {
        fmt::Write::write_str(encoder, self.as_str())
    }
}

/// The route of a request no route template matched, named by its path: the probes and
/// `/metrics` as themselves, the app's files by their folder, any other file, a page, or an
/// unknown `/api` address.
pub fn unmatched_route(path: &str) -> &'static str {
    match path {
        "/healthz" => "/healthz",
        "/readyz" => "/readyz",
        "/metrics" => "/metrics",
        _ if path == "/api" || path.starts_with("/api/") => crate::activity::access::API_OTHER,
        _ if path.starts_with("/_i18n/") => "/_i18n/*",
        _ if path.starts_with("/assets/") => "/assets/*",
        _ if path
            .rsplit('/')
            .next()
            .is_some_and(|last| last.contains('.')) =>
        {
            "(file)"
        }
        _ => crate::activity::access::PAGE,
    }
}

/// The method label: HTTP's standard methods by name, any other as `OTHER`.
pub fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        Method::TRACE => "TRACE",
        Method::CONNECT => "CONNECT",
        _ => "OTHER",
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, prometheus_client::encoding::EncodeLabelSet)]
pub struct RequestLabels {
    pub method: &'static str,
    pub route: Route,
    pub status: u16,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, prometheus_client::encoding::EncodeLabelSet)]
pub struct RouteLabels {
    pub route: Route,
}

/// A request's id as an exemplar's one label, `request_id`.
#[derive(Clone, Debug)]
pub struct RequestId(HeaderValue);

impl RequestId {
    /// The id in `value` when it is short and plain (letters, digits, `-`, `_`, `.`): a
    /// client may send its own, and an exemplar's label is written unescaped.
    pub fn of(value: &HeaderValue) -> Option<Self> {
        let bytes = value.as_bytes();
        let plain = !bytes.is_empty()
            && bytes.len() <= REQUEST_ID_MAX
            && bytes
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
        plain.then(|| Self(value.clone()))
    }
}

impl EncodeLabelSet for RequestId {
    fn encode(&self, encoder: &mut LabelSetEncoder) -> fmt::Result {
        ("request_id", self.0.to_str().unwrap_or_default()).encode(encoder.encode_label())
    }
}

/// The request metrics; a clone shares them.
#[derive(Clone, Debug)]
pub struct RequestMetrics {
    latency: Family<RequestLabels, HistogramWithExemplars<RequestId>>,
    bytes: Family<RouteLabels, Counter>,
}

impl Default for RequestMetrics {
    fn default() -> Self {
        Self {
            latency: Family::new_with_constructor(|| {
                HistogramWithExemplars::new(LATENCY_BUCKETS.into_iter())
            }),
            bytes: Family::default(),
        }
    }
}

/// One answered request, as the edge saw it.
pub struct Answered<'a> {
    pub method: &'a Method,
    pub route: Route,
    pub status: u16,
    pub seconds: f64,
    /// The answer's length as the handler gave it (before compression; 0 for a stream of
    /// unknown length).
    pub bytes: u64,
    pub request_id: Option<&'a HeaderValue>,
}

impl RequestMetrics {
    pub fn record(&self, answered: Answered<'_>) {
        let route = answered.route;
        if answered.bytes > 0 {
            self.bytes
                .get_or_create(&RouteLabels {
                    route: route.clone(),
                })
                .inc_by(answered.bytes);
        }
        let labels = RequestLabels {
            method: method_label(answered.method),
            route,
            status: answered.status,
        };
        self.latency.get_or_create(&labels).observe(
            answered.seconds,
            answered.request_id.and_then(RequestId::of),
            None,
        );
    }

    /// Adds these metrics to a scrape's registry.
    pub fn register(&self, registry: &mut Registry) {
        registry.register(
            "http_request_duration_seconds",
            "Time to the response's head, by method, route template and status; _count is the \
             number of requests. Exemplar: the request's id (x-request-id, the log's id)",
            self.latency.clone(),
        );
        registry.register(
            "http_response_bytes",
            "Bytes answered by route: each response's length as declared (audio ranges \
             included), before compression",
            self.bytes.clone(),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_ids_that_are_long_or_carry_other_characters_are_not_exemplars() {
        let plain = HeaderValue::from_static("3f2a9c1e-0b7d-4e5f-9a8b-7c6d5e4f3a2b");
        assert!(RequestId::of(&plain).is_some());
        for odd in ["", "a\"b", "a b", "x{y}", &"a".repeat(REQUEST_ID_MAX + 1)] {
            let value = HeaderValue::from_str(odd).unwrap();
            assert!(RequestId::of(&value).is_none(), "{odd:?}");
        }
    }

    #[test]
    fn unmatched_paths_get_a_bounded_name() {
        for (path, route) in [
            ("/healthz", "/healthz"),
            ("/metrics", "/metrics"),
            ("/api/nothing/here", "/api/*"),
            ("/_i18n/zh/messages.json", "/_i18n/*"),
            ("/assets/index-3f2a.js", "/assets/*"),
            ("/sw.js", "(file)"),
            ("/zh/books/7", "(page)"),
            ("/", "(page)"),
        ] {
            assert_eq!(unmatched_route(path), route, "{path}");
        }
        assert_eq!(method_label(&Method::from_bytes(b"BREW").unwrap()), "OTHER");
        assert_eq!(method_label(&Method::PATCH), "PATCH");
    }
}

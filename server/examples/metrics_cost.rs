//! What recording one answered request in the metrics costs (`RequestMetrics::record`): the
//! series' lookups, the histogram and its exemplar, the bytes counter. Run with
//! `cargo run --release -p tingshu-server --example metrics_cost [threads]`; each thread
//! records 2,000,000 requests over 40 routes, all threads at once.
use std::time::Instant;

use axum::{
    extract::MatchedPath,
    http::{HeaderValue, Method},
    routing::get,
    Router,
};
use tingshu_server::metrics::http::{Answered, RequestMetrics, Route};

const PER_THREAD: usize = 2_000_000;
const ROUTES: usize = 40;

/// Real `MatchedPath`s, as the router gives its handlers (they have no public constructor).
async fn matched_paths() -> Vec<MatchedPath> {
    use std::sync::{Arc, Mutex};
    use tower::ServiceExt;
    let seen = Arc::new(Mutex::new(Vec::new()));
    for n in 0..ROUTES {
        let kept = seen.clone();
        let router = Router::new().route(
            &format!("/api/route{n}/{{id}}"),
            get(move |path: MatchedPath| async move { kept.lock().unwrap().push(path) }),
        );
        let request = axum::http::Request::get(format!("/api/route{n}/7"))
            .body(axum::body::Body::empty())
            .unwrap();
        assert_eq!(router.oneshot(request).await.unwrap().status(), 200);
    }
    let paths = seen.lock().unwrap().clone();
    paths
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let threads: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(2);
    let routes = matched_paths().await;
    let metrics = RequestMetrics::default();
    let id = HeaderValue::from_static("3f2a9c1e-0b7d-4e5f-9a8b-7c6d5e4f3a2b");
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                for n in 0..PER_THREAD {
                    metrics.record(Answered {
                        method: &Method::GET,
                        route: Route::Matched(routes[n % ROUTES].clone()),
                        status: if n % 10 == 0 { 404 } else { 200 },
                        seconds: (n % 1000) as f64 * 1e-5,
                        bytes: 9_961,
                        request_id: Some(&id),
                    });
                }
            });
        }
    });
    let elapsed = started.elapsed();
    let total = threads * PER_THREAD;
    println!(
        "{total} requests recorded on {threads} threads in {:.2} s: {:.0} ns each, {:.2} M/s",
        elapsed.as_secs_f64(),
        elapsed.as_nanos() as f64 / PER_THREAD as f64,
        total as f64 / elapsed.as_secs_f64() / 1e6
    );
}

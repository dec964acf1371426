//! `/metrics`: closed without a token, open to its bearer, or alone on its own address; the
//! requests by route template and status with their ids as exemplars, the bytes answered, and
//! the features' counters (caches, queues, pools, the hash pool, challenges, the build).
use crate::helpers::{spawn_app_with, TestApp};

const TOKEN: &str = "metrics-token-0123456789-abcdefghij";

async fn app_with_token() -> TestApp {
    spawn_app_with(|config| config.metrics_token = Some(TOKEN.parse().unwrap())).await
}

async fn scrape(app: &TestApp) -> String {
    let response = app.get_as("/metrics", TOKEN).await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-type"],
        "application/openmetrics-text; version=1.0.0; charset=utf-8"
    );
    response.text().await.unwrap()
}

async fn get_with(app: &TestApp, path: &str, header: &str, value: &str) -> reqwest::Response {
    let request = app.client.get(app.url(path)).header(header, value);
    request.send().await.unwrap()
}

/// The value of the sample whose name and labels are exactly `series` (`name{a="b",…}`).
fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines().find_map(|line| {
        let rest = line.strip_prefix(series)?.strip_prefix(' ')?;
        rest.split(' ').next()?.parse().ok()
    })
}

/// Every line is a comment, `# EOF` last, or `name[{labels}] value[ # {exemplar} value]`.
fn assert_well_formed(text: &str) {
    assert_eq!(
        text.lines().last(),
        Some("# EOF"),
        "the scrape ends with # EOF"
    );
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        let (series, value) = match line.split_once(" # ") {
            Some((sample, _exemplar)) => sample.rsplit_once(' ').unwrap(),
            None => line.rsplit_once(' ').unwrap(),
        };
        assert!(value.parse::<f64>().is_ok(), "value of {line:?}");
        let name = series.split('{').next().unwrap();
        assert!(
            name.starts_with("tingshu_")
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
            "name of {line:?}"
        );
        assert_eq!(
            series.contains('{'),
            series.ends_with('}'),
            "labels of {line:?}"
        );
    }
}

#[tokio::test]
async fn without_a_token_the_site_serves_no_metrics() {
    let app = spawn_app_with(|_| {}).await;
    let response = app.get("/metrics").await;
    assert_eq!(response.status(), 404);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["code"], "not_found", "{body}");
}

#[tokio::test]
async fn only_the_tokens_bearer_reads_the_metrics() {
    let app = app_with_token().await;
    for authorization in [None, Some("Bearer wrong-token"), Some(TOKEN)] {
        let mut request = app.client.get(app.url("/metrics"));
        if let Some(value) = authorization {
            request = request.header("authorization", value);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), 401, "{authorization:?}");
        assert_eq!(
            response.headers()["www-authenticate"],
            "Bearer realm=\"metrics\""
        );
    }
    let text = scrape(&app).await;
    assert_well_formed(&text);
}

#[tokio::test]
async fn requests_are_counted_by_route_template_and_status_with_their_ids() {
    let app = app_with_token().await;
    for _ in 0..3 {
        assert_eq!(app.get("/api/categories").await.status(), 200);
    }
    let missing = get_with(&app, "/api/books/999999", "x-request-id", "trace-me-42").await;
    assert_eq!(missing.status(), 404);
    let text = scrape(&app).await;
    assert_well_formed(&text);
    let count = |route: &str, status: u16| {
        sample(
            &text,
            &format!(
                "tingshu_http_request_duration_seconds_count{{method=\"GET\",route=\"{route}\",status=\"{status}\"}}"
            ),
        )
    };
    assert_eq!(count("/api/categories", 200), Some(3.0), "{text}");
    assert_eq!(count("/api/books/{id}", 404), Some(1.0), "{text}");
    // The id the client sent is the exemplar of the bucket its request fell in.
    assert!(
        text.lines().any(
            |line| line.starts_with("tingshu_http_request_duration_seconds_bucket{")
                && line.contains("route=\"/api/books/{id}\"")
                && line.contains("# {request_id=\"trace-me-42\"}")
        ),
        "{text}"
    );
    let bytes = sample(
        &text,
        "tingshu_http_response_bytes_total{route=\"/api/categories\"}",
    );
    assert!(bytes.is_some_and(|b| b > 0.0), "{text}");
}

#[tokio::test]
async fn caches_queues_pools_hashing_and_the_build_are_read_at_each_scrape() {
    let app = app_with_token().await;
    for _ in 0..2 {
        assert_eq!(app.get("/api/books?page=1").await.status(), 200);
    }
    let text = scrape(&app).await;
    let lookups = |cache: &str, result: &str| {
        sample(
            &text,
            &format!("tingshu_cache_lookups_total{{cache=\"{cache}\",result=\"{result}\"}}"),
        )
    };
    assert_eq!(lookups("list_pages", "miss"), Some(1.0), "{text}");
    assert_eq!(lookups("list_pages", "hit"), Some(1.0), "{text}");
    for cache in [
        "sessions",
        "accounts",
        "catalog_counts",
        "audio_facts",
        "open_files",
        "stored_objects",
        "settings",
    ] {
        assert!(lookups(cache, "hit").is_some(), "{cache}: {text}");
    }
    for queue in [
        "search_queries",
        "access_log",
        "behavior_events",
        "anti_crawler_reports",
    ] {
        let labels = format!("{{queue=\"{queue}\"}}");
        assert!(sample(&text, &format!("tingshu_record_queue_depth{labels}")).is_some());
        assert!(sample(
            &text,
            &format!("tingshu_record_queue_written_total{labels}")
        )
        .is_some());
        assert_eq!(
            sample(
                &text,
                &format!("tingshu_record_queue_dropped_total{labels}")
            ),
            Some(0.0)
        );
    }
    let open = |pool: &str, state: &str| {
        sample(
            &text,
            &format!("tingshu_db_pool_connections{{pool=\"{pool}\",state=\"{state}\"}}"),
        )
        .unwrap_or_else(|| panic!("{pool} {state}: {text}"))
    };
    assert!(open("read", "idle") + open("read", "busy") >= 1.0);
    let writers = sample(&text, "tingshu_db_pool_max_connections{pool=\"write\"}")
        .expect("the write pool's ceiling");
    if app.config.effective_database_url().is_sqlite() {
        assert_eq!(writers, 1.0, "SQLite's one writer");
    } else {
        assert!(writers > 1.0, "PostgreSQL's write pool: {writers}");
    }
    assert_eq!(sample(&text, "tingshu_password_hash_busy"), Some(0.0));
    assert_eq!(
        sample(&text, "tingshu_password_hash_waits_total"),
        Some(0.0)
    );
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        text.lines().any(|line| line.starts_with(&format!(
            "tingshu_build_info{{version=\"{version}\",profile=\""
        )) && line.ends_with("} 1")),
        "{text}"
    );
    assert!(sample(&text, "tingshu_process_start_time_seconds").is_some_and(|t| t > 1.7e9));
}

#[tokio::test]
async fn challenges_issued_and_solved_are_counted() {
    let app = spawn_app_with(|config| {
        config.metrics_token = Some(TOKEN.parse().unwrap());
        config.anti_crawler.per_minute = 1;
    })
    .await;
    assert_eq!(app.get("/api/categories").await.status(), 200);
    assert_eq!(app.get("/api/categories").await.status(), 429);
    let forged = get_with(&app, "/api/categories", "x-challenge-proof", "00:1:00").await;
    assert_eq!(forged.status(), 429);
    let text = scrape(&app).await;
    let outcome = |name: &str| {
        sample(
            &text,
            &format!("tingshu_challenges_total{{outcome=\"{name}\"}}"),
        )
    };
    assert_eq!(outcome("challenged"), Some(1.0), "{text}");
    assert_eq!(outcome("failed"), Some(1.0), "{text}");
    assert_eq!(outcome("solved"), Some(0.0), "{text}");
}

#[tokio::test]
async fn an_address_of_their_own_serves_the_metrics_without_a_token() {
    let app = spawn_app_with(|config| {
        config.metrics_listen = Some("127.0.0.1:0".parse().unwrap());
    })
    .await;
    let own = app.metrics_address.expect("a metrics listener");
    assert_eq!(app.get("/healthz").await.status(), 200);
    let response = app
        .client
        .get(format!("http://{own}/metrics"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let text = response.text().await.unwrap();
    assert_well_formed(&text);
    assert_eq!(
        sample(
            &text,
            "tingshu_http_request_duration_seconds_count{method=\"GET\",route=\"/healthz\",status=\"200\"}"
        ),
        Some(1.0),
        "{text}"
    );
    assert_eq!(
        app.get("/metrics").await.status(),
        404,
        "not on the site's own"
    );
}

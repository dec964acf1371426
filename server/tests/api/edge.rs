//! The edge: security headers, compression, source maps, every rejection in the JSON error
//! shape, slow and idle clients cut off, and a shutdown bounded in time.
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{json, Value};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};

use base64::Engine;
use sha2::Digest;

use crate::helpers::{
    spawn_app, spawn_app_with, RealServer, TestApp, TestUser, SHELL_INLINE_SCRIPT,
};

/// How long a half-sent or idle connection may be held at most (the issue's bar).
const CUT_OFF: Duration = Duration::from_secs(30);

#[tokio::test]
async fn pages_and_api_answers_carry_the_security_headers() {
    let app = spawn_app().await;
    let page = app.get("/books").await;
    let csp = page.headers()["content-security-policy"].to_str().unwrap();
    let script_src = csp
        .split(';')
        .map(str::trim)
        .find(|directive| directive.starts_with("script-src"))
        .expect("a script-src directive");
    assert!(!script_src.contains("unsafe-inline"), "{csp}");
    assert!(!script_src.contains("'unsafe-eval'"), "{csp}");
    // The shell's own inline script, and only it, is allowed, by its hash.
    let hash = base64::engine::general_purpose::STANDARD
        .encode(sha2::Sha256::digest(SHELL_INLINE_SCRIPT.as_bytes()));
    assert_eq!(
        script_src,
        format!("script-src 'self' 'sha256-{hash}' 'wasm-unsafe-eval'"),
        "{csp}"
    );
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    for response in [page, app.get("/api/categories").await] {
        let headers = response.headers();
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert_eq!(headers["x-frame-options"], "DENY");
        assert_eq!(
            headers["referrer-policy"],
            "strict-origin-when-cross-origin"
        );
        assert!(headers["permissions-policy"]
            .to_str()
            .unwrap()
            .contains("camera=()"));
        assert!(
            headers.get("strict-transport-security").is_none(),
            "no HSTS without an https PUBLIC_URL"
        );
    }
    let api = app.get("/api/categories").await;
    assert!(api.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .starts_with("default-src 'none'"));
}

#[tokio::test]
async fn the_service_worker_may_fetch_from_the_site_and_is_always_revalidated() {
    let app = spawn_app().await;
    let worker = app.get("/sw.js").await;
    assert_eq!(worker.status(), 200);
    let headers = worker.headers();
    let csp = headers["content-security-policy"].to_str().unwrap();
    // Under the resource policy (`sandbox`, `default-src 'none'`) the worker has no cache
    // storage and every fetch it makes fails: the app would not start offline.
    assert!(!csp.contains("sandbox"), "{csp}");
    assert!(csp.starts_with("default-src 'self'"), "{csp}");
    assert!(!csp.contains("unsafe"), "{csp}");
    assert_eq!(headers["cache-control"], "no-cache");
    assert_eq!(headers["x-content-type-options"], "nosniff");
}

#[tokio::test]
async fn a_module_worker_may_compile_its_wasm_and_fetch_from_the_site_only() {
    let app = spawn_app().await;
    let worker = app.get("/assets/solver.worker-4b1d2e.js").await;
    assert_eq!(worker.status(), 200);
    let headers = worker.headers();
    let csp = headers["content-security-policy"].to_str().unwrap();
    // Under the resource policy the solver's worker cannot fetch its wasm: no proof, ever.
    assert!(!csp.contains("sandbox"), "{csp}");
    assert!(csp.starts_with("default-src 'self'"), "{csp}");
    assert!(
        csp.contains("script-src 'self' 'wasm-unsafe-eval'"),
        "{csp}"
    );
    assert!(!csp.contains("unsafe-inline"), "{csp}");
    assert!(headers["cache-control"]
        .to_str()
        .unwrap()
        .contains("immutable"));
    // Other scripts keep the resource policy.
    let script = app.get("/assets/app-3f9a1c.js").await;
    let csp = script.headers()["content-security-policy"]
        .to_str()
        .unwrap();
    assert!(csp.contains("sandbox"), "{csp}");
}

#[tokio::test]
async fn a_revalidated_page_keeps_the_page_policy() {
    let app = spawn_app().await;
    // A page that is the file as built (the home page and a book's carry data, and no validators).
    let page = app.get("/search").await;
    let validator = page.headers()["last-modified"].clone();
    let again = app
        .client
        .get(app.url("/search"))
        .header("If-Modified-Since", validator)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    // Browsers merge a 304's headers into the cached page: no resource policy may come.
    assert!(again.headers().get("content-security-policy").is_none());
}

#[tokio::test]
async fn an_https_site_tells_browsers_to_stay_on_https() {
    let app =
        spawn_app_with(|config| config.public_url = Some("https://tingshu.example".into())).await;
    for path in ["/", "/api/categories"] {
        let response = app.get(path).await;
        assert!(
            response.headers()["strict-transport-security"]
                .to_str()
                .unwrap()
                .starts_with("max-age="),
            "{path}"
        );
    }
}

#[tokio::test]
async fn source_maps_are_never_served() {
    let app = spawn_app().await;
    let map = app
        .config
        .static_dir
        .as_ref()
        .unwrap()
        .join("assets/app-3f9a1c.js.map");
    std::fs::write(&map, r#"{"version":3,"sources":["src/main.tsx"]}"#).unwrap();
    let response = app.get("/assets/app-3f9a1c.js.map").await;
    assert_eq!(response.status(), 404);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], "not_found");
    assert!(!body.to_string().contains("main.tsx"));
}

/// The first chapter of the first free book of the demo catalogue.
async fn first_free_chapter(app: &TestApp) -> i64 {
    let books: Value = app
        .get("/api/books?access=free")
        .await
        .json()
        .await
        .unwrap();
    let book = books["data"]["items"][0]["id"].as_i64().unwrap();
    let chapters: Value = app
        .get(&format!("/api/books/{book}/chapters"))
        .await
        .json()
        .await
        .unwrap();
    chapters["data"]["items"][0]["id"].as_i64().unwrap()
}

async fn get_encoded(app: &TestApp, path: &str, encoding: &str) -> reqwest::Response {
    app.client
        .get(app.url(path))
        .header("Accept-Encoding", encoding)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn json_and_translations_are_compressed_audio_never() {
    let app = spawn_app_with(|config| config.demo = true).await;
    for path in ["/api/books?pageSize=50", "/_i18n/zh/app.json"] {
        for encoding in ["br", "gzip"] {
            let response = get_encoded(&app, path, encoding).await;
            assert_eq!(response.status(), 200, "{path}");
            assert_eq!(response.headers()["content-encoding"], encoding, "{path}");
        }
        let plain = app.get(path).await;
        assert!(plain.headers().get("content-encoding").is_none(), "{path}");
    }
    let chapter = first_free_chapter(&app).await;
    let audio = get_encoded(&app, &format!("/api/chapters/{chapter}/audio"), "gzip, br").await;
    assert_eq!(audio.status(), 200);
    assert!(audio.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("audio/"));
    assert!(audio.headers().get("content-encoding").is_none());
}

/// A signed-in administrator (made so through the database, as the console does not exist yet).
async fn admin(app: &TestApp) -> TestUser {
    let admin = app.signed_up_user("edgeadmin").await;
    app.sql(&format!(
        "UPDATE users SET user_type = 'admin' WHERE id = {}",
        admin.id
    ))
    .await;
    admin
}

/// Asserts the JSON error shape with `status`, and answers the body.
async fn json_error(response: reqwest::Response, status: u16, what: &str) -> Value {
    assert_eq!(response.status(), status, "{what}");
    let content_type = response.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        content_type.starts_with("application/json"),
        "{what}: {content_type}"
    );
    let body: Value = response.json().await.expect(what);
    assert_eq!(body["statusCode"], status, "{what}: {body}");
    assert!(body["statusMessage"].is_string(), "{what}: {body}");
    assert!(
        !body["message"].as_str().unwrap_or("").is_empty(),
        "{what}: {body}"
    );
    assert!(
        !body["code"].as_str().unwrap_or("").is_empty(),
        "{what}: {body}"
    );
    body
}

#[tokio::test]
async fn every_rejection_is_the_json_error_shape() {
    let app = spawn_app_with(|config| config.demo = true).await;
    let admin = admin(&app).await;
    let listener = app.signed_up_user("rejected").await;
    let url = |path: &str| app.url(path);

    let bad_query = app
        .get_as("/api/admin/security/events?limit=abc", &admin.access_token)
        .await;
    assert_eq!(
        json_error(bad_query, 400, "?limit=abc").await["code"],
        "bad_request"
    );

    let huge = json!({"positionSecs": 1.0, "padding": "x".repeat(64 * 1024)});
    let too_large = app
        .call(
            Method::PUT,
            "/api/me/progress/1",
            Some(&listener.access_token),
            Some(&huge),
        )
        .await;
    json_error(too_large, 413, "a progress body over the limit").await;

    let not_json = app
        .client
        .post(url("/api/auth/login"))
        .header("content-type", "text/plain")
        .body("email=a&password=b")
        .send()
        .await
        .unwrap();
    json_error(not_json, 415, "a login that is not JSON").await;

    let broken = app
        .client
        .post(url("/api/auth/login"))
        .header("content-type", "application/json")
        .body("{\"email\":")
        .send()
        .await
        .unwrap();
    json_error(broken, 400, "broken JSON").await;

    let unknown_language = app.get("/_i18n/xx/app.json").await;
    json_error(unknown_language, 404, "an unknown language").await;

    let missing_asset = app.get("/assets/gone-000000.js").await;
    json_error(missing_asset, 404, "a missing asset").await;

    let chapter = first_free_chapter(&app).await;
    let beyond = app
        .client
        .get(url(&format!("/api/chapters/{chapter}/audio")))
        .header("Range", "bytes=999999999-")
        .send()
        .await
        .unwrap();
    assert!(
        beyond.headers()["content-range"]
            .to_str()
            .unwrap()
            .starts_with("bytes */"),
        "a 416 keeps its Content-Range"
    );
    json_error(beyond, 416, "a range beyond the file").await;

    for (path, what) in [
        ("/api/books/abc", "a book id that is not a number"),
        ("/api/books?page=abc", "a page that is not a number"),
        ("/api/no/such/route", "an unknown route"),
    ] {
        let response = app.get(path).await;
        let status = response.status().as_u16();
        assert!(status == 400 || status == 404, "{what}: {status}");
        json_error(response, status, what).await;
    }
}

/// Sends `bytes` on a fresh connection to `app`, then waits for the server to answer or
/// close; answers what it sent back and how long it took.
async fn send_and_wait(app_address: &str, bytes: &[u8]) -> (String, Duration) {
    let address = app_address.trim_start_matches("http://");
    let mut stream = TcpStream::connect(address).await.unwrap();
    stream.write_all(bytes).await.unwrap();
    let started = Instant::now();
    let mut answer = Vec::new();
    let read = tokio::time::timeout(CUT_OFF + Duration::from_secs(5), async {
        let mut buffer = [0u8; 4096];
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => answer.extend_from_slice(&buffer[..n]),
            }
        }
    })
    .await;
    assert!(
        read.is_ok(),
        "the connection was still open after {CUT_OFF:?}"
    );
    (
        String::from_utf8_lossy(&answer).into_owned(),
        started.elapsed(),
    )
}

#[tokio::test]
async fn half_sent_headers_are_cut_off() {
    let app = spawn_app().await;
    let (answer, took) =
        send_and_wait(&app.address, b"GET /api/categories HTTP/1.1\r\nHost: x\r\n").await;
    assert!(took <= CUT_OFF, "closed after {took:?}");
    assert!(!answer.contains("200 OK"), "{answer}");
}

#[tokio::test]
async fn a_half_sent_body_is_answered_and_closed() {
    let app = spawn_app().await;
    let request = "POST /api/feedback HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
                   Content-Length: 1000\r\n\r\n{\"message\":";
    let (answer, took) = send_and_wait(&app.address, request.as_bytes()).await;
    assert!(took <= CUT_OFF, "closed after {took:?}");
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("\"code\":\"request_timeout\""), "{answer}");
}

#[tokio::test]
async fn a_trickled_body_is_answered_408_before_the_request_time_limit() {
    let app = spawn_app().await;
    let address = app.address.trim_start_matches("http://").to_owned();
    let stream = TcpStream::connect(&address).await.unwrap();
    let (mut reader, mut writer) = stream.into_split();
    writer
        .write_all(
            b"POST /api/feedback HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
              Content-Length: 1000\r\n\r\n",
        )
        .await
        .unwrap();
    let started = Instant::now();
    // One byte a second: never a pause of the body time limit (15 s), never the pace either.
    let trickle = tokio::spawn(async move {
        for _ in 0..40 {
            if writer.write_all(b" ").await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    });
    let mut answer = Vec::new();
    let mut buffer = [0u8; 4096];
    let _ = tokio::time::timeout(CUT_OFF + Duration::from_secs(5), async {
        while let Ok(n @ 1..) = reader.read(&mut buffer).await {
            answer.extend_from_slice(&buffer[..n]);
            if answer.windows(4).any(|window| window == b"\r\n\r\n") && answer.ends_with(b"}") {
                break;
            }
        }
    })
    .await;
    let took = started.elapsed();
    trickle.abort();
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("\"code\":\"request_timeout\""), "{answer}");
    // The body time limit (15 s) and a little, not the handler's 30 s.
    assert!(took < Duration::from_secs(25), "answered after {took:?}");
}

#[tokio::test]
async fn a_declared_length_over_the_limit_is_refused_before_any_byte_of_it() {
    let app = spawn_app().await;
    for (path, length) in [
        ("/api/feedback", 64 * 1024),
        ("/api/admin/import", 21 * 1024 * 1024),
    ] {
        let request = format!(
            "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
             Content-Length: {length}\r\n\r\n"
        );
        let (answer, took) = send_and_wait(&app.address, request.as_bytes()).await;
        assert!(answer.starts_with("HTTP/1.1 413"), "{path}: {answer}");
        // The body was never read: the connection ends, and the answer says so.
        assert!(answer.contains("connection: close"), "{path}: {answer}");
        assert!(answer.contains("\"statusCode\":413"), "{path}: {answer}");
        assert!(
            took < Duration::from_secs(5),
            "{path}: answered after {took:?}"
        );
    }
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed() {
    let app = spawn_app().await;
    let (answer, took) = send_and_wait(
        &app.address,
        b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n",
    )
    .await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(took <= CUT_OFF, "idle connection closed after {took:?}");
}

#[tokio::test]
async fn shutdown_waits_for_requests_in_flight_only_for_the_grace() {
    let server = RealServer::start(&[("SHUTDOWN_GRACE_SECS", "2"), ("BODY_TIMEOUT_SECS", "60")]);
    let address = server.address.trim_start_matches("http://").to_owned();
    // A request whose body never ends holds its connection busy.
    let mut stream = TcpStream::connect(&address).await.unwrap();
    stream
        .write_all(
            b"POST /api/feedback HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
              Content-Length: 1000\r\n\r\n{",
        )
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let stopping = Instant::now();
    server.terminate();
    let mut child = server;
    let status = tokio::task::spawn_blocking(move || {
        let status = child.child.wait();
        (status, child)
    })
    .await
    .unwrap()
    .0
    .expect("the server's exit status");
    let took = stopping.elapsed();
    assert!(status.success(), "{status:?}");
    assert!(
        took < Duration::from_secs(8),
        "stopped {took:?} after SIGTERM with a 2 s grace"
    );
    drop(stream);
}

#[tokio::test]
async fn requests_hyper_cannot_parse_are_answered_in_the_json_error_shape() {
    let app = spawn_app().await;
    let huge = format!(
        "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\n\r\n",
        "a".repeat(600_000)
    );
    let cases: [(&str, Vec<u8>, &str); 7] = [
        ("huge headers", huge.into_bytes(), "431"),
        (
            "a NUL in a header",
            b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n".to_vec(),
            "400",
        ),
        (
            "a Content-Length that is not a number",
            b"POST /api/feedback HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n".to_vec(),
            "400",
        ),
        (
            "two different Content-Lengths",
            b"POST /api/feedback HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!"
                .to_vec(),
            "400",
        ),
        ("HTTP/0.9", b"GET /healthz\r\n\r\n".to_vec(), "4"),
        (
            "a TLS hello",
            b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n".to_vec(),
            "4",
        ),
        (
            "raw bytes in the path",
            b"GET /\xff\xfe HTTP/1.1\r\nHost: x\r\n\r\n".to_vec(),
            "400",
        ),
    ];
    for (what, bytes, status) in cases {
        let (answer, _) = send_and_wait(&app.address, &bytes).await;
        assert!(
            answer.starts_with(&format!("HTTP/1.1 {status}")),
            "{what}: {answer}"
        );
        let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
        assert!(
            head.contains("content-type: application/json"),
            "{what}: {head}"
        );
        let json: serde_json::Value = serde_json::from_str(body)
            .unwrap_or_else(|error| panic!("{what}: not JSON ({error}): {body}"));
        assert_eq!(
            json["statusCode"].to_string(),
            head[9..12].to_owned(),
            "{what}: {body}"
        );
        assert!(
            json["code"].is_string() && json["message"].is_string(),
            "{what}: {body}"
        );
    }
}

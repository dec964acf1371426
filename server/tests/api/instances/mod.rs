//! Two instances of the real binary on one PostgreSQL database and one S3 bucket, behind nginx,
//! every service started by the test itself (`services`): a session opened on one is refreshed
//! on the other, an account disabled through one is refused by the other on the next request, a
//! book published on one is found by pinyin on the other, a budget spent on one is spent on
//! both (the search budget a few units at a time), a chapter's audio whose upload began through one and ended through the other is
//! streamed with Range by both, and both come back by themselves after PostgreSQL was stopped
//! for 10 s and the store for 10 s, with every acknowledged write kept.
mod services;

use std::time::{Duration, Instant};

use reqwest::Method;
use sea_orm::{ConnectionTrait, Database};
use serde_json::{json, Value};

use self::services::{Postgres, Proxy, S3};
use crate::{
    helpers::{RealServer, GOOD_PASSWORD},
    uploads::wav,
};

/// One request to an instance: the status and the JSON body (Null when there is none).
async fn call(
    base: &str,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let client = reqwest::Client::new();
    let mut request = client
        .request(method, format!("{base}{path}"))
        .header("accept-language", "en");
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.expect("the instance answers");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Registers `name` on the instance at `base`: its data (user, tokens).
async fn register(base: &str, name: &str) -> Value {
    let body = json!({"email": format!("{name}@example.com"), "username": name, "password": GOOD_PASSWORD});
    let (status, answer) = call(base, Method::POST, "/api/auth/register", None, Some(body)).await;
    assert_eq!(status, 200, "registering {name}: {answer}");
    answer["data"].clone()
}

fn access_token(data: &Value) -> String {
    data["tokens"]["accessToken"].as_str().unwrap().to_owned()
}

/// Whether a search for `query` on the instance at `base` finds the book `id`.
async fn found(base: &str, query: &str, id: i64) -> bool {
    let path = format!("/api/search?q={query}");
    let (status, answer) = call(base, Method::GET, &path, None, None).await;
    assert_eq!(status, 200, "{answer}");
    answer["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .any(|hit| hit["book"]["id"].as_i64() == Some(id))
}

/// Waits until `/readyz` of `base` answers `want`, for at most `limit`.
async fn ready_is(base: &str, want: u16, limit: Duration) -> bool {
    let started = Instant::now();
    while started.elapsed() < limit {
        let status = reqwest::get(format!("{base}/readyz"))
            .await
            .map_or(0, |response| response.status().as_u16());
        if status == want {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    false
}

/// Registers `name` and makes it an administrator (SQL on `url`): its access token.
async fn administrator(base: &str, url: &str, name: &str) -> String {
    let user = register(base, name).await;
    let db = Database::connect(url).await.unwrap();
    db.execute_unprepared(&format!(
        "UPDATE users SET user_type = 'admin' WHERE id = {}",
        user["user"]["id"]
    ))
    .await
    .unwrap();
    sign_in(base, name).await
}

/// Signs `name` in on `base`: its access token.
async fn sign_in(base: &str, name: &str) -> String {
    let login = json!({"email": format!("{name}@example.com"), "password": GOOD_PASSWORD});
    let (status, signed_in) = call(base, Method::POST, "/api/auth/login", None, Some(login)).await;
    assert_eq!(status, 200, "{signed_in}");
    access_token(&signed_in["data"])
}

/// Disables the account `id` through `base`.
async fn disable(base: &str, boss: &str, id: &Value) {
    let path = format!("/api/admin/users/{id}/status");
    let body = json!({"status": "disabled"});
    let (status, answer) = call(base, Method::PUT, &path, Some(boss), Some(body)).await;
    assert_eq!(status, 200, "{answer}");
}

/// A session opened on one is refreshed on the other; an account disabled through one is
/// refused by the other, which had it in memory, on the very next request.
async fn sessions_and_accounts(a: &str, b: &str, boss: &str) {
    let listener = register(a, "listener").await;
    let refresh = json!({"refreshToken": listener["tokens"]["refreshToken"]});
    let (status, refreshed) = call(
        b,
        Method::POST,
        "/api/auth/refresh",
        None,
        Some(refresh.clone()),
    )
    .await;
    assert_eq!(status, 200, "{refreshed}");
    // The same token again on the first (a second tab, within the rotation's grace) answers the
    // successor the other made: one rotation.
    let (status, again) = call(a, Method::POST, "/api/auth/refresh", None, Some(refresh)).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(
        again["data"]["refreshToken"],
        refreshed["data"]["refreshToken"]
    );
    let token = refreshed["data"]["accessToken"]
        .as_str()
        .unwrap()
        .to_owned();
    for _ in 0..2 {
        let (status, _) = call(b, Method::GET, "/api/auth/me", Some(&token), None).await;
        assert_eq!(status, 200, "kept in the other instance's memory");
    }
    disable(a, boss, &listener["user"]["id"]).await;
    let (status, _) = call(b, Method::GET, "/api/auth/me", Some(&token), None).await;
    assert_eq!(
        status, 401,
        "the other instance refuses the disabled account at once"
    );
}

/// A book published through one is found by its pinyin on the other within 5 s (the periodic
/// rebuild is off: SEARCH_REFRESH_SECS=0). Answers the book's id.
async fn publication_is_found(a: &str, b: &str, boss: &str) -> i64 {
    let category =
        json!({"slug": "scifi", "nameZh": "科幻", "nameEn": "Science fiction", "nameJa": "SF"});
    let (status, answer) = call(
        a,
        Method::POST,
        "/api/admin/categories",
        Some(boss),
        Some(category),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    let form = json!({
        "titleZh": "星河旅人", "titleEn": "Star River Traveller", "descriptionZh": "一段星际旅程。",
        "author": "沈默", "narrator": "林夕", "categoryId": answer["data"]["id"],
        "tags": [], "status": "finished", "access": "free"
    });
    let (status, book) = call(a, Method::POST, "/api/admin/books", Some(boss), Some(form)).await;
    assert_eq!(status, 200, "{book}");
    let id = book["data"]["id"].as_i64().unwrap();
    assert!(
        !found(b, "xinghe", id).await,
        "not found before it is published"
    );
    let publish = json!({"action": "publish", "ids": [id]});
    let (status, answer) = call(
        a,
        Method::POST,
        "/api/admin/books/bulk",
        Some(boss),
        Some(publish),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    let published = Instant::now();
    while !found(b, "xinghe", id).await {
        assert!(
            published.elapsed() < Duration::from_secs(5),
            "the other instance did not find the published book within 5 s"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    id
}

/// Three messages an hour per address (FEEDBACK_PER_HOUR=3): spent across both instances, and
/// through the proxy per forwarded address.
async fn budgets_are_shared(a: &str, b: &str, proxy: Option<&Proxy>) {
    let message = json!({"category": "bug", "message": "第二章播放到一半就停止了"});
    for (base, want) in [(a, 200), (b, 200), (a, 200), (b, 429), (a, 429)] {
        let (status, answer) = call(
            base,
            Method::POST,
            "/api/feedback",
            None,
            Some(message.clone()),
        )
        .await;
        assert_eq!(status, want, "{base}: {answer}");
    }
    let Some(proxy) = proxy else {
        return;
    };
    // Through nginx, in turn to each instance, a listener elsewhere has a budget of its own.
    let client = reqwest::Client::new();
    for want in [200, 200, 200, 429] {
        let response = client
            .post(format!("{}/api/feedback", proxy.address))
            .header("x-forwarded-for", "198.51.100.7")
            .json(&message)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), want, "through the proxy");
    }
}

/// The search budget (the default 120 a minute) spent by one forwarded client in turn on each
/// instance: the first search takes seven units of the shared bucket (3.5 s of its time), which
/// that instance then spends itself, and the client still gets no more than its allowance and
/// what came back meanwhile (two a second), nor much less before its first refusal.
async fn search_budget_is_shared_in_leases(a: &str, b: &str, url: &str) {
    let client = reqwest::Client::new();
    let search = |base: &str| {
        client
            .get(format!("{base}/api/search?q=night"))
            .header("x-forwarded-for", "198.51.100.9")
            .send()
    };
    let started = Instant::now();
    assert_eq!(search(a).await.unwrap().status().as_u16(), 200);
    let db = Database::connect(url).await.unwrap();
    let ahead = db
        .query_one_raw(sea_orm::Statement::from_string(
            db.get_database_backend(),
            "SELECT (tat - (EXTRACT(EPOCH FROM clock_timestamp()) * 1000000)::bigint) AS ahead \
             FROM budget_buckets WHERE budget = 'search' AND client = '198.51.100.9'",
        ))
        .await
        .unwrap()
        .expect("the client's bucket")
        .try_get::<i64>("", "ahead")
        .unwrap();
    assert!(
        (2_500_000..=3_500_000).contains(&ahead),
        "seven units of 0.5 s taken at once: the bucket is {ahead} µs ahead"
    );
    // One instance may refuse while the other still holds a few units: the searches go on,
    // in turn, until both have refused one after the other.
    let (mut answered, mut first_refusal, mut refused_in_a_row) = (1, None, 0);
    for asked in 1..400 {
        let base = if asked % 2 == 0 { a } else { b };
        match search(base).await.unwrap().status().as_u16() {
            200 => (answered, refused_in_a_row) = (answered + 1, 0),
            429 => {
                first_refusal.get_or_insert(answered);
                refused_in_a_row += 1;
            }
            other => panic!("search {asked} on {base}: {other}"),
        }
        if refused_in_a_row == 2 {
            break;
        }
    }
    assert_eq!(refused_in_a_row, 2, "the search budget never ran out");
    let came_back = 2 * started.elapsed().as_secs() + 2;
    assert!(
        (120..=120 + came_back).contains(&answered),
        "{answered} searches answered (120 a minute, {came_back} back meanwhile)"
    );
    let first_refusal = first_refusal.unwrap();
    assert!(
        first_refusal >= 120 - 2 * 6,
        "the first 429 after {first_refusal} searches: an instance holds 6 units at most"
    );
}

/// One tus request: `method` on the upload path `path` of `base` with tus's headers.
fn tus(base: &str, boss: &str, method: Method, path: &str) -> reqwest::RequestBuilder {
    reqwest::Client::new()
        .request(method, format!("{base}{path}"))
        .bearer_auth(boss)
        .header("Tus-Resumable", "1.0.0")
}

/// Sends `bytes` at `offset` of the upload at `path` through `base`: the new offset.
async fn send_part(base: &str, boss: &str, path: &str, offset: usize, bytes: &[u8]) -> u64 {
    let sent = tus(base, boss, Method::PATCH, path)
        .header("Content-Type", "application/offset+octet-stream")
        .header("Upload-Offset", offset.to_string())
        .body(bytes.to_vec())
        .send()
        .await
        .unwrap();
    assert_eq!(sent.status().as_u16(), 204, "{base}");
    sent.headers()["upload-offset"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap()
}

/// A chapter's audio uploaded half through `a` and resumed through `b` (tus), added as a free
/// chapter of `book`; answers the chapter's id and the audio's bytes.
async fn chapter_with_audio(a: &str, b: &str, boss: &str, book: i64) -> (i64, Vec<u8>) {
    use base64::Engine;
    let audio = wav(1.0);
    let b64 = |text: &str| base64::engine::general_purpose::STANDARD.encode(text);
    let metadata = format!("filename {},kind {}", b64("ch.wav"), b64("audio"));
    let opened = tus(a, boss, Method::POST, "/api/admin/uploads")
        .header("Upload-Length", audio.len().to_string())
        .header("Upload-Metadata", metadata)
        .send()
        .await
        .unwrap();
    assert_eq!(opened.status().as_u16(), 201);
    let path = opened.headers()["location"].to_str().unwrap().to_owned();
    let half = audio.len() / 2;
    assert_eq!(
        send_part(a, boss, &path, 0, &audio[..half]).await,
        half as u64
    );
    // The other instance knows how much arrived, and takes the rest.
    let asked = tus(b, boss, Method::HEAD, &path).send().await.unwrap();
    assert_eq!(asked.headers()["upload-offset"], half.to_string().as_str());
    let rest = send_part(b, boss, &path, half, &audio[half..]).await;
    assert_eq!(rest, audio.len() as u64);
    let (status, done) = call(a, Method::GET, &path, Some(boss), None).await;
    assert_eq!(status, 200, "{done}");
    assert_eq!(done["data"]["status"], "complete", "{done}");
    let form =
        json!({"titleZh": "第1章 启程", "assetId": done["data"]["asset"]["id"], "isFree": true});
    let chapters = format!("/api/admin/books/{book}/chapters");
    let (status, chapter) = call(a, Method::POST, &chapters, Some(boss), Some(form)).await;
    assert_eq!(status, 200, "{chapter}");
    (chapter["data"]["id"].as_i64().unwrap(), audio)
}

/// Bytes 100–1099 of the chapter's audio through `base` are the file's.
async fn range_is_served(base: &str, chapter: i64, audio: &[u8]) {
    let response = reqwest::Client::new()
        .get(format!("{base}/api/chapters/{chapter}/audio"))
        .header("range", "bytes=100-1099")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 206, "{base}");
    assert_eq!(
        &response.bytes().await.unwrap()[..],
        &audio[100..1100],
        "{base}"
    );
}

/// PostgreSQL stopped for 10 s: both say they are not ready and acknowledge no write; then
/// they recover by themselves, the write acknowledged before is there, and they hear each
/// other again.
async fn postgres_outage(a: &str, b: &str, postgres: &Postgres) {
    let before = register(b, "before-outage").await;
    postgres.stop();
    for base in [a, b] {
        assert!(
            ready_is(base, 503, Duration::from_secs(10)).await,
            "{base}/readyz answers 503 while the database is down"
        );
    }
    let during =
        json!({"email": "during@example.com", "username": "during", "password": GOOD_PASSWORD});
    let (status, _) = call(a, Method::POST, "/api/auth/register", None, Some(during)).await;
    assert!(
        status >= 500,
        "a write while the database is down is refused: {status}"
    );
    tokio::time::sleep(Duration::from_secs(10)).await;
    postgres.start();
    for base in [a, b] {
        assert!(
            ready_is(base, 200, Duration::from_secs(30)).await,
            "{base}/readyz is ready again by itself"
        );
    }
    for base in [a, b] {
        let login = json!({"email": "before-outage@example.com", "password": GOOD_PASSWORD});
        let (status, answer) = call(base, Method::POST, "/api/auth/login", None, Some(login)).await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["data"]["user"]["id"], before["user"]["id"]);
    }
    let after = register(a, "after-outage").await;
    let token = access_token(&after);
    let (status, _) = call(b, Method::GET, "/api/auth/me", Some(&token), None).await;
    assert_eq!(status, 200);
    let boss = sign_in(a, "boss").await;
    disable(a, &boss, &after["user"]["id"]).await;
    // The other connects again to hear about a second after the database is back; without
    // hearing it would keep the account 10 s.
    let disabled = Instant::now();
    loop {
        let (status, _) = call(b, Method::GET, "/api/auth/me", Some(&token), None).await;
        if status == 401 {
            break;
        }
        assert!(
            disabled.elapsed() < Duration::from_secs(3),
            "the other instance did not hear of the change after the restart"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The store away for 10 s: both say they are not ready; then both are ready again by
/// themselves and stream the audio stored before.
async fn store_outage(a: &str, b: &str, s3: &S3, chapter: i64, audio: &[u8]) {
    s3.pause();
    for base in [a, b] {
        assert!(
            ready_is(base, 503, Duration::from_secs(10)).await,
            "{base}/readyz answers 503 while the store is away"
        );
    }
    tokio::time::sleep(Duration::from_secs(10)).await;
    s3.resume();
    for base in [a, b] {
        assert!(
            ready_is(base, 200, Duration::from_secs(30)).await,
            "{base}/readyz is ready again by itself"
        );
        range_is_served(base, chapter, audio).await;
    }
}

#[tokio::test]
async fn two_instances_share_what_they_must_and_outlive_their_services_restarts() {
    if std::env::var("TEST_DATABASE_URL").is_ok_and(|url| !url.is_empty()) {
        // It starts its own services: once, in the SQLite pass, is enough.
        return;
    }
    let Some(postgres) = Postgres::start_new() else {
        eprintln!("skipped: no PostgreSQL server binaries under /usr/lib/postgresql");
        return;
    };
    let s3 = S3::start_new().await;
    if s3.is_none() {
        eprintln!("the store part skipped: no .venv/bin/moto_server (make s3-server installs it)");
    }
    let url = postgres.url();
    // Both sign with one secret and trust the proxy's word on addresses, as every instance
    // of a site must.
    let mut env = vec![
        ("DATABASE_URL", url.clone()),
        (
            "JWT_SECRET",
            "one-secret-for-every-instance-0123456789".to_owned(),
        ),
        ("TRUSTED_PROXIES", "127.0.0.1".to_owned()),
        ("FEEDBACK_PER_HOUR", "3".to_owned()),
    ];
    env.extend(s3.iter().flat_map(S3::env));
    let env: Vec<(&str, &str)> = env
        .iter()
        .map(|(name, value)| (*name, value.as_str()))
        .collect();
    // The first applies the migrations before the second starts.
    let one = RealServer::start(&env);
    let two = RealServer::start(&env);
    let (a, b) = (one.address.as_str(), two.address.as_str());
    let proxy = Proxy::start_new(&[a, b]);
    if proxy.is_none() {
        eprintln!("the proxy part skipped: no nginx on this machine");
    }

    let boss = administrator(a, &url, "boss").await;
    sessions_and_accounts(a, b, &boss).await;
    let book = publication_is_found(a, b, &boss).await;
    budgets_are_shared(a, b, proxy.as_ref()).await;
    search_budget_is_shared_in_leases(a, b, &url).await;
    let stored = match &s3 {
        Some(_) => {
            let (chapter, audio) = chapter_with_audio(a, b, &boss, book).await;
            let through = proxy.iter().map(|proxy| proxy.address.as_str());
            for base in [a, b].into_iter().chain(through) {
                range_is_served(base, chapter, &audio).await;
            }
            Some((chapter, audio))
        }
        None => None,
    };
    postgres_outage(a, b, &postgres).await;
    if let (Some(s3), Some((chapter, audio))) = (&s3, &stored) {
        store_outage(a, b, s3, *chapter, audio).await;
    }
}

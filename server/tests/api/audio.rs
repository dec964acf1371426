//! `GET /api/chapters/{id}/audio`: HTTP Range semantics, validators, and who may listen
//! (free, campaign, membership, purchase, signed URLs).
use reqwest::{header, StatusCode};
use serde_json::Value;
use sha2::{Digest, Sha256};
use tingshu_core::catalog::signed_url::{derive_signing_key, sign_audio_url, SignAudioUrlInput};

use crate::helpers::{spawn_app_with, TestApp, TestUser};

const SECRET: &str = "audio-tests-secret-of-at-least-32-chars";
const LEN: usize = 1000;

fn content() -> Vec<u8> {
    (0..LEN).map(|i| (i % 251) as u8).collect()
}

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// Chapters: 1 free book · 2 free chapter of a VIP book · 3 VIP · 4 paid · 5 paid with an
/// active campaign · 6 paid with an ended campaign · 7 free book without audio · 8 free
/// book whose file is missing.
async fn arranged_app() -> (TestApp, String) {
    arranged_app_on(None).await
}

/// The stores the file tests run on: the local disk (positioned reads of the open file) and
/// an object store (`memory://`, read in ranges through `object_store` as S3 would be).
const STORES: [Option<&str>; 2] = [None, Some("memory://")];

/// [`arranged_app`] with its files in the store of `storage_url`.
async fn arranged_app_on(storage_url: Option<&str>) -> (TestApp, String) {
    arranged_app_holding(storage_url, content(), |_| {}).await
}

/// [`arranged_app_on`] with `data` as the audio of chapters 1–6 and the config adjusted.
async fn arranged_app_holding(
    storage_url: Option<&str>,
    data: Vec<u8>,
    adjust: impl FnOnce(&mut tingshu_server::config::Config),
) -> (TestApp, String) {
    let app = spawn_app_with(|config| {
        config.jwt_secret = Some(SECRET.parse().unwrap());
        config.storage_url = storage_url.map(str::to_owned);
        adjust(config);
    })
    .await;
    let len = data.len();
    app.storage
        .put_bytes("test/tone.bin", data.clone())
        .await
        .unwrap();
    let sha = sha256_hex(&data);
    let now = now_ms();
    let day = 86_400_000;
    app.sql("INSERT INTO categories (id, slug, name_zh, name_en, name_ja, created_at) VALUES (1, 'c', '类', 'C', 'C', 0)")
        .await;
    app.sql("INSERT INTO authors (id, name) VALUES (1, '作者')")
        .await;
    app.sql(
        "INSERT INTO books (id, title, author_id, description, category_id, access, created_at, updated_at) VALUES
         (1, '免费书', 1, '', 1, 'free', 0, 0),
         (2, '会员书', 1, '', 1, 'vip', 0, 0),
         (3, '付费书', 1, '', 1, 'paid', 0, 0),
         (4, '限免书', 1, '', 1, 'paid', 0, 0),
         (5, '过期限免', 1, '', 1, 'paid', 0, 0)",
    )
    .await;
    app.sql(&format!(
        "INSERT INTO assets (id, storage_key, mime, bytes, sha256, duration_secs, created_at) VALUES
         (1, 'test/tone.bin', 'audio/wav', {len}, '{sha}', 1.0, 0),
         (2, 'test/missing.bin', 'audio/mpeg', 10, '{}', 1.0, 0)",
        "0".repeat(64)
    ))
    .await;
    app.sql(
        "INSERT INTO chapters (id, book_id, idx, title, asset_id, is_free, created_at) VALUES
         (1, 1, 1, 'one', 1, false, 0),
         (2, 2, 1, 'one', 1, true, 0),
         (3, 2, 2, 'two', 1, false, 0),
         (4, 3, 1, 'one', 1, false, 0),
         (5, 4, 1, 'one', 1, false, 0),
         (6, 5, 1, 'one', 1, false, 0),
         (7, 1, 2, 'two', NULL, false, 0),
         (8, 1, 3, 'three', 2, false, 0)",
    )
    .await;
    app.sql(&format!(
        "INSERT INTO promotions (id, name, starts_at, ends_at, created_at) VALUES
         (1, 'now', {}, {}, 0), (2, 'past', {}, {}, 0)",
        now - day,
        now + 7 * day,
        now - 10 * day,
        now - day
    ))
    .await;
    app.sql("INSERT INTO promotion_books (promotion_id, book_id) VALUES (1, 4), (2, 5)")
        .await;
    (app, sha)
}

async fn head(app: &TestApp, path: &str) -> reqwest::Response {
    app.client
        .head(app.url(path))
        .send()
        .await
        .expect("HEAD failed")
}

async fn get(app: &TestApp, path: &str, headers: &[(&str, &str)]) -> reqwest::Response {
    let mut request = app.client.get(app.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.send().await.expect("GET failed")
}

fn header(response: &reqwest::Response, name: header::HeaderName) -> &str {
    response
        .headers()
        .get(&name)
        .unwrap_or_else(|| panic!("no {name} header"))
        .to_str()
        .unwrap()
}

async fn error_code(response: reqwest::Response) -> (StatusCode, String, String) {
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    (
        status,
        body["code"].as_str().unwrap_or_default().to_owned(),
        body["statusMessage"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
    )
}

async fn premium_user(app: &TestApp, name: &str) -> TestUser {
    let user = app.signed_up_user(name).await;
    app.sql(&format!(
        "UPDATE users SET subscription_type = 'premium', subscription_expires_at = NULL WHERE id = {}",
        user.id
    ))
    .await;
    user
}

fn signed_path(chapter_id: i64, user_id: i64, expires_at: i64) -> String {
    let sig = sign_audio_url(SignAudioUrlInput {
        key: derive_signing_key(SECRET.as_bytes()),
        chapter_id,
        user_id,
        expires_at,
    });
    format!("/api/chapters/{chapter_id}/audio?exp={expires_at}&uid={user_id}&sig={sig}")
}

#[tokio::test]
async fn the_whole_file_with_its_validators_and_type() {
    for store in STORES {
        let (app, sha) = arranged_app_on(store).await;
        let response = get(&app, "/api/chapters/1/audio", &[]).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(header(&response, header::CONTENT_TYPE), "audio/wav");
        assert_eq!(header(&response, header::ACCEPT_RANGES), "bytes");
        assert_eq!(header(&response, header::CONTENT_LENGTH), LEN.to_string());
        assert_eq!(header(&response, header::ETAG), format!("\"{sha}\""));
        assert_eq!(
            header(&response, header::CACHE_CONTROL),
            "public, max-age=3600"
        );
        assert!(response.headers().contains_key(header::LAST_MODIFIED));
        assert_eq!(
            response.bytes().await.unwrap().as_ref(),
            content().as_slice()
        );

        let head = head(&app, "/api/chapters/1/audio").await;
        assert_eq!(head.status(), StatusCode::OK);
        assert_eq!(header(&head, header::CONTENT_LENGTH), LEN.to_string());
        assert_eq!(header(&head, header::ETAG), format!("\"{sha}\""));
        assert!(head.bytes().await.unwrap().is_empty());
    }
}

#[tokio::test]
async fn byte_ranges_are_served_partially() {
    for store in STORES {
        let (app, _) = arranged_app_on(store).await;
        let data = content();
        for (range, start, end) in [
            ("bytes=0-99", 0, 99),
            ("bytes=900-", 900, 999),
            ("bytes=-100", 900, 999),
            ("bytes=990-5000", 990, 999),
            ("bytes=500-500", 500, 500),
        ] {
            let response = get(&app, "/api/chapters/1/audio", &[("Range", range)]).await;
            assert_eq!(response.status(), StatusCode::PARTIAL_CONTENT, "{range}");
            assert_eq!(
                header(&response, header::CONTENT_RANGE),
                format!("bytes {start}-{end}/{LEN}"),
                "{range}"
            );
            assert_eq!(
                header(&response, header::CONTENT_LENGTH),
                (end - start + 1).to_string()
            );
            assert_eq!(header(&response, header::CONTENT_TYPE), "audio/wav");
            assert_eq!(header(&response, header::ACCEPT_RANGES), "bytes");
            assert_eq!(
                response.bytes().await.unwrap().as_ref(),
                &data[start..=end],
                "{range}"
            );
        }
    }
}

/// A file large enough for the zero-copy path (slices of 16 KiB and more leave through
/// `sendfile`): ranges and the whole file arrive byte for byte, HEAD carries no body, and the
/// metric of bytes sent from files grows by at least what the local store served.
#[tokio::test]
async fn large_ranges_leave_through_sendfile_byte_for_byte() {
    const TOKEN: &str = "audio-metrics-token-0123456789-abcdef";
    const BIG: usize = 300_000;
    let sent_from_files = |text: &str| -> f64 {
        text.lines()
            .find_map(|line| {
                line.strip_prefix("tingshu_audio_sent_from_files_bytes_total ")?
                    .parse()
                    .ok()
            })
            .expect("the metric is in the scrape")
    };
    let data: Vec<u8> = (0..BIG).map(|i| (i * 13 % 241) as u8).collect();
    for store in STORES {
        let (app, _) = arranged_app_holding(store, data.clone(), |config| {
            config.metrics_token = Some(TOKEN.parse().unwrap());
        })
        .await;
        let scrape = || async {
            let response = app.get_as("/metrics", TOKEN).await;
            assert_eq!(response.status(), StatusCode::OK);
            sent_from_files(&response.text().await.unwrap())
        };
        let before = scrape().await;

        let mut served = 0;
        for (range, start, end) in [
            ("bytes=1000-200999", 1000, 200_999),
            ("bytes=-65536", BIG - 65_536, BIG - 1),
            ("bytes=299990-", 299_990, BIG - 1),
        ] {
            let response = get(&app, "/api/chapters/1/audio", &[("Range", range)]).await;
            assert_eq!(response.status(), StatusCode::PARTIAL_CONTENT, "{range}");
            let body = response.bytes().await.unwrap();
            assert!(body.as_ref() == &data[start..=end], "{range}: other bytes");
            served += end - start + 1;
        }
        let whole = get(&app, "/api/chapters/1/audio", &[]).await;
        assert_eq!(whole.status(), StatusCode::OK);
        assert!(whole.bytes().await.unwrap().as_ref() == data.as_slice());
        served += BIG;
        let head = head(&app, "/api/chapters/1/audio").await;
        assert_eq!(header(&head, header::CONTENT_LENGTH), BIG.to_string());
        assert!(head.bytes().await.unwrap().is_empty());

        let grown = scrape().await - before;
        if store.is_none() {
            // The 10-byte tail is below the zero-copy size and is written from memory.
            assert!(
                grown >= (served - 10) as f64,
                "only {grown} of {served} bytes were sent from the file"
            );
        }
    }
}

#[tokio::test]
async fn unsatisfiable_ranges_are_416_and_several_ranges_get_the_whole_file() {
    for store in STORES {
        let (app, _) = arranged_app_on(store).await;
        for range in ["bytes=1000-", "bytes=5000-6000", "bytes=100-50"] {
            let response = get(&app, "/api/chapters/1/audio", &[("Range", range)]).await;
            assert_eq!(
                response.status(),
                StatusCode::RANGE_NOT_SATISFIABLE,
                "{range}"
            );
            assert_eq!(
                header(&response, header::CONTENT_RANGE),
                format!("bytes */{LEN}")
            );
        }
        // Multi-range: the Range header is ignored (RFC 9110 §14.2) and the whole file sent.
        let response = get(&app, "/api/chapters/1/audio", &[("Range", "bytes=0-1,5-6")]).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.bytes().await.unwrap().len(), LEN);
        // A unit other than bytes is not a range we know: unsatisfiable.
        let response = get(&app, "/api/chapters/1/audio", &[("Range", "pages=1-2")]).await;
        assert_eq!(response.status(), StatusCode::RANGE_NOT_SATISFIABLE);
    }
}

#[tokio::test]
async fn conditional_requests_use_the_sha256_etag() {
    for store in STORES {
        let (app, sha) = arranged_app_on(store).await;
        let etag = format!("\"{sha}\"");
        let path = "/api/chapters/1/audio";

        let response = get(&app, path, &[("Range", "bytes=0-9"), ("If-Range", &etag)]).await;
        assert_eq!(response.status(), StatusCode::PARTIAL_CONTENT);
        assert_eq!(response.bytes().await.unwrap().len(), 10);

        let stale = get(
            &app,
            path,
            &[("Range", "bytes=0-9"), ("If-Range", "\"other\"")],
        )
        .await;
        assert_eq!(stale.status(), StatusCode::OK);
        assert_eq!(stale.bytes().await.unwrap().len(), LEN);

        // A weak tag never satisfies If-Range (strong comparison).
        let weak = format!("W/{etag}");
        let response = get(&app, path, &[("Range", "bytes=0-9"), ("If-Range", &weak)]).await;
        assert_eq!(response.status(), StatusCode::OK);

        let cached = get(&app, path, &[("If-None-Match", &etag)]).await;
        assert_eq!(cached.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(header(&cached, header::ETAG), etag);
        assert!(cached.bytes().await.unwrap().is_empty());
        let listed = format!("\"abc\", {weak}");
        let cached = get(&app, path, &[("If-None-Match", &listed)]).await;
        assert_eq!(cached.status(), StatusCode::NOT_MODIFIED, "weak comparison");
        let any = get(&app, path, &[("If-None-Match", "*")]).await;
        assert_eq!(any.status(), StatusCode::NOT_MODIFIED);
        let changed = get(&app, path, &[("If-None-Match", "\"abc\"")]).await;
        assert_eq!(changed.status(), StatusCode::OK);

        let failed = get(&app, path, &[("If-Match", "\"abc\"")]).await;
        assert_eq!(failed.status(), StatusCode::PRECONDITION_FAILED);
        let matched = get(&app, path, &[("If-Match", &etag), ("Range", "bytes=0-0")]).await;
        assert_eq!(matched.status(), StatusCode::PARTIAL_CONTENT);

        let last_modified = get(&app, path, &[]).await.headers()[header::LAST_MODIFIED]
            .to_str()
            .unwrap()
            .to_owned();
        let since = get(&app, path, &[("If-Modified-Since", &last_modified)]).await;
        assert_eq!(since.status(), StatusCode::NOT_MODIFIED);
        // If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2).
        let both = get(
            &app,
            path,
            &[
                ("If-None-Match", "\"abc\""),
                ("If-Modified-Since", &last_modified),
            ],
        )
        .await;
        assert_eq!(both.status(), StatusCode::OK);
    }
}

#[tokio::test]
async fn missing_chapters_audio_and_files_are_404() {
    for store in STORES {
        let (app, _) = arranged_app_on(store).await;
        for path in [
            "/api/chapters/999/audio",
            "/api/chapters/7/audio",
            "/api/chapters/8/audio",
        ] {
            let response = get(&app, path, &[]).await;
            assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
            let (_, code, _) = error_code(response).await;
            assert_eq!(code, "not_found");
        }
        let response = get(&app, "/api/chapters/abc/audio", &[]).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    }
}

#[tokio::test]
async fn free_chapters_and_running_campaigns_are_open_to_guests() {
    let (app, _) = arranged_app().await;
    for chapter in [1, 2] {
        let response = get(&app, &format!("/api/chapters/{chapter}/audio"), &[]).await;
        assert_eq!(response.status(), StatusCode::OK, "chapter {chapter}");
    }
    let campaign = get(&app, "/api/chapters/5/audio", &[]).await;
    assert_eq!(campaign.status(), StatusCode::OK);
    assert_eq!(
        header(&campaign, header::CACHE_CONTROL),
        "public, max-age=3600"
    );
    let ended = get(&app, "/api/chapters/6/audio", &[]).await;
    let (status, code, message) = error_code(ended).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(code, "auth_required");
    assert_eq!(message, "Authentication required");
}

#[tokio::test]
async fn vip_chapters_need_membership() {
    let (app, _) = arranged_app().await;
    let path = "/api/chapters/3/audio";
    let (status, code, message) = error_code(get(&app, path, &[]).await).await;
    assert_eq!(
        (status, code.as_str(), message.as_str()),
        (
            StatusCode::UNAUTHORIZED,
            "auth_required",
            "Authentication required"
        )
    );

    let free = app.signed_up_user("free").await;
    let (status, code, message) = error_code(app.get_as(path, &free.access_token).await).await;
    assert_eq!(
        (status, code.as_str(), message.as_str()),
        (
            StatusCode::FORBIDDEN,
            "premium_required",
            "Premium subscription required"
        )
    );

    let member = premium_user(&app, "member").await;
    let response = app.get_as(path, &member.access_token).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        header(&response, header::CACHE_CONTROL),
        "private, no-cache"
    );
    assert_eq!(header(&response, header::VARY), "authorization");
    let ranged = app
        .client
        .get(app.url(path))
        .bearer_auth(&member.access_token)
        .header("Range", "bytes=10-19")
        .send()
        .await
        .unwrap();
    assert_eq!(ranged.status(), StatusCode::PARTIAL_CONTENT);

    // An expired membership is no membership.
    app.sql(&format!(
        "UPDATE users SET subscription_expires_at = {} WHERE id = {}",
        now_ms() - 1000,
        member.id
    ))
    .await;
    let (status, code, _) = error_code(app.get_as(path, &member.access_token).await).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::FORBIDDEN, "premium_required")
    );
}

#[tokio::test]
async fn paid_chapters_need_a_purchase() {
    let (app, _) = arranged_app().await;
    let path = "/api/chapters/4/audio";
    let buyer = app.signed_up_user("buyer").await;
    let (status, code, message) = error_code(app.get_as(path, &buyer.access_token).await).await;
    assert_eq!(
        (status, code.as_str(), message.as_str()),
        (
            StatusCode::FORBIDDEN,
            "purchase_required",
            "Purchase required"
        )
    );
    let member = premium_user(&app, "member").await;
    let (status, code, _) = error_code(app.get_as(path, &member.access_token).await).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::FORBIDDEN, "purchase_required")
    );

    app.sql(&format!(
        "INSERT INTO purchases (user_id, book_id, created_at) VALUES ({}, 3, 0)",
        buyer.id
    ))
    .await;
    assert_eq!(
        app.get_as(path, &buyer.access_token).await.status(),
        StatusCode::OK
    );
    // Buying one chapter opens that chapter.
    app.sql(&format!(
        "INSERT INTO purchases (user_id, chapter_id, created_at) VALUES ({}, 6, 0)",
        member.id
    ))
    .await;
    let response = app
        .get_as("/api/chapters/6/audio", &member.access_token)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_chapter_purchase_never_unlocks_its_siblings() {
    let (app, _) = arranged_app().await;
    app.sql("INSERT INTO chapters (id, book_id, idx, title, asset_id, is_free, created_at) VALUES (9, 3, 2, 'two', 1, false, 0)")
        .await;
    let buyer = app.signed_up_user("buyer").await;
    // A chapter purchase that records its book as well.
    app.sql(&format!(
        "INSERT INTO purchases (user_id, book_id, chapter_id, created_at) VALUES ({}, 3, 9, 0)",
        buyer.id
    ))
    .await;
    let bought = app
        .get_as("/api/chapters/9/audio", &buyer.access_token)
        .await;
    assert_eq!(bought.status(), StatusCode::OK);
    let (status, code, _) = error_code(
        app.get_as("/api/chapters/4/audio", &buyer.access_token)
            .await,
    )
    .await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::FORBIDDEN, "purchase_required")
    );
    let list: serde_json::Value = app
        .get_as("/api/books/3/chapters", &buyer.access_token)
        .await
        .json()
        .await
        .unwrap();
    let kinds: Vec<&str> = list["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|chapter| chapter["access"]["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        ["purchase", "purchased"],
        "the list agrees with the audio"
    );
}

#[tokio::test]
async fn signed_urls_stand_for_the_bearer_token() {
    let (app, sha) = arranged_app().await;
    let member = premium_user(&app, "member").await;
    let free = app.signed_up_user("free").await;
    let exp = now_ms() + 10 * 60 * 1000;

    let valid = signed_path(3, member.id, exp);
    let response = get(&app, &valid, &[("Range", "bytes=0-99")]).await;
    assert_eq!(response.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(header(&response, header::ETAG), format!("\"{sha}\""));
    let cache = header(&response, header::CACHE_CONTROL).to_owned();
    assert!(cache.starts_with("private, max-age="), "{cache}");
    assert_eq!(response.bytes().await.unwrap().len(), 100);

    let expired = signed_path(3, member.id, now_ms() - 1);
    let (status, code, _) = error_code(get(&app, &expired, &[]).await).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::FORBIDDEN, "signature_expired")
    );

    for tampered in [
        valid.replace(&format!("exp={exp}"), &format!("exp={}", exp + 60_000)),
        valid.replace(&format!("uid={}", member.id), &format!("uid={}", free.id)),
        valid.replace("/chapters/3/", "/chapters/4/"),
        // The last character of the signature changed (to one it is not).
        format!(
            "{}{}",
            &valid[..valid.len() - 1],
            if valid.ends_with('0') { '1' } else { '0' }
        ),
        valid[..valid.find("&sig=").unwrap()].to_owned(),
        "/api/chapters/3/audio?sig=abc".to_owned(),
    ] {
        let (status, code, _) = error_code(get(&app, &tampered, &[]).await).await;
        assert_eq!(
            (status, code.as_str()),
            (StatusCode::FORBIDDEN, "invalid_signature"),
            "{tampered}"
        );
    }

    // A genuine signature of a user without access does not open the chapter.
    let others = signed_path(3, free.id, exp);
    let (status, code, _) = error_code(get(&app, &others, &[]).await).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::FORBIDDEN, "premium_required")
    );
    // Nor does another user's signature for a paid chapter only they bought.
    let (status, code, _) = error_code(get(&app, &signed_path(4, member.id, exp), &[]).await).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::FORBIDDEN, "purchase_required")
    );
    // Signing for a user that does not exist is refused as invalid.
    let (status, code, _) = error_code(get(&app, &signed_path(3, 99_999, exp), &[]).await).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::FORBIDDEN, "invalid_signature")
    );
    // A disabled account's links stop working.
    app.sql(&format!(
        "UPDATE users SET status = 'disabled' WHERE id = {}",
        member.id
    ))
    .await;
    let (status, code, _) = error_code(get(&app, &valid, &[]).await).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::FORBIDDEN, "account_disabled")
    );
}

/// The audio route's handler needs the audio feature and nothing else: mounted in a router
/// whose whole state is `Audio`, it serves a free chapter's range and refuses a VIP chapter.
#[tokio::test]
async fn the_audio_route_is_built_from_the_audio_feature_alone() {
    let (app, _) = arranged_app().await;
    let audio: tingshu_server::audio::Audio = app.state.audio.clone();
    let router = axum::Router::new()
        .route(
            "/chapters/{id}/audio",
            axum::routing::get(tingshu_server::routes::audio::chapter_audio),
        )
        .with_state(audio);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await });
    let client = reqwest::Client::new();
    let part = client
        .get(format!("http://{address}/chapters/1/audio"))
        .header(header::RANGE, "bytes=0-9")
        .send()
        .await
        .unwrap();
    assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(part.bytes().await.unwrap().as_ref(), &content()[..10]);
    let vip = client
        .get(format!("http://{address}/chapters/3/audio"))
        .send()
        .await
        .unwrap();
    assert_eq!(vip.status(), StatusCode::UNAUTHORIZED);
}

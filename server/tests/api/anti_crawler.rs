//! Anti-crawler protection over HTTP: the challenge on every API answer, the budget and its
//! 429 shape, a proof earning a pass once (replays, wrong codes and weak work refused), the
//! pass's own budget, difficulty rising with refusals and reports, verified crawlers passing
//! and forged ones refused, and detection reports checked, stored and listed.
use std::time::Duration;

use reqwest::{header::HeaderMap, StatusCode};
use serde_json::{json, Value};
use tingshu_core::{
    anti_crawler::difficulty::BASE_DIFFICULTY,
    pow::{solve_pow, SolvePowInput},
};

use crate::helpers::{spawn_app_with, TestApp};

const BOOKS: &str = "/api/books";

async fn app_with_budget(per_minute: u32) -> TestApp {
    spawn_app_with(|config| {
        config.anti_crawler.per_minute = per_minute;
        config.anti_crawler.pass_per_minute = 5;
    })
    .await
}

fn header(headers: &HeaderMap, name: &str) -> String {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned()
}

async fn get_with(
    app: &TestApp,
    path: &str,
    headers: &[(&str, &str)],
) -> (StatusCode, HeaderMap, Value) {
    let mut request = app.client.get(app.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.expect("GET");
    let status = response.status();
    let headers = response.headers().clone();
    (
        status,
        headers,
        response.json().await.unwrap_or(Value::Null),
    )
}

/// Spends the address budget until the gate refuses; the refusal's body.
async fn until_refused(app: &TestApp) -> Value {
    for _ in 0..50 {
        let (status, _, body) = get_with(app, BOOKS, &[]).await;
        if status == StatusCode::TOO_MANY_REQUESTS {
            return body;
        }
        assert_eq!(status, StatusCode::OK);
    }
    panic!("never refused");
}

fn proof(challenge: &str, difficulty: u32) -> String {
    let solved = solve_pow(SolvePowInput {
        challenge: challenge.to_owned(),
        difficulty,
        max_iterations: 1 << 26,
        start_nonce: None,
    })
    .expect("solvable");
    format!("{challenge}:{}:{}", solved.nonce, solved.digest)
}

#[tokio::test]
async fn every_api_answer_carries_the_challenge_and_pages_do_not() {
    let app = app_with_budget(100).await;
    for path in ["/api/books", "/api/site", "/api/nothing-here"] {
        let (_, headers, _) = get_with(&app, path, &[]).await;
        let code = header(&headers, "x-challenge-code");
        assert_eq!(code.len(), 32, "{path}: {code:?}");
        assert!(code.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_eq!(
            header(&headers, "x-challenge-difficulty"),
            BASE_DIFFICULTY.to_string()
        );
    }
    let (_, again, _) = get_with(&app, "/api/site", &[]).await;
    let (_, first, _) = get_with(&app, "/api/books", &[]).await;
    assert_eq!(
        header(&again, "x-challenge-code"),
        header(&first, "x-challenge-code"),
        "one code per client and window"
    );
    let (_, page, _) = get_with(&app, "/healthz", &[]).await;
    assert!(page.get("x-challenge-code").is_none());
}

#[tokio::test]
async fn over_budget_a_client_gets_a_challenge_a_proof_earns_a_pass_once() {
    let app = app_with_budget(3).await;
    let refused = until_refused(&app).await;
    assert_eq!(refused["statusCode"], 429);
    assert_eq!(refused["code"], "challenge_required");
    let code = refused["challengeCode"]
        .as_str()
        .expect("challengeCode at the top")
        .to_owned();
    assert_eq!(
        refused["data"]["challengeCode"],
        code.as_str(),
        "and under data"
    );
    let difficulty = refused["difficulty"].as_u64().unwrap() as u32;
    assert_eq!(refused["data"]["difficulty"], difficulty);
    assert!(difficulty >= BASE_DIFFICULTY);
    // Other endpoints are not behind the gate.
    let (status, _, _) = get_with(&app, "/api/site", &[]).await;
    assert_eq!(status, StatusCode::OK);

    let proof = proof(&code, difficulty);
    let (status, headers, body) = get_with(&app, BOOKS, &[("x-challenge-proof", &proof)]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let pass = header(&headers, "x-challenge-pass");
    assert!(!pass.is_empty(), "an accepted proof earns a pass");

    let (status, _, replayed) = get_with(&app, BOOKS, &[("x-challenge-proof", &proof)]).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(replayed["code"], "challenge_failed", "a replay is refused");

    // The pass has its own budget (5 a minute here), then the client must prove again.
    for _ in 0..5 {
        let (status, _, _) = get_with(&app, BOOKS, &[("x-challenge-pass", &pass)]).await;
        assert_eq!(status, StatusCode::OK);
    }
    let (status, _, spent) = get_with(&app, BOOKS, &[("x-challenge-pass", &pass)]).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(spent["code"], "challenge_required");
    // Another client cannot use the pass (it is bound to the address).
    let (status, _, _) = get_with(
        &app,
        BOOKS,
        &[(
            "x-challenge-pass",
            "99999999999.1.00112233445566778899aabbccddeeff",
        )],
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn a_wrong_code_or_too_little_work_is_refused() {
    let app = app_with_budget(1).await;
    let refused = until_refused(&app).await;
    let code = refused["challengeCode"].as_str().unwrap().to_owned();
    let difficulty = refused["difficulty"].as_u64().unwrap() as u32;
    let other_code = "0123456789abcdef0123456789abcdef";
    for bad in [
        proof(other_code, difficulty),
        format!("{code}:1:{}", "0".repeat(64)),
        "nonsense".to_owned(),
    ] {
        let (status, _, body) = get_with(&app, BOOKS, &[("x-challenge-proof", &bad)]).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{bad}");
        assert_eq!(body["code"], "challenge_failed");
    }
}

#[tokio::test]
async fn difficulty_rises_with_refusals() {
    let app = app_with_budget(1).await;
    until_refused(&app).await;
    for _ in 0..12 {
        get_with(&app, BOOKS, &[]).await;
    }
    let (status, headers, body) = get_with(&app, BOOKS, &[]).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    let raised = BASE_DIFFICULTY + 2;
    assert_eq!(
        header(&headers, "x-challenge-difficulty"),
        raised.to_string()
    );
    assert_eq!(body["difficulty"], raised);
    // A proof at the old level no longer passes; one at the new level does.
    let code = body["challengeCode"].as_str().unwrap();
    let weak = (0u64..)
        .map(|nonce| {
            let digest = tingshu_core::pow::digest(code, nonce);
            (nonce, digest)
        })
        .find(|(_, digest)| tingshu_core::pow::leading_zero_bits(digest) == BASE_DIFFICULTY)
        .map(|(nonce, digest)| format!("{code}:{nonce}:{}", hex::encode(digest)))
        .unwrap();
    let (status, _, _) = get_with(&app, BOOKS, &[("x-challenge-proof", &weak)]).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    let (status, _, _) =
        get_with(&app, BOOKS, &[("x-challenge-proof", &proof(code, raised))]).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn a_verified_crawler_passes_under_its_limit_and_a_forged_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("crawlers.json");
    std::fs::write(
        &list,
        r#"[{"name": "Testbot", "userAgent": "Testbot", "ranges": ["127.0.0.0/8", "::1/128"]},
            {"name": "Googlebot", "userAgent": "Googlebot", "ranges": ["66.249.64.0/19"]}]"#,
    )
    .unwrap();
    let app = spawn_app_with(|config| {
        config.anti_crawler.per_minute = 2;
        config.anti_crawler.crawler_per_minute = 6;
        config.anti_crawler.crawlers_file = Some(list.clone());
    })
    .await;
    let crawler = [("user-agent", "Mozilla/5.0 (compatible; Testbot/1.0)")];
    for _ in 0..6 {
        let (status, _, _) = get_with(&app, BOOKS, &crawler).await;
        assert_eq!(
            status,
            StatusCode::OK,
            "no challenge for a verified crawler"
        );
    }
    let (status, _, body) = get_with(&app, BOOKS, &crawler).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "its own limit");
    assert_eq!(body["code"], "rate_limited");
    assert!(body.get("challengeCode").is_none());

    let forged = [("user-agent", "Mozilla/5.0 (compatible; Googlebot/2.1)")];
    let (status, _, body) = get_with(&app, BOOKS, &forged).await;
    assert_eq!(
        status,
        StatusCode::TOO_MANY_REQUESTS,
        "Googlebot from 127.0.0.1 is forged"
    );
    assert_eq!(body["code"], "challenge_required");
}

#[tokio::test]
async fn reports_are_checked_stored_without_an_address_raise_difficulty_and_are_listed() {
    let app = app_with_budget(100).await;
    let bad = app
        .post_json(
            "/api/anti-crawler/report",
            &json!({"type": "keylogger", "visitorId": "", "details": [1]}),
        )
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let body: Value = bad.json().await.unwrap();
    for field in ["type", "visitorId", "details"] {
        assert!(body["fields"][field].is_string(), "{field}: {body}");
    }

    let good = app
        .post_json(
            "/api/anti-crawler/report",
            &json!({"type": "devtools", "visitorId": "visitor-1",
                "timestamp": 1_795_910_000_000_i64, "details": {"widthGap": 320}}),
        )
        .await;
    assert_eq!(good.status(), StatusCode::OK);
    let raised = header(good.headers(), "x-challenge-difficulty");
    assert_eq!(
        raised,
        (BASE_DIFFICULTY + 1).to_string(),
        "the reporter's difficulty rises"
    );

    let mut stored = 0;
    for _ in 0..100 {
        stored = app
            .sql_count("SELECT COUNT(*) FROM anti_crawler_reports")
            .await;
        if stored > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(stored, 1, "the bad report stored nothing");
    let leaked = app
        .sql_count("SELECT COUNT(*) FROM anti_crawler_reports WHERE visitor LIKE '%127.0.0.1%' OR details LIKE '%127.0.0.1%'")
        .await;
    assert_eq!(leaked, 0);

    let admin = app.administrator("ac_admin").await;
    let response = app
        .get_as("/api/admin/anti-crawler?type=devtools", &admin.access_token)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let overview: Value = response.json().await.unwrap();
    let data = &overview["data"];
    assert_eq!(data["baseDifficulty"], BASE_DIFFICULTY);
    let reports = data["reports"].as_array().unwrap();
    assert_eq!(reports.len(), 1);
    assert_eq!(reports[0]["type"], "devtools");
    assert_eq!(reports[0]["visitorId"], "visitor-1");
    assert_eq!(reports[0]["details"]["widthGap"], 320);
    let none = app
        .get_as("/api/admin/anti-crawler?type=hooks", &admin.access_token)
        .await;
    let none: Value = none.json().await.unwrap();
    assert_eq!(none["data"]["reports"].as_array().unwrap().len(), 0);
    let wrong = app
        .get_as("/api/admin/anti-crawler?type=nope", &admin.access_token)
        .await;
    assert_eq!(wrong.status(), StatusCode::BAD_REQUEST);

    let listener = app.signed_up_user("ac_listener").await;
    let denied = app
        .get_as("/api/admin/anti-crawler", &listener.access_token)
        .await;
    assert_eq!(denied.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn reports_past_the_budget_are_refused() {
    let app = app_with_budget(100).await;
    let report = json!({"type": "hooks", "visitorId": "v", "details": {"api": "fetch"}});
    let mut statuses = Vec::new();
    for _ in 0..25 {
        statuses.push(
            app.post_json("/api/anti-crawler/report", &report)
                .await
                .status(),
        );
    }
    assert!(statuses[..20].iter().all(|s| *s == StatusCode::OK));
    assert_eq!(statuses[24], StatusCode::TOO_MANY_REQUESTS);
}

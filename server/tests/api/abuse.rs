//! Abuse resistance: bounded password hashing, per-client budgets, a sign-in throttle that
//! counts parallel guesses and locks the account (never the address), trusted proxies.
use std::time::{Duration, Instant};

use futures_util::future::join_all;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::contract::assert_documented;
use crate::helpers::{spawn_app, spawn_app_with, RealServer, TestApp, GOOD_PASSWORD};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_hundred_parallel_sign_ins_for_unknown_accounts_keep_memory_bounded_and_never_fail() {
    let server = RealServer::start(&[]);
    let client = reqwest::Client::new();
    let url = format!("{}/api/auth/login", server.address);
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    let attempts = (0..200).map(|i| {
        let client = client.clone();
        let url = url.clone();
        async move {
            let response = client
                .post(&url)
                .json(&json!({"email": format!("nobody{i}@example.com"), "password": "Wrong-pass-2026"}))
                .send()
                .await
                .expect("the server answers");
            let status = response.status();
            let retry_after = response.headers().contains_key("retry-after");
            let body: Value = response.json().await.unwrap_or(Value::Null);
            (status, retry_after, body)
        }
    });
    let answers = join_all(attempts).await;
    let mut by_status = std::collections::BTreeMap::new();
    for (status, retry_after, body) in &answers {
        *by_status.entry(status.as_u16()).or_insert(0) += 1;
        assert!(
            [401, 429, 503].contains(&status.as_u16()),
            "unexpected {status}: {body}"
        );
        assert_eq!(body["statusCode"], status.as_u16(), "the JSON error shape");
        if *status != StatusCode::UNAUTHORIZED {
            assert!(retry_after, "{status} without Retry-After");
        }
    }
    let peak = server.peak_rss_mib();
    assert!(
        peak < 300,
        "peak RSS {peak} MiB with 200 parallel sign-ins ({by_status:?})"
    );
    assert!(by_status.get(&401).is_some_and(|n| *n > 0), "{by_status:?}");
}

async fn login_status(app: &TestApp, account: &str, password: &str) -> (u16, Value) {
    let response = app.login(account, password).await;
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn thirty_parallel_wrong_passwords_lock_the_account_whatever_name_is_typed() {
    let app = spawn_app().await;
    let user = app.signed_up_user("target").await;
    let guesses = (0..30).map(|i| {
        let app = &app;
        let email = user.email.clone();
        async move { login_status(app, &email, &format!("Guess-number-{i}")).await }
    });
    let answers = join_all(guesses).await;
    let checked = answers.iter().filter(|(status, _)| *status == 401).count();
    let refused = answers.iter().filter(|(status, _)| *status == 429).count();
    assert_eq!(checked + refused, 30, "{answers:?}");
    assert!(
        checked <= 4,
        "only the free attempts are checked, got {checked}"
    );
    // Locked now: the right password is refused too, by e-mail and by user name.
    let (status, body) = login_status(&app, &user.email, GOOD_PASSWORD).await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(body["code"], "too_many_attempts");
    assert!(
        body["retryAfter"].as_u64().unwrap() > 60,
        "a lock, not a short wait: {body}"
    );
    let (status, _) = login_status(&app, &user.username, GOOD_PASSWORD).await;
    assert_eq!(
        status, 429,
        "the lock is on the account, not on the name typed"
    );
    // Another account is not concerned.
    let other = app.signed_up_user("bystander").await;
    let (status, _) = login_status(&app, &other.username, GOOD_PASSWORD).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn an_address_with_sixty_failures_is_slowed_down_but_another_account_still_signs_in() {
    let app = spawn_app().await;
    let user = app.signed_up_user("neighbour").await;
    // Failures from this address for unknown accounts: twelve over HTTP, the rest arranged.
    for i in 0..12 {
        let (status, body) =
            login_status(&app, &format!("ghost{i}@example.com"), "Wrong-pass-2026").await;
        assert_eq!(status, 401, "{body}");
    }
    let now = chrono::Utc::now().timestamp_millis();
    for i in 12..60 {
        app.sql(&format!(
            "INSERT INTO auth_events (kind, user_id, account, ip, user_agent, created_at) \
             VALUES ('login_failed', NULL, 'ghost{i}@example.com', '127.0.0.1', NULL, {now})"
        ))
        .await;
    }
    let started = Instant::now();
    let (status, body) = login_status(&app, &user.email, GOOD_PASSWORD).await;
    assert_eq!(
        status, 200,
        "the right password of an unlocked account: {body}"
    );
    assert!(
        started.elapsed() >= Duration::from_secs(2),
        "sixty failures from the address slow its answers down"
    );
}

#[tokio::test]
async fn the_current_password_on_change_password_is_throttled_like_a_sign_in() {
    let app = spawn_app().await;
    let user = app.signed_up_user("changer").await;
    let mut statuses = Vec::new();
    for i in 0..12 {
        let response = app
            .call(
                Method::POST,
                "/api/auth/change-password",
                Some(&user.access_token),
                Some(&json!({"currentPassword": format!("Wrong-current-{i}"), "newPassword": "Another-good-2027"})),
            )
            .await;
        statuses.push(response.status().as_u16());
    }
    assert_eq!(&statuses[..4], &[400, 400, 400, 400], "{statuses:?}");
    assert!(
        statuses[4..].iter().all(|status| *status == 429),
        "{statuses:?}"
    );
    let response = app
        .call(
            Method::POST,
            "/api/auth/change-password",
            Some(&user.access_token),
            Some(&json!({"currentPassword": GOOD_PASSWORD, "newPassword": "Another-good-2027"})),
        )
        .await;
    assert_eq!(
        response.status(),
        429,
        "locked: even the right current password waits"
    );
    let (status, _) = login_status(&app, &user.email, GOOD_PASSWORD).await;
    assert_eq!(status, 429, "the same account lock as sign-in");
    assert_documented(&app, "POST", "/api/auth/change-password", 429).await;
    assert_documented(&app, "POST", "/api/auth/login", 429).await;
}

#[tokio::test]
async fn registration_feedback_and_search_have_per_client_budgets() {
    let app = spawn_app_with(|config| {
        config.budgets.register_per_hour = 2;
        config.budgets.feedback_per_hour = 1;
        config.budgets.search_per_minute = 3;
    })
    .await;
    assert_eq!(
        app.register("budget1@example.com", "budget1", GOOD_PASSWORD)
            .await
            .status(),
        200
    );
    assert_eq!(
        app.register("budget2@example.com", "budget2", GOOD_PASSWORD)
            .await
            .status(),
        200
    );
    let refused = app
        .register("budget3@example.com", "budget3", GOOD_PASSWORD)
        .await;
    assert_eq!(refused.status(), 429);
    assert!(refused.headers().contains_key("retry-after"));
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["code"], "rate_limited");
    assert_eq!(body["statusCode"], 429);
    let feedback = json!({"category": "suggestion", "message": "More detective stories, please."});
    assert_eq!(app.post_feedback(&feedback, "zh").await.status(), 200);
    let refused = app.post_feedback(&feedback, "zh").await;
    assert_eq!(refused.status(), 429);
    let body: Value = refused.json().await.unwrap();
    assert!(
        body["message"].as_str().unwrap().contains("秒"),
        "worded in zh: {body}"
    );
    for _ in 0..3 {
        assert_eq!(app.get("/api/search?q=night").await.status(), 200);
    }
    assert_eq!(app.get("/api/search?q=night").await.status(), 429);
    // Without trusted proxies, a forwarded address is ignored: still the same client.
    let forged = app
        .client
        .get(app.url("/api/search?q=night"))
        .header("X-Forwarded-For", "203.0.113.50")
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), 429);
    for (method, path) in [
        ("POST", "/api/auth/register"),
        ("POST", "/api/feedback"),
        ("GET", "/api/search"),
    ] {
        assert_documented(&app, method, path, 429).await;
    }
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_budget() {
    let app = spawn_app_with(|config| {
        config.budgets.search_per_minute = 2;
        config.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await;
    let search_from = |client: &'static str| {
        let request = app
            .client
            .get(app.url("/api/search?q=night"))
            .header("X-Forwarded-For", client);
        async move { request.send().await.unwrap().status().as_u16() }
    };
    assert_eq!(search_from("203.0.113.1").await, 200);
    assert_eq!(search_from("203.0.113.1").await, 200);
    assert_eq!(search_from("203.0.113.1").await, 429);
    assert_eq!(
        search_from("203.0.113.2").await,
        200,
        "another client behind the proxy"
    );
    // The sign-in records name the forwarded client.
    let (status, _) = {
        let response = app
            .client
            .post(app.url("/api/auth/login"))
            .header("Forwarded", "for=198.51.100.77;proto=https")
            .json(&json!({"email": "nobody@example.com", "password": "Wrong-pass-2026"}))
            .send()
            .await
            .unwrap();
        (response.status().as_u16(), ())
    };
    assert_eq!(status, 401);
    let recorded = app
        .sql_count("SELECT COUNT(*) FROM auth_events WHERE ip = '198.51.100.77'")
        .await;
    assert_eq!(recorded, 1);
}

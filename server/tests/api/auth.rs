//! `/api/auth/*` over HTTP: registration, sign-in, refresh rotation and reuse, sign-out,
//! profile, password change, disabled accounts, throttling, create-admin and the demo admin.
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, spawn_app_with, TestApp, TestUser, GOOD_PASSWORD};

async fn body(response: reqwest::Response) -> Value {
    response.json().await.expect("a JSON body")
}

#[tokio::test]
async fn registering_answers_the_user_tokens_and_session() {
    let app = spawn_app().await;
    let before = chrono::Utc::now().timestamp_millis();
    let response = app
        .register("Xiaoming@Example.com", "小明同学", GOOD_PASSWORD)
        .await;
    assert_eq!(response.status(), 200);
    let data = body(response).await["data"].clone();
    let user = &data["user"];
    assert_eq!(user["email"], "Xiaoming@Example.com");
    assert_eq!(user["username"], "小明同学");
    assert_eq!(user["userType"], "user");
    assert_eq!(user["subscriptionType"], "free");
    assert_eq!(user["subscriptionExpiresAt"], Value::Null);
    assert_eq!(user["roles"], json!(["user"]));
    assert!(user.get("passwordHash").is_none() && !user.to_string().contains("argon2"));
    let expires_in = data["tokens"]["expiresIn"].as_i64().unwrap();
    assert!(
        expires_in > before + 14 * 60 * 1000 && expires_in <= before + 16 * 60 * 1000,
        "absolute expiry in ms"
    );
    assert!(!data["tokens"]["refreshToken"].as_str().unwrap().is_empty());
    assert_eq!(data["sessionId"].as_str().unwrap().len(), 36);
}

#[tokio::test]
async fn registration_names_every_broken_field() {
    let app = spawn_app().await;
    let response = app.register("not-an-email", "x", "short").await;
    assert_eq!(response.status(), 400);
    let error = body(response).await;
    assert_eq!(error["code"], "validation_failed");
    for field in ["email", "username", "password"] {
        assert!(
            error["fields"][field].is_string(),
            "{field} missing in {error}"
        );
    }
}

#[tokio::test]
async fn emails_and_usernames_are_unique_whatever_their_case() {
    let app = spawn_app().await;
    app.signed_up_user("reader").await;
    let same_email = app
        .register("READER@example.com", "another", GOOD_PASSWORD)
        .await;
    assert_eq!(same_email.status(), 409);
    let error = body(same_email).await;
    assert_eq!(error["code"], "email_taken");
    assert!(error["fields"]["email"].is_string());
    let same_name = app
        .register("other@example.com", "Reader", GOOD_PASSWORD)
        .await;
    assert_eq!(same_name.status(), 409);
    assert_eq!(body(same_name).await["code"], "username_taken");
}

#[tokio::test]
async fn a_username_that_only_looks_like_a_taken_one_is_taken() {
    let app = spawn_app().await;
    let owner = app.signed_up_user("demo-admin").await;
    // Fullwidth, Cyrillic і, Cyrillic е with Greek ο, and the digit 0 for o.
    for (n, alike) in ["ｄｅｍｏ-admin", "demo-admіn", "dеmο-admin", "dem0-admin"]
        .into_iter()
        .enumerate()
    {
        let response = app
            .register(&format!("alike{n}@example.com"), alike, GOOD_PASSWORD)
            .await;
        assert_eq!(response.status(), 409, "{alike}");
        let error = body(response).await;
        assert_eq!(error["code"], "username_taken", "{alike}: {error}");
        assert!(error["fields"]["username"].is_string());
    }
    // A rename to a look-alike is refused as well; the owner may restyle their own name.
    let other = app.signed_up_user("someone").await;
    let rename = |user: &TestUser, username: &str| {
        let token = user.access_token.clone();
        let profile = json!({ "username": username });
        let app = &app;
        async move {
            app.call(
                Method::PUT,
                "/api/auth/profile",
                Some(&token),
                Some(&profile),
            )
            .await
        }
    };
    let refused = rename(&other, "demo-admіn").await;
    assert_eq!(refused.status(), 409);
    assert_eq!(body(refused).await["code"], "username_taken");
    assert_eq!(rename(&owner, "Demo-Admin").await.status(), 200);
    // Sign-in by the name still finds its account, as typed or in another case.
    for name in ["Demo-Admin", "demo-admin"] {
        let signed_in = app.login(name, GOOD_PASSWORD).await;
        assert_eq!(signed_in.status(), 200, "{name}");
        assert_eq!(body(signed_in).await["data"]["user"]["id"], owner.id);
    }
    assert_eq!(app.login("someone", GOOD_PASSWORD).await.status(), 200);
}

#[tokio::test]
async fn the_migration_to_skeletons_keeps_existing_look_alikes_apart() {
    use tingshu_migrations::{Migrator, MigratorTrait};
    let app = spawn_app().await;
    let older = app.signed_up_user("reader").await;
    let later = app.signed_up_user("listener").await;
    // Back to the lower-cased forms, where a Cyrillic е made another name: the skeleton
    // migration and every one after it rolled back.
    let names: Vec<String> = Migrator::migrations()
        .iter()
        .map(|migration| migration.name().to_owned())
        .collect();
    let skeletons = names
        .iter()
        .position(|name| name == "m20261128_000013_renormalize_users")
        .expect("the skeleton migration");
    Migrator::down(&app.db, Some((names.len() - skeletons) as u32))
        .await
        .unwrap();
    assert_eq!(
        app.sql_count("SELECT COUNT(*) FROM users WHERE username_normalized = 'reader'")
            .await,
        1
    );
    app.sql(&format!(
        "UPDATE users SET username = 'rеader', username_normalized = 'rеader' WHERE id = {}",
        later.id
    ))
    .await;
    Migrator::up(&app.db, None).await.unwrap();
    app.callers.forget_all().await;
    // The older account keeps the name; the later one keeps its username and its email.
    let skeleton = |id: i64| {
        let app = &app;
        async move {
            app.sql_count(&format!(
                "SELECT COUNT(*) FROM users WHERE id = {id} AND username_normalized = 'reader'"
            ))
            .await
        }
    };
    assert_eq!((skeleton(older.id).await, skeleton(later.id).await), (1, 0));
    let by_name = app.login("READER", GOOD_PASSWORD).await;
    assert_eq!(body(by_name).await["data"]["user"]["id"], older.id);
    let by_email = app.login(&later.email, GOOD_PASSWORD).await;
    assert_eq!(body(by_email).await["data"]["user"]["username"], "rеader");
    let again = app
        .register("third@example.com", "rеader", GOOD_PASSWORD)
        .await;
    assert_eq!(body(again).await["code"], "username_taken");
}

#[tokio::test]
async fn signing_in_works_with_email_or_username_and_refuses_a_wrong_password() {
    let app = spawn_app().await;
    let user = app.signed_up_user("listener").await;
    assert_eq!(
        app.login("LISTENER@example.com", GOOD_PASSWORD)
            .await
            .status(),
        200
    );
    let by_name = app.login("Listener", GOOD_PASSWORD).await;
    assert_eq!(by_name.status(), 200);
    let data = body(by_name).await["data"].clone();
    assert_ne!(
        data["sessionId"].as_str().unwrap(),
        user.session_id,
        "each sign-in is a new session"
    );
    assert!(data["user"]["lastLoginAt"].is_i64());
    let wrong = app.login("listener", "listen-Well-2027").await;
    assert_eq!(wrong.status(), 401);
    let error = body(wrong).await;
    assert_eq!(error["statusMessage"], "Invalid credentials");
    assert_eq!(error["code"], "invalid_credentials");
    let nobody = app.login("nobody@example.com", GOOD_PASSWORD).await;
    assert_eq!(
        body(nobody).await["code"],
        "invalid_credentials",
        "no hint that the account is unknown"
    );
}

#[tokio::test]
async fn me_needs_a_valid_access_token() {
    let app = spawn_app().await;
    let user = app.signed_up_user("mei").await;
    let me = app.get_as("/api/auth/me", &user.access_token).await;
    assert_eq!(me.status(), 200);
    assert_eq!(body(me).await["data"]["username"], "mei");
    for response in [
        app.get("/api/auth/me").await,
        app.get_as("/api/auth/me", "not.a.jwt").await,
    ] {
        assert_eq!(response.status(), 401);
        let error = body(response).await;
        assert_eq!(error["statusMessage"], "Authentication required");
        assert_eq!(error["code"], "auth_required");
    }
}

#[tokio::test]
async fn refreshing_rotates_the_token_and_a_reused_one_revokes_the_session() {
    let app = spawn_app().await;
    let user = app.signed_up_user("rotator").await;
    let first = app.refresh(&user.refresh_token).await;
    assert_eq!(first.status(), 200);
    let tokens = body(first).await["data"].clone();
    let next_refresh = tokens["refreshToken"].as_str().unwrap().to_owned();
    assert_ne!(next_refresh, user.refresh_token);
    let new_access = tokens["accessToken"].as_str().unwrap().to_owned();
    assert_eq!(app.get_as("/api/auth/me", &new_access).await.status(), 200);

    // The old token again, long after its rotation: someone else has a copy. The whole
    // session ends. (Within core's 10 s grace it would be a second tab; see below.)
    app.sql(
        "UPDATE refresh_tokens SET rotated_at = rotated_at - 60000 WHERE rotated_at IS NOT NULL",
    )
    .await;
    let reused = app.refresh(&user.refresh_token).await;
    assert_eq!(reused.status(), 401);
    assert_eq!(body(reused).await["code"], "refresh_token_reused");
    assert_eq!(
        app.refresh(&next_refresh).await.status(),
        401,
        "the family is revoked"
    );
    assert_eq!(
        app.get_as("/api/auth/me", &new_access).await.status(),
        401,
        "its access tokens too"
    );
    assert_eq!(app.refresh("0".repeat(64).as_str()).await.status(), 401);
}

#[tokio::test]
async fn two_tabs_refreshing_with_the_same_token_at_once_both_get_the_same_new_pair() {
    let app = spawn_app().await;
    let user = app.signed_up_user("twotabs").await;
    let tabs =
        futures_util::future::join_all((0..4).map(|_| app.refresh(&user.refresh_token))).await;
    let mut pairs = Vec::new();
    for response in tabs {
        assert_eq!(response.status(), 200, "every tab refreshes");
        let data = body(response).await["data"].clone();
        pairs.push((
            data["accessToken"].as_str().unwrap().to_owned(),
            data["refreshToken"].as_str().unwrap().to_owned(),
        ));
    }
    assert!(
        pairs.windows(2).all(|two| two[0] == two[1]),
        "one pair: {pairs:?}"
    );
    let (access, refresh) = pairs.remove(0);
    assert_ne!(refresh, user.refresh_token);
    assert_eq!(app.get_as("/api/auth/me", &access).await.status(), 200);
    // A few seconds later, the slow tab again: still the same pair, the session lives on.
    let again = app.refresh(&user.refresh_token).await;
    assert_eq!(again.status(), 200);
    assert_eq!(body(again).await["data"]["refreshToken"], refresh.as_str());
    let next = app.refresh(&refresh).await;
    assert_eq!(next.status(), 200, "the successor goes on rotating");
    assert_eq!(
        app.sql_count("SELECT COUNT(*) FROM sessions WHERE revoked_at IS NOT NULL")
            .await,
        0
    );
}

/// Neither the user's access token nor their refresh token works any more.
async fn assert_session_ended(app: &TestApp, user: &TestUser) {
    assert_eq!(
        app.get_as("/api/auth/me", &user.access_token)
            .await
            .status(),
        401
    );
    assert_eq!(app.refresh(&user.refresh_token).await.status(), 401);
}

#[tokio::test]
async fn signing_out_without_a_body_ends_the_current_session() {
    let app = spawn_app().await;
    let user = app.signed_up_user("bodiless").await;
    let logout = app
        .call(
            Method::POST,
            "/api/auth/logout",
            Some(&user.access_token),
            None,
        )
        .await;
    assert_eq!(logout.status(), 200);
    assert_session_ended(&app, &user).await;
}

#[tokio::test]
async fn signing_out_with_a_null_body_ends_the_current_session() {
    let app = spawn_app().await;
    let user = app.signed_up_user("nullbody").await;
    let logout = app
        .call(
            Method::POST,
            "/api/auth/logout",
            Some(&user.access_token),
            Some(&serde_json::Value::Null),
        )
        .await;
    assert_eq!(logout.status(), 200);
    assert_session_ended(&app, &user).await;
    // A body that is neither an object nor null is still refused.
    let other = app.signed_up_user("listbody").await;
    let refused = app
        .call(
            Method::POST,
            "/api/auth/logout",
            Some(&other.access_token),
            Some(&json!([1])),
        )
        .await;
    assert_eq!(refused.status(), 400);
}

#[tokio::test]
async fn signing_out_ends_only_that_session() {
    let app = spawn_app().await;
    let user = app.signed_up_user("leaver").await;
    let other = app.second_session(&user).await;
    let logout = app
        .call(
            Method::POST,
            "/api/auth/logout",
            Some(&user.access_token),
            Some(&json!({"sessionId": user.session_id})),
        )
        .await;
    assert_eq!(logout.status(), 200);
    assert_session_ended(&app, &user).await;
    assert_eq!(
        app.get_as("/api/auth/me", &other.access_token)
            .await
            .status(),
        200
    );
}

#[tokio::test]
async fn changing_the_password_signs_out_every_other_session() {
    let app = spawn_app().await;
    let user = app.signed_up_user("changer").await;
    let other = app.second_session(&user).await;
    let wrong = app
        .call(
            Method::POST,
            "/api/auth/change-password",
            Some(&user.access_token),
            Some(&json!({"currentPassword": "not-my-Password-1", "newPassword": "brand-New-2027"})),
        )
        .await;
    assert_eq!(wrong.status(), 400);
    assert!(body(wrong).await["fields"]["currentPassword"].is_string());
    let changed = app
        .call(
            Method::POST,
            "/api/auth/change-password",
            Some(&user.access_token),
            Some(&json!({"currentPassword": GOOD_PASSWORD, "newPassword": "brand-New-2027"})),
        )
        .await;
    assert_eq!(changed.status(), 200);
    assert_eq!(
        app.get_as("/api/auth/me", &user.access_token)
            .await
            .status(),
        200,
        "this session stays"
    );
    assert_eq!(
        app.get_as("/api/auth/me", &other.access_token)
            .await
            .status(),
        401,
        "the other one ends"
    );
    assert_eq!(app.refresh(&other.refresh_token).await.status(), 401);
    assert_eq!(app.login(&user.email, GOOD_PASSWORD).await.status(), 401);
    assert_eq!(app.login(&user.email, "brand-New-2027").await.status(), 200);
}

#[tokio::test]
async fn the_profile_can_be_edited_within_the_rules() {
    let app = spawn_app().await;
    let user = app.signed_up_user("editor1").await;
    app.signed_up_user("taken").await;
    let put = |body: Value| {
        let token = user.access_token.clone();
        let app = &app;
        async move {
            app.call(Method::PUT, "/api/auth/profile", Some(&token), Some(&body))
                .await
        }
    };
    let ok = put(json!({"username": "新名字", "language": "ja", "timezone": "Asia/Tokyo"})).await;
    assert_eq!(ok.status(), 200);
    let data = body(ok).await["data"].clone();
    assert_eq!(data["username"], "新名字");
    assert_eq!(
        data["preferences"],
        json!({"language": "ja", "timezone": "Asia/Tokyo", "trackingEnabled": true})
    );
    let bad = put(json!({"timezone": "Mars/Olympus", "language": "fr"})).await;
    assert_eq!(bad.status(), 400);
    let error = body(bad).await;
    assert!(
        error["fields"]["timezone"].is_string() && error["fields"]["language"].is_string(),
        "{error}"
    );
    let clash = put(json!({"username": "TAKEN"})).await;
    assert_eq!(clash.status(), 409);
    assert_eq!(body(clash).await["code"], "username_taken");
}

#[tokio::test]
async fn a_disabled_account_is_refused_everywhere_even_with_a_valid_token() {
    let app = spawn_app().await;
    let user = app.signed_up_user("blocked").await;
    app.sql(&format!(
        "UPDATE users SET status = 'disabled' WHERE id = {}",
        user.id
    ))
    .await;
    let me = app.get_as("/api/auth/me", &user.access_token).await;
    assert_eq!(me.status(), 403);
    assert_eq!(body(me).await["code"], "account_disabled");
    let login = app.login(&user.email, GOOD_PASSWORD).await;
    assert_eq!(login.status(), 403);
    assert_eq!(app.refresh(&user.refresh_token).await.status(), 403);
}

#[tokio::test]
async fn repeated_failures_slow_down_then_lock_the_account_and_are_recorded() {
    let app = spawn_app().await;
    let user = app.signed_up_user("target").await;
    // Three failures are free; the fourth starts a growing wait.
    for attempt in 1..=4 {
        assert_eq!(
            app.login(&user.email, "Wrong-password-1").await.status(),
            401,
            "attempt {attempt}"
        );
    }
    let throttled = app.login(&user.email, GOOD_PASSWORD).await;
    assert_eq!(throttled.status(), 429, "even the right password must wait");
    let retry_after: u64 = throttled.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry_after >= 1);
    let error = body(throttled).await;
    assert_eq!(error["code"], "too_many_attempts");
    assert_eq!(error["retryAfter"].as_u64(), Some(retry_after));

    // Ten failures inside the window lock the account for 15 minutes.
    let now = chrono::Utc::now().timestamp_millis();
    for i in 0..6 {
        app.sql(&format!(
            "INSERT INTO auth_events (kind, user_id, account, ip, created_at) VALUES ('login_failed', {}, 'target@example.com', '10.0.0.{i}', {})",
            user.id,
            now - 120_000
        ))
        .await;
    }
    let locked = app.login(&user.email, GOOD_PASSWORD).await;
    assert_eq!(locked.status(), 429);
    assert!(
        body(locked).await["retryAfter"].as_u64().unwrap() > 60,
        "a lock, not a short wait"
    );

    let admin = app.signed_up_user("secops").await;
    app.sql(&format!(
        "UPDATE users SET user_type = 'admin' WHERE id = {}",
        admin.id
    ))
    .await;
    let events = body(
        app.get_as("/api/admin/security/events", &admin.access_token)
            .await,
    )
    .await;
    let kinds: Vec<&str> = events["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert!(
        kinds.contains(&"login_failed") && kinds.contains(&"login_throttled"),
        "{kinds:?}"
    );
}

/// The device cookie a sign-in or registration set, as a `Cookie` header's `name=value`.
fn device_cookie_of(response: &reqwest::Response) -> String {
    let set_cookie = response
        .headers()
        .get_all(reqwest::header::SET_COOKIE)
        .iter()
        .map(|value| value.to_str().unwrap())
        .find(|value| value.contains("tingshu-device="))
        .expect("a device cookie");
    set_cookie.split(';').next().unwrap().trim().to_owned()
}

/// Signs in, sending `cookie` (a `Cookie` header) when given.
async fn login_from(
    app: &TestApp,
    account: &str,
    password: &str,
    cookie: Option<&str>,
) -> reqwest::Response {
    let mut request = app
        .client
        .post(app.url("/api/auth/login"))
        .json(&json!({"email": account, "password": password}));
    if let Some(cookie) = cookie {
        request = request.header(reqwest::header::COOKIE, cookie);
    }
    request.send().await.expect("POST failed")
}

/// Failures from this test client's address (127.0.0.1) for accounts that do not exist, enough
/// for the address's answers to unknown devices to be held 3 s.
async fn a_busy_address(app: &TestApp) {
    let now = chrono::Utc::now().timestamp_millis();
    for i in 0..60 {
        app.sql(&format!(
            "INSERT INTO auth_events (kind, user_id, account, ip, created_at) \
             VALUES ('login_failed', NULL, 'ghost{i}@example.com', '127.0.0.1', {now})"
        ))
        .await;
    }
}

#[tokio::test]
async fn an_attackers_hundred_guesses_do_not_keep_the_owners_known_browser_out() {
    let app = spawn_app().await;
    let owner = app.signed_up_user("owner").await;
    let signed_in = login_from(&app, &owner.username, GOOD_PASSWORD, None).await;
    assert_eq!(signed_in.status(), 200);
    let cookie = device_cookie_of(&signed_in);

    // An attacker without the cookie, from the same address, guesses a hundred times.
    let mut refused = 0;
    for i in 0..100 {
        let guess = login_from(&app, &owner.username, &format!("Guess-{i}-2026"), None).await;
        match guess.status().as_u16() {
            401 => {}
            429 => refused += 1,
            other => panic!("guess {i}: {other}"),
        }
    }
    assert!(
        refused >= 90,
        "the guesses are slowed down: {refused} refused"
    );
    a_busy_address(&app).await;

    // Any unknown device, the right password included, is refused while the attack lasts.
    let unknown = login_from(&app, &owner.email, GOOD_PASSWORD, None).await;
    assert_eq!(unknown.status(), 429);
    assert_eq!(body(unknown).await["code"], "too_many_attempts");

    // The owner's known browser gets in at once, by name or e-mail, and is not held by the
    // address's failures (the hold would be 3 s).
    for account in [&owner.username, &owner.email] {
        let started = std::time::Instant::now();
        let known = login_from(&app, account, GOOD_PASSWORD, Some(&cookie)).await;
        assert_eq!(known.status(), 200, "{account}");
        assert!(
            started.elapsed() < std::time::Duration::from_secs(3),
            "a known device is not held: {:?}",
            started.elapsed()
        );
        assert_eq!(body(known).await["data"]["user"]["id"], owner.id);
    }
}

#[tokio::test]
async fn a_forged_or_another_accounts_device_cookie_is_not_a_known_device() {
    let app = spawn_app().await;
    let owner = app.signed_up_user("owner").await;
    let other = app.signed_up_user("other").await;
    let own_cookie = device_cookie_of(&login_from(&app, &owner.email, GOOD_PASSWORD, None).await);
    let others_cookie =
        device_cookie_of(&login_from(&app, &other.email, GOOD_PASSWORD, None).await);
    for i in 0..12 {
        login_from(&app, &owner.email, &format!("Guess-{i}-2026"), None).await;
    }
    // The owner's id with another signature, a tampered nonce, the other account's cookie.
    let (name, value) = own_cookie.split_once('=').unwrap();
    let mut parts: Vec<String> = value.split('.').map(str::to_owned).collect();
    let forged_signature = format!("{name}={}.{}.{}", parts[0], parts[1], "0".repeat(64));
    parts[1] = "0123456789abcdef".into();
    let tampered_nonce = format!("{name}={}", parts.join("."));
    let renamed = others_cookie.replacen(&format!("={}.", other.id), &format!("={}.", owner.id), 1);
    for cookie in [&forged_signature, &tampered_nonce, &others_cookie, &renamed] {
        let response = login_from(&app, &owner.email, GOOD_PASSWORD, Some(cookie)).await;
        assert_eq!(response.status(), 429, "{cookie}");
    }
    assert_eq!(
        login_from(&app, &owner.email, GOOD_PASSWORD, Some(&own_cookie))
            .await
            .status(),
        200
    );
    // The other account's cookie still lets its own browser in.
    assert_eq!(
        login_from(&app, &other.email, GOOD_PASSWORD, Some(&others_cookie))
            .await
            .status(),
        200
    );
}

#[tokio::test]
async fn a_known_device_that_fails_ten_times_itself_is_no_longer_known() {
    let app = spawn_app().await;
    let owner = app.signed_up_user("owner").await;
    let cookie = device_cookie_of(&login_from(&app, &owner.email, GOOD_PASSWORD, None).await);
    // Ten wrong passwords from the known device are each checked (no wait), then it is an
    // unknown device: refused, since those failures now count against unknown devices.
    for i in 0..10 {
        let response =
            login_from(&app, &owner.email, &format!("Typo-{i}-2026"), Some(&cookie)).await;
        assert_eq!(response.status(), 401, "failure {i}");
    }
    for i in 0..4 {
        login_from(&app, &owner.email, &format!("More-{i}-2026"), Some(&cookie)).await;
    }
    let response = login_from(&app, &owner.email, GOOD_PASSWORD, Some(&cookie)).await;
    assert_eq!(response.status(), 429);
    let devices = app
        .sql_count(
            "SELECT COUNT(*) FROM auth_events WHERE kind = 'login_failed' AND device IS NOT NULL",
        )
        .await;
    assert_eq!(devices, 10, "the known device's failures name it");
}

#[tokio::test]
async fn the_device_cookie_is_http_only_strict_and_site_wide() {
    let app = spawn_app().await;
    let registered = app
        .register("cookie@example.com", "cookie", GOOD_PASSWORD)
        .await;
    assert_eq!(registered.status(), 200);
    device_cookie_of(&registered);
    let signed_in = login_from(&app, "cookie", GOOD_PASSWORD, None).await;
    let set_cookie = signed_in.headers()[reqwest::header::SET_COOKIE]
        .to_str()
        .unwrap()
        .to_owned();
    let attributes: Vec<&str> = set_cookie.split(';').map(str::trim).collect();
    assert!(attributes[0].starts_with("tingshu-device="), "{set_cookie}");
    for wanted in ["HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=31536000"] {
        assert!(attributes.contains(&wanted), "{wanted}: {set_cookie}");
    }
    assert!(!attributes.contains(&"Secure"), "plain http: {set_cookie}");
    // A refused sign-in sets none.
    let refused = login_from(&app, "cookie", "Wrong-password-1", None).await;
    assert!(refused.headers().get(reqwest::header::SET_COOKIE).is_none());

    // On an https site: `__Host-` and `Secure`.
    let https =
        spawn_app_with(|config| config.public_url = Some("https://tingshu.example".into())).await;
    https
        .register("secure@example.com", "secure", GOOD_PASSWORD)
        .await;
    let secure = login_from(&https, "secure", GOOD_PASSWORD, None).await;
    let set_cookie = secure.headers()[reqwest::header::SET_COOKIE]
        .to_str()
        .unwrap();
    assert!(
        set_cookie.starts_with("__Host-tingshu-device="),
        "{set_cookie}"
    );
    assert!(
        set_cookie.split(';').any(|a| a.trim() == "Secure"),
        "{set_cookie}"
    );
}

/// Runs `tingshu create-admin` (ops, ops@example.com) on the app's database with `password`
/// typed on its standard input, off the runtime (the app answers while the command waits).
async fn create_admin(app: &TestApp, password: &'static [u8]) -> std::process::Output {
    let data_dir = app.config.data_dir.clone();
    let url = app
        .config
        .database_url
        .as_ref()
        .unwrap()
        .expose()
        .to_owned();
    tokio::task::spawn_blocking(move || {
        use std::io::Write;
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tingshu"))
            .args([
                "create-admin",
                "--email",
                "ops@example.com",
                "--username",
                "ops",
            ])
            .env("DATA_DIR", data_dir)
            .env("DATABASE_URL", url)
            .env("PASSWORD_HASH_MEMORY_KIB", "12288")
            .env("PASSWORD_HASH_ITERATIONS", "3")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(password).unwrap();
        child.wait_with_output().unwrap()
    })
    .await
    .unwrap()
}

#[tokio::test]
async fn create_admin_makes_an_administrator_from_the_command_line() {
    let app = spawn_app().await;
    let output = create_admin(&app, b"Admin-Password-2026\n").await;
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("Created administrator ops"));
    let login = app.login("ops", "Admin-Password-2026").await;
    assert_eq!(login.status(), 200);
    let user = body(login).await["data"]["user"].clone();
    assert_eq!(user["userType"], "admin");
    assert_eq!(user["roles"], json!(["admin"]));
    assert!(user["permissions"]
        .as_array()
        .unwrap()
        .contains(&json!("manage:system")));
}

#[tokio::test]
async fn create_admin_refuses_a_weak_password_with_the_rule() {
    let app = spawn_app().await;
    let output = create_admin(&app, b"short\n").await;
    assert!(!output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("password"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[tokio::test]
async fn demo_mode_creates_the_documented_admin_once() {
    let app = spawn_app_with(|config| config.demo = true).await;
    let login = app
        .login(
            tingshu_server::seed::DEMO_ADMIN_EMAIL,
            tingshu_server::seed::DEMO_ADMIN_PASSWORD,
        )
        .await;
    assert_eq!(login.status(), 200);
    assert_eq!(body(login).await["data"]["user"]["userType"], "admin");
    let plain = spawn_app().await;
    let nothing = plain
        .login(
            tingshu_server::seed::DEMO_ADMIN_EMAIL,
            tingshu_server::seed::DEMO_ADMIN_PASSWORD,
        )
        .await;
    assert_eq!(nothing.status(), 401, "no demo admin outside demo mode");
}

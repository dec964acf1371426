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
        json!({"language": "ja", "timezone": "Asia/Tokyo"})
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

#[tokio::test]
async fn create_admin_makes_an_administrator_from_the_command_line() {
    let app = spawn_app().await;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tingshu"))
        .args([
            "create-admin",
            "--email",
            "ops@example.com",
            "--username",
            "ops",
        ])
        .env("DATA_DIR", &app.config.data_dir)
        .env(
            "DATABASE_URL",
            app.config.database_url.as_ref().unwrap().expose(),
        )
        .env("PASSWORD_HASH_MEMORY_KIB", "19456")
        .env("PASSWORD_HASH_ITERATIONS", "2")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"Admin-Password-2026\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
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
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tingshu"))
        .args([
            "create-admin",
            "--email",
            "ops@example.com",
            "--username",
            "ops",
        ])
        .env("DATA_DIR", &app.config.data_dir)
        .env(
            "DATABASE_URL",
            app.config.database_url.as_ref().unwrap().expose(),
        )
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(b"short\n").unwrap();
    let output = child.wait_with_output().unwrap();
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

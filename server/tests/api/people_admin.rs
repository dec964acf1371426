//! The console's users (`manage:users`): the list and a user's page, account changes with
//! their audit rows, the rules that keep the console reachable (own way in, last
//! administrator, concurrent demotions), changes applying on the very next request, and the
//! password-reset path.
use reqwest::Method;
use serde_json::{json, Value};

use crate::{
    console::{audit_rows, create_book, create_category, editor, send},
    helpers::{spawn_app, spawn_app_with, TestApp, TestUser, GOOD_PASSWORD},
};

/// A signed-up user made an administrator by type (no roles beyond `user`).
async fn admin(app: &TestApp, name: &str) -> TestUser {
    let user = app.signed_up_user(name).await;
    app.sql(&format!(
        "UPDATE users SET user_type = 'admin' WHERE id = {}",
        user.id
    ))
    .await;
    user
}

/// A user (by type) holding the `admin` role, so reaching the user console through it.
async fn manager(app: &TestApp, name: &str) -> TestUser {
    let user = app.signed_up_user(name).await;
    app.sql(&format!(
        "INSERT INTO user_roles (user_id, role_id) SELECT {}, id FROM roles WHERE name = 'admin'",
        user.id
    ))
    .await;
    user
}

async fn me_status(app: &TestApp, user: &TestUser) -> u16 {
    app.get_as("/api/auth/me", &user.access_token)
        .await
        .status()
        .as_u16()
}

fn ids(answer: &Value) -> Vec<i64> {
    answer["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["id"].as_i64().unwrap())
        .collect()
}

#[tokio::test]
async fn the_list_searches_filters_sorts_and_pages_on_the_server() {
    let app = spawn_app().await;
    let boss = admin(&app, "boss").await;
    let alice = app.signed_up_user("alice").await;
    let bob = app.signed_up_user("bob").await;
    let carol = app.signed_up_user("carol").await;
    let dave = editor(&app, "dave").await;
    app.sql(&format!(
        "UPDATE users SET subscription_type = 'premium', subscription_expires_at = NULL WHERE id = {}",
        bob.id
    ))
    .await;
    app.sql(&format!(
        "UPDATE users SET subscription_type = 'premium', subscription_expires_at = 1000 WHERE id = {}",
        carol.id
    ))
    .await;
    app.sql(&format!(
        "UPDATE users SET status = 'disabled' WHERE id = {}",
        dave.id
    ))
    .await;
    let list = |query: &str| {
        let path = format!("/api/admin/users{query}");
        let boss = boss.clone();
        let app = &app;
        async move { send(app, Method::GET, &path, &boss, None).await }
    };
    let (status, answer) = list("?q=ALI").await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(ids(&answer), [alice.id], "a name's start, any case");
    assert_eq!(answer["data"]["items"][0]["membership"], "free");
    let (_, answer) = list("?q=Bob%40Example").await;
    assert_eq!(ids(&answer), [bob.id], "an e-mail's start");
    assert_eq!(answer["data"]["items"][0]["membership"], "lifetime");
    let (_, answer) = list("?membership=premium").await;
    assert_eq!(ids(&answer), [bob.id]);
    let (_, answer) = list("?membership=expired").await;
    assert_eq!(ids(&answer), [carol.id]);
    assert_eq!(answer["data"]["items"][0]["membership"], "expired");
    let (_, answer) = list("?status=disabled").await;
    assert_eq!(ids(&answer), [dave.id]);
    let (_, answer) = list("?type=admin").await;
    assert_eq!(ids(&answer), [boss.id]);
    let editor_role = app
        .sql_count("SELECT CAST(id AS BIGINT) FROM roles WHERE name = 'editor'")
        .await;
    let (_, answer) = list(&format!("?role={editor_role}")).await;
    assert_eq!(ids(&answer), [dave.id]);
    assert_eq!(answer["data"]["items"][0]["roles"][0]["name"], "editor");
    let (_, answer) = list("?membership=free&sort=name&order=asc").await;
    assert_eq!(ids(&answer), [alice.id, boss.id, dave.id]);
    let (_, answer) = list("?sort=created&order=desc&pageSize=2&page=2").await;
    assert_eq!(answer["data"]["total"], 5);
    assert_eq!(ids(&answer), [bob.id, alice.id]);
    let (status, answer) = list("?membership=gold").await;
    assert_eq!(status, 400);
    assert!(answer["fields"]["membership"].is_string(), "{answer}");
}

#[tokio::test]
async fn only_the_user_permission_opens_the_user_console() {
    let app = spawn_app().await;
    let listener = app.signed_up_user("listener").await;
    let books_editor = editor(&app, "bookeditor").await;
    for user in [&listener, &books_editor] {
        let (status, _) = send(&app, Method::GET, "/api/admin/users", user, None).await;
        assert_eq!(status, 403);
        let path = format!("/api/admin/users/{}/status", listener.id);
        let body = json!({"status": "disabled"});
        let (status, _) = send(&app, Method::PUT, &path, user, Some(&body)).await;
        assert_eq!(status, 403);
    }
    assert_eq!(app.get("/api/admin/users").await.status(), 401);
    let holder = manager(&app, "holder").await;
    let (status, _) = send(&app, Method::GET, "/api/admin/users", &holder, None).await;
    assert_eq!(status, 200, "the role with manage:users opens it");
}

#[tokio::test]
async fn a_users_sessions_name_their_device_and_keep_the_raw_agent() {
    let app = spawn_app().await;
    let boss = admin(&app, "boss").await;
    let listener = app.signed_up_user("listener").await;
    let chrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 \
                  (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36";
    let signed_in = app
        .client
        .post(app.url("/api/auth/login"))
        .header(reqwest::header::USER_AGENT, chrome)
        .json(&json!({"email": listener.email, "password": GOOD_PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(signed_in.status(), 200);
    let path = format!("/api/admin/users/{}", listener.id);
    let (status, answer) = send(&app, Method::GET, &path, &boss, None).await;
    assert_eq!(status, 200, "{answer}");
    let sessions = answer["data"]["sessions"].as_array().unwrap();
    assert_eq!(sessions.len(), 2, "{answer}");
    let from_chrome = sessions
        .iter()
        .find(|s| s["userAgent"] == chrome)
        .expect("the raw agent is kept");
    assert_eq!(from_chrome["device"], "Chrome 120 · Windows 10");
    let without_agent = sessions
        .iter()
        .find(|s| s["userAgent"].is_null())
        .expect("the sign-up's session sent no agent");
    assert!(without_agent["device"].is_null(), "{without_agent}");
}

#[tokio::test]
async fn a_users_page_shows_sessions_orders_purchases_and_listening() {
    let app = spawn_app().await;
    let boss = admin(&app, "boss").await;
    let listener = app.signed_up_user("listener").await;
    let second = app.second_session(&listener).await;
    let category = create_category(&app, &boss, "mystery").await;
    let book = create_book(&app, &boss, category, "灯塔").await;
    let book_id = book["id"].as_i64().unwrap();
    for (chapter, position, completed) in [(1, 1800.0, false), (2, 9999.0, true)] {
        app.sql(&format!(
            "INSERT INTO chapters (book_id, idx, title, duration_secs, is_free, published, created_at, updated_at) \
             VALUES ({book_id}, {chapter}, '第{chapter}章', 3600, TRUE, TRUE, 0, 0)"
        ))
        .await;
        let chapter_id = app
            .sql_count(&format!(
                "SELECT CAST(id AS BIGINT) FROM chapters WHERE book_id = {book_id} AND idx = {chapter}"
            ))
            .await;
        app.sql(&format!(
            "INSERT INTO play_progress (user_id, chapter_id, book_id, position_secs, duration_secs, completed, updated_at) \
             VALUES ({}, {chapter_id}, {book_id}, {position}, 3600, {completed}, 5)",
            listener.id
        ))
        .await;
    }
    app.sql(&format!(
        "INSERT INTO play_history (user_id, book_id, chapter_id, position_secs, duration_secs, updated_at) \
         SELECT {}, {book_id}, MAX(id), 1800, 3600, 1234 FROM chapters WHERE book_id = {book_id}",
        listener.id
    ))
    .await;
    app.sql(&format!(
        "INSERT INTO purchases (user_id, book_id, created_at) VALUES ({}, {book_id}, 7)",
        listener.id
    ))
    .await;
    let path = format!("/api/admin/users/{}", listener.id);
    let (status, answer) = send(&app, Method::GET, &path, &boss, None).await;
    assert_eq!(status, 200, "{answer}");
    let page = &answer["data"];
    assert_eq!(page["username"], "listener");
    assert_eq!(page["userType"], "user");
    assert_eq!(page["roles"][0]["name"], "user");
    let sessions: Vec<&str> = page["sessions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert!(sessions.contains(&listener.session_id.as_str()));
    assert!(sessions.contains(&second.session_id.as_str()));
    assert!(page["sessions"][0]["ip"].is_string());
    assert_eq!(
        page["listening"]["hours"], 1.5,
        "half a chapter and a whole one"
    );
    assert_eq!(page["listening"]["books"], 1);
    assert_eq!(page["listening"]["lastPlayedAt"], 1234);
    assert_eq!(
        page["listening"]["lastBookTitle"], "The Quiet Lighthouse",
        "in the caller's language"
    );
    assert_eq!(page["purchases"][0]["bookId"], book_id);
    assert_eq!(page["purchases"][0]["title"], "The Quiet Lighthouse");
    assert_eq!(page["orders"], json!([]));
    let (status, _) = send(&app, Method::GET, "/api/admin/users/99999", &boss, None).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn revoking_one_or_every_session_signs_them_out_on_the_next_request() {
    let app = spawn_app().await;
    let boss = admin(&app, "boss").await;
    let listener = app.signed_up_user("listener").await;
    let phone = app.second_session(&listener).await;
    let laptop = app.second_session(&listener).await;
    // Each session is checked once first, so the access check has them in memory.
    for session in [&listener, &phone, &laptop] {
        assert_eq!(me_status(&app, session).await, 200);
    }
    let path = format!(
        "/api/admin/users/{}/sessions/{}",
        listener.id, phone.session_id
    );
    let (status, answer) = send(&app, Method::DELETE, &path, &boss, None).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["data"]["revoked"], 1);
    assert_eq!(me_status(&app, &phone).await, 401);
    assert_eq!(me_status(&app, &listener).await, 200);
    let path = format!("/api/admin/users/{}/sessions/nope", listener.id);
    let (status, _) = send(&app, Method::DELETE, &path, &boss, None).await;
    assert_eq!(status, 404);
    let path = format!("/api/admin/users/{}/sessions", listener.id);
    let (status, answer) = send(&app, Method::DELETE, &path, &boss, None).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["data"]["revoked"], 2);
    assert_eq!(me_status(&app, &listener).await, 401);
    assert_eq!(me_status(&app, &laptop).await, 401);
    let reasons = app
        .sql_count(&format!(
            "SELECT COUNT(*) FROM sessions WHERE user_id = {} AND revoked_reason = 'admin'",
            listener.id
        ))
        .await;
    assert_eq!(reasons, 3);
    let actions: Vec<String> = audit_rows(&app, "user", listener.id)
        .await
        .into_iter()
        .map(|row| row.0)
        .collect();
    assert_eq!(actions, ["user.revokeSession", "user.revokeSessions"]);
}

#[tokio::test]
async fn a_disabled_user_is_signed_out_everywhere_on_the_next_request() {
    let app = spawn_app().await;
    let boss = admin(&app, "boss").await;
    let listener = app.signed_up_user("listener").await;
    let phone = app.second_session(&listener).await;
    assert_eq!(me_status(&app, &listener).await, 200, "kept in memory");
    assert_eq!(me_status(&app, &phone).await, 200);
    let path = format!("/api/admin/users/{}/status", listener.id);
    let body = json!({"status": "disabled"});
    let (status, answer) = send(&app, Method::PUT, &path, &boss, Some(&body)).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["data"]["status"], "disabled");
    assert_eq!(me_status(&app, &listener).await, 401);
    assert_eq!(me_status(&app, &phone).await, 401);
    let login = app.login(&listener.email, GOOD_PASSWORD).await;
    assert_eq!(login.status(), 403, "a disabled account cannot sign in");
    let open = app
        .sql_count(&format!(
            "SELECT COUNT(*) FROM sessions WHERE user_id = {} AND revoked_at IS NULL",
            listener.id
        ))
        .await;
    assert_eq!(open, 0);
    let body = json!({"status": "active"});
    let (status, _) = send(&app, Method::PUT, &path, &boss, Some(&body)).await;
    assert_eq!(status, 200);
    assert_eq!(
        app.login(&listener.email, GOOD_PASSWORD).await.status(),
        200
    );
    let rows = audit_rows(&app, "user", listener.id).await;
    let actions: Vec<&str> = rows.iter().map(|row| row.0.as_str()).collect();
    assert_eq!(actions, ["user.disable", "user.enable"]);
    assert_eq!(rows[0].1, "boss");
    assert_eq!(rows[0].3.as_ref().unwrap()["status"], "active");
    assert_eq!(rows[0].4.as_ref().unwrap()["status"], "disabled");
    let (status, answer) = send(&app, Method::PUT, &path, &boss, Some(&json!({}))).await;
    assert_eq!(status, 400);
    assert!(answer["fields"]["status"].is_string(), "{answer}");
}

#[tokio::test]
async fn an_administrator_cannot_take_away_their_own_way_in() {
    let app = spawn_app().await;
    let boss = admin(&app, "boss").await;
    let _other = admin(&app, "other").await;
    let own = |part: &str| format!("/api/admin/users/{}/{part}", boss.id);
    let (status, answer) = send(
        &app,
        Method::PUT,
        &own("status"),
        &boss,
        Some(&json!({"status": "disabled"})),
    )
    .await;
    assert_eq!(status, 409, "{answer}");
    assert_eq!(answer["code"], "own_access");
    let (status, answer) = send(
        &app,
        Method::PUT,
        &own("type"),
        &boss,
        Some(&json!({"userType": "user"})),
    )
    .await;
    assert_eq!(status, 409, "no role gives them manage:users: {answer}");
    assert_eq!(answer["code"], "own_access");
    // With the admin role they keep their way in as a user, and may step down.
    let admin_role = app
        .sql_count("SELECT CAST(id AS BIGINT) FROM roles WHERE name = 'admin'")
        .await;
    let user_role = app
        .sql_count("SELECT CAST(id AS BIGINT) FROM roles WHERE name = 'user'")
        .await;
    let (status, answer) = send(
        &app,
        Method::PUT,
        &own("roles"),
        &boss,
        Some(&json!({"roleIds": [admin_role, user_role]})),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = send(
        &app,
        Method::PUT,
        &own("type"),
        &boss,
        Some(&json!({"userType": "user"})),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    // Now a user by type, the admin role is their last way in.
    let (status, answer) = send(
        &app,
        Method::PUT,
        &own("roles"),
        &boss,
        Some(&json!({"roleIds": [user_role]})),
    )
    .await;
    assert_eq!(status, 409, "{answer}");
    assert_eq!(answer["code"], "own_access");
    let (status, _) = send(&app, Method::GET, "/api/admin/users", &boss, None).await;
    assert_eq!(status, 200, "still in");
    let held = app
        .sql_count(&format!(
            "SELECT COUNT(*) FROM user_roles WHERE user_id = {} AND role_id = {admin_role}",
            boss.id
        ))
        .await;
    assert_eq!(held, 1, "nothing written");
}

#[tokio::test]
async fn the_last_active_administrator_is_neither_disabled_nor_demoted() {
    let app = spawn_app().await;
    let boss = admin(&app, "boss").await;
    let keeper = manager(&app, "keeper").await;
    let path = |part: &str| format!("/api/admin/users/{}/{part}", boss.id);
    let (status, answer) = send(
        &app,
        Method::PUT,
        &path("status"),
        &keeper,
        Some(&json!({"status": "disabled"})),
    )
    .await;
    assert_eq!(status, 409, "{answer}");
    assert_eq!(answer["code"], "last_admin");
    let response = app
        .client
        .put(app.url(&path("type")))
        .bearer_auth(&keeper.access_token)
        .header("accept-language", "zh")
        .json(&json!({"userType": "user"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 409);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["code"], "last_admin");
    assert_eq!(
        answer["message"],
        "这是最后一位有效的管理员；请先设置另一位管理员。"
    );
    assert_eq!(
        app.sql_count("SELECT COUNT(*) FROM users WHERE user_type = 'admin' AND status = 'active'")
            .await,
        1
    );
    assert!(audit_rows(&app, "user", boss.id).await.is_empty());
    // Once another administrator exists, the first may go.
    let _second = admin(&app, "second").await;
    let (status, answer) = send(
        &app,
        Method::PUT,
        &path("type"),
        &keeper,
        Some(&json!({"userType": "user"})),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
}

#[tokio::test]
async fn two_concurrent_demotions_cannot_remove_the_last_two_administrators() {
    let app = spawn_app().await;
    let first = admin(&app, "first").await;
    let second = admin(&app, "second").await;
    let keeper = manager(&app, "keeper").await;
    let body = json!({"userType": "user"});
    let demote = |target: &TestUser| {
        let path = format!("/api/admin/users/{}/type", target.id);
        let (app, keeper, body) = (&app, &keeper, &body);
        async move { send(app, Method::PUT, &path, keeper, Some(body)).await }
    };
    let ((a, _), (b, _)) = tokio::join!(demote(&first), demote(&second));
    let mut statuses = [a, b];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409]);
    assert_eq!(
        app.sql_count("SELECT COUNT(*) FROM users WHERE user_type = 'admin' AND status = 'active'")
            .await,
        1
    );
}

#[tokio::test]
async fn a_granted_or_taken_membership_applies_on_the_next_request() {
    let app = spawn_app().await;
    let boss = admin(&app, "boss").await;
    let listener = app.signed_up_user("listener").await;
    let downloads = || async {
        send(
            &app,
            Method::POST,
            "/api/me/downloads",
            &listener,
            Some(&json!({})),
        )
        .await
        .0
    };
    assert_eq!(downloads().await, 403, "free, and kept in memory");
    let path = format!("/api/admin/users/{}/membership", listener.id);
    let (status, answer) = send(
        &app,
        Method::POST,
        &path,
        &boss,
        Some(&json!({"term": "lifetime"})),
    )
    .await;
    assert_eq!(status, 400, "a reason is required: {answer}");
    assert!(answer["fields"]["reason"].is_string());
    assert!(audit_rows(&app, "user", listener.id).await.is_empty());
    let (status, answer) = send(
        &app,
        Method::POST,
        &path,
        &boss,
        Some(&json!({"term": "lifetime", "reason": "a goodwill gesture"})),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["data"]["membership"], "lifetime");
    assert_ne!(downloads().await, 403, "premium on the very next request");
    let (status, answer) = send(
        &app,
        Method::DELETE,
        &path,
        &boss,
        Some(&json!({"reason": "chargeback"})),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["data"]["membership"], "free");
    assert_eq!(downloads().await, 403);
    let rows = audit_rows(&app, "user", listener.id).await;
    assert_eq!(rows[0].0, "user.grantMembership");
    assert_eq!(rows[0].4.as_ref().unwrap()["reason"], "a goodwill gesture");
    assert_eq!(rows[1].0, "user.revokeMembership");
    assert_eq!(rows[1].4.as_ref().unwrap()["subscriptionType"], "free");
}

#[tokio::test]
async fn a_plan_grant_adds_the_plans_length_and_a_dated_one_sets_the_end() {
    let app = spawn_app().await;
    let boss = admin(&app, "boss").await;
    let listener = app.signed_up_user("listener").await;
    let path = format!("/api/admin/users/{}/membership", listener.id);
    let plan = app
        .sql_count("SELECT CAST(id AS BIGINT) FROM plans WHERE months = 1 ORDER BY id LIMIT 1")
        .await;
    let (status, answer) = send(
        &app,
        Method::POST,
        &path,
        &boss,
        Some(&json!({"term": "plan", "planId": plan, "reason": "contest prize"})),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["data"]["membership"], "member");
    let ends = answer["data"]["subscriptionExpiresAt"].as_i64().unwrap();
    let now = chrono::Utc::now().timestamp_millis();
    let day = 86_400_000;
    assert!(ends > now + 27 * day && ends < now + 32 * day, "{ends}");
    let until = now + 3 * day;
    let (status, answer) = send(
        &app,
        Method::POST,
        &path,
        &boss,
        Some(&json!({"term": "until", "expiresAt": until, "reason": "trial"})),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["data"]["subscriptionExpiresAt"], until);
    let (status, answer) = send(
        &app,
        Method::POST,
        &path,
        &boss,
        Some(&json!({"term": "plan", "planId": 99999, "reason": "typo"})),
    )
    .await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["fields"]["planId"].is_string());
}

#[tokio::test]
async fn a_reset_link_sets_a_new_password_once_and_signs_out_everywhere() {
    let app = spawn_app().await;
    let boss = admin(&app, "boss").await;
    let listener = app.signed_up_user("listener").await;
    assert_eq!(me_status(&app, &listener).await, 200);
    let path = format!("/api/admin/users/{}/password-reset", listener.id);
    let (status, answer) = send(&app, Method::POST, &path, &boss, None).await;
    assert_eq!(status, 200, "{answer}");
    let link = answer["data"]["path"].as_str().unwrap().to_owned();
    let token = link.strip_prefix("/reset-password?token=").unwrap();
    assert_eq!(token.len(), 64);
    let stored = app
        .sql_count(&format!(
            "SELECT COUNT(*) FROM password_resets WHERE token_hash = '{token}'"
        ))
        .await;
    assert_eq!(stored, 0, "only the hash is kept");
    let rows = audit_rows(&app, "user", listener.id).await;
    assert_eq!(rows[0].0, "user.passwordResetLink");
    assert!(!rows[0].4.as_ref().unwrap().to_string().contains(token));
    let reset = |body: Value| {
        let app = &app;
        async move {
            let response = app.post_json("/api/auth/password-reset", &body).await;
            let status = response.status().as_u16();
            (status, response.json::<Value>().await.unwrap())
        }
    };
    let (status, answer) = reset(json!({"token": token, "newPassword": "short"})).await;
    assert_eq!(status, 400);
    assert!(answer["fields"]["newPassword"].is_string(), "{answer}");
    let new_password = "a-Fresh-start-2027";
    let (status, answer) = reset(json!({"token": token, "newPassword": new_password})).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        me_status(&app, &listener).await,
        401,
        "signed out everywhere"
    );
    let changed = app
        .sql_count(&format!(
            "SELECT COUNT(*) FROM auth_events WHERE user_id = {} AND kind = 'password_changed'",
            listener.id
        ))
        .await;
    assert_eq!(changed, 1, "on the security page");
    assert_eq!(
        app.login(&listener.email, GOOD_PASSWORD).await.status(),
        401
    );
    assert_eq!(app.login(&listener.email, new_password).await.status(), 200);
    let (status, answer) = reset(json!({"token": token, "newPassword": "another-Pass-9"})).await;
    assert_eq!(status, 400, "used once");
    assert!(answer["fields"]["token"].is_string(), "{answer}");
    // A newer link replaces an older one; an expired link does nothing.
    let (_, first) = send(&app, Method::POST, &path, &boss, None).await;
    let (_, second) = send(&app, Method::POST, &path, &boss, None).await;
    let token_of = |answer: &Value| {
        answer["data"]["path"].as_str().unwrap()["/reset-password?token=".len()..].to_owned()
    };
    let (status, _) =
        reset(json!({"token": token_of(&first), "newPassword": "another-Pass-9"})).await;
    assert_eq!(status, 400, "replaced");
    app.sql("UPDATE password_resets SET expires_at = 1").await;
    let (status, _) =
        reset(json!({"token": token_of(&second), "newPassword": "another-Pass-9"})).await;
    assert_eq!(status, 400, "expired");
}

#[tokio::test]
async fn roles_set_in_the_console_apply_on_the_next_request() {
    let app = spawn_app().await;
    let boss = admin(&app, "boss").await;
    let listener = app.signed_up_user("listener").await;
    let (status, _) = send(&app, Method::GET, "/api/admin/books", &listener, None).await;
    assert_eq!(status, 403, "kept in memory");
    let editor_role = app
        .sql_count("SELECT CAST(id AS BIGINT) FROM roles WHERE name = 'editor'")
        .await;
    let path = format!("/api/admin/users/{}/roles", listener.id);
    let (status, answer) = send(
        &app,
        Method::PUT,
        &path,
        &boss,
        Some(&json!({"roleIds": [editor_role, 99999]})),
    )
    .await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["fields"]["roleIds"].is_string());
    let (status, answer) = send(
        &app,
        Method::PUT,
        &path,
        &boss,
        Some(&json!({"roleIds": [editor_role]})),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["data"]["roles"][0]["name"], "editor");
    let (status, _) = send(&app, Method::GET, "/api/admin/books", &listener, None).await;
    assert_eq!(status, 200);
    let rows = audit_rows(&app, "user", listener.id).await;
    assert_eq!(rows[0].0, "user.setRoles");
    assert_eq!(rows[0].4.as_ref().unwrap()["roleIds"], json!([editor_role]));
    let path = format!("/api/admin/users/{}/type", listener.id);
    let (status, answer) = send(
        &app,
        Method::PUT,
        &path,
        &boss,
        Some(&json!({"userType": "admin"})),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    let (status, _) = send(&app, Method::GET, "/api/admin/users", &listener, None).await;
    assert_eq!(status, 200, "promoted on the next request");
}

#[tokio::test]
async fn resets_have_their_own_budget_apart_from_registration() {
    let app = spawn_app_with(|config| {
        config.budgets.register_per_hour = 1;
        config.budgets.password_reset_per_hour = 2;
    })
    .await;
    let signed_up = app
        .register("first@example.com", "first", GOOD_PASSWORD)
        .await;
    assert_eq!(signed_up.status(), 200);
    let refused = app
        .register("second@example.com", "second", GOOD_PASSWORD)
        .await;
    assert_eq!(refused.status(), 429, "registration budget spent");
    let body = json!({"token": "not-a-token", "newPassword": "another-Pass-9"});
    for _ in 0..2 {
        let response = app.post_json("/api/auth/password-reset", &body).await;
        assert_eq!(
            response.status(),
            400,
            "answered despite the spent sign-ups"
        );
    }
    let response = app.post_json("/api/auth/password-reset", &body).await;
    assert_eq!(response.status(), 429, "over the resets' own budget");
    assert!(response.headers().contains_key("retry-after"));
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], "rate_limited");
}

//! What listeners are offered and the site's settings: settings read, refused field by field
//! and applied at once (registration, upload limits, `/api/site` with its cache headers);
//! campaigns (books or categories) changing `/api/limited-free`, book pages and audio access
//! at once, overlapping by the stated rule; ads checked by the external-link rule and shown
//! only while they run. Each change leaves its audit row.
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::{
    console::{editor, send},
    helpers::{spawn_app, spawn_app_with, TestApp, TestUser},
    uploads,
};

const DAY: i64 = 86_400_000;

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

async fn admin(app: &TestApp, name: &str) -> TestUser {
    let user = app.signed_up_user(name).await;
    app.sql(&format!(
        "UPDATE users SET user_type = 'admin' WHERE id = {}",
        user.id
    ))
    .await;
    user
}

fn settings_form() -> Value {
    json!({
        "siteName": "Tingshu FM",
        "defaultLanguage": "en",
        "registrationOpen": false,
        "maxAudioMb": 1,
        "maxImageMb": 5,
        "accessLogRetentionDays": 14,
        "supportContact": "help@tingshu.example"
    })
}

/// `PUT /api/admin/settings` with `form`, by `user`.
async fn put_settings(app: &TestApp, user: &TestUser, form: &Value) -> (u16, Value) {
    send(app, Method::PUT, "/api/admin/settings", user, Some(form)).await
}

async fn site(app: &TestApp) -> reqwest::Response {
    app.client.get(app.url("/api/site")).send().await.unwrap()
}

#[tokio::test]
async fn settings_are_refused_field_by_field_and_written_with_their_audit_row() {
    let app = spawn_app().await;
    let root = admin(&app, "root").await;
    let editor = editor(&app, "editor1").await;
    let (status, answer) = send(&app, Method::GET, "/api/admin/settings", &root, None).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["data"]["registrationOpen"], true);
    assert_eq!(answer["data"]["accessLogRetentionDays"], 30);

    let mut bad = settings_form();
    bad["siteName"] = json!(" ");
    bad["accessLogRetentionDays"] = json!(366);
    bad["supportContact"] = json!("javascript:alert(1)");
    let (status, answer) = send(&app, Method::PUT, "/api/admin/settings", &root, Some(&bad)).await;
    assert_eq!(status, 400, "{answer}");
    let fields = answer["fields"].as_object().unwrap();
    assert_eq!(
        fields.keys().collect::<Vec<_>>(),
        ["accessLogRetentionDays", "siteName", "supportContact"]
    );
    assert!(fields["accessLogRetentionDays"]
        .as_str()
        .unwrap()
        .contains("365"));
    assert_eq!(app.sql_count("SELECT COUNT(*) FROM site_settings").await, 0);

    let (status, answer) = put_settings(&app, &root, &settings_form()).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["data"]["siteName"], "Tingshu FM");
    let (_, read) = send(&app, Method::GET, "/api/admin/settings", &root, None).await;
    assert_eq!(read["data"]["accessLogRetentionDays"], 14);
    assert_eq!(
        app.sql_count(
            "SELECT COUNT(*) FROM audit_log WHERE entity = 'settings' AND action = 'settings.update'"
        )
        .await,
        1
    );
    assert_eq!(
        app.state.settings.current().await.access_log_retention_days,
        14
    );

    let (status, _) = send(&app, Method::GET, "/api/admin/settings", &editor, None).await;
    assert_eq!(status, 403);
    let (status, _) = put_settings(&app, &editor, &settings_form()).await;
    assert_eq!(status, 403);
}

/// The message of `GET /api/books/999999` from a caller stating no language, and the bare
/// `/` page's `<html>` opening tag.
async fn unstated_language(app: &TestApp) -> (String, String) {
    let answer: Value = app
        .client
        .get(app.url("/api/books/999999"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let page = app
        .client
        .get(app.url("/"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let html = page
        .split_once("<html")
        .and_then(|(_, rest)| rest.split_once('>'))
        .map(|(tag, _)| tag.to_owned())
        .unwrap_or_default();
    (
        answer["message"].as_str().unwrap_or_default().to_owned(),
        html,
    )
}

#[tokio::test]
async fn the_default_language_answers_who_states_none_on_every_instance() {
    let app = spawn_app().await;
    let database_url = app.config.database_url.clone();
    let other = spawn_app_with(move |config| config.database_url = database_url).await;
    let root = admin(&app, "root").await;
    let (message, html) = unstated_language(&other).await;
    assert_eq!(message, "找不到编号为 999999 的书。");
    assert!(html.contains(r#"data-default-lang="zh""#), "{html}");

    let (status, answer) = put_settings(&app, &root, &settings_form()).await;
    assert_eq!(status, 200, "{answer}");
    // This instance at once.
    let (message, html) = unstated_language(&app).await;
    assert_eq!(message, "No book with id 999999.");
    assert!(html.contains(r#"lang="en-US""#), "{html}");
    assert!(html.contains(r#"data-default-lang="en""#), "{html}");
    // A stated language still decides, and an address's.
    let stated: Value = app
        .client
        .get(app.url("/api/books/999999"))
        .header("accept-language", "ja")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(stated["message"], "ID 999999 の本は見つかりません。");
    // The other instance within two refresh periods of the settings.
    let deadline = std::time::Instant::now() + 3 * tingshu_server::settings::TTL;
    loop {
        let (message, html) = unstated_language(&other).await;
        if message == "No book with id 999999." && html.contains(r#"data-default-lang="en""#) {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the other instance still answers {message:?} / {html}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
}

#[tokio::test]
async fn closed_registration_and_upload_limits_apply_at_once() {
    let app = spawn_app().await;
    let root = admin(&app, "root").await;
    let (status, _) = uploads::open(&app, &root, "a.wav", "audio", 2 * 1024 * 1024).await;
    assert_eq!(status, 201, "the configured limit allows 2 MB");
    let (status, answer) = put_settings(&app, &root, &settings_form()).await;
    assert_eq!(status, 200, "{answer}");

    let (status, answer) = uploads::open(&app, &root, "b.wav", "audio", 2 * 1024 * 1024).await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["fields"]["size"].as_str().unwrap().contains('1'));

    let response = app
        .client
        .post(app.url("/api/auth/register"))
        .header("accept-language", "en")
        .json(&json!({"email": "new@example.com", "username": "newbie", "password": "secret123"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], "registration_closed", "{body}");
    assert_eq!(body["message"], "Registration is closed for now.");
}

#[tokio::test]
async fn the_site_answer_is_public_cached_and_current() {
    let app = spawn_app().await;
    let response = site(&app).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["cache-control"], "public, max-age=60");
    let etag = response.headers()["etag"].to_str().unwrap().to_owned();
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["data"]["registrationOpen"], true);
    assert_eq!(body["data"]["supportHref"], Value::Null);
    let again = app
        .client
        .get(app.url("/api/site"))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);

    let root = admin(&app, "root").await;
    put_settings(&app, &root, &settings_form()).await;
    let changed = site(&app).await;
    assert_ne!(changed.headers()["etag"].to_str().unwrap(), etag);
    let body: Value = changed.json().await.unwrap();
    assert_eq!(body["data"]["siteName"], "Tingshu FM");
    assert_eq!(body["data"]["registrationOpen"], false);
    assert_eq!(body["data"]["defaultLanguage"], "en");
    assert_eq!(body["data"]["supportHref"], "mailto:help@tingshu.example");
    assert!(body["data"].get("maxAudioMb").is_none(), "{body}");
}

/// A paid book (in category 1) with one chapter whose audio is stored; answers its id and
/// its chapter's id.
async fn paid_book(app: &TestApp, id: i64, category: i64) -> i64 {
    app.sql(&format!(
        "INSERT INTO books (id, title, author_id, description, category_id, access, created_at, updated_at)
         VALUES ({id}, '限免{id}', 1, '', {category}, 'paid', 0, 0)"
    ))
    .await;
    app.sql(&format!(
        "INSERT INTO chapters (id, book_id, idx, title, asset_id, is_free, created_at)
         VALUES ({id}, {id}, 1, 'one', 1, false, 0)"
    ))
    .await;
    id
}

async fn arranged(app: &TestApp) {
    let bytes = vec![7u8; 64];
    app.storage
        .put_bytes("test/offer.bin", bytes)
        .await
        .unwrap();
    app.sql(
        "INSERT INTO categories (id, slug, name_zh, name_en, name_ja, created_at)
         VALUES (1, 'c1', '类一', 'C1', 'C1', 0), (2, 'c2', '类二', 'C2', 'C2', 0)",
    )
    .await;
    app.sql("INSERT INTO authors (id, name) VALUES (1, '作者')")
        .await;
    app.sql(&format!(
        "INSERT INTO assets (id, storage_key, mime, bytes, sha256, duration_secs, created_at)
         VALUES (1, 'test/offer.bin', 'audio/wav', 64, '{}', 1.0, 0)",
        "0".repeat(64)
    ))
    .await;
}

async fn limited_free_ids(app: &TestApp) -> Vec<(i64, Value)> {
    let body: Value = app.get("/api/limited-free").await.json().await.unwrap();
    body["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["id"].as_i64().unwrap(), b["freeUntil"].clone()))
        .collect()
}

async fn guest_audio(app: &TestApp, chapter: i64) -> u16 {
    app.get(&format!("/api/chapters/{chapter}/audio"))
        .await
        .status()
        .as_u16()
}

async fn campaign(app: &TestApp, user: &TestUser, form: Value) -> Value {
    let (status, answer) = send(
        app,
        Method::POST,
        "/api/admin/promotions",
        user,
        Some(&form),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    answer["data"].clone()
}

#[tokio::test]
async fn a_campaign_created_or_ended_in_the_console_changes_what_listeners_get_at_once() {
    let app = spawn_app().await;
    arranged(&app).await;
    let book = paid_book(&app, 10, 1).await;
    let editor = editor(&app, "editor1").await;
    assert!(limited_free_ids(&app).await.is_empty());
    assert_ne!(guest_audio(&app, book).await, 200);

    let now = now_ms();
    let created = campaign(
        &app,
        &editor,
        json!({"name": "国庆限免", "startsAt": now - DAY, "endsAt": now + 3 * DAY, "bookIds": [book]}),
    )
    .await;
    assert_eq!(created["status"], "running");
    assert_eq!(created["books"][0]["id"], book);
    let listed = limited_free_ids(&app).await;
    assert_eq!(listed, [(book, json!(now + 3 * DAY))]);
    assert_eq!(guest_audio(&app, book).await, 200);
    let detail: Value = app
        .get(&format!("/api/books/{book}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(detail["data"]["freeUntil"], now + 3 * DAY, "{detail}");

    let id = created["id"].as_i64().unwrap();
    let (status, ended) = send(
        &app,
        Method::POST,
        &format!("/api/admin/promotions/{id}/end"),
        &editor,
        None,
    )
    .await;
    assert_eq!(status, 200, "{ended}");
    assert_eq!(ended["data"]["status"], "ended");
    assert!(ended["data"]["endedAt"].is_i64());
    assert!(limited_free_ids(&app).await.is_empty());
    assert_ne!(guest_audio(&app, book).await, 200);
    let actions = app
        .sql_count("SELECT COUNT(*) FROM audit_log WHERE entity = 'promotion' AND action IN ('promotion.create', 'promotion.end')")
        .await;
    assert_eq!(actions, 2);
}

#[tokio::test]
async fn a_category_campaign_frees_its_books_and_overlaps_show_the_latest_end() {
    let app = spawn_app().await;
    arranged(&app).await;
    let in_category = paid_book(&app, 20, 2).await;
    let elsewhere = paid_book(&app, 21, 1).await;
    let root = admin(&app, "root").await;
    let now = now_ms();
    let by_category = campaign(
        &app,
        &root,
        json!({"name": "分类限免", "startsAt": now - DAY, "endsAt": now + 2 * DAY, "categoryIds": [2]}),
    )
    .await;
    assert_eq!(by_category["categories"][0]["nameEn"], "C2");
    assert_eq!(
        limited_free_ids(&app).await,
        [(in_category, json!(now + 2 * DAY))]
    );
    assert_eq!(guest_audio(&app, in_category).await, 200);
    assert_ne!(guest_audio(&app, elsewhere).await, 200);

    // A second campaign naming the same book, ending later: the latest end shows.
    let named = campaign(
        &app,
        &root,
        json!({"name": "加长", "startsAt": now - DAY, "endsAt": now + 5 * DAY, "bookIds": [in_category, elsewhere]}),
    )
    .await;
    let listed = limited_free_ids(&app).await;
    assert_eq!(
        listed,
        [
            (in_category, json!(now + 5 * DAY)),
            (elsewhere, json!(now + 5 * DAY))
        ]
    );
    // Ending it leaves the category's campaign: that book stays free until its end.
    let id = named["id"].as_i64().unwrap();
    send(
        &app,
        Method::POST,
        &format!("/api/admin/promotions/{id}/end"),
        &root,
        None,
    )
    .await;
    assert_eq!(
        limited_free_ids(&app).await,
        [(in_category, json!(now + 2 * DAY))]
    );
    assert_eq!(guest_audio(&app, in_category).await, 200);
    assert_ne!(guest_audio(&app, elsewhere).await, 200);

    let preview_id = by_category["id"].as_i64().unwrap();
    let (status, preview) = send(
        &app,
        Method::GET,
        &format!("/api/admin/promotions/{preview_id}/preview"),
        &root,
        None,
    )
    .await;
    assert_eq!(status, 200, "{preview}");
    assert_eq!(preview["data"]["items"][0]["id"], in_category);
    assert_eq!(preview["data"]["items"][0]["freeUntil"], now + 2 * DAY);
}

#[tokio::test]
async fn a_campaign_form_is_refused_field_by_field_and_nothing_is_written() {
    let app = spawn_app().await;
    arranged(&app).await;
    let book = paid_book(&app, 30, 1).await;
    let editor = editor(&app, "editor1").await;
    let now = now_ms();
    let bad = json!({"name": "", "startsAt": now, "endsAt": now - 1, "bookIds": []});
    let (status, answer) = send(
        &app,
        Method::POST,
        "/api/admin/promotions",
        &editor,
        Some(&bad),
    )
    .await;
    assert_eq!(status, 400, "{answer}");
    let fields = answer["fields"].as_object().unwrap();
    assert_eq!(
        fields.keys().collect::<Vec<_>>(),
        ["bookIds", "endsAt", "name"]
    );
    assert_eq!(fields["endsAt"], "The end must come after the start.");
    let over =
        json!({"name": "旧", "startsAt": now - 2 * DAY, "endsAt": now - DAY, "bookIds": [book]});
    let (status, answer) = send(
        &app,
        Method::POST,
        "/api/admin/promotions",
        &editor,
        Some(&over),
    )
    .await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(answer["fields"]["endsAt"], "The end must be in the future.");
    let unknown =
        json!({"name": "x", "startsAt": now, "endsAt": now + DAY, "bookIds": [book, 999]});
    let (status, answer) = send(
        &app,
        Method::POST,
        "/api/admin/promotions",
        &editor,
        Some(&unknown),
    )
    .await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["fields"]["bookIds"]
        .as_str()
        .unwrap()
        .contains("999"));
    assert_eq!(app.sql_count("SELECT COUNT(*) FROM promotions").await, 0);
    assert_eq!(app.sql_count("SELECT COUNT(*) FROM audit_log").await, 0);

    // Changed, listed, deleted.
    let made = campaign(
        &app,
        &editor,
        json!({"name": "将来", "startsAt": now + DAY, "endsAt": now + 2 * DAY, "bookIds": [book]}),
    )
    .await;
    assert_eq!(made["status"], "upcoming");
    assert!(limited_free_ids(&app).await.is_empty());
    let id = made["id"].as_i64().unwrap();
    let change =
        json!({"name": "改名", "startsAt": now - DAY, "endsAt": now + 2 * DAY, "bookIds": [book]});
    let (status, changed) = send(
        &app,
        Method::PUT,
        &format!("/api/admin/promotions/{id}"),
        &editor,
        Some(&change),
    )
    .await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(changed["data"]["status"], "running");
    assert_eq!(limited_free_ids(&app).await.len(), 1);
    let (status, page) = send(
        &app,
        Method::GET,
        "/api/admin/promotions?status=running",
        &editor,
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(page["data"]["total"], 1);
    assert_eq!(page["data"]["items"][0]["name"], "改名");
    let (status, _) = send(
        &app,
        Method::GET,
        "/api/admin/promotions?status=soon",
        &editor,
        None,
    )
    .await;
    assert_eq!(status, 400);
    let path = format!("/api/admin/promotions/{id}");
    let (status, _) = send(&app, Method::DELETE, &path, &editor, None).await;
    assert_eq!(status, 200);
    let (status, _) = send(&app, Method::GET, &path, &editor, None).await;
    assert_eq!(status, 404);
    assert!(limited_free_ids(&app).await.is_empty());
    assert_eq!(
        app.sql_count("SELECT COUNT(*) FROM audit_log WHERE entity = 'promotion'")
            .await,
        3
    );

    let listener = app.signed_up_user("listener").await;
    let (status, _) = send(&app, Method::GET, "/api/admin/promotions", &listener, None).await;
    assert_eq!(status, 403);
}

fn ad_form(link: &str) -> Value {
    let now = now_ms();
    json!({
        "slot": "book_detail",
        "text": "会员八折",
        "link": link,
        "startsAt": now - DAY,
        "endsAt": now + DAY,
    })
}

async fn site_ads(app: &TestApp) -> Vec<Value> {
    let body: Value = site(app).await.json().await.unwrap();
    body["data"]["ads"].as_array().unwrap().clone()
}

#[tokio::test]
async fn ads_pass_the_external_link_rule_and_show_only_while_they_run() {
    let app = spawn_app().await;
    let root = admin(&app, "root").await;
    let (status, answer) = send(
        &app,
        Method::POST,
        "/api/admin/ads",
        &root,
        Some(&ad_form("javascript:alert(1)")),
    )
    .await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["fields"]["link"].is_string(), "{answer}");
    assert_eq!(app.sql_count("SELECT COUNT(*) FROM ad_slots").await, 0);

    let (status, made) = send(
        &app,
        Method::POST,
        "/api/admin/ads",
        &root,
        Some(&ad_form("https://shop.example/offer")),
    )
    .await;
    assert_eq!(status, 200, "{made}");
    assert_eq!(made["data"]["showing"], true);
    assert_eq!(made["data"]["hiddenForMembers"], true);
    let ads = site_ads(&app).await;
    assert_eq!(ads.len(), 1);
    assert_eq!(ads[0]["slot"], "book_detail");
    assert_eq!(ads[0]["link"], "https://shop.example/offer");

    let id = made["data"]["id"].as_i64().unwrap();
    let mut disabled = ad_form("https://shop.example/offer");
    disabled["enabled"] = json!(false);
    let path = format!("/api/admin/ads/{id}");
    let (status, changed) = send(&app, Method::PUT, &path, &root, Some(&disabled)).await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(changed["data"]["showing"], false);
    assert!(site_ads(&app).await.is_empty());

    let (status, list) = send(&app, Method::GET, "/api/admin/ads", &root, None).await;
    assert_eq!(status, 200);
    assert_eq!(list["data"]["items"].as_array().unwrap().len(), 1);
    let (status, _) = send(&app, Method::DELETE, &path, &root, None).await;
    assert_eq!(status, 200);
    let (status, _) = send(&app, Method::PUT, &path, &root, Some(&disabled)).await;
    assert_eq!(status, 404);
    assert_eq!(
        app.sql_count("SELECT COUNT(*) FROM audit_log WHERE entity = 'ad'")
            .await,
        3
    );
    let editor = editor(&app, "editor1").await;
    let (status, _) = send(&app, Method::GET, "/api/admin/ads", &editor, None).await;
    assert_eq!(status, 403);
}

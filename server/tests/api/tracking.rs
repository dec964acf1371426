//! Behaviour tracking over HTTP: every event field checked (400 naming it, nothing stored),
//! each kind stored through the record queue, 16 concurrent clients losing nothing, DNT, GPC
//! and the listener's own setting honoured, no address stored, a listener's own figures,
//! preferences moving recommendations, and the daily rollup and retention.
use reqwest::Method;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{json, Value};
use tingshu_core::analytics::DAY_MS;
use tingshu_server::tracking::retention::apply_retention;

use crate::catalog::demo_app;
use crate::helpers::{spawn_app, TestApp};

const SESSION: &str = "0f8fad5b-d9cb-469f-a165-70867728950e";
const KINDS: [&str; 5] = ["browsing", "play", "search", "favorite", "pageview"];

/// A good event of `kind`.
fn event(kind: &str) -> Value {
    let mut body = json!({
        "sessionId": SESSION,
        "timestamp": 1_795_910_000_000_i64,
        "deviceInfo": {"userAgent": "Mozilla/5.0", "screenWidth": 390, "screenHeight": 844,
            "devicePixelRatio": 3, "timezone": "Asia/Shanghai", "language": "zh-CN"},
        "pageType": "book",
        "pageUrl": "/books/1",
        "referrer": "https://www.google.com/search?q=x",
    });
    let extra = match kind {
        "browsing" => json!({"viewDuration": 12.5, "scrollDepth": 0.5, "clickCount": 3}),
        "pageview" => json!({"viewDuration": 0, "scrollDepth": 0, "clickCount": 0}),
        "play" => json!({"bookId": 1, "chapterId": 2, "position": 30, "duration": 30}),
        "search" => json!({"query": "三体", "resultCount": 4}),
        "favorite" => json!({"bookId": 1, "action": "add"}),
        _ => unreachable!(),
    };
    for (key, value) in extra.as_object().unwrap() {
        body[key] = value.clone();
    }
    body
}

async fn post_event(
    app: &TestApp,
    kind: &str,
    body: &Value,
    token: Option<&str>,
    headers: &[(&str, &str)],
) -> (u16, Value) {
    let mut request = app
        .client
        .post(app.url(&format!("/api/behavior/{kind}")))
        .json(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.expect("POST an event");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn stored(app: &TestApp) -> i64 {
    app.sql_count("SELECT COUNT(*) FROM behavior_events").await
}

/// Waits until at least `n` events are stored (the queue writes a moment after the answers).
async fn wait_for_events(app: &TestApp, n: i64) -> i64 {
    for _ in 0..100 {
        let count = stored(app).await;
        if count >= n {
            return count;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    stored(app).await
}

async fn rows(app: &TestApp, sql: &str) -> Vec<sea_orm::QueryResult> {
    app.db
        .query_all_raw(Statement::from_string(app.db.get_database_backend(), sql))
        .await
        .expect(sql)
}

/// Sends one good guest event and waits for it: every event queued before it is written too.
async fn flush(app: &TestApp, expected_total: i64) {
    let (status, _) = post_event(app, "pageview", &event("pageview"), None, &[]).await;
    assert_eq!(status, 200);
    assert_eq!(wait_for_events(app, expected_total).await, expected_total);
}

#[tokio::test]
async fn every_bad_event_field_is_refused_naming_it_and_nothing_is_stored() {
    let app = spawn_app().await;
    let long = |n: usize| "x".repeat(n);
    let cases: Vec<(&str, &str, Value)> = vec![
        ("browsing", "sessionId", json!({"sessionId": "not-a-uuid"})),
        ("browsing", "sessionId", json!({"sessionId": null})),
        ("browsing", "scrollDepth", json!({"scrollDepth": 1.5})),
        ("browsing", "scrollDepth", json!({"scrollDepth": -0.1})),
        ("browsing", "viewDuration", json!({"viewDuration": -1})),
        ("browsing", "clickCount", json!({"clickCount": -1})),
        ("browsing", "clickCount", json!({"clickCount": 2.5})),
        ("browsing", "pageUrl", json!({"pageUrl": null})),
        ("browsing", "pageUrl", json!({"pageUrl": long(2049)})),
        ("browsing", "referrer", json!({"referrer": long(2049)})),
        ("browsing", "pageType", json!({"pageType": long(33)})),
        ("browsing", "timestamp", json!({"timestamp": -5})),
        ("pageview", "pageUrl", json!({"pageUrl": "  "})),
        ("play", "bookId", json!({"bookId": null})),
        ("play", "bookId", json!({"bookId": 0})),
        ("play", "chapterId", json!({"chapterId": -2})),
        ("play", "position", json!({"position": -1})),
        ("play", "duration", json!({"duration": 90000})),
        ("search", "query", json!({"query": null})),
        ("search", "query", json!({"query": "书".repeat(201)})),
        ("search", "resultCount", json!({"resultCount": -1})),
        ("favorite", "action", json!({"action": "like"})),
        ("favorite", "action", json!({"action": null})),
        ("favorite", "bookId", json!({"bookId": null})),
        (
            "browsing",
            "deviceInfo.userAgent",
            json!({"deviceInfo": {"userAgent": long(513)}}),
        ),
        (
            "browsing",
            "deviceInfo.screenWidth",
            json!({"deviceInfo": {"screenWidth": -1}}),
        ),
        (
            "browsing",
            "deviceInfo.screenHeight",
            json!({"deviceInfo": {"screenHeight": 100001}}),
        ),
        (
            "browsing",
            "deviceInfo.devicePixelRatio",
            json!({"deviceInfo": {"devicePixelRatio": 17}}),
        ),
        (
            "browsing",
            "deviceInfo.timezone",
            json!({"deviceInfo": {"timezone": long(65)}}),
        ),
        (
            "browsing",
            "deviceInfo.language",
            json!({"deviceInfo": {"language": long(36)}}),
        ),
    ];
    for (kind, field, patch) in cases {
        let mut body = event(kind);
        for (key, value) in patch.as_object().unwrap() {
            body[key] = value.clone();
        }
        for lang in ["zh", "en", "ja"] {
            let response = app
                .client
                .post(app.url(&format!("/api/behavior/{kind}")))
                .header("X-Tingshu-Lang", lang)
                .json(&body)
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 400, "{kind} {field} {patch}");
            let error: Value = response.json().await.unwrap();
            let fields = error["fields"].as_object().expect("fields");
            assert_eq!(
                fields.keys().collect::<Vec<_>>(),
                vec![field],
                "{kind} {patch}: {error}"
            );
            assert!(fields[field].as_str().is_some_and(|m| !m.is_empty()));
        }
    }
    // The only event stored is the good one that flushes the queue.
    flush(&app, 1).await;
}

#[tokio::test]
async fn a_good_event_of_each_kind_is_stored_with_its_fields() {
    let app = spawn_app().await;
    let user = app.signed_up_user("listener").await;
    for kind in KINDS {
        let (status, body) =
            post_event(&app, kind, &event(kind), Some(&user.access_token), &[]).await;
        assert_eq!(status, 200, "{kind}: {body}");
        assert_eq!(body["success"], true);
    }
    assert_eq!(wait_for_events(&app, 5).await, 5);
    let found = rows(
        &app,
        "SELECT kind, session_id, user_id, page_url, referrer_source, scroll_depth, click_count, \
         book_id, chapter_id, query, extra FROM behavior_events ORDER BY id",
    )
    .await;
    let kinds: Vec<String> = found
        .iter()
        .map(|r| r.try_get("", "kind").unwrap())
        .collect();
    assert_eq!(kinds, KINDS);
    for row in &found {
        assert_eq!(row.try_get::<String>("", "session_id").unwrap(), SESSION);
        assert_eq!(
            row.try_get::<Option<i32>>("", "user_id").unwrap(),
            Some(user.id as i32)
        );
        assert_eq!(
            row.try_get::<Option<String>>("", "referrer_source")
                .unwrap()
                .as_deref(),
            Some("google.com")
        );
    }
    let browsing = &found[0];
    assert_eq!(
        browsing.try_get::<Option<f64>>("", "scroll_depth").unwrap(),
        Some(0.5)
    );
    assert_eq!(
        browsing.try_get::<Option<i32>>("", "click_count").unwrap(),
        Some(3)
    );
    let play = &found[1];
    assert_eq!(
        play.try_get::<Option<i32>>("", "chapter_id").unwrap(),
        Some(2)
    );
    let extra: Value = serde_json::from_str(&play.try_get::<String>("", "extra").unwrap()).unwrap();
    assert_eq!(extra["position"], 30.0);
    assert_eq!(extra["deviceInfo"]["screenWidth"], 390);
    let search = &found[2];
    assert_eq!(
        search
            .try_get::<Option<String>>("", "query")
            .unwrap()
            .as_deref(),
        Some("三体")
    );
    let favorite: Value =
        serde_json::from_str(&found[3].try_get::<String>("", "extra").unwrap()).unwrap();
    assert_eq!(favorite["action"], "add");
}

#[tokio::test]
async fn a_guest_is_tracked_by_session_only_and_no_address_is_stored() {
    let app = spawn_app().await;
    for _ in 0..2 {
        let (status, _) = post_event(&app, "pageview", &event("pageview"), None, &[]).await;
        assert_eq!(status, 200);
    }
    assert_eq!(wait_for_events(&app, 2).await, 2);
    assert_eq!(
        app.sql_count("SELECT COUNT(*) FROM behavior_events WHERE user_id IS NULL")
            .await,
        2
    );
    // One visitor hash for one client on one day, and nothing that reads as its address.
    assert_eq!(
        app.sql_count("SELECT COUNT(DISTINCT visitor) FROM behavior_events")
            .await,
        1
    );
    assert_eq!(
        app.sql_count(
            "SELECT COUNT(*) FROM behavior_events WHERE visitor LIKE '%127.0.0.1%' \
             OR extra LIKE '%127.0.0.1%'"
        )
        .await,
        0
    );
    for column in ["ip", "address", "client_ip"] {
        let query = format!("SELECT {column} FROM behavior_events");
        assert!(
            app.db.execute_unprepared(&query).await.is_err(),
            "behavior_events has a column {column}"
        );
    }
}

#[tokio::test]
async fn sixteen_concurrent_clients_lose_no_event_and_fail_no_request() {
    let app = spawn_app().await;
    const CLIENTS: usize = 16;
    const EACH: usize = 40;
    let mut tasks = Vec::new();
    for client in 0..CLIENTS {
        let http = reqwest::Client::new();
        let url = app.url("/api/behavior/browsing");
        tasks.push(tokio::spawn(async move {
            let mut failed = 0;
            for n in 0..EACH {
                let mut body = event("browsing");
                body["sessionId"] = json!(format!("00000000-0000-4000-8000-{client:06}{n:06}"));
                let response = http.post(&url).json(&body).send().await;
                if !response.is_ok_and(|r| r.status() == 200) {
                    failed += 1;
                }
            }
            failed
        }));
    }
    let mut failed = 0;
    for task in tasks {
        failed += task.await.unwrap();
    }
    assert_eq!(failed, 0, "requests failed");
    let total = (CLIENTS * EACH) as i64;
    assert_eq!(wait_for_events(&app, total).await, total);
    assert_eq!(
        app.sql_count("SELECT COUNT(DISTINCT session_id) FROM behavior_events")
            .await,
        total
    );
    let ready: Value = app.get("/readyz").await.json().await.unwrap();
    assert_eq!(ready["data"]["records"]["behaviorEvents"]["dropped"], 0);
}

#[tokio::test]
async fn do_not_track_and_global_privacy_control_are_answered_alike_and_store_nothing() {
    let app = spawn_app().await;
    let (stored_status, stored_body) =
        post_event(&app, "browsing", &event("browsing"), None, &[]).await;
    assert_eq!(wait_for_events(&app, 1).await, 1);
    for header in [("DNT", "1"), ("Sec-GPC", "1")] {
        for kind in KINDS {
            let (status, body) = post_event(&app, kind, &event(kind), None, &[header]).await;
            assert_eq!(
                (status, &body),
                (stored_status, &stored_body),
                "{header:?} {kind}"
            );
        }
    }
    // `DNT: 0` is no refusal.
    let (status, _) = post_event(&app, "pageview", &event("pageview"), None, &[("DNT", "0")]).await;
    assert_eq!(status, 200);
    flush(&app, 3).await;
}

#[tokio::test]
async fn a_listener_who_turns_tracking_off_is_not_tracked() {
    let app = spawn_app().await;
    let user = app.signed_up_user("private").await;
    let me: Value = app
        .get_as("/api/auth/me", &user.access_token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(me["data"]["preferences"]["trackingEnabled"], true);
    let response = app
        .call(
            Method::PUT,
            "/api/auth/profile",
            Some(&user.access_token),
            Some(&json!({"trackingEnabled": false})),
        )
        .await;
    assert_eq!(response.status(), 200);
    let profile: Value = response.json().await.unwrap();
    assert_eq!(profile["data"]["preferences"]["trackingEnabled"], false);
    for kind in KINDS {
        let (status, _) = post_event(&app, kind, &event(kind), Some(&user.access_token), &[]).await;
        assert_eq!(status, 200);
    }
    flush(&app, 1).await;
    assert_eq!(
        app.sql_count("SELECT COUNT(*) FROM behavior_events WHERE user_id IS NOT NULL")
            .await,
        0
    );
    // Turned back on, the listener's events are stored again.
    let response = app
        .call(
            Method::PUT,
            "/api/auth/profile",
            Some(&user.access_token),
            Some(&json!({"trackingEnabled": true})),
        )
        .await;
    assert_eq!(response.status(), 200);
    post_event(
        &app,
        "pageview",
        &event("pageview"),
        Some(&user.access_token),
        &[],
    )
    .await;
    assert_eq!(wait_for_events(&app, 2).await, 2);
}

/// The ids of (chapter, book, category) of the demo catalogue, by chapter id.
async fn demo_chapters(app: &TestApp) -> Vec<(i32, i32, i32)> {
    rows(
        app,
        "SELECT c.id AS chapter_id, b.id AS book_id, b.category_id AS category_id \
         FROM chapters c JOIN books b ON b.id = c.book_id ORDER BY c.id",
    )
    .await
    .iter()
    .map(|r| {
        (
            r.try_get("", "chapter_id").unwrap(),
            r.try_get("", "book_id").unwrap(),
            r.try_get("", "category_id").unwrap(),
        )
    })
    .collect()
}

#[tokio::test]
async fn stats_are_the_callers_own_listening_figures() {
    let app = demo_app().await;
    let user = app.signed_up_user("figures").await;
    let other = app.signed_up_user("someone").await;
    let chapters = demo_chapters(&app).await;
    let (c1, b1, cat1) = chapters[0];
    let (c2, _, _) = *chapters.iter().find(|c| c.1 == b1 && c.0 != c1).unwrap();
    let &(c3, b3, cat3) = chapters.iter().find(|c| c.2 != cat1).unwrap();
    let now = chrono::Utc::now().timestamp_millis();
    let day = DAY_MS;
    let uid = user.id;
    // Book 1: a completed chapter (600 s long) today and 300 s into another yesterday;
    // book 3: 120 s two days ago. Four days ago nothing, so the streak is 3.
    app.sql(&format!(
        "INSERT INTO play_progress (user_id, chapter_id, book_id, position_secs, duration_secs, completed, updated_at) VALUES \
         ({uid}, {c1}, {b1}, 590, 600, TRUE, {now}), \
         ({uid}, {c2}, {b1}, 300, 900, FALSE, {y}), \
         ({uid}, {c3}, {b3}, 120, 900, FALSE, {t}), \
         ({o}, {c3}, {b3}, 9000, 9000, TRUE, {now})",
        y = now - day,
        t = now - 2 * day,
        o = other.id,
    ))
    .await;
    app.sql(&format!(
        "INSERT INTO play_history (user_id, book_id, chapter_id, position_secs, duration_secs, updated_at) VALUES \
         ({uid}, {b1}, {c2}, 300, 900, {now}), ({uid}, {b3}, {c3}, 120, 900, {now})"
    ))
    .await;
    let response = app.get_as("/api/behavior/stats", &user.access_token).await;
    assert_eq!(response.status(), 200);
    let stats: Value = response.json().await.unwrap();
    let stats = &stats["data"];
    assert_eq!(stats["listeningSeconds"], 600 + 300 + 120);
    assert_eq!(stats["listeningHours"], 0.28);
    assert_eq!(stats["books"], 2);
    assert_eq!(stats["chaptersCompleted"], 1);
    assert_eq!(stats["streakDays"], 3);
    let favorites = stats["favoriteCategories"].as_array().unwrap();
    assert_eq!(favorites.len(), 2);
    assert_eq!(favorites[0]["id"], cat1);
    assert_eq!(favorites[0]["listeningSeconds"], 900);
    assert_eq!(favorites[1]["id"], cat3);
    assert_eq!(favorites[1]["listeningSeconds"], 120);
    assert!(favorites[0]["name"].as_str().is_some_and(|n| !n.is_empty()));
    // A listener with nothing yet.
    let fresh = app.signed_up_user("fresh").await;
    let empty: Value = app
        .get_as("/api/behavior/stats", &fresh.access_token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(empty["data"]["listeningSeconds"], 0);
    assert_eq!(empty["data"]["streakDays"], 0);
    assert_eq!(empty["data"]["favoriteCategories"], json!([]));
}

async fn save_preference(app: &TestApp, token: &str, body: &Value) -> (u16, Value) {
    let response = app
        .call(
            Method::POST,
            "/api/behavior/preferences",
            Some(token),
            Some(body),
        )
        .await;
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

#[tokio::test]
async fn preferences_are_checked_upserted_and_listed() {
    let app = spawn_app().await;
    let user = app.signed_up_user("chooser").await;
    let token = &user.access_token;
    for (field, body) in [
        (
            "source",
            json!({"preferenceType": "category", "preferenceKey": "1", "source": "implicit"}),
        ),
        (
            "weight",
            json!({"preferenceType": "category", "preferenceKey": "1", "weight": 11}),
        ),
        (
            "weight",
            json!({"preferenceType": "category", "preferenceKey": "1", "weight": -1}),
        ),
        ("preferenceType", json!({"preferenceKey": "1"})),
        (
            "preferenceKey",
            json!({"preferenceType": "category", "preferenceKey": "k".repeat(65)}),
        ),
        (
            "preferenceValue",
            json!({"preferenceType": "category", "preferenceKey": "1", "preferenceValue": "v".repeat(257)}),
        ),
    ] {
        let (status, error) = save_preference(&app, token, &body).await;
        assert_eq!(status, 400, "{body}");
        assert!(error["fields"][field].is_string(), "{field}: {error}");
    }
    let (status, saved) = save_preference(
        &app,
        token,
        &json!({"preferenceType": "category", "preferenceKey": "wuxia",
            "preferenceValue": "武侠", "weight": 2, "source": "explicit"}),
    )
    .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["data"]["source"], "explicit");
    // The same type and key replace it.
    save_preference(
        &app,
        token,
        &json!({"preferenceType": "category", "preferenceKey": "wuxia", "weight": 7}),
    )
    .await;
    save_preference(
        &app,
        token,
        &json!({"preferenceType": "narrator", "preferenceKey": "3", "weight": 4}),
    )
    .await;
    let listed: Value = app
        .get_as("/api/behavior/preferences", token)
        .await
        .json()
        .await
        .unwrap();
    let items = listed["data"]["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0]["preferenceKey"], "wuxia");
    assert_eq!(items[0]["weight"], 7.0);
    assert_eq!(items[0]["preferenceValue"], "");
    assert_eq!(items[1]["preferenceType"], "narrator");
    // Another listener sees only their own.
    let other = app.signed_up_user("other").await;
    let theirs: Value = app
        .get_as("/api/behavior/preferences", &other.access_token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(theirs["data"]["items"], json!([]));
}

#[tokio::test]
async fn an_explicit_category_preference_moves_its_books_up_in_recommendations() {
    let app = demo_app().await;
    let user = app.signed_up_user("fan").await;
    let token = &user.access_token;
    let recommended = |value: Value| value["data"]["items"].as_array().unwrap().clone();
    let before = recommended(
        app.get_as("/api/recommendations", token)
            .await
            .json()
            .await
            .unwrap(),
    );
    // The category whose best-placed book is lowest before: preferring it must change the list.
    let categories: Value = app.get("/api/categories").await.json().await.unwrap();
    let slugs: Vec<String> = categories["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["slug"].as_str().unwrap().to_owned())
        .collect();
    let first_place = |slug: &str| {
        before
            .iter()
            .position(|r| r["book"]["category"]["slug"] == slug)
            .unwrap_or(usize::MAX)
    };
    let slug = slugs.iter().max_by_key(|s| first_place(s)).unwrap().clone();
    assert!(first_place(&slug) > 0);
    let in_category = app
        .sql_count(&format!(
            "SELECT COUNT(*) FROM books b JOIN categories c ON c.id = b.category_id \
             WHERE c.slug = '{slug}' AND b.published = TRUE"
        ))
        .await
        .min(6) as usize;
    assert!(in_category > 0);
    let (status, _) = save_preference(
        &app,
        token,
        &json!({"preferenceType": "category", "preferenceKey": slug, "weight": 5}),
    )
    .await;
    assert_eq!(status, 200);
    let after = recommended(
        app.get_as("/api/recommendations", token)
            .await
            .json()
            .await
            .unwrap(),
    );
    assert_eq!(after.len(), before.len());
    for r in &after[..in_category] {
        assert_eq!(r["book"]["category"]["slug"], slug.as_str(), "{after:?}");
        assert_eq!(r["reason"]["kind"], "category");
    }
    // A guest's list does not change.
    let guest: Value = app.get("/api/recommendations").await.json().await.unwrap();
    assert!(guest["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["reason"]["kind"] == "popular"));
    // Weight 0 is no preference: the list is as before.
    save_preference(
        &app,
        token,
        &json!({"preferenceType": "category", "preferenceKey": slug, "weight": 0}),
    )
    .await;
    let reset = recommended(
        app.get_as("/api/recommendations", token)
            .await
            .json()
            .await
            .unwrap(),
    );
    let ids = |list: &[Value]| {
        list.iter()
            .map(|r| r["book"]["id"].clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(ids(&reset), ids(&before));
}

/// One arranged raw event: (created_at, kind, visitor, session, page, source).
type Arranged = (
    i64,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    Option<&'static str>,
);

#[tokio::test]
async fn the_retention_rolls_up_each_finished_day_once_and_removes_only_what_is_due() {
    let app = spawn_app().await;
    let now = chrono::Utc::now().timestamp_millis();
    let today = now.div_euclid(DAY_MS);
    let at = |days_ago: i64, ms: i64| (today - days_ago) * DAY_MS + ms;
    let arranged: Vec<Arranged> = vec![
        (
            at(5, 1_000),
            "pageview",
            "v1",
            "s1",
            "/",
            Some("google.com"),
        ),
        (
            at(5, 2_000),
            "pageview",
            "v1",
            "s1",
            "/books/1",
            Some("google.com"),
        ),
        (at(5, 3_000), "browsing", "v1", "s1", "/books/1", None),
        (at(5, 4_000), "pageview", "v2", "s2", "/books/1", None),
        (
            at(4, 5_000),
            "pageview",
            "v3",
            "s3",
            "/search",
            Some("bing.com"),
        ),
        (at(4, DAY_MS - 1), "play", "v3", "s3", "/books/2", None),
        (at(1, 7_000), "pageview", "v4", "s4", "/", None),
        (at(0, 1), "pageview", "v5", "s5", "/", None),
    ];
    let values: Vec<String> = arranged
        .iter()
        .map(|(created, kind, visitor, session, page, source)| {
            let source = source.map_or("NULL".to_owned(), |s| format!("'{s}'"));
            format!("({created}, '{kind}', '{session}', '{visitor}', '{page}', {source}, '{{}}')")
        })
        .collect();
    app.sql(&format!(
        "INSERT INTO behavior_events (created_at, kind, session_id, visitor, page_url, referrer_source, extra) VALUES {}",
        values.join(", ")
    ))
    .await;
    let db = &app.state.tracking.db;
    // Keep 3 days: days 5 and 4 ago are removed; every finished day is rolled up first.
    let report = apply_retention(db, 3, now).await.unwrap();
    assert_eq!(report.days_rolled_up, 3);
    assert_eq!(report.removed, 6);
    assert_eq!(report.cutoff_ms, (today - 3) * DAY_MS);
    assert_eq!(stored(&app).await, 2);
    // The rollup equals a recount of the arranged rows, day by day.
    for days_ago in [5, 4, 1] {
        let day = today - days_ago;
        let of_day: Vec<&Arranged> = arranged
            .iter()
            .filter(|a| a.0.div_euclid(DAY_MS) == day)
            .collect();
        let mut visitors: Vec<&str> = of_day.iter().map(|a| a.2).collect();
        visitors.sort_unstable();
        visitors.dedup();
        let views: Vec<&&Arranged> = of_day.iter().filter(|a| a.1 == "pageview").collect();
        let daily = rows(
            &app,
            &format!("SELECT visitors, page_views, events FROM behavior_daily WHERE day = {day}"),
        )
        .await;
        assert_eq!(daily.len(), 1, "day {days_ago} ago");
        let got: (i64, i64, i64) = (
            daily[0].try_get("", "visitors").unwrap(),
            daily[0].try_get("", "page_views").unwrap(),
            daily[0].try_get("", "events").unwrap(),
        );
        assert_eq!(
            got,
            (
                visitors.len() as i64,
                views.len() as i64,
                of_day.len() as i64
            ),
            "day {days_ago} ago"
        );
        let mut pages: std::collections::BTreeMap<String, i64> = Default::default();
        for a in &views {
            *pages.entry(a.4.to_owned()).or_default() += 1;
        }
        let stored_pages: std::collections::BTreeMap<String, i64> = rows(
            &app,
            &format!("SELECT page_url, views FROM behavior_daily_pages WHERE day = {day}"),
        )
        .await
        .iter()
        .map(|r| {
            (
                r.try_get("", "page_url").unwrap(),
                r.try_get("", "views").unwrap(),
            )
        })
        .collect();
        assert_eq!(stored_pages, pages, "pages {days_ago} days ago");
        let mut sources: std::collections::BTreeMap<String, std::collections::BTreeSet<&str>> =
            Default::default();
        for a in &views {
            sources
                .entry(a.5.unwrap_or("direct").to_owned())
                .or_default()
                .insert(a.3);
        }
        let sources: std::collections::BTreeMap<String, i64> = sources
            .into_iter()
            .map(|(k, sessions)| (k, sessions.len() as i64))
            .collect();
        let stored_sources: std::collections::BTreeMap<String, i64> = rows(
            &app,
            &format!("SELECT source, visits FROM behavior_daily_sources WHERE day = {day}"),
        )
        .await
        .iter()
        .map(|r| {
            (
                r.try_get("", "source").unwrap(),
                r.try_get("", "visits").unwrap(),
            )
        })
        .collect();
        assert_eq!(stored_sources, sources, "sources {days_ago} days ago");
    }
    // Today is not over: not rolled up, not removed.
    assert_eq!(
        app.sql_count(&format!(
            "SELECT COUNT(*) FROM behavior_daily WHERE day = {today}"
        ))
        .await,
        0
    );
    // A second run changes nothing.
    let again = apply_retention(db, 3, now).await.unwrap();
    assert_eq!((again.days_rolled_up, again.removed), (0, 0));
    assert_eq!(
        // PostgreSQL sums BIGINT as NUMERIC: cast back for the count.
        app.sql_count("SELECT CAST(SUM(events) AS BIGINT) FROM behavior_daily")
            .await,
        7
    );
}

#[tokio::test]
async fn an_event_leaves_no_access_log_row_to_give_its_address_back() {
    let app = spawn_app().await;
    app.sql("DELETE FROM access_log").await;
    for kind in KINDS {
        let (status, answer) = post_event(&app, kind, &event(kind), None, &[]).await;
        assert_eq!(status, 200, "{kind}: {answer}");
    }
    assert_eq!(wait_for_events(&app, 5).await, 5);
    // A request after them is logged: once its row is in, theirs would have been before it.
    assert_eq!(app.get("/api/categories").await.status(), 200);
    for _ in 0..100 {
        if app.sql_count("SELECT COUNT(*) FROM access_log").await >= 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let logged = rows(&app, "SELECT route FROM access_log").await;
    let routes: Vec<String> = logged
        .iter()
        .map(|row| row.try_get::<String>("", "route").unwrap())
        .collect();
    assert_eq!(routes, ["/api/categories"]);
}

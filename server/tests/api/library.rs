//! The listener's library over HTTP: bookshelf, favorites, history and progress, per user.
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{spawn_app_with, TestApp, TestUser};

async fn demo_app() -> TestApp {
    spawn_app_with(|config| config.demo = true).await
}

async fn call(
    app: &TestApp,
    method: Method,
    path: &str,
    user: &TestUser,
    body: Option<&Value>,
) -> (u16, Value) {
    let response = app.call(method, path, Some(&user.access_token), body).await;
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn ok(
    app: &TestApp,
    method: Method,
    path: &str,
    user: &TestUser,
    body: Option<&Value>,
) -> Value {
    let (status, body) = call(app, method, path, user, body).await;
    assert_eq!(status, 200, "{path}: {body}");
    body["data"].clone()
}

async fn book_ids(app: &TestApp) -> Vec<i64> {
    listed_books(app, "sort=newest").await
}

async fn chapter_ids(app: &TestApp, book: i64) -> Vec<i64> {
    let body: Value = app
        .get(&format!("/api/books/{book}/chapters"))
        .await
        .json()
        .await
        .unwrap();
    body["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_i64().unwrap())
        .collect()
}

/// A book's play count as its detail shows it.
async fn plays(app: &TestApp, book: i64) -> i64 {
    let detail: Value = app
        .get(&format!("/api/books/{book}"))
        .await
        .json()
        .await
        .unwrap();
    detail["data"]["playCount"].as_i64().unwrap()
}

/// The ids of the books a list query answers.
async fn listed_books(app: &TestApp, query: &str) -> Vec<i64> {
    let body: Value = app
        .get(&format!("/api/books?{query}&pageSize=50"))
        .await
        .json()
        .await
        .unwrap();
    body["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["id"].as_i64().unwrap())
        .collect()
}

fn listed(page: &Value) -> Vec<i64> {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["book"]["id"].as_i64().unwrap())
        .collect()
}

async fn report(app: &TestApp, user: &TestUser, chapter: i64, position: f64, at: i64) -> Value {
    ok(
        app,
        Method::PUT,
        &format!("/api/me/progress/{chapter}"),
        user,
        Some(&json!({"positionSecs": position, "durationSecs": 30.0, "updatedAt": at})),
    )
    .await
}

#[tokio::test]
async fn the_bookshelf_adds_lists_and_removes_per_user() {
    let app = demo_app().await;
    let alice = app.signed_up_user("alice").await;
    let bob = app.signed_up_user("bob").await;
    let books = book_ids(&app).await;
    for book in &books[..3] {
        let added = ok(
            &app,
            Method::PUT,
            &format!("/api/me/bookshelf/{book}"),
            &alice,
            None,
        )
        .await;
        assert_eq!(added["added"], true);
    }
    // Adding twice is harmless.
    ok(
        &app,
        Method::PUT,
        &format!("/api/me/bookshelf/{}", books[0]),
        &alice,
        None,
    )
    .await;
    let shelf = ok(&app, Method::GET, "/api/me/bookshelf", &alice, None).await;
    assert_eq!(shelf["total"], 3);
    let mut expected = books[..3].to_vec();
    expected.sort_unstable();
    let mut got = listed(&shelf);
    got.sort_unstable();
    assert_eq!(got, expected);
    assert!(shelf["items"][0]["addedAt"].is_i64());
    assert!(shelf["items"][0]["progress"].is_null());
    let bobs = ok(&app, Method::GET, "/api/me/bookshelf", &bob, None).await;
    assert_eq!(bobs["total"], 0);
    let detail = ok(
        &app,
        Method::GET,
        &format!("/api/books/{}", books[1]),
        &alice,
        None,
    )
    .await;
    assert_eq!(detail["me"]["onBookshelf"], true);
    assert_eq!(detail["me"]["favorite"], false);
    let detail = ok(
        &app,
        Method::GET,
        &format!("/api/books/{}", books[1]),
        &bob,
        None,
    )
    .await;
    assert_eq!(detail["me"]["onBookshelf"], false);
    ok(
        &app,
        Method::DELETE,
        &format!("/api/me/bookshelf/{}", books[1]),
        &alice,
        None,
    )
    .await;
    ok(
        &app,
        Method::DELETE,
        &format!("/api/me/bookshelf/{}", books[1]),
        &alice,
        None,
    )
    .await;
    let shelf = ok(
        &app,
        Method::GET,
        "/api/me/bookshelf?pageSize=1",
        &alice,
        None,
    )
    .await;
    assert_eq!(
        (
            shelf["total"].as_u64(),
            shelf["items"].as_array().unwrap().len()
        ),
        (Some(2), 1)
    );
    let (status, body) = call(&app, Method::PUT, "/api/me/bookshelf/999999", &alice, None).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("not_found")));
    let (status, body) = call(
        &app,
        Method::GET,
        "/api/me/bookshelf?pageSize=80",
        &alice,
        None,
    )
    .await;
    assert_eq!(status, 400);
    assert!(body["fields"]["pageSize"].is_string());
}

#[tokio::test]
async fn favorites_count_each_listener_once() {
    let app = demo_app().await;
    let alice = app.signed_up_user("alice").await;
    let bob = app.signed_up_user("bob").await;
    let book = book_ids(&app).await[0];
    let before: Value = app
        .get(&format!("/api/books/{book}"))
        .await
        .json()
        .await
        .unwrap();
    let before = before["data"]["favoriteCount"].as_i64().unwrap();
    for user in [&alice, &alice, &bob] {
        ok(
            &app,
            Method::PUT,
            &format!("/api/me/favorites/{book}"),
            user,
            None,
        )
        .await;
    }
    let after = ok(
        &app,
        Method::GET,
        &format!("/api/books/{book}"),
        &alice,
        None,
    )
    .await;
    assert_eq!(after["favoriteCount"].as_i64().unwrap(), before + 2);
    assert_eq!(after["me"]["favorite"], true);
    let favorites = ok(&app, Method::GET, "/api/me/favorites", &bob, None).await;
    assert_eq!(listed(&favorites), vec![book]);
    for user in [&bob, &bob] {
        ok(
            &app,
            Method::DELETE,
            &format!("/api/me/favorites/{book}"),
            user,
            None,
        )
        .await;
    }
    let after: Value = app
        .get(&format!("/api/books/{book}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(after["data"]["favoriteCount"].as_i64().unwrap(), before + 1);
    assert_eq!(
        ok(&app, Method::GET, "/api/me/favorites", &bob, None).await["total"],
        0
    );
    assert_eq!(
        ok(&app, Method::GET, "/api/me/favorites", &alice, None).await["total"],
        1
    );
    let (status, _) = call(&app, Method::PUT, "/api/me/favorites/999999", &alice, None).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn progress_is_saved_and_an_older_report_never_rewinds_it() {
    let app = demo_app().await;
    let alice = app.signed_up_user("alice").await;
    let book = book_ids(&app).await[0];
    let chapters = chapter_ids(&app, book).await;
    let plays_before: Value = app
        .get(&format!("/api/books/{book}"))
        .await
        .json()
        .await
        .unwrap();
    let plays_before = plays_before["data"]["playCount"].as_i64().unwrap();
    let saved = report(&app, &alice, chapters[0], 12.5, 2_000).await;
    assert_eq!(
        saved,
        json!({"chapterId": chapters[0], "positionSecs": 12.5, "durationSecs": 30.0, "completed": false, "updatedAt": 2_000})
    );
    // A late request taken earlier is answered with the stored row and changes nothing.
    let late = report(&app, &alice, chapters[0], 0.0, 1_000).await;
    assert_eq!(late["positionSecs"], 12.5);
    assert_eq!(late["updatedAt"], 2_000);
    let same_time = report(&app, &alice, chapters[0], 3.0, 2_000).await;
    assert_eq!(same_time["positionSecs"], 12.5);
    let newer = report(&app, &alice, chapters[0], 20.0, 3_000).await;
    assert_eq!(newer["positionSecs"], 20.0);
    let done = ok(&app, Method::PUT, &format!("/api/me/progress/{}", chapters[0]), &alice, Some(&json!({"positionSecs": 30.0, "durationSecs": 30.0, "completed": true, "updatedAt": 4_000}))).await;
    assert_eq!(done["completed"], true);
    report(&app, &alice, chapters[1], 5.0, 5_000).await;
    let rows = ok(
        &app,
        Method::GET,
        &format!("/api/me/progress?bookId={book}"),
        &alice,
        None,
    )
    .await;
    let rows = rows["items"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["chapterId"], chapters[1]);
    assert_eq!(rows[1]["completed"], true);
    // Two chapters and many reports by one account: the book is played once more.
    let plays: Value = app
        .get(&format!("/api/books/{book}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        plays["data"]["playCount"].as_i64().unwrap(),
        plays_before + 1
    );
    // The chapter list and the book detail show where the listener is.
    let list: Value = app
        .get_as(&format!("/api/books/{book}/chapters"), &alice.access_token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        list["data"]["items"][0]["progress"],
        json!({"positionSecs": 30.0, "completed": true})
    );
    let detail = ok(
        &app,
        Method::GET,
        &format!("/api/books/{book}"),
        &alice,
        None,
    )
    .await;
    assert_eq!(detail["me"]["lastChapterId"], chapters[1]);
    assert_eq!(detail["me"]["lastPositionSecs"], 5.0);
    // Another listener sees none of it.
    let bob = app.signed_up_user("bob").await;
    let rows = ok(
        &app,
        Method::GET,
        &format!("/api/me/progress?bookId={book}"),
        &bob,
        None,
    )
    .await;
    assert!(rows["items"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn a_client_clock_running_ahead_cannot_block_later_reports() {
    let app = demo_app().await;
    let alice = app.signed_up_user("alice").await;
    let book = book_ids(&app).await[0];
    let chapters = chapter_ids(&app, book).await;
    let year_ahead = chrono::Utc::now().timestamp_millis() + 365 * 24 * 3600 * 1000;
    let ahead = report(&app, &alice, chapters[0], 10.0, year_ahead).await;
    assert!(
        ahead["updatedAt"].as_i64().unwrap() < year_ahead,
        "stored at server time, not the client's"
    );
    // A correct clock a moment later still moves the position on.
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let now = chrono::Utc::now().timestamp_millis();
    let later = report(&app, &alice, chapters[0], 14.0, now).await;
    assert_eq!(later["positionSecs"], 14.0);
}

#[tokio::test]
async fn progress_reports_are_validated() {
    let app = demo_app().await;
    let alice = app.signed_up_user("alice").await;
    let book = book_ids(&app).await[0];
    let chapter = chapter_ids(&app, book).await[0];
    let path = format!("/api/me/progress/{chapter}");
    let (status, body) = call(
        &app,
        Method::PUT,
        &path,
        &alice,
        Some(&json!({"positionSecs": -1, "durationSecs": 30})),
    )
    .await;
    assert_eq!(status, 400);
    assert!(
        body["fields"]["positionSecs"].is_string() && body["fields"]["updatedAt"].is_string(),
        "{body}"
    );
    // Past a week (the schemathesis run once saved 1e308 s, and the listening figures summed
    // from it answered `null` hours): refused, naming the field and the bound.
    let (status, body) = call(
        &app,
        Method::PUT,
        &path,
        &alice,
        Some(&json!({"positionSecs": 1e308, "durationSecs": 604_801, "updatedAt": 1})),
    )
    .await;
    assert_eq!(status, 400);
    for field in ["positionSecs", "durationSecs"] {
        let said = body["fields"][field].as_str().unwrap_or_default();
        assert!(said.contains("604800"), "{field}: {body}");
    }
    let (status, _) = call(
        &app,
        Method::PUT,
        "/api/me/progress/999999",
        &alice,
        Some(&json!({"positionSecs": 1, "durationSecs": 30, "updatedAt": 1})),
    )
    .await;
    assert_eq!(status, 404);
    let (status, body) = call(&app, Method::GET, "/api/me/progress", &alice, None).await;
    assert_eq!(status, 400);
    assert!(body["fields"]["bookId"].is_string());
    let (status, _) = call(
        &app,
        Method::GET,
        "/api/me/progress?bookId=999999",
        &alice,
        None,
    )
    .await;
    assert_eq!(status, 404);
    let response = app
        .client
        .put(app.url(&path))
        .bearer_auth(&alice.access_token)
        .body("{broken")
        .header("Content-Type", "text/plain")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
}

#[tokio::test]
async fn a_beacon_saves_progress_as_text_plain_with_the_token_in_the_query() {
    let app = demo_app().await;
    let alice = app.signed_up_user("alice").await;
    let book = book_ids(&app).await[0];
    let chapter = chapter_ids(&app, book).await[0];
    let body = json!({"positionSecs": 7.0, "durationSecs": 30.0, "updatedAt": 10}).to_string();
    let response = app
        .client
        .put(app.url(&format!(
            "/api/me/progress/{chapter}?token={}",
            alice.access_token
        )))
        .header("Content-Type", "text/plain;charset=UTF-8")
        .body(body.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let saved: Value = response.json().await.unwrap();
    assert_eq!(saved["data"]["positionSecs"], 7.0);
    let response = app
        .client
        .put(app.url(&format!("/api/me/progress/{chapter}?token=forged")))
        .header("Content-Type", "text/plain")
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 401);
    // Other routes do not take a token from the query.
    let response = app
        .get(&format!("/api/me/history?token={}", alice.access_token))
        .await;
    assert_eq!(response.status(), 401);
}

#[tokio::test]
async fn history_lists_newest_first_and_clears_one_or_all() {
    let app = demo_app().await;
    let alice = app.signed_up_user("alice").await;
    let bob = app.signed_up_user("bob").await;
    let books = book_ids(&app).await;
    for (i, book) in books[..3].iter().enumerate() {
        let chapter = chapter_ids(&app, *book).await[0];
        report(
            &app,
            &alice,
            chapter,
            4.0 + i as f64,
            1_000 * (i as i64 + 1),
        )
        .await;
    }
    let second_chapter = chapter_ids(&app, books[0]).await[1];
    report(&app, &bob, second_chapter, 9.0, 500).await;
    let history = ok(&app, Method::GET, "/api/me/history", &alice, None).await;
    assert_eq!(history["total"], 3);
    assert_eq!(listed(&history), vec![books[2], books[1], books[0]]);
    let first = &history["items"][0];
    assert_eq!(first["chapter"]["index"], 1);
    assert_eq!(first["positionSecs"], 6.0);
    assert_eq!(first["updatedAt"], 3_000);
    // Bookshelf items carry the same progress.
    ok(
        &app,
        Method::PUT,
        &format!("/api/me/bookshelf/{}", books[2]),
        &alice,
        None,
    )
    .await;
    let shelf = ok(&app, Method::GET, "/api/me/bookshelf", &alice, None).await;
    assert_eq!(shelf["items"][0]["progress"]["positionSecs"], 6.0);
    assert_eq!(shelf["items"][0]["progress"]["chapterTitle"], "第1章");
    let cleared = ok(
        &app,
        Method::DELETE,
        &format!("/api/me/history/{}", books[1]),
        &alice,
        None,
    )
    .await;
    assert_eq!(cleared["cleared"], 1);
    let history = ok(&app, Method::GET, "/api/me/history", &alice, None).await;
    assert_eq!(listed(&history), vec![books[2], books[0]]);
    let cleared = ok(&app, Method::DELETE, "/api/me/history", &alice, None).await;
    assert_eq!(cleared["cleared"], 2);
    assert_eq!(
        ok(&app, Method::GET, "/api/me/history", &alice, None).await["total"],
        0
    );
    // Bob's history is his own and survives Alice clearing hers.
    let bobs = ok(&app, Method::GET, "/api/me/history", &bob, None).await;
    assert_eq!(listed(&bobs), vec![books[0]]);
    assert_eq!(bobs["items"][0]["chapter"]["index"], 2);
    let (status, body) = call(&app, Method::GET, "/api/me/history?page=0", &alice, None).await;
    assert_eq!(status, 400);
    assert!(body["fields"]["page"].is_string());
}

#[tokio::test]
async fn the_library_is_refused_to_guests() {
    let app = demo_app().await;
    for (method, path) in [
        (Method::GET, "/api/me/bookshelf"),
        (Method::GET, "/api/me/history"),
        (Method::PUT, "/api/me/favorites/1"),
        (Method::DELETE, "/api/me/history"),
    ] {
        let response = app.call(method, path, None, None).await;
        assert_eq!(response.status(), 401, "{path}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["statusMessage"], "Authentication required");
    }
}

#[tokio::test]
async fn progress_is_refused_on_chapters_the_listener_may_not_play_and_plays_count_once_per_account(
) {
    let app = demo_app().await;
    let free = app.signed_up_user("freeloader").await;
    // A chapter of a VIP book that a guest may not play (not a sample, not in a campaign).
    let mut locked_chapter = None;
    for vip_book in listed_books(&app, "access=vip").await {
        let chapters: Value = app
            .get(&format!("/api/books/{vip_book}/chapters"))
            .await
            .json()
            .await
            .unwrap();
        let locked = chapters["data"]["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["access"]["allowed"] == false)
            .map(|c| c["id"].as_i64().unwrap());
        if let Some(locked) = locked {
            locked_chapter = Some((vip_book, locked));
            break;
        }
    }
    let (vip_book, locked) = locked_chapter.expect("a locked VIP chapter in the demo catalogue");
    let before = plays(&app, vip_book).await;
    let (status, error) = call(
        &app,
        Method::PUT,
        &format!("/api/me/progress/{locked}"),
        &free,
        Some(&json!({"positionSecs": 1.0, "durationSecs": 30.0, "updatedAt": 1_000})),
    )
    .await;
    assert_eq!(status, 403, "{error}");
    assert_eq!(error["code"], "premium_required");
    assert_eq!(
        plays(&app, vip_book).await,
        before,
        "a refused save plays nothing"
    );
    assert_eq!(
        app.sql_count(&format!(
            "SELECT COUNT(*) FROM play_progress WHERE chapter_id = {locked}"
        ))
        .await,
        0
    );
    let (status, _) = call(
        &app,
        Method::PUT,
        "/api/me/progress/999999",
        &free,
        Some(&json!({"positionSecs": 1.0, "durationSecs": 30.0, "updatedAt": 1_000})),
    )
    .await;
    assert_eq!(status, 404, "a chapter that does not exist");

    // Every chapter of a free book by one account, then by a second: two plays in all.
    let book = listed_books(&app, "access=free").await[0];
    let before = plays(&app, book).await;
    let chapters = chapter_ids(&app, book).await;
    let second = app.signed_up_user("second").await;
    for listener in [&free, &second] {
        for (at, chapter) in chapters.iter().enumerate() {
            report(&app, listener, *chapter, 1.0, 1_000 + at as i64).await;
        }
    }
    assert_eq!(plays(&app, book).await, before + 2);
}

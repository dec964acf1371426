//! The console's chapters: built one by one and in batches (all or none), reordered, changed
//! in bulk, deleted with the places closing up; listeners see published chapters at once and
//! play them; concurrent editors never share a place.
use futures_util::future::join_all;
use reqwest::Method;
use serde_json::{json, Value};

use crate::{
    console::{audit_rows, create_book, create_category, editor, send},
    helpers::{spawn_app, TestApp, TestUser},
    uploads::{upload, wav},
};

/// A book with a category, and an uploaded audio file of `seconds`; (book id, asset id).
async fn book_with_audio(app: &TestApp, user: &TestUser, seconds: f32) -> (i64, i64) {
    let category = create_category(app, user, "mystery").await;
    let book = create_book(app, user, category, "灯塔").await;
    let done = upload(app, user, "ch.wav", "audio", &wav(seconds), 1 << 20).await;
    (
        book["id"].as_i64().unwrap(),
        done["asset"]["id"].as_i64().unwrap(),
    )
}

async fn chapters(app: &TestApp, user: &TestUser, book: i64) -> Value {
    let (status, body) = send(
        app,
        Method::GET,
        &format!("/api/admin/books/{book}/chapters"),
        user,
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

fn titles(list: &Value) -> Vec<String> {
    list["chapters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| format!("{}:{}", c["idx"], c["titleZh"].as_str().unwrap()))
        .collect()
}

fn ids(list: &Value) -> Vec<i64> {
    list["chapters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_i64().unwrap())
        .collect()
}

async fn batch(app: &TestApp, user: &TestUser, book: i64, forms: Value) -> (u16, Value) {
    send(
        app,
        Method::POST,
        &format!("/api/admin/books/{book}/chapters/batch"),
        user,
        Some(&json!({ "chapters": forms })),
    )
    .await
}

#[tokio::test]
async fn chapters_with_audio_are_heard_by_listeners_once_published() {
    let app = spawn_app().await;
    let editor = editor(&app, "editor1").await;
    let (book, asset) = book_with_audio(&app, &editor, 1.5).await;
    let form = json!({"titleZh": "第1章 雨夜", "titleEn": "Rainy Night", "assetId": asset, "isFree": true});
    let (status, chapter) = send(
        &app,
        Method::POST,
        &format!("/api/admin/books/{book}/chapters"),
        &editor,
        Some(&form),
    )
    .await;
    assert_eq!(status, 200, "{chapter}");
    let chapter = &chapter["data"];
    assert_eq!(chapter["idx"], 1);
    assert!((chapter["durationSecs"].as_f64().unwrap() - 1.5).abs() < 0.01);
    assert_eq!(chapter["asset"]["originalName"], "ch.wav");
    let id = chapter["id"].as_i64().unwrap();
    // A second chapter without audio yet, not published.
    let form = json!({"titleZh": "第2章", "published": false});
    let (status, _) = send(
        &app,
        Method::POST,
        &format!("/api/admin/books/{book}/chapters"),
        &editor,
        Some(&form),
    )
    .await;
    assert_eq!(status, 200);
    let list = chapters(&app, &editor, book).await;
    assert_eq!(titles(&list), ["1:第1章 雨夜", "2:第2章"]);
    assert_eq!(list["book"]["chapterCount"], 1, "published chapters only");
    assert_eq!(list["book"]["totalDurationSecs"], 2);
    assert!(list["chapters"][1].get("asset").is_none() || list["chapters"][1]["asset"].is_null());

    // An editor hears any chapter; listeners nothing until the book is published.
    let preview = app
        .client
        .get(app.url(&format!(
            "/api/admin/chapters/{id}/audio?token={}",
            editor.access_token
        )))
        .header("Range", "bytes=0-9")
        .send()
        .await
        .unwrap();
    assert_eq!(preview.status(), 206);
    assert_eq!(preview.headers()["cache-control"], "private, no-cache");
    assert_eq!(
        app.get(&format!("/api/chapters/{id}/audio")).await.status(),
        404
    );
    let (status, _) = send(
        &app,
        Method::POST,
        "/api/admin/books/bulk",
        &editor,
        Some(&json!({"action": "publish", "ids": [book]})),
    )
    .await;
    assert_eq!(status, 200);
    let public: Value = app
        .get(&format!("/api/books/{book}/chapters"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(public["data"]["total"], 1, "{public}");
    let audio = app.get(&format!("/api/chapters/{id}/audio")).await;
    assert_eq!(audio.status(), 200);
    assert_eq!(audio.bytes().await.unwrap().len(), wav(1.5).len());
    let rows = audit_rows(&app, "chapter", id).await;
    assert_eq!(rows[0].0, "chapter.create");
}

#[tokio::test]
async fn a_batch_is_saved_whole_or_not_at_all() {
    let app = spawn_app().await;
    let editor = editor(&app, "batcher").await;
    let (book, asset) = book_with_audio(&app, &editor, 0.5).await;
    let (status, body) = batch(
        &app,
        &editor,
        book,
        json!([
            {"titleZh": "一", "assetId": asset},
            {"titleZh": " ", "assetId": asset},
            {"titleZh": "三", "priceCny": 1.5},
        ]),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["fields"]["chapters.1.titleZh"].is_string(), "{body}");
    assert!(body["fields"]["chapters.2.priceCny"].is_string(), "{body}");
    // A missing audio file refuses the batch inside its transaction: nothing was written.
    let (status, body) = batch(
        &app,
        &editor,
        book,
        json!([{"titleZh": "一", "assetId": asset}, {"titleZh": "二", "assetId": 9999}]),
    )
    .await;
    assert_eq!(status, 400);
    assert!(body["fields"]["chapters.1.assetId"].is_string(), "{body}");
    assert!(chapters(&app, &editor, book).await["chapters"]
        .as_array()
        .unwrap()
        .is_empty());
    let (status, body) = batch(&app, &editor, book, json!([])).await;
    assert_eq!(
        (status, body["fields"]["chapters"].is_string()),
        (400, true)
    );

    let (status, body) = batch(
        &app,
        &editor,
        book,
        json!([
            {"titleZh": "第1章", "assetId": asset},
            {"titleZh": "第2章", "assetId": asset},
            {"titleZh": "第3章", "assetId": asset},
        ]),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let list = chapters(&app, &editor, book).await;
    assert_eq!(titles(&list), ["1:第1章", "2:第2章", "3:第3章"]);
    assert_eq!(list["book"]["chapterCount"], 3);
}

#[tokio::test]
async fn order_bulk_changes_and_deletion_keep_places_contiguous() {
    let app = spawn_app().await;
    let editor = editor(&app, "orderer").await;
    let (book, asset) = book_with_audio(&app, &editor, 0.5).await;
    let forms: Vec<Value> = (1..=5)
        .map(|n| json!({"titleZh": format!("c{n}"), "assetId": asset}))
        .collect();
    assert_eq!(batch(&app, &editor, book, json!(forms)).await.0, 200);
    let list = chapters(&app, &editor, book).await;
    let original = ids(&list);
    // Reverse the order.
    let reversed: Vec<i64> = original.iter().rev().copied().collect();
    let path = format!("/api/admin/books/{book}/chapters/order");
    let (status, body) = send(
        &app,
        Method::PUT,
        &path,
        &editor,
        Some(&json!({"chapterIds": reversed})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        titles(&body["data"]),
        ["1:c5", "2:c4", "3:c3", "4:c2", "5:c1"]
    );
    assert_eq!(
        audit_rows(&app, "book", book).await.last().unwrap().0,
        "book.reorderChapters"
    );
    // An order that misses or repeats a chapter is refused.
    for wrong in [
        original[..4].to_vec(),
        vec![original[0]; 5],
        [&original[..4], &[999]].concat(),
    ] {
        let (status, body) = send(
            &app,
            Method::PUT,
            &path,
            &editor,
            Some(&json!({"chapterIds": wrong})),
        )
        .await;
        assert_eq!(status, 400, "{body}");
        assert!(body["fields"]["chapterIds"].is_string());
    }

    let bulk = |action: &str, chosen: &[i64]| json!({"action": action, "chapterIds": chosen});
    let bulk_path = format!("/api/admin/books/{book}/chapters/bulk");
    let (_, body) = send(
        &app,
        Method::POST,
        &bulk_path,
        &editor,
        Some(&bulk("free", &original[..2])),
    )
    .await;
    assert_eq!(body["data"]["changed"], 2);
    let (_, body) = send(
        &app,
        Method::POST,
        &bulk_path,
        &editor,
        Some(&bulk("free", &original[..2])),
    )
    .await;
    assert_eq!(body["data"]["changed"], 0, "already free");
    let price = json!({"action": "price", "chapterIds": [original[2]], "priceCny": 100, "priceUsd": 15, "priceJpy": 200});
    let (status, body) = send(&app, Method::POST, &bulk_path, &editor, Some(&price)).await;
    assert_eq!(
        (status, &body["data"]["changed"]),
        (200, &json!(1)),
        "{body}"
    );
    let bad_price = json!({"action": "price", "chapterIds": [original[2]], "priceCny": -1});
    let (status, body) = send(&app, Method::POST, &bulk_path, &editor, Some(&bad_price)).await;
    assert_eq!(
        (status, body["fields"]["priceCny"].is_string()),
        (400, true)
    );
    let (_, body) = send(
        &app,
        Method::POST,
        &bulk_path,
        &editor,
        Some(&bulk("unpublish", &original[3..])),
    )
    .await;
    assert_eq!(body["data"]["changed"], 2);
    let list = chapters(&app, &editor, book).await;
    assert_eq!(list["book"]["chapterCount"], 3);
    let c3 = list["chapters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == original[2])
        .unwrap()
        .clone();
    assert_eq!(
        (c3["priceCny"].clone(), c3["priceJpy"].clone()),
        (json!(100), json!(200))
    );

    // Deleting closes the gap; bulk deletion too; other books' chapters are never touched.
    let (status, _) = send(
        &app,
        Method::DELETE,
        &format!("/api/admin/chapters/{}", original[2]),
        &editor,
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        titles(&chapters(&app, &editor, book).await),
        ["1:c5", "2:c4", "3:c2", "4:c1"]
    );
    let (_, body) = send(
        &app,
        Method::POST,
        &bulk_path,
        &editor,
        Some(&bulk("delete", &[original[4], 123_456])),
    )
    .await;
    assert_eq!(body["data"]["changed"], 1);
    assert_eq!(
        titles(&chapters(&app, &editor, book).await),
        ["1:c4", "2:c2", "3:c1"]
    );

    // The list across books finds chapters by title and by missing audio.
    let (status, body) = send(&app, Method::GET, "/api/admin/chapters?q=c2", &editor, None).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["total"], 1);
    assert_eq!(body["data"]["items"][0]["bookTitle"], "灯塔");
    let (_, body) = send(
        &app,
        Method::GET,
        "/api/admin/chapters?audio=missing",
        &editor,
        None,
    )
    .await;
    assert_eq!(body["data"]["total"], 0);
    let (status, _) = send(
        &app,
        Method::GET,
        "/api/admin/chapters?audio=maybe",
        &editor,
        None,
    )
    .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn figures_count_listeners_completions_and_drop_off() {
    let app = spawn_app().await;
    let editor = editor(&app, "analyst").await;
    let (book, asset) = book_with_audio(&app, &editor, 0.5).await;
    let forms: Vec<Value> = (1..=3)
        .map(|n| json!({"titleZh": format!("c{n}"), "assetId": asset, "isFree": true}))
        .collect();
    assert_eq!(batch(&app, &editor, book, json!(forms)).await.0, 200);
    let chapter_ids = ids(&chapters(&app, &editor, book).await);
    // Three listeners start chapter 1; two finish it and go on to chapter 2 (where they are
    // still, so far dropped there); one stops in chapter 1.
    for (n, reached) in [(1, 2), (2, 2), (3, 1)] {
        let user = app.signed_up_user(&format!("listener{n}")).await;
        for (i, chapter) in chapter_ids[..reached].iter().enumerate() {
            let position = if i + 1 < reached { 0.5 } else { 0.1 };
            app.sql(&format!(
                "INSERT INTO play_progress (user_id, chapter_id, book_id, position_secs, duration_secs, completed, updated_at) \
                 VALUES ({}, {chapter}, {book}, {position}, 0.5, false, 1)",
                user.id
            ))
            .await;
        }
    }
    let (status, body) = send(
        &app,
        Method::GET,
        &format!("/api/admin/books/{book}/chapters/analytics"),
        &editor,
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let figures: Vec<(u64, u64, u64)> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["listeners"].as_u64().unwrap(),
                f["completed"].as_u64().unwrap(),
                f["dropped"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(figures, [(3, 2, 1), (2, 0, 2), (0, 0, 0)]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_editors_appending_chapters_never_share_a_place() {
    let app = spawn_app().await;
    let editor = editor(&app, "racer").await;
    let (book, asset) = book_with_audio(&app, &editor, 0.5).await;
    let path = format!("/api/admin/books/{book}/chapters");
    let forms: Vec<Value> = (0..16)
        .map(|n| json!({"titleZh": format!("并发{n}"), "assetId": asset}))
        .collect();
    let outcomes = join_all(
        forms
            .iter()
            .map(|form| send(&app, Method::POST, &path, &editor, Some(form))),
    )
    .await;
    for (status, body) in &outcomes {
        assert_eq!(*status, 200, "{body}");
    }
    let list = chapters(&app, &editor, book).await;
    let places: Vec<i64> = list["chapters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["idx"].as_i64().unwrap())
        .collect();
    assert_eq!(places, (1..=16).collect::<Vec<_>>());
    assert_eq!(list["book"]["chapterCount"], 16);
}

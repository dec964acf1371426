//! Ratings and reviews over HTTP: a listener rates a book and changes or takes it back, the
//! book's average moves exactly once per rating (also with many raters at once), reviews
//! list newest first with names, bad forms are refused by field, a moderator hides a review.
use futures_util::future::join_all;
use reqwest::Method;
use serde_json::{json, Value};

use crate::{
    console::{editor, send},
    helpers::{spawn_app_with, TestApp, TestUser},
};

async fn demo_app() -> TestApp {
    spawn_app_with(|config| config.demo = true).await
}

/// A demo book's id and its (rating, ratingCount) as its detail shows them.
async fn first_book(app: &TestApp) -> i64 {
    let body: Value = app
        .get("/api/books?sort=newest")
        .await
        .json()
        .await
        .unwrap();
    body["data"]["items"][0]["id"].as_i64().unwrap()
}

async fn aggregate(app: &TestApp, book: i64) -> (f64, i64) {
    let body: Value = app
        .get(&format!("/api/books/{book}"))
        .await
        .json()
        .await
        .unwrap();
    (
        body["data"]["rating"].as_f64().unwrap(),
        body["data"]["ratingCount"].as_i64().unwrap(),
    )
}

async fn rate(app: &TestApp, user: &TestUser, book: i64, body: Value) -> (u16, Value) {
    send(
        app,
        Method::PUT,
        &format!("/api/books/{book}/rating"),
        user,
        Some(&body),
    )
    .await
}

/// The first page of a book's reviews.
async fn reviews(app: &TestApp, book: i64) -> Value {
    let body: Value = app
        .get(&format!("/api/books/{book}/reviews"))
        .await
        .json()
        .await
        .unwrap();
    body["data"].clone()
}

/// A book with no ratings yet, so averages are exact.
async fn unrated_book(app: &TestApp) -> i64 {
    let book = first_book(app).await;
    app.sql(&format!(
        "UPDATE books SET rating_avg = 0, rating_count = 0 WHERE id = {book}"
    ))
    .await;
    book
}

#[tokio::test]
async fn a_listener_rates_changes_and_takes_back_and_the_average_follows() {
    let app = demo_app().await;
    let book = unrated_book(&app).await;
    let ann = app.signed_up_user("ann").await;
    let bob = app.signed_up_user("bob").await;

    let (status, body) = rate(
        &app,
        &ann,
        book,
        json!({ "score": 5, "review": "  很好听  " }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["mine"]["score"], 5);
    assert_eq!(body["data"]["mine"]["review"], "很好听");
    assert_eq!(body["data"]["book"]["rating"], 5.0);
    assert_eq!(body["data"]["book"]["ratingCount"], 1);

    let (_, body) = rate(&app, &bob, book, json!({ "score": 2 })).await;
    assert_eq!(body["data"]["book"]["rating"], 3.5);
    assert_eq!(aggregate(&app, book).await, (3.5, 2));

    // Changing a score moves the average without counting the rater twice.
    let (_, body) = rate(&app, &bob, book, json!({ "score": 4 })).await;
    assert_eq!(body["data"]["book"]["rating"], 4.5);
    assert_eq!(body["data"]["book"]["ratingCount"], 2);

    let (status, body) = send(
        &app,
        Method::GET,
        &format!("/api/books/{book}/rating"),
        &bob,
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["mine"]["score"], 4);
    assert_eq!(body["data"]["mine"]["review"], Value::Null);

    let (status, body) = send(
        &app,
        Method::DELETE,
        &format!("/api/books/{book}/rating"),
        &ann,
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["book"]["rating"], 4.0);
    assert_eq!(body["data"]["book"]["ratingCount"], 1);
    let (_, body) = send(
        &app,
        Method::GET,
        &format!("/api/books/{book}/rating"),
        &ann,
        None,
    )
    .await;
    assert_eq!(body["data"]["mine"], Value::Null);
    // Taking back again changes nothing.
    let (_, body) = send(
        &app,
        Method::DELETE,
        &format!("/api/books/{book}/rating"),
        &ann,
        None,
    )
    .await;
    assert_eq!(body["data"]["book"]["ratingCount"], 1);
}

#[tokio::test]
async fn many_listeners_rating_at_once_are_each_counted_once() {
    let app = demo_app().await;
    let book = unrated_book(&app).await;
    let mut users = Vec::new();
    for i in 0..16 {
        users.push(app.signed_up_user(&format!("rater{i}")).await);
    }
    // Every listener rates twice at once (a double click): 16 ratings, scores 1..5 cycling.
    let sends = users.iter().enumerate().flat_map(|(i, user)| {
        let score = (i % 5 + 1) as i64;
        let app = &app;
        [0, 1].map(move |_| async move { rate(app, user, book, json!({ "score": score })).await })
    });
    for (status, body) in join_all(sends).await {
        assert_eq!(status, 200, "{body}");
    }
    let expected: f64 = (0..16).map(|i| (i % 5 + 1) as f64).sum::<f64>() / 16.0;
    let (rating, count) = aggregate(&app, book).await;
    assert_eq!(count, 16);
    assert_eq!(rating, (expected * 10.0).round() / 10.0);
    let rows = app
        .sql_count(&format!(
            "SELECT COUNT(*) FROM ratings WHERE book_id = {book}"
        ))
        .await;
    assert_eq!(rows, 16);
}

#[tokio::test]
async fn a_bad_rating_is_refused_by_field_and_changes_nothing() {
    let app = demo_app().await;
    let book = unrated_book(&app).await;
    let ann = app.signed_up_user("ann").await;
    for (body, field) in [
        (json!({}), "score"),
        (json!({ "score": 6 }), "score"),
        (json!({ "score": 3.5 }), "score"),
        (json!({ "score": 4, "review": "长".repeat(501) }), "review"),
    ] {
        let (status, answer) = rate(&app, &ann, book, body.clone()).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert!(answer["fields"][field].is_string(), "{body}: {answer}");
    }
    assert_eq!(aggregate(&app, book).await, (0.0, 0));
    let (status, _) = rate(&app, &ann, 999_999, json!({ "score": 4 })).await;
    assert_eq!(status, 404);
    let guest = app
        .call(
            Method::PUT,
            &format!("/api/books/{book}/rating"),
            None,
            Some(&json!({ "score": 4 })),
        )
        .await;
    assert_eq!(guest.status(), 401);
}

#[tokio::test]
async fn reviews_list_newest_first_with_names_and_a_moderator_hides_one() {
    let app = demo_app().await;
    let book = unrated_book(&app).await;
    let ann = app.signed_up_user("ann").await;
    let bob = app.signed_up_user("bob").await;
    let cat = app.signed_up_user("cat").await;
    rate(&app, &ann, book, json!({ "score": 5, "review": "第一条" })).await;
    rate(&app, &bob, book, json!({ "score": 3 })).await;
    rate(&app, &cat, book, json!({ "score": 4, "review": "第二条" })).await;
    // Distinct times regardless of the clock's resolution.
    app.sql("UPDATE ratings SET created_at = created_at - 1000 WHERE review = '第一条'")
        .await;

    let page = reviews(&app, book).await;
    assert_eq!(
        page["total"], 2,
        "a score without text is not a review: {page}"
    );
    let texts: Vec<_> = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["review"].clone())
        .collect();
    assert_eq!(texts, [json!("第二条"), json!("第一条")]);
    assert_eq!(page["items"][0]["reviewer"]["name"], "cat");
    assert_eq!(page["items"][0]["score"], 4);

    let id = page["items"][0]["id"].as_i64().unwrap();
    let path = format!("/api/admin/reviews/{id}/hidden");
    let (status, _) = send(
        &app,
        Method::PUT,
        &path,
        &ann,
        Some(&json!({ "hidden": true })),
    )
    .await;
    assert_eq!(status, 403, "a listener cannot hide reviews");
    let moderator = editor(&app, "mod").await;
    let (status, body) = send(
        &app,
        Method::PUT,
        &path,
        &moderator,
        Some(&json!({ "hidden": true })),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let page = reviews(&app, book).await;
    assert_eq!(page["total"], 1);
    assert_eq!(page["items"][0]["review"], "第一条");
    // The hidden review's score still counts, and its writer sees it is hidden.
    assert_eq!(aggregate(&app, book).await.1, 3);
    let (_, mine) = send(
        &app,
        Method::GET,
        &format!("/api/books/{book}/rating"),
        &cat,
        None,
    )
    .await;
    assert_eq!(mine["data"]["mine"]["hidden"], true);
    // Editing the text does not undo the moderation.
    let (_, edited) = rate(&app, &cat, book, json!({ "score": 4, "review": "改过的" })).await;
    assert_eq!(edited["data"]["mine"]["hidden"], true);
    assert_eq!(reviews(&app, book).await["total"], 1);
    let audited = app
        .sql_count(&format!(
            "SELECT COUNT(*) FROM audit_log WHERE action = 'review.hide' AND entity_id = '{id}'"
        ))
        .await;
    assert_eq!(audited, 1);
    let (status, _) = send(
        &app,
        Method::PUT,
        "/api/admin/reviews/999999/hidden",
        &moderator,
        Some(&json!({ "hidden": true })),
    )
    .await;
    assert_eq!(status, 404);
}

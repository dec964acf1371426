//! `POST /api/feedback`: stored when valid, every broken field named when not.
use serde_json::json;

use crate::helpers::spawn_app;

#[tokio::test]
async fn a_valid_message_is_stored_and_gets_an_id() {
    let app = spawn_app().await;
    let body = json!({"category": "bug", "message": "第二章播放到一半就停止了", "contact": "listener@example.com"});
    let first = app.post_feedback(&body, "zh-CN").await;
    assert_eq!(first.status(), 200);
    let first: serde_json::Value = first.json().await.unwrap();
    assert_eq!(first["success"], true);
    let second: serde_json::Value = app
        .post_feedback(&body, "zh-CN")
        .await
        .json()
        .await
        .unwrap();
    assert!(second["data"]["id"].as_i64().unwrap() > first["data"]["id"].as_i64().unwrap());
}

#[tokio::test]
async fn every_broken_field_is_named_in_the_senders_language() {
    let app = spawn_app().await;
    let response = app
        .post_feedback(
            &json!({"category": "praise", "message": "short"}),
            "en-US,en;q=0.9",
        )
        .await;
    assert_eq!(response.status(), 400);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["code"], "validation_failed");
    assert_eq!(body["statusMessage"], "Bad Request");
    let message = body["fields"]["message"].as_str().unwrap();
    assert!(message.contains("10"), "{message}");
    assert!(body["fields"]["category"].as_str().unwrap().contains("bug"));

    let zh: serde_json::Value = app
        .post_feedback(&json!({"category": "bug", "message": "太短"}), "zh-CN")
        .await
        .json()
        .await
        .unwrap();
    let zh_message = zh["fields"]["message"].as_str().unwrap();
    assert!(
        zh_message.contains("10") && zh_message != message,
        "{zh_message}"
    );
}

#[tokio::test]
async fn malformed_json_is_a_400_worded_for_the_caller_and_quoted_for_the_developer() {
    let app = spawn_app().await;
    let response = app
        .client
        .post(app.url("/api/feedback"))
        .header("Content-Type", "application/json")
        .header("accept-language", "ja")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["code"], "invalid_body");
    assert_eq!(
        body["message"],
        "リクエストの本文がこのエンドポイントの形式に合いません。"
    );
    assert!(
        !body["fields"]["body"].as_str().unwrap().is_empty(),
        "{body}"
    );
}

#[tokio::test]
async fn an_oversized_body_is_refused_with_413() {
    let app = spawn_app().await;
    let huge = "长".repeat(20_000);
    let response = app
        .post_json(
            "/api/feedback",
            &json!({"category": "bug", "message": huge}),
        )
        .await;
    assert_eq!(response.status(), 413);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["code"], "payload_too_large");
}

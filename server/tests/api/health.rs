//! Liveness and readiness.
use crate::helpers::spawn_app;

#[tokio::test]
async fn healthz_answers_ok_in_the_success_envelope() {
    let app = spawn_app().await;
    let response = app.get("/healthz").await;
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["success"], true);
    assert_eq!(body["data"]["status"], "ok");
}

#[tokio::test]
async fn readyz_checks_the_database() {
    let app = spawn_app().await;
    let response = app.get("/readyz").await;
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["data"]["status"], "ready");
}

#[tokio::test]
async fn every_response_carries_a_request_id() {
    let app = spawn_app().await;
    let response = app.get("/healthz").await;
    let id = response
        .headers()
        .get("x-request-id")
        .expect("no x-request-id");
    assert_eq!(id.to_str().unwrap().len(), 36, "a UUID");
}

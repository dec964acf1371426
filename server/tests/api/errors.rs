//! Unknown API routes and wrong methods answer with the JSON error body, never the app page.
use crate::helpers::spawn_app;

#[tokio::test]
async fn an_unknown_api_route_is_a_json_404() {
    let app = spawn_app().await;
    let response = app.get("/api/no/such/thing").await;
    assert_eq!(response.status(), 404);
    assert!(response.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("application/json"));
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["statusCode"], 404);
    assert_eq!(body["statusMessage"], "Not Found");
    assert_eq!(body["code"], "not_found");
    assert!(body["message"]
        .as_str()
        .unwrap()
        .contains("/api/no/such/thing"));
}

#[tokio::test]
async fn the_api_root_itself_is_not_the_app_page() {
    let app = spawn_app().await;
    let response = app.get("/api").await;
    assert_eq!(response.status(), 404);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["code"], "not_found");
}

#[tokio::test]
async fn a_wrong_method_is_a_json_405() {
    let app = spawn_app().await;
    let response = app.get("/api/feedback").await;
    assert_eq!(response.status(), 405);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["statusCode"], 405);
    assert_eq!(body["code"], "method_not_allowed");
}

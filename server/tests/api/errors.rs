//! Unknown API routes and wrong methods answer with the JSON error body, never the app page,
//! and every error message reads in the caller's language.
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

/// `GET path` asked in `lang`: the status and the error message.
async fn message_in(app: &crate::helpers::TestApp, path: &str, lang: &str) -> (u16, String) {
    let response = app
        .client
        .get(app.url(path))
        .header("accept-language", lang)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let body: serde_json::Value = response.json().await.unwrap();
    (status, body["message"].as_str().unwrap().to_owned())
}

#[tokio::test]
async fn not_found_and_refusal_messages_read_in_the_callers_language() {
    let app = spawn_app().await;
    let cases = [
        (
            "/api/books/999999",
            404,
            [
                "找不到编号为 999999 的书。",
                "No book with id 999999.",
                "ID 999999 の本は見つかりません。",
            ],
        ),
        (
            "/api/chapters/999999",
            404,
            [
                "找不到编号为 999999 的章节。",
                "No chapter with id 999999.",
                "ID 999999 の章は見つかりません。",
            ],
        ),
        (
            "/api/nope",
            404,
            [
                "没有 GET /api/nope 这个接口。",
                "No API route for GET /api/nope.",
                "GET /api/nope という API はありません。",
            ],
        ),
        (
            "/nope.js",
            404,
            [
                "没有文件 /nope.js。",
                "No file /nope.js.",
                "ファイル /nope.js はありません。",
            ],
        ),
        (
            "/api/feedback",
            405,
            [
                "此地址不接受这种请求方法。",
                "This address does not take this method.",
                "このアドレスはこのメソッドを受け付けません。",
            ],
        ),
    ];
    for (path, status, messages) in cases {
        for (lang, message) in ["zh", "en", "ja"].into_iter().zip(messages) {
            assert_eq!(
                message_in(&app, path, lang).await,
                (status, message.to_owned()),
                "{path} {lang}"
            );
        }
    }
}

#[tokio::test]
async fn a_body_without_its_content_type_is_worded_for_the_caller_and_quoted_for_the_developer() {
    let app = spawn_app().await;
    let unsupported = app
        .client
        .post(app.url("/api/auth/login"))
        .header("accept-language", "en")
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_eq!(unsupported.status(), 415);
    let body: serde_json::Value = unsupported.json().await.unwrap();
    assert_eq!(body["message"], "Send the body as application/json.");
    assert!(body["fields"]["request"]
        .as_str()
        .unwrap()
        .contains("Content-Type"));
}

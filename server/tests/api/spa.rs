//! The built app: deep links get the page shell, hashed assets are immutable, the shell is not cached.
use crate::helpers::spawn_app;

#[tokio::test]
async fn deep_links_get_the_page_shell_revalidated_each_time() {
    let app = spawn_app().await;
    for path in [
        "/",
        "/en/books",
        "/admin/users",
        "/no/such/page",
        "/index.html",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        assert!(
            response
                .text()
                .await
                .unwrap()
                .contains("Tingshu test shell"),
            "{path}"
        );
    }
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year() {
    let app = spawn_app().await;
    let response = app.get("/assets/app-3f9a1c.js").await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(response.headers()["content-type"]
        .to_str()
        .unwrap()
        .contains("javascript"));
}

#[tokio::test]
async fn a_missing_asset_is_a_404_not_the_page_shell() {
    let app = spawn_app().await;
    let response = app.get("/assets/gone-000000.js").await;
    assert_eq!(response.status(), 404);
    assert!(response.headers().get("cache-control").is_none());
}

#[tokio::test]
async fn a_path_naming_a_missing_file_is_a_json_404_not_the_page_shell() {
    let app = spawn_app().await;
    for path in ["/nope.js", "/favicon.png", "/books/3/cover.jpg"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        let body: serde_json::Value = response.json().await.unwrap();
        assert_eq!(body["code"], "not_found", "{path}");
    }
    let icon = app.get("/favicon.svg").await;
    assert_eq!(icon.status(), 200);
    assert_eq!(icon.headers()["content-type"], "image/svg+xml");
}

#[tokio::test]
async fn assets_are_compressed_when_asked() {
    let app = spawn_app().await;
    let response = app
        .client
        .get(app.url("/assets/app-3f9a1c.js"))
        .header("Accept-Encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["content-encoding"], "gzip");
}

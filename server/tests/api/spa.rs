//! The built app: deep links get the page shell, hashed assets are immutable, the shell is not cached.
use crate::helpers::{spawn_app, spawn_app_with, BROTLI_COPY};

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

#[tokio::test]
async fn a_browser_accepting_brotli_gets_the_builds_own_copy() {
    let app = spawn_app().await;
    let response = app
        .client
        .get(app.url("/assets/app-3f9a1c.js"))
        .header("Accept-Encoding", "gzip, deflate, br")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let headers = response.headers().clone();
    assert_eq!(headers["content-encoding"], "br");
    assert_eq!(headers["vary"], "accept-encoding");
    assert!(headers["content-type"]
        .to_str()
        .unwrap()
        .contains("javascript"));
    assert_eq!(
        headers["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(response.bytes().await.unwrap().as_ref(), BROTLI_COPY);
}

#[tokio::test]
async fn every_page_shell_preloads_the_translations_of_the_language_it_opens_in() {
    let app = spawn_app().await;
    let english = app
        .client
        .get(app.url("/"))
        .header("Accept-Language", "en-US,en;q=0.9")
        .send()
        .await
        .unwrap();
    // `/` opens in the visitor's language, so its answer depends on what they send.
    assert_eq!(english.headers()["vary"], "accept-language, cookie");
    let html = english.text().await.unwrap();
    assert!(html.contains(r#"<html lang="en-US">"#), "{html}");
    assert!(html.contains(r#"href="/_i18n/en/app.json""#), "{html}");
    for (path, lang, tag) in [
        ("/", "zh", "zh-CN"),
        ("/ja/search", "ja", "ja-JP"),
        ("/en/books", "en", "en-US"),
        ("/admin/users", "zh", "zh-CN"),
    ] {
        let html = app.get(path).await.text().await.unwrap();
        assert!(
            html.contains(&format!(r#"<html lang="{tag}">"#)),
            "{path}: {html}"
        );
        assert!(
            html.contains(&format!(r#"href="/_i18n/{lang}/app.json""#)),
            "{path}: {html}"
        );
        assert!(html.contains("Tingshu test shell"), "{path}: {html}");
        assert!(!html.contains(r#"as="image""#), "{path}: {html}");
    }
}

#[tokio::test]
async fn a_book_page_carries_its_own_title_for_crawlers_and_previews() {
    let app = spawn_app_with(|config| config.demo = true).await;
    let books: serde_json::Value = app.get("/api/books").await.json().await.unwrap();
    let book = &books["data"]["items"][0];
    let (id, zh, en) = (
        book["id"].as_i64().unwrap(),
        book["titles"]["zh"].as_str().unwrap(),
        book["titles"]["en"].as_str(),
    );
    // The English title where the book has one, else its Chinese title (as the app shows it).
    let en = en.unwrap_or(zh);
    let page = app.get(&format!("/en/books/{id}")).await;
    assert_eq!(page.status(), 200);
    assert_eq!(page.headers()["cache-control"], "no-cache");
    // The shell's validators describe the file, not this page.
    assert!(page.headers().get("etag").is_none());
    let html = page.text().await.unwrap();
    assert!(
        html.contains(&format!("<title>{en} - Tingshu</title>")),
        "{html}"
    );
    // What the first paint waits for is asked for with the page: its translations and its cover.
    assert!(
        html.contains(r#"<link rel="preload" href="/_i18n/en/app.json" as="fetch" crossorigin>"#),
        "{html}"
    );
    let cover = book["coverUrl"].as_str().expect("a demo cover");
    let srcset = book["coverSrcset"].as_str().expect("its sizes");
    assert!(
        html.contains(&format!(
            r#"<link rel="preload" as="image" href="{cover}" fetchpriority="high" imagesrcset="{srcset}" imagesizes="220px">"#
        )),
        "{html}"
    );

    let chapters: serde_json::Value = app
        .get(&format!("/api/books/{id}/chapters"))
        .await
        .json()
        .await
        .unwrap();
    let chapter = &chapters["data"]["items"][0];
    let html = app
        .get(&format!("/books/{id}/chapters/{}", chapter["id"]))
        .await
        .text()
        .await
        .unwrap();
    let expected = format!(
        "<title>{} · {zh} - 听书</title>",
        chapter["title"].as_str().unwrap()
    );
    assert!(html.contains(&expected), "{html}");

    // An unknown book, or a chapter of another book, gets the site's own shell.
    for path in [
        "/books/999999".to_owned(),
        format!("/books/{}/chapters/999999", id),
    ] {
        let html = app.get(&path).await.text().await.unwrap();
        assert!(
            html.contains("<title>Tingshu test shell</title>"),
            "{path}: {html}"
        );
    }
}

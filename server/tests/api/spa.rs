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
        assert_eq!(
            response.headers()["content-type"],
            "text/html; charset=utf-8",
            "{path}"
        );
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
    // The bare `/` also names the site's default language, for a visitor stating none of ours.
    assert!(
        html.contains(r#"<html lang="en-US" data-default-lang="zh">"#),
        "{html}"
    );
    assert!(html.contains(r#"href="/_i18n/en/app.json""#), "{html}");
    for (path, lang, tag) in [
        ("/", "zh", "zh-CN"),
        ("/ja/search", "ja", "ja-JP"),
        ("/en/books", "en", "en-US"),
        ("/admin/users", "zh", "zh-CN"),
    ] {
        let html = app.get(path).await.text().await.unwrap();
        assert!(
            html.contains(&format!(r#"<html lang="{tag}""#)),
            "{path}: {html}"
        );
        assert_eq!(
            html.contains("data-default-lang"),
            path == "/",
            "only the bare root names the default: {path}: {html}"
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
async fn each_page_shell_paints_its_layouts_frame_in_its_language() {
    let app = spawn_app().await;
    for (path, home, label, product) in [
        ("/books/1", "/", "听书首页", "听书"),
        ("/en/search?q=x", "/en", "Tingshu home", "Tingshu"),
        ("/ja/categories", "/ja", "听书 ホーム", "听书 Tingshu"),
    ] {
        let html = app.get(path).await.text().await.unwrap();
        assert!(
            html.contains(&format!(
                r#"<a class="logo" aria-label="{label}" href="{home}"><span class="logo__name">{product}</span></a>"#
            )),
            "{path}: {html}"
        );
    }
    // The console, registration and the simple pages are framed otherwise: their shell paints
    // nothing.
    for path in [
        "/admin/books",
        "/en/auth/register",
        "/offline",
        "/payment/failed",
    ] {
        let html = app.get(path).await.text().await.unwrap();
        assert!(html.contains(r#"<div id="root"></div>"#), "{path}: {html}");
    }
    // Sign-in paints its own head, with the styles it is drawn with applied from the start.
    let html = app.get("/en/auth/login").await.text().await.unwrap();
    assert!(
        html.contains(r#"<h1 class="auth-page__title">Sign in to Tingshu</h1>"#)
            && !html.contains("logo__name"),
        "{html}"
    );
    assert!(
        html.contains(r#"<link rel="modulepreload" href="/assets/login-7.js" crossorigin><link rel="stylesheet" href="/assets/login-8.css" crossorigin>"#),
        "{html}"
    );
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
            r#"<link rel="preload" as="image" href="{cover}" fetchpriority="high" imagesrcset="{srcset}" imagesizes="(max-width: 600px) 160px, 220px">"#
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

/// The JSON of the page's first-data element, if it has one.
fn first_data_of(html: &str) -> Option<serde_json::Value> {
    let start = r#"<script type="application/json" id="first-data">"#;
    let from = html.find(start)? + start.len();
    let to = from + html[from..].find("</script>")?;
    Some(serde_json::from_str(&html[from..to]).expect("first data is JSON"))
}

#[tokio::test]
async fn a_book_page_and_the_home_page_carry_what_the_api_answers_a_guest_first() {
    let app = spawn_app_with(|config| config.demo = true).await;
    let english = |path: &str| {
        app.client
            .get(app.url(path))
            .header("Accept-Language", "en-US,en;q=0.9")
            .send()
    };
    let api = |path: &'static str| async move {
        let body: serde_json::Value = english(path).await.unwrap().json().await.unwrap();
        body["data"].clone()
    };

    let popular = api("/api/books?sort=popular&pageSize=6").await;
    let home = english("/en").await.unwrap();
    // The page holds today's shelf, so the file's validators no longer describe it.
    assert!(home.headers().get("etag").is_none());
    let html = home.text().await.unwrap();
    let first = first_data_of(&html).expect("the home page's first data");
    assert_eq!(first["lang"], "en");
    assert_eq!(first["popular"], popular);
    assert!(first.get("book").is_none(), "{first}");
    assert!(!html.contains("modulepreload"), "{html}");
    // The covers of its first row are asked for with the page, at the size a shelf draws them;
    // not those below.
    for (index, book) in popular["items"].as_array().unwrap().iter().enumerate() {
        let preload = format!(
            r#"<link rel="preload" as="image" href="{}" fetchpriority="high" imagesrcset="{}" imagesizes="(max-width: 420px) 50vw, 180px">"#,
            book["coverUrl"].as_str().expect("a demo cover"),
            book["coverSrcset"].as_str().expect("its sizes"),
        );
        assert_eq!(html.contains(&preload), index < 2, "book {index}: {html}");
    }
    let lead = &popular["items"][0];

    let id = lead["id"].as_i64().unwrap();
    let html = app.get(&format!("/books/{id}")).await.text().await.unwrap();
    let first = first_data_of(&html).expect("a book page's first data");
    let book: serde_json::Value = app
        .get(&format!("/api/books/{id}"))
        .await
        .json()
        .await
        .unwrap();
    let chapters: serde_json::Value = app
        .get(&format!("/api/books/{id}/chapters?page=1&pageSize=100"))
        .await
        .json()
        .await
        .unwrap();
    // The book page's own files are asked for with it (the build's list); not the home page's,
    // which is part of the shell.
    for link in [
        r#"<link rel="modulepreload" href="/assets/book-page-1.js" crossorigin>"#,
        r#"<link rel="preload" href="/assets/book-page-2.css" as="style" crossorigin>"#,
    ] {
        assert!(html.contains(link), "{html}");
    }
    assert_eq!(first["lang"], "zh");
    assert_eq!(first["book"], book["data"]);
    assert_eq!(first["chapters"], chapters["data"]);
    assert!(first["book"]["me"].is_null(), "a guest's view: {first}");

    // No data for an unknown book, nor for pages that do not open with it. Each page's own
    // module is asked for with it all the same, and no other page's.
    for (path, module) in [
        ("/books/999999", None),
        ("/en/books?sort=newest", Some("/assets/catalog-4.js")),
        ("/books?page=2", Some("/assets/catalog-4.js")),
        ("/books/1/chapters/1", Some("/assets/catalog-4.js")),
        ("/search", Some("/assets/search-3.js")),
        ("/en/about", Some("/assets/static-6.js")),
        ("/contact", None),
    ] {
        let html = app.get(path).await.text().await.unwrap();
        assert_eq!(first_data_of(&html), None, "{path}");
        for other in [
            "book-page-1.js",
            "search-3.js",
            "catalog-4.js",
            "static-6.js",
        ] {
            let link = format!(r#"<link rel="modulepreload" href="/assets/{other}" crossorigin>"#);
            assert_eq!(
                html.contains(&link),
                module.is_some_and(|m| m.ends_with(other)),
                "{path}, {other}: {html}"
            );
        }
    }
}

#[tokio::test]
async fn the_list_pages_carry_their_first_list_and_its_first_rows_covers() {
    let app = spawn_app_with(|config| config.demo = true).await;
    let api = |path: &'static str| {
        let app = &app;
        async move {
            let body: serde_json::Value = app.get(path).await.json().await.unwrap();
            body["data"].clone()
        }
    };
    for (page, field, endpoint) in [
        (
            "/books",
            "books",
            "/api/books?sort=popular&page=1&pageSize=20",
        ),
        ("/categories", "categories", "/api/categories"),
        ("/limited-free", "limitedFree", "/api/limited-free"),
        (
            "/recommendations",
            "recommendations",
            "/api/recommendations",
        ),
    ] {
        let response = app.get(page).await;
        assert!(response.headers().get("etag").is_none(), "{page}");
        let html = response.text().await.unwrap();
        let first = first_data_of(&html).unwrap_or_else(|| panic!("{page}: {html}"));
        let answer = api(endpoint).await;
        assert_eq!(first[field], answer, "{page}");
        assert_eq!(first["lang"], "zh");
        // Only its own list.
        let fields: Vec<&String> = first.as_object().unwrap().keys().collect();
        assert_eq!(fields.len(), 2, "{page}: {first}");
        assert!(
            html.contains(r#"<link rel="modulepreload" href="/assets/catalog-4.js" crossorigin>"#)
                && html.contains(
                    r#"<link rel="preload" href="/assets/catalog-5.css" as="style" crossorigin>"#
                ),
            "{page}: {html}"
        );
        // A grid's first row of covers is asked for with the page, at the size the grid draws
        // them (two rows on recommendations, which has no intro line above its grid); the
        // categories draw small covers of their own, asked for by the page.
        let books: Vec<&serde_json::Value> = match field {
            "books" | "limitedFree" => answer["items"].as_array().unwrap().iter().collect(),
            "recommendations" => answer["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| &r["book"])
                .collect(),
            _ => Vec::new(),
        };
        assert_eq!(books.is_empty(), field == "categories", "{page}: {answer}");
        for (index, book) in books.iter().enumerate() {
            let preload = format!(
                r#"<link rel="preload" as="image" href="{}" fetchpriority="high" imagesrcset="{}" imagesizes="(max-width: 420px) 50vw, 180px">"#,
                book["coverUrl"].as_str().expect("a demo cover"),
                book["coverSrcset"].as_str().expect("its sizes"),
            );
            let first_screen = if field == "recommendations" { 4 } else { 2 };
            assert_eq!(
                html.contains(&preload),
                index < first_screen,
                "{page}, book {index}"
            );
        }
        if field == "categories" {
            assert!(!html.contains(r#"as="image""#), "{html}");
        }
    }
}

#[tokio::test]
async fn a_client_over_its_anti_crawler_budget_gets_pages_without_their_first_data() {
    let app = spawn_app_with(|config| {
        config.demo = true;
        config.anti_crawler.per_minute = 2;
    })
    .await;
    let app = &app;
    let page = |path: &'static str| async move {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(response.status(), 200, "the page itself is never refused");
        response.text().await.unwrap()
    };
    assert!(first_data_of(&page("/books/1").await).is_some());
    assert!(first_data_of(&page("/categories").await).is_some());
    let refused = page("/books/1").await;
    assert!(
        first_data_of(&refused).is_none(),
        "over budget, the data comes through the API (which challenges)"
    );
    assert!(
        !refused.contains("<title>Tingshu test shell</title>"),
        "its card (the book's title) stays: {refused}"
    );
}

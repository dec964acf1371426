//! The listener's own pages in the caller's language: the history, the shelves, the orders and
//! the download grants name each book and chapter in English or Japanese when translated, in
//! Chinese otherwise, and say which language each title is written in.
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, TestApp, TestUser};

/// The languages asked in, with book 1's and its chapter 1's and 2's titles in each.
const TRANSLATED: [(&str, &str, &str, &str); 2] = [
    ("en", "The Time Pawnshop", "Chapter 1", "Chapter 2"),
    ("ja", "時間質屋", "第1話", "第2話"),
];

/// Book 1 (paid, translated): chapter 1 free, chapter 2 sold alone; book 2 (free) has no
/// translation. Every chapter has audio.
async fn translated_shop() -> TestApp {
    let app = spawn_app().await;
    app.storage
        .put_bytes("test/tone.bin", vec![7u8; 4096])
        .await
        .unwrap();
    app.sql("INSERT INTO categories (id, slug, name_zh, name_en, name_ja, created_at) VALUES (1, 'c', '类', 'C', 'C', 0)").await;
    app.sql("INSERT INTO authors (id, name) VALUES (1, '作者')")
        .await;
    app.sql(
        "INSERT INTO books (id, title, title_en, title_ja, author_id, description, category_id, access, price_cny, price_usd, price_jpy, created_at, updated_at) VALUES
         (1, '时间当铺', 'The Time Pawnshop', '時間質屋', 1, '', 1, 'paid', 2990, 499, 700, 0, 0),
         (2, '未译之书', NULL, NULL, 1, '', 1, 'free', NULL, NULL, NULL, 0, 0)",
    )
    .await;
    app.sql(&format!(
        "INSERT INTO assets (id, storage_key, mime, bytes, sha256, duration_secs, created_at) VALUES (1, 'test/tone.bin', 'audio/wav', 4096, '{}', 1.0, 0)",
        "a".repeat(64)
    ))
    .await;
    app.sql(
        "INSERT INTO chapters (id, book_id, idx, title, title_en, title_ja, asset_id, is_free, price_cny, price_usd, price_jpy, created_at) VALUES
         (1, 1, 1, '第1章', 'Chapter 1', '第1話', 1, true, NULL, NULL, NULL, 0),
         (2, 1, 2, '第2章', 'Chapter 2', '第2話', 1, false, 500, 99, 120, 0),
         (3, 2, 1, '第1章', NULL, NULL, 1, true, NULL, NULL, NULL, 0)",
    )
    .await;
    app
}

/// A signed-in request in `lang`, set by `Accept-Language` alone (no `lang` cookie): its data.
async fn data_in(
    app: &TestApp,
    lang: &str,
    method: Method,
    path: &str,
    user: &TestUser,
    body: Option<&Value>,
) -> Value {
    let mut request = app
        .client
        .request(method, app.url(path))
        .bearer_auth(&user.access_token)
        .header("Accept-Language", lang);
    if let Some(body) = body {
        request = request.json(body);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    let answer: Value = response.json().await.unwrap();
    assert_eq!(status, 200, "{path} in {lang}: {answer}");
    answer["data"].clone()
}

/// The listener has listened to chapter 1 of book 1 and chapter 3 of book 2.
async fn listened(app: &TestApp, user: &TestUser) {
    for chapter in [1, 3] {
        data_in(
            app,
            "zh",
            Method::PUT,
            &format!("/api/me/progress/{chapter}"),
            user,
            Some(
                &json!({"positionSecs": 19.0, "durationSecs": 36.0, "updatedAt": 1_000 + chapter}),
            ),
        )
        .await;
    }
}

/// The page's entry for `book`.
fn entry(page: &Value, book: i64) -> Value {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|item| item["book"]["id"] == book)
        .unwrap_or_else(|| panic!("book {book} is not in {page}"))
        .clone()
}

#[tokio::test]
async fn the_history_names_books_and_chapters_in_english_and_japanese() {
    let app = translated_shop().await;
    let user = app.signed_up_user("reader").await;
    listened(&app, &user).await;
    for (lang, book_title, chapter_title, _) in TRANSLATED {
        let history = data_in(&app, lang, Method::GET, "/api/me/history", &user, None).await;
        let translated = entry(&history, 1);
        assert_eq!(translated["book"]["title"], book_title, "{lang}");
        assert_eq!(translated["book"]["titleLang"], lang);
        assert_eq!(translated["chapter"]["title"], chapter_title, "{lang}");
        assert_eq!(translated["chapter"]["titleLang"], lang);
        // Untranslated, it is the Chinese title, and says so.
        let untranslated = entry(&history, 2);
        assert_eq!(untranslated["book"]["titleLang"], "zh");
        assert_eq!(untranslated["chapter"]["title"], "第1章");
        assert_eq!(untranslated["chapter"]["titleLang"], "zh");
    }
}

/// Both books on `shelf`, listened to: each entry names its book and the chapter its progress
/// stopped in, in each language.
async fn shelf_names_in_english_and_japanese(shelf: &str) {
    let app = translated_shop().await;
    let user = app.signed_up_user("reader").await;
    listened(&app, &user).await;
    for book in [1, 2] {
        let path = format!("/api/me/{shelf}/{book}");
        data_in(&app, "zh", Method::PUT, &path, &user, None).await;
    }
    for (lang, book_title, chapter_title, _) in TRANSLATED {
        let page = data_in(
            &app,
            lang,
            Method::GET,
            &format!("/api/me/{shelf}"),
            &user,
            None,
        )
        .await;
        let translated = entry(&page, 1);
        assert_eq!(translated["book"]["title"], book_title, "{shelf} in {lang}");
        assert_eq!(translated["book"]["titleLang"], lang);
        assert_eq!(translated["progress"]["chapterTitle"], chapter_title);
        assert_eq!(translated["progress"]["chapterTitleLang"], lang);
        let untranslated = entry(&page, 2);
        assert_eq!(untranslated["progress"]["chapterTitle"], "第1章");
        assert_eq!(untranslated["progress"]["chapterTitleLang"], "zh");
    }
}

#[tokio::test]
async fn the_bookshelf_names_books_and_their_chapters_in_english_and_japanese() {
    shelf_names_in_english_and_japanese("bookshelf").await;
}

#[tokio::test]
async fn the_favorites_name_books_and_their_chapters_in_english_and_japanese() {
    shelf_names_in_english_and_japanese("favorites").await;
}

/// What an order bought, as its view names it: the book's title and language, the chapter's.
fn named(order: &Value) -> (Value, Value, Value, Value) {
    (
        order["book"]["title"].clone(),
        order["book"]["titleLang"].clone(),
        order["chapter"]["title"].clone(),
        order["chapter"]["titleLang"].clone(),
    )
}

#[tokio::test]
async fn an_order_made_or_cancelled_names_what_it_buys_in_english_and_japanese() {
    let app = translated_shop().await;
    let user = app.signed_up_user("buyer").await;
    for (lang, book_title, _, chapter_title) in TRANSLATED {
        let book = data_in(
            &app,
            lang,
            Method::POST,
            "/api/orders",
            &user,
            Some(&json!({"kind": "book", "bookId": 1})),
        )
        .await;
        assert_eq!(
            named(&book),
            (json!(book_title), json!(lang), Value::Null, Value::Null),
            "{book}"
        );
        assert_eq!(
            book["title"], "时间当铺",
            "the order's record stays as made"
        );
        let chapter = data_in(
            &app,
            lang,
            Method::POST,
            "/api/orders",
            &user,
            Some(&json!({"kind": "chapter", "chapterId": 2})),
        )
        .await;
        assert_eq!(
            named(&chapter),
            (
                json!(book_title),
                json!(lang),
                json!(chapter_title),
                json!(lang)
            ),
            "{chapter}"
        );
        let cancel = format!("/api/orders/{}/cancel", chapter["id"]);
        let cancelled = data_in(&app, lang, Method::POST, &cancel, &user, None).await;
        assert_eq!(cancelled["state"], "cancelled");
        assert_eq!(named(&cancelled), named(&chapter));
    }
}

#[tokio::test]
async fn the_sandbox_checkout_names_what_is_bought_in_the_payers_language() {
    let app = translated_shop().await;
    let user = app.signed_up_user("payer").await;
    for (lang, book_title, _, chapter_title) in TRANSLATED {
        let order = data_in(
            &app,
            lang,
            Method::POST,
            "/api/orders",
            &user,
            Some(&json!({"kind": "chapter", "chapterId": 2})),
        )
        .await;
        let checkout = order["checkoutUrl"].as_str().unwrap();
        let page = app
            .client
            .get(app.url(checkout))
            .header("Accept-Language", lang)
            .send()
            .await
            .unwrap();
        let html = page.text().await.unwrap();
        assert!(
            html.contains(&format!("<p>{book_title} · {chapter_title}</p>")),
            "{lang}: {html}"
        );
    }
    // A book without a translation is named in Chinese, marked as such, on an English page.
    let order = data_in(
        &app,
        "en",
        Method::POST,
        "/api/orders",
        &user,
        Some(&json!({"kind": "book", "bookId": 1})),
    )
    .await;
    app.sql("UPDATE books SET title_en = NULL WHERE id = 1")
        .await;
    let html = app
        .client
        .get(app.url(order["checkoutUrl"].as_str().unwrap()))
        .header("Accept-Language", "en")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        html.contains(r#"<p><span lang="zh-CN">时间当铺</span></p>"#),
        "{html}"
    );
}

#[tokio::test]
async fn the_buyers_orders_name_what_they_bought_in_english_and_japanese() {
    let app = translated_shop().await;
    let user = app.signed_up_user("buyer").await;
    let made = data_in(
        &app,
        "en",
        Method::POST,
        "/api/orders",
        &user,
        Some(&json!({"kind": "chapter", "chapterId": 2})),
    )
    .await;
    let path = format!("/api/orders/{}", made["id"]);
    for (lang, book_title, _, chapter_title) in TRANSLATED {
        let expected = (
            json!(book_title),
            json!(lang),
            json!(chapter_title),
            json!(lang),
        );
        let one = data_in(&app, lang, Method::GET, &path, &user, None).await;
        assert_eq!(named(&one), expected, "{one}");
        let mine = data_in(&app, lang, Method::GET, "/api/me/orders", &user, None).await;
        assert_eq!(named(&mine["items"][0]), expected, "{mine}");
    }
    // The console's order list and detail name them in the operator's language too.
    let boss = app.signed_up_user("boss").await;
    app.sql(&format!(
        "UPDATE users SET user_type = 'admin' WHERE id = {}",
        boss.id
    ))
    .await;
    let detail = format!("/api/admin/orders/{}", made["id"]);
    for (lang, book_title, _, chapter_title) in TRANSLATED {
        let expected = (
            json!(book_title),
            json!(lang),
            json!(chapter_title),
            json!(lang),
        );
        let one = data_in(&app, lang, Method::GET, &detail, &boss, None).await;
        assert_eq!(named(&one), expected, "{one}");
        let all = data_in(&app, lang, Method::GET, "/api/admin/orders", &boss, None).await;
        assert_eq!(named(&all["items"][0]), expected, "{all}");
    }
}

#[tokio::test]
async fn a_download_grant_names_its_book_and_chapters_in_english_and_japanese() {
    let app = translated_shop().await;
    let user = app.signed_up_user("member").await;
    app.sql(&format!(
        "UPDATE users SET subscription_type = 'premium', subscription_expires_at = NULL WHERE id = {}",
        user.id
    ))
    .await;
    for (lang, book_title, chapter_title, _) in TRANSLATED {
        let body = json!({"bookId": 1});
        let grant = data_in(
            &app,
            lang,
            Method::POST,
            "/api/me/downloads",
            &user,
            Some(&body),
        )
        .await;
        assert_eq!(grant["bookTitle"], book_title, "{grant}");
        assert_eq!(grant["bookTitleLang"], lang);
        assert_eq!(grant["items"][0]["title"], chapter_title, "{grant}");
        assert_eq!(grant["items"][0]["titleLang"], lang);
    }
}

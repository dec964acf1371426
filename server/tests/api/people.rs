//! Authors' and narrators' pages, and the catalogue's texts in the caller's language with
//! the language each is written in (zh when a text has no translation).
use serde_json::Value;

use crate::helpers::{spawn_app_with, TestApp};

async fn demo_app() -> TestApp {
    spawn_app_with(|config| config.demo = true).await
}

/// Whether `text` has no Chinese or Japanese characters.
fn latin(value: &Value) -> bool {
    let text = value
        .as_str()
        .unwrap_or_else(|| panic!("not a text: {value}"));
    !text.is_empty() && !text.chars().any(|c| ('\u{3000}'..='\u{9fff}').contains(&c))
}

async fn get_in(app: &TestApp, path: &str, lang: &str) -> (u16, Value) {
    let response = app
        .client
        .get(app.url(path))
        .header("Accept-Language", lang)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

#[tokio::test]
async fn an_authors_and_a_narrators_page_list_their_books_in_the_callers_language() {
    let app = demo_app().await;
    let (_, list) = get_in(&app, "/api/books?pageSize=50", "en").await;
    let books = list["data"]["items"].as_array().unwrap().clone();
    let book = &books[0];
    let author = book["author"]["id"].as_i64().unwrap();
    let narrator = book["narrator"]["id"].as_i64().unwrap();

    let (status, page) = get_in(&app, &format!("/api/authors/{author}"), "en").await;
    assert_eq!(status, 200, "{page}");
    let page = &page["data"];
    assert_eq!(page["name"], book["author"]["name"]);
    assert_eq!(page["nameLang"], "en");
    assert_eq!(page["bioLang"], "en");
    let written: Vec<_> = books
        .iter()
        .filter(|b| b["author"]["id"] == author)
        .map(|b| b["id"].clone())
        .collect();
    let listed: Vec<_> = page["books"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["id"].clone())
        .collect();
    assert_eq!(listed.len(), written.len());
    assert!(written.iter().all(|id| listed.contains(id)));

    let (status, page) = get_in(&app, &format!("/api/narrators/{narrator}"), "zh").await;
    assert_eq!(status, 200);
    assert_eq!(page["data"]["nameLang"], "zh");
    assert!(page["data"]["books"]
        .as_array()
        .unwrap()
        .iter()
        .all(|b| b["narrator"]["id"] == narrator));

    let (status, missing) = get_in(&app, "/api/authors/999999", "en").await;
    assert_eq!(status, 404);
    assert_eq!(missing["message"], "No author with id 999999.");
    let (status, _) = get_in(&app, "/api/narrators/999999", "en").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn an_english_book_page_is_english_and_untranslated_text_says_it_is_chinese() {
    let app = demo_app().await;
    let (_, list) = get_in(&app, "/api/books?pageSize=50", "en").await;
    let with_subtitle = list["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["subtitle"].is_string())
        .unwrap()
        .clone();
    let id = with_subtitle["id"].as_i64().unwrap();
    assert_eq!(with_subtitle["titleLang"], "en");
    assert_eq!(with_subtitle["subtitleLang"], "en");
    assert!(latin(&with_subtitle["subtitle"]));
    assert!(latin(&with_subtitle["author"]["name"]));
    let tag = &with_subtitle["tags"][0];
    assert!(latin(&tag["label"]), "{tag}");
    assert_eq!(tag["lang"], "en");
    assert!(!latin(&tag["name"]), "the filter key stays the zh name");

    let (_, detail) = get_in(&app, &format!("/api/books/{id}"), "en").await;
    assert_eq!(detail["data"]["descriptionLang"], "en");
    assert!(latin(&detail["data"]["description"]));
    let (_, chapters) = get_in(&app, &format!("/api/books/{id}/chapters"), "en").await;
    assert_eq!(chapters["data"]["items"][0]["title"], "Chapter 1");
    assert_eq!(chapters["data"]["items"][0]["titleLang"], "en");
    let (_, chapters) = get_in(&app, &format!("/api/books/{id}/chapters"), "ja").await;
    assert_eq!(chapters["data"]["items"][0]["title"], "第1話");

    // Without a translation the text falls back to Chinese and says so.
    app.sql(&format!(
        "UPDATE books SET description_en = NULL, subtitle_en = '' WHERE id = {id}"
    ))
    .await;
    app.sql("UPDATE chapters SET title_en = NULL").await;
    let (_, detail) = get_in(&app, &format!("/api/books/{id}"), "en").await;
    assert_eq!(detail["data"]["descriptionLang"], "zh");
    assert_eq!(detail["data"]["subtitleLang"], "zh");
    let (_, chapters) = get_in(&app, &format!("/api/books/{id}/chapters"), "en").await;
    assert_eq!(chapters["data"]["items"][0]["title"], "第1章");
    assert_eq!(chapters["data"]["items"][0]["titleLang"], "zh");

    let (_, tags) = get_in(&app, "/api/tags", "ja").await;
    let healing = tags["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "治愈")
        .unwrap()
        .clone();
    assert_eq!(healing["label"], "癒やし");
    assert_eq!(healing["lang"], "ja");
}

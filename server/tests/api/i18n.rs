//! The translation catalogues served to the browser.
use crate::helpers::spawn_app;

#[tokio::test]
async fn each_language_gets_its_merged_catalogue() {
    let app = spawn_app().await;
    for lang in ["zh", "en", "ja"] {
        let response = app.get(&format!("/_i18n/{lang}/messages.json")).await;
        assert_eq!(response.status(), 200, "{lang}");
        assert_eq!(response.headers()["cache-control"], "public, max-age=86400");
        let body: serde_json::Value = response.json().await.unwrap();
        for stem in ["core", "app", "pages"] {
            assert!(body[stem].is_object(), "{lang} lacks {stem}");
        }
    }
    let zh: serde_json::Value = app
        .get("/_i18n/zh/messages.json")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(zh["core"]["time"]["justNow"], "刚刚");
}

#[tokio::test]
async fn an_unchanged_catalogue_answers_304() {
    let app = spawn_app().await;
    let first = app.get("/_i18n/en/messages.json").await;
    let etag = first.headers()["etag"].clone();
    let again = app
        .client
        .get(app.url("/_i18n/en/messages.json"))
        .header("If-None-Match", etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
}

#[tokio::test]
async fn an_unknown_language_is_a_json_404() {
    let app = spawn_app().await;
    let response = app.get("/_i18n/fr/messages.json").await;
    assert_eq!(response.status(), 404);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["code"], "not_found");
    assert!(body["message"].as_str().unwrap().contains("fr"));
}

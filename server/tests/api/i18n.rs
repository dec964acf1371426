//! The translation catalogues served to the browser: one document per language and file.
use crate::helpers::spawn_app;

#[tokio::test]
async fn each_language_gets_each_catalogue_file_under_its_name() {
    let app = spawn_app().await;
    for lang in ["zh", "en", "ja"] {
        for stem in ["app", "core", "pages"] {
            let response = app.get(&format!("/_i18n/{lang}/{stem}.json")).await;
            assert_eq!(response.status(), 200, "{lang} {stem}");
            assert_eq!(response.headers()["cache-control"], "public, max-age=86400");
            let body: serde_json::Value = response.json().await.unwrap();
            let names: Vec<&String> = body.as_object().unwrap().keys().collect();
            assert_eq!(names, [stem], "{lang}: only the file asked for");
            assert!(body[stem].is_object(), "{lang} {stem}");
        }
    }
    let zh: serde_json::Value = app.get("/_i18n/zh/core.json").await.json().await.unwrap();
    assert_eq!(zh["core"]["time"]["justNow"], "刚刚");
    let en: serde_json::Value = app.get("/_i18n/en/pages.json").await.json().await.unwrap();
    assert!(en["pages"]["about"].is_object());
}

/// Spec §7's address: a language's whole catalogue, every file under its own name, cached
/// and revalidated like the files.
#[tokio::test]
async fn each_language_gets_its_whole_catalogue_as_messages_json() {
    let app = spawn_app().await;
    for lang in ["zh", "en", "ja"] {
        let response = app.get(&format!("/_i18n/{lang}/messages.json")).await;
        assert_eq!(response.status(), 200, "{lang}");
        assert_eq!(response.headers()["cache-control"], "public, max-age=86400");
        let etag = response.headers()["etag"].clone();
        let whole: serde_json::Value = response.json().await.unwrap();
        let mut names: Vec<&String> = whole.as_object().unwrap().keys().collect();
        names.sort();
        assert_eq!(names, ["app", "console", "core", "pages", "shop"], "{lang}");
        for stem in ["app", "console", "core", "pages", "shop"] {
            let file: serde_json::Value = app
                .get(&format!("/_i18n/{lang}/{stem}.json"))
                .await
                .json()
                .await
                .unwrap();
            assert_eq!(whole[stem], file[stem], "{lang} {stem}");
        }
        let again = app
            .client
            .get(app.url(&format!("/_i18n/{lang}/messages.json")))
            .header("If-None-Match", etag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), 304, "{lang}");
    }
}

#[tokio::test]
async fn an_unchanged_catalogue_answers_304() {
    let app = spawn_app().await;
    let first = app.get("/_i18n/en/app.json").await;
    let etag = first.headers()["etag"].clone();
    let again = app
        .client
        .get(app.url("/_i18n/en/app.json"))
        .header("If-None-Match", etag.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    let other_file = app.get("/_i18n/en/pages.json").await;
    assert_ne!(
        other_file.headers()["etag"],
        etag,
        "each file has its own tag"
    );
}

#[tokio::test]
async fn an_unknown_language_or_file_is_a_json_404() {
    let app = spawn_app().await;
    let response = app.get("/_i18n/fr/app.json").await;
    assert_eq!(response.status(), 404);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["code"], "not_found");
    assert!(body["message"].as_str().unwrap().contains("fr"));
    for path in [
        "/_i18n/en/nothing.json",
        "/_i18n/en/app",
        "/_i18n/en/messages",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        let body: serde_json::Value = response.json().await.unwrap();
        assert_eq!(body["code"], "not_found", "{path}");
    }
}

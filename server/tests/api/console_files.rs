//! Stored files with their uses, deleting unused ones, the storage check and clean-up, and the
//! dashboard's figures.
use reqwest::Method;
use serde_json::{json, Value};

use crate::{
    console::{create_book, create_category, editor, send},
    covers::png as covers_png,
    helpers::{spawn_app, TestApp, TestUser},
    uploads::{open, patch, upload, wav},
};

async fn admin(app: &TestApp) -> TestUser {
    let user = app.signed_up_user("operator").await;
    app.sql(&format!(
        "UPDATE users SET user_type = 'admin' WHERE id = {}",
        user.id
    ))
    .await;
    user
}

#[tokio::test]
async fn files_show_their_uses_and_only_unused_ones_can_be_deleted() {
    let app = spawn_app().await;
    let editor = editor(&app, "librarian").await;
    let category = create_category(&app, &editor, "files").await;
    let book = create_book(&app, &editor, category, "文件书").await["id"].clone();
    let audio = upload(&app, &editor, "一.wav", "audio", &wav(0.3), 1 << 20).await["asset"].clone();
    let image = upload(
        &app,
        &editor,
        "封面.png",
        "image",
        &covers_png(400, 300),
        1 << 20,
    )
    .await["asset"]
        .clone();
    let spare =
        upload(&app, &editor, "多余.wav", "audio", &wav(0.4), 1 << 20).await["asset"].clone();
    let path = format!("/api/admin/books/{book}/chapters");
    let (status, _) = send(
        &app,
        Method::POST,
        &path,
        &editor,
        Some(&json!({"titleZh": "第1章", "assetId": audio["id"]})),
    )
    .await;
    assert_eq!(status, 200);
    let cover = format!("/api/admin/books/{book}/cover");
    let (status, _) = send(
        &app,
        Method::PUT,
        &cover,
        &editor,
        Some(&json!({"assetId": image["id"]})),
    )
    .await;
    assert_eq!(status, 200);

    let (status, page) = send(
        &app,
        Method::GET,
        "/api/admin/files?used=true&sort=name",
        &editor,
        None,
    )
    .await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["data"]["total"], 2);
    let (_, page) = send(
        &app,
        Method::GET,
        "/api/admin/files?used=false",
        &editor,
        None,
    )
    .await;
    assert_eq!(page["data"]["items"][0]["id"], spare["id"]);
    let (_, page) = send(
        &app,
        Method::GET,
        "/api/admin/files?kind=image",
        &editor,
        None,
    )
    .await;
    let file = &page["data"]["items"][0];
    assert_eq!(file["covers"][0]["titleZh"], "文件书");
    assert_eq!(file["inUse"], true);
    let (_, found) = send(
        &app,
        Method::GET,
        &format!("/api/admin/files/{}", audio["id"]),
        &editor,
        None,
    )
    .await;
    assert_eq!(found["data"]["chapters"][0]["bookTitle"], "文件书");
    assert_eq!(found["data"]["chapterCount"], 1);
    let (_, page) = send(&app, Method::GET, "/api/admin/files?q=多余", &editor, None).await;
    assert_eq!(page["data"]["total"], 1);
    let (status, _) = send(
        &app,
        Method::GET,
        "/api/admin/files?kind=video",
        &editor,
        None,
    )
    .await;
    assert_eq!(status, 400);

    // The bytes, for an editor's <audio> element (a token in the address).
    let content = app
        .client
        .get(app.url(&format!(
            "/api/admin/files/{}/content?token={}",
            spare["id"], editor.access_token
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(content.status(), 200);
    assert_eq!(content.bytes().await.unwrap().len(), wav(0.4).len());

    for used in [&audio, &image] {
        let (status, body) = send(
            &app,
            Method::DELETE,
            &format!("/api/admin/files/{}", used["id"]),
            &editor,
            None,
        )
        .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("file_in_use")),
            "{body}"
        );
    }
    let key: String = file_key(&app, spare["id"].as_i64().unwrap()).await;
    assert!(app.storage.exists(&key).await.unwrap());
    let (status, _) = send(
        &app,
        Method::DELETE,
        &format!("/api/admin/files/{}", spare["id"]),
        &editor,
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert!(
        !app.storage.exists(&key).await.unwrap(),
        "the object goes with the file"
    );
    assert_eq!(app.sql_count("SELECT COUNT(*) FROM assets").await, 2);
}

async fn file_key(app: &TestApp, id: i64) -> String {
    use sea_orm::ConnectionTrait;
    let row = app
        .db
        .query_one_raw(sea_orm::Statement::from_string(
            app.db.get_database_backend(),
            format!("SELECT storage_key FROM assets WHERE id = {id}"),
        ))
        .await
        .unwrap()
        .unwrap();
    row.try_get_by_index(0).unwrap()
}

#[tokio::test]
async fn the_storage_check_finds_orphans_and_missing_objects_and_cleans_old_orphans() {
    let app = spawn_app().await;
    let admin = admin(&app).await;
    let kept = upload(&app, &admin, "kept.wav", "audio", &wav(0.3), 1 << 20).await["asset"].clone();
    let lost = upload(&app, &admin, "lost.wav", "audio", &wav(0.5), 1 << 20).await["asset"].clone();
    let lost_key = file_key(&app, lost["id"].as_i64().unwrap()).await;
    app.storage.delete(&lost_key).await.unwrap();
    app.storage
        .put_bytes("stray/old.bin", vec![1; 100])
        .await
        .unwrap();
    app.storage
        .put_bytes("stray/new.bin", vec![2; 50])
        .await
        .unwrap();
    // The old orphan was written two hours ago.
    let old = app.storage.local_path("stray/old.bin").unwrap();
    std::fs::File::options()
        .write(true)
        .open(&old)
        .unwrap()
        .set_modified(std::time::SystemTime::now() - std::time::Duration::from_secs(7200))
        .unwrap();

    // An upload abandoned two hours ago, a stray part file as old, and an upload in progress.
    let two_hours_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(7200);
    let age = |path: std::path::PathBuf| {
        std::fs::File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(two_hours_ago)
            .unwrap();
    };
    let staging = app.config.data_dir.join("uploads");
    let (_, abandoned) = open(&app, &admin, "left.wav", "audio", 1000).await;
    let abandoned = abandoned["data"]["id"].as_str().unwrap().to_owned();
    let (status, _, _) = patch(&app, &admin, &abandoned, 0, vec![3; 300]).await;
    assert_eq!(status, 204);
    app.sql(&format!(
        "UPDATE uploads SET updated_at = updated_at - 7200000 WHERE id = '{abandoned}'"
    ))
    .await;
    age(staging.join(format!("{abandoned}.part")));
    std::fs::write(staging.join("stray.part"), vec![4; 40]).unwrap();
    age(staging.join("stray.part"));
    let (_, going) = open(&app, &admin, "going.wav", "audio", 1000).await;
    let going = going["data"]["id"].as_str().unwrap().to_owned();
    let (status, _, _) = patch(&app, &admin, &going, 0, vec![5; 200]).await;
    assert_eq!(status, 204);

    let (status, summary) = send(&app, Method::GET, "/api/admin/storage", &admin, None).await;
    assert_eq!(status, 200, "{summary}");
    assert_eq!(summary["data"]["kind"], "local");
    assert_eq!(summary["data"]["files"][0]["count"], 2);
    assert!(summary["data"]["diskFreeBytes"].as_u64().unwrap() > 0);

    let (status, check) = send(&app, Method::POST, "/api/admin/storage/check", &admin, None).await;
    assert_eq!(status, 200, "{check}");
    let check = &check["data"];
    assert_eq!(check["orphanCount"], 2);
    assert_eq!(check["orphanBytes"], 150);
    assert_eq!(check["orphans"][0]["key"], "stray/old.bin", "oldest first");
    assert_eq!(check["missingCount"], 1);
    assert_eq!(check["missing"][0]["assetId"], lost["id"]);
    assert_eq!(check["objects"], 3);

    let (status, cleanup) =
        send(&app, Method::POST, "/api/admin/storage/clean", &admin, None).await;
    assert_eq!(status, 200);
    assert_eq!(
        cleanup["data"],
        json!({"deleted": 1, "bytes": 100, "keptRecent": 1, "uploadsDropped": 2, "uploadBytes": 340})
    );
    assert!(!staging.join(format!("{abandoned}.part")).exists());
    assert!(!staging.join("stray.part").exists());
    assert!(
        staging.join(format!("{going}.part")).exists(),
        "the upload in progress was dropped"
    );
    assert!(!app.storage.exists("stray/old.bin").await.unwrap());
    assert!(app.storage.exists("stray/new.bin").await.unwrap());
    assert!(app
        .storage
        .exists(&file_key(&app, kept["id"].as_i64().unwrap()).await)
        .await
        .unwrap());
    assert_eq!(
        app.sql_count("SELECT COUNT(*) FROM audit_log WHERE action = 'storage.clean'")
            .await,
        1
    );
    // An editor (manage:books) is refused the storage endpoints.
    let editor = editor(&app, "notsystem").await;
    let (status, _) = send(&app, Method::GET, "/api/admin/storage", &editor, None).await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn the_dashboard_counts_from_the_database() {
    let app = spawn_app().await;
    let editor = editor(&app, "watcher").await;
    let category = create_category(&app, &editor, "dash").await;
    let book = create_book(&app, &editor, category, "仪表书").await["id"].clone();
    let path = format!("/api/admin/books/{book}/chapters");
    send(
        &app,
        Method::POST,
        &path,
        &editor,
        Some(&json!({"titleZh": "无音频"})),
    )
    .await;
    let (status, body) = send(&app, Method::GET, "/api/admin/dashboard", &editor, None).await;
    assert_eq!(status, 200, "{body}");
    let figures: &Value = &body["data"];
    assert_eq!(figures["books"], 1);
    assert_eq!(figures["publishedBooks"], 0);
    assert_eq!(figures["chapters"], 1);
    assert_eq!(figures["chaptersWithoutAudio"], 1);
    assert_eq!(figures["users"], 1);
    assert_eq!(figures["newUsers"]["last24h"], 1);
    assert_eq!(figures["recentChanges"][0]["action"], "chapter.create");
    assert_eq!(figures["recentChanges"][0]["actorName"], "watcher");
}

#[tokio::test]
async fn the_dashboard_names_a_changed_book_by_its_title_in_the_request_language() {
    let app = spawn_app().await;
    let editor = editor(&app, "titles").await;
    let category = create_category(&app, &editor, "titled").await;
    let kept = create_book(&app, &editor, category, "留下的书").await["id"].clone();
    let gone = create_book(&app, &editor, category, "删掉的书").await["id"].clone();
    let untranslated = create_book(&app, &editor, category, "没有译名的书").await["id"].clone();
    app.sql(&format!(
        "UPDATE books SET title_en = 'The Kept Book' WHERE id = {kept}"
    ))
    .await;
    app.sql(&format!(
        "UPDATE books SET title_en = NULL WHERE id = {untranslated}"
    ))
    .await;
    let (status, body) = send(
        &app,
        Method::DELETE,
        &format!("/api/admin/books/{gone}"),
        &editor,
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = send(&app, Method::GET, "/api/admin/dashboard", &editor, None).await;
    assert_eq!(status, 200, "{body}");
    let changes = body["data"]["recentChanges"].as_array().unwrap().clone();
    let title_of = |id: &Value, action: &str| {
        changes
            .iter()
            .find(|c| {
                let entity_id = c["entityId"].as_str().and_then(|s| s.parse::<i64>().ok());
                entity_id == id.as_i64() && c["action"] == action
            })
            .map(|c| c["bookTitle"].clone())
            .unwrap()
    };
    // `send` asks in English: the English title, the zh one without it, none once deleted.
    assert_eq!(title_of(&kept, "book.create"), "The Kept Book");
    assert_eq!(title_of(&untranslated, "book.create"), "没有译名的书");
    assert_eq!(title_of(&gone, "book.create"), Value::Null);
    assert_eq!(title_of(&gone, "book.delete"), Value::Null);
    let category_change = changes.iter().find(|c| c["entity"] == "category").unwrap();
    assert_eq!(category_change["bookTitle"], Value::Null);
}

//! The console's catalogue endpoints: an editor's books and categories, each change in the
//! audit log and seen by listeners at once; forms refused field by field; concurrent editors.
use futures_util::future::join_all;
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, TestApp, TestUser};

/// A listener given the `editor` role (manage:books, not manage:system).
pub async fn editor(app: &TestApp, name: &str) -> TestUser {
    let user = app.signed_up_user(name).await;
    app.sql(&format!(
        "INSERT INTO user_roles (user_id, role_id) SELECT {}, id FROM roles WHERE name = 'editor'",
        user.id
    ))
    .await;
    user
}

pub async fn send(
    app: &TestApp,
    method: Method,
    path: &str,
    user: &TestUser,
    body: Option<&Value>,
) -> (u16, Value) {
    let response = app
        .client
        .request(method, app.url(path))
        .bearer_auth(&user.access_token)
        .header("accept-language", "en")
        .json(body.unwrap_or(&Value::Null))
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

pub async fn create_category(app: &TestApp, user: &TestUser, slug: &str) -> i64 {
    let body = json!({"slug": slug, "nameZh": "悬疑", "nameEn": "Mystery", "nameJa": "ミステリー"});
    let (status, answer) = send(
        app,
        Method::POST,
        "/api/admin/categories",
        user,
        Some(&body),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    answer["data"]["id"].as_i64().unwrap()
}

fn book_form(category_id: i64, title: &str) -> Value {
    json!({
        "titleZh": title,
        "titleEn": "The Quiet Lighthouse",
        "descriptionZh": "海边灯塔里的一桩旧案。",
        "author": "沈默",
        "narrator": "林夕",
        "categoryId": category_id,
        "tags": ["悬疑", "海边"],
        "status": "serialising",
        "access": "free"
    })
}

pub async fn create_book(app: &TestApp, user: &TestUser, category_id: i64, title: &str) -> Value {
    let form = book_form(category_id, title);
    let (status, answer) = send(app, Method::POST, "/api/admin/books", user, Some(&form)).await;
    assert_eq!(status, 200, "{answer}");
    answer["data"].clone()
}

/// The audit rows of one record, oldest first: (action, actor name, ip, before, after).
pub async fn audit_rows(
    app: &TestApp,
    entity: &str,
    id: i64,
) -> Vec<(String, String, Option<String>, Option<Value>, Option<Value>)> {
    use sea_orm::{ConnectionTrait, Statement};
    let rows = app
        .db
        .query_all_raw(Statement::from_string(
            app.db.get_database_backend(),
            format!(
                "SELECT action, actor_name, ip, before, after FROM audit_log \
                 WHERE entity = '{entity}' AND entity_id = '{id}' ORDER BY id"
            ),
        ))
        .await
        .unwrap();
    rows.iter()
        .map(|row| {
            let json = |column: &str| {
                row.try_get::<Option<String>>("", column)
                    .unwrap()
                    .map(|text| serde_json::from_str(&text).unwrap())
            };
            (
                row.try_get("", "action").unwrap(),
                row.try_get("", "actor_name").unwrap(),
                row.try_get("", "ip").unwrap(),
                json("before"),
                json("after"),
            )
        })
        .collect()
}

async fn public_status(app: &TestApp, path: &str) -> u16 {
    app.get(path).await.status().as_u16()
}

async fn listed_ids(app: &TestApp) -> Vec<i64> {
    let page: Value = app
        .get("/api/books?pageSize=50&sort=newest")
        .await
        .json()
        .await
        .unwrap();
    page["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|book| book["id"].as_i64().unwrap())
        .collect()
}

async fn search_ids(app: &TestApp, q: &str) -> Vec<i64> {
    let response = app
        .client
        .get(app.url("/api/search"))
        .query(&[("q", q)])
        .send()
        .await
        .unwrap();
    let found: Value = response.json().await.unwrap();
    found["data"]["items"]
        .as_array()
        .unwrap_or_else(|| panic!("search {q}: {found}"))
        .iter()
        .map(|item| item["book"]["id"].as_i64().unwrap())
        .collect()
}

/// The public book `id` as a listener reading in `lang` sees it.
async fn public_book(app: &TestApp, id: i64, lang: &str) -> Value {
    let answer: Value = app
        .client
        .get(app.url(&format!("/api/books/{id}")))
        .header("accept-language", lang)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    answer["data"].clone()
}

#[tokio::test]
async fn the_author_narrator_and_tags_are_named_in_english_and_japanese_with_zh_as_fallback() {
    let app = spawn_app().await;
    let editor = editor(&app, "translator").await;
    let category = create_category(&app, &editor, "scifi").await;
    let mut form = book_form(category, "三体");
    form["authorEn"] = json!("Shen Mo");
    form["authorJa"] = json!("沈黙");
    form["narratorEn"] = json!("Lin Xi");
    form["tags"] = json!(["悬疑", "海边"]);
    form["tagsEn"] = json!(["Mystery", ""]);
    form["tagsJa"] = json!(["ミステリー", "海辺"]);
    let (status, answer) = send(&app, Method::POST, "/api/admin/books", &editor, Some(&form)).await;
    assert_eq!(status, 200, "{answer}");
    let book = &answer["data"];
    let id = book["id"].as_i64().unwrap();
    assert_eq!(book["authorEn"], "Shen Mo");
    assert_eq!(book["authorJa"], "沈黙");
    assert_eq!(book["narratorEn"], "Lin Xi");
    assert_eq!(book["narratorJa"], Value::Null);
    assert_eq!(book["tagsEn"], json!(["Mystery", null]));
    assert_eq!(book["tagsJa"], json!(["ミステリー", "海辺"]));
    let bulk = json!({"action": "publish", "ids": [id]});
    let (status, _) = send(
        &app,
        Method::POST,
        "/api/admin/books/bulk",
        &editor,
        Some(&bulk),
    )
    .await;
    assert_eq!(status, 200);

    let english = public_book(&app, id, "en").await;
    assert_eq!(english["author"]["name"], "Shen Mo");
    assert_eq!(english["narrator"]["name"], "Lin Xi");
    let japanese = public_book(&app, id, "ja").await;
    assert_eq!(japanese["author"]["name"], "沈黙");
    // No Japanese name for the narrator: the zh one.
    assert_eq!(japanese["narrator"]["name"], "林夕");

    // An edit that leaves a name out keeps the stored one; one that gives it replaces it.
    let mut edit = book_form(category, "三体");
    edit["authorEn"] = json!("Mo Shen");
    let path = format!("/api/admin/books/{id}");
    let (status, answer) = send(&app, Method::PUT, &path, &editor, Some(&edit)).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["data"]["authorEn"], "Mo Shen");
    assert_eq!(answer["data"]["authorJa"], "沈黙");
    assert_eq!(answer["data"]["tagsEn"], json!(["Mystery", null]));

    // Longer than a name may be: refused on that field.
    let mut long = book_form(category, "三体");
    long["narratorJa"] = json!("長".repeat(101));
    let (status, answer) = send(&app, Method::PUT, &path, &editor, Some(&long)).await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer.to_string().contains("narratorJa"), "{answer}");
}

#[tokio::test]
async fn an_editor_creates_a_book_unseen_until_published_then_listeners_see_it_at_once() {
    let app = spawn_app().await;
    let editor = editor(&app, "editor").await;
    let category = create_category(&app, &editor, "mystery").await;
    let book = create_book(&app, &editor, category, "静默灯塔").await;
    let id = book["id"].as_i64().unwrap();
    assert_eq!(book["published"], false);
    assert_eq!(book["author"], "沈默");
    assert_eq!(book["narrator"], "林夕");
    assert_eq!(book["tags"], json!(["悬疑", "海边"]));

    // Not published: the console sees it, listeners do not.
    let (status, _) = send(
        &app,
        Method::GET,
        &format!("/api/admin/books/{id}"),
        &editor,
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(public_status(&app, &format!("/api/books/{id}")).await, 404);
    assert!(!listed_ids(&app).await.contains(&id));
    assert!(search_ids(&app, "静默灯塔").await.is_empty());

    // Published: the very next requests see it (no cache wait), search included.
    let bulk = json!({"action": "publish", "ids": [id, id, 999_999]});
    let (status, answer) = send(
        &app,
        Method::POST,
        "/api/admin/books/bulk",
        &editor,
        Some(&bulk),
    )
    .await;
    assert_eq!(
        (status, answer["data"]["changed"].as_u64()),
        (200, Some(1)),
        "{answer}"
    );
    assert_eq!(public_status(&app, &format!("/api/books/{id}")).await, 200);
    assert!(listed_ids(&app).await.contains(&id));
    assert_eq!(search_ids(&app, "静默灯塔").await, [id]);
    assert_eq!(
        search_ids(&app, "jingmo dengta").await,
        [id],
        "found in pinyin too"
    );

    // Unpublished again: gone from all three at once.
    let bulk = json!({"action": "unpublish", "ids": [id]});
    let (status, _) = send(
        &app,
        Method::POST,
        "/api/admin/books/bulk",
        &editor,
        Some(&bulk),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(public_status(&app, &format!("/api/books/{id}")).await, 404);
    assert!(!listed_ids(&app).await.contains(&id));
    assert!(search_ids(&app, "静默灯塔").await.is_empty());

    let rows = audit_rows(&app, "book", id).await;
    let actions: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(actions, ["book.create", "book.publish", "book.unpublish"]);
    let (_, actor, ip, before, after) = &rows[1];
    assert_eq!(actor, &editor.username);
    assert_eq!(ip.as_deref(), Some("127.0.0.1"));
    assert_eq!(before.as_ref().unwrap()["published"], false);
    assert_eq!(after.as_ref().unwrap()["published"], true);
    assert!(rows[0].3.is_none(), "a creation has no before");
}

#[tokio::test]
async fn an_edit_changes_every_field_records_before_and_after_and_is_searchable_at_once() {
    let app = spawn_app().await;
    let editor = editor(&app, "editor").await;
    let first = create_category(&app, &editor, "mystery").await;
    let second = create_category(&app, &editor, "classics").await;
    let book = create_book(&app, &editor, first, "琥珀").await;
    let id = book["id"].as_i64().unwrap();
    let bulk = json!({"action": "publish", "ids": [id]});
    send(
        &app,
        Method::POST,
        "/api/admin/books/bulk",
        &editor,
        Some(&bulk),
    )
    .await;

    let mut form = book_form(second, "潮汐之书");
    form["titleJa"] = json!("潮の書");
    form["descriptionEn"] = json!("An old case in a lighthouse.");
    form["tags"] = json!(["经典"]);
    form["access"] = json!("paid");
    form["priceCny"] = json!(1800);
    form["priceUsd"] = json!(299);
    form["priceJpy"] = json!(380);
    form["narrator"] = json!("");
    let (status, answer) = send(
        &app,
        Method::PUT,
        &format!("/api/admin/books/{id}"),
        &editor,
        Some(&form),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    let after = &answer["data"];
    assert_eq!(after["titleZh"], "潮汐之书");
    assert_eq!(after["titleJa"], "潮の書");
    assert_eq!(after["categoryId"], second);
    assert_eq!(after["tags"], json!(["经典"]));
    assert_eq!(
        (after["access"].as_str(), after["priceJpy"].as_i64()),
        (Some("paid"), Some(380))
    );
    assert_eq!(
        after["narrator"],
        Value::Null,
        "a blank narrator is removed"
    );
    assert!(after["updatedAt"].as_i64() >= book["updatedAt"].as_i64());

    assert_eq!(search_ids(&app, "潮汐之书").await, [id]);
    assert!(
        search_ids(&app, "琥珀").await.is_empty(),
        "the old title is gone"
    );
    let detail: Value = app
        .get(&format!("/api/books/{id}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(detail["data"]["access"], "paid");

    let rows = audit_rows(&app, "book", id).await;
    let (action, _, _, before, after) = rows.last().unwrap();
    assert_eq!(action, "book.update");
    assert_eq!(before.as_ref().unwrap()["titleZh"], "琥珀");
    assert_eq!(after.as_ref().unwrap()["titleZh"], "潮汐之书");
}

#[tokio::test]
async fn a_bad_form_is_refused_field_by_field_in_the_callers_language_and_writes_nothing() {
    let app = spawn_app().await;
    let editor = editor(&app, "editor").await;
    let category = create_category(&app, &editor, "mystery").await;
    let form = json!({"titleZh": " ", "author": "新作者", "categoryId": category, "status": "done",
        "access": "paid", "priceCny": 12.5});
    let (status, answer) = send(&app, Method::POST, "/api/admin/books", &editor, Some(&form)).await;
    assert_eq!(status, 400);
    assert_eq!(answer["code"], "validation_failed");
    let fields = &answer["fields"];
    assert_eq!(fields["titleZh"], "This field is required.");
    assert_eq!(fields["descriptionZh"], "This field is required.");
    assert_eq!(fields["status"], "Must be one of: serialising, finished.");
    assert_eq!(
        fields["priceCny"],
        "Must be a whole number from 0 to 100000000."
    );
    assert_eq!(fields["priceUsd"], "This field is required.");

    // A form that passes the rules but names a missing category: nothing is written, not
    // even the new author.
    let mut form = book_form(category + 100, "无处可去");
    form["author"] = json!("不该出现的作者");
    let (status, answer) = send(&app, Method::POST, "/api/admin/books", &editor, Some(&form)).await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(answer["fields"]["categoryId"], "No such category.");
    assert_eq!(
        app.sql_count("SELECT COUNT(*) FROM authors WHERE name = '不该出现的作者'")
            .await,
        0
    );
    assert_eq!(
        app.sql_count("SELECT COUNT(*) FROM books WHERE title = '无处可去'")
            .await,
        0
    );
    assert_eq!(
        app.sql_count("SELECT COUNT(*) FROM audit_log WHERE entity = 'book'")
            .await,
        0
    );

    let (status, answer) = send(&app, Method::GET, "/api/admin/books/999999", &editor, None).await;
    assert_eq!(
        (status, answer["message"].as_str()),
        (404, Some("No book with id 999999."))
    );
    let (status, answer) = send(
        &app,
        Method::GET,
        "/api/admin/books?sort=best",
        &editor,
        None,
    )
    .await;
    assert_eq!(status, 400);
    assert!(answer["fields"]["sort"].is_string(), "{answer}");
}

#[tokio::test]
async fn the_list_searches_filters_sorts_and_pages_every_book() {
    let app = spawn_app().await;
    let editor = editor(&app, "editor").await;
    let mystery = create_category(&app, &editor, "mystery").await;
    let classics = create_category(&app, &editor, "classics").await;
    let mut ids = Vec::new();
    for (i, title) in ["琥珀", "潮汐", "雾港", "星河"].iter().enumerate() {
        let category = if i % 2 == 0 { mystery } else { classics };
        ids.push(
            create_book(&app, &editor, category, title).await["id"]
                .as_i64()
                .unwrap(),
        );
    }
    let bulk = json!({"action": "publish", "ids": [ids[0], ids[1]]});
    send(
        &app,
        Method::POST,
        "/api/admin/books/bulk",
        &editor,
        Some(&bulk),
    )
    .await;

    let list = |query: &'static str| {
        let app = &app;
        let editor = &editor;
        async move {
            let (status, answer) = send(
                app,
                Method::GET,
                &format!("/api/admin/books?{query}"),
                editor,
                None,
            )
            .await;
            assert_eq!(status, 200, "{query}: {answer}");
            let ids: Vec<i64> = answer["data"]["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| b["id"].as_i64().unwrap())
                .collect();
            (ids, answer["data"]["total"].as_u64().unwrap())
        }
    };
    let (all, total) = list("sort=newest").await;
    assert_eq!(total, 4);
    assert_eq!(all, [ids[3], ids[2], ids[1], ids[0]]);
    assert_eq!(list("published=true").await.1, 2);
    assert_eq!(
        list("published=false&sort=newest").await.0,
        [ids[3], ids[2]]
    );
    let category_query = format!("category={classics}&sort=newest");
    let (status, answer) = send(
        &app,
        Method::GET,
        &format!("/api/admin/books?{category_query}"),
        &editor,
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(answer["data"]["total"], 2);
    // The search index finds unpublished books too, by title, pinyin, author or id.
    assert_eq!(
        list("q=%E9%9B%BE%E6%B8%AF").await.0,
        [ids[2]],
        "雾港, not published"
    );
    assert_eq!(list("q=chaoxi").await.0, [ids[1]], "pinyin");
    assert_eq!(list("q=%E6%B2%88%E9%BB%98").await.1, 4, "the author's name");
    let by_id = format!("q={}", ids[3]);
    let (status, answer) = send(
        &app,
        Method::GET,
        &format!("/api/admin/books?{by_id}"),
        &editor,
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(answer["data"]["items"][0]["id"], ids[3]);
    assert_eq!(list("q=zzzzqqqq").await, (vec![], 0), "nothing found");
    // A search keeps the chosen order (the database's own title order).
    assert_eq!(
        list("q=%E6%B2%88%E9%BB%98&sort=title").await.0,
        list("sort=title").await.0
    );
    assert_eq!(list("q=%E6%B2%88%E9%BB%98&sort=newest").await.0, all);
    let (page, total) = list("pageSize=3&page=2&sort=newest").await;
    assert_eq!((page, total), (vec![ids[0]], 4));
}

#[tokio::test]
async fn a_category_with_books_is_deleted_only_by_moving_them() {
    let app = spawn_app().await;
    let editor = editor(&app, "editor").await;
    let old = create_category(&app, &editor, "old-shelf").await;
    let new = create_category(&app, &editor, "new-shelf").await;
    let book = create_book(&app, &editor, old, "旧书").await;
    let book_id = book["id"].as_i64().unwrap();

    let path = format!("/api/admin/categories/{old}");
    let (status, answer) = send(&app, Method::DELETE, &path, &editor, None).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (409, Some("category_not_empty")),
        "{answer}"
    );
    assert_eq!(
        answer["message"],
        "The category still holds 1 books; move them to another category first."
    );
    assert!(answer["fields"]["moveTo"].is_string());
    let (status, answer) = send(
        &app,
        Method::DELETE,
        &format!("{path}?moveTo={old}"),
        &editor,
        None,
    )
    .await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(
        app.sql_count(&format!("SELECT COUNT(*) FROM books WHERE id = {book_id}"))
            .await,
        1
    );

    let (status, _) = send(
        &app,
        Method::DELETE,
        &format!("{path}?moveTo={new}"),
        &editor,
        None,
    )
    .await;
    assert_eq!(status, 200);
    let (_, moved) = send(
        &app,
        Method::GET,
        &format!("/api/admin/books/{book_id}"),
        &editor,
        None,
    )
    .await;
    assert_eq!(
        moved["data"]["categoryId"], new,
        "the book survived and moved"
    );
    let (_, list) = send(&app, Method::GET, "/api/admin/categories", &editor, None).await;
    let slugs: Vec<&str> = list["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["slug"].as_str())
        .collect();
    assert!(
        !slugs.contains(&"old-shelf") && slugs.contains(&"new-shelf"),
        "{slugs:?}"
    );
    let rows = audit_rows(&app, "category", old).await;
    let actions: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(
        actions,
        ["category.create", "category.moveBooks", "category.delete"]
    );
    assert_eq!(rows[1].4.as_ref().unwrap()["bookIds"], json!([book_id]));
}

#[tokio::test]
async fn category_slugs_are_unique_and_a_category_never_sits_under_itself() {
    let app = spawn_app().await;
    let editor = editor(&app, "editor").await;
    let parent = create_category(&app, &editor, "fiction").await;
    let body = json!({"slug": "fiction", "nameZh": "小说", "nameEn": "Fiction", "nameJa": "小説"});
    let (status, answer) = send(
        &app,
        Method::POST,
        "/api/admin/categories",
        &editor,
        Some(&body),
    )
    .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (409, Some("already_taken"))
    );
    assert!(answer["fields"]["slug"].is_string());

    let child_body = json!({"slug": "wuxia", "nameZh": "武侠", "nameEn": "Wuxia", "nameJa": "武侠", "parentId": parent});
    let (status, child) = send(
        &app,
        Method::POST,
        "/api/admin/categories",
        &editor,
        Some(&child_body),
    )
    .await;
    assert_eq!(status, 200);
    let child = child["data"]["id"].as_i64().unwrap();
    let looped = json!({"slug": "fiction", "nameZh": "小说", "nameEn": "Fiction", "nameJa": "小説", "parentId": child});
    let (status, answer) = send(
        &app,
        Method::PUT,
        &format!("/api/admin/categories/{parent}"),
        &editor,
        Some(&looped),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        answer["fields"]["parentId"],
        "A category cannot sit under itself or one of its subcategories."
    );
    let bad = json!({"slug": "Not A Slug", "nameZh": "x", "nameEn": "x", "nameJa": "x"});
    let (status, answer) = send(
        &app,
        Method::POST,
        "/api/admin/categories",
        &editor,
        Some(&bad),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        answer["fields"]["slug"],
        "Use lower-case letters, digits and single hyphens, like wuxia."
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_editors_creating_books_with_one_new_tag_and_author_all_succeed() {
    let app = spawn_app().await;
    let editors = [editor(&app, "editor1").await, editor(&app, "editor2").await];
    let category = create_category(&app, &editors[0], "mystery").await;
    let creations = (0..12).map(|i| {
        let app = &app;
        let editor = &editors[i % 2];
        async move {
            let mut form = book_form(category, &format!("并发之书 {i}"));
            form["tags"] = json!(["同一个新标签"]);
            form["author"] = json!("同一位作者");
            send(app, Method::POST, "/api/admin/books", editor, Some(&form)).await
        }
    });
    let answers = join_all(creations).await;
    for (status, answer) in &answers {
        assert_eq!(*status, 200, "{answer}");
    }
    assert_eq!(
        app.sql_count("SELECT COUNT(*) FROM books WHERE title LIKE '并发之书%'")
            .await,
        12
    );
    assert_eq!(
        app.sql_count("SELECT COUNT(*) FROM tags WHERE name = '同一个新标签'")
            .await,
        1
    );
    assert_eq!(
        app.sql_count("SELECT COUNT(*) FROM audit_log WHERE action = 'book.create'")
            .await,
        12
    );

    // Both editors change one book at once: both changes are answered, the last one stays,
    // and each is in the audit log.
    let id = answers[0].1["data"]["id"].as_i64().unwrap();
    let updates = editors.iter().enumerate().map(|(i, editor)| {
        let app = &app;
        async move {
            let form = book_form(category, &format!("改名 {i}"));
            send(
                app,
                Method::PUT,
                &format!("/api/admin/books/{id}"),
                editor,
                Some(&form),
            )
            .await
            .0
        }
    });
    assert_eq!(join_all(updates).await, [200, 200]);
    let rows = audit_rows(&app, "book", id).await;
    assert_eq!(rows.iter().filter(|r| r.0 == "book.update").count(), 2);
    let last_after = rows.last().unwrap().4.as_ref().unwrap()["titleZh"].clone();
    let (_, now) = send(
        &app,
        Method::GET,
        &format!("/api/admin/books/{id}"),
        &editors[0],
        None,
    )
    .await;
    assert_eq!(now["data"]["titleZh"], last_after);
}

#[tokio::test]
async fn deleting_books_removes_them_everywhere_and_bulk_actions_are_bounded() {
    let app = spawn_app().await;
    let editor = editor(&app, "editor").await;
    let category = create_category(&app, &editor, "mystery").await;
    let a = create_book(&app, &editor, category, "甲").await["id"]
        .as_i64()
        .unwrap();
    let b = create_book(&app, &editor, category, "乙").await["id"]
        .as_i64()
        .unwrap();
    let bulk = json!({"action": "publish", "ids": [a, b]});
    send(
        &app,
        Method::POST,
        "/api/admin/books/bulk",
        &editor,
        Some(&bulk),
    )
    .await;
    assert_eq!(search_ids(&app, "甲").await, [a]);

    let (status, _) = send(
        &app,
        Method::DELETE,
        &format!("/api/admin/books/{a}"),
        &editor,
        None,
    )
    .await;
    assert_eq!(status, 200);
    let bulk = json!({"action": "delete", "ids": [b]});
    let (status, answer) = send(
        &app,
        Method::POST,
        "/api/admin/books/bulk",
        &editor,
        Some(&bulk),
    )
    .await;
    assert_eq!((status, answer["data"]["changed"].as_u64()), (200, Some(1)));
    for id in [a, b] {
        assert_eq!(public_status(&app, &format!("/api/books/{id}")).await, 404);
        let (status, _) = send(
            &app,
            Method::GET,
            &format!("/api/admin/books/{id}"),
            &editor,
            None,
        )
        .await;
        assert_eq!(status, 404);
    }
    assert!(search_ids(&app, "甲").await.is_empty());
    assert_eq!(
        audit_rows(&app, "book", b).await.last().unwrap().0,
        "book.delete"
    );

    for ids in [json!([]), json!((1..=501).collect::<Vec<i32>>())] {
        let bulk = json!({"action": "publish", "ids": ids});
        let (status, answer) = send(
            &app,
            Method::POST,
            "/api/admin/books/bulk",
            &editor,
            Some(&bulk),
        )
        .await;
        assert_eq!(status, 400, "{answer}");
        assert!(answer["fields"]["ids"].is_string());
    }
}

#[tokio::test]
async fn listeners_are_refused_and_an_editor_cannot_reach_system_pages() {
    let app = spawn_app().await;
    let listener = app.signed_up_user("listener").await;
    let editor = editor(&app, "editor").await;
    let body = json!({"slug": "x", "nameZh": "x", "nameEn": "x", "nameJa": "x"});
    let (status, answer) = send(
        &app,
        Method::POST,
        "/api/admin/categories",
        &listener,
        Some(&body),
    )
    .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (403, Some("permission_required"))
    );
    assert_eq!(
        app.sql_count("SELECT COUNT(*) FROM categories WHERE slug = 'x'")
            .await,
        0
    );
    let (status, _) = send(
        &app,
        Method::GET,
        "/api/admin/security/events",
        &editor,
        None,
    )
    .await;
    assert_eq!(status, 403, "manage:books is not manage:system");
}

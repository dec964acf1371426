//! `GET /api/search`: the full-text index over real HTTP. Books are arranged with SQL, then
//! the app's index is rebuilt through its handle (`TestApp::search`), as the demo seed does.
use serde_json::Value;
use tingshu_server::search::SearchIndex;

use crate::helpers::{spawn_app, TestApp};

const NOW: i64 = 1_790_000_000_000;

/// Three categories (one a subcategory), four books, tags; then a rebuild of the index.
async fn arrange_catalogue(app: &TestApp) {
    app.sql(
        "INSERT INTO categories (id, slug, name_zh, name_en, name_ja, parent_id, sort_order, created_at) VALUES
         (1, 'classics', '古典', 'Classics', '古典', NULL, 1, 0),
         (2, 'history', '历史', 'History', '歴史', NULL, 2, 0),
         (3, 'myth', '神话', 'Myth', '神話', 1, 3, 0)",
    )
    .await;
    app.sql("INSERT INTO authors (id, name) VALUES (1, '吴承恩'), (2, '罗贯中'), (3, 'Ada Lane')")
        .await;
    app.sql("INSERT INTO narrators (id, name) VALUES (1, '李明')")
        .await;
    app.sql(&format!(
        "INSERT INTO books (id, title, title_en, title_ja, author_id, narrator_id, description, category_id, status, access, price_cny, play_count, created_at, updated_at) VALUES
         (1, '西游记', 'Journey to the West', '西遊記', 1, 1, '<p>石猴护送师父西行取经。</p><p>A monkey &amp; a monk travel west.</p>', 3, 'finished', 'free', NULL, 500, {a}, {a}),
         (2, '三国演义', 'Romance of the Three Kingdoms', '三国志演義', 2, NULL, '东汉末年，群雄逐鹿。', 2, 'serialising', 'vip', NULL, 900, {b}, {b}),
         (3, '三国厨房', 'Kitchens of Three Kingdoms', NULL, 3, NULL, 'Cooks of three kingdoms.', 2, 'finished', 'paid', 1200, 100, {c}, {c}),
         (4, '聊斋志异', 'Strange Tales', NULL, 2, NULL, '狐仙与书生的故事。', 1, 'finished', 'free', NULL, 50, {d}, {d})",
        a = NOW - 4000,
        b = NOW - 3000,
        c = NOW - 2000,
        d = NOW - 1000,
    ))
    .await;
    app.sql("INSERT INTO tags (id, name) VALUES (1, '冒险'), (2, 'epic')")
        .await;
    app.sql("INSERT INTO book_tags (book_id, tag_id) VALUES (1, 1), (2, 2)")
        .await;
    let indexed = app.search.rebuild(&app.db).await.expect("rebuild");
    assert_eq!(indexed, 4);
}

async fn search(app: &TestApp, query: &str) -> Value {
    search_as(app, query, None, "zh").await
}

async fn search_as(app: &TestApp, query: &str, token: Option<&str>, lang: &str) -> Value {
    let mut request = app
        .client
        .get(app.url("/api/search"))
        .header("Accept-Language", lang);
    if !query.is_empty() {
        request = request.query(&[("q", query)]);
    }
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("GET /api/search");
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert_eq!(status, 200, "{query}: {body}");
    body["data"].clone()
}

async fn search_path(app: &TestApp, path_and_query: &str) -> (u16, Value) {
    let response = app.get(path_and_query).await;
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

fn ids(data: &Value) -> Vec<i64> {
    data["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["book"]["id"].as_i64().unwrap())
        .collect()
}

#[tokio::test]
async fn chinese_words_pinyin_initials_english_typos_and_mixed_queries_find_books() {
    let app = spawn_app().await;
    arrange_catalogue(&app).await;
    for (query, expected) in [
        ("西游", vec![1]),
        ("西游记", vec![1]),
        ("三国演义", vec![2]),
        ("xiyouji", vec![1]),
        ("xi you ji", vec![1]),
        ("xyj", vec![1]),
        ("lzzy", vec![4]),
        ("luoguanzhong", vec![2, 4]),
        ("journey west", vec![1]),
        ("jurney", vec![1]),
        ("三国 romance", vec![2]),
        ("三国 kitchens", vec![3]),
        ("取经", vec![1]),
        ("冒险", vec![1]),
        ("李明", vec![1]),
    ] {
        let data = search(&app, query).await;
        let mut found = ids(&data);
        if expected.len() > 1 {
            found.sort_unstable();
        }
        assert_eq!(found, expected, "{query}: {data}");
        assert_eq!(data["total"], expected.len(), "{query}");
    }
    let mut both = ids(&search(&app, "三国").await);
    both.sort_unstable();
    assert_eq!(both, vec![2, 3]);
}

#[tokio::test]
async fn answers_book_summaries_highlights_facets_and_paging() {
    let app = spawn_app().await;
    arrange_catalogue(&app).await;
    let data = search(&app, "西游").await;
    assert_eq!(data["page"], 1);
    assert_eq!(data["pageSize"], 20);
    let item = &data["items"][0];
    assert_eq!(item["book"]["title"], "西游记");
    assert_eq!(item["book"]["author"]["name"], "吴承恩");
    assert_eq!(item["book"]["category"]["slug"], "myth");
    assert_eq!(item["highlights"]["title"], "<mark>西游</mark>记");
    assert!(item["highlights"].get("author").is_none());
    assert_eq!(
        data["facets"]["categories"],
        serde_json::json!([{"id": 3, "slug": "myth", "name": "神话", "count": 1}])
    );

    // English: the English title is the one highlighted; the description is escaped.
    let data = search_as(&app, "monkey jurney", None, "en").await;
    let item = &data["items"][0];
    assert_eq!(item["book"]["title"], "Journey to the West");
    assert_eq!(
        item["highlights"]["title"],
        "<mark>Journey</mark> to the West"
    );
    let description = item["highlights"]["description"].as_str().unwrap();
    assert!(
        description.contains("A <mark>monkey</mark> &amp; a monk"),
        "{description}"
    );
    assert_eq!(data["facets"]["categories"][0]["name"], "Myth");

    // Facets count every match; a page holds one, the next page the other.
    let (_, first) = search_path(&app, "/api/search?q=kingdoms&pageSize=1").await;
    let (status, body) = search_path(&app, "/api/search?q=kingdoms&pageSize=1&page=2").await;
    assert_eq!(status, 200, "{body}");
    let data = &body["data"];
    assert_eq!(data["total"], 2);
    let mut both = [ids(&first["data"]), ids(data)].concat();
    both.sort_unstable();
    assert_eq!(both, vec![2, 3]);
    assert_eq!(data["page"], 2);
    assert_eq!(data["pageSize"], 1);
    assert_eq!(data["facets"]["categories"][0]["count"], 2);
    assert_eq!(data["facets"]["categories"][0]["slug"], "history");
}

#[tokio::test]
async fn filters_and_sorts_narrow_and_order_the_results() {
    let app = spawn_app().await;
    arrange_catalogue(&app).await;
    let run = |query: &'static str| {
        let app = &app;
        async move {
            let (status, body) = search_path(app, &format!("/api/search?{query}")).await;
            assert_eq!(status, 200, "{query}: {body}");
            ids(&body["data"])
        }
    };
    assert_eq!(run("q=三国&access=vip").await, vec![2]);
    assert_eq!(run("q=三国&status=finished").await, vec![3]);
    assert_eq!(run("q=luoguanzhong&category=history").await, vec![2]);
    // A category includes its subcategories (西游记 is in myth, under classics).
    assert_eq!(run("q=xyj&category=classics").await, vec![1]);
    assert_eq!(run("q=xyj&category=history").await, Vec::<i64>::new());
    assert_eq!(run("q=xyj&category=no-such-slug").await, Vec::<i64>::new());
    assert_eq!(run("q=kingdoms&sort=newest").await, vec![3, 2]);
    assert_eq!(run("q=kingdoms&sort=popular").await, vec![2, 3]);
    // Filtering by a category still counts the other categories.
    let (_, body) = search_path(&app, "/api/search?q=luoguanzhong&category=history").await;
    let slugs: Vec<&str> = body["data"]["facets"]["categories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["slug"].as_str().unwrap())
        .collect();
    assert_eq!(slugs, vec!["classics", "history"]);
}

#[tokio::test]
async fn bad_parameters_get_a_400_naming_them() {
    let app = spawn_app().await;
    let long = "西".repeat(101);
    for (path, field) in [
        ("/api/search".to_owned(), "q"),
        ("/api/search?q=".to_owned(), "q"),
        ("/api/search?q=%20%20".to_owned(), "q"),
        (format!("/api/search?q={long}"), "q"),
        ("/api/search?q=x&sort=rating".to_owned(), "sort"),
        ("/api/search?q=x&status=done".to_owned(), "status"),
        ("/api/search?q=x&access=gold".to_owned(), "access"),
        ("/api/search?q=x&pageSize=51".to_owned(), "pageSize"),
        ("/api/search?q=x&page=0".to_owned(), "page"),
    ] {
        let (status, body) = search_path(&app, &path).await;
        assert_eq!(status, 400, "{path}: {body}");
        assert_eq!(body["code"], "validation_failed", "{path}");
        assert!(body["fields"].get(field).is_some(), "{path}: {body}");
        assert!(body["message"].as_str().unwrap().contains(field), "{path}");
    }
    let (status, _) = search_path(&app, &format!("/api/search?q={}", "西".repeat(100))).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn every_query_is_recorded_with_its_result_count_and_user() {
    let app = spawn_app().await;
    arrange_catalogue(&app).await;
    let user = app.signed_up_user("searcher").await;
    search(&app, "三国").await;
    search_as(&app, "xyj", Some(&user.access_token), "zh").await;
    search(&app, "nothing-matches-this").await;
    search_path(&app, "/api/search?q=x&sort=bad").await;

    // The log is written in batches, a moment after the answers.
    for _ in 0..50 {
        if app.sql_count("SELECT COUNT(*) FROM search_queries").await >= 3 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let rows = sea_orm::ConnectionTrait::query_all_raw(
        &app.db,
        sea_orm::Statement::from_string(
            app.db.get_database_backend(),
            "SELECT query, result_count, user_id FROM search_queries ORDER BY id",
        ),
    )
    .await
    .unwrap();
    let rows: Vec<(String, i32, Option<i32>)> = rows
        .iter()
        .map(|row| {
            (
                row.try_get("", "query").unwrap(),
                row.try_get("", "result_count").unwrap(),
                row.try_get("", "user_id").unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            ("三国".to_owned(), 2, None),
            ("xyj".to_owned(), 1, Some(user.id as i32)),
            ("nothing-matches-this".to_owned(), 0, None),
        ],
        "a refused query is not recorded"
    );
}

#[tokio::test]
async fn catalogue_changes_reach_the_index() {
    let app = spawn_app().await;
    arrange_catalogue(&app).await;
    app.sql(
        "UPDATE books SET title = '红楼梦', title_en = 'Dream of the Red Chamber' WHERE id = 4",
    )
    .await;
    app.search.reindex_book(&app.db, 4).await.unwrap();
    assert_eq!(ids(&search(&app, "hlm").await), vec![4]);
    assert!(ids(&search(&app, "聊斋志异").await).is_empty());

    app.sql("DELETE FROM books WHERE id = 4").await;
    app.search.reindex_book(&app.db, 4).await.unwrap();
    assert!(ids(&search(&app, "hlm").await).is_empty());

    app.search.remove_book(1).await.unwrap();
    assert!(ids(&search(&app, "xyj").await).is_empty());
    assert_eq!(app.search.num_books(), 2);
}

#[tokio::test]
async fn an_index_on_disk_is_built_at_start_reused_and_rebuilt_when_out_of_step() {
    let app = spawn_app().await;
    arrange_catalogue(&app).await;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("search-index");
    let index = SearchIndex::open_or_rebuild(&path, &app.db).await.unwrap();
    assert_eq!(index.num_books(), 4, "built from the database when missing");
    drop(index);

    let index = SearchIndex::open_or_rebuild(&path, &app.db).await.unwrap();
    assert_eq!(index.num_books(), 4, "reused");
    drop(index);

    // Books added while the server was down: the counts differ, so it is rebuilt.
    app.sql(&format!(
        "INSERT INTO books (id, title, author_id, description, category_id, created_at, updated_at) VALUES (5, '红楼梦', 1, '', 1, {NOW}, {NOW})"
    ))
    .await;
    let index = SearchIndex::open_or_rebuild(&path, &app.db).await.unwrap();
    assert_eq!(index.num_books(), 5);
}

#[tokio::test]
async fn the_scheduled_refresh_brings_new_play_counts_into_the_popular_order() {
    let app = crate::helpers::spawn_app_with(|config| config.search_refresh_secs = 1).await;
    arrange_catalogue(&app).await;
    let popular = || async {
        let (status, body) = search_path(&app, "/api/search?q=kingdoms&sort=popular").await;
        assert_eq!(status, 200, "{body}");
        ids(&body["data"])
    };
    assert_eq!(popular().await, vec![2, 3]);
    // Listeners play book 3 a lot: the database changes, the index learns it on its schedule.
    app.sql("UPDATE books SET play_count = 1000000 WHERE id = 3")
        .await;
    let mut order = popular().await;
    for _ in 0..50 {
        if order == vec![3, 2] {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        order = popular().await;
    }
    assert_eq!(order, vec![3, 2]);
}

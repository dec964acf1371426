//! The public catalogue over HTTP on the demo catalogue: categories, book lists with their
//! filters, orders and page bounds, details, chapters with access, limited-free,
//! recommendations, and the demo seed itself.
use serde_json::Value;
use tingshu_server::seed;

use crate::helpers::{spawn_app, spawn_app_with, TestApp};

pub async fn demo_app() -> TestApp {
    spawn_app_with(|config| config.demo = true).await
}

async fn data(app: &TestApp, path: &str) -> Value {
    let response = app.get(path).await;
    assert_eq!(response.status(), 200, "GET {path}");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["success"], true);
    body["data"].clone()
}

async fn data_as(app: &TestApp, path: &str, token: &str) -> Value {
    let response = app.get_as(path, token).await;
    assert_eq!(response.status(), 200, "GET {path}");
    let body: Value = response.json().await.unwrap();
    body["data"].clone()
}

async fn error(app: &TestApp, path: &str, status: u16) -> Value {
    let response = app.get(path).await;
    assert_eq!(response.status(), status, "GET {path}");
    response.json().await.unwrap()
}

fn items(page: &Value) -> &Vec<Value> {
    page["items"].as_array().expect("items")
}

fn ids(page: &Value) -> Vec<i64> {
    items(page)
        .iter()
        .map(|b| b["id"].as_i64().unwrap())
        .collect()
}

/// The id of the demo book with this zh title.
async fn book_id(app: &TestApp, title: &str) -> i64 {
    let page = data(app, "/api/books?pageSize=50").await;
    items(&page)
        .iter()
        .find(|b| b["titles"]["zh"] == title)
        .unwrap_or_else(|| panic!("no book {title}"))["id"]
        .as_i64()
        .unwrap()
}

async fn chapters_of(app: &TestApp, book: i64, token: Option<&str>) -> Value {
    let path = format!("/api/books/{book}/chapters");
    match token {
        Some(token) => data_as(app, &path, token).await,
        None => data(app, &path).await,
    }
}

#[tokio::test]
async fn categories_come_as_a_tree_with_counts_in_the_request_language() {
    let app = demo_app().await;
    let zh = data(&app, "/api/categories").await;
    let zh = zh.as_array().unwrap();
    assert_eq!(zh.len(), 4);
    assert_eq!(zh[0]["slug"], "fantasy");
    assert_eq!(zh[0]["name"], "玄幻奇幻");
    assert_eq!(zh[0]["names"]["en"], "Fantasy");
    let total: u64 = zh.iter().map(|c| c["bookCount"].as_u64().unwrap()).sum();
    assert_eq!(total, 12);
    // A subcategory added in the console is in the tree at once, though the tree is kept 10 s.
    let editor = crate::console::editor(&app, "tree-editor").await;
    let space = serde_json::json!({"slug": "space", "nameZh": "太空", "nameEn": "Space",
        "nameJa": "宇宙", "parentId": zh[0]["id"], "sortOrder": 0});
    let (status, answer) = crate::console::send(
        &app,
        reqwest::Method::POST,
        "/api/admin/categories",
        &editor,
        Some(&space),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    let response = app
        .client
        .get(app.url("/api/categories"))
        .header("Accept-Language", "ja")
        .send()
        .await
        .unwrap();
    let body: Value = response.json().await.unwrap();
    let fantasy = &body["data"][0];
    assert_eq!(fantasy["name"], "ファンタジー");
    assert_eq!(fantasy["children"][0]["slug"], "space");
    assert_eq!(fantasy["children"][0]["parentId"], fantasy["id"]);
    assert_eq!(body["data"].as_array().unwrap().len(), 4);
}

#[tokio::test]
async fn the_book_list_pages_with_defaults_and_carries_the_summary() {
    let app = demo_app().await;
    let page = data(&app, "/api/books").await;
    assert_eq!(
        (
            page["total"].as_u64(),
            page["page"].as_u64(),
            page["pageSize"].as_u64()
        ),
        (Some(12), Some(1), Some(20))
    );
    assert_eq!(items(&page).len(), 12);
    let first = &items(&page)[0];
    for key in [
        "title",
        "titles",
        "author",
        "narrator",
        "category",
        "status",
        "access",
        "price",
        "chapterCount",
        "totalDurationSecs",
        "playCount",
        "favoriteCount",
        "rating",
        "ratingCount",
        "tags",
        "freeUntil",
        "updatedAt",
    ] {
        assert!(first.get(key).is_some(), "missing {key}");
    }
    let second = data(&app, "/api/books?page=2&pageSize=5").await;
    assert_eq!(items(&second).len(), 5);
    let third = data(&app, "/api/books?page=3&pageSize=5").await;
    assert_eq!(items(&third).len(), 2);
    let beyond = data(&app, "/api/books?page=9&pageSize=5").await;
    assert!(items(&beyond).is_empty());
    assert_eq!(beyond["total"], 12);
    let first_five = data(&app, "/api/books?pageSize=5").await;
    let mut all: Vec<i64> = [ids(&first_five), ids(&second), ids(&third)].concat();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), 12, "pages overlap");
}

#[tokio::test]
async fn page_bounds_are_refused_with_the_parameter_named() {
    let app = demo_app().await;
    for (query, field) in [
        ("pageSize=51", "pageSize"),
        ("pageSize=0", "pageSize"),
        ("page=0", "page"),
        ("page=-2", "page"),
        ("page=two", "page"),
        ("sort=cheapest", "sort"),
        ("status=paused", "status"),
        ("access=gratis", "access"),
    ] {
        let body = error(&app, &format!("/api/books?{query}"), 400).await;
        assert_eq!(body["code"], "validation_failed", "{query}");
        assert!(body["fields"][field].is_string(), "{query}: {body}");
        assert!(body["message"].as_str().unwrap().contains(field), "{query}");
    }
    let body = error(&app, "/api/books/1/chapters?pageSize=201", 400).await;
    assert!(body["fields"]["pageSize"].as_str().unwrap().contains("200"));
    let page = data(&app, "/api/books/1/chapters?pageSize=200").await;
    assert_eq!(page["pageSize"], 200);
    let body = error(&app, "/api/limited-free?pageSize=99", 400).await;
    assert!(body["fields"]["pageSize"].is_string());
}

#[tokio::test]
async fn filters_narrow_the_list() {
    let app = demo_app().await;
    let mystery = data(&app, "/api/books?category=mystery").await;
    assert_eq!(mystery["total"], 3);
    assert!(items(&mystery)
        .iter()
        .all(|b| b["category"]["slug"] == "mystery"));
    let vip = data(&app, "/api/books?access=vip").await;
    assert_eq!(vip["total"], 4);
    assert!(items(&vip)
        .iter()
        .all(|b| b["access"] == "vip" && b["price"]["cny"].is_i64()));
    let free = data(&app, "/api/books?access=free").await;
    assert!(items(&free).iter().all(|b| b["price"].is_null()));
    let finished = data(&app, "/api/books?status=finished").await;
    assert_eq!(finished["total"], 7);
    let healing = data(&app, "/api/books?tag=治愈").await;
    assert_eq!(healing["total"], 4);
    assert!(items(&healing).iter().all(|b| b["tags"]
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t["name"] == "治愈")));
    let combined = data(
        &app,
        "/api/books?category=urban&access=free&status=finished",
    )
    .await;
    assert_eq!(ids(&combined).len(), 1);
    assert_eq!(items(&combined)[0]["titles"]["zh"], "晴天咖啡馆");
    for unknown in ["category=nope", "tag=不存在"] {
        let page = data(&app, &format!("/api/books?{unknown}")).await;
        assert_eq!(page["total"], 0, "{unknown}");
    }
}

#[tokio::test]
async fn every_sort_order_is_honoured() {
    let app = demo_app().await;
    let check = |page: &Value, key: &str| {
        let values: Vec<f64> = items(page)
            .iter()
            .map(|b| b[key].as_f64().unwrap())
            .collect();
        assert!(values.windows(2).all(|w| w[0] >= w[1]), "{key}: {values:?}");
    };
    let popular = data(&app, "/api/books").await;
    check(&popular, "playCount");
    assert_eq!(items(&popular)[0]["titles"]["zh"], "深夜便利店");
    let explicit = data(&app, "/api/books?sort=popular").await;
    assert_eq!(ids(&explicit), ids(&popular));
    let rating = data(&app, "/api/books?sort=rating").await;
    check(&rating, "rating");
    assert_eq!(items(&rating)[0]["titles"]["zh"], "时间当铺");
    let updated = data(&app, "/api/books?sort=updated").await;
    check(&updated, "updatedAt");
    let newest = data(&app, "/api/books?sort=newest").await;
    // The demo books were created one a day, the last one newest.
    assert_eq!(items(&newest)[0]["titles"]["zh"], "大运河上的灯");
    assert_eq!(items(&newest)[11]["titles"]["zh"], "云端灯塔");
}

#[tokio::test]
async fn titles_follow_the_request_language() {
    let app = demo_app().await;
    let id = book_id(&app, "青铜钥匙").await;
    for (lang, title) in [
        ("en-US,en;q=0.9", "The Bronze Key"),
        ("ja", "青銅の鍵"),
        ("zh-CN", "青铜钥匙"),
    ] {
        let body: Value = app
            .client
            .get(app.url(&format!("/api/books/{id}")))
            .header("Accept-Language", lang)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(body["data"]["title"], title, "{lang}");
        assert_eq!(body["data"]["titles"]["zh"], "青铜钥匙");
    }
    app.sql(&format!("UPDATE books SET title_ja = NULL WHERE id = {id}"))
        .await;
    let body: Value = app
        .client
        .get(app.url(&format!("/api/books/{id}")))
        .header("Cookie", "lang=ja")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(body["data"]["title"], "青铜钥匙");
}

/// Issue 27: a listener who chose 中文 (the `lang` cookie) and opens an `/en/…` link gets the
/// catalogue in English: the page's language, which the app states, decides over the cookie.
#[tokio::test]
async fn the_page_language_the_app_states_decides_over_the_cookie() {
    let app = demo_app().await;
    let id = book_id(&app, "青铜钥匙").await;
    let title_with = |headers: Vec<(&'static str, &'static str)>| {
        let mut request = app.client.get(app.url(&format!("/api/books/{id}")));
        for (name, value) in headers {
            request = request.header(name, value);
        }
        async move {
            let body: Value = request.send().await.unwrap().json().await.unwrap();
            body["data"]["title"].as_str().unwrap().to_owned()
        }
    };
    let stated = vec![("Cookie", "lang=zh"), ("X-Tingshu-Lang", "en")];
    assert_eq!(title_with(stated).await, "The Bronze Key");
    let stated_tag = vec![("Cookie", "lang=en"), ("X-Tingshu-Lang", "ja-JP")];
    assert_eq!(title_with(stated_tag).await, "青銅の鍵");
    // Without a stated page language the listener's choice still outranks the browser's.
    let chosen = vec![("Cookie", "lang=zh"), ("Accept-Language", "en-US")];
    assert_eq!(title_with(chosen).await, "青铜钥匙");
    let unsupported = vec![("Cookie", "lang=ja"), ("X-Tingshu-Lang", "fr")];
    assert_eq!(title_with(unsupported).await, "青銅の鍵");
}

#[tokio::test]
async fn a_book_detail_has_a_plain_text_description_and_no_me_for_guests() {
    let app = demo_app().await;
    let id = book_id(&app, "云端灯塔").await;
    let book = data(&app, &format!("/api/books/{id}")).await;
    let description = book["description"].as_str().unwrap();
    assert!(!description.contains('<'), "{description}");
    assert_eq!(description.lines().count(), 2);
    assert!(book["me"].is_null());
    assert_eq!(book["author"]["name"], "林听澜");
    assert_eq!(book["narrator"]["name"], "苏晚");
    app.sql(&format!(
        "UPDATE books SET description = '<script>alert(1)</script><p>Hello &amp; <b>welcome</b></p><img src=x onerror=alert(1)>' WHERE id = {id}"
    ))
    .await;
    let book = data(&app, &format!("/api/books/{id}")).await;
    assert_eq!(book["description"], "Hello & welcome");
}

#[tokio::test]
async fn unknown_and_malformed_ids_answer_json_errors() {
    let app = demo_app().await;
    for path in [
        "/api/books/999999",
        "/api/books/999999/chapters",
        "/api/chapters/999999",
    ] {
        let body = error(&app, path, 404).await;
        assert_eq!(body["code"], "not_found", "{path}");
        assert_eq!(body["statusCode"], 404);
    }
    for path in [
        "/api/books/abc",
        "/api/books/0/chapters",
        "/api/chapters/-3",
    ] {
        let body = error(&app, path, 400).await;
        assert!(body["fields"]["id"].is_string(), "{path}");
    }
    app.sql("UPDATE chapters SET published = false WHERE idx = 3")
        .await;
    let id = book_id(&app, "云端灯塔").await;
    let page = chapters_of(&app, id, None).await;
    let hidden: i64 = items(&page)[1]["id"].as_i64().unwrap() + 1;
    assert_eq!(page["total"], 5);
    error(&app, &format!("/api/chapters/{hidden}"), 404).await;
}

#[tokio::test]
async fn chapters_page_in_order_with_access_per_caller() {
    let app = demo_app().await;
    let vip = book_id(&app, "青铜钥匙").await;
    let page = chapters_of(&app, vip, None).await;
    assert_eq!(page["total"], 8);
    assert_eq!(page["pageSize"], 100);
    let chapters = items(&page);
    let indexes: Vec<i64> = chapters
        .iter()
        .map(|c| c["index"].as_i64().unwrap())
        .collect();
    assert_eq!(indexes, (1..=8).collect::<Vec<_>>());
    assert_eq!(chapters[0]["access"]["kind"], "free");
    assert_eq!(chapters[1]["isFree"], true);
    assert_eq!(chapters[2]["access"]["kind"], "login");
    assert_eq!(chapters[2]["access"]["allowed"], false);
    assert!(chapters[2]["progress"].is_null());
    let second = data(
        &app,
        &format!("/api/books/{vip}/chapters?page=2&pageSize=3"),
    )
    .await;
    let indexes: Vec<i64> = items(&second)
        .iter()
        .map(|c| c["index"].as_i64().unwrap())
        .collect();
    assert_eq!(indexes, vec![4, 5, 6]);

    let free_user = app.signed_up_user("reader").await;
    let page = chapters_of(&app, vip, Some(&free_user.access_token)).await;
    assert_eq!(items(&page)[2]["access"]["kind"], "membership");
    let member = app.signed_up_user("member").await;
    app.sql(&format!(
        "UPDATE users SET subscription_type = 'premium' WHERE id = {}",
        member.id
    ))
    .await;
    let page = chapters_of(&app, vip, Some(&member.access_token)).await;
    assert_eq!(items(&page)[2]["access"]["kind"], "member");
    assert_eq!(items(&page)[2]["access"]["allowed"], true);

    let paid = book_id(&app, "时间当铺").await;
    let page = chapters_of(&app, paid, Some(&member.access_token)).await;
    assert_eq!(items(&page)[2]["access"]["kind"], "purchase");
    app.sql(&format!("INSERT INTO purchases (user_id, book_id, chapter_id, created_at) VALUES ({}, {paid}, NULL, 0)", member.id)).await;
    let page = chapters_of(&app, paid, Some(&member.access_token)).await;
    assert_eq!(items(&page)[2]["access"]["kind"], "purchased");

    let campaign = book_id(&app, "长安夜行录").await;
    let page = chapters_of(&app, campaign, None).await;
    assert_eq!(items(&page)[3]["access"]["kind"], "campaign");
    assert!(items(&page)[3]["access"]["until"].as_f64().unwrap() > 0.0);
}

#[tokio::test]
async fn a_chapter_detail_links_its_neighbours_and_audio_only_when_allowed() {
    let app = demo_app().await;
    let vip = book_id(&app, "青铜钥匙").await;
    let page = chapters_of(&app, vip, None).await;
    let chapter_ids: Vec<i64> = items(&page)
        .iter()
        .map(|c| c["id"].as_i64().unwrap())
        .collect();
    let first = data(&app, &format!("/api/chapters/{}", chapter_ids[0])).await;
    assert!(first["prevId"].is_null());
    assert_eq!(first["nextId"], chapter_ids[1]);
    assert_eq!(first["bookId"], vip);
    assert_eq!(first["book"]["id"], vip);
    assert!(first["audio"]["url"]
        .as_str()
        .unwrap()
        .contains(&format!("/api/chapters/{}/audio", chapter_ids[0])));
    let last = data(&app, &format!("/api/chapters/{}", chapter_ids[7])).await;
    assert_eq!(last["prevId"], chapter_ids[6]);
    assert!(last["nextId"].is_null());
    assert_eq!(last["access"]["kind"], "login");
    assert!(last["audio"].is_null());
    let member = app.signed_up_user("member").await;
    app.sql(&format!(
        "UPDATE users SET subscription_type = 'premium' WHERE id = {}",
        member.id
    ))
    .await;
    let last = data_as(
        &app,
        &format!("/api/chapters/{}", chapter_ids[7]),
        &member.access_token,
    )
    .await;
    assert_eq!(last["access"]["kind"], "member");
    // A member's VIP chapter gets a signed, expiring link that really plays.
    let url = last["audio"]["url"].as_str().unwrap();
    assert!(url.contains("sig="), "{url}");
    assert!(last["audio"]["expiresAt"].as_i64().unwrap() > chrono::Utc::now().timestamp_millis());
    let audio = app.get(url).await;
    assert!(audio.status().is_success(), "{}", audio.status());
    // A free chapter's link needs no signature.
    assert!(first["audio"]["expiresAt"].is_null());
}

#[tokio::test]
async fn a_kept_list_page_never_shows_a_campaign_past_its_end() {
    let app = demo_app().await;
    let now = chrono::Utc::now().timestamp_millis();
    let ends = now + 1_500;
    app.sql(&format!(
        "INSERT INTO promotions (name, starts_at, ends_at, created_at) VALUES ('brief', 0, {ends}, 0)"
    ))
    .await;
    app.sql("INSERT INTO promotion_books (promotion_id, book_id) SELECT promotions.id, b.id FROM promotions, books b WHERE promotions.name = 'brief' AND b.title = '第七站台'").await;
    let free_until = |list: &Value| {
        items(list)
            .iter()
            .find(|b| b["titles"]["zh"] == "第七站台")
            .unwrap()["freeUntil"]
            .clone()
    };
    let list = data(&app, "/api/books?pageSize=50").await;
    assert_eq!(free_until(&list), ends);
    // Asked again at once: the same page (kept), still in the campaign.
    assert_eq!(
        free_until(&data(&app, "/api/books?pageSize=50").await),
        ends
    );
    let wait = ends - chrono::Utc::now().timestamp_millis() + 100;
    tokio::time::sleep(std::time::Duration::from_millis(wait.max(0) as u64)).await;
    // Within the page's usual lifetime, but the campaign has ended: built again.
    assert!(free_until(&data(&app, "/api/books?pageSize=50").await).is_null());
}

#[tokio::test]
async fn limited_free_lists_active_campaign_books_ending_soonest_first() {
    let app = demo_app().await;
    let page = data(&app, "/api/limited-free").await;
    assert_eq!(page["total"], 2);
    let now = chrono::Utc::now().timestamp_millis();
    for book in items(&page) {
        let until = book["freeUntil"].as_i64().unwrap();
        assert!(until > now + 6 * 86_400_000 && until <= now + 7 * 86_400_000);
    }
    // A second campaign ending sooner puts its book first; an ended one adds nothing.
    let target = book_id(&app, "山海食记").await;
    app.sql(&format!(
        "INSERT INTO promotions (name, starts_at, ends_at, created_at) VALUES ('soon', 0, {}, 0)",
        now + 3_600_000
    ))
    .await;
    app.sql("INSERT INTO promotion_books (promotion_id, book_id) SELECT promotions.id, b.id FROM promotions, books b WHERE promotions.name = 'soon' AND b.title = '云端灯塔'").await;
    app.sql(&format!(
        "INSERT INTO promotions (name, starts_at, ends_at, created_at) VALUES ('over', 0, {}, 0)",
        now - 1000
    ))
    .await;
    app.sql("INSERT INTO promotion_books (promotion_id, book_id) SELECT promotions.id, b.id FROM promotions, books b WHERE promotions.name = 'over' AND b.title = '第七站台'").await;
    let page = data(&app, "/api/limited-free").await;
    assert_eq!(page["total"], 3);
    assert_eq!(items(&page)[0]["titles"]["zh"], "云端灯塔");
    assert!(ids(&page).contains(&target));
    let list = data(&app, "/api/books?pageSize=50").await;
    let ended = items(&list)
        .iter()
        .find(|b| b["titles"]["zh"] == "第七站台")
        .unwrap();
    assert!(ended["freeUntil"].is_null());
}

#[tokio::test]
async fn guests_get_popular_recommendations_and_listeners_get_related_ones() {
    let app = demo_app().await;
    let guest = data(&app, "/api/recommendations").await;
    let guest = items(&guest);
    assert_eq!(guest.len(), 12);
    assert!(guest.iter().all(|r| r["reason"]["kind"] == "popular"));
    let user = app.signed_up_user("listener").await;
    let liked = book_id(&app, "青铜钥匙").await;
    let response = app
        .call(
            reqwest::Method::PUT,
            &format!("/api/me/favorites/{liked}"),
            Some(&user.access_token),
            None,
        )
        .await;
    assert_eq!(response.status(), 200);
    let mine = data_as(&app, "/api/recommendations", &user.access_token).await;
    let mine = items(&mine);
    assert!(
        mine.iter().all(|r| r["book"]["id"] != liked),
        "a favourite is not recommended"
    );
    assert_eq!(mine[0]["reason"]["kind"], "author");
    assert_eq!(mine[0]["reason"]["name"], "周砚秋");
    assert_eq!(mine[0]["book"]["titles"]["zh"], "雾港来信");
    let kinds: Vec<&str> = mine
        .iter()
        .map(|r| r["reason"]["kind"].as_str().unwrap())
        .collect();
    assert!(
        kinds.contains(&"narrator") && kinds.contains(&"category"),
        "{kinds:?}"
    );
    let mut unique: Vec<i64> = mine
        .iter()
        .map(|r| r["book"]["id"].as_i64().unwrap())
        .collect();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), mine.len());
}

#[tokio::test]
async fn the_demo_seed_is_idempotent_and_leaves_other_rows_alone() {
    let app = demo_app().await;
    let audio = app.config.data_dir.join("media/demo");
    let melodies = || {
        std::fs::read_dir(&audio)
            .unwrap()
            .filter(|entry| entry.as_ref().unwrap().path().extension().unwrap() == "wav")
            .count()
    };
    assert_eq!(melodies(), 3);
    app.sql("INSERT INTO authors (name) VALUES ('真实作者')")
        .await;
    app.sql("INSERT INTO books (title, author_id, description, category_id, status, access, created_at, updated_at, is_demo) SELECT '真实的书', a.id, '正文', c.id, 'finished', 'free', 1, 1, false FROM authors a, categories c WHERE a.name = '真实作者' AND c.slug = 'urban'").await;
    app.sql("UPDATE categories SET name_en = 'Urban (edited)' WHERE slug = 'urban'")
        .await;
    // Seeding again (what every start in demo mode does) adds nothing and changes nothing.
    let db =
        tingshu_server::db::Db::connect_and_migrate(&app.config.effective_database_url(), None)
            .await
            .expect("a second handle on the database");
    seed::demo_catalog(
        &db,
        &tingshu_server::storage::Storage::open(&app.config.data_dir, None).unwrap(),
    )
    .await
    .expect("seeding again");
    let page = data(&app, "/api/books?pageSize=50").await;
    assert_eq!(page["total"], 13);
    let categories = data(&app, "/api/categories").await;
    assert_eq!(categories.as_array().unwrap().len(), 4);
    let urban = categories
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["slug"] == "urban")
        .unwrap();
    assert_eq!(urban["names"]["en"], "Urban (edited)");
    assert_eq!(melodies(), 3);
    // Chapters share three assets, one per melody.
    let book = book_id(&app, "时间当铺").await;
    let chapters = chapters_of(&app, book, None).await;
    assert_eq!(items(&chapters).len(), 8);
    let real = items(&page)
        .iter()
        .find(|b| b["titles"]["zh"] == "真实的书")
        .unwrap();
    assert_eq!(real["chapterCount"], 0);
}

#[tokio::test]
async fn without_demo_mode_the_catalogue_is_empty() {
    let app = crate::helpers::spawn_app().await;
    let page = data(&app, "/api/books").await;
    assert_eq!(page["total"], 0);
    assert!(data(&app, "/api/categories")
        .await
        .as_array()
        .unwrap()
        .is_empty());
    assert!(items(&data(&app, "/api/recommendations").await).is_empty());
}

/// A refused request in `lang` (`Accept-Language`), optionally signed in: its status and body.
async fn refused_in(app: &TestApp, path: &str, lang: &str, token: Option<&str>) -> Value {
    let mut request = app
        .client
        .get(app.url(path))
        .header("Accept-Language", lang);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    assert_eq!(response.status(), 400, "GET {path} ({lang})");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], "validation_failed", "{path}");
    body
}

#[tokio::test]
async fn bad_list_parameters_name_the_field_and_its_rule_in_the_callers_language() {
    let app = spawn_app().await;
    let user = app.signed_up_user("polyglot").await;
    // (path, language, signed in, field, the field's rule, the whole message)
    let cases: [(&str, &str, bool, &str, &str, &str); 10] = [
        (
            "/api/books?pageSize=51", "zh", false, "pageSize",
            "必须是 1 到 50 之间的整数。",
            "参数 pageSize 无效：必须是 1 到 50 之间的整数。",
        ),
        (
            "/api/books?pageSize=0", "ja", false, "pageSize",
            "1 から 50 までの整数を指定してください。",
            "パラメーター pageSize が不正です：1 から 50 までの整数を指定してください。",
        ),
        (
            "/api/books?sort=cheapest", "ja", false, "sort",
            "次のいずれかを指定してください：newest, popular, rating, updated。",
            "パラメーター sort が不正です：次のいずれかを指定してください：newest, popular, rating, updated。",
        ),
        (
            "/api/books?status=paused", "zh", false, "status",
            "只能是以下之一：serialising, finished。",
            "参数 status 无效：只能是以下之一：serialising, finished。",
        ),
        (
            "/api/books?access=gratis", "en", false, "access",
            "Must be one of: free, vip, paid.",
            "Invalid parameter access. Must be one of: free, vip, paid.",
        ),
        (
            "/api/books/1/chapters?pageSize=201", "ja", false, "pageSize",
            "1 から 200 までの整数を指定してください。",
            "パラメーター pageSize が不正です：1 から 200 までの整数を指定してください。",
        ),
        (
            "/api/search?q=xyj&sort=rating", "zh", false, "sort",
            "只能是以下之一：relevance, newest, popular。",
            "参数 sort 无效：只能是以下之一：relevance, newest, popular。",
        ),
        (
            "/api/search?q=xyj&pageSize=51", "ja", false, "pageSize",
            "1 から 50 までの整数を指定してください。",
            "パラメーター pageSize が不正です：1 から 50 までの整数を指定してください。",
        ),
        (
            "/api/me/history?page=zero", "ja", true, "page",
            "1 から 1000000 までの整数を指定してください。",
            "パラメーター page が不正です：1 から 1000000 までの整数を指定してください。",
        ),
        (
            "/api/me/progress", "zh", true, "bookId",
            "此项为必填项。",
            "参数 bookId 无效：此项为必填项。",
        ),
    ];
    for (path, lang, signed_in, field, rule, message) in cases {
        let token = signed_in.then_some(user.access_token.as_str());
        let body = refused_in(&app, path, lang, token).await;
        assert_eq!(body["fields"][field], rule, "{path} ({lang}): {body}");
        assert_eq!(body["message"], message, "{path} ({lang})");
        assert_eq!(body["fields"].as_object().unwrap().len(), 1, "{path}");
    }
    // The `lang` cookie the app sets wins over the browser's languages, as for other errors.
    let response = app
        .client
        .get(app.url("/api/limited-free?pageSize=99"))
        .header("Accept-Language", "en")
        .header("Cookie", "lang=ja")
        .send()
        .await
        .unwrap();
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body["fields"]["pageSize"],
        "1 から 50 までの整数を指定してください。"
    );
    // A bad record id in the path and an empty search are worded the same way.
    let body = refused_in(&app, "/api/books/abc", "zh", None).await;
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("参数 id 无效"),
        "{body}"
    );
    let body = refused_in(&app, "/api/search?q=%20", "ja", None).await;
    assert_eq!(body["fields"]["q"], "この項目は必須です。");
}

#[tokio::test]
async fn tags_are_listed_with_their_book_counts_most_used_first() {
    let empty = spawn_app().await;
    assert_eq!(
        data(&empty, "/api/tags").await["items"],
        serde_json::json!([])
    );

    let app = demo_app().await;
    let tags = data(&app, "/api/tags").await;
    let tags = items(&tags);
    assert_eq!(tags.len(), 16, "{tags:?}");
    assert_eq!(
        (tags[0]["name"].as_str(), tags[0]["bookCount"].as_u64()),
        (Some("治愈"), Some(4))
    );
    assert_eq!(
        (tags[1]["name"].as_str(), tags[1]["bookCount"].as_u64()),
        (Some("历史"), Some(3))
    );
    let counts: Vec<u64> = tags
        .iter()
        .map(|t| t["bookCount"].as_u64().unwrap())
        .collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
    // Each count is what the tag filter of `/api/books` finds.
    for tag in tags {
        let name = tag["name"].as_str().unwrap();
        let page = data(&app, &format!("/api/books?tag={name}")).await;
        assert_eq!(page["total"], tag["bookCount"], "{name}");
        assert!(tag["id"].is_i64());
    }
}

#[tokio::test]
async fn a_tag_page_is_the_same_walked_in_order_or_looked_up() {
    use tingshu_server::{
        catalog::{
            repository::{list_page, TagMatch},
            BookFilter, BookSort,
        },
        paging::Paging,
    };
    let app = demo_app().await;
    let rows = sea_orm::ConnectionTrait::query_all_raw(
        &app.db,
        sea_orm::Statement::from_string(
            app.db.get_database_backend(),
            "SELECT id FROM tags ORDER BY id",
        ),
    )
    .await
    .unwrap();
    let tags: Vec<i32> = rows.iter().map(|r| r.try_get("", "id").unwrap()).collect();
    assert!(tags.len() > 5);
    let mut compared = 0;
    for tag_id in tags {
        for status in [None, Some("finished".to_owned())] {
            let filter = BookFilter {
                tag_id: Some(tag_id),
                status,
                ..Default::default()
            };
            for sort in [
                BookSort::Newest,
                BookSort::Popular,
                BookSort::Rating,
                BookSort::Updated,
            ] {
                for page in 1..=3 {
                    let paging = Paging { page, page_size: 1 };
                    let ids = |tag_match| {
                        let filter = filter.clone();
                        let db = app.db.clone();
                        async move {
                            list_page(&db, &filter, sort, paging, tag_match, 0)
                                .await
                                .unwrap()
                                .iter()
                                .map(|row| (row.id, row.tags()))
                                .collect::<Vec<_>>()
                        }
                    };
                    let walked = ids(TagMatch::Walk).await;
                    assert_eq!(
                        walked,
                        ids(TagMatch::Lookup).await,
                        "{filter:?} {sort:?} {page}"
                    );
                    compared += walked.len();
                }
            }
        }
    }
    assert!(compared > 20, "{compared}");
}

/// The queries that filter and page campaigns in SQL (a book's `freeUntil`, the campaign end
/// behind chapter access, the limited-free list) decide exactly as the core's `campaignEnd`,
/// at every boundary of three overlapping and separate windows.
#[tokio::test]
async fn the_database_agrees_with_the_core_on_campaigns() {
    use tingshu_core::{
        catalog::campaign::{campaign_end, CampaignEndInput, CampaignWindow},
        Lang,
    };
    use tingshu_server::{books, catalog::repository, paging::Paging};

    let app = spawn_app().await;
    app.sql("INSERT INTO categories (id, slug, name_zh, name_en, name_ja, created_at) VALUES (1, 'c', '类', 'C', 'C', 0)")
        .await;
    app.sql("INSERT INTO authors (id, name) VALUES (1, '作者')")
        .await;
    app.sql("INSERT INTO books (id, title, author_id, description, category_id, access, created_at, updated_at) VALUES (1, '书', 1, '', 1, 'paid', 0, 0)")
        .await;
    let windows = [(1000, 2000), (1500, 3000), (5000, 6000)];
    for (id, (starts_at, ends_at)) in windows.iter().enumerate() {
        app.sql(&format!(
            "INSERT INTO promotions (id, name, starts_at, ends_at, created_at) VALUES ({}, 'w{id}', {starts_at}, {ends_at}, 0)",
            id + 1
        ))
        .await;
        app.sql(&format!(
            "INSERT INTO promotion_books (promotion_id, book_id) VALUES ({}, 1)",
            id + 1
        ))
        .await;
    }
    let paging = Paging {
        page: 1,
        page_size: 50,
    };
    for now in [
        0, 999, 1000, 1499, 1500, 1999, 2000, 2999, 3000, 4999, 5000, 5999, 6000, 9000,
    ] {
        let core = campaign_end(CampaignEndInput {
            windows: windows
                .iter()
                .map(|&(starts_at, ends_at)| CampaignWindow {
                    starts_at: Some(starts_at as f64),
                    ends_at: ends_at as f64,
                })
                .collect(),
            now_ms: now as f64,
        })
        .map(|end| end as i64);
        let (_, ends) = repository::book_access(&app.db, 1, now)
            .await
            .unwrap()
            .expect("book 1 is listed");
        assert_eq!(ends, core, "book_access at {now}");
        let summary = books::summaries(&app.db, Lang::En, &[1], now)
            .await
            .unwrap();
        assert_eq!(summary[0].free_until, core, "freeUntil at {now}");
        let (page, total) = repository::limited_free_page(&app.db, now, paging)
            .await
            .unwrap();
        let listed = core.map(|end| vec![(1, end)]).unwrap_or_default();
        assert_eq!(
            (page, total),
            (listed.clone(), listed.len() as u64),
            "limited-free at {now}"
        );
    }
}

#[tokio::test]
async fn a_category_shows_the_covers_of_its_three_most_played_published_books() {
    let app = demo_app().await;
    let fantasy = "(SELECT id FROM categories WHERE slug = 'fantasy')";
    // Five fantasy books: the demo's three and two moved in.
    app.sql(&format!("UPDATE books SET category_id = {fantasy} WHERE id IN (SELECT id FROM books WHERE category_id <> {fantasy} ORDER BY id LIMIT 2)"))
        .await;
    app.sql("UPDATE books SET cover_url = '/api/covers/' || id || '/large', play_count = id WHERE category_id = (SELECT id FROM categories WHERE slug = 'fantasy')")
        .await;
    let top = |page: &Value| -> Vec<i64> {
        let mut books: Vec<i64> = items(page)
            .iter()
            .filter(|b| b["category"]["slug"] == "fantasy")
            .map(|b| b["id"].as_i64().unwrap())
            .collect();
        books.sort_unstable_by(|a, b| b.cmp(a));
        books
    };
    let books = top(&data(&app, "/api/books?pageSize=50").await);
    assert!(books.len() > 3, "the demo's fantasy books: {books:?}");
    // The most played one is hidden: it is neither shown nor counted.
    app.sql(&format!(
        "UPDATE books SET published = false WHERE id = {}",
        books[0]
    ))
    .await;
    let fantasy = &data(&app, "/api/categories").await[0];
    assert_eq!(fantasy["slug"], "fantasy");
    let expected: Vec<String> = books[1..4]
        .iter()
        .map(|id| format!("/api/covers/{id}/small"))
        .collect();
    assert_eq!(fantasy["coverUrls"], serde_json::json!(expected));
    assert_eq!(fantasy["bookCount"], books.len() as u64 - 1);
}

#[tokio::test]
async fn a_book_detail_says_what_the_caller_may_hear_of_it() {
    let app = demo_app().await;
    let vip = book_id(&app, "青铜钥匙").await;
    let paid = book_id(&app, "时间当铺").await;
    let access = |book: Value| book["viewerAccess"]["kind"].as_str().unwrap().to_owned();
    assert_eq!(
        access(data(&app, &format!("/api/books/{vip}")).await),
        "login"
    );

    let member = app.signed_up_user("member").await;
    app.sql(&format!(
        "UPDATE users SET subscription_type = 'premium' WHERE id = {}",
        member.id
    ))
    .await;
    let as_member = |book: i64| {
        let path = format!("/api/books/{book}");
        let token = member.access_token.clone();
        let app = &app;
        async move { data_as(app, &path, &token).await }
    };
    assert_eq!(access(as_member(vip).await), "member");
    assert_eq!(access(as_member(paid).await), "purchase");

    let chapter = items(&chapters_of(&app, paid, None).await)[3]["id"].clone();
    app.sql(&format!("INSERT INTO purchases (user_id, book_id, chapter_id, created_at) VALUES ({}, {paid}, {chapter}, 0)", member.id)).await;
    assert_eq!(
        access(as_member(paid).await),
        "purchase",
        "one chapter is not the book"
    );
    app.sql(&format!("INSERT INTO purchases (user_id, book_id, chapter_id, created_at) VALUES ({}, {paid}, NULL, 0)", member.id)).await;
    let bought = as_member(paid).await;
    assert_eq!(access(bought.clone()), "purchased");
    assert_eq!(bought["viewerAccess"]["allowed"], true);
}

//! Analytics: the daily rollups folded in increments equal a recount of the raw rows over a
//! generated month; the overview, search analytics (西游记 and xiyouji as one query), visitor
//! analytics from the behaviour rollups, the period report (JSON and CSV) and the feedback
//! inbox, with their refusals.
use reqwest::Method;
use serde_json::json;
use tingshu_server::analytics::roll_up;

use crate::{
    console::{editor, send},
    helpers::{spawn_app, TestApp, TestUser},
};

const DAY: i64 = 86_400_000;
const HOUR: i64 = 3_600_000;
/// 2026-11-01 as a day number; the generated month is its 30 days.
const FIRST_DAY: i64 = 20_758;

/// A small deterministic generator (the test must be the same on every run).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: i64) -> i64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % below as u64) as i64
    }
}

async fn admin(app: &TestApp, name: &str) -> TestUser {
    let user = app.signed_up_user(name).await;
    app.sql(&format!(
        "UPDATE users SET user_type = 'admin' WHERE id = {}",
        user.id
    ))
    .await;
    user
}

/// Two categories, four books, eight chapters, added on days of the month.
async fn catalogue(app: &TestApp) {
    app.sql("INSERT INTO categories (id, slug, name_zh, name_en, name_ja, created_at) VALUES (1, 'wuxia', '武侠', 'Wuxia', '武侠', 0), (2, 'history', '历史', 'History', '歴史', 0)").await;
    app.sql("INSERT INTO authors (id, name) VALUES (1, '作者')")
        .await;
    for book in 1..=4 {
        let day = FIRST_DAY + book * 5;
        app.sql(&format!(
            "INSERT INTO books (id, title, author_id, description, category_id, access, created_at, updated_at) VALUES ({book}, '书{book}', 1, '', {}, 'free', {}, 0)",
            if book <= 2 { 1 } else { 2 },
            day * DAY
        ))
        .await;
        for idx in 1..=2 {
            let id = (book - 1) * 2 + idx;
            app.sql(&format!(
                "INSERT INTO chapters (id, book_id, idx, title, is_free, created_at) VALUES ({id}, {book}, {idx}, '第{idx}章', true, {})",
                (day + idx) * DAY
            ))
            .await;
        }
    }
}

/// Listeners created on days `days` (one a day, ids from `first_id`); some are members whose
/// membership ends within the month.
async fn listeners(app: &TestApp, days: std::ops::Range<i64>, first_id: i64) {
    for (n, day) in days.enumerate() {
        let id = first_id + n as i64;
        let (kind, expires) = if id % 4 == 0 {
            // Runs out two days after joining (within the month).
            let ends = FIRST_DAY + (day + 2).min(29);
            ("premium", format!("{}", ends * DAY + 20 * HOUR))
        } else {
            ("free", "NULL".to_owned())
        };
        app.sql(&format!(
            "INSERT INTO users (id, email, email_normalized, username, username_normalized, password_hash, subscription_type, subscription_expires_at, created_at, updated_at) VALUES ({id}, 'l{id}@example.com', 'l{id}@example.com', 'l{id}', 'l{id}', 'x', '{kind}', {expires}, {}, 0)",
            (FIRST_DAY + day) * DAY + 3 * HOUR
        ))
        .await;
    }
}

/// Orders paid on `day` (a plan by a non-member, a plan renewed by a member, a book), one of
/// them refunded the same day.
async fn orders(app: &TestApp, day: i64, user: i64) {
    let at = (FIRST_DAY + day) * DAY + 9 * HOUR;
    let renewed_until = format!("{}", at + 10 * DAY);
    let rows = [
        ("plan", "CNY", 1800, "'free'", "NULL", day % 3 == 0),
        (
            "plan",
            "USD",
            299,
            "'premium'",
            renewed_until.as_str(),
            false,
        ),
        ("book", "JPY", 700, "NULL", "NULL", day % 4 == 1),
    ];
    for (n, (kind, currency, amount, prev_type, prev_expires, refunded)) in
        rows.into_iter().enumerate()
    {
        let id = day * 10 + n as i64 + 1;
        let state = if refunded { "refunded" } else { "paid" };
        app.sql(&format!(
            "INSERT INTO orders (id, user_id, kind, item_key, title, currency, amount, state, provider, prev_subscription_type, prev_expires_at, paid_at, expires_at, created_at, updated_at) VALUES ({id}, {user}, '{kind}', 'k{id}', 't', '{currency}', {amount}, '{state}', 'sandbox', {prev_type}, {prev_expires}, {at}, {at}, {at}, {at})"
        ))
        .await;
        app.sql(&format!(
            "INSERT INTO order_events (order_id, from_state, to_state, cause, at) VALUES ({id}, NULL, 'pending', 'created', {}), ({id}, 'pending', 'paid', 'paid', {at}), ({id}, 'paid', 'paid', 'replayed', {})",
            at - HOUR,
            at + 1
        ))
        .await;
        if refunded {
            app.sql(&format!(
                "INSERT INTO order_events (order_id, from_state, to_state, cause, at) VALUES ({id}, 'paid', 'refunded', 'refund', {})",
                at + 2 * HOUR
            ))
            .await;
        }
    }
}

/// Progress rows first reported before noon of `day` by listeners 100 to 100 + `users`
/// (returned, to be moved on after noon).
async fn plays(app: &TestApp, rng: &mut Lcg, day: i64, users: i64) -> Vec<(i64, i64)> {
    let mut later = Vec::new();
    for _ in 0..6 {
        let user = 100 + rng.next(users);
        let chapter = 1 + rng.next(8);
        let book = (chapter - 1) / 2 + 1;
        let exists = app
            .sql_count(&format!(
                "SELECT COUNT(*) FROM play_progress WHERE user_id = {user} AND chapter_id = {chapter}"
            ))
            .await;
        if exists > 0 {
            continue;
        }
        let at = (FIRST_DAY + day) * DAY + rng.next(11) * HOUR + rng.next(1000);
        app.sql(&format!(
            "INSERT INTO play_progress (user_id, chapter_id, book_id, position_secs, duration_secs, completed, updated_at) VALUES ({user}, {chapter}, {book}, {}, 600, false, {at})",
            10 * (1 + rng.next(30))
        ))
        .await;
        later.push((user, chapter));
    }
    later
}

/// Moves a row on after noon of its day: further, and sometimes to the end.
async fn move_on(app: &TestApp, rng: &mut Lcg, (user, chapter): (i64, i64), day: i64) {
    let at = (FIRST_DAY + day) * DAY + (12 + rng.next(11)) * HOUR;
    let completed = rng.next(2) == 0;
    app.sql(&format!(
        "UPDATE play_progress SET position_secs = position_secs + {}, completed = {completed}, updated_at = {at} WHERE user_id = {user} AND chapter_id = {chapter}",
        10 * (1 + rng.next(20))
    ))
    .await;
}

/// Rows of a query as text lines, for comparing a rollup with its recount.
async fn lines(app: &TestApp, sql: &str) -> Vec<String> {
    use sea_orm::ConnectionTrait;
    let rows = app
        .db
        .query_all_raw(sea_orm::Statement::from_string(
            app.db.get_database_backend(),
            sql,
        ))
        .await
        .expect(sql);
    rows.iter()
        .map(|row| {
            (0..)
                .map_while(|i| {
                    row.try_get_by_index::<i64>(i)
                        .map(|v| v.to_string())
                        .or_else(|_| row.try_get_by_index::<i32>(i).map(|v| v.to_string()))
                        .or_else(|_| row.try_get_by_index::<String>(i))
                        .or_else(|_| row.try_get_by_index::<f64>(i).map(|v| format!("{v:.1}")))
                        .ok()
                })
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect()
}

async fn same(app: &TestApp, rollup: &str, recount: &str) {
    let (got, want) = (lines(app, rollup).await, lines(app, recount).await);
    assert!(!want.is_empty(), "the recount is empty: {recount}");
    assert_eq!(got, want, "\nrollup: {rollup}\nrecount: {recount}");
}

/// The rollups against a recount of the raw rows (days of the generated month only).
async fn assert_rollups_match(app: &TestApp, last_day: i64) {
    let to = FIRST_DAY + last_day;
    let listening = format!(
        "SELECT day, plays, CAST(listened_secs AS BIGINT), completions, active_listeners FROM analytics_daily WHERE plays > 0 AND day <= {to} ORDER BY day"
    );
    let listening_recount = format!(
        "SELECT updated_at / {DAY} AS day, COUNT(*), CAST(SUM(position_secs) AS BIGINT), CAST(SUM(CASE WHEN completed THEN 1 ELSE 0 END) AS BIGINT), COUNT(DISTINCT user_id) FROM play_progress WHERE updated_at / {DAY} <= {to} GROUP BY updated_at / {DAY} ORDER BY 1"
    );
    same(app, &listening, &listening_recount).await;
    same(
        app,
        &format!("SELECT day, chapter_id, book_id, category_id, plays, CAST(listened_secs AS BIGINT), completions FROM analytics_daily_chapters WHERE day <= {to} ORDER BY day, chapter_id"),
        &format!("SELECT p.updated_at / {DAY}, p.chapter_id, p.book_id, b.category_id, COUNT(*), CAST(SUM(p.position_secs) AS BIGINT), CAST(SUM(CASE WHEN p.completed THEN 1 ELSE 0 END) AS BIGINT) FROM play_progress p JOIN books b ON b.id = p.book_id WHERE p.updated_at / {DAY} <= {to} GROUP BY p.updated_at / {DAY}, p.chapter_id, p.book_id, b.category_id ORDER BY 1, 2"),
    )
    .await;
    same(
        app,
        &format!("SELECT day, new_users FROM analytics_daily WHERE new_users > 0 AND day >= {FIRST_DAY} AND day <= {to} ORDER BY day"),
        &format!("SELECT created_at / {DAY}, COUNT(*) FROM users WHERE created_at / {DAY} >= {FIRST_DAY} AND created_at / {DAY} <= {to} GROUP BY created_at / {DAY} ORDER BY 1"),
    )
    .await;
    same(
        app,
        &format!("SELECT day, orders, revenue, refunds FROM analytics_daily_revenue WHERE day <= {to} ORDER BY day, currency"),
        &format!("SELECT e.at / {DAY}, CAST(SUM(CASE WHEN e.to_state = 'paid' THEN 1 ELSE 0 END) AS BIGINT), CAST(SUM(CASE WHEN e.to_state = 'paid' THEN o.amount ELSE -o.amount END) AS BIGINT), CAST(SUM(CASE WHEN e.to_state = 'refunded' THEN o.amount ELSE 0 END) AS BIGINT) FROM order_events e JOIN orders o ON o.id = e.order_id WHERE e.to_state IN ('paid', 'refunded') AND e.from_state <> e.to_state AND e.at / {DAY} <= {to} GROUP BY e.at / {DAY}, o.currency ORDER BY 1, o.currency"),
    )
    .await;
    // Gained: a plan paid by a non-member; lost: its refund, or a membership running out.
    same(
        app,
        &format!("SELECT day, members_gained, members_lost FROM analytics_daily WHERE (members_gained > 0 OR members_lost > 0) AND day <= {to} ORDER BY day"),
        &format!(
            "SELECT day, CAST(SUM(gained) AS BIGINT), CAST(SUM(lost) AS BIGINT) FROM (
               SELECT e.at / {DAY} AS day, CASE WHEN e.to_state = 'paid' THEN 1 ELSE 0 END AS gained, CASE WHEN e.to_state = 'refunded' THEN 1 ELSE 0 END AS lost
                 FROM order_events e JOIN orders o ON o.id = e.order_id
                WHERE o.kind = 'plan' AND e.to_state IN ('paid', 'refunded') AND e.from_state <> e.to_state AND o.prev_subscription_type = 'free'
               UNION ALL
               SELECT subscription_expires_at / {DAY}, 0, 1 FROM users WHERE subscription_type = 'premium' AND subscription_expires_at IS NOT NULL
             ) AS changes WHERE day <= {to} GROUP BY day ORDER BY day"
        ),
    )
    .await;
    same(
        app,
        &format!("SELECT day, books_added, chapters_added FROM analytics_daily WHERE (books_added > 0 OR chapters_added > 0) AND day <= {to} ORDER BY day"),
        &format!("SELECT day, CAST(SUM(b) AS BIGINT), CAST(SUM(c) AS BIGINT) FROM (SELECT created_at / {DAY} AS day, 1 AS b, 0 AS c FROM books UNION ALL SELECT created_at / {DAY}, 0, 1 FROM chapters) AS added WHERE day <= {to} GROUP BY day ORDER BY day"),
    )
    .await;
}

#[tokio::test]
async fn rollups_folded_in_increments_equal_a_recount_of_a_generated_month() {
    let app = spawn_app().await;
    let boss = admin(&app, "boss").await;
    catalogue(&app).await;
    let mut rng = Lcg(28);
    let mut users = 0;
    // Ten increments of three days; the last day's rows move on after its roll-up, so the
    // next one folds rows it already saw.
    let mut pending: Vec<(i64, i64)> = Vec::new();
    for chunk in 0..10 {
        let days = chunk * 3..chunk * 3 + 3;
        listeners(&app, days.clone(), 100 + users).await;
        users += 3;
        for day in days.clone() {
            orders(&app, day, 100).await;
            let rows = plays(&app, &mut rng, day, users).await;
            if day + 1 < days.end {
                for row in rows {
                    move_on(&app, &mut rng, row, day).await;
                }
            } else {
                pending = rows;
            }
        }
        let last = days.end - 1;
        let noon = (FIRST_DAY + last) * DAY + 12 * HOUR;
        roll_up(&app.state.db, &app.state.search, noon)
            .await
            .unwrap();
        if chunk == 4 {
            // A second fold of the same rows adds nothing.
            roll_up(&app.state.db, &app.state.search, noon)
                .await
                .unwrap();
        }
        for row in pending.drain(..) {
            move_on(&app, &mut rng, row, last).await;
        }
        if chunk % 3 == 1 {
            roll_up(&app.state.db, &app.state.search, noon + 12 * HOUR - 1)
                .await
                .unwrap();
            assert_rollups_match(&app, last).await;
        }
    }
    let end = (FIRST_DAY + 30) * DAY;
    roll_up(&app.state.db, &app.state.search, end)
        .await
        .unwrap();
    assert_rollups_match(&app, 29).await;

    // The overview of the month reads the same numbers, and compares with October (empty).
    let (status, body) = send(
        &app,
        Method::GET,
        "/api/admin/analytics?from=2026-11-01&to=2026-11-30",
        &boss,
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let data = &body["data"];
    let plays = app.sql_count("SELECT COUNT(*) FROM play_progress").await;
    let listeners = app
        .sql_count("SELECT COUNT(DISTINCT user_id) FROM play_progress")
        .await;
    assert_eq!(data["current"]["plays"], plays);
    assert_eq!(data["current"]["activeListeners"], listeners);
    assert_eq!(data["current"]["booksAdded"], 4);
    assert_eq!(data["previous"]["plays"], 0);
    assert_eq!(data["previousFrom"], "2026-10-02");
    assert_eq!(data["days"].as_array().unwrap().len(), 30);
    assert_eq!(data["previousDays"].as_array().unwrap().len(), 30);
    let top = &data["topBooks"][0];
    let top_plays = app
        .sql_count(&format!(
            "SELECT COUNT(*) FROM play_progress WHERE book_id = {}",
            top["bookId"]
        ))
        .await;
    assert_eq!(top["plays"], top_plays);
    let rate = top["completionRate"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&rate));
    assert_eq!(data["topCategories"].as_array().unwrap().len(), 2);
    let cny = data["revenue"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["currency"] == "CNY")
        .unwrap();
    let cny_revenue = app
        .sql_count("SELECT CAST(SUM(amount) AS BIGINT) FROM orders WHERE currency = 'CNY' AND state = 'paid'")
        .await;
    assert_eq!(cny["revenue"], cny_revenue);
}

#[tokio::test]
async fn a_period_backwards_or_too_long_is_refused_in_the_callers_language() {
    let app = spawn_app().await;
    let boss = admin(&app, "boss").await;
    let (status, body) = send(
        &app,
        Method::GET,
        "/api/admin/analytics?from=2026-11-30&to=2026-11-01",
        &boss,
        None,
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["fields"]["to"].as_str().unwrap().contains("366"),
        "{body}"
    );
    let (status, body) = send(
        &app,
        Method::GET,
        "/api/admin/search-analytics?from=2025-01-01&to=2026-11-01",
        &boss,
        None,
    )
    .await;
    assert_eq!(status, 400, "{body}");
    let (status, body) = send(
        &app,
        Method::GET,
        "/api/admin/reports?from=yesterday&to=2026-11-01",
        &boss,
        None,
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["fields"]["from"].is_string(), "{body}");
}

#[tokio::test]
async fn xiyouji_and_its_characters_count_as_one_query_when_they_find_the_same_book() {
    let app = spawn_app().await;
    let boss = admin(&app, "boss").await;
    app.sql("INSERT INTO categories (id, slug, name_zh, name_en, name_ja, created_at) VALUES (1, 'classic', '古典', 'Classics', '古典', 0)").await;
    app.sql("INSERT INTO authors (id, name) VALUES (1, '吴承恩')")
        .await;
    app.sql("INSERT INTO books (id, title, author_id, description, category_id, access, published, created_at, updated_at) VALUES (1, '西游记', 1, '取经的故事', 1, 'free', true, 0, 0), (2, '红楼梦', 1, '大观园', 1, 'free', true, 0, 0)").await;
    app.search.rebuild(&app.db).await.unwrap();
    let at = (FIRST_DAY + 2) * DAY;
    app.sql(&format!(
        "INSERT INTO search_queries (query, result_count, created_at) VALUES
         ('西游记', 1, {at}), ('  西游记 ', 1, {at}), ('XiYouJi', 1, {}), ('红楼梦', 1, {at}),
         ('金庸全集', 0, {at}), ('金庸全集', 0, {}), ('', 5, {at})",
        at + DAY,
        at + DAY
    ))
    .await;
    roll_up(&app.state.db, &app.state.search, at + 2 * DAY)
        .await
        .unwrap();
    let (status, body) = send(
        &app,
        Method::GET,
        "/api/admin/search-analytics?from=2026-11-01&to=2026-11-07",
        &boss,
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let data = &body["data"];
    let first = &data["topQueries"][0];
    assert_eq!(first["query"], "西游记", "{data}");
    assert_eq!(first["forms"], json!(["西游记", "xiyouji"]), "{data}");
    assert_eq!(first["searches"], 3);
    assert_eq!(first["topBookId"], 1);
    assert_eq!(first["topBookTitle"], "西游记");
    // Counted as search reads it: the words jieba cuts.
    assert_eq!(data["noResultQueries"][0]["query"], "金庸 全集");
    assert_eq!(data["noResultQueries"][0]["noResults"], 2);
    assert_eq!(data["searches"], 6, "the empty query is not counted");
    let days = data["days"].as_array().unwrap();
    assert_eq!(days.len(), 7);
    assert_eq!(
        days[2],
        json!({"date": "2026-11-03", "searches": 4, "noResults": 1})
    );
}

#[tokio::test]
async fn the_report_downloads_as_csv_with_its_name_and_type() {
    let app = spawn_app().await;
    let boss = admin(&app, "boss").await;
    catalogue(&app).await;
    roll_up(&app.state.db, &app.state.search, (FIRST_DAY + 30) * DAY)
        .await
        .unwrap();
    let (status, body) = send(
        &app,
        Method::GET,
        "/api/admin/reports?from=2026-11-01&to=2026-11-30",
        &boss,
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["current"]["booksAdded"], 4);
    assert_eq!(body["data"]["current"]["chaptersAdded"], 8);
    let response = app
        .client
        .get(app.url("/api/admin/reports?from=2026-11-01&to=2026-11-30&format=csv"))
        .bearer_auth(&boss.access_token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-type"],
        "text/csv; charset=utf-8"
    );
    assert_eq!(
        response.headers()["content-disposition"],
        "attachment; filename=\"tingshu-report-2026-11-01-2026-11-30.csv\""
    );
    let text = response.text().await.unwrap();
    assert!(text.starts_with("section,item,value,previous\n"), "{text}");
    assert!(text.contains("totals,booksAdded,4,0\n"), "{text}");
    let (status, _) = send(
        &app,
        Method::GET,
        "/api/admin/reports?from=2026-11-01&to=2026-11-30&format=pdf",
        &boss,
        None,
    )
    .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn feedback_is_listed_by_status_and_answered_with_an_audit_row() {
    let app = spawn_app().await;
    let boss = admin(&app, "boss").await;
    for (category, message) in [
        ("bug", "播放到一半就停了，请看看。"),
        ("content", "希望能多一些历史类的书。"),
    ] {
        let response = app
            .post_feedback(&json!({"category": category, "message": message}), "zh")
            .await;
        assert_eq!(response.status(), 200);
    }
    let (status, body) = send(
        &app,
        Method::GET,
        "/api/admin/feedback?status=open",
        &boss,
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["total"], 2);
    let id = body["data"]["items"][0]["id"].as_i64().unwrap();
    assert_eq!(body["data"]["items"][0]["category"], "content");

    let path = format!("/api/admin/feedback/{id}/reply");
    let (status, body) = send(
        &app,
        Method::POST,
        &path,
        &boss,
        Some(&json!({"message": "  "})),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["fields"]["message"], "This field is required.");
    let stored = app
        .sql_count("SELECT COUNT(*) FROM feedback WHERE reply IS NOT NULL")
        .await;
    assert_eq!(stored, 0);

    let answer = json!({"message": " 已加入采购计划，谢谢！ "});
    let (status, body) = send(&app, Method::POST, &path, &boss, Some(&answer)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["status"], "answered");
    assert_eq!(body["data"]["reply"], "已加入采购计划，谢谢！");
    assert_eq!(body["data"]["repliedByName"], "boss");
    let audit = app
        .sql_count(&format!(
            "SELECT COUNT(*) FROM audit_log WHERE action = 'feedback.reply' AND entity = 'feedback' AND entity_id = '{id}'"
        ))
        .await;
    assert_eq!(audit, 1);

    let (_, answered) = send(
        &app,
        Method::GET,
        "/api/admin/feedback?status=answered",
        &boss,
        None,
    )
    .await;
    assert_eq!(answered["data"]["total"], 1);
    let (_, bugs) = send(
        &app,
        Method::GET,
        "/api/admin/feedback?status=open&category=bug",
        &boss,
        None,
    )
    .await;
    assert_eq!(bugs["data"]["total"], 1);
    let (status, _) = send(
        &app,
        Method::GET,
        "/api/admin/feedback?status=closed",
        &boss,
        None,
    )
    .await;
    assert_eq!(status, 400);
    let (status, _) = send(
        &app,
        Method::POST,
        "/api/admin/feedback/9999/reply",
        &boss,
        Some(&answer),
    )
    .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn an_editor_sees_analytics_but_not_reports_or_feedback() {
    let app = spawn_app().await;
    let editor = editor(&app, "editor1").await;
    let listener = app.signed_up_user("listener").await;
    let range = "from=2026-11-01&to=2026-11-30";
    for (path, editor_status) in [
        (format!("/api/admin/analytics?{range}"), 200),
        (format!("/api/admin/search-analytics?{range}"), 200),
        (format!("/api/admin/reports?{range}"), 403),
        ("/api/admin/feedback".to_owned(), 403),
    ] {
        let (status, body) = send(&app, Method::GET, &path, &editor, None).await;
        assert_eq!(status, editor_status, "{path}: {body}");
        let (status, _) = send(&app, Method::GET, &path, &listener, None).await;
        assert_eq!(status, 403, "{path}");
        let guest = app.get(&path).await;
        assert_eq!(guest.status(), 401, "{path}");
    }
    let (status, _) = send(
        &app,
        Method::POST,
        "/api/admin/feedback/1/reply",
        &editor,
        Some(&json!({"message": "hi"})),
    )
    .await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn listening_carried_on_the_next_day_counts_on_that_day_only_once() {
    let app = spawn_app().await;
    catalogue(&app).await;
    listeners(&app, 0..1, 100).await;
    let first = FIRST_DAY * DAY + 8 * HOUR;
    app.sql(&format!(
        "INSERT INTO play_progress (user_id, chapter_id, book_id, position_secs, duration_secs, completed, updated_at) VALUES (100, 1, 1, 100, 600, false, {first})"
    ))
    .await;
    roll_up(&app.state.db, &app.state.search, first + HOUR)
        .await
        .unwrap();
    let next = first + DAY;
    app.sql(&format!(
        "UPDATE play_progress SET position_secs = 250, completed = true, updated_at = {next} WHERE user_id = 100"
    ))
    .await;
    for _ in 0..2 {
        roll_up(&app.state.db, &app.state.search, next + HOUR)
            .await
            .unwrap();
    }
    let days = lines(
        &app,
        "SELECT day, plays, CAST(listened_secs AS BIGINT), completions, active_listeners FROM analytics_daily WHERE plays > 0 OR active_listeners > 0 ORDER BY day",
    )
    .await;
    assert_eq!(
        days,
        vec![
            format!("{FIRST_DAY},1,100,0,1"),
            format!("{},0,150,1,1", FIRST_DAY + 1)
        ]
    );
}

#[tokio::test]
async fn visitor_analytics_sum_the_behaviour_rollups_of_the_period_and_the_one_before() {
    let app = spawn_app().await;
    let boss = app.administrator("boss").await;
    let (first, last) = (FIRST_DAY, FIRST_DAY + 2);
    // 2026-11-01 and 11-03 have rows, 11-02 none; 10-29 and 10-31 are the previous period;
    // 10-28 and 11-04 are outside both.
    app.sql(&format!(
        "INSERT INTO behavior_daily (day, visitors, page_views, events) VALUES \
         ({first}, 10, 30, 50), ({last}, 5, 12, 20), ({}, 4, 9, 11), ({}, 2, 3, 4), \
         ({}, 100, 100, 100), ({}, 100, 100, 100)",
        first - 1,
        first - 3,
        first - 4,
        last + 1
    ))
    .await;
    let mut pages = vec![
        format!("({first}, '/books/1', 10)"),
        format!("({first}, '/books/2', 8)"),
        format!("({first}, '/', 12)"),
        format!("({last}, '/books/2', 6)"),
        format!("({last}, '/search', 2)"),
        format!("({}, '/old', 99)", first - 1),
        format!("({}, '/later', 99)", last + 1),
    ];
    // Eleven pages seen once: the ties go by address, and the list stops at ten lines.
    pages.extend((0..11).map(|n| format!("({}, '/p/{n:02}', 1)", first + 1)));
    app.sql(&format!(
        "INSERT INTO behavior_daily_pages (day, page_url, views) VALUES {}",
        pages.join(", ")
    ))
    .await;
    app.sql(&format!(
        "INSERT INTO behavior_daily_sources (day, source, visits) VALUES \
         ({first}, 'direct', 5), ({first}, 'google.com', 3), ({last}, 'google.com', 4), \
         ({last}, 'bing.com', 1), ({}, 'baidu.com', 50)",
        first - 1
    ))
    .await;

    let (status, body) = send(
        &app,
        Method::GET,
        "/api/admin/visitor-analytics?from=2026-11-01&to=2026-11-03",
        &boss,
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let data = &body["data"];
    assert_eq!(
        (&data["from"], &data["to"]),
        (&json!("2026-11-01"), &json!("2026-11-03"))
    );
    assert_eq!(
        (&data["previousFrom"], &data["previousTo"]),
        (&json!("2026-10-29"), &json!("2026-10-31"))
    );
    assert_eq!(
        data["current"],
        json!({"visitors": 15, "pageViews": 42, "events": 70})
    );
    assert_eq!(
        data["previous"],
        json!({"visitors": 6, "pageViews": 12, "events": 15})
    );
    assert_eq!(
        data["days"],
        json!([
            {"date": "2026-11-01", "visitors": 10, "pageViews": 30},
            {"date": "2026-11-02", "visitors": 0, "pageViews": 0},
            {"date": "2026-11-03", "visitors": 5, "pageViews": 12},
        ])
    );
    let top_pages: Vec<(String, i64)> = data["topPages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["pageUrl"].as_str().unwrap().to_owned(),
                p["views"].as_i64().unwrap(),
            )
        })
        .collect();
    let mut expected: Vec<(String, i64)> = [
        ("/books/2", 14),
        ("/", 12),
        ("/books/1", 10),
        ("/search", 2),
    ]
    .map(|(url, views)| (url.to_owned(), views))
    .to_vec();
    expected.extend((0..6).map(|n| (format!("/p/{n:02}"), 1)));
    assert_eq!(top_pages, expected);
    assert_eq!(
        data["topSources"],
        json!([
            {"source": "google.com", "visits": 7},
            {"source": null, "visits": 5},
            {"source": "bing.com", "visits": 1},
        ])
    );

    // A period with no rollups is all zeros, one point a day.
    let (status, body) = send(
        &app,
        Method::GET,
        "/api/admin/visitor-analytics?from=2025-01-01&to=2025-01-02",
        &boss,
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"]["current"],
        json!({"visitors": 0, "pageViews": 0, "events": 0})
    );
    assert_eq!(body["data"]["days"].as_array().unwrap().len(), 2);
    assert_eq!(body["data"]["topPages"], json!([]));
}

#[tokio::test]
async fn visitor_analytics_refuse_a_bad_period_and_a_listener() {
    let app = spawn_app().await;
    let boss = app.administrator("boss").await;
    let listener = app.signed_up_user("listener").await;
    let (status, body) = send(
        &app,
        Method::GET,
        "/api/admin/visitor-analytics?from=2026-11-30&to=2026-11-01",
        &boss,
        None,
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["fields"]["to"].is_string(), "{body}");
    let (status, _) = send(
        &app,
        Method::GET,
        "/api/admin/visitor-analytics?from=2026-11-01&to=2026-11-30",
        &listener,
        None,
    )
    .await;
    assert_eq!(status, 403);
}

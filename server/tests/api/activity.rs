//! What happened (`manage:system`): the audit log read back with filters and a keyset cursor,
//! every request in the access log (route template, user, status; never the static files),
//! the retention's rollup and trimming, and the security page's throttles, unlock and
//! replayed sessions.
use std::collections::BTreeMap;

use reqwest::Method;
use serde_json::Value;
use tingshu_server::activity::retention::{apply_retention, utc_day, BATCH_ROWS};

use crate::{
    console::{editor, send},
    helpers::{spawn_app, TestApp, TestUser, GOOD_PASSWORD},
};

async fn admin(app: &TestApp, name: &str) -> TestUser {
    let user = app.signed_up_user(name).await;
    app.sql(&format!(
        "UPDATE users SET user_type = 'admin' WHERE id = {}",
        user.id
    ))
    .await;
    user
}

async fn get(app: &TestApp, user: &TestUser, path: &str) -> (u16, Value) {
    send(app, Method::GET, path, user, None).await
}

/// Every page of a keyset list, following `nextCursor`; the ids in order.
async fn all_pages(app: &TestApp, user: &TestUser, path: &str) -> Vec<i64> {
    let mut ids = Vec::new();
    let mut cursor: Option<String> = None;
    for _ in 0..100 {
        let joiner = if path.contains('?') { '&' } else { '?' };
        let url = match &cursor {
            Some(c) => format!("{path}{joiner}limit=2&cursor={c}"),
            None => format!("{path}{joiner}limit=2"),
        };
        let (status, answer) = get(app, user, &url).await;
        assert_eq!(status, 200, "{url}: {answer}");
        let data = &answer["data"];
        ids.extend(
            data["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| i["id"].as_i64().unwrap()),
        );
        match data["nextCursor"].as_str() {
            Some(next) => cursor = Some(next.to_owned()),
            None => return ids,
        }
    }
    panic!("{path}: more than 100 pages");
}

#[tokio::test]
async fn the_audit_log_is_filtered_and_paged_newest_first_with_before_and_after() {
    let app = spawn_app().await;
    let admin = admin(&app, "auditor").await;
    // Ties on the time: the id breaks them, so no row is skipped or repeated across pages.
    app.sql(
        "INSERT INTO audit_log (id, actor_id, actor_name, action, entity, entity_id, before, after, ip, created_at) VALUES \
         (1, 7, 'ana', 'book.create', 'book', '1', NULL, '{\"title\":\"A\",\"price\":1}', '10.0.0.1', 1000), \
         (2, 7, 'ana', 'book.update', 'book', '1', '{\"title\":\"A\",\"price\":1}', '{\"title\":\"B\",\"price\":1}', NULL, 2000), \
         (3, 8, 'bo', 'category.update', 'category', '4', '{\"slug\":\"x\"}', '{\"slug\":\"y\"}', NULL, 2000), \
         (4, 8, 'bo', 'book.delete', 'book', '1', '{\"title\":\"B\"}', NULL, NULL, 2000), \
         (5, 7, 'ana', 'category.create', 'category', '5', NULL, '{\"slug\":\"z\"}', NULL, 3000)",
    )
    .await;

    assert_eq!(
        all_pages(&app, &admin, "/api/admin/logs").await,
        vec![5, 4, 3, 2, 1]
    );
    assert_eq!(
        all_pages(&app, &admin, "/api/admin/logs?actor=7").await,
        vec![5, 2, 1]
    );
    assert_eq!(
        all_pages(&app, &admin, "/api/admin/logs?actor=bo").await,
        vec![4, 3]
    );
    assert_eq!(
        all_pages(&app, &admin, "/api/admin/logs?entity=book").await,
        vec![4, 2, 1]
    );
    assert_eq!(
        all_pages(&app, &admin, "/api/admin/logs?action=book.update").await,
        vec![2]
    );
    assert_eq!(
        all_pages(&app, &admin, "/api/admin/logs?from=2000&to=3000").await,
        vec![4, 3, 2]
    );

    let (_, answer) = get(&app, &admin, "/api/admin/logs?action=book.update").await;
    let change = &answer["data"]["items"][0];
    assert_eq!(change["before"]["title"], "A");
    assert_eq!(change["after"]["title"], "B");
    assert_eq!(change["changed"], serde_json::json!(["title"]));
    assert_eq!(change["actorName"], "ana");

    let (status, answer) = get(&app, &admin, "/api/admin/logs?cursor=yesterday").await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["fields"]["cursor"].is_string(), "{answer}");
    let (status, _) = get(&app, &admin, "/api/admin/logs?limit=201").await;
    assert_eq!(status, 400);

    let editor = editor(&app, "curator").await;
    let (status, _) = get(&app, &editor, "/api/admin/logs").await;
    assert_eq!(status, 403, "manage:books is not manage:system");
}

/// Waits for the access log's queue to write at least `rows` rows.
async fn logged(app: &TestApp, rows: i64) {
    for _ in 0..100 {
        if app.sql_count("SELECT COUNT(*) FROM access_log").await >= rows {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("fewer than {rows} access rows written");
}

#[tokio::test]
async fn every_api_and_page_request_is_logged_by_route_template_but_never_a_static_file() {
    let app = spawn_app().await;
    let admin = admin(&app, "watcher").await;
    app.sql("DELETE FROM access_log").await;
    let missing = app.get_as("/api/books/424242", &admin.access_token).await;
    assert_eq!(missing.status(), 404);
    let guest = app.get("/api/categories").await;
    assert_eq!(guest.status(), 200);
    // No route matches: logged under one pattern, never the raw address.
    assert_eq!(app.get("/api/no/such/thing").await.status(), 404);
    for skipped in [
        "/healthz",
        "/readyz",
        "/assets/app-1.js",
        "/favicon.ico",
        "/_i18n/en/app.json",
    ] {
        app.get(skipped).await;
    }
    let page = app.get("/admin/logs").await;
    assert_eq!(page.status(), 200);
    logged(&app, 4).await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    // The console's own requests from here on are logged too: the filters look before them.
    let before = chrono::Utc::now().timestamp_millis();

    let (status, answer) = get(&app, &admin, "/api/admin/access-logs").await;
    assert_eq!(status, 200, "{answer}");
    let items = answer["data"]["items"].as_array().unwrap().clone();
    let routes: Vec<&str> = items.iter().map(|i| i["route"].as_str().unwrap()).collect();
    // Newest first (the sign-up's requests may come after, written late by the queue).
    assert_eq!(
        routes[..4],
        ["(page)", "/api/*", "/api/categories", "/api/books/{id}"],
        "{answer}"
    );
    let book = &items[3];
    assert_eq!(book["status"], 404);
    assert_eq!(book["method"], "GET");
    assert_eq!(book["userId"], admin.id);
    assert_eq!(book["username"], "watcher");
    assert_eq!(book["ip"], "127.0.0.1");
    assert!(
        items[2]["userId"].is_null(),
        "a guest's request has no user"
    );
    assert!(items[2]["bytes"].as_i64().unwrap() > 0, "{}", items[2]);

    let only = |query: &'static str| {
        let app = &app;
        let admin = &admin;
        async move {
            let path = format!("/api/admin/access-logs?to={before}&{query}");
            let (status, answer) = get(app, admin, &path).await;
            assert_eq!(status, 200, "{query}: {answer}");
            answer["data"]["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| i["route"].as_str().unwrap().to_owned())
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(only("status=4xx").await, vec!["/api/*", "/api/books/{id}"]);
    assert_eq!(
        only("status=2xx&method=GET").await,
        vec!["(page)", "/api/categories"]
    );
    assert_eq!(only("status=404").await, vec!["/api/*", "/api/books/{id}"]);
    assert_eq!(
        only("user=watcher&route=%2Fapi%2Fbooks%2F%7Bid%7D").await,
        vec!["/api/books/{id}"]
    );
    assert_eq!(only("route=(page)").await, vec!["(page)"]);
    assert!(only("method=DELETE").await.is_empty());
    assert!(only("user=nobody").await.is_empty());

    for bad in ["status=6xx", "method=BREW", "cursor=1"] {
        let (status, answer) = get(&app, &admin, &format!("/api/admin/access-logs?{bad}")).await;
        assert_eq!(status, 400, "{bad}: {answer}");
    }
    let ready: Value = app.get("/readyz").await.json().await.unwrap();
    assert!(
        ready["data"]["records"]["accessLog"]["written"]
            .as_u64()
            .unwrap()
            >= 4,
        "{ready}"
    );
    assert_eq!(ready["data"]["records"]["accessLog"]["dropped"], 0);
}

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// Two months of generated access rows before `now`: (created_at, method, route, status,
/// latency, bytes).
fn two_months(now: i64) -> Vec<(i64, &'static str, &'static str, i32, i32, i64)> {
    let routes = ["/api/books", "/api/books/{id}", "(page)"];
    let statuses = [200, 200, 304, 404, 500];
    (0..12_000i64)
        .map(|n| {
            let at = now - 60 * DAY_MS + n * (60 * DAY_MS / 12_000);
            let method = if n % 7 == 0 { "POST" } else { "GET" };
            let route = routes[(n % 3) as usize];
            let status = statuses[(n % 5) as usize];
            (at, method, route, status, (n % 90) as i32, n * 3)
        })
        .collect()
}

async fn insert_rows(app: &TestApp, rows: &[(i64, &str, &str, i32, i32, i64)]) {
    for chunk in rows.chunks(500) {
        let values: Vec<String> = chunk
            .iter()
            .map(|(at, method, route, status, latency, bytes)| {
                format!(
                    "({at}, NULL, '10.0.0.9', '{method}', '{route}', {status}, {latency}, {bytes})"
                )
            })
            .collect();
        app.sql(&format!(
            "INSERT INTO access_log (created_at, user_id, ip, method, route, status, latency_ms, bytes) VALUES {}",
            values.join(", ")
        ))
        .await;
    }
}

type Sums = BTreeMap<(String, String, String), [i64; 5]>;

fn recount(rows: &[(i64, &str, &str, i32, i32, i64)], before: i64) -> Sums {
    let mut sums = Sums::new();
    for &(at, method, route, status, latency, bytes) in rows.iter().filter(|r| r.0 < before) {
        let sum = sums
            .entry((utc_day(at), method.to_owned(), route.to_owned()))
            .or_default();
        sum[0] += 1;
        sum[1] += i64::from((400..500).contains(&status));
        sum[2] += i64::from(status >= 500);
        sum[3] += i64::from(latency);
        sum[4] += bytes;
    }
    sums
}

async fn stored_rollup(app: &TestApp) -> Sums {
    use sea_orm::EntityTrait;
    tingshu_server::entities::access_log_daily::Entity::find()
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .map(|r| {
            (
                (r.day, r.method, r.route),
                [
                    r.requests,
                    r.client_errors,
                    r.server_errors,
                    r.total_latency_ms,
                    r.bytes,
                ],
            )
        })
        .collect()
}

#[tokio::test]
async fn the_retention_rolls_up_then_removes_only_what_is_due_and_the_rollup_equals_a_recount() {
    let app = spawn_app().await;
    let now = 1_795_900_000_000; // 2026-11-28
    let cutoff = now - 30 * DAY_MS;
    let mut rows = two_months(now);
    // The boundary: a row at the cutoff is kept, one a millisecond older is due.
    rows.push((cutoff, "GET", "/api/books", 200, 5, 10));
    rows.push((cutoff - 1, "GET", "/api/books", 200, 5, 10));
    app.sql("DELETE FROM access_log").await;
    insert_rows(&app, &rows).await;
    let db = &app.state.activity.db;

    // First a retention of 61 days (nothing is that old), then 30.
    let report = apply_retention(db, 61, now).await.unwrap();
    assert_eq!(report.removed, 0);
    // Rolled up in two runs: the days the two runs share are added, not replaced.
    let earlier = now - 5 * DAY_MS / 2;
    apply_retention(db, 30, earlier).await.unwrap();
    let report = apply_retention(db, 30, now).await.unwrap();
    let due = rows.iter().filter(|r| r.0 < cutoff).count() as u64;
    assert!(due > BATCH_ROWS, "enough rows for more than one batch");
    assert_eq!(report.cutoff_ms, cutoff);
    let left = app
        .sql_count(&format!(
            "SELECT COUNT(*) FROM access_log WHERE created_at < {cutoff}"
        ))
        .await;
    assert_eq!(left, 0, "every due row removed");
    let kept = app.sql_count("SELECT COUNT(*) FROM access_log").await;
    assert_eq!(
        kept as usize,
        rows.len() - due as usize,
        "only due rows removed"
    );
    let at_cutoff = rows.iter().filter(|r| r.0 == cutoff).count() as i64;
    assert!(at_cutoff >= 1);
    assert_eq!(
        app.sql_count(&format!(
            "SELECT COUNT(*) FROM access_log WHERE created_at = {cutoff}"
        ))
        .await,
        at_cutoff,
        "rows at the cutoff are kept"
    );
    assert_eq!(stored_rollup(&app).await, recount(&rows, cutoff));

    // Again: nothing more is due, nothing counted twice.
    assert_eq!(apply_retention(db, 30, now).await.unwrap().removed, 0);
    assert_eq!(stored_rollup(&app).await, recount(&rows, cutoff));

    let admin = admin(&app, "statistician").await;
    let day = utc_day(cutoff - 1);
    let (status, answer) = get(
        &app,
        &admin,
        &format!("/api/admin/access-logs/daily?from={day}&to={day}&route=%2Fapi%2Fbooks"),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    let expected: i64 = recount(&rows, cutoff)
        .iter()
        .filter(|((d, _, r), _)| *d == day && r == "/api/books")
        .map(|(_, sums)| sums[0])
        .sum();
    let served: i64 = answer["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["requests"].as_i64().unwrap())
        .sum();
    assert_eq!(served, expected);
    let (status, _) = get(&app, &admin, "/api/admin/access-logs/daily?from=yesterday").await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn an_administrator_sees_and_clears_a_throttle_with_an_audit_row() {
    let app = spawn_app().await;
    let admin = admin(&app, "guardian").await;
    let victim = app.signed_up_user("victim").await;
    let now = chrono::Utc::now().timestamp_millis();
    let failures: Vec<String> = (0..12)
        .map(|n| {
            format!(
                "('login_failed', {}, 'victim', '10.0.0.5', {})",
                victim.id,
                now - n * 1000
            )
        })
        .collect();
    app.sql(&format!(
        "INSERT INTO auth_events (kind, user_id, account, ip, created_at) VALUES {}",
        failures.join(", ")
    ))
    .await;
    assert_eq!(app.login(&victim.email, GOOD_PASSWORD).await.status(), 429);

    let (status, answer) = get(&app, &admin, "/api/admin/security/throttles").await;
    assert_eq!(status, 200, "{answer}");
    let held = &answer["data"]["items"][0];
    let key = format!("user:{}", victim.id);
    assert_eq!(held["key"], key.as_str(), "{answer}");
    assert_eq!(held["account"], "victim");
    assert!(held["retryAfterSecs"].as_u64().unwrap() > 0);

    let editor = editor(&app, "curious").await;
    let path = format!("/api/admin/security/throttles/{key}");
    let (status, _) = send(&app, Method::DELETE, &path, &editor, None).await;
    assert_eq!(status, 403);
    let (status, answer) = send(&app, Method::DELETE, &path, &admin, None).await;
    assert_eq!(status, 200, "{answer}");
    let (_, answer) = get(&app, &admin, "/api/admin/security/throttles").await;
    assert_eq!(answer["data"]["items"], serde_json::json!([]));
    assert_eq!(app.login(&victim.email, GOOD_PASSWORD).await.status(), 200);

    let (_, answer) = get(&app, &admin, "/api/admin/logs?entity=throttle").await;
    let row = &answer["data"]["items"][0];
    assert_eq!(row["action"], "throttle.clear", "{answer}");
    assert_eq!(row["entityId"], key.as_str());
    assert_eq!(row["actorName"], "guardian");

    let (status, answer) = send(&app, Method::DELETE, &path, &admin, None).await;
    assert_eq!(status, 404, "nothing left to clear: {answer}");
    let (status, _) = send(
        &app,
        Method::DELETE,
        "/api/admin/security/throttles/who",
        &admin,
        None,
    )
    .await;
    assert_eq!(status, 404);

    let (_, answer) = get(
        &app,
        &admin,
        &format!(
            "/api/admin/security/events?kind=login_failed_cleared&userId={}",
            victim.id
        ),
    )
    .await;
    assert_eq!(answer["data"]["total"], 12, "{answer}");
}

#[tokio::test]
async fn a_session_revoked_for_a_replayed_refresh_token_is_listed() {
    let app = spawn_app().await;
    let admin = admin(&app, "sentinel").await;
    let victim = app.signed_up_user("replayed").await;
    let other = app.signed_up_user("leaver").await;
    // A replay after the rotation grace (core `ROTATION_GRACE_MS`) revokes the session so;
    // a plain sign-out is not listed.
    app.sql(&format!(
        "UPDATE sessions SET revoked_at = 5, revoked_reason = 'refresh_reused', \
         user_agent = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' \
         WHERE id = '{}'",
        victim.session_id
    ))
    .await;
    app.sql(&format!(
        "UPDATE sessions SET revoked_at = 6, revoked_reason = 'logout' WHERE id = '{}'",
        other.session_id
    ))
    .await;

    let (status, answer) = get(&app, &admin, "/api/admin/security/revoked-sessions").await;
    assert_eq!(status, 200, "{answer}");
    let items = answer["data"]["items"].as_array().unwrap();
    assert_eq!(items.len(), 1, "{answer}");
    assert_eq!(items[0]["sessionId"], victim.session_id.as_str());
    assert_eq!(items[0]["username"], "replayed");
    assert_eq!(items[0]["device"], "Firefox 128 · Linux", "{answer}");
    assert_eq!(answer["data"]["total"], 1);
}

//! Membership, orders and payments over HTTP: the sandbox checkout end to end, the webhook's
//! signature, replays and concurrent duplicates, expiry, refunds, currencies, and premium
//! download grants.
use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use tingshu_core::payments::{
    membership::add_months,
    webhook::{sign, SIGNATURE_HEADER},
};

use crate::{
    disk::{app_on, test_disk},
    helpers::{spawn_app, TestApp, TestUser, WEBHOOK_SECRET},
};

const DAY: i64 = 86_400_000;

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// A catalogue to buy from: book 1 free, 2 VIP (chapter 3 VIP, priced alone), 3 paid (¥29.90 /
/// $4.99 / ¥700; chapter 4 priced alone); every chapter has audio.
async fn shop() -> TestApp {
    let app = spawn_app().await;
    app.storage
        .put_bytes("test/tone.bin", vec![7u8; 4096])
        .await
        .unwrap();
    app.sql("INSERT INTO categories (id, slug, name_zh, name_en, name_ja, created_at) VALUES (1, 'c', '类', 'C', 'C', 0)").await;
    app.sql("INSERT INTO authors (id, name) VALUES (1, '作者')")
        .await;
    app.sql(
        "INSERT INTO books (id, title, author_id, description, category_id, access, price_cny, price_usd, price_jpy, created_at, updated_at) VALUES
         (1, '免费书', 1, '', 1, 'free', NULL, NULL, NULL, 0, 0),
         (2, '会员书', 1, '', 1, 'vip', 1990, 299, NULL, 0, 0),
         (3, '付费书', 1, '', 1, 'paid', 2990, 499, 700, 0, 0)",
    )
    .await;
    app.sql(&format!(
        "INSERT INTO assets (id, storage_key, mime, bytes, sha256, duration_secs, created_at) VALUES (1, 'test/tone.bin', 'audio/wav', 4096, '{}', 1.0, 0)",
        "a".repeat(64)
    ))
    .await;
    app.sql(
        "INSERT INTO chapters (id, book_id, idx, title, asset_id, is_free, price_cny, price_usd, price_jpy, created_at) VALUES
         (1, 1, 1, 'one', 1, false, NULL, NULL, NULL, 0),
         (2, 2, 1, 'one', 1, true, NULL, NULL, NULL, 0),
         (3, 2, 2, 'two', 1, false, 300, 50, 60, 0),
         (4, 3, 1, 'one', 1, false, 500, 99, 120, 0),
         (5, 3, 2, 'two', 1, false, NULL, NULL, NULL, 0)",
    )
    .await;
    app
}

async fn data(response: reqwest::Response) -> Value {
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

async fn error(response: reqwest::Response) -> (StatusCode, Value) {
    let status = response.status();
    (status, response.json().await.unwrap())
}

async fn order(app: &TestApp, user: &TestUser, body: Value) -> reqwest::Response {
    app.call(
        Method::POST,
        "/api/orders",
        Some(&user.access_token),
        Some(&body),
    )
    .await
}

async fn new_order(app: &TestApp, user: &TestUser, body: Value) -> Value {
    data(order(app, user, body).await).await
}

async fn order_state(app: &TestApp, user: &TestUser, id: i64) -> Value {
    data(
        app.get_as(&format!("/api/orders/{id}"), &user.access_token)
            .await,
    )
    .await
}

/// Polls the order until it leaves `pending` (the sandbox notifies in a task of its own).
async fn settled(app: &TestApp, user: &TestUser, id: i64) -> Value {
    for _ in 0..100 {
        let order = order_state(app, user, id).await;
        if order["state"] != "pending" {
            return order;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("order {id} stayed pending");
}

async fn me(app: &TestApp, user: &TestUser) -> Value {
    data(app.get_as("/api/auth/me", &user.access_token).await).await
}

fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// The payer answers the sandbox checkout; answers where the browser is sent.
async fn answer_checkout(app: &TestApp, checkout_url: &str, action: &str) -> String {
    let response = no_redirects()
        .post(app.url(checkout_url))
        .form(&[("action", action)])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    response.headers()["location"].to_str().unwrap().to_owned()
}

/// A signed sandbox notification for the checkout `session`, at `at_secs`.
fn notification(
    session: &str,
    event: &str,
    body: Value,
    secret: &str,
    at_secs: i64,
) -> (String, Vec<u8>) {
    let mut body = body;
    body["id"] = json!(event);
    body["sessionId"] = json!(session);
    let bytes = serde_json::to_vec(&body).unwrap();
    (sign(secret.as_bytes(), at_secs, &bytes), bytes)
}

fn paid(amount: i64, currency: &str) -> Value {
    json!({"type": "checkout.completed", "amount": amount, "currency": currency})
}

async fn deliver(app: &TestApp, (signature, body): &(String, Vec<u8>)) -> reqwest::Response {
    app.client
        .post(app.url("/api/payments/sandbox/webhook"))
        .header(SIGNATURE_HEADER, signature)
        .header("content-type", "application/json")
        .body(body.clone())
        .send()
        .await
        .unwrap()
}

fn session_of(order: &Value) -> String {
    let url = order["checkoutUrl"].as_str().expect("a checkout url");
    url.rsplit('/').next().unwrap().to_owned()
}

async fn audio_status(app: &TestApp, user: &TestUser, chapter: i64) -> StatusCode {
    app.get_as(
        &format!("/api/chapters/{chapter}/audio"),
        &user.access_token,
    )
    .await
    .status()
}

async fn admin(app: &TestApp) -> TestUser {
    let admin = app.signed_up_user("boss").await;
    app.sql(&format!(
        "UPDATE users SET user_type = 'admin' WHERE id = {}",
        admin.id
    ))
    .await;
    admin
}

async fn refund(app: &TestApp, admin: &TestUser, id: i64) -> reqwest::Response {
    app.call(
        Method::POST,
        &format!("/api/admin/orders/{id}/refund"),
        Some(&admin.access_token),
        Some(&json!({"reason": "asked by the listener"})),
    )
    .await
}

#[tokio::test]
async fn plans_are_priced_in_the_currency_of_the_language() {
    let app = spawn_app().await;
    for (lang, currency, monthly) in [("zh", "CNY", 1800), ("en", "USD", 299), ("ja", "JPY", 380)] {
        let response = app
            .client
            .get(app.url("/api/plans"))
            .header("Accept-Language", lang)
            .send()
            .await
            .unwrap();
        let plans = data(response).await;
        let codes: Vec<&str> = plans["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["code"].as_str().unwrap())
            .collect();
        assert_eq!(codes, ["monthly", "quarterly", "yearly", "lifetime"]);
        assert_eq!(plans["items"][0]["currency"], currency, "{lang}");
        assert_eq!(plans["items"][0]["price"], monthly, "{lang}");
        assert_eq!(plans["items"][3]["months"], Value::Null);
    }
    let chosen = data(app.get("/api/plans?currency=JPY").await).await;
    assert_eq!(chosen["items"][2]["price"], 3600);
    let (status, body) = error(app.get("/api/plans?currency=EUR").await).await;
    assert_eq!(status, 400);
    assert!(body["fields"]["currency"].is_string(), "{body}");
}

#[tokio::test]
async fn a_plan_paid_through_the_sandbox_checkout_makes_a_member() {
    let app = shop().await;
    let user = app.signed_up_user("reader").await;
    assert_eq!(
        audio_status(&app, &user, 3).await,
        403,
        "a VIP chapter before paying"
    );
    let order = new_order(
        &app,
        &user,
        json!({"kind": "plan", "planCode": "monthly", "currency": "CNY", "redirect": "/books/2"}),
    )
    .await;
    assert_eq!(order["state"], "pending");
    assert_eq!(order["amount"], 1800);
    let checkout = order["checkoutUrl"].as_str().unwrap().to_owned();
    assert!(
        checkout.starts_with("/api/payments/sandbox/checkout/cs_test_"),
        "{checkout}"
    );
    // The hosted page is labelled as a test and shows the amount through core's formatting.
    let page = app
        .client
        .get(app.url(&checkout))
        .header("Accept-Language", "en")
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    let html = page.text().await.unwrap();
    assert!(
        html.contains("TEST PAYMENT") && html.contains("¥18.00") && html.contains("<p>Monthly</p>"),
        "{html}"
    );
    // A post without an answer is a 400 naming the body, and changes nothing.
    let (status, body) = error(
        no_redirects()
            .post(app.url(&checkout))
            .form(&[("choice", "approve")])
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("invalid_body"))
    );
    let id = order["id"].as_i64().unwrap();
    let back = answer_checkout(&app, &checkout, "approve").await;
    assert_eq!(back, format!("/payment/success?order={id}"));
    let done = settled(&app, &user, id).await;
    assert_eq!(done["state"], "paid");
    assert_eq!(done["redirect"], "/books/2");
    assert!(done["checkoutUrl"].is_null(), "no checkout once paid");
    let account = me(&app, &user).await;
    assert_eq!(account["subscriptionType"], "premium", "{account}");
    let expires = account["subscriptionExpiresAt"].as_i64().unwrap();
    let month = expires - now_ms();
    assert!(
        (27 * DAY..=31 * DAY).contains(&month),
        "one calendar month, not {month}"
    );
    assert_eq!(
        audio_status(&app, &user, 3).await,
        200,
        "the VIP chapter plays"
    );
    let membership = data(app.get_as("/api/me/membership", &user.access_token).await).await;
    assert_eq!(membership["status"]["kind"], "member");
    assert_eq!(membership["plan"]["code"], "monthly");
    assert_eq!(membership["history"][0]["id"], id);
    // Every transition is recorded with its cause.
    let events: Vec<(String, String)> = sqlx_events(&app, id).await;
    assert_eq!(
        events,
        [
            ("".into(), "pending".into()),
            ("pending".into(), "paid".into())
        ]
    );
    // Approving again after payment does nothing more.
    answer_checkout(&app, &checkout, "approve").await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(
        me(&app, &user).await["subscriptionExpiresAt"]
            .as_i64()
            .unwrap(),
        expires
    );
}

async fn sqlx_events(app: &TestApp, order: i64) -> Vec<(String, String)> {
    use sea_orm::{ConnectionTrait, Statement};
    let rows = app
        .db
        .query_all_raw(Statement::from_string(
            app.db.get_database_backend(),
            format!("SELECT from_state, to_state FROM order_events WHERE order_id = {order} ORDER BY id"),
        ))
        .await
        .unwrap();
    rows.iter()
        .map(|row| {
            (
                row.try_get::<Option<String>>("", "from_state")
                    .unwrap()
                    .unwrap_or_default(),
                row.try_get::<String>("", "to_state").unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_declined_payment_fails_and_grants_nothing() {
    let app = shop().await;
    let user = app.signed_up_user("reader").await;
    let order = new_order(&app, &user, json!({"kind": "book", "bookId": 3})).await;
    let id = order["id"].as_i64().unwrap();
    let back = answer_checkout(&app, order["checkoutUrl"].as_str().unwrap(), "decline").await;
    assert_eq!(back, format!("/payment/failed?order={id}"));
    assert_eq!(settled(&app, &user, id).await["state"], "failed");
    assert_eq!(audio_status(&app, &user, 4).await, 403);
    assert_eq!(app.sql_count("SELECT COUNT(*) FROM purchases").await, 0);
    // Abandoning leaves the order waiting until it expires.
    let again = new_order(&app, &user, json!({"kind": "book", "bookId": 3})).await;
    assert_ne!(again["id"], order["id"], "a failed order is not reused");
    let back = answer_checkout(&app, again["checkoutUrl"].as_str().unwrap(), "abandon").await;
    assert!(back.ends_with("&reason=abandoned"), "{back}");
    assert_eq!(
        order_state(&app, &user, again["id"].as_i64().unwrap()).await["state"],
        "pending"
    );
}

#[tokio::test]
async fn forged_stale_and_replayed_notifications_change_nothing_twice() {
    let app = shop().await;
    let user = app.signed_up_user("reader").await;
    let order = new_order(
        &app,
        &user,
        json!({"kind": "plan", "planCode": "yearly", "currency": "USD"}),
    )
    .await;
    let id = order["id"].as_i64().unwrap();
    let session = session_of(&order);
    let now = chrono::Utc::now().timestamp();
    // Signed with another secret, or five minutes and more in the past: refused.
    let forged = notification(
        &session,
        "evt_1",
        paid(2999, "USD"),
        "not-the-secret-not-the-secret-0000",
        now,
    );
    let (status, body) = error(deliver(&app, &forged).await).await;
    assert_eq!(
        (status, body["fields"]["signature"].is_string()),
        (StatusCode::BAD_REQUEST, true),
        "{body}"
    );
    let stale = notification(
        &session,
        "evt_1",
        paid(2999, "USD"),
        WEBHOOK_SECRET,
        now - 301,
    );
    assert_eq!(deliver(&app, &stale).await.status(), 400);
    // A body altered after signing is refused too.
    let (signature, _) = notification(&session, "evt_1", paid(2999, "USD"), WEBHOOK_SECRET, now);
    let altered = (signature, serde_json::to_vec(&json!({"id": "evt_1", "sessionId": session, "type": "checkout.completed", "amount": 1, "currency": "USD"})).unwrap());
    assert_eq!(deliver(&app, &altered).await.status(), 400);
    assert_eq!(order_state(&app, &user, id).await["state"], "pending");
    assert_eq!(me(&app, &user).await["subscriptionType"], "free");
    // The real one pays; its replay and a second notification of the same payment do nothing.
    let genuine = notification(&session, "evt_1", paid(2999, "USD"), WEBHOOK_SECRET, now);
    assert_eq!(
        data(deliver(&app, &genuine).await).await["outcome"],
        "changed"
    );
    let expires = me(&app, &user).await["subscriptionExpiresAt"]
        .as_i64()
        .unwrap();
    assert_eq!(
        data(deliver(&app, &genuine).await).await["outcome"],
        "duplicate"
    );
    let second = notification(&session, "evt_2", paid(2999, "USD"), WEBHOOK_SECRET, now);
    assert_eq!(
        data(deliver(&app, &second).await).await["outcome"],
        "ignored"
    );
    assert_eq!(
        me(&app, &user).await["subscriptionExpiresAt"]
            .as_i64()
            .unwrap(),
        expires
    );
    let year = expires - now_ms();
    assert!((364 * DAY..=366 * DAY).contains(&year), "{year}");
    // A notification for an unknown checkout or provider is a 404.
    let unknown = notification("cs_test_nope", "evt_3", paid(1, "USD"), WEBHOOK_SECRET, now);
    assert_eq!(deliver(&app, &unknown).await.status(), 404);
}

#[tokio::test]
async fn a_payment_of_the_wrong_amount_fails_the_order() {
    let app = shop().await;
    let user = app.signed_up_user("reader").await;
    let order = new_order(
        &app,
        &user,
        json!({"kind": "book", "bookId": 3, "currency": "JPY"}),
    )
    .await;
    assert_eq!(order["amount"], 700);
    let now = chrono::Utc::now().timestamp();
    let cheap = notification(
        &session_of(&order),
        "evt_1",
        paid(70, "JPY"),
        WEBHOOK_SECRET,
        now,
    );
    assert_eq!(
        data(deliver(&app, &cheap).await).await["outcome"],
        "changed"
    );
    assert_eq!(
        order_state(&app, &user, order["id"].as_i64().unwrap()).await["state"],
        "failed"
    );
    assert_eq!(audio_status(&app, &user, 4).await, 403);
}

#[tokio::test]
async fn sixteen_concurrent_duplicate_notifications_grant_exactly_once() {
    let app = shop().await;
    let user = app.signed_up_user("reader").await;
    let order = new_order(&app, &user, json!({"kind": "book", "bookId": 3})).await;
    let session = session_of(&order);
    let now = chrono::Utc::now().timestamp();
    // Half the senders replay one event; the other half each send their own event id.
    let sends = (0..16).map(|n| {
        let event = if n % 2 == 0 {
            "evt_same".to_owned()
        } else {
            format!("evt_{n}")
        };
        let signed = notification(&session, &event, paid(2990, "CNY"), WEBHOOK_SECRET, now);
        let app = &app;
        async move {
            data(deliver(app, &signed).await).await["outcome"]
                .as_str()
                .unwrap()
                .to_owned()
        }
    });
    let outcomes = futures_util::future::join_all(sends).await;
    assert_eq!(
        outcomes.iter().filter(|o| *o == "changed").count(),
        1,
        "{outcomes:?}"
    );
    assert_eq!(app.sql_count("SELECT COUNT(*) FROM purchases").await, 1);
    assert_eq!(
        app.sql_count(&format!(
            "SELECT COUNT(*) FROM order_events WHERE from_state = 'pending' AND to_state = 'paid' AND order_id = {}",
            order["id"]
        ))
        .await,
        1
    );
    assert_eq!(
        audio_status(&app, &user, 5).await,
        200,
        "the whole book is open"
    );
}

#[tokio::test]
async fn sixteen_concurrent_order_requests_make_one_pending_order() {
    let app = shop().await;
    let user = app.signed_up_user("reader").await;
    let requests = (0..16).map(|_| {
        let (app, user) = (&app, &user);
        async move {
            new_order(app, user, json!({"kind": "chapter", "chapterId": 4})).await["id"]
                .as_i64()
                .unwrap()
        }
    });
    let ids = futures_util::future::join_all(requests).await;
    assert!(ids.iter().all(|id| *id == ids[0]), "{ids:?}");
    assert_eq!(app.sql_count("SELECT COUNT(*) FROM orders").await, 1);
}

#[tokio::test]
async fn unpaid_orders_expire_after_thirty_minutes_and_cannot_be_paid_then() {
    let app = shop().await;
    let user = app.signed_up_user("reader").await;
    let order = new_order(&app, &user, json!({"kind": "plan", "planCode": "monthly"})).await;
    let id = order["id"].as_i64().unwrap();
    assert_eq!(
        order["expiresAt"].as_i64().unwrap() - order["createdAt"].as_i64().unwrap(),
        30 * 60 * 1000
    );
    app.sql(&format!(
        "UPDATE orders SET expires_at = {} WHERE id = {id}",
        now_ms() - 1
    ))
    .await;
    assert_eq!(order_state(&app, &user, id).await["state"], "cancelled");
    let cause = app
        .sql_count(&format!("SELECT COUNT(*) FROM order_events WHERE order_id = {id} AND to_state = 'cancelled' AND cause LIKE 'expired%'"))
        .await;
    assert_eq!(cause, 1);
    let late = notification(
        &session_of(&order),
        "evt_late",
        paid(1800, "CNY"),
        WEBHOOK_SECRET,
        chrono::Utc::now().timestamp(),
    );
    assert_eq!(data(deliver(&app, &late).await).await["outcome"], "ignored");
    assert_eq!(me(&app, &user).await["subscriptionType"], "free");
    // The sweep cancels orders nobody reads.
    let other = new_order(&app, &user, json!({"kind": "book", "bookId": 3})).await;
    app.sql(&format!(
        "UPDATE orders SET expires_at = {} WHERE id = {}",
        now_ms() - 1,
        other["id"]
    ))
    .await;
    let expired = tingshu_server::payments::orders::expire_due(&app.state.payments, now_ms())
        .await
        .unwrap();
    assert_eq!(expired, 1);
    // The buyer may cancel a pending order, and only a pending one.
    let third = new_order(&app, &user, json!({"kind": "book", "bookId": 3})).await;
    let cancel = format!("/api/orders/{}/cancel", third["id"]);
    assert_eq!(
        data(
            app.call(Method::POST, &cancel, Some(&user.access_token), None)
                .await
        )
        .await["state"],
        "cancelled"
    );
    let (status, body) = error(
        app.call(Method::POST, &cancel, Some(&user.access_token), None)
            .await,
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::CONFLICT, Some("invalid_transition"))
    );
}

async fn pay(app: &TestApp, user: &TestUser, body: Value) -> i64 {
    let order = new_order(app, user, body).await;
    let id = order["id"].as_i64().unwrap();
    answer_checkout(app, order["checkoutUrl"].as_str().unwrap(), "approve").await;
    assert_eq!(settled(app, user, id).await["state"], "paid");
    id
}

#[tokio::test]
async fn refunds_take_back_exactly_what_was_granted() {
    let app = shop().await;
    let user = app.signed_up_user("reader").await;
    let boss = admin(&app).await;
    let first = pay(&app, &user, json!({"kind": "plan", "planCode": "monthly"})).await;
    let after_first = me(&app, &user).await["subscriptionExpiresAt"]
        .as_i64()
        .unwrap();
    let second = pay(
        &app,
        &user,
        json!({"kind": "plan", "planCode": "quarterly"}),
    )
    .await;
    let after_second = me(&app, &user).await["subscriptionExpiresAt"]
        .as_i64()
        .unwrap();
    assert!(
        after_second - after_first >= 89 * DAY,
        "extended from the current expiry"
    );
    // Refund the first: its month comes off; the quarter remains.
    let refunded = data(refund(&app, &boss, first).await).await;
    assert_eq!(refunded["state"], "refunded");
    assert!(refunded["events"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["cause"]
            .as_str()
            .unwrap()
            .contains("asked by the listener")));
    let now_expiry = me(&app, &user).await["subscriptionExpiresAt"]
        .as_i64()
        .unwrap();
    // Exactly the quarter of the second order is left, counted from its payment.
    let paid_at = paid_at(&app, second).await;
    assert_eq!(now_expiry, add_months(paid_at, 3));
    assert!(
        after_second - now_expiry > 27 * DAY,
        "the first's month is gone"
    );
    // Refund the second too: free again, the VIP chapter closes.
    data(refund(&app, &boss, second).await).await;
    assert_eq!(me(&app, &user).await["subscriptionType"], "free");
    assert_eq!(audio_status(&app, &user, 3).await, 403);
    // A refund of an order that is not paid is refused; a listener may not refund.
    let (status, body) = error(refund(&app, &boss, first).await).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::CONFLICT, Some("invalid_transition"))
    );
    assert_eq!(refund(&app, &user, second).await.status(), 403);
    // Lifetime removes the expiry; its refund restores the membership before it.
    let monthly = pay(&app, &user, json!({"kind": "plan", "planCode": "monthly"})).await;
    let before = me(&app, &user).await["subscriptionExpiresAt"]
        .as_i64()
        .unwrap();
    let lifetime = pay(&app, &user, json!({"kind": "plan", "planCode": "lifetime"})).await;
    assert!(me(&app, &user).await["subscriptionExpiresAt"].is_null());
    let (status, body) =
        error(order(&app, &user, json!({"kind": "plan", "planCode": "monthly"})).await).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::CONFLICT, Some("already_lifetime"))
    );
    data(refund(&app, &boss, lifetime).await).await;
    assert_eq!(
        me(&app, &user).await["subscriptionExpiresAt"]
            .as_i64()
            .unwrap(),
        before
    );
    assert_ne!(monthly, lifetime);
    // A book refund takes the book back.
    let book = pay(&app, &user, json!({"kind": "book", "bookId": 3})).await;
    assert_eq!(audio_status(&app, &user, 5).await, 200);
    data(refund(&app, &boss, book).await).await;
    assert_eq!(audio_status(&app, &user, 5).await, 403);
    // The console's list and the audit log know.
    let list = data(
        app.get_as("/api/admin/orders?state=refunded", &boss.access_token)
            .await,
    )
    .await;
    assert_eq!(list["total"], 4);
    assert_eq!(
        app.sql_count("SELECT COUNT(*) FROM audit_log WHERE action = 'order.refund'")
            .await,
        4
    );
}

async fn paid_at(app: &TestApp, order: i64) -> i64 {
    app.sql_count(&format!("SELECT paid_at FROM orders WHERE id = {order}"))
        .await
}

/// The administrator grants (`POST`) or takes away (`DELETE`) the user's membership in the
/// console, with `body` (the term and the reason).
async fn change_membership(
    app: &TestApp,
    boss: &TestUser,
    user: &TestUser,
    method: Method,
    body: Value,
) {
    let path = format!("/api/admin/users/{}/membership", user.id);
    data(
        app.call(method, &path, Some(&boss.access_token), Some(&body))
            .await,
    )
    .await;
}

#[tokio::test]
async fn a_refund_leaves_a_membership_granted_for_life_after_the_order() {
    let app = shop().await;
    let user = app.signed_up_user("reader").await;
    let boss = admin(&app).await;
    let month = pay(&app, &user, json!({"kind": "plan", "planCode": "monthly"})).await;
    let grant = json!({"term": "lifetime", "reason": "a goodwill gesture"});
    change_membership(&app, &boss, &user, Method::POST, grant).await;
    data(refund(&app, &boss, month).await).await;
    let after = me(&app, &user).await;
    assert_eq!(after["subscriptionType"], "premium", "{after}");
    assert!(
        after["subscriptionExpiresAt"].is_null(),
        "still for life: {after}"
    );
    assert_eq!(
        app.sql_count(&format!(
            "SELECT COUNT(*) FROM membership_changes WHERE user_id = {} AND action = 'grant' \
             AND term = 'lifetime' AND reason = 'a goodwill gesture'",
            user.id
        ))
        .await,
        1,
        "the grant is recorded for the replay"
    );
}

#[tokio::test]
async fn a_refund_does_not_bring_back_a_membership_taken_away() {
    let app = shop().await;
    let user = app.signed_up_user("reader").await;
    let boss = admin(&app).await;
    let older = pay(&app, &user, json!({"kind": "plan", "planCode": "monthly"})).await;
    pay(&app, &user, json!({"kind": "plan", "planCode": "monthly"})).await;
    let revoke = json!({"reason": "chargeback"});
    change_membership(&app, &boss, &user, Method::DELETE, revoke).await;
    assert_eq!(me(&app, &user).await["subscriptionType"], "free");
    data(refund(&app, &boss, older).await).await;
    assert_eq!(
        me(&app, &user).await["subscriptionType"],
        "free",
        "the newer order does not come back"
    );
    assert_eq!(audio_status(&app, &user, 3).await, 403);
}

#[tokio::test]
async fn a_refund_leaves_the_months_an_administrator_granted() {
    let app = shop().await;
    let user = app.signed_up_user("reader").await;
    let boss = admin(&app).await;
    // An order paid and refunded before: the replay starts before it.
    let earlier = pay(&app, &user, json!({"kind": "plan", "planCode": "monthly"})).await;
    data(refund(&app, &boss, earlier).await).await;
    let monthly = app
        .sql_count("SELECT CAST(id AS BIGINT) FROM plans WHERE code = 'monthly'")
        .await;
    let grant = json!({"term": "plan", "planId": monthly, "reason": "contest prize"});
    change_membership(&app, &boss, &user, Method::POST, grant).await;
    let granted = me(&app, &user).await["subscriptionExpiresAt"]
        .as_i64()
        .unwrap();
    let quarter = pay(
        &app,
        &user,
        json!({"kind": "plan", "planCode": "quarterly"}),
    )
    .await;
    let bought = me(&app, &user).await["subscriptionExpiresAt"]
        .as_i64()
        .unwrap();
    assert_eq!(bought, add_months(granted, 3), "extended from the grant");
    data(refund(&app, &boss, quarter).await).await;
    let after = me(&app, &user).await;
    assert_eq!(after["subscriptionType"], "premium", "{after}");
    assert_eq!(
        after["subscriptionExpiresAt"], granted,
        "exactly the granted month is left"
    );
}

#[tokio::test]
async fn orders_are_checked_and_private() {
    let app = shop().await;
    let user = app.signed_up_user("reader").await;
    let other = app.signed_up_user("other").await;
    let cases = [
        (json!({"kind": "plan"}), StatusCode::BAD_REQUEST, "planCode"),
        (json!({"kind": "book"}), StatusCode::BAD_REQUEST, "bookId"),
        (
            json!({"kind": "plan", "planCode": "monthly", "redirect": "//evil.example"}),
            StatusCode::BAD_REQUEST,
            "redirect",
        ),
        (
            json!({"kind": "book", "bookId": 1}),
            StatusCode::CONFLICT,
            "currency",
        ),
        (
            json!({"kind": "book", "bookId": 2, "currency": "JPY"}),
            StatusCode::CONFLICT,
            "currency",
        ),
    ];
    for (body, status, field) in cases {
        let (got, answer) = error(order(&app, &user, body.clone()).await).await;
        assert_eq!(got, status, "{body} → {answer}");
        assert!(answer["fields"][field].is_string(), "{body} → {answer}");
    }
    let (status, _) =
        error(order(&app, &user, json!({"kind": "plan", "planCode": "weekly"})).await).await;
    assert_eq!(status, 404);
    let (status, _) =
        error(order(&app, &user, json!({"kind": "chapter", "chapterId": 2})).await).await;
    assert_eq!(status, 409, "a free chapter is not for sale");
    assert_eq!(
        app.call(
            Method::POST,
            "/api/orders",
            None,
            Some(&json!({"kind": "book", "bookId": 3}))
        )
        .await
        .status(),
        401
    );
    let mine = new_order(&app, &user, json!({"kind": "book", "bookId": 3})).await;
    let path = format!("/api/orders/{}", mine["id"]);
    assert_eq!(app.get_as(&path, &other.access_token).await.status(), 404);
    let listed = data(app.get_as("/api/me/orders", &user.access_token).await).await;
    assert_eq!(listed["total"], 1);
    assert_eq!(
        data(app.get_as("/api/me/orders", &other.access_token).await).await["total"],
        0
    );
    // Bought once, never twice: the book, and then a chapter of it.
    pay(&app, &user, json!({"kind": "book", "bookId": 3})).await;
    for body in [
        json!({"kind": "book", "bookId": 3}),
        json!({"kind": "chapter", "chapterId": 4}),
    ] {
        let (status, answer) = error(order(&app, &user, body).await).await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (StatusCode::CONFLICT, Some("already_purchased"))
        );
    }
}

#[tokio::test]
async fn a_chapter_bought_alone_opens_that_chapter_only() {
    let app = shop().await;
    let user = app.signed_up_user("reader").await;
    let chapters = data(
        app.get_as("/api/books/3/chapters", &user.access_token)
            .await,
    )
    .await;
    assert_eq!(chapters["items"][0]["price"]["cny"], 500, "{chapters}");
    assert!(chapters["items"][1]["price"].is_null(), "not sold alone");
    pay(
        &app,
        &user,
        json!({"kind": "chapter", "chapterId": 4, "currency": "USD"}),
    )
    .await;
    assert_eq!(audio_status(&app, &user, 4).await, 200);
    assert_eq!(audio_status(&app, &user, 5).await, 403);
}

#[tokio::test]
async fn premium_members_get_download_grants_bounded_by_their_membership() {
    let app = shop().await;
    let user = app.signed_up_user("reader").await;
    let body = json!({"bookId": 2});
    let refused = app
        .call(
            Method::POST,
            "/api/me/downloads",
            Some(&user.access_token),
            Some(&body),
        )
        .await;
    let (status, answer) = error(refused).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("premium_required"))
    );
    let ends = now_ms() + 2 * DAY;
    app.sql(&format!("UPDATE users SET subscription_type = 'premium', subscription_expires_at = {ends} WHERE id = {}", user.id)).await;
    let grant = data(
        app.call(
            Method::POST,
            "/api/me/downloads",
            Some(&user.access_token),
            Some(&body),
        )
        .await,
    )
    .await;
    assert_eq!(grant["grantExpiresAt"], ends, "never past the membership");
    let items = grant["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    assert_eq!(items[1]["bytes"], 4096);
    // The signed address plays without a token.
    let url = items[1]["url"].as_str().unwrap();
    assert!(url.contains("sig="), "{url}");
    assert_eq!(app.get(url).await.status(), 200);
    // A paid book's chapters are refused until bought; a lifetime grant lasts 7 days.
    app.sql(&format!(
        "UPDATE users SET subscription_expires_at = NULL WHERE id = {}",
        user.id
    ))
    .await;
    let paid = data(
        app.call(
            Method::POST,
            "/api/me/downloads",
            Some(&user.access_token),
            Some(&json!({"bookId": 3, "chapterIds": [4, 5, 99]})),
        )
        .await,
    )
    .await;
    assert_eq!(paid["items"].as_array().unwrap().len(), 0);
    assert_eq!(paid["refused"], json!([99, 4, 5]));
    let week = paid["grantExpiresAt"].as_i64().unwrap() - now_ms();
    assert!((7 * DAY - 60_000..=7 * DAY).contains(&week), "{week}");
}

#[tokio::test]
async fn memberships_that_renew_themselves_are_charged_before_they_end() {
    let app = shop().await;
    let user = app.signed_up_user("reader").await;
    let first = pay(
        &app,
        &user,
        json!({"kind": "plan", "planCode": "monthly", "autoRenew": true}),
    )
    .await;
    let membership = data(app.get_as("/api/me/membership", &user.access_token).await).await;
    assert_eq!(membership["autoRenew"], true);
    // Nothing to renew while the end is more than a day away.
    let renew = || tingshu_server::payments::renewal::renew_due(&app.state.payments, now_ms());
    assert_eq!(renew().await.unwrap(), 0);
    let ends = now_ms() + 3_600_000;
    app.sql(&format!(
        "UPDATE users SET subscription_expires_at = {ends} WHERE id = {}",
        user.id
    ))
    .await;
    assert_eq!(renew().await.unwrap(), 1);
    assert_eq!(renew().await.unwrap(), 0, "once per period");
    let mut renewed = Value::Null;
    for _ in 0..100 {
        renewed = me(&app, &user).await;
        if renewed["subscriptionExpiresAt"].as_i64() != Some(ends) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let next = renewed["subscriptionExpiresAt"].as_i64().unwrap();
    assert!(
        (28 * DAY..=31 * DAY).contains(&(next - ends)),
        "a month from the old end"
    );
    let orders = data(app.get_as("/api/me/orders", &user.access_token).await).await;
    assert_eq!(orders["total"], 2);
    assert_ne!(orders["items"][0]["id"], first);
    // Turning it off stops renewals; a user without a plan cannot turn it on.
    let off = app
        .call(
            Method::PUT,
            "/api/me/subscription",
            Some(&user.access_token),
            Some(&json!({"autoRenew": false})),
        )
        .await;
    assert_eq!(data(off).await["autoRenew"], false);
    let stranger = app.signed_up_user("stranger").await;
    let (status, body) = error(
        app.call(
            Method::PUT,
            "/api/me/subscription",
            Some(&stranger.access_token),
            Some(&json!({"autoRenew": true})),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::CONFLICT, Some("no_subscription"))
    );
}

#[tokio::test]
async fn administrators_edit_plan_prices_and_orders_keep_theirs() {
    let app = shop().await;
    let boss = admin(&app).await;
    let user = app.signed_up_user("reader").await;
    let pending = new_order(&app, &user, json!({"kind": "plan", "planCode": "monthly"})).await;
    let plans = data(app.get_as("/api/admin/plans", &boss.access_token).await).await;
    let monthly = plans["items"][0]["id"].as_i64().unwrap();
    let path = format!("/api/admin/plans/{monthly}");
    let bad = app
        .call(
            Method::PUT,
            &path,
            Some(&boss.access_token),
            Some(&json!({"priceCny": 12.5, "active": true})),
        )
        .await;
    let (status, body) = error(bad).await;
    assert_eq!(status, 400);
    assert!(body["fields"]["priceCny"].is_string(), "{body}");
    let changed = app
        .call(
            Method::PUT,
            &path,
            Some(&boss.access_token),
            Some(&json!({"priceCny": 2500, "priceUsd": 399, "priceJpy": 500, "active": true})),
        )
        .await;
    assert_eq!(data(changed).await["prices"]["cny"], 2500);
    assert_eq!(
        order_state(&app, &user, pending["id"].as_i64().unwrap()).await["amount"],
        1800
    );
    let (status, _) = error(
        app.call(
            Method::PUT,
            &path,
            Some(&user.access_token),
            Some(&json!({"active": false})),
        )
        .await,
    )
    .await;
    assert_eq!(status, 403);
    // Off sale: gone from the list, not orderable.
    let off = app
        .call(
            Method::PUT,
            &path,
            Some(&boss.access_token),
            Some(&json!({"priceCny": 2500, "active": false})),
        )
        .await;
    assert_eq!(data(off).await["active"], false);
    assert_eq!(
        data(app.get("/api/plans").await).await["items"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_payment_approved_during_an_outage_of_over_a_minute_arrives_when_it_ends() {
    let Some(disk) = test_disk(48) else {
        return;
    };
    let app = app_on(&disk, 8).await;
    let user = app.signed_up_user("patient").await;
    let operator = admin(&app).await;
    let order = new_order(
        &app,
        &user,
        json!({"kind": "plan", "planCode": "monthly", "currency": "CNY"}),
    )
    .await;
    let id = order["id"].as_i64().unwrap();
    assert_eq!(order["confirming"], false);

    // The disk fills: the site takes no writes, and the payer approves at the provider.
    let filler = disk.fill(4 << 20);
    assert_eq!(app.get("/readyz").await.status(), 503);
    let back = answer_checkout(&app, order["checkoutUrl"].as_str().unwrap(), "approve").await;
    assert_eq!(back, format!("/payment/success?order={id}"));
    tokio::time::sleep(Duration::from_secs(65)).await;

    // Over a minute later the notification is still refused, and still being retried: the
    // order says its payment is being confirmed, and cannot be cancelled meanwhile.
    let waiting = order_state(&app, &user, id).await;
    assert_eq!(waiting["state"], "pending", "{waiting}");
    assert_eq!(waiting["confirming"], true, "{waiting}");
    let listed = data(app.get_as("/api/me/orders", &user.access_token).await).await;
    assert_eq!(listed["items"][0]["confirming"], true, "{listed}");
    let (status, body) = error(
        app.call(
            Method::POST,
            &format!("/api/orders/{id}/cancel"),
            Some(&user.access_token),
            None,
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["code"], "payment_confirming");
    // The console sees it too.
    let seen = data(
        app.get_as(&format!("/api/admin/orders/{id}"), &operator.access_token)
            .await,
    )
    .await;
    assert_eq!(seen["confirming"], true, "{seen}");

    // The disk is freed: within the longest wait between two tries, the membership arrives.
    std::fs::remove_file(&filler).unwrap();
    let mut paid = None;
    for _ in 0..90 {
        let order = order_state(&app, &user, id).await;
        if order["state"] != "pending" {
            paid = Some(order);
            break;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    let paid = paid.expect("the payment never arrived after the outage");
    assert_eq!(paid["state"], "paid", "{paid}");
    assert_eq!(paid["confirming"], false);
    let account = me(&app, &user).await;
    assert_eq!(account["subscriptionType"], "premium", "{account}");
}

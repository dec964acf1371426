//! Roles and permissions in the console (manage:users): the lists, the role form, changes of
//! grants sent as deltas (two administrators at once), grants counting from the next request,
//! and no operator taking away their own last way in.
use futures_util::future::join_all;
use reqwest::Method;
use serde_json::{json, Value};
use tingshu_core::{auth::kinds::Permission, spelling::Spelling, Lang};

use crate::console::{audit_rows, editor, send};
use crate::helpers::{spawn_app, TestApp, TestUser};

async fn admin(app: &TestApp, name: &str) -> TestUser {
    let user = app.signed_up_user(name).await;
    app.sql(&format!(
        "UPDATE users SET user_type = 'admin' WHERE id = {}",
        user.id
    ))
    .await;
    user
}

/// `send` with the answer's language chosen.
async fn send_in(
    app: &TestApp,
    lang: &str,
    method: Method,
    path: &str,
    user: &TestUser,
    body: Option<&Value>,
) -> (u16, Value) {
    let response = app
        .client
        .request(method, app.url(path))
        .bearer_auth(&user.access_token)
        .header("accept-language", lang)
        .json(body.unwrap_or(&Value::Null))
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn create_role(app: &TestApp, user: &TestUser, name: &str) -> i64 {
    let body = json!({"name": name, "description": "Answers listeners"});
    let (status, answer) = send(app, Method::POST, "/api/admin/roles", user, Some(&body)).await;
    assert_eq!(status, 200, "{answer}");
    answer["data"]["id"].as_i64().unwrap()
}

async fn change(
    app: &TestApp,
    user: &TestUser,
    role: i64,
    grant: &[&str],
    revoke: &[&str],
) -> (u16, Value) {
    let body = json!({"grant": grant, "revoke": revoke});
    let path = format!("/api/admin/roles/{role}/permissions");
    send(app, Method::PATCH, &path, user, Some(&body)).await
}

async fn role_id(app: &TestApp, name: &str) -> i64 {
    app.sql_count(&format!(
        "SELECT CAST(id AS BIGINT) FROM roles WHERE name = '{name}'"
    ))
    .await
}

fn permissions(role: &Value) -> Vec<&str> {
    role["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn roles_are_listed_with_their_holders_and_permissions_in_cores_order() {
    let app = spawn_app().await;
    let admin = admin(&app, "root").await;
    editor(&app, "ed1").await;
    editor(&app, "ed2").await;
    let (status, answer) = send(&app, Method::GET, "/api/admin/roles", &admin, None).await;
    assert_eq!(status, 200, "{answer}");
    let items = answer["data"]["items"].as_array().unwrap();
    let names: Vec<&str> = items.iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["admin", "editor", "user"]);
    let editor_role = &items[1];
    assert_eq!(editor_role["userCount"], 2);
    assert_eq!(editor_role["builtIn"], true);
    assert_eq!(
        permissions(editor_role),
        ["manage:books", "view:analytics", "manage:promotions"]
    );
    // Every signed-up account holds `user`.
    assert_eq!(items[2]["userCount"], 3);
    assert_eq!(permissions(&items[0]).len(), Permission::ALL.len());
}

#[tokio::test]
async fn a_role_is_created_renamed_and_deleted_each_change_in_the_audit_log() {
    let app = spawn_app().await;
    let admin = admin(&app, "root").await;
    let body = json!({"name": "  客服 ", "description": " Answers listeners "});
    let (status, answer) = send(&app, Method::POST, "/api/admin/roles", &admin, Some(&body)).await;
    assert_eq!(status, 200, "{answer}");
    let created = &answer["data"];
    assert_eq!(created["name"], "客服");
    assert_eq!(created["description"], "Answers listeners");
    assert_eq!(created["userCount"], 0);
    assert_eq!(created["builtIn"], false);
    assert!(permissions(created).is_empty());
    let id = created["id"].as_i64().unwrap();
    let path = format!("/api/admin/roles/{id}");
    let body = json!({"name": "support", "description": ""});
    let (status, answer) = send(&app, Method::PUT, &path, &admin, Some(&body)).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["data"]["name"], "support");
    let (status, _) = send(&app, Method::DELETE, &path, &admin, None).await;
    assert_eq!(status, 200);
    let (status, answer) = send(
        &app,
        Method::GET,
        &format!("{path}/permissions"),
        &admin,
        None,
    )
    .await;
    assert_eq!(status, 404, "{answer}");
    let rows = audit_rows(&app, "role", id).await;
    let actions: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(actions, ["role.create", "role.update", "role.delete"]);
    assert_eq!(rows[1].3.as_ref().unwrap()["name"], "客服");
    assert_eq!(rows[1].4.as_ref().unwrap()["name"], "support");
    assert!(rows[2].4.is_none());
    assert!(rows.iter().all(|r| r.1 == "root"));
}

#[tokio::test]
async fn a_bad_role_form_is_refused_by_field_in_the_callers_language_and_a_taken_name_is_a_409() {
    let app = spawn_app().await;
    let admin = admin(&app, "root").await;
    let body = json!({"name": "  ", "description": "字".repeat(201)});
    let (status, answer) = send_in(
        &app,
        "ja",
        Method::POST,
        "/api/admin/roles",
        &admin,
        Some(&body),
    )
    .await;
    assert_eq!(status, 400, "{answer}");
    let fields = answer["fields"].as_object().unwrap();
    assert_eq!(
        fields.keys().collect::<Vec<_>>(),
        ["description", "name"],
        "{answer}"
    );
    assert_eq!(fields["name"], "この項目は必須です。");
    let (status, answer) = send(
        &app,
        Method::POST,
        "/api/admin/roles",
        &admin,
        Some(&json!({"name": "editor"})),
    )
    .await;
    assert_eq!(status, 409, "{answer}");
    assert_eq!(answer["code"], "already_taken");
    assert!(answer["fields"]["name"].is_string(), "{answer}");
    assert_eq!(app.sql_count("SELECT COUNT(*) FROM roles").await, 3);
    assert_eq!(app.sql_count("SELECT COUNT(*) FROM audit_log").await, 0);
    // Renaming onto another role's name is refused the same way.
    let id = create_role(&app, &admin, "support").await;
    let (status, answer) = send(
        &app,
        Method::PUT,
        &format!("/api/admin/roles/{id}"),
        &admin,
        Some(&json!({"name": "user"})),
    )
    .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (409, Some("already_taken"))
    );
}

#[tokio::test]
async fn built_in_roles_keep_their_names_and_are_never_deleted() {
    let app = spawn_app().await;
    let admin = admin(&app, "root").await;
    let editor_id = role_id(&app, "editor").await;
    let path = format!("/api/admin/roles/{editor_id}");
    let (status, answer) = send(
        &app,
        Method::PUT,
        &path,
        &admin,
        Some(&json!({"name": "writers"})),
    )
    .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (409, Some("role_built_in"))
    );
    let (status, answer) = send(&app, Method::DELETE, &path, &admin, None).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (409, Some("role_built_in"))
    );
    let body = json!({"name": "editor", "description": "The catalogue team"});
    let (status, answer) = send(&app, Method::PUT, &path, &admin, Some(&body)).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["data"]["description"], "The catalogue team");
}

#[tokio::test]
async fn a_permission_outside_cores_set_or_both_granted_and_revoked_is_a_400_naming_its_list() {
    let app = spawn_app().await;
    let admin = admin(&app, "root").await;
    let id = create_role(&app, &admin, "support").await;
    let (status, answer) = change(&app, &admin, id, &["manage:everything"], &[]).await;
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer["fields"]["grant"]
            .as_str()
            .unwrap()
            .contains("manage:orders"),
        "{answer}"
    );
    let (status, answer) = change(&app, &admin, id, &[], &["MANAGE:BOOKS"]).await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["fields"]["revoke"].is_string(), "{answer}");
    let (status, answer) = change(&app, &admin, id, &["manage:books"], &["manage:books"]).await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["fields"]["revoke"].is_string(), "{answer}");
    let granted = app
        .sql_count(&format!(
            "SELECT COUNT(*) FROM role_permissions WHERE role_id = {id}"
        ))
        .await;
    assert_eq!(granted, 0);
    let (status, _) = change(&app, &admin, 9999, &["manage:books"], &[]).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn two_administrators_changing_one_role_at_once_lose_nothing_and_see_no_error() {
    let app = spawn_app().await;
    let first = admin(&app, "first").await;
    let second = admin(&app, "second").await;
    let id = create_role(&app, &first, "support").await;
    let (status, _) = change(&app, &first, id, &["view:analytics"], &[]).await;
    assert_eq!(status, 200);
    let path = format!("/api/admin/roles/{id}/permissions");
    let bodies = [
        (&first, json!({"grant": ["manage:orders"]})),
        (
            &second,
            json!({"grant": ["manage:books"], "revoke": ["view:analytics"]}),
        ),
        (&first, json!({"grant": ["manage:promotions"]})),
        (&second, json!({"grant": ["manage:orders"]})),
    ];
    let answers = join_all(
        bodies
            .iter()
            .map(|(user, body)| send(&app, Method::PATCH, &path, user, Some(body))),
    )
    .await;
    for (status, answer) in &answers {
        assert_eq!(*status, 200, "{answer}");
    }
    let (status, answer) = send(&app, Method::GET, &path, &first, None).await;
    assert_eq!(status, 200);
    assert_eq!(
        permissions(&answer["data"]),
        ["manage:books", "manage:promotions", "manage:orders"]
    );
    // Granting what it holds changes nothing and logs nothing.
    let before = audit_rows(&app, "role", id).await.len();
    let (status, answer) = change(&app, &first, id, &["manage:books"], &["manage:system"]).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(audit_rows(&app, "role", id).await.len(), before);
}

#[tokio::test]
async fn a_grant_or_a_revocation_counts_from_the_very_next_request() {
    let app = spawn_app().await;
    let admin = admin(&app, "root").await;
    let editor = editor(&app, "orders-editor").await;
    let editor_role = role_id(&app, "editor").await;
    // Twice: the second answer comes from the account check's cache.
    for _ in 0..2 {
        let (status, _) = send(&app, Method::GET, "/api/admin/orders", &editor, None).await;
        assert_eq!(status, 403);
    }
    let (status, answer) = change(&app, &admin, editor_role, &["manage:orders"], &[]).await;
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = send(&app, Method::GET, "/api/admin/orders", &editor, None).await;
    assert_eq!(status, 200, "{answer}");
    let (status, _) = change(&app, &admin, editor_role, &[], &["manage:orders"]).await;
    assert_eq!(status, 200);
    let (status, _) = send(&app, Method::GET, "/api/admin/orders", &editor, None).await;
    assert_eq!(status, 403);
    let rows = audit_rows(&app, "role", editor_role).await;
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| r.0 == "role.permissions"));
    assert_eq!(
        rows[0].4.as_ref().unwrap()["permissions"],
        json!([
            "manage:books",
            "view:analytics",
            "manage:promotions",
            "manage:orders"
        ])
    );
    // Deleting a role takes its grants away at the next request too.
    let id = create_role(&app, &admin, "orders").await;
    change(&app, &admin, id, &["manage:orders"], &[]).await;
    app.sql(&format!(
        "INSERT INTO user_roles (user_id, role_id) VALUES ({}, {id})",
        editor.id
    ))
    .await;
    let (status, _) = send(&app, Method::GET, "/api/admin/orders", &editor, None).await;
    assert_eq!(status, 200);
    let (status, _) = send(
        &app,
        Method::DELETE,
        &format!("/api/admin/roles/{id}"),
        &admin,
        None,
    )
    .await;
    assert_eq!(status, 200);
    let (status, _) = send(&app, Method::GET, "/api/admin/orders", &editor, None).await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn an_operator_cannot_take_away_their_own_last_way_in() {
    let app = spawn_app().await;
    let admin = admin(&app, "root").await;
    let people = create_role(&app, &admin, "people").await;
    change(&app, &admin, people, &["manage:users"], &[]).await;
    let operator = app.signed_up_user("operator").await;
    app.sql(&format!(
        "INSERT INTO user_roles (user_id, role_id) VALUES ({}, {people})",
        operator.id
    ))
    .await;
    let path = format!("/api/admin/roles/{people}/permissions");
    let body = json!({"revoke": ["manage:users"]});
    let (status, answer) = send_in(&app, "zh", Method::PATCH, &path, &operator, Some(&body)).await;
    assert_eq!(status, 409, "{answer}");
    assert_eq!(answer["code"], "last_way_in");
    assert!(
        answer["message"].as_str().unwrap().contains("最后途径"),
        "{answer}"
    );
    assert!(answer["fields"]["revoke"].is_string(), "{answer}");
    let role_path = format!("/api/admin/roles/{people}");
    let (status, answer) = send_in(&app, "en", Method::DELETE, &role_path, &operator, None).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (409, Some("last_way_in"))
    );
    // Other changes to that role stay open to them.
    let (status, _) = change(&app, &operator, people, &["view:analytics"], &[]).await;
    assert_eq!(status, 200);
    // Nothing was taken: they still manage users.
    let (status, _) = send(&app, Method::GET, "/api/admin/roles", &operator, None).await;
    assert_eq!(status, 200);
    // With a second way in, the first may go.
    let second = create_role(&app, &admin, "people-too").await;
    change(&app, &admin, second, &["manage:users"], &[]).await;
    app.sql(&format!(
        "INSERT INTO user_roles (user_id, role_id) VALUES ({}, {second})",
        operator.id
    ))
    .await;
    let (status, answer) = send(&app, Method::PATCH, &path, &operator, Some(&body)).await;
    assert_eq!(status, 200, "{answer}");
    // An administrator by account type holds every permission whatever their roles.
    app.sql(&format!(
        "INSERT INTO user_roles (user_id, role_id) VALUES ({}, {second})",
        admin.id
    ))
    .await;
    let (status, answer) = send(
        &app,
        Method::DELETE,
        &format!("/api/admin/roles/{second}"),
        &admin,
        None,
    )
    .await;
    assert_eq!(status, 200, "{answer}");
}

#[tokio::test]
async fn every_permission_is_listed_with_what_it_opens_and_the_roles_holding_it() {
    let app = spawn_app().await;
    let admin = admin(&app, "root").await;
    let (status, answer) = send_in(
        &app,
        "ja",
        Method::GET,
        "/api/admin/permissions",
        &admin,
        None,
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    let items = answer["data"]["items"].as_array().unwrap();
    assert_eq!(items.len(), Permission::ALL.len());
    let books = &items[0];
    assert_eq!(books["permission"], "manage:books");
    assert_eq!(books["name"], Permission::ManageBooks.name(Lang::Ja));
    assert_eq!(books["opens"], Permission::ManageBooks.opens(Lang::Ja));
    let holders: Vec<&str> = books["roles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(holders, ["admin", "editor"]);
    assert_eq!(items[5]["permission"], "manage:orders");
    assert_eq!(items[5]["roles"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn start_up_stores_exactly_cores_permissions() {
    let app = spawn_app().await;
    app.sql(
        "DELETE FROM role_permissions WHERE permission_id IN \
         (SELECT id FROM permissions WHERE name = 'manage:orders')",
    )
    .await;
    app.sql("DELETE FROM permissions WHERE name = 'manage:orders'")
        .await;
    app.sql("INSERT INTO permissions (name, description) VALUES ('manage:cats', 'Cats')")
        .await;
    tingshu_server::roles::ensure_permissions(&app.state.db)
        .await
        .unwrap();
    assert_eq!(
        app.sql_count(
            "SELECT COUNT(*) FROM permissions WHERE name IN ('manage:books', 'manage:users', \
             'manage:system', 'view:analytics', 'manage:promotions', 'manage:orders')"
        )
        .await,
        6
    );
    assert_eq!(app.sql_count("SELECT COUNT(*) FROM permissions").await, 6);
}

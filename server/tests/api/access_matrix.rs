//! Every registered `/api` route × {guest, free user, premium member, editor, admin}: the
//! server enforces each guard itself. A route missing from the table below fails the test.
use reqwest::Method;
use serde_json::json;

use crate::helpers::{spawn_app, TestApp};

/// What a role gets from a route: through the guard (any status but 401/403), or refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Gets {
    Through,
    Unauthorized,
    Forbidden,
}
use Gets::{Forbidden as F, Through as T, Unauthorized as U};

/// (method, path) → what guest, free, premium, editor and admin get, in that order.
const EXPECTED: &[(&str, &str, [Gets; 5])] = &[
    ("POST", "/feedback", [T, T, T, T, T]),
    ("POST", "/auth/register", [T, T, T, T, T]),
    ("POST", "/auth/login", [T, T, T, T, T]),
    ("POST", "/auth/refresh", [T, T, T, T, T]),
    ("POST", "/auth/logout", [U, T, T, T, T]),
    ("GET", "/auth/me", [U, T, T, T, T]),
    ("PUT", "/auth/profile", [U, T, T, T, T]),
    ("POST", "/auth/change-password", [U, T, T, T, T]),
    ("GET", "/admin/security/events", [U, F, F, F, T]),
    ("GET", "/admin/security/throttles", [U, F, F, F, T]),
    ("GET", "/admin/anti-crawler", [U, F, F, F, T]),
    ("DELETE", "/admin/security/throttles/{key}", [U, F, F, F, T]),
    ("GET", "/admin/security/revoked-sessions", [U, F, F, F, T]),
    ("GET", "/admin/logs", [U, F, F, F, T]),
    ("GET", "/admin/access-logs", [U, F, F, F, T]),
    ("GET", "/admin/access-logs/daily", [U, F, F, F, T]),
    ("POST", "/auth/password-reset", [T, T, T, T, T]),
    ("GET", "/admin/users", [U, F, F, F, T]),
    ("GET", "/admin/users/{id}", [U, F, F, F, T]),
    ("DELETE", "/admin/users/{id}/sessions", [U, F, F, F, T]),
    (
        "DELETE",
        "/admin/users/{id}/sessions/{sessionId}",
        [U, F, F, F, T],
    ),
    ("PUT", "/admin/users/{id}/status", [U, F, F, F, T]),
    ("PUT", "/admin/users/{id}/type", [U, F, F, F, T]),
    ("PUT", "/admin/users/{id}/roles", [U, F, F, F, T]),
    ("POST", "/admin/users/{id}/membership", [U, F, F, F, T]),
    ("DELETE", "/admin/users/{id}/membership", [U, F, F, F, T]),
    ("POST", "/admin/users/{id}/password-reset", [U, F, F, F, T]),
    ("GET", "/admin/books", [U, F, F, T, T]),
    ("POST", "/admin/books", [U, F, F, T, T]),
    ("POST", "/admin/books/bulk", [U, F, F, T, T]),
    ("GET", "/admin/books/{id}", [U, F, F, T, T]),
    ("PUT", "/admin/books/{id}", [U, F, F, T, T]),
    ("DELETE", "/admin/books/{id}", [U, F, F, T, T]),
    ("PUT", "/admin/books/{id}/cover", [U, F, F, T, T]),
    ("GET", "/admin/categories", [U, F, F, T, T]),
    ("POST", "/admin/categories", [U, F, F, T, T]),
    ("PUT", "/admin/categories/{id}", [U, F, F, T, T]),
    ("DELETE", "/admin/categories/{id}", [U, F, F, T, T]),
    ("GET", "/site", [T, T, T, T, T]),
    ("GET", "/admin/settings", [U, F, F, F, T]),
    ("PUT", "/admin/settings", [U, F, F, F, T]),
    ("GET", "/admin/promotions", [U, F, F, T, T]),
    ("POST", "/admin/promotions", [U, F, F, T, T]),
    ("GET", "/admin/promotions/{id}", [U, F, F, T, T]),
    ("PUT", "/admin/promotions/{id}", [U, F, F, T, T]),
    ("DELETE", "/admin/promotions/{id}", [U, F, F, T, T]),
    ("POST", "/admin/promotions/{id}/end", [U, F, F, T, T]),
    ("GET", "/admin/promotions/{id}/preview", [U, F, F, T, T]),
    ("GET", "/admin/ads", [U, F, F, F, T]),
    ("POST", "/admin/ads", [U, F, F, F, T]),
    ("PUT", "/admin/ads/{id}", [U, F, F, F, T]),
    ("DELETE", "/admin/ads/{id}", [U, F, F, F, T]),
    ("GET", "/admin/books/{id}/chapters", [U, F, F, T, T]),
    ("POST", "/admin/books/{id}/chapters", [U, F, F, T, T]),
    ("POST", "/admin/books/{id}/chapters/batch", [U, F, F, T, T]),
    ("PUT", "/admin/books/{id}/chapters/order", [U, F, F, T, T]),
    ("POST", "/admin/books/{id}/chapters/bulk", [U, F, F, T, T]),
    (
        "GET",
        "/admin/books/{id}/chapters/analytics",
        [U, F, F, T, T],
    ),
    ("GET", "/admin/chapters", [U, F, F, T, T]),
    ("GET", "/admin/chapters/{id}", [U, F, F, T, T]),
    ("PUT", "/admin/chapters/{id}", [U, F, F, T, T]),
    ("DELETE", "/admin/chapters/{id}", [U, F, F, T, T]),
    ("GET", "/admin/chapters/{id}/audio", [U, F, F, T, T]),
    ("GET", "/admin/files", [U, F, F, T, T]),
    ("GET", "/admin/files/{id}", [U, F, F, T, T]),
    ("DELETE", "/admin/files/{id}", [U, F, F, T, T]),
    ("GET", "/admin/files/{id}/content", [U, F, F, T, T]),
    ("GET", "/admin/dashboard", [U, F, F, T, T]),
    ("GET", "/admin/storage", [U, F, F, F, T]),
    ("POST", "/admin/storage/check", [U, F, F, F, T]),
    ("POST", "/admin/storage/clean", [U, F, F, F, T]),
    ("POST", "/admin/import", [U, F, F, T, T]),
    ("GET", "/admin/import/{id}", [U, F, F, T, T]),
    ("GET", "/admin/export/books", [U, F, F, T, T]),
    ("GET", "/admin/export/chapters", [U, F, F, T, T]),
    ("GET", "/admin/export/users", [U, F, F, F, T]),
    ("POST", "/admin/uploads", [U, F, F, T, T]),
    ("GET", "/admin/uploads/{id}", [U, F, F, T, T]),
    ("HEAD", "/admin/uploads/{id}", [U, F, F, T, T]),
    ("PATCH", "/admin/uploads/{id}", [U, F, F, T, T]),
    ("DELETE", "/admin/uploads/{id}", [U, F, F, T, T]),
    ("GET", "/categories", [T, T, T, T, T]),
    ("GET", "/tags", [T, T, T, T, T]),
    ("GET", "/books", [T, T, T, T, T]),
    ("GET", "/books/{id}", [T, T, T, T, T]),
    ("GET", "/books/{id}/chapters", [T, T, T, T, T]),
    ("GET", "/books/{id}/rating", [U, T, T, T, T]),
    ("PUT", "/books/{id}/rating", [U, T, T, T, T]),
    ("DELETE", "/books/{id}/rating", [U, T, T, T, T]),
    ("GET", "/books/{id}/reviews", [T, T, T, T, T]),
    ("PUT", "/admin/reviews/{id}/hidden", [U, F, F, T, T]),
    ("GET", "/authors/{id}", [T, T, T, T, T]),
    ("GET", "/narrators/{id}", [T, T, T, T, T]),
    ("GET", "/chapters/{id}", [T, T, T, T, T]),
    ("GET", "/limited-free", [T, T, T, T, T]),
    ("GET", "/recommendations", [T, T, T, T, T]),
    ("GET", "/me/bookshelf", [U, T, T, T, T]),
    ("PUT", "/me/bookshelf/{id}", [U, T, T, T, T]),
    ("DELETE", "/me/bookshelf/{id}", [U, T, T, T, T]),
    ("GET", "/me/favorites", [U, T, T, T, T]),
    ("PUT", "/me/favorites/{id}", [U, T, T, T, T]),
    ("DELETE", "/me/favorites/{id}", [U, T, T, T, T]),
    ("GET", "/me/history", [U, T, T, T, T]),
    ("DELETE", "/me/history", [U, T, T, T, T]),
    ("DELETE", "/me/history/{id}", [U, T, T, T, T]),
    ("GET", "/me/progress", [U, T, T, T, T]),
    ("PUT", "/me/progress/{id}", [U, T, T, T, T]),
    ("GET", "/search", [T, T, T, T, T]),
    ("GET", "/chapters/{id}/audio", [T, T, T, T, T]),
    ("GET", "/covers/{id}/{size}", [T, T, T, T, T]),
    ("GET", "/plans", [T, T, T, T, T]),
    ("POST", "/orders", [U, T, T, T, T]),
    ("GET", "/orders/{id}", [U, T, T, T, T]),
    ("POST", "/orders/{id}/cancel", [U, T, T, T, T]),
    ("GET", "/me/orders", [U, T, T, T, T]),
    ("GET", "/me/membership", [U, T, T, T, T]),
    ("PUT", "/me/subscription", [U, T, T, T, T]),
    // Premium: being an administrator is not a subscription.
    ("POST", "/me/downloads", [U, F, T, F, F]),
    ("POST", "/payments/{provider}/webhook", [T, T, T, T, T]),
    (
        "GET",
        "/payments/sandbox/checkout/{session}",
        [T, T, T, T, T],
    ),
    (
        "POST",
        "/payments/sandbox/checkout/{session}",
        [T, T, T, T, T],
    ),
    ("GET", "/admin/orders", [U, F, F, F, T]),
    ("GET", "/admin/orders/{id}", [U, F, F, F, T]),
    ("POST", "/admin/orders/{id}/refund", [U, F, F, F, T]),
    ("GET", "/admin/plans", [U, F, F, F, T]),
    ("GET", "/admin/roles", [U, F, F, F, T]),
    ("POST", "/admin/roles", [U, F, F, F, T]),
    ("PUT", "/admin/roles/{id}", [U, F, F, F, T]),
    ("DELETE", "/admin/roles/{id}", [U, F, F, F, T]),
    ("GET", "/admin/roles/{id}/permissions", [U, F, F, F, T]),
    ("PATCH", "/admin/roles/{id}/permissions", [U, F, F, F, T]),
    ("GET", "/admin/permissions", [U, F, F, F, T]),
    ("PUT", "/admin/plans/{id}", [U, F, F, F, T]),
    // Analytics: editors hold view:analytics; reports and feedback need manage:system.
    ("GET", "/admin/analytics", [U, F, F, T, T]),
    ("GET", "/admin/search-analytics", [U, F, F, T, T]),
    ("GET", "/admin/visitor-analytics", [U, F, F, T, T]),
    ("GET", "/admin/reports", [U, F, F, F, T]),
    ("GET", "/admin/feedback", [U, F, F, F, T]),
    ("POST", "/admin/feedback/{id}/reply", [U, F, F, F, T]),
    // Behaviour events from anyone; a listener's own figures and preferences signed in.
    ("POST", "/behavior/browsing", [T, T, T, T, T]),
    ("POST", "/behavior/play", [T, T, T, T, T]),
    ("POST", "/behavior/search", [T, T, T, T, T]),
    ("POST", "/behavior/favorite", [T, T, T, T, T]),
    ("POST", "/behavior/pageview", [T, T, T, T, T]),
    ("POST", "/anti-crawler/report", [T, T, T, T, T]),
    ("GET", "/behavior/stats", [U, T, T, T, T]),
    ("GET", "/behavior/preferences", [U, T, T, T, T]),
    ("POST", "/behavior/preferences", [U, T, T, T, T]),
];

const ROLES: [&str; 5] = ["guest", "free", "premium", "editor", "admin"];

/// A signed-in user per role (None for the guest), each arranged through the database.
async fn tokens_by_role(app: &TestApp) -> [Option<String>; 5] {
    let free = app.signed_up_user("free").await;
    let premium = app.signed_up_user("premium").await;
    app.sql(&format!(
        "UPDATE users SET subscription_type = 'premium', subscription_expires_at = NULL WHERE id = {}",
        premium.id
    ))
    .await;
    let editor = app.signed_up_user("editor").await;
    app.sql(&format!(
        "INSERT INTO user_roles (user_id, role_id) SELECT {}, id FROM roles WHERE name = 'editor'",
        editor.id
    ))
    .await;
    let admin = app.signed_up_user("admin").await;
    app.sql(&format!(
        "UPDATE users SET user_type = 'admin' WHERE id = {}",
        admin.id
    ))
    .await;
    [
        None,
        Some(free.access_token),
        Some(premium.access_token),
        Some(editor.access_token),
        Some(admin.access_token),
    ]
}

fn concrete(path: &str) -> String {
    // Record ids in paths get a real-looking id; the guard runs before any lookup.
    path.split('/')
        .map(|segment| {
            if segment.starts_with('{') {
                "1"
            } else {
                segment
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[tokio::test]
async fn every_api_route_enforces_its_guard_for_every_role() {
    let app = spawn_app().await;
    let registered: Vec<(String, &str)> = app
        .api_table
        .iter()
        .map(|r| (r.method.to_string(), r.path.as_str()))
        .collect();
    for (method, path) in &registered {
        assert!(
            EXPECTED.iter().any(|(m, p, _)| m == method && p == path),
            "{method} /api{path} is registered but missing from the access table of this test"
        );
    }
    for (method, path, _) in EXPECTED {
        assert!(
            registered.iter().any(|(m, p)| m == method && p == path),
            "{method} /api{path} is in the table but no longer registered"
        );
    }
    let tokens = tokens_by_role(&app).await;
    let mut failures = Vec::new();
    for (method, path, expected) in EXPECTED {
        for (role, (token, want)) in ROLES.iter().zip(tokens.iter().zip(expected)) {
            let method = Method::from_bytes(method.as_bytes()).unwrap();
            // Signing out of someone else's (unknown) session keeps each role's token usable.
            let body = match (method.as_str(), *path) {
                ("GET" | "HEAD", _) => None,
                (_, "/auth/logout") => {
                    Some(json!({"sessionId": "00000000-0000-0000-0000-000000000000"}))
                }
                _ => Some(json!({})),
            };
            // Signing a user out everywhere names an absent user, so every role's token
            // (user 1 is one of them) stays usable for the routes after it.
            let target = match *path {
                "/admin/users/{id}/sessions" => "/admin/users/999999/sessions".to_owned(),
                _ => concrete(path),
            };
            let response = app
                .call(
                    method.clone(),
                    &format!("/api{target}"),
                    token.as_deref(),
                    body.as_ref(),
                )
                .await;
            let status = response.status().as_u16();
            let got = match status {
                401 => Gets::Unauthorized,
                403 => Gets::Forbidden,
                _ => Gets::Through,
            };
            if got != *want {
                failures.push(format!(
                    "{method} /api{path} as {role}: expected {want:?}, got {status}"
                ));
                continue;
            }
            // A HEAD answer has no body to read.
            if got != Gets::Through && method != Method::HEAD {
                let error: serde_json::Value = response.json().await.unwrap();
                let expected_message = match got {
                    Gets::Unauthorized => "Authentication required",
                    _ if *path == "/me/downloads" => "Premium subscription required",
                    _ => "Admin access required",
                };
                if error["statusMessage"] != expected_message {
                    failures.push(format!(
                        "{method} /api{path} as {role}: statusMessage {}",
                        error["statusMessage"]
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

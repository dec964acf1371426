//! The write path under concurrency and faults: many clients writing at once lose nothing,
//! and a full disk answers 503 (never 500, never a write acknowledged and lost), then
//! recovers without a restart.
use std::{collections::HashMap, time::Duration};

use reqwest::Method;
use sea_orm::{ConnectionTrait, DbBackend, Statement};
use serde_json::{json, Value};

use crate::{
    disk::{app_on, test_disk},
    helpers::{spawn_app_with, TestApp, TestUser, GOOD_PASSWORD},
};
use futures_util::future::join_all;

/// Free chapters of the demo catalogue (anyone may save progress on them).
async fn free_chapters(app: &TestApp) -> Vec<i64> {
    let books: Value = app
        .get("/api/books?pageSize=50")
        .await
        .json()
        .await
        .unwrap();
    let mut free = Vec::new();
    for book in books["data"]["items"].as_array().unwrap() {
        let id = book["id"].as_i64().unwrap();
        let chapters: Value = app
            .get(&format!("/api/books/{id}/chapters"))
            .await
            .json()
            .await
            .unwrap();
        for chapter in chapters["data"]["items"].as_array().unwrap() {
            if chapter["isFree"] == json!(true) {
                free.push(chapter["id"].as_i64().unwrap());
            }
        }
    }
    assert!(free.len() >= 4, "the demo catalogue has free chapters");
    free
}

async fn book_ids(app: &TestApp) -> Vec<i64> {
    let books: Value = app
        .get("/api/books?pageSize=50")
        .await
        .json()
        .await
        .unwrap();
    books["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|book| book["id"].as_i64().unwrap())
        .collect()
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    app.sql_count(sql).await
}

/// What one client had acknowledged by the end of the run.
#[derive(Default)]
struct Acknowledged {
    /// chapter → (position, updatedAt) of the last acknowledged save.
    progress: HashMap<i64, (f64, i64)>,
    /// (shelf, book) → present after the last acknowledged toggle.
    shelves: HashMap<(&'static str, i64), bool>,
    registered: Vec<String>,
    sessions: Vec<String>,
    searches: u64,
    refused: Vec<String>,
}

/// One client: its own account, mixing every kind of write for `run_for`.
async fn client_loop(
    app: &TestApp,
    user: TestUser,
    client: usize,
    chapters: &[i64],
    books: &[i64],
    run_for: Duration,
) -> Acknowledged {
    let mut ack = Acknowledged::default();
    let started = std::time::Instant::now();
    let mut step: usize = 0;
    let mut clock = chrono::Utc::now().timestamp_millis() - 3_600_000;
    while started.elapsed() < run_for {
        step += 1;
        clock += 1;
        let token = Some(user.access_token.as_str());
        let (what, response) = match step % 10 {
            0 | 3 | 6 => {
                let chapter = chapters[(client + step) % chapters.len()];
                let position = step as f64;
                let body =
                    json!({"positionSecs": position, "durationSecs": 600.0, "updatedAt": clock});
                let response = app
                    .call(
                        Method::PUT,
                        &format!("/api/me/progress/{chapter}"),
                        token,
                        Some(&body),
                    )
                    .await;
                if response.status() == 200 {
                    ack.progress.insert(chapter, (position, clock));
                }
                ("progress", response)
            }
            1 | 7 => {
                let shelf = if step % 10 == 1 {
                    "favorites"
                } else {
                    "bookshelf"
                };
                let book = books[(client + step / 10) % books.len()];
                let present = *ack.shelves.get(&(shelf, book)).unwrap_or(&false);
                let method = if present { Method::DELETE } else { Method::PUT };
                let response = app
                    .call(method, &format!("/api/me/{shelf}/{book}"), token, None)
                    .await;
                if response.status() == 200 {
                    ack.shelves.insert((shelf, book), !present);
                }
                ("shelf", response)
            }
            2 | 5 | 8 => {
                let query = ["灯塔", "xiyouji", "night", "城"][step % 4];
                let response = app.get(&format!("/api/search?q={query}")).await;
                if response.status() == 200 {
                    ack.searches += 1;
                }
                ("search", response)
            }
            4 if step % 40 == 4 => {
                let name = format!("c{client}n{step}");
                let response = app
                    .register(&format!("{name}@example.com"), &name, GOOD_PASSWORD)
                    .await;
                if response.status() == 200 {
                    ack.registered.push(format!("{name}@example.com"));
                }
                ("register", response)
            }
            9 if step % 40 == 29 => {
                let response = app.login(&user.email, GOOD_PASSWORD).await;
                let status = response.status();
                let body: Value = response.json().await.unwrap_or(Value::Null);
                if status == 200 {
                    ack.sessions
                        .push(body["data"]["sessionId"].as_str().unwrap().to_owned());
                } else {
                    ack.refused.push(format!("login {status}: {body}"));
                }
                continue;
            }
            _ => continue,
        };
        let status = response.status();
        if !status.is_success() {
            let body = response.text().await.unwrap_or_default();
            ack.refused.push(format!("{what} {status}: {body}"));
        }
    }
    ack
}

/// One listener on two devices toggling the same book on both shelves at once: every
/// answer is a success and each shelf ends holding the book exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_devices_toggling_the_same_shelves_at_once_agree() {
    let app = spawn_app_with(|config| config.demo = true).await;
    let listener = app.signed_up_user("two-devices").await;
    let other_device = app.second_session(&listener).await;
    let book = book_ids(&app).await[0];
    let tokens = [
        listener.access_token.as_str(),
        other_device.access_token.as_str(),
    ];
    // The shelf names are their table names.
    for shelf in ["bookshelf", "favorites"] {
        let path = format!("/api/me/{shelf}/{book}");
        for round in 0..11 {
            let method = if round % 2 == 0 {
                Method::PUT
            } else {
                Method::DELETE
            };
            let both = tokens
                .iter()
                .map(|token| app.call(method.clone(), &path, Some(token), None));
            for answer in join_all(both).await {
                assert_eq!(answer.status(), 200, "{method} {path} in round {round}");
            }
        }
        let rows = count(
            &app,
            &format!(
                "SELECT COUNT(*) FROM {shelf} WHERE user_id = {} AND book_id = {book}",
                listener.id
            ),
        )
        .await;
        assert_eq!(rows, 1, "{shelf} holds the book once after the last PUTs");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sixteen_clients_mixing_writes_get_no_error_and_lose_nothing() {
    let app = spawn_app_with(|config| config.demo = true).await;
    let chapters = free_chapters(&app).await;
    let books = book_ids(&app).await;
    let mut users = Vec::new();
    for client in 0..16 {
        users.push(app.signed_up_user(&format!("writer{client}")).await);
    }
    let runs = users.iter().cloned().enumerate().map(|(client, user)| {
        client_loop(
            &app,
            user,
            client,
            &chapters,
            &books,
            Duration::from_secs(4),
        )
    });
    let results = join_all(runs).await;

    let refused: Vec<&String> = results.iter().flat_map(|ack| &ack.refused).collect();
    assert!(refused.is_empty(), "refused answers: {refused:#?}");
    let backend = app.db.get_database_backend();
    let mut searches = 0;
    for (ack, user) in results.iter().zip(&users) {
        assert!(
            !ack.progress.is_empty() && ack.searches > 0,
            "every client wrote"
        );
        searches += ack.searches;
        for (chapter, (position, updated_at)) in &ack.progress {
            let row = app
                .db
                .query_one_raw(Statement::from_sql_and_values(
                    backend,
                    match backend {
                        DbBackend::Postgres => "SELECT position_secs, updated_at FROM play_progress WHERE user_id = $1 AND chapter_id = $2",
                        _ => "SELECT position_secs, updated_at FROM play_progress WHERE user_id = ? AND chapter_id = ?",
                    },
                    [user.id.into(), (*chapter).into()],
                ))
                .await
                .unwrap()
                .unwrap_or_else(|| panic!("progress of user {} chapter {chapter} lost", user.id));
            assert_eq!(row.try_get_by_index::<f64>(0).unwrap(), *position);
            assert_eq!(row.try_get_by_index::<i64>(1).unwrap(), *updated_at);
        }
        for ((shelf, book), present) in &ack.shelves {
            let table = if *shelf == "favorites" {
                "favorites"
            } else {
                "bookshelf"
            };
            let stored = count(
                &app,
                &format!(
                    "SELECT COUNT(*) FROM {table} WHERE user_id = {} AND book_id = {book}",
                    user.id
                ),
            )
            .await;
            assert_eq!(
                stored == 1,
                *present,
                "{shelf} of user {} book {book}",
                user.id
            );
        }
        for email in &ack.registered {
            let stored = count(
                &app,
                &format!("SELECT COUNT(*) FROM users WHERE email = '{email}'"),
            )
            .await;
            assert_eq!(stored, 1, "registration {email} lost");
        }
        for session in &ack.sessions {
            let stored = count(
                &app,
                &format!("SELECT COUNT(*) FROM sessions WHERE id = '{session}'"),
            )
            .await;
            assert_eq!(stored, 1, "session {session} lost");
        }
    }
    // The search log is written in batches: every search arrives shortly.
    let mut logged = 0;
    for _ in 0..50 {
        logged = count(&app, "SELECT COUNT(*) FROM search_queries").await;
        if logged as u64 >= searches {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(logged as u64, searches, "every search is logged");
    let ready: Value = app.get("/readyz").await.json().await.unwrap();
    assert_eq!(ready["data"]["records"]["searchQueries"]["dropped"], 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_answers_503_acknowledges_nothing_it_lost_and_recovers_without_restart() {
    let Some(disk) = test_disk(48) else {
        return;
    };
    // No reserve: SQLite itself runs out of space.
    let app = app_on(&disk, 0).await;
    let filler = disk.fill(0);

    let message = "听".repeat(1900);
    let mut feedback_ids = Vec::new();
    let mut registered = Vec::new();
    let mut unavailable = 0;
    for step in 0..400 {
        let response = if step % 4 != 3 {
            app.post_feedback(&json!({"category": "suggestion", "message": message}), "en")
                .await
        } else {
            let name = format!("full{step}");
            app.register(&format!("{name}@example.com"), &name, GOOD_PASSWORD)
                .await
        };
        let status = response.status().as_u16();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        match status {
            200 if step % 4 != 3 => feedback_ids.push(body["data"]["id"].as_i64().unwrap()),
            200 => registered.push(format!("full{step}@example.com")),
            503 => {
                assert_eq!(body["statusCode"], 503, "{body}");
                unavailable += 1;
                if unavailable >= 10 {
                    break;
                }
            }
            other => panic!("a full disk must answer 503, not {other}: {body}"),
        }
    }
    assert!(unavailable > 0, "the full disk refused no write");

    // Space comes back: writes work again without a restart.
    std::fs::remove_file(&filler).unwrap();
    let mut recovered = None;
    for _ in 0..50 {
        let response = app
            .register("after@example.com", "after", GOOD_PASSWORD)
            .await;
        if response.status() == 200 {
            recovered = Some(response);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        recovered.is_some(),
        "writes did not recover after the disk was freed"
    );
    assert_eq!(app.get("/readyz").await.status(), 200);
    // Another connection sees every acknowledged write, the last one included.
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM users WHERE email = 'after@example.com'"
        )
        .await,
        1,
        "the registration after recovery was acknowledged but not stored"
    );
    for id in &feedback_ids {
        assert_eq!(
            count(
                &app,
                &format!("SELECT COUNT(*) FROM feedback WHERE id = {id}")
            )
            .await,
            1
        );
    }
    for email in &registered {
        let stored = count(
            &app,
            &format!("SELECT COUNT(*) FROM users WHERE email = '{email}'"),
        )
        .await;
        assert_eq!(stored, 1, "registration {email} acknowledged but lost");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn below_the_disk_reserve_writes_and_readiness_answer_503_and_reads_go_on() {
    let Some(disk) = test_disk(40) else {
        return;
    };
    let app = app_on(&disk, 8).await;
    let user = app.signed_up_user("reserve").await;
    assert_eq!(app.get("/readyz").await.status(), 200);
    let filler = disk.fill(4 << 20);

    let ready = app.get("/readyz").await;
    assert_eq!(ready.status(), 503);
    let body: Value = ready.json().await.unwrap();
    assert_eq!(body["code"], "unavailable");
    let favourite = app
        .call(
            Method::PUT,
            "/api/me/favorites/1",
            Some(&user.access_token),
            None,
        )
        .await;
    assert_eq!(favourite.status(), 503);
    assert!(favourite.headers().contains_key("retry-after"));
    let registration = app
        .register("late@example.com", "late", GOOD_PASSWORD)
        .await;
    assert_eq!(registration.status(), 503);
    // Reading needs no space.
    assert_eq!(app.get("/api/books").await.status(), 200);
    assert_eq!(
        app.get_as("/api/auth/me", &user.access_token)
            .await
            .status(),
        200
    );

    std::fs::remove_file(&filler).unwrap();
    assert_eq!(app.get("/readyz").await.status(), 200);
    let registration = app
        .register("late@example.com", "late", GOOD_PASSWORD)
        .await;
    assert_eq!(registration.status(), 200);
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM users WHERE email = 'late@example.com'"
        )
        .await,
        1
    );
}

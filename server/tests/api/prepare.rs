//! The start's one-off work (migrations, the demo seed, the search index): `tingshu prepare`
//! alone, and `tingshu` serving, which does it first in a process of its own.
use std::{
    path::Path,
    process::{Command, Output, Stdio},
    time::{Duration, Instant},
};

use sea_orm::{ConnectionTrait, Database, Statement};
use serde_json::Value;
use tingshu_server::{search::INDEX_DIR, seed::DEMO_BOOKS};

use crate::helpers::RealServer;

/// Demo mode with cheap password hashing (the demo accounts are hashed once).
const ENV: [(&str, &str); 3] = [
    ("DEMO", "1"),
    ("PASSWORD_HASH_MEMORY_KIB", "1024"),
    ("PASSWORD_HASH_ITERATIONS", "1"),
];

/// `tingshu <args>` on the data folder `data` with `ENV`.
fn tingshu(data: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tingshu"));
    command
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DATA_DIR", data)
        .env("RUST_LOG", "warn")
        .envs(ENV)
        .args(args);
    command
}

fn prepare(data: &Path) -> Output {
    let output = tingshu(data, &["prepare"])
        .output()
        .expect("cannot run tingshu");
    assert!(
        output.status.success(),
        "tingshu prepare failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

async fn demo_books(data: &Path) -> i64 {
    let url = format!("sqlite://{}?mode=ro", data.join("tingshu.db").display());
    let db = Database::connect(&url).await.unwrap();
    let row = db
        .query_one_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT count(*) AS n FROM books WHERE is_demo = 1",
        ))
        .await
        .unwrap()
        .unwrap();
    let n: i64 = row.try_get("", "n").unwrap();
    db.close().await.unwrap();
    n
}

#[tokio::test]
async fn prepare_seeds_a_fresh_folder_once_and_the_server_finds_the_work_done() {
    let data = tempfile::tempdir().unwrap();
    prepare(data.path());
    assert_eq!(demo_books(data.path()).await, DEMO_BOOKS as i64);
    let index = data.path().join(INDEX_DIR);
    assert!(
        std::fs::read_dir(&index).unwrap().next().is_some(),
        "the search index is written to {}",
        index.display()
    );
    // Done already: nothing seeded twice.
    prepare(data.path());
    assert_eq!(demo_books(data.path()).await, DEMO_BOOKS as i64);

    let server = RealServer::start_in(data, &ENV);
    let url = format!("{}/api/search?q=灯塔", server.address);
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    let body: Value = reqwest::get(&url).await.unwrap().json().await.unwrap();
    let titles: Vec<&str> = body["data"]["items"]
        .as_array()
        .unwrap_or_else(|| panic!("search items: {body}"))
        .iter()
        .filter_map(|item| item["book"]["title"].as_str())
        .collect();
    assert!(titles.contains(&"云端灯塔"), "{titles:?}");
}

#[tokio::test]
async fn the_server_does_the_one_off_work_in_a_child_process() {
    let server = RealServer::start(&[ENV.as_slice(), &[("LOG_FORMAT", "json")]].concat());
    let server_pid = server.child.id();
    let lines = server.log_lines();
    let done: Value = lines
        .iter()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .find(|event| {
            event["message"]
                .as_str()
                .is_some_and(|message| message.contains("done in its own process"))
        })
        .unwrap_or_else(|| panic!("no line tells where the one-off work ran: {lines:#?}"));
    let worker = done["process"]
        .as_u64()
        .unwrap_or_else(|| panic!("the line names no process: {done}"));
    assert_ne!(worker, u64::from(server_pid), "{done}");
    // The fresh folder was seeded there, for the server that answers.
    let body: Value = reqwest::get(format!("{}/api/books", server.address))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(body["data"]["total"].as_i64().unwrap_or(0) >= 1, "{body}");
}

#[test]
fn a_server_whose_one_off_work_fails_exits_and_says_why() {
    let folder = tempfile::tempdir().unwrap();
    // A file where the data folder should be: the folder cannot be made.
    let data = folder.path().join("not-a-folder");
    std::fs::write(&data, b"a file").unwrap();
    let mut child = tingshu(&data, &[])
        .env("PORT", "0")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot run tingshu");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("the server went on without its data folder");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert!(!status.success());
    assert!(
        stderr.contains("cannot create the data folder"),
        "the child's reason: {stderr}"
    );
    assert!(
        stderr.contains("the server does not start"),
        "the server's reason: {stderr}"
    );
}

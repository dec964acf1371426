//! `tingshu backup` while the server takes writes, and `tingshu restore` into a fresh folder:
//! every write acknowledged before the backup began is in it, and the restored folder serves.
use std::{
    path::Path,
    process::{Command, Output},
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc, Mutex,
    },
    time::Duration,
};

use sea_orm::{ConnectionTrait, Database, Statement};
use serde_json::json;

use crate::helpers::RealServer;

/// Cheap password hashing and a registration budget above what the test sends.
const ENV: [(&str, &str); 3] = [
    ("PASSWORD_HASH_MEMORY_KIB", "1024"),
    ("PASSWORD_HASH_ITERATIONS", "1"),
    ("REGISTER_PER_HOUR", "1000000"),
];

/// Runs `tingshu <args>` on the data folder `data`, with `env` on top.
fn run(data: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tingshu"))
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DATA_DIR", data)
        .env("RUST_LOG", "warn")
        .envs(env.iter().copied())
        .args(args)
        .output()
        .expect("cannot run tingshu")
}

/// Runs `tingshu <args>` on the data folder `data`, which must succeed; answers its output.
fn tingshu(data: &Path, args: &[&str]) -> String {
    let output = run(data, args, &[]);
    assert!(
        output.status.success(),
        "tingshu {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn email(n: usize) -> String {
    format!("listener{n}@backup.test")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_made_under_writes_restores_every_write_acknowledged_before_it() {
    let server = RealServer::start(&ENV);
    let url = format!("{}/api/auth/register", server.address);
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    // Listeners register one after another until told to stop; each acknowledged one is noted.
    let acknowledged = Arc::new(Mutex::new(Vec::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let writer = tokio::spawn({
        let (acknowledged, stop) = (acknowledged.clone(), stop.clone());
        async move {
            let client = reqwest::Client::new();
            let mut n = 0;
            while !stop.load(Ordering::Relaxed) {
                let response = client
                    .post(&url)
                    .json(
                        &json!({"email": email(n), "username": format!("listener{n}"),
                        "password": "Listen-2026"}),
                    )
                    .send()
                    .await
                    .unwrap();
                assert!(response.status().is_success(), "{}", response.status());
                acknowledged.lock().unwrap().push(n);
                n += 1;
            }
        }
    });
    while acknowledged.lock().unwrap().len() < 30 {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    let before = acknowledged.lock().unwrap().clone();
    let folder = tempfile::tempdir().unwrap();
    let backup = folder.path().join("backup");
    let data = server.data_dir().to_owned();
    let said = tokio::task::spawn_blocking({
        let backup = backup.clone();
        move || tingshu(&data, &["backup", backup.to_str().unwrap()])
    })
    .await
    .unwrap();
    let during = acknowledged.lock().unwrap().len() - before.len();
    stop.store(true, Ordering::Relaxed);
    writer.await.unwrap();
    assert!(said.contains("Backed up to"), "{said}");
    assert!(backup.join("backup.json").is_file());
    assert!(
        backup.join("jwt-secret").is_file(),
        "the generated secret is kept"
    );

    let restored = tempfile::tempdir().unwrap();
    let said = tingshu(restored.path(), &["restore", backup.to_str().unwrap()]);
    assert!(said.contains("Restored"), "{said}");
    // A second restore over it is refused: nothing is overwritten.
    let again = run(restored.path(), &["restore", backup.to_str().unwrap()], &[]);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("exists already"));

    let database = restored.path().join("tingshu.db");
    let db = Database::connect(format!("sqlite://{}", database.display()))
        .await
        .unwrap();
    let rows = db
        .query_all_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT email FROM users",
        ))
        .await
        .unwrap();
    let emails: Vec<String> = rows
        .iter()
        .map(|row| row.try_get("", "email").unwrap())
        .collect();
    db.close().await.unwrap();
    for n in &before {
        assert!(
            emails.contains(&email(*n)),
            "listener {n}, acknowledged before the backup, is missing"
        );
    }
    eprintln!(
        "{} writes acknowledged before the backup, {during} during it; {} accounts restored",
        before.len(),
        emails.len()
    );

    // The restored folder serves: the last listener acknowledged before the backup signs in
    // with the restored secret and database.
    drop(server);
    let restored_server = RealServer::start_in(restored, &ENV);
    let last = *before.last().unwrap();
    let response = reqwest::Client::new()
        .post(format!("{}/api/auth/login", restored_server.address))
        .json(&json!({"email": email(last), "password": "Listen-2026"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
}

#[test]
fn backing_up_postgresql_points_to_its_own_tools() {
    let data = tempfile::tempdir().unwrap();
    let output = run(
        data.path(),
        &["backup", data.path().join("b").to_str().unwrap()],
        &[("DATABASE_URL", "postgres://tingshu@127.0.0.1:1/tingshu")],
    );
    assert!(!output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("pg_dump"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(!data.path().join("b").exists(), "nothing half made is left");
}

//! `spawn_app()`: starts the real server on a free port with its own database and folders.
use std::path::PathBuf;

use sea_orm::{ConnectionTrait, Database};
use tempfile::TempDir;
use tingshu_server::{
    config::{Config, DatabaseUrl, LogFormat},
    startup::Application,
};

/// A running application and a client for it; dropping it removes its folders.
pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    _data: TempDir,
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("GET failed")
    }

    pub async fn post_json(&self, path: &str, body: &serde_json::Value) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .json(body)
            .send()
            .await
            .expect("POST failed")
    }

    pub async fn post_feedback(&self, body: &serde_json::Value, lang: &str) -> reqwest::Response {
        self.client
            .post(self.url("/api/feedback"))
            .header("Accept-Language", lang)
            .json(body)
            .send()
            .await
            .expect("POST /api/feedback failed")
    }
}

/// The repository's translation catalogues.
pub fn locales_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../locales")
}

/// A built-app folder with a page shell and one hashed asset.
fn write_static_dir(root: &std::path::Path) -> PathBuf {
    let dist = root.join("dist");
    std::fs::create_dir_all(dist.join("assets")).unwrap();
    std::fs::write(
        dist.join("index.html"),
        "<!doctype html><title>Tingshu test shell</title><div id=root></div>",
    )
    .unwrap();
    std::fs::write(
        dist.join("assets/app-3f9a1c.js"),
        "console.log('tingshu');".repeat(100),
    )
    .unwrap();
    std::fs::write(
        dist.join("favicon.svg"),
        "<svg xmlns='http://www.w3.org/2000/svg'/>",
    )
    .unwrap();
    dist
}

/// A fresh database: a new PostgreSQL database when `TEST_DATABASE_URL` is set, else a SQLite file.
async fn fresh_database(data_dir: &std::path::Path) -> DatabaseUrl {
    match std::env::var("TEST_DATABASE_URL") {
        Ok(base) if !base.is_empty() => {
            let name = format!("tingshu_test_{}", uuid::Uuid::new_v4().simple());
            let admin = Database::connect(&base)
                .await
                .expect("cannot reach TEST_DATABASE_URL");
            admin
                .execute_unprepared(&format!("CREATE DATABASE \"{name}\""))
                .await
                .expect("cannot create a test database");
            let (server, _) = base
                .rsplit_once('/')
                .expect("TEST_DATABASE_URL must end with /<database>");
            format!("{server}/{name}").parse().unwrap()
        }
        _ => format!("sqlite://{}?mode=rwc", data_dir.join("test.db").display())
            .parse()
            .unwrap(),
    }
}

pub async fn spawn_app() -> TestApp {
    let data = tempfile::tempdir().expect("cannot create a temp dir");
    let static_dir = write_static_dir(data.path());
    let config = Config {
        host: "127.0.0.1".parse().unwrap(),
        port: 0,
        data_dir: data.path().join("data"),
        database_url: Some(fresh_database(data.path()).await),
        static_dir,
        locales_dir: locales_dir(),
        log_format: LogFormat::Text,
    };
    let app = Application::build(config)
        .await
        .expect("the application did not start");
    let address = format!("http://{}", app.address());
    tokio::spawn(app.run_until_stopped());
    TestApp {
        address,
        client: reqwest::Client::new(),
        _data: data,
    }
}

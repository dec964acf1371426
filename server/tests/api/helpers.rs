//! `spawn_app()`: starts the real server on a free port with its own database and folders;
//! `RealServer`: the real `tingshu` binary as a process, for what needs one (memory, signals).
use std::{
    io::{BufRead, BufReader},
    path::PathBuf,
    process::{Child, Command, Stdio},
    sync::{Arc, Mutex},
    time::Duration,
};

use clap::Parser;
use sea_orm::{ConnectionTrait, Database, DatabaseConnection};
use serde_json::{json, Value};
use tempfile::TempDir;
use tingshu_server::{
    auth::cache::CallerCache,
    catalog::pages::ListPages,
    cli::Cli,
    config::{Budgets, Config, DatabaseUrl, LogFormat},
    routes::registry::RouteEntry,
    search::SearchIndex,
    startup::Application,
};

/// A running application, a client for it and a direct handle on its database; dropping it removes its folders.
pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub db: DatabaseConnection,
    pub api_table: Vec<RouteEntry>,
    pub config: Config,
    /// The app's full-text index: rebuild it after arranging books with `sql`.
    pub search: SearchIndex,
    /// The sessions and accounts the app keeps a moment; `sql` forgets them.
    pub callers: CallerCache,
    /// The book list pages the app keeps a moment; `sql` forgets them.
    pub list_pages: ListPages,
    /// The app's store of audio and images.
    pub storage: tingshu_server::storage::Storage,
    /// The state the app's handlers share (to run its sweeps now).
    pub state: tingshu_server::state::AppState,
    /// `/metrics`'s own address, when `metrics_listen` was set.
    pub metrics_address: Option<std::net::SocketAddr>,
    _data: TempDir,
}

/// A signed-in test user.
#[derive(Debug, Clone)]
pub struct TestUser {
    pub id: i64,
    pub email: String,
    pub username: String,
    pub password: String,
    pub access_token: String,
    pub refresh_token: String,
    pub session_id: String,
}

/// The secret payment notifications are signed with in tests.
pub const WEBHOOK_SECRET: &str = "whsec-test-0123456789-abcdefghijklmnop";

/// A password that passes the strength rule.
pub const GOOD_PASSWORD: &str = "listen-Well-2026";

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

    /// `GET` with a bearer token.
    pub async fn get_as(&self, path: &str, token: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .bearer_auth(token)
            .send()
            .await
            .expect("GET failed")
    }

    /// Any method with an optional bearer token and JSON body.
    pub async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> reqwest::Response {
        let mut request = self.client.request(method, self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        request.send().await.expect("request failed")
    }

    pub async fn register(&self, email: &str, username: &str, password: &str) -> reqwest::Response {
        self.post_json(
            "/api/auth/register",
            &json!({"email": email, "username": username, "password": password}),
        )
        .await
    }

    pub async fn login(&self, account: &str, password: &str) -> reqwest::Response {
        self.post_json(
            "/api/auth/login",
            &json!({"email": account, "password": password}),
        )
        .await
    }

    pub async fn refresh(&self, refresh_token: &str) -> reqwest::Response {
        self.post_json("/api/auth/refresh", &json!({"refreshToken": refresh_token}))
            .await
    }

    /// Registers a fresh user and answers its tokens.
    /// A signed-up user made an administrator (`user_type = 'admin'`) with SQL.
    pub async fn administrator(&self, name: &str) -> TestUser {
        let user = self.signed_up_user(name).await;
        self.sql(&format!(
            "UPDATE users SET user_type = 'admin' WHERE id = {}",
            user.id
        ))
        .await;
        user
    }

    pub async fn signed_up_user(&self, name: &str) -> TestUser {
        let email = format!("{name}@example.com");
        let response = self.register(&email, name, GOOD_PASSWORD).await;
        assert_eq!(response.status(), 200, "registering {name}");
        let body: Value = response.json().await.unwrap();
        user_from(&body["data"], &email, name, GOOD_PASSWORD)
    }

    /// Signs a user in again (a second session).
    pub async fn second_session(&self, user: &TestUser) -> TestUser {
        let response = self.login(&user.email, &user.password).await;
        assert_eq!(response.status(), 200);
        let body: Value = response.json().await.unwrap();
        user_from(&body["data"], &user.email, &user.username, &user.password)
    }

    /// Runs SQL against the app's database (for arranging states the API cannot make yet),
    /// then makes the app forget the accounts, sessions and book list pages it kept, as the
    /// console will.
    pub async fn sql(&self, statement: &str) {
        self.db
            .execute_unprepared(statement)
            .await
            .expect(statement);
        self.callers.forget_all().await;
        self.list_pages.forget_all();
    }

    /// The first column of the first row of a counting query, read from the app's database.
    pub async fn sql_count(&self, statement: &str) -> i64 {
        let row = self
            .db
            .query_one_raw(sea_orm::Statement::from_string(
                self.db.get_database_backend(),
                statement,
            ))
            .await
            .expect(statement)
            .expect("one row");
        row.try_get_by_index::<i64>(0).expect("a count")
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

/// What the test app's `assets/app-3f9a1c.js.br` holds.
pub const BROTLI_COPY: &[u8] = b"brotli copy of app-3f9a1c.js";

/// The inline script of the test app's page shell (as the build's starts the wasm compile).
pub const SHELL_INLINE_SCRIPT: &str = "self.started=Date.now()";

/// The first frame in the test app's page shell (the real one is the default layout's header).
pub const SHELL_FRAME: &str = r#"<div class="layout layout--default"><header class="site-header"><a class="logo" aria-label="听书首页" href="/"><span class="logo__name">听书</span></a></header></div>"#;

/// A built-app folder with a page shell and one hashed asset.
fn write_static_dir(root: &std::path::Path) -> PathBuf {
    let dist = root.join("dist");
    std::fs::create_dir_all(dist.join("assets")).unwrap();
    std::fs::write(
        dist.join("index.html"),
        format!(
            r#"<!doctype html><html lang="zh-CN"><head><title>Tingshu test shell</title><script>{SHELL_INLINE_SCRIPT}</script></head><body><div id="root">{SHELL_FRAME}</div></body></html>"#
        ),
    )
    .unwrap();
    std::fs::write(
        dist.join("assets/app-3f9a1c.js"),
        "console.log('tingshu');".repeat(100),
    )
    .unwrap();
    // The build's list of a book page's own files, which its page shell preloads.
    std::fs::create_dir_all(dist.join("builds")).unwrap();
    std::fs::write(
        dist.join("builds/first-pages.json"),
        r#"{"book":{"scripts":["/assets/book-page-1.js"],"styles":["/assets/book-page-2.css"]},"search":{"scripts":["/assets/search-3.js"],"styles":[]},"catalog":{"scripts":["/assets/catalog-4.js"],"styles":["/assets/catalog-5.css"]},"static":{"scripts":["/assets/static-6.js"],"styles":[]},"login":{"scripts":["/assets/login-7.js"],"styles":["/assets/login-8.css"]}}"#,
    )
    .unwrap();
    // The build's brotli copy (any bytes do: the server sends them as they are).
    std::fs::write(dist.join("assets/app-3f9a1c.js.br"), BROTLI_COPY).unwrap();
    // A module worker of the build (the proof-of-work solver's), named as Vite names them.
    std::fs::write(
        dist.join("assets/solver.worker-4b1d2e.js"),
        "self.postMessage({ready: true});",
    )
    .unwrap();
    std::fs::write(
        dist.join("sw.js"),
        "self.addEventListener('fetch', () => {});",
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

fn user_from(data: &Value, email: &str, username: &str, password: &str) -> TestUser {
    TestUser {
        id: data["user"]["id"].as_i64().expect("user id"),
        email: email.to_owned(),
        username: username.to_owned(),
        password: password.to_owned(),
        access_token: data["tokens"]["accessToken"]
            .as_str()
            .expect("accessToken")
            .to_owned(),
        refresh_token: data["tokens"]["refreshToken"]
            .as_str()
            .expect("refreshToken")
            .to_owned(),
        session_id: data["sessionId"].as_str().expect("sessionId").to_owned(),
    }
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// Starts the app after `adjust` changed its configuration.
pub async fn spawn_app_with(adjust: impl FnOnce(&mut Config)) -> TestApp {
    let data = tempfile::tempdir().expect("cannot create a temp dir");
    let static_dir = write_static_dir(data.path());
    let database_url = fresh_database(data.path()).await;
    // Every setting at its default, then what a test app needs.
    let mut config = Cli::try_parse_from(["tingshu"])
        .expect("the default configuration")
        .config;
    config.host = "127.0.0.1".parse().unwrap();
    config.port = 0;
    config.data_dir = data.path().join("data");
    config.database_url = Some(database_url.clone());
    config.static_dir = Some(static_dir);
    config.locales_dir = Some(locales_dir());
    config.log_format = LogFormat::Text;
    config.jwt_secret = None;
    // An OWASP setting for Argon2id (the production default).
    config.password_hash_memory_kib = 12288;
    config.password_hash_iterations = 3;
    config.search_refresh_secs = 0;
    config.demo = false;
    config.min_free_disk_mb = 0;
    config.trusted_proxies = Vec::new();
    config.payment_sandbox = true;
    config.payment_webhook_secret = Some(WEBHOOK_SECRET.parse().unwrap());
    // Budgets are tested on their own (abuse.rs); other tests make many calls from one address.
    config.budgets = Budgets {
        register_per_hour: 100_000,
        password_reset_per_hour: 100_000,
        feedback_per_hour: 100_000,
        search_per_minute: 100_000,
    };
    // The anti-crawler budgets too (anti_crawler.rs tests them with small ones).
    config.anti_crawler.per_minute = 1_000_000;
    config.anti_crawler.audio_per_minute = 1_000_000;
    adjust(&mut config);
    let app = Application::build(config.clone())
        .await
        .expect("the application did not start");
    let address = format!("http://{}", app.address());
    let api_table = app.api_table().to_vec();
    let search = app.search_index().clone();
    let callers = app.callers();
    let list_pages = app.list_pages();
    let storage = app.storage();
    let state = app.state();
    let metrics_address = app.metrics_address();
    tokio::spawn(app.run_until_stopped());
    let db = Database::connect(config.effective_database_url().expose())
        .await
        .expect("cannot open the test database");
    TestApp {
        address,
        client: reqwest::Client::new(),
        db,
        api_table,
        config,
        search,
        storage,
        state,
        callers,
        list_pages,
        metrics_address,
        _data: data,
    }
}

/// Debian's nginx, when the machine has it.
pub fn nginx() -> Option<&'static str> {
    ["/usr/sbin/nginx", "/usr/bin/nginx"]
        .into_iter()
        .find(|path| std::path::Path::new(path).exists())
}

/// The real `tingshu` binary on a free port with its own data folder (SQLite); killed when
/// dropped.
pub struct RealServer {
    pub child: Child,
    pub address: String,
    data: TempDir,
    /// The lines the server has logged so far.
    log: Arc<Mutex<Vec<String>>>,
}

impl RealServer {
    /// Starts the binary with the test defaults and then `env` (name, value) on top.
    pub fn start(env: &[(&str, &str)]) -> Self {
        Self::start_in(tempfile::tempdir().unwrap(), env)
    }

    /// The same on the data folder `data` (kept, and removed when the server is dropped).
    pub fn start_in(data: TempDir, env: &[(&str, &str)]) -> Self {
        // TINGSHU_BIN runs another build (the release binary) instead of the tests' own.
        let binary =
            std::env::var_os("TINGSHU_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_tingshu").into());
        let mut command = Command::new(binary);
        command
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("HOST", "127.0.0.1")
            .env("PORT", "0")
            .env("DATA_DIR", data.path())
            .env("LOCALES_DIR", locales_dir())
            .env("STATIC_DIR", data.path().join("no-app"))
            .env("SEARCH_REFRESH_SECS", "0")
            .env("RUST_LOG", "info");
        for (name, value) in env {
            command.env(name, value);
        }
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("cannot start the tingshu binary");
        let stdout = child.stdout.take().unwrap();
        let (sender, receiver) = std::sync::mpsc::channel();
        let log = Arc::new(Mutex::new(Vec::new()));
        let kept = log.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                kept.lock().unwrap().push(line.clone());
                // ECHO_SERVER=1 shows the server's log lines with a failing test's output.
                if std::env::var_os("ECHO_SERVER").is_some() {
                    eprintln!("{line}");
                }
                if let Some(at) = line.find("http://") {
                    // Up to a space, or the quote that ends it in a JSON line.
                    let address = line[at..]
                        .split(|c: char| c.is_whitespace() || c == '"')
                        .next()
                        .unwrap()
                        .to_owned();
                    let _ = sender.send(address);
                }
            }
        });
        let address = receiver
            .recv_timeout(Duration::from_secs(60))
            .expect("the server did not say where it listens");
        Self {
            child,
            address,
            data,
            log,
        }
    }

    /// The lines the server has logged so far (the first of them once it listens).
    pub fn log_lines(&self) -> Vec<String> {
        self.log.lock().unwrap().clone()
    }

    /// The server's data folder.
    pub fn data_dir(&self) -> &std::path::Path {
        self.data.path()
    }

    /// The process's peak resident memory (VmHWM), in MiB.
    pub fn peak_rss_mib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let line = status
            .lines()
            .find(|line| line.starts_with("VmHWM:"))
            .expect("VmHWM in /proc/<pid>/status");
        let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
        kib / 1024
    }

    /// Asks the process to stop, as an operator's SIGTERM would.
    pub fn terminate(&self) {
        let pid = libc::pid_t::try_from(self.child.id()).expect("a pid");
        // SAFETY: kill only sends a signal to our own child process.
        assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    }
}

impl Drop for RealServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

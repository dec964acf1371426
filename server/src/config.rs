//! The server's typed configuration, read once from command-line flags and the environment.
use std::{fmt, net::IpAddr, path::PathBuf, str::FromStr};

use clap::{Args, ValueEnum};

/// Settings shared by every command.
#[derive(Debug, Clone, Args)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "HOST", default_value = "127.0.0.1")]
    pub host: IpAddr,

    /// Port to listen on; 0 lets the system pick a free one.
    #[arg(long, env = "PORT", default_value_t = 8080)]
    pub port: u16,

    /// Folder for the embedded database, audio files and generated secrets.
    #[arg(long, env = "DATA_DIR", default_value = "data")]
    pub data_dir: PathBuf,

    /// Database to use: `sqlite://…` or `postgres://…`. Default: SQLite file `tingshu.db` in DATA_DIR.
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: Option<DatabaseUrl>,

    /// Where audio and images are stored: `s3://bucket[/prefix]` for an S3-compatible bucket
    /// (credentials, region and endpoint from the usual `AWS_*` variables). Default: the
    /// folder `media` in DATA_DIR.
    #[arg(long, env = "STORAGE_URL")]
    pub storage_url: Option<String>,

    /// The largest audio file an editor may upload, in MiB.
    #[arg(long, env = "MAX_AUDIO_UPLOAD_MB", default_value_t = 512)]
    pub max_audio_upload_mb: u64,

    /// The largest image (cover) an editor may upload, in MiB.
    #[arg(long, env = "MAX_IMAGE_UPLOAD_MB", default_value_t = 10)]
    pub max_image_upload_mb: u64,

    /// Folder of the built web app (`index.html` and hashed `assets/`), instead of the copy
    /// built into the binary (for working on the app).
    #[arg(long, env = "STATIC_DIR")]
    pub static_dir: Option<PathBuf>,

    /// Folder of the translation catalogues, one sub-folder per language, instead of the
    /// copy built into the binary.
    #[arg(long, env = "LOCALES_DIR")]
    pub locales_dir: Option<PathBuf>,

    /// Log line format.
    #[arg(long, env = "LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,

    /// Secret that signs access tokens (at least 32 characters). Default: a random secret
    /// generated once and kept in DATA_DIR/jwt-secret. Several instances must share one.
    #[arg(long, env = "JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: Option<Secret>,

    /// Memory cost of password hashing (Argon2id), in KiB. The default, 12 MiB with 3 passes,
    /// is one of OWASP's equally strong settings (19 MiB with 2 passes is another): it trades
    /// memory for time; at most one hash per core runs at once.
    #[arg(long, env = "PASSWORD_HASH_MEMORY_KIB", default_value_t = 12288)]
    pub password_hash_memory_kib: u32,

    /// Time cost of password hashing (Argon2id passes).
    #[arg(long, env = "PASSWORD_HASH_ITERATIONS", default_value_t = 3)]
    pub password_hash_iterations: u32,

    /// Seconds between rebuilds of the search index from the database, so that play counts
    /// (the "popular" order) reach it; 0 never rebuilds. (Books changed through other
    /// instances on PostgreSQL are indexed again at once.)
    #[arg(long, env = "SEARCH_REFRESH_SECS", default_value_t = 1800)]
    pub search_refresh_secs: u64,

    /// Free space (MiB) the disk holding the SQLite database must keep: below it, writes are
    /// refused with 503 before they start and `/readyz` answers 503, so a full disk never
    /// half-writes. 0 turns the check off (SQLite's own "disk full" still answers 503).
    #[arg(long, env = "MIN_FREE_DISK_MB", default_value_t = 64)]
    pub min_free_disk_mb: u64,

    /// Days raw behaviour events are kept: each finished UTC day is rolled up (visitors, page
    /// views, top pages, sources) and its raw events are removed once older than this.
    #[arg(long, env = "BEHAVIOR_RETENTION_DAYS", default_value_t = 90,
        value_parser = clap::value_parser!(u32).range(1..))]
    pub behavior_retention_days: u32,

    /// Proxies whose `X-Forwarded-For` / `Forwarded` headers name the client (comma-separated
    /// addresses or CIDR ranges, e.g. `10.0.0.0/8,127.0.0.1`). Empty: the socket's peer is the
    /// client, and those headers are ignored.
    #[arg(long, env = "TRUSTED_PROXIES", value_delimiter = ',', num_args = 0..)]
    pub trusted_proxies: Vec<crate::client::ProxyRange>,

    /// The address listeners reach the site at (e.g. `https://tingshu.example`). When it is
    /// https, browsers are told to use https only (Strict-Transport-Security).
    #[arg(long, env = "PUBLIC_URL")]
    pub public_url: Option<String>,

    /// The built-in `sandbox` payment provider: a hosted test checkout where anyone may approve
    /// a payment. On by default so the product works out of the box; turn it off (`false`)
    /// when a real provider takes payments (README, "Payments").
    #[arg(long, env = "PAYMENT_SANDBOX", default_value_t = true, action = clap::ArgAction::Set,
          value_parser = clap::builder::BoolishValueParser::new())]
    pub payment_sandbox: bool,

    /// Secret that signs payment notifications to `/api/payments/{provider}/webhook`.
    /// Default: a key derived from the token secret (enough for the sandbox).
    #[arg(long, env = "PAYMENT_WEBHOOK_SECRET", hide_env_values = true)]
    pub payment_webhook_secret: Option<Secret>,

    /// A second address serving `/metrics` alone (e.g. `127.0.0.1:9464`), for the monitoring
    /// network only: no token is asked there. Unset: no second listener.
    #[arg(long, env = "METRICS_LISTEN")]
    pub metrics_listen: Option<std::net::SocketAddr>,

    /// A token (at least 32 characters) that opens `/metrics` on the site's own address to
    /// `Authorization: Bearer <token>`. Unset: the site's address serves no metrics.
    #[arg(long, env = "METRICS_TOKEN", hide_env_values = true)]
    pub metrics_token: Option<Secret>,

    /// Time limits on slow or idle clients and on shutdown.
    #[command(flatten)]
    pub timeouts: Timeouts,

    /// Per-client budgets (requests per minute per client address) for registration,
    /// password reset, feedback and search; over budget: 429 with `Retry-After`.
    #[command(flatten)]
    pub budgets: Budgets,
    /// Anti-crawler budgets, passes and verified crawlers.
    #[command(flatten)]
    pub anti_crawler: AntiCrawlerConfig,

    /// Demo mode: seed the documented demo accounts (and later the demo catalogue) when absent.
    #[arg(long, env = "DEMO", default_value_t = false, action = clap::ArgAction::Set,
          value_parser = clap::builder::BoolishValueParser::new())]
    pub demo: bool,
}

/// How long the server waits for a slow client, an idle connection and requests in flight
/// at shutdown, in seconds.
#[derive(Debug, Clone, Copy, Args)]
pub struct Timeouts {
    /// Seconds a client has to send a request's headers; also how long an idle keep-alive
    /// connection is kept open.
    #[arg(long, env = "HEADER_TIMEOUT_SECS", default_value_t = 10)]
    pub header_timeout_secs: u64,
    /// Seconds a client has to send a request's body (answered 408 after that).
    #[arg(long, env = "BODY_TIMEOUT_SECS", default_value_t = 15)]
    pub body_timeout_secs: u64,
    /// Seconds a handler may take before the request is answered 408.
    #[arg(long, env = "REQUEST_TIMEOUT_SECS", default_value_t = 30)]
    pub request_timeout_secs: u64,
    /// Seconds requests in flight may still take after SIGTERM; then the server stops anyway.
    #[arg(long, env = "SHUTDOWN_GRACE_SECS", default_value_t = 10)]
    pub shutdown_grace_secs: u64,
}

/// Requests per client address per hour (minute for search); bursts up to the same number.
#[derive(Debug, Clone, Copy, Args)]
pub struct Budgets {
    /// Registrations per client address per hour.
    #[arg(long, env = "REGISTER_PER_HOUR", default_value_t = 10)]
    pub register_per_hour: u32,
    /// Password resets (new password from an administrator's reset link) per client address
    /// per hour.
    #[arg(long, env = "PASSWORD_RESET_PER_HOUR", default_value_t = 10)]
    pub password_reset_per_hour: u32,
    /// Feedback messages per client address per hour.
    #[arg(long, env = "FEEDBACK_PER_HOUR", default_value_t = 20)]
    pub feedback_per_hour: u32,
    /// Searches per client address per minute.
    #[arg(long, env = "SEARCH_PER_MINUTE", default_value_t = 120)]
    pub search_per_minute: u32,
}

/// Anti-crawler protection (DESIGN §7): what a client address may ask of the catalogue, search
/// and audio before it must prove its work, what a proof buys, and which crawlers need none.
#[derive(Debug, Clone, Args)]
pub struct AntiCrawlerConfig {
    /// Catalogue and search requests per client address per minute without a proof of work
    /// (bursts up to the same number).
    #[arg(long, env = "ANTI_CRAWLER_PER_MINUTE", default_value_t = 300)]
    pub per_minute: u32,
    /// Audio files opened (first request of a file, unsigned links) per client address per
    /// minute without a proof of work.
    #[arg(long, env = "ANTI_CRAWLER_AUDIO_PER_MINUTE", default_value_t = 60)]
    pub audio_per_minute: u32,
    /// Requests per minute a pass (earned by one proof of work) allows.
    #[arg(long, env = "ANTI_CRAWLER_PASS_PER_MINUTE", default_value_t = 600)]
    pub pass_per_minute: u32,
    /// How long a pass lasts, in seconds.
    #[arg(long, env = "ANTI_CRAWLER_PASS_SECS", default_value_t = 600)]
    pub pass_secs: u64,
    /// Detection reports (`POST /api/anti-crawler/report`) per client address per minute.
    #[arg(long, env = "ANTI_CRAWLER_REPORTS_PER_MINUTE", default_value_t = 20)]
    pub reports_per_minute: u32,
    /// Requests per minute each verified search-engine crawler may make.
    #[arg(long, env = "VERIFIED_CRAWLER_PER_MINUTE", default_value_t = 600)]
    pub crawler_per_minute: u32,
    /// A JSON file listing the verified crawlers (`[{"name", "userAgent", "ranges": [CIDR…]}]`),
    /// replacing the built-in list (Googlebot, Bingbot, Applebot with their published ranges).
    #[arg(long, env = "VERIFIED_CRAWLERS_FILE")]
    pub crawlers_file: Option<PathBuf>,
}

/// A secret value: `Debug` never shows it.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// The secret itself: only for the code that uses it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl FromStr for Secret {
    type Err = String;

    fn from_str(raw: &str) -> Result<Self, Self::Err> {
        if raw.chars().count() < 32 {
            return Err(
                "a secret (JWT_SECRET, PAYMENT_WEBHOOK_SECRET, METRICS_TOKEN) must be at least 32 \
                 characters long"
                    .into(),
            );
        }
        Ok(Self(raw.to_owned()))
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(***)")
    }
}

impl Config {
    /// Whether the site is served over https (then HSTS is sent).
    pub fn is_https(&self) -> bool {
        self.public_url
            .as_deref()
            .is_some_and(|url| url.trim().to_ascii_lowercase().starts_with("https://"))
    }

    /// The database URL in force: the configured one, else the SQLite file in the data folder.
    pub fn effective_database_url(&self) -> DatabaseUrl {
        self.database_url.clone().unwrap_or_else(|| {
            DatabaseUrl(format!(
                "sqlite://{}?mode=rwc",
                self.data_dir.join("tingshu.db").display()
            ))
        })
    }
}

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    Text,
    /// One JSON object per line, for log collectors.
    Json,
}

/// A database URL; `Debug` and `Display` hide any password it carries.
#[derive(Clone, PartialEq, Eq)]
pub struct DatabaseUrl(String);

impl DatabaseUrl {
    /// The full URL, password included: only for opening the connection.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// Whether this URL names a SQLite database.
    pub fn is_sqlite(&self) -> bool {
        self.0.starts_with("sqlite:")
    }
}

impl FromStr for DatabaseUrl {
    type Err = String;

    fn from_str(raw: &str) -> Result<Self, Self::Err> {
        let raw = raw.trim();
        let supported = ["sqlite:", "postgres://", "postgresql://"];
        if supported.iter().any(|prefix| raw.starts_with(prefix)) {
            Ok(Self(raw.to_owned()))
        } else {
            Err(format!(
                "DATABASE_URL must start with sqlite:, postgres:// or postgresql:// (got {:?})",
                redact(raw)
            ))
        }
    }
}

impl fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DatabaseUrl({})", redact(&self.0))
    }
}

impl fmt::Display for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&redact(&self.0))
    }
}

/// Replaces the password of `scheme://user:password@host` with `***`.
fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    match rest.split_once('@') {
        Some((credentials, host)) => match credentials.split_once(':') {
            Some((user, _password)) => format!("{scheme}://{user}:***@{host}"),
            None => url.to_owned(),
        },
        None => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use clap::Parser;

    #[test]
    fn database_url_debug_hides_the_password() {
        let url: DatabaseUrl = "postgres://tingshu:s3cret@db:5432/tingshu".parse().unwrap();
        let shown = format!("{url:?} {url}");
        assert!(!shown.contains("s3cret"), "{shown}");
        assert!(shown.contains("tingshu:***@db:5432"), "{shown}");
    }

    #[test]
    fn unsupported_database_urls_are_refused_with_the_rule() {
        let error = "mysql://root:pw@localhost/db"
            .parse::<DatabaseUrl>()
            .unwrap_err();
        assert!(error.contains("must start with sqlite:"), "{error}");
        assert!(!error.contains("pw@"), "{error}");
    }

    #[test]
    fn default_database_is_a_sqlite_file_in_the_data_dir() {
        let config = Cli::parse_from(["tingshu", "--data-dir", "/srv/tingshu"]).config;
        let url = config.effective_database_url();
        assert!(url.is_sqlite());
        assert_eq!(url.expose(), "sqlite:///srv/tingshu/tingshu.db?mode=rwc");
    }

    #[test]
    fn a_bad_port_is_reported_by_name() {
        let error = Cli::try_parse_from(["tingshu", "--port", "eighty"]).unwrap_err();
        assert!(error.to_string().contains("--port"), "{error}");
    }

    #[test]
    fn a_short_jwt_secret_is_refused_and_a_good_one_never_printed() {
        let error = Cli::try_parse_from(["tingshu", "--jwt-secret", "short"]).unwrap_err();
        assert!(error.to_string().contains("at least 32"), "{error}");
        let secret = "s".repeat(40);
        let cli = Cli::parse_from(["tingshu", "--jwt-secret", &secret]);
        assert!(!format!("{cli:?}").contains(&secret));
    }

    #[test]
    fn demo_mode_reads_the_usual_spellings_of_on_and_off() {
        for (raw, expected) in [
            ("1", true),
            ("true", true),
            ("yes", true),
            ("0", false),
            ("false", false),
        ] {
            assert_eq!(
                Cli::parse_from(["tingshu", "--demo", raw]).config.demo,
                expected,
                "{raw}"
            );
        }
        assert!(!Cli::parse_from(["tingshu"]).config.demo);
    }

    #[test]
    fn create_admin_takes_email_and_username() {
        let cli = Cli::parse_from([
            "tingshu",
            "create-admin",
            "--email",
            "ops@example.com",
            "--username",
            "ops",
        ]);
        assert!(
            matches!(cli.command, Some(Command::CreateAdmin { ref email, .. }) if email == "ops@example.com")
        );
    }
}

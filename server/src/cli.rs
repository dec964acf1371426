//! The command line (`Cli`: a command and the configuration) and the commands other than
//! serving: `tingshu prepare`, `tingshu create-admin`, `tingshu openapi`, `tingshu import`,
//! `tingshu export`, `tingshu backup`, `tingshu restore`, `tingshu healthcheck`,
//! `tingshu config-reference`.
use std::{
    io::{BufRead, IsTerminal},
    path::PathBuf,
};

use anyhow::Context;
use clap::{Parser, Subcommand};

use crate::{
    accounts,
    config::Config,
    console::transfer::export::{ExportFormat, ExportKind},
    db::Db,
    startup::account_settings,
};

/// Tingshu audio novel server: API, audio streaming and the web app, in one binary.
#[derive(Debug, Clone, Parser)]
#[command(name = "tingshu", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub config: Config,
}

/// What to do; without a command the server runs.
#[derive(Debug, Clone, Subcommand)]
pub enum Command {
    /// Serve the API and the app (the default).
    Serve,
    /// Do the one-off work of a start and exit: the data folder, the migrations, the demo seed
    /// (DEMO on), the search index on disk. Serving does it first, in a process of its own;
    /// run it alone to migrate a database before its instances start.
    Prepare,
    /// Print the API's OpenAPI document (JSON) and exit.
    Openapi,
    /// Create an administrator account; the password is read from standard input
    /// (typed at a hidden prompt when it is a terminal).
    CreateAdmin {
        /// The administrator's email address.
        #[arg(long)]
        email: String,
        /// The administrator's user name.
        #[arg(long)]
        username: String,
    },
    /// Import books and chapters from a CSV or JSON file (the console's import): every record
    /// is checked, then all are written in one transaction or none. A running server shows
    /// the new books in search at its next index rebuild (SEARCH_REFRESH_SECS) or restart.
    Import {
        /// The file to import.
        file: PathBuf,
        /// Check every record and report, write nothing.
        #[arg(long)]
        dry_run: bool,
    },
    /// Export books, chapters or users as CSV or JSON (the console's export).
    Export {
        /// What to export: books, chapters or users.
        #[arg(value_parser = export_kind)]
        kind: ExportKind,
        /// The file format.
        #[arg(long, value_enum, default_value_t = ExportFormat::Csv)]
        format: ExportFormat,
        /// Where to write (standard output when absent).
        #[arg(long)]
        output: Option<PathBuf>,
    },
    /// Copy the embedded database, the media folder and the token secret of DATA_DIR into a
    /// new folder, consistently, while the server runs (PostgreSQL and S3: their own tools).
    Backup {
        /// The folder to make (it must not exist yet).
        output: PathBuf,
    },
    /// Ask the server on HOST:PORT whether it is ready (`/readyz`); exit 0 when it answers 200.
    /// The container image's health check (it has no other program to ask with).
    Healthcheck,
    /// Print the configuration reference (every variable, its default, what it does) as the
    /// README's Markdown table and exit.
    #[command(hide = true)]
    ConfigReference,
    /// Bring a backup back into DATA_DIR, which must hold no database yet; then start the
    /// server on it.
    Restore {
        /// A folder `tingshu backup` made.
        from: PathBuf,
    },
}

/// `tingshu export`'s kind, by its spelling.
fn export_kind(value: &str) -> Result<ExportKind, String> {
    use tingshu_core::spelling::Spelling;
    ExportKind::parse(value).ok_or_else(|| {
        let spellings: Vec<&str> = ExportKind::ALL.iter().map(|k| k.as_str()).collect();
        format!("one of {}", spellings.join(", "))
    })
}

/// Creates an administrator; the password comes from a hidden prompt or standard input.
pub async fn create_admin(config: Config, email: &str, username: &str) -> anyhow::Result<()> {
    std::fs::create_dir_all(&config.data_dir).with_context(|| {
        format!(
            "cannot create the data folder {}",
            config.data_dir.display()
        )
    })?;
    let password = read_password()?;
    let db = Db::connect_and_migrate(&config.effective_database_url(), None).await?;
    let settings = account_settings(&config).await?;
    let admin = accounts::create_admin(&db, &settings, email, username, &password)
        .await
        .map_err(|error| match error {
            crate::error::ApiError::Validation { fields, .. }
            | crate::error::ApiError::Conflict { fields, .. } => {
                let reasons: Vec<String> = fields
                    .iter()
                    .map(|(field, why)| format!("{field}: {why}"))
                    .collect();
                anyhow::anyhow!("cannot create the administrator: {}", reasons.join("; "))
            }
            other => anyhow::anyhow!("cannot create the administrator: {other}"),
        })?;
    println!(
        "Created administrator {} <{}> (id {}).",
        admin.user.username, admin.user.email, admin.user.id
    );
    Ok(())
}

/// Asks the server this configuration describes for `/readyz` (an unspecified HOST such as
/// `0.0.0.0` is asked on the loopback address); an error unless it answers 200 within 5 s.
pub async fn healthcheck(config: &Config) -> anyhow::Result<()> {
    let host = match config.host {
        std::net::IpAddr::V4(v4) if v4.is_unspecified() => std::net::Ipv4Addr::LOCALHOST.into(),
        std::net::IpAddr::V6(v6) if v6.is_unspecified() => std::net::Ipv6Addr::LOCALHOST.into(),
        host => host,
    };
    let address = std::net::SocketAddr::new(host, config.port);
    let ask = async {
        let stream = tokio::net::TcpStream::connect(address).await?;
        let (mut sender, connection) =
            hyper::client::conn::http1::handshake(hyper_util::rt::TokioIo::new(stream)).await?;
        tokio::spawn(connection);
        let request = hyper::Request::get("/readyz")
            .header(hyper::header::HOST, address.to_string())
            .body(axum::body::Body::empty())?;
        anyhow::Ok(sender.send_request(request).await?.status())
    };
    let status = tokio::time::timeout(std::time::Duration::from_secs(5), ask)
        .await
        .with_context(|| format!("{address} did not answer within 5 s"))?
        .with_context(|| format!("cannot ask {address}/readyz"))?;
    anyhow::ensure!(status.is_success(), "{address}/readyz answered {status}");
    Ok(())
}

/// Prints the OpenAPI document that `/api/openapi.json` serves, for the app's type generator.
pub fn print_openapi() -> anyhow::Result<()> {
    let document = crate::routes::openapi_document();
    println!("{}", document.to_pretty_json()?);
    Ok(())
}

fn read_password() -> anyhow::Result<String> {
    if std::io::stdin().is_terminal() {
        let first = rpassword::prompt_password("Password: ").context("cannot read the password")?;
        let again =
            rpassword::prompt_password("Password again: ").context("cannot read the password")?;
        anyhow::ensure!(first == again, "the two passwords differ");
        Ok(first)
    } else {
        let mut line = String::new();
        std::io::stdin()
            .lock()
            .read_line(&mut line)
            .context("cannot read the password from standard input")?;
        Ok(line.trim_end_matches(['\r', '\n']).to_owned())
    }
}

/// The author of changes made from the command line, in the audit log.
fn command_line() -> crate::console::audit::Actor {
    crate::console::audit::Actor {
        id: 0,
        name: "command line".to_owned(),
        ip: None,
    }
}

/// Imports `file` (or checks it with `dry_run`), printing progress and the report.
pub async fn import(config: Config, file: &std::path::Path, dry_run: bool) -> anyhow::Result<()> {
    use crate::console::transfer::import::{self, Progress, IMPORT_MAX_BYTES};
    let bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    anyhow::ensure!(
        bytes.len() <= IMPORT_MAX_BYTES,
        "{} is larger than {} MiB",
        file.display(),
        IMPORT_MAX_BYTES / (1024 * 1024)
    );
    let db = Db::connect_and_migrate(&config.effective_database_url(), None).await?;
    let progress = Progress::default();
    let (report, _) = import::run(
        &db,
        &command_line(),
        &bytes,
        dry_run,
        &progress,
        tingshu_core::Lang::En,
    )
    .await
    .map_err(|error| anyhow::anyhow!("import refused: {error}"))?;
    for error in &report.errors {
        eprintln!("{}: {}: {}", error.record, error.field, error.message);
    }
    let verb = if report.written {
        "Imported"
    } else if dry_run && report.error_count == 0 {
        "Checked (nothing written)"
    } else {
        "Nothing imported"
    };
    println!(
        "{verb}: {} books, {} chapters, {} problems.",
        report.books, report.chapters, report.error_count
    );
    anyhow::ensure!(
        report.error_count == 0,
        "{} records are bad",
        report.error_count
    );
    Ok(())
}

/// Makes a backup into `output` and says what it holds.
pub async fn backup(config: Config, output: &std::path::Path) -> anyhow::Result<()> {
    let made = crate::backup::backup(&config, output).await?;
    println!(
        "Backed up to {}: the database ({} bytes), {} media files ({} bytes){}.",
        output.display(),
        made.database_bytes,
        made.media_files,
        made.media_bytes,
        if made.secret {
            ", the token secret"
        } else {
            ""
        }
    );
    Ok(())
}

/// Restores the backup in `from` into the configured data folder.
pub fn restore(config: Config, from: &std::path::Path) -> anyhow::Result<()> {
    let restored = crate::backup::restore(&config, from)?;
    println!(
        "Restored the backup made by tingshu {} into {}: start the server on it.",
        restored.version,
        config.data_dir.display()
    );
    Ok(())
}

/// Writes an export to `output` or standard output.
pub async fn export(
    config: Config,
    kind: crate::console::transfer::export::ExportKind,
    format: crate::console::transfer::export::ExportFormat,
    output: Option<&std::path::Path>,
) -> anyhow::Result<()> {
    use futures_util::StreamExt;
    use std::io::Write;

    use crate::console::transfer::export;
    let db = Db::connect_and_migrate(&config.effective_database_url(), None).await?;
    let mut out: Box<dyn Write> = match output {
        Some(path) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(path)
                .with_context(|| format!("cannot write {}", path.display()))?,
        )),
        None => Box::new(std::io::stdout().lock()),
    };
    let mut chunks = Box::pin(export::stream(db.reader().clone(), kind, format));
    while let Some(chunk) = chunks.next().await {
        out.write_all(&chunk?)?;
    }
    out.flush()?;
    Ok(())
}

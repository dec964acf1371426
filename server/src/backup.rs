//! `tingshu backup` and `tingshu restore` for the embedded default (SQLite and the local
//! media folder in DATA_DIR): a consistent copy made while the server runs, and its return
//! into an empty data folder. PostgreSQL and S3 are backed up with their own tools (README).
//!
//! A backup is a folder: `tingshu.db` (SQLite's `VACUUM INTO`, one read transaction, so a
//! single moment of the database however much is written meanwhile), `media/` (copied after
//! the database, so every file the copy names is there: stored files are written before their
//! rows and never changed), `jwt-secret` when the secret lives in the data folder, and
//! `backup.json` describing it. Uploads still in progress and the search index are left out:
//! an upload starts again, and the index is rebuilt from the database at start.
use std::{
    path::{Path, PathBuf},
    str::FromStr,
};

use anyhow::{bail, ensure, Context};
use sea_orm::sqlx::{self, sqlite::SqliteConnectOptions, ConnectOptions as _, Connection as _};
use serde::{Deserialize, Serialize};

use crate::config::Config;

/// The database file of the embedded default, in the data folder and in a backup.
const DATABASE: &str = "tingshu.db";
/// The folder of the local media store, likewise.
const MEDIA: &str = "media";
/// The generated token secret, likewise.
const SECRET: &str = "jwt-secret";
/// What a backup holds, written last: a folder without it is not a finished backup.
const MANIFEST: &str = "backup.json";
/// The manifest's format, raised when the folder's layout changes.
const FORMAT: u32 = 1;

/// `backup.json`: what was copied, from which version, when.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    pub format: u32,
    /// The `tingshu` version that made it.
    pub version: String,
    /// When the copy was made, ms since the epoch.
    pub created_at: i64,
    pub database_bytes: u64,
    pub media_files: u64,
    pub media_bytes: u64,
    /// Whether the token secret is in the backup (it is not when JWT_SECRET is set).
    pub secret: bool,
}

/// The embedded database's file, or why this configuration has none to copy.
fn embedded_database(config: &Config) -> anyhow::Result<PathBuf> {
    ensure!(
        config.database_url.is_none(),
        "DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore (README, \
         backup and restore)"
    );
    ensure!(
        config
            .storage_url
            .as_deref()
            .is_none_or(|url| url.trim().is_empty()),
        "STORAGE_URL is set: copy the bucket with the object store's own tools (README, backup \
         and restore); `tingshu backup` copies the local media folder only"
    );
    Ok(config.data_dir.join(DATABASE))
}

/// Copies the embedded default into `output`, a folder that must not exist yet.
pub async fn backup(config: &Config, output: &Path) -> anyhow::Result<Manifest> {
    let database = embedded_database(config)?;
    ensure!(
        database.is_file(),
        "no database at {}: nothing to back up",
        database.display()
    );
    ensure!(
        !output.exists(),
        "{} exists already: name a new folder",
        output.display()
    );
    std::fs::create_dir_all(output)
        .with_context(|| format!("cannot create {}", output.display()))?;
    let result = copy_into(config, &database, output).await;
    if result.is_err() {
        // Nothing half made is left to be mistaken for a backup.
        let _ = std::fs::remove_dir_all(output);
    }
    result
}

async fn copy_into(config: &Config, database: &Path, output: &Path) -> anyhow::Result<Manifest> {
    let copy = output.join(DATABASE);
    let mut connection =
        SqliteConnectOptions::from_str(&format!("sqlite://{}", database.display()))?
            .read_only(true)
            .busy_timeout(std::time::Duration::from_secs(30))
            .connect()
            .await
            .with_context(|| format!("cannot open {}", database.display()))?;
    sqlx::query("VACUUM INTO ?")
        .bind(copy.to_string_lossy().into_owned())
        .execute(&mut connection)
        .await
        .context("SQLite could not copy the database")?;
    connection.close().await?;
    let (media_files, media_bytes) = copy_tree(&config.data_dir.join(MEDIA), &output.join(MEDIA))?;
    let secret = config.data_dir.join(SECRET);
    let has_secret = secret.is_file();
    if has_secret {
        std::fs::copy(&secret, output.join(SECRET)).context("cannot copy the token secret")?;
    }
    let manifest = Manifest {
        format: FORMAT,
        version: env!("CARGO_PKG_VERSION").to_owned(),
        created_at: crate::clock::now_ms(),
        database_bytes: std::fs::metadata(&copy)?.len(),
        media_files,
        media_bytes,
        secret: has_secret,
    };
    std::fs::write(output.join(MANIFEST), serde_json::to_vec_pretty(&manifest)?)?;
    Ok(manifest)
}

/// Copies the files under `from` into `to` (files and their folders; a store's unfinished
/// write, named with `#`, and a file removed while the walk runs are skipped). Answers how
/// many files and bytes were copied.
fn copy_tree(from: &Path, to: &Path) -> anyhow::Result<(u64, u64)> {
    let (mut files, mut bytes) = (0, 0);
    std::fs::create_dir_all(to).with_context(|| format!("cannot create {}", to.display()))?;
    let entries = match std::fs::read_dir(from) {
        Ok(entries) => entries,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok((0, 0)),
        Err(error) => return Err(error).with_context(|| format!("cannot read {}", from.display())),
    };
    for entry in entries {
        let entry = entry?;
        let name = entry.file_name();
        if name.to_string_lossy().contains('#') {
            continue;
        }
        let (source, target) = (entry.path(), to.join(&name));
        let kind = entry.file_type()?;
        if kind.is_dir() {
            let (more_files, more_bytes) = copy_tree(&source, &target)?;
            files += more_files;
            bytes += more_bytes;
        } else if kind.is_file() {
            match std::fs::copy(&source, &target) {
                Ok(copied) => {
                    files += 1;
                    bytes += copied;
                }
                Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
                Err(error) => {
                    return Err(error).with_context(|| format!("cannot copy {}", source.display()))
                }
            }
        }
    }
    Ok((files, bytes))
}

/// Brings a backup made by [`backup`] back into DATA_DIR, which must hold no database yet.
/// The server migrates a backup from an older version when it starts.
pub fn restore(config: &Config, from: &Path) -> anyhow::Result<Manifest> {
    let database = embedded_database(config)?;
    let manifest: Manifest =
        serde_json::from_slice(&std::fs::read(from.join(MANIFEST)).with_context(|| {
            format!(
                "{} is not a finished backup (no {MANIFEST})",
                from.display()
            )
        })?)
        .with_context(|| {
            format!(
                "{} is not a backup's manifest",
                from.join(MANIFEST).display()
            )
        })?;
    if manifest.format != FORMAT {
        bail!(
            "this backup's format is {}; this version reads format {FORMAT}",
            manifest.format
        );
    }
    ensure!(
        !database.exists(),
        "{} exists already: restore into an empty data folder (move the old one away first)",
        database.display()
    );
    std::fs::create_dir_all(&config.data_dir)
        .with_context(|| format!("cannot create {}", config.data_dir.display()))?;
    copy_tree(&from.join(MEDIA), &config.data_dir.join(MEDIA))?;
    let secret = from.join(SECRET);
    if secret.is_file() {
        std::fs::copy(&secret, config.data_dir.join(SECRET))
            .context("cannot restore the token secret")?;
    }
    // The database last, under its own name only once whole: a data folder with a database
    // is a restored one.
    let partial = config.data_dir.join(format!("{DATABASE}.restoring"));
    std::fs::copy(from.join(DATABASE), &partial).context("cannot copy the database")?;
    std::fs::rename(&partial, &database).context("cannot put the database in place")?;
    Ok(manifest)
}

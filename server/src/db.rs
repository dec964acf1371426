//! Opening the database (SQLite or PostgreSQL) and bringing its schema up to date.
use std::time::Duration;

use anyhow::Context;
use sea_orm::{
    sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous},
    ConnectOptions, Database, DatabaseConnection,
};
use tingshu_migrations::{Migrator, MigratorTrait};

use crate::config::DatabaseUrl;

/// Connects and applies every pending migration.
#[tracing::instrument(skip_all, fields(database = %url))]
pub async fn connect_and_migrate(url: &DatabaseUrl) -> anyhow::Result<DatabaseConnection> {
    let mut options = ConnectOptions::new(url.expose().to_owned());
    options
        .connect_timeout(Duration::from_secs(10))
        .acquire_timeout(Duration::from_secs(10))
        .sqlx_logging(false);
    if url.is_sqlite() {
        // One writer at a time is SQLite's model: WAL lets readers go on while it writes.
        // Each connection keeps up to 16 MiB of pages (2 MiB by default) and sorts in
        // memory. No memory map (`mmap_size`): SQLite drops a connection's whole map after
        // another connection writes, and remapping the file after every search-log insert
        // costs more than reading pages (measured with 100,000 books).
        // A pooled SQLite connection is a file handle in this process: it cannot go stale
        // like a network connection, so it is not pinged before every query (a round trip
        // to its worker thread per statement). Each connection is a thread running queries
        // on the CPU (the file is in the page cache): two per core keep every core busy,
        // more only add threads competing for the cores and copies of the same pages.
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        options
            .max_connections((2 * cores).clamp(4, 16) as u32)
            .min_connections(1)
            .test_before_acquire(false)
            .map_sqlx_sqlite_opts(|opts| {
                opts.journal_mode(SqliteJournalMode::Wal)
                    .synchronous(SqliteSynchronous::Normal)
                    .foreign_keys(true)
                    .busy_timeout(Duration::from_secs(5))
                    .pragma("cache_size", "-16384")
                    .pragma("temp_store", "memory")
            });
    } else {
        options.max_connections(32).min_connections(2);
    }
    let db = Database::connect(options)
        .await
        .with_context(|| format!("cannot open the database {url}"))?;
    Migrator::up(&db, None)
        .await
        .context("cannot apply the database migrations")?;
    Ok(db)
}

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
        options
            .max_connections(8)
            .min_connections(1)
            .map_sqlx_sqlite_opts(|opts| {
                opts.journal_mode(SqliteJournalMode::Wal)
                    .synchronous(SqliteSynchronous::Normal)
                    .foreign_keys(true)
                    .busy_timeout(Duration::from_secs(5))
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

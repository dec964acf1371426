//! The database: a read-only pool for reads and one write path for every write (DESIGN §8a).
//!
//! SQLite: every write goes through a single writer connection and its transactions begin
//! IMMEDIATE, so no read-to-write upgrade can fail; the read pool is opened read-only, so a
//! write that missed the write path fails loudly instead of racing. PostgreSQL: the read pool's
//! transactions are read-only too; write conflicts (serialization failures, deadlocks) are
//! retried by [`retry_conflicts`]. A connection whose transaction failed is closed, never
//! handed out again mid-transaction. `/readyz` asks [`Db::readiness`].
/// Implements sea-orm's `ConnectionTrait` for a type by handing every call to one field.
macro_rules! delegate_connection {
    ($type:ty, $field:ident) => {
        #[async_trait::async_trait]
        impl sea_orm::ConnectionTrait for $type {
            fn get_database_backend(&self) -> sea_orm::DbBackend {
                sea_orm::ConnectionTrait::get_database_backend(&self.$field)
            }

            async fn execute_raw(
                &self,
                stmt: sea_orm::Statement,
            ) -> Result<sea_orm::ExecResult, sea_orm::DbErr> {
                sea_orm::ConnectionTrait::execute_raw(&self.$field, stmt).await
            }

            async fn execute_unprepared(
                &self,
                sql: &str,
            ) -> Result<sea_orm::ExecResult, sea_orm::DbErr> {
                sea_orm::ConnectionTrait::execute_unprepared(&self.$field, sql).await
            }

            async fn query_one_raw(
                &self,
                stmt: sea_orm::Statement,
            ) -> Result<Option<sea_orm::QueryResult>, sea_orm::DbErr> {
                sea_orm::ConnectionTrait::query_one_raw(&self.$field, stmt).await
            }

            async fn query_all_raw(
                &self,
                stmt: sea_orm::Statement,
            ) -> Result<Vec<sea_orm::QueryResult>, sea_orm::DbErr> {
                sea_orm::ConnectionTrait::query_all_raw(&self.$field, stmt).await
            }

            fn support_returning(&self) -> bool {
                sea_orm::ConnectionTrait::support_returning(&self.$field)
            }
        }
    };
}

pub mod batches;
pub mod classify;
pub mod disk;
pub mod planning;
pub mod records;
pub mod spelled;
pub mod write;

use std::time::Duration;

use anyhow::Context;
use sea_orm::{
    sqlx::{
        self,
        postgres::{PgConnectOptions, PgPoolOptions},
        sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous},
        ConnectOptions as _, Connection as _, Executor as _,
    },
    DatabaseConnection, DbBackend, SqlxPostgresConnector, SqlxSqliteConnector,
};
use sqlx_core::transaction::TransactionManager as _;
use tingshu_migrations::{Migrator, MigratorTrait};

pub use self::{
    classify::retry_conflicts,
    disk::DiskReserve,
    write::{WriteTx, Writer},
};
use crate::config::DatabaseUrl;

/// The read pool and the write path; cheap to clone. Reads go through its
/// [`ConnectionTrait`] (the read pool); writes through [`Db::writer`] or [`Db::begin_write`].
#[derive(Clone)]
pub struct Db {
    read: DatabaseConnection,
    writer: Writer,
}

/// How long a write may wait for the writer (SQLite) or a pooled connection before a 503.
const WRITE_WAIT: Duration = Duration::from_secs(5);
/// How long `/readyz` waits for the write probe.
const PROBE_WAIT: Duration = Duration::from_secs(3);

impl Db {
    /// Opens both pools and applies every pending migration (through the writer).
    /// `reserve` refuses writes early while the data folder's disk is nearly full (SQLite).
    #[tracing::instrument(skip_all, fields(database = %url))]
    pub async fn connect_and_migrate(
        url: &DatabaseUrl,
        reserve: Option<DiskReserve>,
    ) -> anyhow::Result<Self> {
        let db = if url.is_sqlite() {
            Self::open_sqlite(url, reserve).await?
        } else {
            Self::open_postgres(url).await?
        };
        Migrator::up(db.writer.connection(), None)
            .await
            .context("cannot apply the database migrations")?;
        Ok(db)
    }

    async fn open_sqlite(url: &DatabaseUrl, reserve: Option<DiskReserve>) -> anyhow::Result<Self> {
        let base: SqliteConnectOptions = url
            .expose()
            .parse()
            .with_context(|| format!("cannot read the database URL {url}"))?;
        // WAL lets readers go on while the writer writes. Each connection keeps up to 8 MiB
        // of pages, sorts in memory and plans a statement once (`planning`); no memory map
        // (SQLite drops a connection's whole map after another connection writes: measured
        // slower with 100,000 books).
        let base = base
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(WRITE_WAIT)
            .pragma("cache_size", "-8192")
            .pragma("temp_store", "memory")
            .disable_statement_logging();
        // The writer first: it creates the file and switches it to WAL.
        let write_pool = planning::plan_once(SqlitePoolOptions::new())
            .max_connections(1)
            .min_connections(1)
            .acquire_timeout(WRITE_WAIT)
            .test_before_acquire(false)
            .after_release(|conn, _meta| {
                Box::pin(async move {
                    // Runs any rollback queued by a dropped transaction, then keeps the
                    // connection only when no transaction is left open on it.
                    conn.ping().await?;
                    Ok(
                        <sqlx::Sqlite as sqlx::Database>::TransactionManager::get_transaction_depth(
                            conn,
                        ) == 0,
                    )
                })
            })
            .connect_with(base.clone().create_if_missing(true))
            .await
            .with_context(|| format!("cannot open the database {url}"))?;
        // Each reader is a thread running queries on the CPU (the file is in the page cache):
        // two per core keep every core busy. A pooled SQLite connection cannot go stale like
        // a network connection, so it is not pinged before every query.
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let read_pool = planning::plan_once(SqlitePoolOptions::new())
            .max_connections((2 * cores).clamp(4, 16) as u32)
            .min_connections(1)
            .acquire_timeout(Duration::from_secs(10))
            .test_before_acquire(false)
            .connect_with(base.read_only(true))
            .await
            .with_context(|| format!("cannot open the database {url} for reading"))?;
        Ok(Self {
            read: SqlxSqliteConnector::from_sqlx_sqlite_pool(read_pool),
            writer: Writer::new(
                SqlxSqliteConnector::from_sqlx_sqlite_pool(write_pool),
                reserve,
            ),
        })
    }

    async fn open_postgres(url: &DatabaseUrl) -> anyhow::Result<Self> {
        let base: PgConnectOptions = url
            .expose()
            .parse()
            .with_context(|| format!("cannot read the database URL {url}"))?;
        let base = base.disable_statement_logging();
        let write_pool = PgPoolOptions::new()
            .max_connections(16)
            .min_connections(1)
            .acquire_timeout(WRITE_WAIT)
            .after_release(|conn, _meta| {
                Box::pin(async move {
                    conn.ping().await?;
                    Ok(<sqlx::Postgres as sqlx::Database>::TransactionManager::get_transaction_depth(conn) == 0)
                })
            })
            .connect_with(base.clone())
            .await
            .with_context(|| format!("cannot open the database {url}"))?;
        let read_pool = PgPoolOptions::new()
            .max_connections(32)
            .min_connections(1)
            .acquire_timeout(Duration::from_secs(10))
            .after_connect(|conn, _meta| {
                Box::pin(async move {
                    conn.execute("SET default_transaction_read_only = on")
                        .await?;
                    Ok(())
                })
            })
            .connect_with(base)
            .await
            .with_context(|| format!("cannot open the database {url} for reading"))?;
        Ok(Self {
            read: SqlxPostgresConnector::from_sqlx_postgres_pool(read_pool),
            writer: Writer::new(
                SqlxPostgresConnector::from_sqlx_postgres_pool(write_pool),
                None,
            ),
        })
    }

    /// The read pool (read-only).
    pub fn reader(&self) -> &DatabaseConnection {
        &self.read
    }

    /// The write path, for single statements outside a transaction.
    pub fn writer(&self) -> &Writer {
        &self.writer
    }

    /// Begins a write transaction (IMMEDIATE on SQLite).
    pub async fn begin_write(&self) -> crate::error::ApiResult<WriteTx> {
        self.writer.begin().await
    }

    /// Whether the database answers and can write right now; the reason when it cannot.
    pub async fn readiness(&self) -> Result<(), String> {
        self.read
            .ping()
            .await
            .map_err(|error| format!("the database does not answer: {error}"))?;
        tokio::time::timeout(PROBE_WAIT, self.writer.probe())
            .await
            .map_err(|_| "the database did not take a write within 3 s".to_owned())?
    }

    /// The read pool's and the write pool's connections now.
    pub fn pool_readings(&self) -> [PoolReading; 2] {
        [
            PoolReading::of("read", &self.read),
            PoolReading::of("write", self.writer.connection()),
        ]
    }

    /// Closes both pools (after the last request, at shutdown).
    pub async fn close(&self) {
        let _ = self.read.clone().close().await;
        let _ = self.writer.connection().clone().close().await;
    }
}

/// One pool's connections at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolReading {
    pub pool: &'static str,
    /// Connections open (idle or in use).
    pub open: u32,
    pub idle: usize,
    pub max: u32,
}

impl PoolReading {
    fn of(pool: &'static str, connection: &DatabaseConnection) -> Self {
        let (open, idle, max) = match connection.get_database_backend() {
            DbBackend::Sqlite => {
                let sqlx = connection.get_sqlite_connection_pool();
                (
                    sqlx.size(),
                    sqlx.num_idle(),
                    sqlx.options().get_max_connections(),
                )
            }
            DbBackend::Postgres => {
                let sqlx = connection.get_postgres_connection_pool();
                (
                    sqlx.size(),
                    sqlx.num_idle(),
                    sqlx.options().get_max_connections(),
                )
            }
            _ => (0, 0, 0),
        };
        Self {
            pool,
            open,
            idle,
            max,
        }
    }
}

// Reads go to the read pool.
delegate_connection!(Db, read);

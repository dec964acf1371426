//! The write path: the writer connection(s), write transactions (IMMEDIATE on SQLite) and the
//! write probe of `/readyz`. Every write is an explicit transaction whose COMMIT is checked:
//! SQLite commits an autocommit `INSERT … RETURNING` only when the statement is reset, after
//! the row was already handed back, so a failed commit there (disk full) would go unseen.
//! Failures are classified (503 for storage faults and write conflicts, see `classify`).
use sea_orm::{
    ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr,
    SqliteTransactionMode, TransactionOptions, TransactionTrait,
};

use super::disk::DiskReserve;
use crate::error::{ApiError, ApiResult};

/// The connection every write goes through; cheap to clone.
#[derive(Clone)]
pub struct Writer {
    conn: DatabaseConnection,
    reserve: Option<DiskReserve>,
}

impl Writer {
    pub(super) fn new(conn: DatabaseConnection, reserve: Option<DiskReserve>) -> Self {
        Self { conn, reserve }
    }

    pub(super) fn connection(&self) -> &DatabaseConnection {
        &self.conn
    }

    /// Refuses a write before it starts when the data folder's disk is below its reserve.
    fn check_disk(&self) -> Result<(), DbErr> {
        match &self.reserve {
            Some(reserve) => reserve.check(),
            None => Ok(()),
        }
    }

    /// Begins a write transaction: IMMEDIATE on SQLite, so it holds the write lock from the
    /// start and no statement inside it can fail to upgrade a read lock.
    pub async fn begin(&self) -> ApiResult<WriteTx> {
        self.check_disk()?;
        let options = TransactionOptions {
            sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
            ..Default::default()
        };
        let txn = self.conn.begin_with_options(options).await?;
        Ok(WriteTx { txn })
    }

    /// A write that stores nothing: takes the write lock (SQLite: rewrites the schema
    /// header's user version in place; PostgreSQL: assigns a transaction id) and commits.
    pub(super) async fn probe(&self) -> Result<(), String> {
        let attempt = async {
            let txn = self.begin().await?;
            let sql = match self.conn.get_database_backend() {
                DbBackend::Sqlite => "PRAGMA user_version = 0",
                _ => "SELECT txid_current()",
            };
            txn.execute_unprepared(sql).await?;
            txn.commit().await
        };
        attempt.await.map_err(|error: ApiError| error.to_string())
    }
}

/// A write transaction; dropped without [`commit`](Self::commit) it rolls back.
pub struct WriteTx {
    txn: DatabaseTransaction,
}

impl WriteTx {
    /// Commits; a failure (disk full, conflict) is classified like every database error.
    pub async fn commit(self) -> ApiResult<()> {
        self.txn.commit().await?;
        Ok(())
    }

    /// Rolls back explicitly (dropping does the same, later).
    pub async fn rollback(self) -> ApiResult<()> {
        self.txn.rollback().await?;
        Ok(())
    }
}

delegate_connection!(WriteTx, txn);

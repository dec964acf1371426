//! SQLite connections that plan each statement once, whatever values are bound to it (SQLite's
//! query planner stability guarantee, `SQLITE_DBCONFIG_ENABLE_QPSG`).
//!
//! The bundled SQLite is built with STAT4. Without the guarantee it reads a bound `LIMIT ?`
//! (every sea-orm `.one()`, every page) while it plans, and so prepares the statement again
//! each time a value is bound to it: a book by id cost 12.7 µs instead of 4.7, a page of the
//! book list 32 µs instead of 7 (BENCHMARKS.md, "Statements prepared once"). The catalogue's
//! plans do not depend on values: its indexes are chosen by their shape, which
//! `server/tests/api/catalog_plans.rs` checks on connections made here.
use std::ffi::c_int;

use libsqlite3_sys::{sqlite3_db_config, SQLITE_DBCONFIG_ENABLE_QPSG, SQLITE_OK};
use sea_orm::{
    sqlx::{
        sqlite::{LockedSqliteHandle, SqliteConnection, SqlitePoolOptions},
        Error,
    },
    DatabaseConnection, SqlxSqliteConnector,
};

/// The pool's connections each plan a statement once (set as each connection opens).
pub fn plan_once(options: SqlitePoolOptions) -> SqlitePoolOptions {
    options.after_connect(|conn, _meta| Box::pin(keep_plans(conn)))
}

/// A SQLite database outside the server (tests, tools) whose connections plan as the
/// server's do.
pub async fn sqlite_connection(url: &str) -> Result<DatabaseConnection, Error> {
    let pool = plan_once(SqlitePoolOptions::new()).connect(url).await?;
    Ok(SqlxSqliteConnector::from_sqlx_sqlite_pool(pool))
}

async fn keep_plans(conn: &mut SqliteConnection) -> Result<(), Error> {
    let mut handle = conn.lock_handle().await?;
    match stability(&mut handle, 1) {
        (SQLITE_OK, 1) => Ok(()),
        (code, _) => Err(Error::Configuration(
            format!("SQLite did not keep its plans stable (code {code})").into(),
        )),
    }
}

/// Sets the guarantee on a connection (`value` 1: on, 0: off) or reads it (-1): SQLite's
/// answer code and the setting now in force.
fn stability(handle: &mut LockedSqliteHandle<'_>, value: c_int) -> (c_int, c_int) {
    let mut on: c_int = 0;
    // SAFETY: the handle is the connection's open database, held for the call; the option
    // takes an int and a pointer to an int that receives the setting now in force.
    let code = unsafe {
        sqlite3_db_config(
            handle.as_raw_handle().as_ptr(),
            SQLITE_DBCONFIG_ENABLE_QPSG,
            value,
            &mut on as *mut c_int,
        )
    };
    (code, on)
}

#[cfg(test)]
mod tests {
    use libsqlite3_sys::{
        sqlite3, sqlite3_next_stmt, sqlite3_stmt_status, SQLITE_STMTSTATUS_REPREPARE,
    };
    use sea_orm::sqlx::{self, pool::PoolConnection, Sqlite};

    use super::*;
    use crate::{config::DatabaseUrl, db::Db};

    /// How many times the connection's cached statements were prepared again, in all.
    async fn prepared_again(conn: &mut PoolConnection<Sqlite>) -> i32 {
        let mut handle = conn.lock_handle().await.unwrap();
        let db: *mut sqlite3 = handle.as_raw_handle().as_ptr();
        let mut total = 0;
        // SAFETY: the database is held for the walk; SQLite lists its own statements.
        unsafe {
            let mut statement = sqlite3_next_stmt(db, std::ptr::null_mut());
            while !statement.is_null() {
                total += sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_REPREPARE, 0);
                statement = sqlite3_next_stmt(db, statement);
            }
        }
        total
    }

    /// A query by id with a bound limit (sea-orm's `.one()`), run `times` times on the pool's
    /// one connection; the number of times it was prepared again.
    async fn run_by_id(options: SqlitePoolOptions, times: i64) -> i32 {
        let pool = options
            .max_connections(1)
            .connect("sqlite::memory:")
            .await
            .unwrap();
        let mut conn = pool.acquire().await.unwrap();
        sqlx::query("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)")
            .execute(&mut *conn)
            .await
            .unwrap();
        for id in 1..=times {
            sqlx::query("INSERT INTO t (id, name) VALUES (?, 'x')")
                .bind(id)
                .execute(&mut *conn)
                .await
                .unwrap();
            let name: (String,) = sqlx::query_as("SELECT name FROM t WHERE id = ? LIMIT ?")
                .bind(id)
                .bind(1)
                .fetch_one(&mut *conn)
                .await
                .unwrap();
            assert_eq!(name.0, "x");
        }
        prepared_again(&mut conn).await
    }

    #[tokio::test]
    async fn a_statement_with_a_bound_limit_is_prepared_once() {
        // The bundled SQLite prepares it again on every run without the setting…
        assert!(run_by_id(SqlitePoolOptions::new(), 5).await >= 4);
        // …and never with it.
        assert_eq!(run_by_id(plan_once(SqlitePoolOptions::new()), 5).await, 0);
    }

    #[tokio::test]
    async fn both_of_the_servers_pools_plan_once() {
        let dir = tempfile::tempdir().unwrap();
        let url: DatabaseUrl = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display())
            .parse()
            .unwrap();
        let db = Db::connect_and_migrate(&url, None).await.unwrap();
        for pool in [db.reader(), db.writer().connection()] {
            let mut conn = pool.get_sqlite_connection_pool().acquire().await.unwrap();
            let mut handle = conn.lock_handle().await.unwrap();
            assert_eq!(stability(&mut handle, -1), (SQLITE_OK, 1));
        }
    }
}

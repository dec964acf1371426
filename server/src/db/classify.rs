//! What a database failure means for the caller: storage faults and an unreachable database
//! are 503 (retry later, nothing was written), write conflicts are retried, the rest is a 500.
use std::{future::Future, time::Duration};

use sea_orm::{sqlx, DbErr, RuntimeErr};

use super::disk::DISK_FULL;
use crate::error::{ApiError, ApiResult};

/// The kind of a database failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// Disk full, I/O error, read-only or unreachable database: nothing was written.
    Storage,
    /// Another transaction won (serialization failure, deadlock, SQLite busy): safe to retry.
    Conflict,
    /// Anything else (a bug, a constraint): not retried.
    Other,
}

/// Classifies a database error.
pub fn classify(error: &DbErr) -> Failure {
    match error {
        DbErr::ConnectionAcquire(_) => Failure::Storage,
        DbErr::Conn(runtime) | DbErr::Exec(runtime) | DbErr::Query(runtime) => match runtime {
            RuntimeErr::SqlxError(sqlx_error) => classify_sqlx(sqlx_error),
            RuntimeErr::Internal(message) if message == DISK_FULL => Failure::Storage,
            _ => Failure::Other,
        },
        _ => Failure::Other,
    }
}

fn classify_sqlx(error: &sqlx::Error) -> Failure {
    match error {
        sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::WorkerCrashed => Failure::Storage,
        sqlx::Error::Database(database) => database
            .code()
            .map_or(Failure::Other, |code| classify_code(&code)),
        _ => Failure::Other,
    }
}

/// PostgreSQL's codes are five-character SQLSTATEs; SQLite's are numbers of at most four
/// digits (the primary code is the low byte).
fn classify_code(code: &str) -> Failure {
    if code.len() < 5 {
        let Ok(sqlite) = code.parse::<i32>() else {
            return Failure::Other;
        };
        return match sqlite & 0xff {
            // BUSY, LOCKED
            5 | 6 => Failure::Conflict,
            // READONLY, IOERR, CORRUPT, FULL, CANTOPEN, PROTOCOL, NOTADB
            8 | 10 | 11 | 13 | 14 | 15 | 26 => Failure::Storage,
            _ => Failure::Other,
        };
    }
    match code {
        // serialization_failure, deadlock_detected
        "40001" | "40P01" => Failure::Conflict,
        // read_only_sql_transaction (a standby after fail-over)
        "25006" => Failure::Storage,
        // insufficient resources (disk full…), connection exceptions, operator intervention
        _ if code.starts_with("53") || code.starts_with("08") || code.starts_with("57") => {
            Failure::Storage
        }
        _ => Failure::Other,
    }
}

/// How many times a unit of writes is tried when it loses a write conflict.
const ATTEMPTS: u32 = 4;

/// Runs a unit of writes again (a few times, after a short pause) when it lost a write
/// conflict; every other outcome is returned as it is.
pub async fn retry_conflicts<T, F, Fut>(mut unit: F) -> ApiResult<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = ApiResult<T>>,
{
    let mut attempt = 1;
    loop {
        match unit().await {
            Err(ApiError::WriteConflict) if attempt < ATTEMPTS => {
                tokio::time::sleep(Duration::from_millis(5 << attempt)).await;
                attempt += 1;
            }
            outcome => return outcome,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_codes_are_classified_by_their_primary_code() {
        assert_eq!(classify_code("13"), Failure::Storage); // FULL
        assert_eq!(classify_code("4874"), Failure::Storage); // IOERR_SHORT_READ
        assert_eq!(classify_code("517"), Failure::Conflict); // BUSY_SNAPSHOT
        assert_eq!(classify_code("5"), Failure::Conflict);
        assert_eq!(classify_code("2067"), Failure::Other); // CONSTRAINT_UNIQUE
    }

    #[test]
    fn postgres_states_are_classified_by_class() {
        assert_eq!(classify_code("40001"), Failure::Conflict);
        assert_eq!(classify_code("40P01"), Failure::Conflict);
        assert_eq!(classify_code("53100"), Failure::Storage); // disk_full
        assert_eq!(classify_code("08006"), Failure::Storage);
        assert_eq!(classify_code("23505"), Failure::Other); // unique_violation
    }

    #[test]
    fn the_reserve_refusal_is_a_storage_failure() {
        let error = DbErr::Exec(RuntimeErr::Internal(DISK_FULL.to_owned()));
        assert_eq!(classify(&error), Failure::Storage);
        assert_eq!(classify(&DbErr::Custom("anything".into())), Failure::Other);
    }

    #[tokio::test]
    async fn conflicts_are_retried_and_other_errors_are_not() {
        let mut calls = 0;
        let outcome: ApiResult<u32> = retry_conflicts(|| {
            calls += 1;
            let call = calls;
            async move {
                if call < 3 {
                    Err(ApiError::WriteConflict)
                } else {
                    Ok(call)
                }
            }
        })
        .await;
        assert_eq!(outcome.unwrap(), 3);
        let mut calls = 0;
        let outcome: ApiResult<()> = retry_conflicts(|| {
            calls += 1;
            async { Err(ApiError::NotFound(crate::error::Missing::AudioFile)) }
        })
        .await;
        assert!(matches!(outcome, Err(ApiError::NotFound(_))));
        assert_eq!(calls, 1);
    }
}

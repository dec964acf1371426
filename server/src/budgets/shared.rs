//! Budgets every instance shares, kept in PostgreSQL: one row per budget and client holding
//! its bucket's theoretical arrival time (GCRA) in microseconds of the database's clock (one
//! clock for every instance), spent by one atomic upsert that moves the time on only when the
//! bucket has room.
use std::time::Duration;

use sea_orm::{ConnectionTrait, DatabaseBackend, Statement};

use super::Allowance;
use crate::{db::Db, error::ApiResult};

/// The database's clock, in microseconds since the epoch.
const NOW: &str = "(EXTRACT(EPOCH FROM clock_timestamp()) * 1000000)::bigint";

/// Takes one unit when the bucket has room (a new row is a full bucket): `$3` the interval
/// between units, `$4` how far ahead of now the bucket's time may be (the burst).
fn spend_sql() -> String {
    format!(
        "INSERT INTO budget_buckets (budget, client, tat) VALUES ($1, $2, {NOW} + $3) \
         ON CONFLICT (budget, client) DO UPDATE \
         SET tat = GREATEST(budget_buckets.tat, EXCLUDED.tat - $3) + $3 \
         WHERE GREATEST(budget_buckets.tat, EXCLUDED.tat - $3) - (EXCLUDED.tat - $3) <= $4 \
         RETURNING tat"
    )
}

/// Spends one unit of `budget` for `client` at every instance at once: None when it was
/// spent, else how long until a unit is back.
pub(super) async fn spend(
    db: &Db,
    budget: &str,
    client: &str,
    allowance: Allowance,
) -> ApiResult<Option<Duration>> {
    let count = i64::from(allowance.count.max(1));
    let interval = i64::try_from(allowance.per.as_micros()).unwrap_or(i64::MAX) / count;
    let burst = interval * (count - 1);
    let txn = db.begin_write().await?;
    let spent = txn
        .query_one_raw(Statement::from_sql_and_values(
            DatabaseBackend::Postgres,
            spend_sql(),
            [budget.into(), client.into(), interval.into(), burst.into()],
        ))
        .await?;
    let wait = match spent {
        Some(_) => None,
        None => {
            let ahead = txn
                .query_one_raw(Statement::from_sql_and_values(
                    DatabaseBackend::Postgres,
                    format!(
                        "SELECT tat - {NOW} AS ahead FROM budget_buckets \
                         WHERE budget = $1 AND client = $2"
                    ),
                    [budget.into(), client.into()],
                ))
                .await?;
            let ahead: i64 = match ahead {
                Some(row) => row.try_get("", "ahead")?,
                None => 0,
            };
            let micros = u64::try_from(ahead - burst).unwrap_or(0).max(1);
            Some(Duration::from_micros(micros))
        }
    };
    txn.commit().await?;
    Ok(wait)
}

/// Removes the buckets that are full again (nothing spent in them any more).
pub(super) async fn forget_full(db: &Db) -> ApiResult<()> {
    let txn = db.begin_write().await?;
    txn.execute_unprepared(&format!("DELETE FROM budget_buckets WHERE tat < {NOW}"))
        .await?;
    txn.commit().await
}

//! Budgets every instance shares, kept in PostgreSQL: one row per budget and client holding
//! its bucket's theoretical arrival time (GCRA) in microseconds of the database's clock (one
//! clock for every instance), spent by one atomic upsert that moves the time on only when the
//! bucket has room; several units at a time for an instance to hold (`leases`).
use std::time::Duration;

use sea_orm::{ConnectionTrait, DatabaseBackend, Statement};

use super::Allowance;
use crate::{db::Db, error::ApiResult};

/// The database's clock, in microseconds since the epoch.
const NOW: &str = "(EXTRACT(EPOCH FROM clock_timestamp()) * 1000000)::bigint";

/// Takes `$3` (so many units' intervals) when the bucket has room for them (a new row is a full
/// bucket): `$4` how far ahead of now the bucket's time may be before they are taken.
fn spend_sql() -> String {
    format!(
        "INSERT INTO budget_buckets (budget, client, tat) VALUES ($1, $2, {NOW} + $3) \
         ON CONFLICT (budget, client) DO UPDATE \
         SET tat = GREATEST(budget_buckets.tat, EXCLUDED.tat - $3) + $3 \
         WHERE GREATEST(budget_buckets.tat, EXCLUDED.tat - $3) - (EXCLUDED.tat - $3) <= $4 \
         RETURNING tat"
    )
}

/// What a spend of the shared bucket did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Spent {
    /// So many units were taken (the one asked for and the rest to hold).
    Units(u32),
    /// The bucket has no unit for this long.
    Refused(Duration),
}

/// Takes `units` of `budget` for `client` at every instance at once, or a single one when the
/// bucket has no room for them all; else says how long until a unit is back.
pub(super) async fn spend(
    db: &Db,
    budget: &str,
    client: &str,
    allowance: Allowance,
    units: u32,
) -> ApiResult<Spent> {
    let count = allowance.count.max(1);
    let interval = i64::try_from(allowance.per.as_micros()).unwrap_or(i64::MAX) / i64::from(count);
    let burst = interval * i64::from(count - 1);
    let txn = db.begin_write().await?;
    // All the units asked for, else one.
    let tries = [units.min(count), 1]
        .into_iter()
        .take(if units > 1 { 2 } else { 1 });
    let mut spent = None;
    for units in tries {
        let taken = txn
            .query_one_raw(Statement::from_sql_and_values(
                DatabaseBackend::Postgres,
                spend_sql(),
                [
                    budget.into(),
                    client.into(),
                    (interval * i64::from(units)).into(),
                    (interval * i64::from(count - units)).into(),
                ],
            ))
            .await?;
        if taken.is_some() {
            spent = Some(Spent::Units(units));
            break;
        }
    }
    let spent = match spent {
        Some(spent) => spent,
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
            Spent::Refused(Duration::from_micros(micros))
        }
    };
    txn.commit().await?;
    Ok(spent)
}

/// Removes the buckets that are full again (nothing spent in them any more).
pub(super) async fn forget_full(db: &Db) -> ApiResult<()> {
    let txn = db.begin_write().await?;
    txn.execute_unprepared(&format!("DELETE FROM budget_buckets WHERE tat < {NOW}"))
        .await?;
    txn.commit().await
}

//! Bounded clean-ups shared by the retentions (access log, behaviour events): work done in
//! batches of its own transactions, yielding to the other writers in between, and run on a
//! fixed period in the background.
use std::{future::Future, time::Duration};

use crate::error::ApiResult;

/// Rows removed and transactions taken by [`in_batches`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Batched {
    pub rows: u64,
    pub batches: u32,
}

/// Runs `batch(limit)` (one transaction handling at most `limit` rows, answering how many)
/// until one handles fewer than `limit`, pausing 10 ms between batches so the record queues
/// and the console get in.
pub async fn in_batches<F, Fut>(limit: u64, mut batch: F) -> ApiResult<Batched>
where
    F: FnMut(u64) -> Fut,
    Fut: Future<Output = ApiResult<u64>>,
{
    let mut done = Batched::default();
    loop {
        let rows = batch(limit).await?;
        if rows > 0 {
            done.rows += rows;
            done.batches += 1;
        }
        if rows < limit {
            return Ok(done);
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Spawns `job` every `period`, the first run `first_after` the start. The job logs its own
/// outcome; it should hold what it needs only, never a record queue that must close at shutdown.
pub fn every<F, Fut>(first_after: Duration, period: Duration, mut job: F)
where
    F: FnMut() -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send,
{
    tokio::spawn(async move {
        tokio::time::sleep(first_after).await;
        let mut ticks = tokio::time::interval(period);
        loop {
            ticks.tick().await;
            job().await;
        }
    });
}

//! How it is going: daily rollups folded in the background from the raw tables, read back as
//! the analytics overview, search analytics and the period report; the behaviour rollups read
//! back as visitor analytics; and the feedback inbox.
pub mod feedback;
pub mod overview;
pub mod queries;
pub mod report;
pub mod rollup;
pub mod visitors;

use std::time::Duration;

pub use rollup::roll_up;

use crate::{db::Db, search::SearchIndex};

/// How often the rollups catch up with the raw tables.
pub const ROLL_UP_EVERY: Duration = Duration::from_secs(60);

/// The analytics feature: the database and the search index (to find the book a logged query
/// finds); cheap to clone.
#[derive(Clone)]
pub struct Analytics {
    pub db: Db,
    pub search: SearchIndex,
}

impl Analytics {
    pub fn new(db: Db, search: SearchIndex) -> Self {
        Self { db, search }
    }

    /// Folds everything new up to `now_ms` (the background task's work, callable at will).
    pub async fn roll_up(&self, now_ms: i64) -> crate::error::ApiResult<u64> {
        roll_up(&self.db, &self.search, now_ms).await
    }
}

/// Spawns the task that folds new rows every [`ROLL_UP_EVERY`]; a failed round is logged
/// and the next one tries again.
pub fn roll_up_every_minute(analytics: Analytics) {
    tokio::spawn(async move {
        // The first round waits a period: start-up has better things to do.
        let first = tokio::time::Instant::now() + ROLL_UP_EVERY;
        let mut tick = tokio::time::interval_at(first, ROLL_UP_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            let now_ms = crate::clock::now_ms();
            if let Err(error) = analytics.roll_up(now_ms).await {
                tracing::warn!(%error, "analytics roll-up failed; retrying next minute");
            }
        }
    });
}

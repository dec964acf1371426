//! Totals of filtered book lists, kept for a few seconds. Counting the 55,000 books of one
//! status reads 55,000 index entries (about 2 ms with 100,000 books) on every page of that
//! list, while a total only changes when books are added, removed or re-filed.
//!
//! A total may therefore lag such a change by up to [`TOTALS_TTL`] (on every server of a
//! deployment, each keeping its own); the books of a page are always read fresh.
use std::time::Duration;

use moka::future::Cache;
use sea_orm::{ConnectionTrait, DbErr};

use super::{repository, BookFilter};

/// How long a list's total is reused before it is counted again.
pub const TOTALS_TTL: Duration = Duration::from_secs(10);
/// How many filters' totals are kept at most.
const TOTALS_CAPACITY: u64 = 10_000;

/// The recent totals, by filter; cheap to clone (shared).
#[derive(Clone)]
pub struct ListTotals {
    cache: Cache<BookFilter, u64>,
}

impl Default for ListTotals {
    fn default() -> Self {
        Self {
            cache: Cache::builder()
                .max_capacity(TOTALS_CAPACITY)
                .time_to_live(TOTALS_TTL)
                .build(),
        }
    }
}

impl ListTotals {
    /// How many books match `filter`, counted at most [`TOTALS_TTL`] ago.
    pub async fn count(
        &self,
        db: &impl ConnectionTrait,
        filter: &BookFilter,
    ) -> Result<u64, DbErr> {
        if let Some(total) = self.cache.get(filter).await {
            return Ok(total);
        }
        let total = repository::count_books(db, filter).await?;
        self.cache.insert(filter.clone(), total).await;
        Ok(total)
    }
}

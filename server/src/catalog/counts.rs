//! Book counts kept for a few seconds: the totals of filtered book lists, the number of
//! books per category and per tag, and the few covers each category shows; beside them the
//! categories themselves, which every search names its facets from. Counting the 55,000 books of one status reads 55,000 index
//! entries (about 2 ms with 100,000 books) on every page of that list, the per-tag counts
//! read every book-tag row (about 19 ms), while these numbers only change when books are
//! added, removed or re-filed.
//!
//! A count may therefore lag such a change by up to [`COUNTS_TTL`] (on every server of a
//! deployment, each keeping its own); the books of a page are always read fresh.
use std::{collections::HashMap, future::Future, hash::Hash, sync::Arc, time::Duration};

use moka::future::Cache;
use sea_orm::{ConnectionTrait, DbErr};
use tingshu_core::Lang;

use super::{repository, view::TagCount, BookFilter};
use crate::{entities::category, metrics::CacheStats};

/// How long a count is reused before it is counted again.
pub const COUNTS_TTL: Duration = Duration::from_secs(10);
/// How many covers a category shows at most.
pub const CATEGORY_COVERS: u64 = 3;
/// How many filters' totals are kept at most.
const TOTALS_CAPACITY: u64 = 10_000;

/// The recent counts; cheap to clone (shared).
#[derive(Clone)]
pub struct CatalogCounts {
    totals: Cache<BookFilter, u64>,
    per_category: Cache<(), Arc<HashMap<i32, u64>>>,
    covers_per_category: Cache<(), Arc<HashMap<i32, Vec<String>>>>,
    per_tag: Cache<Lang, Arc<Vec<TagCount>>>,
    categories: Cache<(), Arc<Vec<category::Model>>>,
    /// Lookups and misses of all five.
    stats: Arc<CacheStats>,
}

impl Default for CatalogCounts {
    fn default() -> Self {
        Self {
            totals: Cache::builder()
                .max_capacity(TOTALS_CAPACITY)
                .time_to_live(COUNTS_TTL)
                .build(),
            per_category: Cache::builder().time_to_live(COUNTS_TTL).build(),
            covers_per_category: Cache::builder().time_to_live(COUNTS_TTL).build(),
            per_tag: Cache::builder().time_to_live(COUNTS_TTL).build(),
            categories: Cache::builder().time_to_live(COUNTS_TTL).build(),
            stats: Arc::default(),
        }
    }
}

impl CatalogCounts {
    /// Lookups and misses of the counts.
    pub fn stats(&self) -> &CacheStats {
        &self.stats
    }

    /// Forgets every count (after a catalogue write on this server).
    pub fn forget_all(&self) {
        self.totals.invalidate_all();
        self.per_category.invalidate_all();
        self.covers_per_category.invalidate_all();
        self.per_tag.invalidate_all();
        self.categories.invalidate_all();
    }

    /// Every category in display order, read at most [`COUNTS_TTL`] ago.
    pub async fn categories(
        &self,
        db: &impl ConnectionTrait,
    ) -> Result<Arc<Vec<category::Model>>, DbErr> {
        let read = async { Ok(Arc::new(repository::all_categories(db).await?)) };
        remembered(&self.stats, &self.categories, (), read).await
    }

    /// How many books match `filter`, counted at most [`COUNTS_TTL`] ago.
    pub async fn list_total(
        &self,
        db: &impl ConnectionTrait,
        filter: &BookFilter,
    ) -> Result<u64, DbErr> {
        let count = repository::count_books(db, filter);
        remembered(&self.stats, &self.totals, filter.clone(), count).await
    }

    /// The number of books directly in each category, counted at most [`COUNTS_TTL`] ago.
    pub async fn per_category(
        &self,
        db: &impl ConnectionTrait,
    ) -> Result<Arc<HashMap<i32, u64>>, DbErr> {
        let count = async { Ok(Arc::new(repository::book_counts_by_category(db).await?)) };
        remembered(&self.stats, &self.per_category, (), count).await
    }

    /// The covers of each category's most played books (see
    /// [`repository::covers_by_category`]), read at most [`COUNTS_TTL`] ago.
    pub async fn covers_per_category(
        &self,
        db: &impl ConnectionTrait,
        category_ids: &[i32],
    ) -> Result<Arc<HashMap<i32, Vec<String>>>, DbErr> {
        let read = async {
            Ok(Arc::new(
                repository::covers_by_category(db, category_ids, CATEGORY_COVERS).await?,
            ))
        };
        remembered(&self.stats, &self.covers_per_category, (), read).await
    }

    /// Tags carried by some book with their counts (most used first) and names in `lang`,
    /// counted at most [`COUNTS_TTL`] ago.
    pub async fn per_tag(
        &self,
        db: &impl ConnectionTrait,
        lang: Lang,
    ) -> Result<Arc<Vec<TagCount>>, DbErr> {
        let count = async { Ok(Arc::new(repository::tag_counts(db, lang).await?)) };
        remembered(&self.stats, &self.per_tag, lang, count).await
    }
}

/// The cached value of `key`, or what `count` gives (then kept).
async fn remembered<K, V>(
    stats: &CacheStats,
    cache: &Cache<K, V>,
    key: K,
    count: impl Future<Output = Result<V, DbErr>>,
) -> Result<V, DbErr>
where
    K: Hash + Eq + Send + Sync + 'static,
    V: Clone + Send + Sync + 'static,
{
    stats.looked_up();
    if let Some(value) = cache.get(&key).await {
        return Ok(value);
    }
    stats.missed();
    let value = count.await?;
    cache.insert(key, value.clone()).await;
    Ok(value)
}

//! Pages of the public book list kept for a moment. A page is the same for every caller in
//! one language, and the front page of the catalogue is asked for far more often than it
//! changes: keeping each page [`PAGES_TTL`] turns a burst of the same request into one query.
//!
//! A page may therefore lag a change to its books (counts, a new book, a campaign that
//! starts) by up to [`PAGES_TTL`] on every server of a deployment, each keeping its own; a
//! campaign that ends is never shown past its end, because a page is dropped when the
//! earliest `freeUntil` on it passes. Concurrent requests for a page that is not kept wait
//! for one query instead of each running it. This server forgets every page at once
//! through [`ListPages::forget_all`] (catalogue writes, tests arranging data in SQL).
use std::{future::Future, sync::Arc, time::Duration};

use moka::{future::Cache, Expiry};
use tingshu_core::Lang;

use super::BookListQuery;
use crate::books::view::BookSummary;
use crate::{
    error::{ApiError, ApiResult},
    metrics::CacheStats,
    paging::Page,
};

/// How long a page is reused at most.
pub const PAGES_TTL: Duration = Duration::from_secs(2);
/// How many pages (one language, one query each) are kept at most.
const PAGES_CAPACITY: u64 = 2_000;

type Key = (Lang, BookListQuery);

/// A kept page and how long it may be reused.
#[derive(Clone)]
struct Kept {
    page: Arc<Page<BookSummary>>,
    ttl: Duration,
}

/// Each page expires after its own `ttl`.
struct OwnTtl;

impl Expiry<Key, Kept> for OwnTtl {
    fn expire_after_create(
        &self,
        _key: &Key,
        value: &Kept,
        _created_at: std::time::Instant,
    ) -> Option<Duration> {
        Some(value.ttl)
    }
}

/// The kept pages; cheap to clone (shared).
#[derive(Clone)]
pub struct ListPages {
    pages: Cache<Key, Kept>,
    stats: Arc<CacheStats>,
}

impl Default for ListPages {
    fn default() -> Self {
        Self {
            pages: Cache::builder()
                .max_capacity(PAGES_CAPACITY)
                .expire_after(OwnTtl)
                .build(),
            stats: Arc::default(),
        }
    }
}

impl ListPages {
    /// Lookups and misses of the kept pages.
    pub fn stats(&self) -> &CacheStats {
        &self.stats
    }

    /// The page of `query` in `lang`: kept, or what `build` gives at `now_ms` (then kept).
    pub async fn get_or_build(
        &self,
        lang: Lang,
        query: BookListQuery,
        now_ms: i64,
        build: impl Future<Output = ApiResult<Page<BookSummary>>>,
    ) -> ApiResult<Arc<Page<BookSummary>>> {
        self.stats.looked_up();
        let kept = self
            .pages
            .try_get_with((lang, query), async {
                self.stats.missed();
                let page = build.await?;
                let ttl = ttl_of(&page, now_ms);
                Ok::<_, ApiError>(Kept {
                    page: Arc::new(page),
                    ttl,
                })
            })
            .await
            .map_err(ApiError::unshared)?;
        Ok(kept.page)
    }

    /// Forgets every kept page (after a catalogue write on this server).
    pub fn forget_all(&self) {
        self.pages.invalidate_all();
    }
}

/// [`PAGES_TTL`], or less when a campaign on the page ends sooner.
fn ttl_of(page: &Page<BookSummary>, now_ms: i64) -> Duration {
    page.items
        .iter()
        .filter_map(|book| book.free_until)
        .map(|until| Duration::from_millis(until.saturating_sub(now_ms).max(0) as u64))
        .fold(PAGES_TTL, Duration::min)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paging::Paging;

    fn query() -> BookListQuery {
        BookListQuery {
            category: None,
            tag: None,
            status: None,
            access: None,
            sort: Default::default(),
            paging: Paging {
                page: 1,
                page_size: 20,
            },
        }
    }

    #[tokio::test]
    async fn a_page_is_built_once_while_kept_and_again_once_forgotten() {
        let pages = ListPages::default();
        let builds = std::sync::atomic::AtomicUsize::new(0);
        let build = || async {
            builds.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Ok(Page::new(Vec::new(), 0, query().paging))
        };
        let asks = (0..8).map(|_| pages.get_or_build(Lang::Zh, query(), 0, build()));
        for page in futures_util::future::join_all(asks).await {
            assert_eq!(page.unwrap().total, 0);
        }
        assert_eq!(builds.load(std::sync::atomic::Ordering::SeqCst), 1);
        pages
            .get_or_build(Lang::En, query(), 0, build())
            .await
            .unwrap();
        assert_eq!(
            builds.load(std::sync::atomic::Ordering::SeqCst),
            2,
            "one per language"
        );
        pages.forget_all();
        pages
            .get_or_build(Lang::Zh, query(), 0, build())
            .await
            .unwrap();
        assert_eq!(builds.load(std::sync::atomic::Ordering::SeqCst), 3);
    }

    #[tokio::test]
    async fn a_failed_build_is_not_kept() {
        let pages = ListPages::default();
        let failed = pages
            .get_or_build(Lang::Zh, query(), 0, async { Err(ApiError::Unavailable) })
            .await;
        let failed = failed.err().unwrap();
        assert_eq!(failed.status(), axum::http::StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(failed.code(), "unavailable", "{failed:?}");
        let page = pages
            .get_or_build(Lang::Zh, query(), 0, async {
                Ok(Page::new(Vec::new(), 7, query().paging))
            })
            .await
            .unwrap();
        assert_eq!(page.total, 7);
    }
}

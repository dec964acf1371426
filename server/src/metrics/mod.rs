//! Prometheus metrics (`/metrics`, OpenMetrics text through `prometheus-client`): the requests
//! the edge records as they are answered ([`http`]), and readings taken at each scrape from
//! the features' own counters ([`readings`]). Features count with plain atomics
//! ([`CacheStats`] and their own); only the scrape names them as metrics.
pub mod http;
pub mod readings;

use std::sync::atomic::{AtomicU64, Ordering};

/// Lookups and misses of one cache, counted by the cache's owner; hits are the difference.
#[derive(Debug, Default)]
pub struct CacheStats {
    lookups: AtomicU64,
    misses: AtomicU64,
}

/// What a cache's counters read at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CacheReading {
    pub hits: u64,
    pub misses: u64,
}

impl CacheStats {
    /// One lookup, whether it hits or not.
    pub fn looked_up(&self) {
        self.lookups.fetch_add(1, Ordering::Relaxed);
    }

    /// One lookup that had to load its value.
    pub fn missed(&self) {
        self.misses.fetch_add(1, Ordering::Relaxed);
    }

    pub fn reading(&self) -> CacheReading {
        // Misses first: a lookup counted between the two reads cannot make hits negative.
        let misses = self.misses.load(Ordering::Relaxed);
        let lookups = self.lookups.load(Ordering::Relaxed);
        CacheReading {
            hits: lookups.saturating_sub(misses),
            misses,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hits_are_the_lookups_that_did_not_miss() {
        let stats = CacheStats::default();
        for _ in 0..5 {
            stats.looked_up();
        }
        stats.missed();
        stats.missed();
        assert_eq!(stats.reading(), CacheReading { hits: 3, misses: 2 });
    }
}

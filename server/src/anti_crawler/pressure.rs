//! Decaying counts that set a client's difficulty (core's `challengeDifficulty`): its requests
//! refused for being over budget (forgotten after a quiet spell), its detection reports
//! (forgotten after an hour), and the refusals across the site in the last minute.
use std::{
    net::IpAddr,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
    time::Duration,
};

use moka::sync::Cache;
use tingshu_core::anti_crawler::difficulty::{challenge_difficulty, ChallengeDifficultyInput};

/// A client's refusals are forgotten after this long without one.
pub const REFUSALS_QUIET: Duration = Duration::from_secs(10 * 60);
/// A client's reports are forgotten after this long without one.
pub const REPORTS_QUIET: Duration = Duration::from_secs(60 * 60);
/// Clients remembered at most by each count (the least recent are forgotten first).
const CLIENTS_MAX: u64 = 100_000;

/// The counts; cheap to clone.
#[derive(Clone)]
pub struct Pressure {
    refusals: Cache<IpAddr, Arc<AtomicU64>>,
    reports: Cache<IpAddr, Arc<AtomicU64>>,
    site: Arc<SiteRefusals>,
}

/// Refusals across the site, by minute: this one and the one before.
#[derive(Default)]
struct SiteRefusals {
    minute: AtomicU64,
    current: AtomicU64,
    previous: AtomicU64,
}

impl SiteRefusals {
    /// Moves the counts on when `minute` has come (a race at the turn may lose a few counts).
    fn turn(&self, minute: u64) {
        let seen = self.minute.load(Ordering::Relaxed);
        if seen == minute {
            return;
        }
        if self
            .minute
            .compare_exchange(seen, minute, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
        {
            let last = self.current.swap(0, Ordering::Relaxed);
            let previous = if minute == seen + 1 { last } else { 0 };
            self.previous.store(previous, Ordering::Relaxed);
        }
    }

    fn add(&self, now_secs: u64) {
        self.turn(now_secs / 60);
        self.current.fetch_add(1, Ordering::Relaxed);
    }

    /// Refusals in the last minute: the busier of this minute and the one before.
    fn last_minute(&self, now_secs: u64) -> u64 {
        self.turn(now_secs / 60);
        self.current
            .load(Ordering::Relaxed)
            .max(self.previous.load(Ordering::Relaxed))
    }
}

fn counts(quiet: Duration) -> Cache<IpAddr, Arc<AtomicU64>> {
    Cache::builder()
        .max_capacity(CLIENTS_MAX)
        .time_to_idle(quiet)
        .build()
}

fn count(cache: &Cache<IpAddr, Arc<AtomicU64>>, client: IpAddr) -> u64 {
    cache
        .get(&client)
        .map_or(0, |count| count.load(Ordering::Relaxed))
}

impl Default for Pressure {
    fn default() -> Self {
        Self::with_quiet(REFUSALS_QUIET, REPORTS_QUIET)
    }
}

impl Pressure {
    /// Counts forgetting a client after `refusals_quiet` / `reports_quiet` without news.
    pub fn with_quiet(refusals_quiet: Duration, reports_quiet: Duration) -> Self {
        Self {
            refusals: counts(refusals_quiet),
            reports: counts(reports_quiet),
            site: Arc::default(),
        }
    }

    /// One request of `client` refused for being over budget.
    pub fn refused(&self, client: IpAddr, now_secs: u64) {
        self.refusals
            .get_with(client, Arc::default)
            .fetch_add(1, Ordering::Relaxed);
        self.site.add(now_secs);
    }

    /// One detection report from `client`.
    pub fn reported(&self, client: IpAddr) {
        self.reports
            .get_with(client, Arc::default)
            .fetch_add(1, Ordering::Relaxed);
    }

    /// Requests refused across the site in the last minute.
    pub fn site_refusals(&self, now_secs: u64) -> u64 {
        self.site.last_minute(now_secs)
    }

    /// The leading zero bits `client`'s proof must have now.
    pub fn difficulty(&self, client: IpAddr, now_secs: u64) -> u32 {
        challenge_difficulty(ChallengeDifficultyInput {
            client_overages: count(&self.refusals, client),
            reports: count(&self.reports, client),
            site_overages: self.site_refusals(now_secs),
        })
    }
}

#[cfg(test)]
mod tests {
    use tingshu_core::anti_crawler::difficulty::BASE_DIFFICULTY;

    use super::*;

    const ALICE: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 1));
    const BOB: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 2));

    #[test]
    fn difficulty_rises_for_the_abuser_and_falls_back_when_it_stops() {
        let pressure = Pressure::with_quiet(Duration::from_millis(300), Duration::from_secs(60));
        assert_eq!(pressure.difficulty(ALICE, 0), BASE_DIFFICULTY);
        for _ in 0..100 {
            pressure.refused(ALICE, 0);
        }
        assert_eq!(pressure.difficulty(ALICE, 0), BASE_DIFFICULTY + 4);
        assert_eq!(
            pressure.difficulty(BOB, 0),
            BASE_DIFFICULTY,
            "only the abuser"
        );
        pressure.reported(BOB);
        assert_eq!(pressure.difficulty(BOB, 0), BASE_DIFFICULTY + 1);
        std::thread::sleep(Duration::from_millis(600));
        pressure.refusals.run_pending_tasks();
        assert_eq!(
            pressure.difficulty(ALICE, 0),
            BASE_DIFFICULTY,
            "quiet again"
        );
    }

    #[test]
    fn the_site_level_follows_the_last_minute() {
        let pressure = Pressure::default();
        for i in 0..1_000u32 {
            pressure.refused(IpAddr::V4(std::net::Ipv4Addr::from(i)), 120);
        }
        assert_eq!(pressure.site_refusals(125), 1_000);
        assert_eq!(pressure.difficulty(BOB, 125), BASE_DIFFICULTY + 1);
        assert_eq!(
            pressure.site_refusals(185),
            1_000,
            "the minute before still counts"
        );
        assert_eq!(pressure.site_refusals(245), 0, "two quiet minutes later");
        assert_eq!(pressure.difficulty(BOB, 245), BASE_DIFFICULTY);
    }
}

//! The proof of work's difficulty (`challengeDifficulty`): leading zero bits that rise with a
//! client's refused requests, its detection reports and the whole site's refusals, and fall
//! back as they stop (the server counts them over a decaying window).
use serde::{Deserialize, Serialize};

/// Bits a client with a clean record must find: about 8,000 nonces of five keyed hashes, a
/// fraction of a second in a browser's worker.
pub const BASE_DIFFICULTY: u32 = 13;
/// The most bits ever asked (about 500 times the base work).
pub const MAX_DIFFICULTY: u32 = 22;

/// Input of `challengeDifficulty`: counts of the recent past (the server forgets them after a
/// quiet spell).
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", default)]
pub struct ChallengeDifficultyInput {
    /// This client's requests refused for being over budget.
    pub client_overages: u64,
    /// Detection reports (devtools, hooked APIs, …) from this client.
    pub reports: u64,
    /// Requests refused for being over budget across the site in the last minute.
    pub site_overages: u64,
}

/// `challengeDifficulty`: [`BASE_DIFFICULTY`], plus 2 bits at 10 of the client's refusals,
/// 4 at 100 and 6 at 1,000; plus 1 bit for a detection report and 2 at 5; plus 1 bit at
/// 1,000 refusals across the site in a minute and 2 at 10,000; never above
/// [`MAX_DIFFICULTY`].
pub fn challenge_difficulty(input: ChallengeDifficultyInput) -> u32 {
    let client = match input.client_overages {
        0..=9 => 0,
        10..=99 => 2,
        100..=999 => 4,
        _ => 6,
    };
    let reports = match input.reports {
        0 => 0,
        1..=4 => 1,
        _ => 2,
    };
    let site = match input.site_overages {
        0..=999 => 0,
        1_000..=9_999 => 1,
        _ => 2,
    };
    (BASE_DIFFICULTY + client + reports + site).min(MAX_DIFFICULTY)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(client_overages: u64, reports: u64, site_overages: u64) -> u32 {
        challenge_difficulty(ChallengeDifficultyInput {
            client_overages,
            reports,
            site_overages,
        })
    }

    #[test]
    fn a_clean_record_gets_the_base() {
        assert_eq!(level(0, 0, 0), BASE_DIFFICULTY);
        assert_eq!(level(9, 0, 999), BASE_DIFFICULTY);
    }

    #[test]
    fn it_rises_with_each_kind_of_abuse() {
        assert_eq!(level(10, 0, 0), BASE_DIFFICULTY + 2);
        assert_eq!(level(100, 0, 0), BASE_DIFFICULTY + 4);
        assert_eq!(level(1_000, 0, 0), BASE_DIFFICULTY + 6);
        assert_eq!(level(0, 1, 0), BASE_DIFFICULTY + 1);
        assert_eq!(level(0, 5, 0), BASE_DIFFICULTY + 2);
        assert_eq!(level(0, 0, 1_000), BASE_DIFFICULTY + 1);
        assert_eq!(level(0, 0, 10_000), BASE_DIFFICULTY + 2);
    }

    #[test]
    fn it_never_passes_the_ceiling_and_never_falls_as_counts_grow() {
        assert_eq!(level(u64::MAX, u64::MAX, u64::MAX), MAX_DIFFICULTY);
        let mut last = 0;
        for count in [0, 1, 9, 10, 99, 100, 999, 1_000, 9_999, 10_000, 1 << 40] {
            let now = level(count, count, count);
            assert!(now >= last, "{count}: {now} < {last}");
            last = now;
        }
    }
}

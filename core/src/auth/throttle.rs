//! Slowing down password guessing without letting anyone lock the owner out (OWASP "Slow
//! Down Online Guessing Attacks with Device Cookies"): how long a sign-in must wait after
//! recent failures.
//!
//! Only failures of the last [`THROTTLE_WINDOW_MS`] count. A browser that signed in to the
//! account before carries a signed device cookie ([`super::device`]); an attempt with a valid
//! one for the account tried is a KNOWN device's. With `n` failures and `last` the latest:
//!
//! | attempt from | whose failures count | free | wait after `last` | refused until `last` + 15 min |
//! |---|---|---|---|---|
//! | an unknown device | the account's from unknown devices, whatever name or e-mail was typed | n ≤ 3 | 2^(n−3) s for n ≥ 4, at most 60 s | n ≥ 10 |
//! | a known device | that device's own | n < 10 | — | — (from 10 on it is an unknown device) |
//!
//! So an attacker's guesses slow down and then shut out every unknown device of the account,
//! never the owner's known browser; a known device that fails 10 times itself is no longer
//! known (the cookie is locked out, not the user). A wait or lock whose end is not after
//! `nowMs` no longer applies. The client ADDRESS is never refused — a lock on an address
//! would lock out everyone behind it — but its failures (any account) slow the answers to
//! unknown devices down: [`sign_in_delay`], free up to 10, then 250 ms per failure, at most
//! 3 s; a known device is never held.
use serde::{Deserialize, Serialize};

/// Failures older than this (before `nowMs − window`) are ignored; also how far back the
/// server needs to load failures.
pub const THROTTLE_WINDOW_MS: i64 = 15 * 60 * 1000;
/// How long a lock lasts after the last failure.
pub const LOCK_MS: u64 = 15 * 60 * 1000;
/// Longest wait between two attempts before a lock.
pub const MAX_WAIT_MS: u64 = 60 * 1000;
/// Failures of one account that cost nothing.
pub const ACCOUNT_FREE_FAILURES: usize = 3;
/// Failures of one account that lock it.
pub const ACCOUNT_LOCK_FAILURES: usize = 10;
/// Failures of one known device after which it counts as unknown.
pub const DEVICE_LOCK_FAILURES: usize = 10;
/// Failures from one address that cost nothing.
pub const IP_FREE_FAILURES: usize = 10;
/// The delay each failure from one address beyond the free ones adds.
pub const IP_DELAY_STEP_MS: u64 = 250;
/// The longest delay an address's failures cause.
pub const IP_MAX_DELAY_MS: u64 = 3000;

/// Input of `loginThrottle`: times (ms since the epoch) of the account's recent failures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct LoginThrottleInput {
    /// Failures of the account being signed in to from unknown devices, whatever name or
    /// e-mail was typed.
    pub account_failures_ms: Vec<f64>,
    /// The attempt carries a valid device cookie of this account.
    #[serde(default)]
    pub known_device: bool,
    /// Failures recorded from that device (ignored for an unknown device).
    #[serde(default)]
    pub device_failures_ms: Vec<f64>,
    pub now_ms: f64,
}

/// Input of `signInDelay`: times (ms since the epoch) of recent failures from one address.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct SignInDelayInput {
    /// Failures from the client's address, whatever the account.
    pub ip_failures_ms: Vec<f64>,
    /// The attempt is a known device's that [`device_trusted`] still trusts: never held.
    #[serde(default)]
    pub known_device: bool,
    pub now_ms: f64,
}

/// Output of `signInDelay`: how long to hold the answer (0 to 3 s).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct SignInDelay {
    pub delay_ms: u64,
}

/// Output of `loginThrottle`. `retryAfterMs` is always in 1..=15 min.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ThrottleDecision {
    Allow,
    /// Too many recent failures: try again after a short delay.
    #[serde(rename_all = "camelCase")]
    Wait {
        retry_after_ms: u64,
    },
    /// Far too many: refused until the lock ends.
    #[serde(rename_all = "camelCase")]
    Locked {
        retry_after_ms: u64,
    },
}

impl ThrottleDecision {
    /// Whole seconds to wait, rounded up (for `Retry-After`); `None` when allowed.
    pub fn retry_after_secs(&self) -> Option<u64> {
        match self {
            Self::Allow => None,
            Self::Wait { retry_after_ms } | Self::Locked { retry_after_ms } => {
                Some(retry_after_ms.div_ceil(1000))
            }
        }
    }

    /// Locked outranks wait; then the longer delay.
    #[cfg(test)]
    fn severity(&self) -> (u8, u64) {
        match *self {
            Self::Allow => (0, 0),
            Self::Wait { retry_after_ms } => (1, retry_after_ms),
            Self::Locked { retry_after_ms } => (2, retry_after_ms),
        }
    }
}

/// `loginThrottle`: see the module documentation. Non-finite times are ignored and times
/// after `nowMs` (clock skew) count as `nowMs`, so the answer never exceeds 15 minutes.
pub fn login_throttle(input: LoginThrottleInput) -> ThrottleDecision {
    if input.known_device && device_trusted(&input.device_failures_ms, input.now_ms) {
        return ThrottleDecision::Allow;
    }
    let Some((count, last)) = recent(&input.account_failures_ms, input.now_ms) else {
        return ThrottleDecision::Allow;
    };
    let (delay_ms, locked) = if count >= ACCOUNT_LOCK_FAILURES {
        (LOCK_MS, true)
    } else if count > ACCOUNT_FREE_FAILURES {
        let exponent = (count - ACCOUNT_FREE_FAILURES).min(16) as u32;
        ((1000u64 << exponent).min(MAX_WAIT_MS), false)
    } else {
        return ThrottleDecision::Allow;
    };
    // `last` is within [now − window, now], so this lies in [0, delay].
    let remaining = (last + delay_ms as f64 - input.now_ms).ceil();
    if remaining <= 0.0 {
        return ThrottleDecision::Allow;
    }
    let retry_after_ms = (remaining as u64).min(delay_ms);
    if locked {
        ThrottleDecision::Locked { retry_after_ms }
    } else {
        ThrottleDecision::Wait { retry_after_ms }
    }
}

/// Whether a known device with these failures (ms since the epoch) still counts as known:
/// fewer than [`DEVICE_LOCK_FAILURES`] of them in the window ending at `now_ms`.
pub fn device_trusted(device_failures_ms: &[f64], now_ms: f64) -> bool {
    recent(device_failures_ms, now_ms).map_or(0, |(count, _)| count) < DEVICE_LOCK_FAILURES
}

/// `signInDelay`: see the module documentation.
pub fn sign_in_delay(input: SignInDelayInput) -> SignInDelay {
    if input.known_device {
        return SignInDelay { delay_ms: 0 };
    }
    let count = recent(&input.ip_failures_ms, input.now_ms).map_or(0, |(count, _)| count);
    let over = count.saturating_sub(IP_FREE_FAILURES) as u64;
    SignInDelay {
        delay_ms: (over * IP_DELAY_STEP_MS).min(IP_MAX_DELAY_MS),
    }
}

/// How many failures fall in the window ending at `now_ms`, and the latest (capped at now).
fn recent(failures: &[f64], now_ms: f64) -> Option<(usize, f64)> {
    if !now_ms.is_finite() {
        return None;
    }
    let since = now_ms - THROTTLE_WINDOW_MS as f64;
    let recent: Vec<f64> = failures
        .iter()
        .filter(|t| t.is_finite() && **t >= since)
        .map(|t| t.min(now_ms))
        .collect();
    let count = recent.len();
    recent
        .into_iter()
        .reduce(f64::max)
        .map(|last| (count, last))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const NOW: f64 = 1_800_000_000_000.0;
    const S: f64 = 1000.0;

    fn at(count: usize, last_ago_ms: f64) -> Vec<f64> {
        // `count` failures, the latest `last_ago_ms` before NOW, one second apart.
        (0..count)
            .map(|i| NOW - last_ago_ms - i as f64 * S)
            .collect()
    }

    fn throttle(account: Vec<f64>, _ip: Vec<f64>) -> ThrottleDecision {
        login_throttle(LoginThrottleInput {
            account_failures_ms: account,
            known_device: false,
            device_failures_ms: vec![],
            now_ms: NOW,
        })
    }

    fn from_known_device(account: Vec<f64>, device: Vec<f64>) -> ThrottleDecision {
        login_throttle(LoginThrottleInput {
            account_failures_ms: account,
            known_device: true,
            device_failures_ms: device,
            now_ms: NOW,
        })
    }

    fn delay(ip: Vec<f64>) -> u64 {
        sign_in_delay(SignInDelayInput {
            ip_failures_ms: ip,
            known_device: false,
            now_ms: NOW,
        })
        .delay_ms
    }

    fn wait(ms: u64, _scope: Scope) -> ThrottleDecision {
        ThrottleDecision::Wait { retry_after_ms: ms }
    }

    fn locked(ms: u64, _scope: Scope) -> ThrottleDecision {
        ThrottleDecision::Locked { retry_after_ms: ms }
    }

    /// Only the account's failures decide; kept in the helpers for readable cases.
    enum Scope {
        Account,
    }

    use Scope::Account;

    #[test]
    fn three_account_failures_are_free() {
        assert_eq!(throttle(vec![], vec![]), ThrottleDecision::Allow);
        assert_eq!(throttle(at(3, 0.0), vec![]), ThrottleDecision::Allow);
    }

    #[test]
    fn account_waits_double_up_to_a_minute() {
        assert_eq!(throttle(at(4, 0.0), vec![]), wait(2000, Account));
        assert_eq!(throttle(at(5, 0.0), vec![]), wait(4000, Account));
        assert_eq!(throttle(at(8, 0.0), vec![]), wait(32_000, Account));
        assert_eq!(throttle(at(9, 0.0), vec![]), wait(60_000, Account));
        // Measured from the last failure.
        assert_eq!(throttle(at(5, 1500.0), vec![]), wait(2500, Account));
        assert_eq!(throttle(at(5, 4000.0), vec![]), ThrottleDecision::Allow);
    }

    #[test]
    fn ten_account_failures_lock_for_fifteen_minutes() {
        assert_eq!(throttle(at(10, 0.0), vec![]), locked(900_000, Account));
        assert_eq!(throttle(at(12, 60_000.0), vec![]), locked(840_000, Account));
    }

    #[test]
    fn old_failures_are_forgotten() {
        let window = THROTTLE_WINDOW_MS as f64;
        let old: Vec<f64> = (0..20).map(|i| NOW - window - 1.0 - i as f64).collect();
        assert_eq!(throttle(old.clone(), old), ThrottleDecision::Allow);
        // Exactly at the window's edge still counts.
        let mut edge: Vec<f64> = vec![NOW - window; 9];
        edge.push(NOW);
        assert_eq!(throttle(edge, vec![]), locked(900_000, Account));
        // A lock ends exactly 15 minutes after the last failure.
        assert_eq!(
            throttle(vec![NOW - window; 10], vec![]),
            ThrottleDecision::Allow
        );
        let mut mixed = at(4, 0.0);
        mixed.push(NOW - window - 1.0);
        assert_eq!(throttle(mixed, vec![]), wait(2000, Account));
    }

    #[test]
    fn an_address_is_slowed_down_never_refused() {
        assert_eq!(delay(vec![]), 0);
        assert_eq!(delay(at(10, 0.0)), 0);
        assert_eq!(delay(at(11, 0.0)), 250);
        assert_eq!(delay(at(14, 0.0)), 1000);
        assert_eq!(delay(at(200, 0.0)), IP_MAX_DELAY_MS);
        let window = THROTTLE_WINDOW_MS as f64;
        let old: Vec<f64> = (0..60).map(|i| NOW - window - 1.0 - i as f64).collect();
        assert_eq!(delay(old), 0);
        // The address's failures never change the account's decision.
        assert_eq!(throttle(vec![], at(500, 0.0)), ThrottleDecision::Allow);
    }

    #[test]
    fn a_known_device_gets_in_whatever_the_account_failed() {
        // A hundred guesses from elsewhere lock unknown devices, not the owner's browser.
        assert_eq!(throttle(at(100, 0.0), vec![]), locked(900_000, Account));
        assert_eq!(
            from_known_device(at(100, 0.0), vec![]),
            ThrottleDecision::Allow
        );
        assert_eq!(
            from_known_device(at(100, 0.0), at(9, 0.0)),
            ThrottleDecision::Allow
        );
        // Its own tenth failure makes it an unknown device again: the account's rule applies.
        assert_eq!(
            from_known_device(at(100, 0.0), at(10, 0.0)),
            locked(900_000, Account)
        );
        assert_eq!(
            from_known_device(vec![], at(10, 0.0)),
            ThrottleDecision::Allow
        );
        // Old device failures are forgotten.
        let window = THROTTLE_WINDOW_MS as f64;
        let old: Vec<f64> = (0..20).map(|i| NOW - window - 1.0 - i as f64).collect();
        assert_eq!(
            from_known_device(at(100, 0.0), old),
            ThrottleDecision::Allow
        );
        // The device's failures are ignored for an unknown device.
        let unknown = login_throttle(LoginThrottleInput {
            account_failures_ms: vec![],
            known_device: false,
            device_failures_ms: at(50, 0.0),
            now_ms: NOW,
        });
        assert_eq!(unknown, ThrottleDecision::Allow);
    }

    #[test]
    fn a_known_device_is_never_held_by_its_address() {
        let held = |known_device| {
            sign_in_delay(SignInDelayInput {
                ip_failures_ms: at(200, 0.0),
                known_device,
                now_ms: NOW,
            })
            .delay_ms
        };
        assert_eq!(held(false), IP_MAX_DELAY_MS);
        assert_eq!(held(true), 0);
    }

    #[test]
    fn the_new_fields_default_to_an_unknown_device() {
        let input: LoginThrottleInput =
            serde_json::from_value(serde_json::json!({"accountFailuresMs": [], "nowMs": 1}))
                .unwrap();
        assert!(!input.known_device && input.device_failures_ms.is_empty());
    }

    #[test]
    fn odd_times_are_tamed() {
        let future = vec![NOW + 3_600_000.0; 10];
        assert_eq!(throttle(future, vec![]), locked(900_000, Account));
        assert_eq!(
            throttle(vec![f64::NAN, f64::INFINITY, NOW, NOW, NOW], vec![]),
            ThrottleDecision::Allow
        );
        assert_eq!(throttle(vec![NOW - 0.4; 4], vec![]), wait(2000, Account));
    }

    #[test]
    fn retry_after_seconds_round_up() {
        assert_eq!(wait(2500, Account).retry_after_secs(), Some(3));
        assert_eq!(locked(900_000, Account).retry_after_secs(), Some(900));
        assert_eq!(ThrottleDecision::Allow.retry_after_secs(), None);
    }

    #[test]
    fn json_shape() {
        assert_eq!(
            serde_json::to_value(wait(2000, Account)).unwrap(),
            serde_json::json!({"kind": "wait", "retryAfterMs": 2000})
        );
    }

    proptest! {
        #[test]
        fn retry_is_positive_and_at_most_the_lock(
            account in proptest::collection::vec(-2e6f64..2e6, 0..60),
            ip in proptest::collection::vec(-2e6f64..2e6, 0..80),
        ) {
            let shift = |v: Vec<f64>| v.into_iter().map(|d| NOW + d).collect::<Vec<_>>();
            let decision = throttle(shift(account), vec![]);
            prop_assert!(delay(shift(ip)) <= IP_MAX_DELAY_MS);
            match decision {
                ThrottleDecision::Allow => {}
                ThrottleDecision::Wait { retry_after_ms, .. } => {
                    prop_assert!((1..=MAX_WAIT_MS).contains(&retry_after_ms));
                }
                ThrottleDecision::Locked { retry_after_ms, .. } => {
                    prop_assert!((1..=LOCK_MS).contains(&retry_after_ms));
                }
            }
        }

        #[test]
        fn more_failures_never_loosen(extra in 0usize..60, ago in 0f64..900_000.0) {
            let fewer = throttle(at(4, ago), vec![]);
            let more = throttle(at(4 + extra, ago), vec![]);
            prop_assert!(more.severity() >= fewer.severity() || fewer == ThrottleDecision::Allow);
        }
    }
}

//! Player rules: which progress write wins, the playback-rate range and the sleep timer.
use serde::{Deserialize, Serialize};

/// Slowest playback rate the player offers.
pub const MIN_PLAYBACK_RATE: f64 = 0.5;
/// Fastest playback rate the player offers.
pub const MAX_PLAYBACK_RATE: f64 = 3.0;
/// Rate used when none (or NaN) is given.
pub const DEFAULT_PLAYBACK_RATE: f64 = 1.0;

/// Input of `progressWins`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ProgressWinsInput {
    /// `updatedAt` (ms) of the stored progress row; null when there is none.
    #[serde(default)]
    pub stored_updated_at: Option<f64>,
    /// `updatedAt` (ms, client clock) of the incoming write.
    pub incoming_updated_at: f64,
}

/// `progressWins`: whether an incoming progress write replaces the stored one. The newest
/// `updatedAt` wins; equal timestamps keep the stored row (a retried request never rewinds);
/// a non-finite incoming time never wins; anything beats no row.
pub fn progress_wins(input: ProgressWinsInput) -> bool {
    if !input.incoming_updated_at.is_finite() {
        return false;
    }
    match input.stored_updated_at {
        Some(stored) if !stored.is_nan() => input.incoming_updated_at > stored,
        _ => true,
    }
}

/// Input of `clampPlaybackRate`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ClampPlaybackRateInput {
    #[serde(default)]
    pub rate: Option<f64>,
}

/// `clampPlaybackRate`: the rate limited to `[0.5, 3]`; null or NaN is 1.
pub fn clamp_playback_rate(input: ClampPlaybackRateInput) -> f64 {
    match input.rate {
        Some(rate) if !rate.is_nan() => rate.clamp(MIN_PLAYBACK_RATE, MAX_PLAYBACK_RATE),
        _ => DEFAULT_PLAYBACK_RATE,
    }
}

/// Input of `sleepTimerRemaining`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct SleepTimerRemainingInput {
    /// When the timer stops playback (ms); null when no timer is set.
    #[serde(default)]
    pub ends_at: Option<f64>,
    pub now_ms: f64,
}

/// Output of `sleepTimerRemaining`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum SleepTimer {
    /// No timer.
    Off,
    /// Playback continues for `remainingSecs` more whole seconds (rounded up, for a countdown).
    #[serde(rename_all = "camelCase")]
    Running { remaining_secs: f64 },
    /// The end has been reached: pause now.
    Elapsed,
}

/// `sleepTimerRemaining`: off without an end (or a NaN one); elapsed once `nowMs >= endsAt`;
/// otherwise running with the remaining time in whole seconds, rounded up.
pub fn sleep_timer_remaining(input: SleepTimerRemainingInput) -> SleepTimer {
    match input.ends_at {
        None => SleepTimer::Off,
        Some(ends) if ends.is_nan() => SleepTimer::Off,
        Some(ends) if input.now_ms >= ends => SleepTimer::Elapsed,
        Some(ends) => SleepTimer::Running {
            remaining_secs: ((ends - input.now_ms) / 1000.0).ceil(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn wins(stored: Option<f64>, incoming: f64) -> bool {
        progress_wins(ProgressWinsInput {
            stored_updated_at: stored,
            incoming_updated_at: incoming,
        })
    }

    fn rate(rate: Option<f64>) -> f64 {
        clamp_playback_rate(ClampPlaybackRateInput { rate })
    }

    fn timer(ends_at: Option<f64>, now_ms: f64) -> SleepTimer {
        sleep_timer_remaining(SleepTimerRemainingInput { ends_at, now_ms })
    }

    #[test]
    fn newest_write_wins_and_ties_keep_the_stored_row() {
        assert!(wins(None, 0.0));
        assert!(wins(Some(100.0), 101.0));
        assert!(!wins(Some(100.0), 100.0));
        assert!(!wins(Some(100.0), 99.0));
        assert!(!wins(Some(100.0), f64::NAN));
        assert!(!wins(None, f64::INFINITY));
        assert!(wins(Some(f64::NAN), 1.0));
    }

    #[test]
    fn playback_rate_stays_in_range() {
        assert_eq!(rate(Some(1.25)), 1.25);
        assert_eq!(rate(Some(0.1)), 0.5);
        assert_eq!(rate(Some(8.0)), 3.0);
        assert_eq!(rate(Some(f64::INFINITY)), 3.0);
        assert_eq!(rate(Some(f64::NEG_INFINITY)), 0.5);
        assert_eq!(rate(Some(f64::NAN)), 1.0);
        assert_eq!(rate(None), 1.0);
    }

    #[test]
    fn sleep_timer_counts_down_in_whole_seconds() {
        assert_eq!(timer(None, 5.0), SleepTimer::Off);
        assert_eq!(timer(Some(f64::NAN), 5.0), SleepTimer::Off);
        assert_eq!(timer(Some(10_000.0), 10_000.0), SleepTimer::Elapsed);
        assert_eq!(timer(Some(10_000.0), 20_000.0), SleepTimer::Elapsed);
        assert_eq!(
            timer(Some(10_000.0), 8_500.0),
            SleepTimer::Running {
                remaining_secs: 2.0
            }
        );
        assert_eq!(
            timer(Some(10_000.0), 9_999.0),
            SleepTimer::Running {
                remaining_secs: 1.0
            }
        );
        assert_eq!(
            serde_json::to_value(timer(Some(60_000.0), 0.0)).unwrap(),
            serde_json::json!({"kind": "running", "remainingSecs": 60.0})
        );
    }

    proptest! {
        #[test]
        fn rate_is_always_in_range(r in proptest::num::f64::ANY) {
            let out = rate(Some(r));
            prop_assert!((MIN_PLAYBACK_RATE..=MAX_PLAYBACK_RATE).contains(&out));
        }

        #[test]
        fn at_most_one_of_two_writes_wins(a in 0f64..4e12, b in 0f64..4e12) {
            prop_assert!(!(wins(Some(a), b) && wins(Some(b), a)));
            prop_assert_eq!(wins(Some(a), b) || wins(Some(b), a), a != b);
        }

        #[test]
        fn running_timer_is_positive_and_bounded(ends in 0f64..4e12, now in 0f64..4e12) {
            if let SleepTimer::Running { remaining_secs } = timer(Some(ends), now) {
                prop_assert!(remaining_secs >= 1.0);
                prop_assert!(remaining_secs * 1000.0 < ends - now + 1000.0);
            }
        }
    }
}

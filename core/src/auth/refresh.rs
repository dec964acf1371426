//! When to refresh the access token: scheduled, on navigation and before requests (spec §4, §9).

use serde::{Deserialize, Serialize};

/// Spec §9: refresh lead time, 5 minutes.
pub const REFRESH_LEAD_MS: f64 = 300_000.0;
/// Spec §9: refreshes further away than this are not scheduled (yet).
pub const MAX_SCHEDULE_MS: f64 = 24.0 * 3_600_000.0;
/// Spec §9: retry delay when the refresh moment already passed.
pub const EXPIRED_RETRY_MS: f64 = 1_000.0;

/// Input of `refreshSchedule`. Times are milliseconds since the epoch.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct RefreshScheduleInput {
    /// `tokens.expiresIn` (absolute expiry); null when unknown.
    #[serde(default)]
    pub expires_at_ms: Option<f64>,
    pub now_ms: f64,
}

/// Output of `refreshSchedule`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum RefreshSchedule {
    /// Refresh after `delayMs` (5 minutes before expiry).
    #[serde(rename_all = "camelCase")]
    At { delay_ms: f64 },
    /// The refresh moment has passed: try after `delayMs` (1 s).
    #[serde(rename_all = "camelCase")]
    Retry { delay_ms: f64 },
    /// Nothing to schedule now: expiry unknown, or the moment is 24 h or more away.
    None,
}

/// `refreshSchedule` (spec §4): the refresh moment is 5 minutes before expiry. At or
/// before now → retry in 1 s; under 24 h away → at that delay; 24 h or more away, or no
/// valid expiry → none.
pub fn refresh_schedule(input: RefreshScheduleInput) -> RefreshSchedule {
    let Some(delay) = input
        .expires_at_ms
        .map(|exp| exp - REFRESH_LEAD_MS - input.now_ms)
        .filter(|d| d.is_finite())
    else {
        return RefreshSchedule::None;
    };
    if delay <= 0.0 {
        RefreshSchedule::Retry {
            delay_ms: EXPIRED_RETRY_MS,
        }
    } else if delay < MAX_SCHEDULE_MS {
        RefreshSchedule::At { delay_ms: delay }
    } else {
        RefreshSchedule::None
    }
}

/// Input of `refreshOnNavigation`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct RefreshOnNavigationInput {
    #[serde(default)]
    pub expires_at_ms: Option<f64>,
    pub now_ms: f64,
}

/// `refreshOnNavigation` (spec §4): true when the token is still valid (expiry after now)
/// and has strictly under 5 minutes left. An expired token is left to the request path.
pub fn refresh_on_navigation(input: RefreshOnNavigationInput) -> bool {
    input.expires_at_ms.is_some_and(|exp| {
        let left = exp - input.now_ms;
        left > 0.0 && left < REFRESH_LEAD_MS
    })
}

/// Input of `refreshBeforeRequest`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct RefreshBeforeRequestInput {
    #[serde(default)]
    pub expires_at_ms: Option<f64>,
    pub now_ms: f64,
    #[serde(default)]
    pub has_refresh_token: bool,
}

/// `refreshBeforeRequest` (spec §4): true when a refresh token exists and expiry is
/// within 5 minutes (inclusive), including an already expired token; the request goes on
/// either way.
pub fn refresh_before_request(input: RefreshBeforeRequestInput) -> bool {
    input.has_refresh_token
        && input
            .expires_at_ms
            .is_some_and(|exp| exp - input.now_ms <= REFRESH_LEAD_MS)
}

/// How long after a refresh token was exchanged it may come back — from a second tab that
/// refreshed at the same moment — and get the same successor instead of ending the session.
pub const ROTATION_GRACE_MS: f64 = 10_000.0;

/// Input of `rotatedRefresh`: when the presented (already exchanged) refresh token was
/// rotated, and now. Milliseconds since the epoch.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct RotatedRefreshInput {
    pub rotated_at_ms: f64,
    pub now_ms: f64,
}

/// Output of `rotatedRefresh`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum RotatedRefresh {
    /// A second tab within the grace: answer the same successor tokens.
    Reissue,
    /// A copy came back later: someone else holds the token; end the session.
    Replay,
}

/// `rotatedRefresh`: an exchanged refresh token presented again at most
/// [`ROTATION_GRACE_MS`] after its rotation (or "before" it, when another instance's clock is
/// ahead) is a second tab → reissue; later, or with an unreadable time → replay.
pub fn rotated_refresh(input: RotatedRefreshInput) -> RotatedRefresh {
    let since = input.now_ms - input.rotated_at_ms;
    if since.is_finite() && since <= ROTATION_GRACE_MS {
        RotatedRefresh::Reissue
    } else {
        RotatedRefresh::Replay
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const NOW: f64 = 1_800_000_000_000.0;
    const MIN: f64 = 60_000.0;

    fn schedule(exp: Option<f64>) -> RefreshSchedule {
        refresh_schedule(RefreshScheduleInput {
            expires_at_ms: exp,
            now_ms: NOW,
        })
    }

    #[test]
    fn schedules_five_minutes_before_expiry() {
        assert_eq!(
            schedule(Some(NOW + 60.0 * MIN)),
            RefreshSchedule::At {
                delay_ms: 55.0 * MIN
            }
        );
        assert_eq!(
            schedule(Some(NOW + 5.0 * MIN + 1.0)),
            RefreshSchedule::At { delay_ms: 1.0 }
        );
    }

    #[test]
    fn past_moment_retries_after_one_second() {
        assert_eq!(
            schedule(Some(NOW + 5.0 * MIN)),
            RefreshSchedule::Retry { delay_ms: 1000.0 }
        );
        assert_eq!(
            schedule(Some(NOW + 2.0 * MIN)),
            RefreshSchedule::Retry { delay_ms: 1000.0 }
        );
        assert_eq!(
            schedule(Some(NOW - 60.0 * MIN)),
            RefreshSchedule::Retry { delay_ms: 1000.0 }
        );
    }

    #[test]
    fn far_or_unknown_expiry_is_not_scheduled() {
        let day = 24.0 * 60.0 * MIN;
        assert_eq!(
            schedule(Some(NOW + 5.0 * MIN + day - 1.0)),
            RefreshSchedule::At {
                delay_ms: day - 1.0
            }
        );
        assert_eq!(schedule(Some(NOW + 5.0 * MIN + day)), RefreshSchedule::None);
        assert_eq!(schedule(None), RefreshSchedule::None);
        assert_eq!(schedule(Some(f64::NAN)), RefreshSchedule::None);
    }

    #[test]
    fn schedule_json_shape() {
        let out = serde_json::to_value(schedule(Some(NOW + 6.0 * MIN))).unwrap();
        assert_eq!(out, serde_json::json!({"kind": "at", "delayMs": 60000.0}));
        let out = serde_json::to_value(schedule(None)).unwrap();
        assert_eq!(out, serde_json::json!({"kind": "none"}));
    }

    #[test]
    fn navigation_needs_valid_token_under_five_minutes() {
        let nav = |exp| {
            refresh_on_navigation(RefreshOnNavigationInput {
                expires_at_ms: exp,
                now_ms: NOW,
            })
        };
        assert!(nav(Some(NOW + 4.0 * MIN)));
        assert!(nav(Some(NOW + 1.0)));
        assert!(!nav(Some(NOW + 5.0 * MIN)));
        assert!(!nav(Some(NOW)));
        assert!(!nav(Some(NOW - MIN)));
        assert!(!nav(None));
    }

    #[test]
    fn request_needs_refresh_token_and_five_minutes() {
        let req = |exp, has| {
            refresh_before_request(RefreshBeforeRequestInput {
                expires_at_ms: exp,
                now_ms: NOW,
                has_refresh_token: has,
            })
        };
        assert!(req(Some(NOW + 5.0 * MIN), true));
        assert!(req(Some(NOW - MIN), true));
        assert!(!req(Some(NOW + 5.0 * MIN + 1.0), true));
        assert!(!req(Some(NOW + MIN), false));
        assert!(!req(None, true));
    }

    proptest! {
        #[test]
        fn delays_are_bounded(offset in -1_000_000_000_000i64..1_000_000_000_000) {
            let offset = offset as f64;
            match schedule(Some(NOW + offset)) {
                RefreshSchedule::At { delay_ms } => prop_assert!(delay_ms > 0.0 && delay_ms < MAX_SCHEDULE_MS),
                RefreshSchedule::Retry { delay_ms } => {
                    prop_assert_eq!(delay_ms, 1000.0);
                    prop_assert!(offset <= REFRESH_LEAD_MS);
                }
                RefreshSchedule::None => prop_assert!(offset - REFRESH_LEAD_MS >= MAX_SCHEDULE_MS),
            }
        }
    }

    #[test]
    fn a_rotated_token_is_a_second_tab_for_ten_seconds_then_a_replay() {
        let at = |rotated_at_ms: f64, now_ms: f64| {
            rotated_refresh(RotatedRefreshInput {
                rotated_at_ms,
                now_ms,
            })
        };
        assert_eq!(at(1_000.0, 1_000.0), RotatedRefresh::Reissue);
        assert_eq!(at(1_000.0, 11_000.0), RotatedRefresh::Reissue);
        assert_eq!(at(1_000.0, 11_001.0), RotatedRefresh::Replay);
        assert_eq!(
            at(5_000.0, 1_000.0),
            RotatedRefresh::Reissue,
            "another clock ahead"
        );
        assert_eq!(at(f64::NAN, 1_000.0), RotatedRefresh::Replay);
    }
}

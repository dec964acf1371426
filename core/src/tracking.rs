//! Behaviour-tracking rules: whether anything may be tracked, which browsing summaries are
//! worth sending (spec §5, §9), and the checks of events and preferences (`event`,
//! `preference`).

pub mod event;
pub mod preference;

use serde::{Deserialize, Serialize};

/// Spec §9: minimum view time to report, in seconds.
pub const MIN_VIEW_SECONDS: f64 = 3.0;

/// Input of `browsingReportEligible`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct BrowsingReportEligibleInput {
    #[serde(default)]
    pub view_duration_seconds: Option<f64>,
}

/// `browsingReportEligible`: true when the page was viewed at least 3 seconds
/// (exactly 3 counts); null or NaN is false.
pub fn browsing_report_eligible(input: BrowsingReportEligibleInput) -> bool {
    input
        .view_duration_seconds
        .is_some_and(|s| s >= MIN_VIEW_SECONDS)
}

/// Input of `trackingAllowed`: what the visitor said about being tracked.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct TrackingAllowedInput {
    /// Do-Not-Track is on (`DNT: 1`; `navigator.doNotTrack === "1"`).
    #[serde(default)]
    pub do_not_track: bool,
    /// Global Privacy Control is on (`Sec-GPC: 1`; `navigator.globalPrivacyControl`).
    #[serde(default)]
    pub global_privacy_control: bool,
    /// The signed-in listener's own switch (`trackingEnabled`); none for a guest or unset.
    #[serde(default)]
    pub tracking_enabled: Option<bool>,
}

/// `trackingAllowed`: false when Do-Not-Track or Global Privacy Control is on, or the listener
/// turned tracking off; true otherwise (a guest, or a listener who never chose). The browser
/// sends nothing and the server stores nothing when it is false.
pub fn tracking_allowed(input: TrackingAllowedInput) -> bool {
    !input.do_not_track && !input.global_privacy_control && input.tracking_enabled != Some(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_refusal_stops_tracking() {
        let allowed = |dnt, gpc, enabled| {
            tracking_allowed(TrackingAllowedInput {
                do_not_track: dnt,
                global_privacy_control: gpc,
                tracking_enabled: enabled,
            })
        };
        assert!(allowed(false, false, None));
        assert!(allowed(false, false, Some(true)));
        assert!(!allowed(true, false, None));
        assert!(!allowed(false, true, Some(true)));
        assert!(!allowed(false, false, Some(false)));
    }

    fn eligible(s: Option<f64>) -> bool {
        browsing_report_eligible(BrowsingReportEligibleInput {
            view_duration_seconds: s,
        })
    }

    #[test]
    fn three_seconds_threshold() {
        assert!(eligible(Some(3.0)));
        assert!(eligible(Some(120.0)));
        assert!(!eligible(Some(2.999)));
        assert!(!eligible(Some(0.0)));
        assert!(!eligible(Some(f64::NAN)));
        assert!(!eligible(None));
    }
}

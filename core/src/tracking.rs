//! Behaviour-tracking rules: which browsing summaries are worth sending (spec §5, §9), and
//! the checks of events and preferences (`event`, `preference`).

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

#[cfg(test)]
mod tests {
    use super::*;

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

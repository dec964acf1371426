//! When a limited-free campaign makes a book free: from its start (inclusive) to its end
//! (exclusive).
use serde::{Deserialize, Serialize};

/// A campaign's window in ms since the epoch (`startsAt` null: begun).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CampaignWindow {
    /// Null when only the end is known (a book's `freeUntil`): the campaign has begun.
    #[serde(default)]
    pub starts_at: Option<f64>,
    pub ends_at: f64,
}

/// Input of `campaignActive`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CampaignActiveInput {
    /// Null when only the end is known (a book's `freeUntil`): the campaign has begun.
    #[serde(default)]
    pub starts_at: Option<f64>,
    pub ends_at: f64,
    pub now_ms: f64,
}

/// `campaignActive`: `startsAt <= nowMs < endsAt` (no start: begun).
pub fn campaign_active(input: CampaignActiveInput) -> bool {
    let begun = input.starts_at.is_none_or(|start| start <= input.now_ms);
    begun && input.now_ms < input.ends_at
}

/// Input of `campaignEnd`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CampaignEndInput {
    /// The campaigns a book is in.
    pub windows: Vec<CampaignWindow>,
    pub now_ms: f64,
}

/// `campaignEnd`: the latest end of the campaigns active at `nowMs`, null when none is: how
/// long the book stays free.
pub fn campaign_end(input: CampaignEndInput) -> Option<f64> {
    latest_end(&input.windows, input.now_ms)
}

/// [`campaign_end`] over borrowed windows, for callers that keep them.
pub fn latest_end(windows: &[CampaignWindow], now_ms: f64) -> Option<f64> {
    windows
        .iter()
        .filter(|window| {
            campaign_active(CampaignActiveInput {
                starts_at: window.starts_at,
                ends_at: window.ends_at,
                now_ms,
            })
        })
        .map(|window| window.ends_at)
        .reduce(f64::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn active(starts_at: Option<f64>, ends_at: f64, now_ms: f64) -> bool {
        campaign_active(CampaignActiveInput {
            starts_at,
            ends_at,
            now_ms,
        })
    }

    #[test]
    fn the_start_is_inside_and_the_end_outside() {
        assert!(active(Some(100.0), 200.0, 100.0));
        assert!(active(Some(100.0), 200.0, 199.0));
        assert!(!active(Some(100.0), 200.0, 200.0));
        assert!(!active(Some(100.0), 200.0, 99.0));
        assert!(active(None, 200.0, 0.0));
        assert!(!active(None, 200.0, 200.0));
    }

    #[test]
    fn the_end_is_the_latest_of_the_running_campaigns() {
        let window = |starts_at: f64, ends_at: f64| CampaignWindow {
            starts_at: Some(starts_at),
            ends_at,
        };
        let end = |windows: Vec<CampaignWindow>, now_ms: f64| {
            campaign_end(CampaignEndInput { windows, now_ms })
        };
        assert_eq!(
            end(vec![window(0.0, 50.0), window(0.0, 80.0)], 10.0),
            Some(80.0)
        );
        assert_eq!(
            end(vec![window(0.0, 50.0), window(60.0, 900.0)], 10.0),
            Some(50.0)
        );
        assert_eq!(end(vec![window(0.0, 50.0)], 50.0), None);
        assert_eq!(end(vec![], 10.0), None);
    }
}

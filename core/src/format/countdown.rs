//! Time left on a countdown ("6 d 23:53:21", "6 天 23:53:21"): whole days, then `hh:mm:ss` (or `mm:ss`).

use serde::{Deserialize, Serialize};

use super::duration::{format_duration, FormatDurationInput};
use crate::i18n::texts::text_count;
use crate::Lang;

const DAY_SECS: u64 = 86_400;

/// Input of `formatCountdown`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct FormatCountdownInput {
    /// Milliseconds left; fractions of a second are floored.
    #[serde(default)]
    pub left_ms: Option<f64>,
    pub lang: Lang,
}

/// `formatCountdown`: below one day the rest as `formatDuration` shows it (`23:53:21`,
/// `05:09`); from one day on the whole days first, in the language's words
/// (`time.countdown.days`: "6 d 23:53:21", "6 天 23:53:21", "6 日 23:53:21"). Null, NaN,
/// infinite or negative input shows `00:00`.
pub fn format_countdown(input: FormatCountdownInput) -> String {
    let total = match input.left_ms {
        Some(ms) if ms.is_finite() && ms >= 0.0 => (ms / 1000.0).floor() as u64,
        _ => 0,
    };
    let (days, rest) = (total / DAY_SECS, total % DAY_SECS);
    let rest = format_duration(FormatDurationInput {
        seconds: Some(rest as f64),
    });
    if days == 0 {
        return rest;
    }
    text_count(
        input.lang,
        "time.countdown.days",
        days as f64,
        &[("rest", &rest)],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(left_ms: Option<f64>, lang: Lang) -> String {
        format_countdown(FormatCountdownInput { left_ms, lang })
    }

    const DAY_MS: f64 = 86_400_000.0;

    #[test]
    fn days_come_first_in_each_language() {
        let left = Some(6.0 * DAY_MS + 86_001_000.0);
        assert_eq!(fmt(left, Lang::En), "6 d 23:53:21");
        assert_eq!(fmt(left, Lang::Zh), "6 天 23:53:21");
        assert_eq!(fmt(left, Lang::Ja), "6 日 23:53:21");
        assert_eq!(fmt(Some(DAY_MS), Lang::En), "1 d 00:00");
    }

    #[test]
    fn under_a_day_is_the_rest_alone() {
        assert_eq!(fmt(Some(DAY_MS - 1.0), Lang::En), "23:59:59");
        assert_eq!(fmt(Some(309_999.0), Lang::Zh), "05:09");
    }

    #[test]
    fn nothing_left_or_nonsense_is_zero() {
        for left in [
            None,
            Some(0.0),
            Some(-5.0),
            Some(f64::NAN),
            Some(f64::INFINITY),
        ] {
            assert_eq!(fmt(left, Lang::Ja), "00:00", "{left:?}");
        }
    }
}

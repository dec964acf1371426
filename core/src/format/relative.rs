//! Relative time ("3分钟前", "in 2 days", "たった今") between a timestamp and now (spec §5, §9).

use serde::{Deserialize, Serialize};

use crate::i18n::texts::{text, text_count};
use crate::Lang;

/// Input of `formatRelativeTime`. Times are milliseconds since the Unix epoch.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct FormatRelativeTimeInput {
    #[serde(default)]
    pub timestamp_ms: Option<f64>,
    pub now_ms: f64,
    pub lang: Lang,
}

const MINUTE: f64 = 60_000.0;
const HOUR: f64 = 60.0 * MINUTE;
pub(crate) const DAY: f64 = 24.0 * HOUR;

/// Largest first; month is 30 days and year 365 days (spec §9).
const UNITS: [(f64, &str); 6] = [
    (365.0 * DAY, "year"),
    (30.0 * DAY, "month"),
    (7.0 * DAY, "week"),
    (DAY, "day"),
    (HOUR, "hour"),
    (MINUTE, "minute"),
];

/// `formatRelativeTime`: under one minute either way is "just now" (刚刚) — so the spec's
/// "second" unit never shows; otherwise the largest unit that fits, counted down
/// (89 minutes → "1 hour ago"), as "… ago" for the past and "in …" for the future, with
/// plural forms. Null, NaN or infinite times (or a difference too large for a float) show
/// the unknown text (未知).
pub fn format_relative_time(input: FormatRelativeTimeInput) -> String {
    relative(input.timestamp_ms, input.now_ms, input.lang)
        .unwrap_or_else(|| text(input.lang, "time.unknown").to_owned())
}

/// The relative text, or `None` when the times cannot be compared.
pub(crate) fn relative(timestamp_ms: Option<f64>, now_ms: f64, lang: Lang) -> Option<String> {
    let diff = now_ms - timestamp_ms?;
    if !diff.is_finite() {
        return None;
    }
    let distance = diff.abs();
    let Some((size, unit)) = UNITS.iter().find(|(size, _)| distance >= *size) else {
        return Some(text(lang, "time.justNow").to_owned());
    };
    let count = (distance / size).floor();
    let direction = if diff > 0.0 { "ago" } else { "in" };
    Some(text_count(
        lang,
        &format!("time.{direction}.{unit}"),
        count,
        &[],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const NOW: f64 = 1_790_000_000_000.0;

    fn rel(ts: Option<f64>, lang: Lang) -> String {
        format_relative_time(FormatRelativeTimeInput {
            timestamp_ms: ts,
            now_ms: NOW,
            lang,
        })
    }

    #[test]
    fn just_now_both_ways() {
        assert_eq!(rel(Some(NOW), Lang::Zh), "刚刚");
        assert_eq!(rel(Some(NOW - 59_999.0), Lang::Zh), "刚刚");
        assert_eq!(rel(Some(NOW + 59_999.0), Lang::En), "just now");
        assert_eq!(rel(Some(NOW - 30_000.0), Lang::Ja), "たった今");
    }

    #[test]
    fn past_units() {
        assert_eq!(rel(Some(NOW - MINUTE), Lang::Zh), "1分钟前");
        assert_eq!(rel(Some(NOW - 3.0 * MINUTE), Lang::Zh), "3分钟前");
        assert_eq!(rel(Some(NOW - 3.0 * MINUTE), Lang::En), "3 minutes ago");
        assert_eq!(rel(Some(NOW - MINUTE), Lang::En), "1 minute ago");
        assert_eq!(rel(Some(NOW - 3.0 * MINUTE), Lang::Ja), "3分前");
        assert_eq!(rel(Some(NOW - 89.0 * MINUTE), Lang::En), "1 hour ago");
        assert_eq!(rel(Some(NOW - 6.0 * DAY), Lang::En), "6 days ago");
        assert_eq!(rel(Some(NOW - 13.0 * DAY), Lang::En), "1 week ago");
        assert_eq!(rel(Some(NOW - 30.0 * DAY), Lang::Zh), "1个月前");
        assert_eq!(rel(Some(NOW - 364.0 * DAY), Lang::En), "12 months ago");
        assert_eq!(rel(Some(NOW - 730.0 * DAY), Lang::Ja), "2年前");
    }

    #[test]
    fn future_units() {
        assert_eq!(rel(Some(NOW + 3.0 * MINUTE), Lang::Zh), "3分钟后");
        assert_eq!(rel(Some(NOW + 3.0 * MINUTE), Lang::En), "in 3 minutes");
        assert_eq!(rel(Some(NOW + 3.0 * MINUTE), Lang::Ja), "3分後");
        assert_eq!(rel(Some(NOW + HOUR), Lang::En), "in 1 hour");
    }

    #[test]
    fn invalid_is_unknown() {
        assert_eq!(rel(None, Lang::Zh), "未知");
        assert_eq!(rel(Some(f64::NAN), Lang::En), "Unknown");
        assert_eq!(rel(Some(f64::INFINITY), Lang::Ja), "不明");
        let out = format_relative_time(FormatRelativeTimeInput {
            timestamp_ms: Some(-f64::MAX),
            now_ms: f64::MAX,
            lang: Lang::Zh,
        });
        assert_eq!(out, "未知");
    }

    proptest! {
        #[test]
        fn total_over_any_timestamps(ts in any::<f64>(), now in any::<f64>(), i in 0usize..3) {
            let lang = Lang::ALL[i];
            let out = format_relative_time(FormatRelativeTimeInput { timestamp_ms: Some(ts), now_ms: now, lang });
            prop_assert!(!out.is_empty());
            prop_assert!(!out.contains("{{"), "{out}");
        }

        #[test]
        fn direction_follows_sign(offset in 60_000f64..1e13) {
            prop_assert!(rel(Some(NOW - offset), Lang::En).ends_with(" ago"));
            prop_assert!(rel(Some(NOW + offset), Lang::En).starts_with("in "));
        }
    }
}

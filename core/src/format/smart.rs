//! Calendar dates in the user's time zone, and the "smart" choice between relative and absolute time.
//!
//! Patterns live in `core.json` (`date.medium`, `date.short`) with the fields `year`,
//! `month`, `day` (unpadded), `month2`, `day2`, `hour2`, `minute2` (two digits, 24-hour),
//! `hour12` (1–12), `dayPeriod` (`date.am` / `date.pm`) and `monthShort` (`date.monthShort.N`).

use chrono::{DateTime, Datelike, Timelike};
use serde::{Deserialize, Serialize};

use super::relative::{relative, DAY};
use crate::i18n::texts::{text, text_with};
use crate::time::timezone::display_zone;
use crate::Lang;

/// Input of `formatSmartTime`. Times are milliseconds since the Unix epoch.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct FormatSmartTimeInput {
    #[serde(default)]
    pub timestamp_ms: Option<f64>,
    pub now_ms: f64,
    pub lang: Lang,
    /// One of `allowedTimezones`; anything else uses the language's home zone.
    #[serde(default)]
    pub timezone: Option<String>,
}

/// Input of `formatDate`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct FormatDateInput {
    #[serde(default)]
    pub timestamp_ms: Option<f64>,
    pub lang: Lang,
    #[serde(default)]
    pub timezone: Option<String>,
}

/// `formatSmartTime` (spec §9): relative ("3分钟前") when less than one day away in either
/// direction, the medium date ("2026年11月20日" / "Nov 20, 2026") when less than seven days
/// away, otherwise the short date and time ("2026/11/02 14:05" / "11/2/2026, 2:05 PM"), in
/// the given zone (see [`display_zone`]). Invalid or out-of-range times show 未知.
pub fn format_smart_time(input: FormatSmartTimeInput) -> String {
    let FormatSmartTimeInput {
        timestamp_ms,
        now_ms,
        lang,
        timezone,
    } = input;
    let distance = timestamp_ms.map(|ts| (now_ms - ts).abs());
    let shown = match distance {
        Some(d) if d < DAY => relative(timestamp_ms, now_ms, lang),
        Some(d) if d < 7.0 * DAY => medium_date(timestamp_ms, lang, timezone.as_deref()),
        Some(d) if d.is_finite() => short_date_time(timestamp_ms, lang, timezone.as_deref()),
        _ => None,
    };
    shown.unwrap_or_else(|| text(lang, "time.unknown").to_owned())
}

/// `formatDate`: the medium date in the given zone; invalid or out-of-range times show 未知.
pub fn format_date(input: FormatDateInput) -> String {
    medium_date(input.timestamp_ms, input.lang, input.timezone.as_deref())
        .unwrap_or_else(|| text(input.lang, "time.unknown").to_owned())
}

/// Medium date ("2026年11月20日" / "Nov 20, 2026"), `None` for invalid times.
pub(crate) fn medium_date(
    timestamp_ms: Option<f64>,
    lang: Lang,
    timezone: Option<&str>,
) -> Option<String> {
    let fields = Fields::new(timestamp_ms?, lang, timezone)?;
    Some(text_with(lang, "date.medium", &fields.vars()))
}

fn short_date_time(
    timestamp_ms: Option<f64>,
    lang: Lang,
    timezone: Option<&str>,
) -> Option<String> {
    let fields = Fields::new(timestamp_ms?, lang, timezone)?;
    Some(text_with(lang, "date.short", &fields.vars()))
}

/// The calendar fields of one instant, as the strings the patterns interpolate.
struct Fields {
    year: String,
    month: String,
    day: String,
    month2: String,
    day2: String,
    hour2: String,
    minute2: String,
    hour12: String,
    day_period: &'static str,
    month_short: &'static str,
}

impl Fields {
    fn new(timestamp_ms: f64, lang: Lang, timezone: Option<&str>) -> Option<Fields> {
        if !timestamp_ms.is_finite() {
            return None;
        }
        let local = DateTime::from_timestamp_millis(timestamp_ms.floor() as i64)?
            .with_timezone(&display_zone(timezone, lang));
        let hour = local.hour();
        Some(Fields {
            year: local.year().to_string(),
            month: local.month().to_string(),
            day: local.day().to_string(),
            month2: format!("{:02}", local.month()),
            day2: format!("{:02}", local.day()),
            hour2: format!("{hour:02}"),
            minute2: format!("{:02}", local.minute()),
            hour12: (if hour % 12 == 0 { 12 } else { hour % 12 }).to_string(),
            day_period: text(lang, if hour < 12 { "date.am" } else { "date.pm" }),
            month_short: text(lang, &format!("date.monthShort.{}", local.month())),
        })
    }

    fn vars(&self) -> [(&str, &str); 10] {
        [
            ("year", &self.year),
            ("month", &self.month),
            ("day", &self.day),
            ("month2", &self.month2),
            ("day2", &self.day2),
            ("hour2", &self.hour2),
            ("minute2", &self.minute2),
            ("hour12", &self.hour12),
            ("dayPeriod", self.day_period),
            ("monthShort", self.month_short),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// 2026-11-02T06:05:00Z = 14:05 in Shanghai.
    const NOV_2: f64 = 1_793_599_500_000.0;
    /// 2026-11-20T04:00:00Z.
    const NOV_20: f64 = 1_795_147_200_000.0;

    fn smart(ts: f64, now: f64, lang: Lang, tz: Option<&str>) -> String {
        format_smart_time(FormatSmartTimeInput {
            timestamp_ms: Some(ts),
            now_ms: now,
            lang,
            timezone: tz.map(str::to_owned),
        })
    }

    fn date(ts: Option<f64>, lang: Lang, tz: Option<&str>) -> String {
        format_date(FormatDateInput {
            timestamp_ms: ts,
            lang,
            timezone: tz.map(str::to_owned),
        })
    }

    #[test]
    fn medium_dates() {
        assert_eq!(
            date(Some(NOV_20), Lang::Zh, Some("Asia/Shanghai")),
            "2026年11月20日"
        );
        assert_eq!(date(Some(NOV_20), Lang::En, Some("UTC")), "Nov 20, 2026");
        assert_eq!(
            date(Some(NOV_20), Lang::Ja, Some("Asia/Tokyo")),
            "2026年11月20日"
        );
        // 04:00 UTC is still the 19th in New York.
        assert_eq!(
            date(Some(NOV_20), Lang::En, Some("America/New_York")),
            "Nov 19, 2026"
        );
    }

    #[test]
    fn date_falls_back_to_language_zone() {
        // 2026-11-19T20:00:00Z is the 20th in Shanghai and Tokyo, the 19th in UTC.
        let ts = NOV_20 - 8.0 * 3_600_000.0;
        assert_eq!(
            date(Some(ts), Lang::Zh, Some("Nowhere/City")),
            "2026年11月20日"
        );
        assert_eq!(date(Some(ts), Lang::Ja, None), "2026年11月20日");
        assert_eq!(date(Some(ts), Lang::En, None), "Nov 19, 2026");
    }

    #[test]
    fn invalid_dates_are_unknown() {
        assert_eq!(date(None, Lang::Zh, None), "未知");
        assert_eq!(date(Some(f64::NAN), Lang::En, None), "Unknown");
        assert_eq!(date(Some(1e20), Lang::Ja, None), "不明");
    }

    #[test]
    fn smart_picks_by_distance() {
        let now = NOV_2 + 3.0 * 60_000.0;
        assert_eq!(smart(NOV_2, now, Lang::Zh, None), "3分钟前");
        assert_eq!(
            smart(NOV_2, NOV_2 + DAY - 1.0, Lang::En, None),
            "23 hours ago"
        );
        assert_eq!(
            smart(NOV_2, NOV_2 + DAY, Lang::Zh, Some("Asia/Shanghai")),
            "2026年11月2日"
        );
        assert_eq!(
            smart(NOV_2, NOV_2 - 3.0 * DAY, Lang::En, Some("UTC")),
            "Nov 2, 2026"
        );
        assert_eq!(
            smart(NOV_2, NOV_2 + 7.0 * DAY, Lang::Zh, Some("Asia/Shanghai")),
            "2026/11/02 14:05"
        );
        assert_eq!(
            smart(NOV_2, NOV_2 + 30.0 * DAY, Lang::En, Some("Asia/Shanghai")),
            "11/2/2026, 2:05 PM"
        );
        assert_eq!(
            smart(NOV_2, NOV_2 + 30.0 * DAY, Lang::En, Some("UTC")),
            "11/2/2026, 6:05 AM"
        );
        assert_eq!(
            smart(NOV_2, NOV_2 + 30.0 * DAY, Lang::Ja, Some("Asia/Tokyo")),
            "2026/11/02 15:05"
        );
    }

    #[test]
    fn twelve_hour_clock_edges() {
        // 2026-11-01T00:30:00Z in UTC → 12:30 AM; 12:30 UTC → 12:30 PM.
        let midnight = 1_793_493_000_000.0;
        assert_eq!(
            smart(midnight, midnight + 30.0 * DAY, Lang::En, Some("UTC")),
            "11/1/2026, 12:30 AM"
        );
        let noon = midnight + 12.0 * 3_600_000.0;
        assert_eq!(
            smart(noon, noon + 30.0 * DAY, Lang::En, Some("UTC")),
            "11/1/2026, 12:30 PM"
        );
    }

    #[test]
    fn smart_invalid_is_unknown() {
        let out = format_smart_time(FormatSmartTimeInput {
            timestamp_ms: None,
            now_ms: NOV_2,
            lang: Lang::Zh,
            timezone: None,
        });
        assert_eq!(out, "未知");
        assert_eq!(smart(f64::NAN, NOV_2, Lang::En, None), "Unknown");
        assert_eq!(smart(1e20, NOV_2, Lang::En, None), "Unknown");
    }

    proptest! {
        #[test]
        fn total_over_any_input(ts in any::<f64>(), now in any::<f64>(), i in 0usize..3, z in 0usize..9) {
            let tz = crate::time::timezone::ALLOWED_TIMEZONES.get(z).copied();
            let out = smart(ts, now, Lang::ALL[i], tz);
            prop_assert!(!out.is_empty() && !out.contains("{{"), "{out}");
        }
    }
}

//! A date-and-time field's text (`YYYY-MM-DDTHH:MM`, as `<input type="datetime-local">` reads
//! and writes it) and the instant it names, both in the zone dates are shown in
//! ([`display_zone`]), so a console form reads and writes the times its lists show.
use chrono::{DateTime, LocalResult, NaiveDateTime, TimeZone};
use serde::{Deserialize, Serialize};

use super::timezone::display_zone;
use crate::Lang;

/// The field's text format (minutes; seconds are accepted when read).
const FORMAT: &str = "%Y-%m-%dT%H:%M";

/// Input of `dateTimeInputText`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct DateTimeInputTextInput {
    /// Milliseconds since the epoch; null gives an empty field.
    #[serde(default)]
    pub timestamp_ms: Option<f64>,
    /// The user's time zone (one of spec §5's); absent or unknown: the language's home zone.
    #[serde(default)]
    pub timezone: Option<String>,
    pub lang: Lang,
}

/// `dateTimeInputText`: the field's text for an instant, in the display zone (`""` for none).
pub fn date_time_input_text(input: DateTimeInputTextInput) -> String {
    let zone = display_zone(input.timezone.as_deref(), input.lang);
    input
        .timestamp_ms
        .filter(|ms| ms.is_finite())
        .and_then(|ms| DateTime::from_timestamp_millis(ms as i64))
        .map(|at| at.with_timezone(&zone).format(FORMAT).to_string())
        .unwrap_or_default()
}

/// Input of `dateTimeInputInstant`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct DateTimeInputInstantInput {
    /// The field's text, `YYYY-MM-DDTHH:MM` (or with `:SS`).
    pub text: String,
    #[serde(default)]
    pub timezone: Option<String>,
    pub lang: Lang,
}

/// `dateTimeInputInstant`: the instant (ms) the field's text names in the display zone; null
/// when blank or unreadable (the form's rule then says why). A time that occurs twice (clocks
/// set back) is its first occurrence; one that never occurs (clocks set forward) is null.
pub fn date_time_input_instant(input: DateTimeInputInstantInput) -> Option<f64> {
    let text = input.text.trim();
    let naive = NaiveDateTime::parse_from_str(text, FORMAT)
        .or_else(|_| NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S"))
        .ok()?;
    let zone = display_zone(input.timezone.as_deref(), input.lang);
    match zone.from_local_datetime(&naive) {
        LocalResult::Single(at) | LocalResult::Ambiguous(at, _) => {
            Some(at.timestamp_millis() as f64)
        }
        LocalResult::None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(ms: Option<f64>, tz: Option<&str>, lang: Lang) -> String {
        date_time_input_text(DateTimeInputTextInput {
            timestamp_ms: ms,
            timezone: tz.map(str::to_owned),
            lang,
        })
    }

    fn instant(text: &str, tz: Option<&str>) -> Option<f64> {
        date_time_input_instant(DateTimeInputInstantInput {
            text: text.to_owned(),
            timezone: tz.map(str::to_owned),
            lang: Lang::Zh,
        })
    }

    #[test]
    fn writes_and_reads_back_in_the_display_zone() {
        // 2026-11-28T06:30:00Z
        let ms = 1_795_847_400_000.0;
        assert_eq!(
            text(Some(ms), Some("Asia/Shanghai"), Lang::En),
            "2026-11-28T14:30"
        );
        assert_eq!(text(Some(ms), None, Lang::En), "2026-11-28T06:30");
        assert_eq!(text(Some(ms), None, Lang::Ja), "2026-11-28T15:30");
        assert_eq!(instant("2026-11-28T14:30", Some("Asia/Shanghai")), Some(ms));
        assert_eq!(instant(" 2026-11-28T14:30:00 ", None), Some(ms));
    }

    #[test]
    fn empty_or_unreadable_is_none() {
        assert_eq!(text(None, None, Lang::Zh), "");
        assert_eq!(text(Some(f64::NAN), None, Lang::Zh), "");
        assert_eq!(instant("", None), None);
        assert_eq!(instant("2026-13-01T00:00", None), None);
        assert_eq!(instant("tomorrow", None), None);
    }

    #[test]
    fn a_skipped_hour_is_none_and_a_repeated_one_its_first_occurrence() {
        // New York skipped 02:00–03:00 on 2026-03-08 and repeated 01:00–02:00 on 2026-11-01.
        assert_eq!(instant("2026-03-08T02:30", Some("America/New_York")), None);
        let first = instant("2026-11-01T01:30", Some("America/New_York")).unwrap();
        assert_eq!(
            text(Some(first), Some("America/New_York"), Lang::En),
            "2026-11-01T01:30"
        );
        // 01:30 EDT is 05:30Z.
        assert_eq!(first, 1_793_511_000_000.0);
    }
}

//! The console's analytics rules: the report period (days in UTC, `from` ≤ `to`, at most
//! [`MAX_RANGE_DAYS`] long) and the answer to a listener's feedback.
use serde::{Deserialize, Serialize};

use crate::{
    catalog::edit::Form,
    validation::{FieldError, FieldRule},
    Lang,
};

/// The longest period an analytics page or report covers, in days (a leap year).
pub const MAX_RANGE_DAYS: i64 = 366;
/// Most characters of an answer to a listener's feedback.
pub const REPLY_MAX_CHARS: usize = 2000;
/// Milliseconds in a day: analytics days are UTC days since 1970-01-01.
pub const DAY_MS: i64 = 86_400_000;

/// The UTC day (days since 1970-01-01) of a time in milliseconds since the epoch.
pub fn day_of_ms(ms: i64) -> i64 {
    ms.div_euclid(DAY_MS)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The `YYYY-MM-DD` date of a day number (the inverse of the parsing in [`parse_date`]).
pub fn date_of_day(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// The day number of a `YYYY-MM-DD` date from 1970 to 9999; `None` when malformed or not a
/// real date (2026-02-30).
pub fn parse_date(text: &str) -> Option<i64> {
    let bytes = text.as_bytes();
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return None;
    }
    let number = |range: std::ops::Range<usize>| -> Option<i64> {
        let part = &text[range];
        part.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| part.parse().ok())
            .flatten()
    };
    let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
    if !(1970..=9999).contains(&year) || !(1..=12).contains(&month) || day < 1 {
        return None;
    }
    let days = days_from_civil(year, month, day);
    (date_of_day(days) == text).then_some(days)
}

/// Input of `validateReportRange`: the period as typed (`YYYY-MM-DD`, UTC days, both included).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", default)]
pub struct ValidateReportRangeInput {
    pub from: Option<String>,
    pub to: Option<String>,
    /// Language of the error messages (the API answers in the request's language instead).
    pub lang: Lang,
}

/// A period that passed the rule: its first and last day (days since 1970-01-01), how many
/// days it spans, and the previous period of equal length that it is compared with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ReportRange {
    pub from_day: i64,
    pub to_day: i64,
    pub days: i64,
    pub previous_from_day: i64,
    pub previous_to_day: i64,
}

/// Output of `validateReportRange`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ReportRangeValidation {
    Valid { range: ReportRange },
    Invalid { errors: Vec<FieldError> },
}

/// `validateReportRange`: `from` and `to` required `YYYY-MM-DD` dates (format `date`); `to`
/// on or after `from` and the period at most [`MAX_RANGE_DAYS`] days (format `dateRange`).
pub fn validate_report_range(input: ValidateReportRangeInput) -> ReportRangeValidation {
    let mut form = Form::new(input.lang);
    let day = |form: &mut Form, field: &str, value: &Option<String>| {
        let text = value.as_deref().map(str::trim).unwrap_or_default();
        if text.is_empty() {
            form.fail(field, FieldRule::Required);
            return None;
        }
        let parsed = parse_date(text);
        if parsed.is_none() {
            form.fail(
                field,
                FieldRule::Format {
                    format: "date".to_owned(),
                },
            );
        }
        parsed
    };
    let from = day(&mut form, "from", &input.from);
    let to = day(&mut form, "to", &input.to);
    let (Some(from_day), Some(to_day)) = (from, to) else {
        return ReportRangeValidation::Invalid {
            errors: form.errors,
        };
    };
    let days = to_day - from_day + 1;
    if !(1..=MAX_RANGE_DAYS).contains(&days) {
        form.fail(
            "to",
            FieldRule::Format {
                format: "dateRange".to_owned(),
            },
        );
        return ReportRangeValidation::Invalid {
            errors: form.errors,
        };
    }
    ReportRangeValidation::Valid {
        range: ReportRange {
            from_day,
            to_day,
            days,
            previous_from_day: from_day - days,
            previous_to_day: from_day - 1,
        },
    }
}

/// Input of `recentPeriod`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct RecentPeriodInput {
    /// Now, in milliseconds since the epoch.
    pub now_ms: f64,
    /// How many days, today included (clamped to 1..=[`MAX_RANGE_DAYS`]).
    pub days: f64,
}

/// A period as the address and the API write it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct Period {
    pub from: String,
    pub to: String,
}

/// `recentPeriod`: the last `days` UTC days up to today (the console's default period).
pub fn recent_period(input: RecentPeriodInput) -> Period {
    let today = day_of_ms(input.now_ms as i64);
    let days = (input.days as i64).clamp(1, MAX_RANGE_DAYS);
    Period {
        from: date_of_day(today - days + 1),
        to: date_of_day(today),
    }
}

/// Input of `validateFeedbackReply`: the answer to a listener's message, as typed.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct ValidateFeedbackReplyInput {
    /// The answer, 1 to 2000 characters once trimmed.
    pub message: Option<String>,
    /// Language of the error messages (the API answers in the request's language instead).
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub lang: Lang,
}

/// Output of `validateFeedbackReply`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum FeedbackReplyValidation {
    Valid { message: String },
    Invalid { errors: Vec<FieldError> },
}

/// `validateFeedbackReply`: `message` required, trimmed, at most [`REPLY_MAX_CHARS`].
pub fn validate_feedback_reply(input: ValidateFeedbackReplyInput) -> FeedbackReplyValidation {
    let mut form = Form::new(input.lang);
    let message = form.required_text("message", &input.message, REPLY_MAX_CHARS);
    if form.errors.is_empty() {
        FeedbackReplyValidation::Valid { message }
    } else {
        FeedbackReplyValidation::Invalid {
            errors: form.errors,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(from: &str, to: &str) -> ReportRangeValidation {
        validate_report_range(ValidateReportRangeInput {
            from: Some(from.into()),
            to: Some(to.into()),
            lang: Lang::En,
        })
    }

    fn fields(validation: ReportRangeValidation) -> Vec<(String, FieldRule)> {
        match validation {
            ReportRangeValidation::Valid { .. } => vec![],
            ReportRangeValidation::Invalid { errors } => {
                errors.into_iter().map(|e| (e.field, e.rule)).collect()
            }
        }
    }

    #[test]
    fn dates_round_trip_through_day_numbers() {
        assert_eq!(parse_date("1970-01-01"), Some(0));
        assert_eq!(parse_date("2026-11-28"), Some(20_785));
        assert_eq!(date_of_day(20_785), "2026-11-28");
        assert_eq!(
            parse_date("2024-02-29").map(date_of_day).unwrap(),
            "2024-02-29"
        );
        assert_eq!(day_of_ms(20_785 * DAY_MS + 5), 20_785);
        for bad in [
            "2026-02-30",
            "2026-13-01",
            "26-11-28",
            "2026/11/28",
            "1969-12-31",
            "",
        ] {
            assert_eq!(parse_date(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_period_is_compared_with_the_one_just_before_it() {
        let ReportRangeValidation::Valid { range } = range("2026-11-01", "2026-11-30") else {
            panic!("valid");
        };
        assert_eq!(range.days, 30);
        assert_eq!(range.previous_to_day, range.from_day - 1);
        assert_eq!(range.previous_from_day, range.from_day - 30);
    }

    #[test]
    fn a_period_backwards_or_longer_than_a_leap_year_is_refused() {
        let date_range = FieldRule::Format {
            format: "dateRange".into(),
        };
        assert_eq!(
            fields(range("2026-11-02", "2026-11-01")),
            vec![("to".to_owned(), date_range.clone())]
        );
        assert!(fields(range("2024-01-01", "2024-12-31")).is_empty());
        assert_eq!(
            fields(range("2024-01-01", "2025-01-01")),
            vec![("to".to_owned(), date_range)]
        );
        let date = FieldRule::Format {
            format: "date".into(),
        };
        assert_eq!(
            fields(range("yesterday", "2026-02-30")),
            vec![("from".to_owned(), date.clone()), ("to".to_owned(), date)]
        );
    }

    #[test]
    fn the_recent_period_ends_today() {
        let now = 20_785 * DAY_MS + 3_600_000;
        let period = recent_period(RecentPeriodInput {
            now_ms: now as f64,
            days: 30.0,
        });
        assert_eq!(period.from, "2026-10-30");
        assert_eq!(period.to, "2026-11-28");
    }

    #[test]
    fn a_reply_is_trimmed_and_never_blank_or_too_long() {
        let reply = |text: &str| {
            validate_feedback_reply(ValidateFeedbackReplyInput {
                message: Some(text.into()),
                lang: Lang::Zh,
            })
        };
        assert_eq!(
            reply("  谢谢反馈，已修复。 "),
            FeedbackReplyValidation::Valid {
                message: "谢谢反馈，已修复。".into()
            }
        );
        assert!(matches!(
            reply("   "),
            FeedbackReplyValidation::Invalid { .. }
        ));
        assert!(matches!(
            reply(&"长".repeat(REPLY_MAX_CHARS + 1)),
            FeedbackReplyValidation::Invalid { .. }
        ));
    }
}

//! A browser's anti-crawler report (spec §3: type, visitorId, timestamp, details) and the checks
//! it passes before it is stored (`validateAntiCrawlerReport`).
use serde::{Deserialize, Serialize};

use crate::catalog::edit::Form;
use crate::spelling::Spelling;
use crate::tracking::event::TIMESTAMP_MAX;
use crate::validation::{FieldError, FieldRule};
use crate::Lang;

/// Most characters of a visitor id.
pub const VISITOR_ID_MAX_CHARS: usize = 64;
/// Most characters of the details, written as JSON.
pub const DETAILS_MAX_CHARS: usize = 2048;

/// What a browser detected (spec §7, §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum ReportKind {
    /// Developer tools open (the window is wider or taller than its page by over 160 px).
    Devtools,
    /// A debugger paused the page (a pause point took over 100 ms).
    Debugger,
    /// A browser extension's scripts or elements in the page.
    Extensions,
    /// A browser function (`fetch`, `XMLHttpRequest`, …) replaced by a script.
    Hooks,
    /// The periodic integrity checks found something changed.
    Integrity,
}

impl Spelling for ReportKind {
    const ALL: &'static [Self] = &[
        Self::Devtools,
        Self::Debugger,
        Self::Extensions,
        Self::Hooks,
        Self::Integrity,
    ];

    fn as_str(self) -> &'static str {
        match self {
            Self::Devtools => "devtools",
            Self::Debugger => "debugger",
            Self::Extensions => "extensions",
            Self::Hooks => "hooks",
            Self::Integrity => "integrity",
        }
    }
}

/// Input of `validateAntiCrawlerReport`: one report as sent.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct ValidateAntiCrawlerReportInput {
    /// `devtools`, `debugger`, `extensions`, `hooks` or `integrity`.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// The browser's own id for this visitor (its tracking session id).
    pub visitor_id: Option<String>,
    /// When it was detected, in milliseconds since 1970; the time of arrival when absent.
    pub timestamp: Option<f64>,
    /// What was seen, as a JSON object of at most 2,048 characters.
    #[cfg_attr(feature = "ts", tsify(type = "Record<string, unknown> | null"))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub details: Option<serde_json::Value>,
    /// Language of the error messages (the API answers in the request's language instead).
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub lang: Lang,
}

/// A report that passed every check.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ReportFields {
    pub kind: ReportKind,
    pub visitor_id: String,
    /// Null when the browser sent none.
    pub timestamp: Option<i64>,
    /// The details as JSON text (`{}` when none were sent).
    pub details: String,
}

/// Output of `validateAntiCrawlerReport`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ReportValidation {
    Valid { report: ReportFields },
    Invalid { errors: Vec<FieldError> },
}

/// `validateAntiCrawlerReport`: `type` one of [`ReportKind`] (required); `visitorId` required,
/// at most [`VISITOR_ID_MAX_CHARS`]; `timestamp` a whole number from 0 to the year 3000 when
/// given; `details` a JSON object (format `object`) of at most [`DETAILS_MAX_CHARS`] characters
/// as JSON, `{}` when absent.
pub fn validate_anti_crawler_report(input: ValidateAntiCrawlerReportInput) -> ReportValidation {
    let mut form = Form::new(input.lang);
    let kind = form.choice::<ReportKind>("type", &input.kind);
    let visitor_id = form.required_text("visitorId", &input.visitor_id, VISITOR_ID_MAX_CHARS);
    let timestamp = match input.timestamp {
        Some(ms)
            if ms.is_finite()
                && ms.fract() == 0.0
                && (0.0..=TIMESTAMP_MAX as f64).contains(&ms) =>
        {
            Some(ms as i64)
        }
        Some(_) => {
            form.fail(
                "timestamp",
                FieldRule::WholeNumber {
                    min: 0,
                    max: TIMESTAMP_MAX as usize,
                },
            );
            None
        }
        None => None,
    };
    let details = match &input.details {
        None | Some(serde_json::Value::Null) => "{}".to_owned(),
        Some(value @ serde_json::Value::Object(_)) => {
            let text = value.to_string();
            if text.chars().count() > DETAILS_MAX_CHARS {
                form.fail(
                    "details",
                    FieldRule::TooLong {
                        max: DETAILS_MAX_CHARS,
                    },
                );
            }
            text
        }
        Some(_) => {
            form.fail(
                "details",
                FieldRule::Format {
                    format: "object".into(),
                },
            );
            String::new()
        }
    };
    match (form.errors.is_empty(), kind) {
        (true, Some(kind)) => ReportValidation::Valid {
            report: ReportFields {
                kind,
                visitor_id,
                timestamp,
                details,
            },
        },
        _ => ReportValidation::Invalid {
            errors: form.errors,
        },
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn check(input: serde_json::Value) -> ReportValidation {
        validate_anti_crawler_report(serde_json::from_value(input).unwrap())
    }

    fn fields(validation: ReportValidation) -> Vec<(String, FieldRule)> {
        match validation {
            ReportValidation::Invalid { errors } => {
                errors.into_iter().map(|e| (e.field, e.rule)).collect()
            }
            valid => panic!("expected errors, got {valid:?}"),
        }
    }

    #[test]
    fn a_whole_report_passes_with_its_details_as_json() {
        let valid = check(json!({
            "type": "devtools", "visitorId": "v-1", "timestamp": 1_700_000_000_000u64,
            "details": {"widthGap": 300}
        }));
        assert_eq!(
            valid,
            ReportValidation::Valid {
                report: ReportFields {
                    kind: ReportKind::Devtools,
                    visitor_id: "v-1".into(),
                    timestamp: Some(1_700_000_000_000),
                    details: r#"{"widthGap":300}"#.into(),
                }
            }
        );
    }

    #[test]
    fn each_field_names_its_rule() {
        let errors = fields(check(json!({
            "type": "screenshot", "visitorId": "x".repeat(65), "timestamp": -1,
            "details": [1, 2]
        })));
        let names: Vec<&str> = errors.iter().map(|(f, _)| f.as_str()).collect();
        assert_eq!(names, ["type", "visitorId", "timestamp", "details"]);
        assert!(matches!(errors[1].1, FieldRule::TooLong { max: 64 }));
        assert!(matches!(&errors[3].1, FieldRule::Format { format } if format == "object"));
    }

    #[test]
    fn missing_type_and_visitor_are_required_and_big_details_too_long() {
        let errors = fields(check(json!({"details": {"x": "y".repeat(3000)}})));
        assert_eq!(errors[0], ("type".into(), FieldRule::Required));
        assert_eq!(errors[1], ("visitorId".into(), FieldRule::Required));
        assert!(matches!(errors[2], (ref f, FieldRule::TooLong { max: 2048 }) if f == "details"));
    }
}

//! The shared vocabulary of form errors: which rule a field broke, and the sentence saying so.
use serde::{Deserialize, Serialize};

use crate::i18n::texts::{text, text_with};
use crate::Lang;

/// The rule a field broke, with the limit it broke. Serialized with a `rule` tag
/// (`{"rule": "tooShort", "min": 8}`), flattened into [`FieldError`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "rule", rename_all = "camelCase")]
pub enum FieldRule {
    /// Missing or blank.
    Required,
    /// Fewer than `min` characters (Unicode scalar values, so one CJK character is one).
    TooShort { min: usize },
    /// More than `max` characters.
    TooLong { max: usize },
    /// More than `max` items in a list.
    TooMany { max: usize },
    /// Not one of the `allowed` values.
    OneOf { allowed: Vec<String> },
    /// Not a whole number from `min` to `max`.
    WholeNumber { min: usize, max: usize },
    /// Not a number (a fraction allowed) from `min` to `max`.
    Between { min: i64, max: i64 },
    /// Not an amount of money from 0 to `max` (major units: yuan, dollars, yen) with at most
    /// `decimals` digits after the point.
    Money { decimals: usize, max: usize },
    /// Not a well-formed value of `format` (`email`, `url`).
    Format { format: String },
    /// A character outside the username set (letters, digits, `_`, `-`), or only digits.
    Characters,
    /// A password with fewer than two kinds of characters.
    Weak,
    /// A password equal to the account's username or email (ignoring case).
    SameAsAccount,
    /// A new password equal to the current one.
    Unchanged,
}

/// One field, the rule it broke and what that means in the reader's language:
/// `{"field", "rule", "min"?, "max"?, "allowed"?, "format"?, "message"}`.
///
/// Its TypeScript declaration is written by hand below: tsify would declare the flattened
/// union as `interface FieldError extends FieldRule`, which TypeScript refuses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldError {
    pub field: String,
    #[serde(flatten)]
    pub rule: FieldRule,
    pub message: String,
}

#[cfg(feature = "ts")]
#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const FIELD_ERROR_TS: &str = r#"
/**
 * One field, the rule it broke and what that means in the reader's language.
 */
export type FieldError = { field: string; message: string } & FieldRule;
"#;

impl FieldError {
    /// The error of `field` for `rule`, its message taken from the catalogue in `lang`.
    pub fn new(field: &str, rule: FieldRule, lang: Lang) -> Self {
        let message = describe_rule(&rule, lang);
        Self {
            field: field.to_owned(),
            rule,
            message,
        }
    }
}

/// What breaking `rule` means, in `lang` (catalogue section `validation`).
pub fn describe_rule(rule: &FieldRule, lang: Lang) -> String {
    match rule {
        FieldRule::Required => text(lang, "validation.required").to_owned(),
        FieldRule::TooShort { min } => {
            text_with(lang, "validation.tooShort", &[("min", &min.to_string())])
        }
        FieldRule::TooLong { max } => {
            text_with(lang, "validation.tooLong", &[("max", &max.to_string())])
        }
        FieldRule::TooMany { max } => {
            text_with(lang, "validation.tooMany", &[("max", &max.to_string())])
        }
        FieldRule::OneOf { allowed } => text_with(
            lang,
            "validation.oneOf",
            &[("allowed", &allowed.join(", "))],
        ),
        FieldRule::WholeNumber { min, max } => text_with(
            lang,
            "validation.wholeNumber",
            &[("min", &min.to_string()), ("max", &max.to_string())],
        ),
        FieldRule::Between { min, max } => text_with(
            lang,
            "validation.between",
            &[("min", &min.to_string()), ("max", &max.to_string())],
        ),
        FieldRule::Money { decimals: 0, max } => {
            text_with(lang, "validation.moneyWhole", &[("max", &max.to_string())])
        }
        FieldRule::Money { decimals, max } => text_with(
            lang,
            "validation.money",
            &[
                ("max", &max.to_string()),
                ("decimals", &decimals.to_string()),
            ],
        ),
        FieldRule::Format { format } => {
            let key = match format.as_str() {
                "email" => "validation.format.email",
                "url" => "validation.format.url",
                "slug" => "validation.format.slug",
                "sessionId" => "validation.format.sessionId",
                "object" => "validation.format.object",
                "date" => "console.format.date",
                "dateRange" => "console.format.dateRange",
                "afterStart" => "console.format.afterStart",
                "future" => "console.format.future",
                "contact" => "console.format.contact",
                "instant" => "console.format.instant",
                "futureDate" => "console.format.futureDate",
                _ => "validation.format.other",
            };
            text(lang, key).to_owned()
        }
        FieldRule::Characters => text(lang, "validation.characters").to_owned(),
        FieldRule::Weak => text(lang, "validation.weak").to_owned(),
        FieldRule::SameAsAccount => text(lang, "validation.sameAsAccount").to_owned(),
        FieldRule::Unchanged => text(lang, "validation.unchanged").to_owned(),
    }
}

/// The sentence that heads a refused form, in `lang`.
pub fn summary(lang: Lang) -> String {
    text(lang, "validation.summary").to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn every_rule() -> Vec<FieldRule> {
        vec![
            FieldRule::Required,
            FieldRule::TooShort { min: 8 },
            FieldRule::TooLong { max: 20 },
            FieldRule::OneOf {
                allowed: vec!["zh".into(), "en".into()],
            },
            FieldRule::WholeNumber { min: 1, max: 50 },
            FieldRule::Between { min: 0, max: 1 },
            FieldRule::Format {
                format: "sessionId".into(),
            },
            FieldRule::Format {
                format: "email".into(),
            },
            FieldRule::Format {
                format: "url".into(),
            },
            FieldRule::Format {
                format: "phone".into(),
            },
            FieldRule::Characters,
            FieldRule::Weak,
            FieldRule::SameAsAccount,
            FieldRule::Unchanged,
        ]
    }

    #[test]
    fn serializes_flat() {
        let error = FieldError::new("password", FieldRule::TooShort { min: 8 }, Lang::En);
        assert_eq!(
            serde_json::to_value(&error).unwrap(),
            json!({"field": "password", "rule": "tooShort", "min": 8,
                   "message": "Use at least 8 characters."})
        );
        let error = FieldError::new(
            "email",
            FieldRule::Format {
                format: "email".into(),
            },
            Lang::Zh,
        );
        let value = serde_json::to_value(&error).unwrap();
        assert_eq!(value["rule"], "format");
        assert_eq!(value["format"], "email");
        assert_eq!(
            serde_json::to_value(FieldError::new("x", FieldRule::SameAsAccount, Lang::En)).unwrap()
                ["rule"],
            "sameAsAccount"
        );
        let back: FieldError = serde_json::from_value(value).unwrap();
        assert_eq!(back, error);
    }

    #[test]
    fn every_rule_has_a_distinct_message_in_every_language() {
        for lang in Lang::ALL {
            let messages: Vec<String> = every_rule()
                .iter()
                .map(|rule| describe_rule(rule, lang))
                .collect();
            let mut unique = messages.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), messages.len(), "{lang:?}: {messages:?}");
        }
    }

    #[test]
    fn limits_and_choices_appear_in_the_message() {
        for lang in Lang::ALL {
            assert!(describe_rule(&FieldRule::TooLong { max: 254 }, lang).contains("254"));
            let one_of = FieldRule::OneOf {
                allowed: vec!["zh".into(), "ja".into()],
            };
            assert!(describe_rule(&one_of, lang).contains("zh, ja"));
            let range = describe_rule(&FieldRule::WholeNumber { min: 1, max: 200 }, lang);
            assert!(range.contains('1') && range.contains("200"), "{range}");
            assert!(!summary(lang).is_empty());
        }
    }
}

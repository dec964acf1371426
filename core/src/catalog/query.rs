//! Query parameters of the catalogue's lists (`?page&pageSize&status&access&sort&bookId`):
//! which values pass, and the sentences naming the parameter and its rule when one does not.
use serde::{Deserialize, Serialize};

use crate::i18n::texts::text_with;
use crate::validation::{describe_rule, FieldError, FieldRule};
use crate::Lang;

/// The highest page number any list accepts.
pub const MAX_PAGE: usize = 1_000_000;
/// A book's status, as stored and as filtered on.
pub const BOOK_STATUSES: [&str; 2] = ["serialising", "finished"];
/// A book's kind of access, as stored and as filtered on.
pub const BOOK_ACCESS: [&str; 3] = ["free", "vip", "paid"];

/// What a query parameter must be.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "rule", rename_all = "camelCase")]
pub enum ParamCheck {
    /// A page number: a whole number from 1 to [`MAX_PAGE`].
    Page,
    /// A whole number (digits only) from `min` to `max`.
    WholeNumber { min: usize, max: usize },
    /// Exactly one of `allowed`.
    OneOf { allowed: Vec<String> },
}

impl ParamCheck {
    /// `oneOf` from a list of spellings.
    pub fn one_of(allowed: &[&str]) -> Self {
        Self::OneOf {
            allowed: allowed.iter().map(|value| (*value).to_owned()).collect(),
        }
    }

    fn rule(&self) -> FieldRule {
        match self {
            Self::Page => FieldRule::WholeNumber {
                min: 1,
                max: MAX_PAGE,
            },
            Self::WholeNumber { min, max } => FieldRule::WholeNumber {
                min: *min,
                max: *max,
            },
            Self::OneOf { allowed } => FieldRule::OneOf {
                allowed: allowed.clone(),
            },
        }
    }
}

/// Input of `checkQueryParam`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CheckQueryParamInput {
    /// The parameter's name as it appears in the address (`pageSize`).
    pub field: String,
    /// The raw value; null when the parameter is absent.
    #[serde(default)]
    pub value: Option<String>,
    pub check: ParamCheck,
    /// Language of the sentences of a refusal.
    pub lang: Lang,
}

/// Output of `checkQueryParam`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum QueryParamCheck {
    /// Missing or blank: the list's default applies.
    Absent,
    /// A whole number within its bounds.
    Number { value: usize },
    /// One of the allowed spellings.
    Choice { value: String },
    /// Refused: `error` names the field and its rule (its `message` says the rule), and
    /// `message` is the whole sentence naming both, for the answer's `message`.
    Invalid { error: FieldError, message: String },
}

/// `checkQueryParam`: the value, trimmed, checked against `check`. A blank value is
/// absent; a whole number is ASCII digits only (no sign, no spaces inside).
pub fn check_query_param(input: CheckQueryParamInput) -> QueryParamCheck {
    let Some(value) = input
        .value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
    else {
        return QueryParamCheck::Absent;
    };
    let rule = input.check.rule();
    let passed = match &rule {
        FieldRule::WholeNumber { min, max } => value
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| value.parse::<usize>().ok())
            .flatten()
            .filter(|n| (*min..=*max).contains(n))
            .map(|value| QueryParamCheck::Number { value }),
        FieldRule::OneOf { allowed } => {
            allowed
                .iter()
                .any(|a| a == value)
                .then(|| QueryParamCheck::Choice {
                    value: value.to_owned(),
                })
        }
        _ => None,
    };
    passed.unwrap_or_else(|| QueryParamCheck::Invalid {
        message: param_message(&input.field, &rule, input.lang),
        error: FieldError::new(&input.field, rule, input.lang),
    })
}

/// "Invalid parameter `field`. `<what the rule asks>`", in `lang` (query and path alike).
pub fn param_message(field: &str, rule: &FieldRule, lang: Lang) -> String {
    text_with(
        lang,
        "validation.param",
        &[("field", field), ("problem", &describe_rule(rule, lang))],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(value: Option<&str>, check: ParamCheck, lang: Lang) -> QueryParamCheck {
        check_query_param(CheckQueryParamInput {
            field: "pageSize".into(),
            value: value.map(str::to_owned),
            check,
            lang,
        })
    }

    const SIZE: ParamCheck = ParamCheck::WholeNumber { min: 1, max: 50 };

    #[test]
    fn blank_is_absent_and_numbers_within_bounds_pass() {
        assert_eq!(check(None, SIZE, Lang::En), QueryParamCheck::Absent);
        assert_eq!(check(Some("  "), SIZE, Lang::En), QueryParamCheck::Absent);
        assert_eq!(
            check(Some(" 50 "), SIZE, Lang::En),
            QueryParamCheck::Number { value: 50 }
        );
        assert_eq!(
            check(Some("007"), SIZE, Lang::En),
            QueryParamCheck::Number { value: 7 }
        );
    }

    #[test]
    fn out_of_bounds_signed_or_huge_numbers_are_refused() {
        for bad in [
            "0",
            "51",
            "-1",
            "+5",
            "1.5",
            "two",
            "99999999999999999999999",
        ] {
            match check(Some(bad), SIZE, Lang::En) {
                QueryParamCheck::Invalid { error, message } => {
                    assert_eq!(error.field, "pageSize", "{bad}");
                    assert_eq!(error.rule, FieldRule::WholeNumber { min: 1, max: 50 });
                    assert!(
                        message.contains("pageSize") && message.contains("50"),
                        "{message}"
                    );
                }
                other => panic!("{bad}: {other:?}"),
            }
        }
    }

    #[test]
    fn choices_are_exact_and_their_refusal_lists_them_in_every_language() {
        let sort = ParamCheck::one_of(&["newest", "popular"]);
        assert_eq!(
            check(Some("newest"), sort.clone(), Lang::Zh),
            QueryParamCheck::Choice {
                value: "newest".into()
            }
        );
        let mut messages = Vec::new();
        for lang in Lang::ALL {
            match check(Some("Newest"), sort.clone(), lang) {
                QueryParamCheck::Invalid { error, message } => {
                    assert!(error.message.contains("newest, popular"), "{lang:?}");
                    assert!(message.contains("pageSize") && message.contains(&error.message));
                    messages.push(message);
                }
                other => panic!("{other:?}"),
            }
        }
        messages.dedup();
        assert_eq!(messages.len(), 3, "{messages:?}");
    }
}

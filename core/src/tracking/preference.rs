//! A listener's explicit preference (spec §3: type, key, value, weight, source) and the checks
//! it passes before it is stored (`validatePreference`).
use serde::{Deserialize, Serialize};

use super::event::range;
use crate::catalog::edit::Form;
use crate::spelling::Spelling;
use crate::validation::FieldError;
use crate::Lang;

/// Most characters of a preference's type (`category`, `author`, `narrator`, …).
pub const PREFERENCE_TYPE_MAX_CHARS: usize = 32;
/// Most characters of a preference's key (`12`, `wuxia`, …).
pub const PREFERENCE_KEY_MAX_CHARS: usize = 64;
/// Most characters of a preference's value.
pub const PREFERENCE_VALUE_MAX_CHARS: usize = 256;
/// The highest weight; 0 is the lowest and means "no preference".
pub const WEIGHT_MAX: i64 = 10;
/// The weight of a preference sent without one.
pub const DEFAULT_WEIGHT: f64 = 1.0;

/// Where a preference came from: the listener said so (spec §3: always `explicit`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum PreferenceSource {
    Explicit,
}

impl Spelling for PreferenceSource {
    const ALL: &'static [Self] = &[Self::Explicit];

    fn as_str(self) -> &'static str {
        match self {
            Self::Explicit => "explicit",
        }
    }
}

/// Input of `validatePreference`: one preference as sent.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct ValidatePreferenceInput {
    /// What it is about: `category`, `author` and `narrator` (with the record's id, or a
    /// category's slug, as the key) move recommendations; other types are kept as given.
    pub preference_type: Option<String>,
    pub preference_key: Option<String>,
    pub preference_value: Option<String>,
    /// From 0 (none) to 10; 1 when absent.
    pub weight: Option<f64>,
    /// `explicit` (the only source; when absent too).
    pub source: Option<String>,
    /// Language of the error messages (the API answers in the request's language instead).
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub lang: Lang,
}

/// A preference that passed every check.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PreferenceFields {
    pub preference_type: String,
    pub preference_key: String,
    /// Empty when none was given.
    pub preference_value: String,
    pub weight: f64,
    pub source: PreferenceSource,
}

/// Output of `validatePreference`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum PreferenceValidation {
    Valid { preference: PreferenceFields },
    Invalid { errors: Vec<FieldError> },
}

/// `validatePreference`: `preferenceType` (required, at most [`PREFERENCE_TYPE_MAX_CHARS`]),
/// `preferenceKey` (required, at most [`PREFERENCE_KEY_MAX_CHARS`]), `preferenceValue`
/// (at most [`PREFERENCE_VALUE_MAX_CHARS`]), `weight` (from 0 to [`WEIGHT_MAX`], a fraction
/// allowed; [`DEFAULT_WEIGHT`] when absent), `source` (`explicit` when absent; `oneOf`
/// otherwise). Texts are trimmed.
pub fn validate_preference(input: ValidatePreferenceInput) -> PreferenceValidation {
    let mut form = Form::new(input.lang);
    let preference_type = form.required_text(
        "preferenceType",
        &input.preference_type,
        PREFERENCE_TYPE_MAX_CHARS,
    );
    let preference_key = form.required_text(
        "preferenceKey",
        &input.preference_key,
        PREFERENCE_KEY_MAX_CHARS,
    );
    let preference_value = form.optional_text(
        "preferenceValue",
        &input.preference_value,
        PREFERENCE_VALUE_MAX_CHARS,
    );
    let weight = range(&mut form, "weight", input.weight, 0, WEIGHT_MAX);
    let source = match &input.source {
        None => Some(PreferenceSource::Explicit),
        given => form.choice::<PreferenceSource>("source", given),
    };
    match (form.errors.is_empty(), source) {
        (true, Some(source)) => PreferenceValidation::Valid {
            preference: PreferenceFields {
                preference_type,
                preference_key,
                preference_value: preference_value.unwrap_or_default(),
                weight: weight.unwrap_or(DEFAULT_WEIGHT),
                source,
            },
        },
        _ => PreferenceValidation::Invalid {
            errors: form.errors,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spelling::tests::round_trips;

    fn input() -> ValidatePreferenceInput {
        ValidatePreferenceInput {
            preference_type: Some(" category ".into()),
            preference_key: Some("3".into()),
            preference_value: None,
            weight: None,
            source: Some("explicit".into()),
            lang: Lang::Ja,
        }
    }

    fn fields(input: ValidatePreferenceInput) -> Vec<String> {
        match validate_preference(input) {
            PreferenceValidation::Invalid { errors } => {
                errors.into_iter().map(|e| e.field).collect()
            }
            PreferenceValidation::Valid { .. } => Vec::new(),
        }
    }

    #[test]
    fn the_source_spelling_round_trips() {
        round_trips::<PreferenceSource>();
    }

    #[test]
    fn a_preference_is_trimmed_and_weighs_one_by_default() {
        let mut no_source = input();
        no_source.source = None;
        for given in [input(), no_source] {
            assert_eq!(
                validate_preference(given),
                PreferenceValidation::Valid {
                    preference: PreferenceFields {
                        preference_type: "category".into(),
                        preference_key: "3".into(),
                        preference_value: String::new(),
                        weight: 1.0,
                        source: PreferenceSource::Explicit,
                    }
                }
            );
        }
    }

    #[test]
    fn each_bad_field_is_named() {
        type Spoil = fn(&mut ValidatePreferenceInput);
        let cases: Vec<(&str, Spoil)> = vec![
            ("preferenceType", |p| p.preference_type = None),
            ("preferenceType", |p| {
                p.preference_type = Some("x".repeat(33))
            }),
            ("preferenceKey", |p| p.preference_key = Some(" ".into())),
            ("preferenceKey", |p| p.preference_key = Some("k".repeat(65))),
            ("preferenceValue", |p| {
                p.preference_value = Some("v".repeat(257))
            }),
            ("weight", |p| p.weight = Some(-0.5)),
            ("weight", |p| p.weight = Some(10.5)),
            ("source", |p| p.source = Some("implicit".into())),
            ("source", |p| p.source = Some(String::new())),
        ];
        for (field, spoil) in cases {
            let mut given = input();
            spoil(&mut given);
            assert_eq!(fields(given), vec![field.to_owned()], "{field}");
        }
    }
}

//! The limited-free campaign form (`validateCampaign`).
//!
//! Overlapping campaigns: a book is free while ANY campaign covering it runs (it is named in
//! the campaign, or filed directly in one of its categories), and its countdown shows the
//! LATEST end among the campaigns running then (`campaignEnd`). Ending one campaign early
//! therefore frees nothing less that another running campaign still covers.
use serde::{Deserialize, Serialize};

use crate::catalog::edit::Form;
use crate::validation::{FieldError, FieldRule};
use crate::Lang;

/// Most characters of a campaign's name.
pub const CAMPAIGN_NAME_MAX_CHARS: usize = 100;
/// Most books named in one campaign.
pub const CAMPAIGN_BOOKS_MAX: usize = 500;
/// Most categories named in one campaign.
pub const CAMPAIGN_CATEGORIES_MAX: usize = 50;
/// The latest instant a window may name (year 9999), in ms since the epoch.
pub const INSTANT_MAX_MS: f64 = 253_402_300_799_000.0;

/// Input of `validateCampaign`: the campaign form as typed.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct ValidateCampaignInput {
    pub name: Option<String>,
    /// When it begins, ms since the epoch (inclusive).
    pub starts_at: Option<f64>,
    /// When it ends, ms since the epoch (exclusive); after `startsAt`.
    pub ends_at: Option<f64>,
    /// The books it frees.
    pub book_ids: Option<Vec<f64>>,
    /// The categories whose books it frees (books filed directly in them).
    pub category_ids: Option<Vec<f64>>,
    /// The present, ms since the epoch (the server uses its clock).
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub now_ms: f64,
    /// A new campaign must end in the future (an existing one may be edited after its end).
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub creating: bool,
    /// Language of the error messages (the API answers in the request's language instead).
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub lang: Lang,
}

/// A campaign form that passed every rule: ids without repeats, in the order given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CampaignFields {
    pub name: String,
    pub starts_at: i64,
    pub ends_at: i64,
    pub book_ids: Vec<i32>,
    pub category_ids: Vec<i32>,
}

/// Output of `validateCampaign`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum CampaignValidation {
    Valid { campaign: CampaignFields },
    Invalid { errors: Vec<FieldError> },
}

/// `validateCampaign`: `name` (required, at most [`CAMPAIGN_NAME_MAX_CHARS`]); `startsAt`
/// and `endsAt` (required instants, `endsAt` after `startsAt` — format `afterStart` — and,
/// when `creating`, after `nowMs` — format `future`); `bookIds` (at most
/// [`CAMPAIGN_BOOKS_MAX`]) and `categoryIds` (at most [`CAMPAIGN_CATEGORIES_MAX`]) of
/// positive whole ids, at least one between them (else `bookIds` is required).
pub fn validate_campaign(input: ValidateCampaignInput) -> CampaignValidation {
    let mut form = Form::new(input.lang);
    let name = form.required_text("name", &input.name, CAMPAIGN_NAME_MAX_CHARS);
    let starts_at = instant(&mut form, "startsAt", input.starts_at);
    let ends_at = instant(&mut form, "endsAt", input.ends_at);
    if let (Some(start), Some(end)) = (starts_at, ends_at) {
        if end <= start {
            form.fail("endsAt", after("afterStart"));
        } else if input.creating && (end as f64) <= input.now_ms {
            form.fail("endsAt", after("future"));
        }
    }
    let book_ids = ids(&mut form, "bookIds", &input.book_ids, CAMPAIGN_BOOKS_MAX);
    let category_ids = ids(
        &mut form,
        "categoryIds",
        &input.category_ids,
        CAMPAIGN_CATEGORIES_MAX,
    );
    let named_none = input.book_ids.as_ref().is_none_or(Vec::is_empty)
        && input.category_ids.as_ref().is_none_or(Vec::is_empty);
    if named_none {
        form.fail("bookIds", FieldRule::Required);
    }
    match (form.errors.is_empty(), starts_at, ends_at) {
        (true, Some(starts_at), Some(ends_at)) => CampaignValidation::Valid {
            campaign: CampaignFields {
                name,
                starts_at,
                ends_at,
                book_ids,
                category_ids,
            },
        },
        _ => CampaignValidation::Invalid {
            errors: form.errors,
        },
    }
}

fn after(format: &str) -> FieldRule {
    FieldRule::Format {
        format: format.to_owned(),
    }
}

/// A required instant: whole ms since the epoch from 0 to [`INSTANT_MAX_MS`] (else format
/// `instant`).
pub(crate) fn instant(form: &mut Form, field: &str, value: Option<f64>) -> Option<i64> {
    let Some(ms) = value else {
        form.fail(field, FieldRule::Required);
        return None;
    };
    if ms.fract() != 0.0 || !(0.0..=INSTANT_MAX_MS).contains(&ms) {
        form.fail(
            field,
            FieldRule::Format {
                format: "instant".into(),
            },
        );
        return None;
    }
    Some(ms as i64)
}

/// Positive whole ids, at most `max`, repeats dropped (empty when absent or bad).
fn ids(form: &mut Form, field: &str, value: &Option<Vec<f64>>, max: usize) -> Vec<i32> {
    let Some(values) = value else {
        return Vec::new();
    };
    if values.len() > max {
        form.fail(field, FieldRule::TooMany { max });
        return Vec::new();
    }
    let mut ids: Vec<i32> = Vec::with_capacity(values.len());
    for &id in values {
        let whole = id.fract() == 0.0 && id >= 1.0 && id <= f64::from(i32::MAX);
        if !whole {
            form.fail(
                field,
                FieldRule::WholeNumber {
                    min: 1,
                    max: i32::MAX as usize,
                },
            );
            return Vec::new();
        }
        if !ids.contains(&(id as i32)) {
            ids.push(id as i32);
        }
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: f64 = 86_400_000.0;

    fn form() -> ValidateCampaignInput {
        ValidateCampaignInput {
            name: Some(" 国庆限免 ".into()),
            starts_at: Some(10.0 * DAY),
            ends_at: Some(20.0 * DAY),
            book_ids: Some(vec![3.0, 1.0, 3.0]),
            category_ids: None,
            now_ms: 12.0 * DAY,
            creating: true,
            lang: Lang::En,
        }
    }

    fn errors(input: ValidateCampaignInput) -> Vec<(String, FieldRule)> {
        match validate_campaign(input) {
            CampaignValidation::Invalid { errors } => {
                errors.into_iter().map(|e| (e.field, e.rule)).collect()
            }
            CampaignValidation::Valid { campaign } => panic!("valid: {campaign:?}"),
        }
    }

    #[test]
    fn a_complete_campaign_is_trimmed_without_repeats() {
        let CampaignValidation::Valid { campaign } = validate_campaign(form()) else {
            panic!("valid");
        };
        assert_eq!(campaign.name, "国庆限免");
        assert_eq!(campaign.book_ids, [3, 1]);
        assert_eq!(campaign.ends_at, (20.0 * DAY) as i64);
    }

    #[test]
    fn the_end_follows_the_start_and_a_new_one_ends_in_the_future() {
        let backwards = ValidateCampaignInput {
            ends_at: Some(10.0 * DAY),
            ..form()
        };
        assert_eq!(errors(backwards), [("endsAt".into(), after("afterStart"))]);
        let over = ValidateCampaignInput {
            now_ms: 20.0 * DAY,
            ..form()
        };
        assert_eq!(errors(over.clone()), [("endsAt".into(), after("future"))]);
        let edited = ValidateCampaignInput {
            creating: false,
            ..over
        };
        assert!(matches!(
            validate_campaign(edited),
            CampaignValidation::Valid { .. }
        ));
    }

    #[test]
    fn a_campaign_names_a_book_or_a_category() {
        let none = ValidateCampaignInput {
            book_ids: Some(vec![]),
            ..form()
        };
        assert_eq!(errors(none), [("bookIds".into(), FieldRule::Required)]);
        let categories = ValidateCampaignInput {
            book_ids: None,
            category_ids: Some(vec![2.0]),
            ..form()
        };
        assert!(matches!(
            validate_campaign(categories),
            CampaignValidation::Valid { .. }
        ));
        let blank = ValidateCampaignInput {
            name: None,
            starts_at: None,
            book_ids: Some(vec![0.5]),
            ..form()
        };
        let fields: Vec<String> = errors(blank).into_iter().map(|(f, _)| f).collect();
        assert_eq!(fields, ["name", "startsAt", "bookIds"]);
    }
}

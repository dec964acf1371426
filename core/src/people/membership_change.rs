//! `validateMembershipChange`: the console's form that grants a membership (for a plan's
//! length, until a date, or for life) or takes it away, always with a reason.
use serde::{Deserialize, Serialize};

use crate::catalog::edit::{Form, ID_MAX};
use crate::spelling::Spelling;
use crate::validation::{FieldError, FieldRule};
use crate::Lang;

/// Most characters of the reason given for a change.
pub const REASON_MAX_CHARS: usize = 500;
/// The latest expiry a grant may set: 9999-12-31T23:59:59.999Z.
pub const EXPIRES_AT_MAX: i64 = 253_402_300_799_999;

/// Whether the membership is granted or taken away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum MembershipAction {
    Grant,
    Revoke,
}

impl Spelling for MembershipAction {
    const ALL: &'static [Self] = &[Self::Grant, Self::Revoke];

    fn as_str(self) -> &'static str {
        match self {
            Self::Grant => "grant",
            Self::Revoke => "revoke",
        }
    }
}

/// How long a grant lasts: a plan's length (added like a payment), until a date, or for life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum MembershipTerm {
    Plan,
    Until,
    Lifetime,
}

impl Spelling for MembershipTerm {
    const ALL: &'static [Self] = &[Self::Plan, Self::Until, Self::Lifetime];

    fn as_str(self) -> &'static str {
        match self {
            Self::Plan => "plan",
            Self::Until => "until",
            Self::Lifetime => "lifetime",
        }
    }
}

/// Input of `validateMembershipChange`: the form as typed.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct ValidateMembershipChangeInput {
    /// `grant` or `revoke` (the API takes it from the method: POST grants, DELETE revokes).
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub action: Option<String>,
    /// A grant's length: `plan`, `until` or `lifetime`.
    pub term: Option<String>,
    /// The plan whose length a `plan` grant adds.
    pub plan_id: Option<f64>,
    /// The end (ms since the epoch) of an `until` grant; after now.
    pub expires_at: Option<f64>,
    /// Why: kept in the audit log.
    pub reason: Option<String>,
    /// Now, in ms since the epoch (the server sets its own clock).
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub now_ms: f64,
    /// Language of the error messages (the API answers in the request's language instead).
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub lang: Lang,
}

/// A membership change that passed every rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct MembershipChange {
    pub action: MembershipAction,
    /// A grant's length; None for a revocation.
    pub term: Option<MembershipTerm>,
    pub plan_id: Option<i32>,
    pub expires_at: Option<i64>,
    pub reason: String,
}

/// Output of `validateMembershipChange`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum MembershipChangeValidation {
    Valid { change: MembershipChange },
    Invalid { errors: Vec<FieldError> },
}

fn one_of<T: Spelling>() -> FieldRule {
    FieldRule::OneOf {
        allowed: T::ALL.iter().map(|v| v.as_str().to_owned()).collect(),
    }
}

/// One of the `T` spellings, required.
fn choice<T: Spelling>(form: &mut Form, field: &str, value: &Option<String>) -> Option<T> {
    let Some(text) = value.as_deref().map(str::trim).filter(|t| !t.is_empty()) else {
        form.fail(field, FieldRule::Required);
        return None;
    };
    let parsed = T::parse(text);
    if parsed.is_none() {
        form.fail(field, one_of::<T>());
    }
    parsed
}

/// `validateMembershipChange`: `action` (`grant` or `revoke`, required); `reason` (required,
/// at most [`REASON_MAX_CHARS`]); for a grant, `term` (required: `plan`, `until` or
/// `lifetime`), then `planId` (a positive whole number) for `plan`, or `expiresAt` (a whole
/// number of ms after `nowMs`, at most [`EXPIRES_AT_MAX`]; format `futureDate`) for `until`.
/// A revocation ignores the grant's fields.
pub fn validate_membership_change(
    input: ValidateMembershipChangeInput,
) -> MembershipChangeValidation {
    let mut form = Form::new(input.lang);
    let action = choice::<MembershipAction>(&mut form, "action", &input.action);
    let reason = form.required_text("reason", &input.reason, REASON_MAX_CHARS);
    let (mut term, mut plan_id, mut expires_at) = (None, None, None);
    if action == Some(MembershipAction::Grant) {
        term = choice::<MembershipTerm>(&mut form, "term", &input.term);
        match term {
            Some(MembershipTerm::Plan) => {
                if input.plan_id.is_none() {
                    form.fail("planId", FieldRule::Required);
                }
                plan_id = form
                    .optional_whole("planId", input.plan_id, 1, ID_MAX)
                    .map(|id| id as i32);
            }
            Some(MembershipTerm::Until) => match input.expires_at {
                None => form.fail("expiresAt", FieldRule::Required),
                Some(at)
                    if at.fract() == 0.0 && at > input.now_ms && at <= EXPIRES_AT_MAX as f64 =>
                {
                    expires_at = Some(at as i64)
                }
                Some(_) => form.fail(
                    "expiresAt",
                    FieldRule::Format {
                        format: "futureDate".to_owned(),
                    },
                ),
            },
            Some(MembershipTerm::Lifetime) | None => {}
        }
    }
    match action {
        Some(action) if form.errors.is_empty() => MembershipChangeValidation::Valid {
            change: MembershipChange {
                action,
                term,
                plan_id,
                expires_at,
                reason,
            },
        },
        _ => MembershipChangeValidation::Invalid {
            errors: form.errors,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: f64 = 1_795_564_800_000.0;

    fn input(action: &str) -> ValidateMembershipChangeInput {
        ValidateMembershipChangeInput {
            action: Some(action.to_owned()),
            reason: Some(" support ticket 12 ".to_owned()),
            now_ms: NOW,
            lang: Lang::En,
            ..Default::default()
        }
    }

    fn fields(validation: MembershipChangeValidation) -> Vec<String> {
        match validation {
            MembershipChangeValidation::Invalid { errors } => {
                errors.into_iter().map(|e| e.field).collect()
            }
            MembershipChangeValidation::Valid { change } => panic!("valid: {change:?}"),
        }
    }

    #[test]
    fn spellings_round_trip() {
        crate::spelling::tests::round_trips::<MembershipAction>();
        crate::spelling::tests::round_trips::<MembershipTerm>();
    }

    #[test]
    fn a_revocation_needs_only_a_reason() {
        let valid = validate_membership_change(ValidateMembershipChangeInput {
            term: Some("bogus".into()),
            ..input("revoke")
        });
        assert_eq!(
            valid,
            MembershipChangeValidation::Valid {
                change: MembershipChange {
                    action: MembershipAction::Revoke,
                    term: None,
                    plan_id: None,
                    expires_at: None,
                    reason: "support ticket 12".into(),
                }
            }
        );
        let blank = ValidateMembershipChangeInput {
            reason: Some("  ".into()),
            ..input("revoke")
        };
        assert_eq!(fields(validate_membership_change(blank)), ["reason"]);
    }

    #[test]
    fn a_grant_names_its_term_and_what_the_term_needs() {
        assert_eq!(fields(validate_membership_change(input("grant"))), ["term"]);
        let plan = ValidateMembershipChangeInput {
            term: Some("plan".into()),
            ..input("grant")
        };
        assert_eq!(fields(validate_membership_change(plan)), ["planId"]);
        let past = ValidateMembershipChangeInput {
            term: Some("until".into()),
            expires_at: Some(NOW),
            ..input("grant")
        };
        assert_eq!(fields(validate_membership_change(past)), ["expiresAt"]);
        let lifetime = ValidateMembershipChangeInput {
            term: Some("lifetime".into()),
            ..input("grant")
        };
        assert!(matches!(
            validate_membership_change(lifetime),
            MembershipChangeValidation::Valid { .. }
        ));
        let until = ValidateMembershipChangeInput {
            term: Some("until".into()),
            expires_at: Some(NOW + 1.0),
            ..input("grant")
        };
        let MembershipChangeValidation::Valid { change } = validate_membership_change(until) else {
            panic!("valid")
        };
        assert_eq!(change.expires_at, Some(NOW as i64 + 1));
    }

    #[test]
    fn an_unknown_action_is_refused() {
        let unknown = ValidateMembershipChangeInput {
            action: None,
            ..input("grant")
        };
        assert_eq!(fields(validate_membership_change(unknown)), ["action"]);
    }
}

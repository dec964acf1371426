//! The console's role form (a name and what the role is for), checked field by field.
use serde::{Deserialize, Serialize};

use crate::catalog::edit::Form;
use crate::validation::FieldError;
use crate::Lang;

/// Most characters of a role's name (the `roles.name` column's width).
pub const ROLE_NAME_MAX_CHARS: usize = 64;
/// Most characters of a role's description (the `roles.description` column's width).
pub const ROLE_DESCRIPTION_MAX_CHARS: usize = 200;

/// Input of `validateRole`: the role form as typed.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct ValidateRoleInput {
    /// The role's name, unique among roles (`editor`, `客服`).
    pub name: Option<String>,
    /// What the role is for; blank for nothing.
    pub description: Option<String>,
    /// Language of the error messages (the API answers in the request's language instead).
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub lang: Lang,
}

/// A role form that passed every rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct RoleFields {
    pub name: String,
    /// Trimmed; empty when none was given.
    pub description: String,
}

/// Output of `validateRole`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum RoleValidation {
    Valid { role: RoleFields },
    Invalid { errors: Vec<FieldError> },
}

/// `validateRole`: `name` (required, at most [`ROLE_NAME_MAX_CHARS`] characters once trimmed)
/// and `description` (at most [`ROLE_DESCRIPTION_MAX_CHARS`]).
pub fn validate_role(input: ValidateRoleInput) -> RoleValidation {
    let mut form = Form::new(input.lang);
    let name = form.required_text("name", &input.name, ROLE_NAME_MAX_CHARS);
    let description = form
        .optional_text(
            "description",
            &input.description,
            ROLE_DESCRIPTION_MAX_CHARS,
        )
        .unwrap_or_default();
    if !form.errors.is_empty() {
        return RoleValidation::Invalid {
            errors: form.errors,
        };
    }
    RoleValidation::Valid {
        role: RoleFields { name, description },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validation::FieldRule;

    fn check(name: Option<&str>, description: Option<&str>) -> RoleValidation {
        validate_role(ValidateRoleInput {
            name: name.map(str::to_owned),
            description: description.map(str::to_owned),
            lang: Lang::En,
        })
    }

    #[test]
    fn a_role_is_trimmed_and_a_blank_description_is_empty() {
        assert_eq!(
            check(Some("  客服 "), Some("   ")),
            RoleValidation::Valid {
                role: RoleFields {
                    name: "客服".into(),
                    description: String::new()
                }
            }
        );
    }

    #[test]
    fn a_blank_name_and_a_long_description_are_both_named() {
        let RoleValidation::Invalid { errors } = check(
            Some("  "),
            Some(&"字".repeat(ROLE_DESCRIPTION_MAX_CHARS + 1)),
        ) else {
            panic!("invalid");
        };
        let found: Vec<(&str, &FieldRule)> =
            errors.iter().map(|e| (e.field.as_str(), &e.rule)).collect();
        assert_eq!(
            found,
            [
                ("name", &FieldRule::Required),
                (
                    "description",
                    &FieldRule::TooLong {
                        max: ROLE_DESCRIPTION_MAX_CHARS
                    }
                )
            ]
        );
    }

    #[test]
    fn a_name_counts_characters_not_bytes() {
        let longest = "管".repeat(ROLE_NAME_MAX_CHARS);
        assert!(matches!(
            check(Some(&longest), None),
            RoleValidation::Valid { .. }
        ));
        let longer = format!("{longest}管");
        assert!(matches!(
            check(Some(&longer), None),
            RoleValidation::Invalid { .. }
        ));
    }
}

//! Whether an account may be used at all: signing in, refreshing, any signed-in request and
//! a signed audio link all ask this one rule.
use serde::{Deserialize, Serialize};

use super::access::AccessDecision;
use crate::spelling::Spelling;

/// 403 code: the account was disabled by an administrator.
pub const ACCOUNT_DISABLED: &str = "account_disabled";

/// An account's status as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum AccountStatus {
    Active,
    Disabled,
}

impl Spelling for AccountStatus {
    const ALL: &'static [Self] = &[Self::Active, Self::Disabled];

    fn as_str(self) -> &'static str {
        match self {
            Self::Active => "active",
            Self::Disabled => "disabled",
        }
    }
}

/// Input of `accountState`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct AccountStateInput {
    /// The stored status (`active`, `disabled`, or anything a later version may add).
    pub status: String,
}

/// `accountState`: only an `active` account may be used; any other status, known or not,
/// is refused with 403 "Account disabled", `account_disabled`.
pub fn account_state(input: AccountStateInput) -> AccessDecision {
    match AccountStatus::parse(&input.status) {
        Some(AccountStatus::Active) => AccessDecision::Allow,
        _ => AccessDecision::Deny {
            status_code: 403,
            status_message: "Account disabled".into(),
            code: ACCOUNT_DISABLED.into(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(status: &str) -> AccessDecision {
        account_state(AccountStateInput {
            status: status.into(),
        })
    }

    #[test]
    fn only_an_active_account_may_be_used() {
        assert_eq!(state("active"), AccessDecision::Allow);
        for refused in ["disabled", "Active", "", "suspended"] {
            assert!(
                matches!(state(refused), AccessDecision::Deny { status_code: 403, ref code, .. } if code == ACCOUNT_DISABLED),
                "{refused}"
            );
        }
        crate::spelling::tests::round_trips::<AccountStatus>();
    }
}

//! Who may call an API endpoint: the server's counterpart of the route guards (spec §6, §8).
use serde::{Deserialize, Serialize};

use super::kinds::Permission;
use crate::premium::{self, IsPremiumInput, PremiumUser};
use crate::spelling::Spelling;

/// 401: no (valid) access token.
pub const AUTH_REQUIRED: &str = "auth_required";
/// 403: the endpoint is for admins.
pub const ADMIN_REQUIRED: &str = "admin_required";
/// 403: the endpoint needs a permission the user lacks.
pub const PERMISSION_REQUIRED: &str = "permission_required";
/// 403: the endpoint is for premium members.
pub const PREMIUM_REQUIRED: &str = "premium_required";

/// What an endpoint requires.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Access {
    /// Anyone, signed in or not.
    Public,
    /// Any signed-in user.
    Authenticated,
    /// userType `admin`.
    Admin,
    /// An active premium subscription (admins included: being admin is not a subscription).
    Premium,
    /// The named permission (e.g. `manage:books`); admins hold every permission.
    Permission { permission: Permission },
}

/// The signed-in user as access rules see it; a whole user object may be passed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct Subject {
    /// `admin` or `user`.
    #[serde(default)]
    pub user_type: String,
    /// `free` or `premium`.
    #[serde(default)]
    pub subscription_type: String,
    /// Milliseconds since the epoch; null means permanent.
    #[serde(default)]
    pub subscription_expires_at: Option<f64>,
    #[serde(default)]
    pub permissions: Vec<String>,
}

impl Subject {
    fn is_admin(&self) -> bool {
        self.user_type == "admin"
    }
}

/// Input of `authorize`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct AuthorizeInput {
    pub access: Access,
    /// Null for a request without a valid access token.
    #[serde(default)]
    pub subject: Option<Subject>,
    pub now_ms: f64,
}

/// Output of `authorize`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum AccessDecision {
    Allow,
    /// Refuse with this status, English status message and error code.
    #[serde(rename_all = "camelCase")]
    Deny {
        status_code: u16,
        status_message: String,
        code: String,
    },
}

/// `authorize`, in this order:
///
/// 1. `public` → allow.
/// 2. No subject → 401 "Authentication required", `auth_required`.
/// 3. `authenticated` → allow.
/// 4. `admin` and userType is not `admin` → 403 "Admin access required", `admin_required`.
/// 5. `permission` and the subject is neither admin nor holds it → 403 "Admin access
///    required", `permission_required` (permissions guard the admin API).
/// 6. `premium` and not premium ([`premium::is_premium`]: premium with an expiry absent or
///    after `nowMs`) → 403 "Premium subscription required", `premium_required`. Admins are
///    not premium by role, as in the route guards.
///
/// A disabled account is not this rule's concern: the server refuses it before.
pub fn authorize(input: AuthorizeInput) -> AccessDecision {
    let subject = match (&input.access, input.subject) {
        (Access::Public, _) => return AccessDecision::Allow,
        (_, None) => return deny(401, "Authentication required", AUTH_REQUIRED),
        (_, Some(subject)) => subject,
    };
    match &input.access {
        Access::Public | Access::Authenticated => AccessDecision::Allow,
        Access::Admin if !subject.is_admin() => deny(403, "Admin access required", ADMIN_REQUIRED),
        Access::Permission { permission }
            if !subject.is_admin()
                && !subject.permissions.iter().any(|p| p == permission.as_str()) =>
        {
            deny(403, "Admin access required", PERMISSION_REQUIRED)
        }
        Access::Premium => {
            let member = premium::is_premium(IsPremiumInput {
                user: Some(PremiumUser {
                    subscription_type: Some(subject.subscription_type),
                    subscription_expires_at: subject.subscription_expires_at,
                }),
                now_ms: input.now_ms,
            });
            if member {
                AccessDecision::Allow
            } else {
                deny(403, "Premium subscription required", PREMIUM_REQUIRED)
            }
        }
        Access::Admin | Access::Permission { .. } => AccessDecision::Allow,
    }
}

fn deny(status_code: u16, status_message: &str, code: &str) -> AccessDecision {
    AccessDecision::Deny {
        status_code,
        status_message: status_message.to_owned(),
        code: code.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const NOW: f64 = 1_800_000_000_000.0;

    fn subject(user_type: &str, subscription: &str) -> Subject {
        Subject {
            user_type: user_type.into(),
            subscription_type: subscription.into(),
            ..Subject::default()
        }
    }

    fn check(access: Access, subject: Option<Subject>) -> AccessDecision {
        authorize(AuthorizeInput {
            access,
            subject,
            now_ms: NOW,
        })
    }

    fn code(decision: &AccessDecision) -> Option<&str> {
        match decision {
            AccessDecision::Allow => None,
            AccessDecision::Deny { code, .. } => Some(code),
        }
    }

    fn manage_books() -> Access {
        Access::Permission {
            permission: Permission::ManageBooks,
        }
    }

    #[test]
    fn public_is_open_to_all() {
        assert_eq!(check(Access::Public, None), AccessDecision::Allow);
        assert_eq!(
            check(Access::Public, Some(subject("user", "free"))),
            AccessDecision::Allow
        );
    }

    #[test]
    fn guests_need_to_sign_in_everywhere_else() {
        for access in [
            Access::Authenticated,
            Access::Admin,
            Access::Premium,
            manage_books(),
        ] {
            assert_eq!(
                check(access, None),
                AccessDecision::Deny {
                    status_code: 401,
                    status_message: "Authentication required".into(),
                    code: "auth_required".into(),
                }
            );
        }
    }

    #[test]
    fn admin_and_permissions() {
        let admin = || Some(subject("admin", "free"));
        let user = || Some(subject("user", "premium"));
        assert_eq!(check(Access::Admin, admin()), AccessDecision::Allow);
        assert_eq!(
            check(Access::Admin, user()),
            AccessDecision::Deny {
                status_code: 403,
                status_message: "Admin access required".into(),
                code: "admin_required".into(),
            }
        );
        assert_eq!(check(manage_books(), admin()), AccessDecision::Allow);
        assert_eq!(
            code(&check(manage_books(), user())),
            Some("permission_required")
        );
        let editor = Subject {
            permissions: vec!["manage:books".into()],
            ..subject("user", "free")
        };
        assert_eq!(
            check(manage_books(), Some(editor.clone())),
            AccessDecision::Allow
        );
        assert_eq!(
            code(&check(Access::Admin, Some(editor))),
            Some("admin_required")
        );
        assert_eq!(check(Access::Authenticated, user()), AccessDecision::Allow);
    }

    #[test]
    fn premium_needs_an_active_subscription_even_for_admins() {
        let premium_until = |exp: Option<f64>| Subject {
            subscription_expires_at: exp,
            ..subject("user", "premium")
        };
        assert_eq!(
            check(Access::Premium, Some(premium_until(None))),
            AccessDecision::Allow
        );
        assert_eq!(
            check(Access::Premium, Some(premium_until(Some(NOW + 1.0)))),
            AccessDecision::Allow
        );
        assert_eq!(
            check(Access::Premium, Some(premium_until(Some(NOW)))),
            AccessDecision::Deny {
                status_code: 403,
                status_message: "Premium subscription required".into(),
                code: "premium_required".into(),
            }
        );
        assert_eq!(
            code(&check(Access::Premium, Some(subject("admin", "free")))),
            Some("premium_required")
        );
    }

    #[test]
    fn json_shapes() {
        let input: AuthorizeInput = serde_json::from_value(serde_json::json!({
            "access": {"kind": "permission", "permission": "manage:users"},
            "subject": {"userType": "user", "subscriptionType": "free",
                        "subscriptionExpiresAt": null, "permissions": ["manage:users"],
                        "email": "ignored@example.com"},
            "nowMs": NOW
        }))
        .unwrap();
        assert_eq!(authorize(input), AccessDecision::Allow);
        assert_eq!(
            serde_json::to_value(deny(401, "Authentication required", AUTH_REQUIRED)).unwrap(),
            serde_json::json!({"kind": "deny", "statusCode": 401,
                               "statusMessage": "Authentication required", "code": "auth_required"})
        );
    }

    proptest! {
        #[test]
        fn admins_pass_everything_but_premium(perm in proptest::sample::select(Permission::ALL), exp in proptest::option::of(0f64..4e12)) {
            let admin = Subject { subscription_expires_at: exp, ..subject("admin", "free") };
            for access in [Access::Public, Access::Authenticated, Access::Admin, Access::Permission { permission: perm }] {
                prop_assert_eq!(check(access, Some(admin.clone())), AccessDecision::Allow);
            }
            let premium = check(Access::Premium, Some(admin));
            prop_assert_eq!(code(&premium), Some("premium_required"));
        }
    }
}

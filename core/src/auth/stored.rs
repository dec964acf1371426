//! Validation of the session saved under the local-storage key `auth` (spec §4, §5).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Input of `validateStoredAuth`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ValidateStoredAuthInput {
    /// The raw `localStorage.getItem("auth")` string (null when absent).
    #[serde(default)]
    pub raw: Option<String>,
}

/// A user id as the API sends it: a number or a string.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(untagged)]
pub enum UserId {
    Number(f64),
    Text(String),
}

/// `preferences` of a user (only the language is shown in the spec).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct UserPreferences {
    pub language: Option<String>,
}

/// The user of a stored session (spec §3); fields not shown by the spec are dropped.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct AuthUser {
    pub id: UserId,
    pub email: String,
    pub username: String,
    pub user_type: String,
    pub subscription_type: String,
    /// Milliseconds since the epoch; null means a permanent subscription.
    pub subscription_expires_at: Option<f64>,
    pub avatar_url: Option<String>,
    pub preferences: Option<UserPreferences>,
}

/// Tokens of a stored session; `expiresIn` is the absolute expiry in ms (spec §3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct AuthTokens {
    pub access_token: String,
    pub refresh_token: Option<String>,
    pub expires_in: Option<f64>,
}

/// A usable stored session.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct StoredAuth {
    pub user: AuthUser,
    pub tokens: AuthTokens,
    pub session_id: Option<String>,
    /// Always true: a record with a user and an access token restores a signed-in state
    /// (an expired token is refreshed afterwards, spec §4), whatever flag was stored.
    pub is_authenticated: bool,
}

/// Why a stored session was discarded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub enum InvalidAuthReason {
    /// Nothing stored (null or blank).
    Missing,
    /// Not JSON, or JSON but not an object.
    Corrupt,
    MissingUser,
    MissingTokens,
    /// `tokens.accessToken` is not a non-empty string.
    InvalidAccessToken,
    /// A required user field is absent, null or of the wrong type (`field` names it).
    MissingUserField,
}

/// Output of `validateStoredAuth`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum StoredAuthValidation {
    Valid {
        /// Boxed: the record is far larger than the rejection.
        auth: Box<StoredAuth>,
    },
    Invalid {
        reason: InvalidAuthReason,
        field: Option<String>,
    },
}

const REQUIRED_USER_FIELDS: [&str; 5] = ["id", "email", "username", "userType", "subscriptionType"];

/// `validateStoredAuth` (spec §5): the stored record is kept only when it is a JSON object
/// with a `user` object, a `tokens` object whose `accessToken` is a non-empty string, and a
/// user with `id` (string or number), `email`, `username`, `userType` and
/// `subscriptionType` (strings). Checks run in that order and the first failure is
/// reported; the caller removes the record. An expired token is still valid here (spec
/// §4: it is loaded so a refresh can be tried). Optional fields of the wrong type are
/// read as absent.
pub fn validate_stored_auth(input: ValidateStoredAuthInput) -> StoredAuthValidation {
    match parse(input.raw.as_deref()) {
        Ok(auth) => StoredAuthValidation::Valid {
            auth: Box::new(auth),
        },
        Err((reason, field)) => StoredAuthValidation::Invalid {
            reason,
            field: field.map(str::to_owned),
        },
    }
}

type Rejection = (InvalidAuthReason, Option<&'static str>);

fn parse(raw: Option<&str>) -> Result<StoredAuth, Rejection> {
    use InvalidAuthReason::*;
    let raw = raw
        .filter(|r| !r.trim().is_empty())
        .ok_or((Missing, None))?;
    let root: Value = serde_json::from_str(raw).map_err(|_| (Corrupt, None))?;
    let root = root.as_object().ok_or((Corrupt, None))?;
    let user = root
        .get("user")
        .and_then(Value::as_object)
        .ok_or((MissingUser, None))?;
    let tokens = root
        .get("tokens")
        .and_then(Value::as_object)
        .ok_or((MissingTokens, None))?;
    let access_token = string(tokens, "accessToken")
        .filter(|t| !t.is_empty())
        .ok_or((InvalidAccessToken, None))?;

    let id = match user.get("id") {
        Some(Value::Number(n)) => n.as_f64().map(UserId::Number),
        Some(Value::String(s)) => Some(UserId::Text(s.clone())),
        _ => None,
    };
    let required = |name: &'static str| string(user, name).ok_or((MissingUserField, Some(name)));
    let id = id.ok_or((MissingUserField, Some(REQUIRED_USER_FIELDS[0])))?;
    let email = required("email")?;
    let username = required("username")?;
    let user_type = required("userType")?;
    let subscription_type = required("subscriptionType")?;

    let preferences = user
        .get("preferences")
        .and_then(Value::as_object)
        .map(|p| UserPreferences {
            language: string(p, "language"),
        });
    Ok(StoredAuth {
        user: AuthUser {
            id,
            email,
            username,
            user_type,
            subscription_type,
            subscription_expires_at: user.get("subscriptionExpiresAt").and_then(Value::as_f64),
            avatar_url: string(user, "avatarUrl"),
            preferences,
        },
        tokens: AuthTokens {
            access_token,
            refresh_token: string(tokens, "refreshToken").filter(|t| !t.is_empty()),
            expires_in: tokens.get("expiresIn").and_then(Value::as_f64),
        },
        session_id: string(root, "sessionId"),
        is_authenticated: true,
    })
}

fn string(map: &Map<String, Value>, key: &str) -> Option<String> {
    map.get(key).and_then(Value::as_str).map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn validate(raw: Option<&str>) -> StoredAuthValidation {
        validate_stored_auth(ValidateStoredAuthInput {
            raw: raw.map(str::to_owned),
        })
    }

    fn record() -> Value {
        json!({
            "user": {
                "id": 7, "email": "a@b.c", "username": "amy", "userType": "user",
                "subscriptionType": "premium", "subscriptionExpiresAt": null,
                "avatarUrl": "/a.png", "preferences": {"language": "ja"}, "extra": 1
            },
            "tokens": {"accessToken": "at", "refreshToken": "rt", "expiresIn": 1000},
            "sessionId": "s1",
            "isAuthenticated": true
        })
    }

    fn rejected(value: &Value) -> (InvalidAuthReason, Option<String>) {
        match validate(Some(&value.to_string())) {
            StoredAuthValidation::Invalid { reason, field } => (reason, field),
            valid => panic!("expected invalid, got {valid:?}"),
        }
    }

    #[test]
    fn accepts_a_full_record() {
        let StoredAuthValidation::Valid { auth } = validate(Some(&record().to_string())) else {
            panic!("expected valid");
        };
        assert_eq!(auth.user.id, UserId::Number(7.0));
        assert_eq!(
            auth.user.preferences.unwrap().language.as_deref(),
            Some("ja")
        );
        assert_eq!(auth.tokens.refresh_token.as_deref(), Some("rt"));
        assert_eq!(auth.tokens.expires_in, Some(1000.0));
        assert_eq!(auth.session_id.as_deref(), Some("s1"));
        assert!(auth.is_authenticated);
    }

    #[test]
    fn expired_token_is_still_valid() {
        let mut r = record();
        r["tokens"]["expiresIn"] = json!(1);
        r["isAuthenticated"] = json!(false);
        assert!(matches!(
            validate(Some(&r.to_string())),
            StoredAuthValidation::Valid { .. }
        ));
    }

    #[test]
    fn missing_and_corrupt() {
        assert_eq!(
            validate(None),
            StoredAuthValidation::Invalid {
                reason: InvalidAuthReason::Missing,
                field: None
            }
        );
        assert_eq!(
            validate(Some("  ")),
            StoredAuthValidation::Invalid {
                reason: InvalidAuthReason::Missing,
                field: None
            }
        );
        for raw in ["{", "null", "[1]", "\"x\"", "undefined"] {
            assert_eq!(
                validate(Some(raw)),
                StoredAuthValidation::Invalid {
                    reason: InvalidAuthReason::Corrupt,
                    field: None
                },
                "{raw}"
            );
        }
    }

    #[test]
    fn user_and_tokens_required() {
        let mut r = record();
        r.as_object_mut().unwrap().remove("user");
        assert_eq!(rejected(&r), (InvalidAuthReason::MissingUser, None));
        let mut r = record();
        r["user"] = Value::Null;
        assert_eq!(rejected(&r), (InvalidAuthReason::MissingUser, None));
        let mut r = record();
        r.as_object_mut().unwrap().remove("tokens");
        assert_eq!(rejected(&r), (InvalidAuthReason::MissingTokens, None));
    }

    #[test]
    fn access_token_must_be_non_empty_string() {
        for bad in [json!(""), json!(null), json!(42)] {
            let mut r = record();
            r["tokens"]["accessToken"] = bad;
            assert_eq!(rejected(&r), (InvalidAuthReason::InvalidAccessToken, None));
        }
    }

    #[test]
    fn each_required_user_field() {
        for field in REQUIRED_USER_FIELDS {
            let mut r = record();
            r["user"].as_object_mut().unwrap().remove(field);
            assert_eq!(
                rejected(&r),
                (InvalidAuthReason::MissingUserField, Some(field.to_owned()))
            );
            let mut r = record();
            r["user"][field] = Value::Null;
            assert_eq!(
                rejected(&r),
                (InvalidAuthReason::MissingUserField, Some(field.to_owned()))
            );
        }
    }

    #[test]
    fn string_id_and_wrong_optional_types() {
        let mut r = record();
        r["user"]["id"] = json!("u-1");
        r["user"]["avatarUrl"] = json!(5);
        r["tokens"]["refreshToken"] = json!("");
        let StoredAuthValidation::Valid { auth } = validate(Some(&r.to_string())) else {
            panic!("expected valid");
        };
        assert_eq!(auth.user.id, UserId::Text("u-1".into()));
        assert_eq!(auth.user.avatar_url, None);
        assert_eq!(auth.tokens.refresh_token, None);
    }

    #[test]
    fn output_shape_is_camel_case_and_tagged() {
        let out = serde_json::to_value(validate(Some(&record().to_string()))).unwrap();
        assert_eq!(out["kind"], "valid");
        assert_eq!(out["auth"]["tokens"]["accessToken"], "at");
        assert_eq!(out["auth"]["user"]["subscriptionType"], "premium");
        let out = serde_json::to_value(validate(Some("{"))).unwrap();
        assert_eq!(
            out,
            json!({"kind": "invalid", "reason": "corrupt", "field": null})
        );
    }
}

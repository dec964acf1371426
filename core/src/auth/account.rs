//! Account forms: registration, profile changes and password changes, checked field by field.
//!
//! Every rule reports every broken field at once (one error per field: the first rule it
//! breaks, in the order documented on each check) with its message in the input's `lang`.
//! Lengths count characters (Unicode scalar values), never bytes, so `小明` is 2.
use serde::{Deserialize, Serialize};
use unicode_normalization::UnicodeNormalization;
use unicode_security::confusable_detection;

use crate::time::timezone::ALLOWED_TIMEZONES;
use crate::validation::{FieldError, FieldRule};
use crate::Lang;

/// Most characters of an email address (RFC 5321 path limit).
pub const EMAIL_MAX_CHARS: usize = 254;
/// Most characters of an email's local part (before the `@`).
pub const EMAIL_LOCAL_MAX_CHARS: usize = 64;
/// Fewest characters of a username.
pub const USERNAME_MIN_CHARS: usize = 3;
/// Most characters of a username.
pub const USERNAME_MAX_CHARS: usize = 20;
/// Fewest characters of a password.
pub const PASSWORD_MIN_CHARS: usize = 8;
/// Most characters of a password (bounds the hashing work per attempt).
pub const PASSWORD_MAX_CHARS: usize = 128;
/// How many of the four kinds of characters a password needs (see [`check_password`]).
pub const PASSWORD_MIN_KINDS: usize = 2;
/// Most characters of an avatar URL or path.
pub const AVATAR_URL_MAX_CHARS: usize = 500;
/// The avatar a blank `avatarUrl` resets to.
pub const DEFAULT_AVATAR_URL: &str = "/avatar-placeholder.svg";

/// The form of an email used for uniqueness and look-up: trimmed and lower-cased (Unicode
/// lower case, so `ÄBC@x.cn` and `äbc@x.cn` are one address). The login identifier is
/// searched in the email column in this form.
pub fn normalize_email(email: &str) -> String {
    email.trim().to_lowercase()
}

/// The form of a username used for uniqueness and look-up, so that names which look alike
/// are one name: the UTS #39 confusable skeleton (NFD, each character mapped to its
/// prototype in `confusables.txt`, NFD again) of the trimmed, lower-cased name in NFKC.
/// The skeleton is lower-cased and taken once more, since NFKC and the skeleton may yield
/// capitals (`0` → `O`): `Demo`, `ｄｅｍｏ` (fullwidth), `demο` (Greek ο), `dem0` and `derno`
/// are one name. Not for display: `m` becomes `rn`. The login identifier is searched in the
/// username column in this form.
pub fn normalize_username(username: &str) -> String {
    let compatible: String = username.trim().to_lowercase().nfkc().collect();
    let skeleton: String = confusable_detection::skeleton(&compatible).collect();
    confusable_detection::skeleton(&skeleton.to_lowercase()).collect()
}

/// Input of `usernameSkeleton` (no TypeScript declaration: the rule is not exported to JS).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UsernameSkeletonInput {
    pub username: String,
}

/// `usernameSkeleton`: [`normalize_username`] — two usernames are one name (the second is
/// `username_taken`) when these are equal. Only the server computes it, so it is not exported
/// to the browser (its NFKC and confusables tables would more than double the wasm module);
/// its vectors are checked natively only.
pub fn username_skeleton(input: UsernameSkeletonInput) -> String {
    normalize_username(&input.username)
}

/// Input of `validateRegistration`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ValidateRegistrationInput {
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub username: Option<String>,
    #[serde(default)]
    pub password: Option<String>,
    /// Language of the error messages.
    pub lang: Lang,
}

/// A registration that passed every rule: the trimmed values. Their forms for uniqueness
/// and look-up ([`normalize_email`], [`normalize_username`]) are the server's to compute:
/// the browser never compares names, and the skeleton's tables would weigh on its module.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct Registration {
    pub email: String,
    pub username: String,
}

/// Output of `validateRegistration`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum RegistrationValidation {
    Valid { registration: Registration },
    Invalid { errors: Vec<FieldError> },
}

/// `validateRegistration`: `email` ([`check_email`]), `username` ([`check_username`]) and
/// `password` ([`check_password`], also not the username or email, ignoring case).
/// The password is never trimmed or returned.
pub fn validate_registration(input: ValidateRegistrationInput) -> RegistrationValidation {
    let lang = input.lang;
    let mut errors = Vec::new();
    let email = input.email.as_deref().unwrap_or("").trim();
    let username = input.username.as_deref().unwrap_or("").trim();
    let mut check = |field: &str, rule: Option<FieldRule>| {
        if let Some(rule) = rule {
            errors.push(FieldError::new(field, rule, lang));
        }
    };
    check("email", check_email(email));
    check("username", check_username(username));
    check(
        "password",
        check_new_password(input.password.as_deref(), &[username, email]),
    );
    if errors.is_empty() {
        RegistrationValidation::Valid {
            registration: Registration {
                email: email.to_owned(),
                username: username.to_owned(),
            },
        }
    } else {
        RegistrationValidation::Invalid { errors }
    }
}

/// Input of `validateProfileUpdate`: absent (or null) fields are left unchanged.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ValidateProfileUpdateInput {
    #[serde(default)]
    pub username: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub avatar_url: Option<String>,
    #[serde(default)]
    pub language: Option<String>,
    #[serde(default)]
    pub timezone: Option<String>,
    /// Whether behaviour tracking may record this listener's events.
    #[serde(default)]
    pub tracking_enabled: Option<bool>,
    /// Language of the error messages.
    pub lang: Lang,
}

/// The fields of a profile change that passed every rule, trimmed; null means "leave
/// unchanged". As with [`Registration`], the normalized forms are the server's to compute.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ProfileUpdate {
    pub username: Option<String>,
    pub email: Option<String>,
    pub avatar_url: Option<String>,
    pub language: Option<Lang>,
    pub timezone: Option<String>,
    pub tracking_enabled: Option<bool>,
}

/// Output of `validateProfileUpdate`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ProfileUpdateValidation {
    Valid { profile: ProfileUpdate },
    Invalid { errors: Vec<FieldError> },
}

/// `validateProfileUpdate`: each present field, trimmed, must pass its rule —
/// `username` [`check_username`], `email` [`check_email`] (a blank one is `required`: they
/// cannot be removed), `avatarUrl` [`check_avatar_url`] (blank resets to
/// [`DEFAULT_AVATAR_URL`]), `language` one of `zh`/`en`/`ja`, `timezone` one of
/// `allowedTimezones` (both exact, `oneOf` otherwise); `trackingEnabled` as given. Nothing present is a valid, empty change.
pub fn validate_profile_update(input: ValidateProfileUpdateInput) -> ProfileUpdateValidation {
    let lang = input.lang;
    let mut errors = Vec::new();
    let mut check = |field: &str, rule: Option<FieldRule>| {
        if let Some(rule) = rule {
            errors.push(FieldError::new(field, rule, lang));
        }
    };
    let trimmed = |value: &Option<String>| value.as_deref().map(str::trim).map(str::to_owned);

    let username = trimmed(&input.username);
    if let Some(username) = &username {
        check("username", check_username(username));
    }
    let email = trimmed(&input.email);
    if let Some(email) = &email {
        check("email", check_email(email));
    }
    let avatar_url = trimmed(&input.avatar_url).map(|url| {
        if url.is_empty() {
            DEFAULT_AVATAR_URL.to_owned()
        } else {
            url
        }
    });
    if let Some(url) = &avatar_url {
        check("avatarUrl", check_avatar_url(url));
    }
    let language = trimmed(&input.language).and_then(|code| {
        let parsed = Lang::parse(&code);
        if parsed.is_none() {
            check(
                "language",
                Some(FieldRule::OneOf {
                    allowed: Lang::ALL.iter().map(|l| l.code().to_owned()).collect(),
                }),
            );
        }
        parsed
    });
    let timezone = trimmed(&input.timezone);
    if timezone
        .as_deref()
        .is_some_and(|tz| !ALLOWED_TIMEZONES.contains(&tz))
    {
        check(
            "timezone",
            Some(FieldRule::OneOf {
                allowed: ALLOWED_TIMEZONES
                    .iter()
                    .map(|tz| (*tz).to_owned())
                    .collect(),
            }),
        );
    }
    if !errors.is_empty() {
        return ProfileUpdateValidation::Invalid { errors };
    }
    ProfileUpdateValidation::Valid {
        profile: ProfileUpdate {
            username,
            email,
            avatar_url,
            language,
            timezone,
            tracking_enabled: input.tracking_enabled,
        },
    }
}

/// Input of `validatePasswordChange`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ValidatePasswordChangeInput {
    #[serde(default)]
    pub current_password: Option<String>,
    #[serde(default)]
    pub new_password: Option<String>,
    /// The account's username, which the new password may not equal.
    pub username: String,
    /// The account's email, which the new password may not equal.
    pub email: String,
    /// Language of the error messages.
    pub lang: Lang,
}

/// Output of `validatePasswordChange`. Whether `currentPassword` is right is for the
/// server to check against the stored hash (code `invalid_password`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum PasswordChangeValidation {
    Valid,
    Invalid { errors: Vec<FieldError> },
}

/// `validatePasswordChange`: `currentPassword` is required (not otherwise checked);
/// `newPassword` follows [`check_password`], may not equal the username or email (ignoring
/// case), and may not equal `currentPassword` exactly (`unchanged`).
pub fn validate_password_change(input: ValidatePasswordChangeInput) -> PasswordChangeValidation {
    let lang = input.lang;
    let mut errors = Vec::new();
    let current = input.current_password.as_deref().unwrap_or("");
    if current.is_empty() {
        errors.push(FieldError::new(
            "currentPassword",
            FieldRule::Required,
            lang,
        ));
    }
    let account = [input.username.trim(), input.email.trim()];
    let rule = check_new_password(input.new_password.as_deref(), &account).or_else(|| {
        (!current.is_empty() && input.new_password.as_deref() == Some(current))
            .then_some(FieldRule::Unchanged)
    });
    if let Some(rule) = rule {
        errors.push(FieldError::new("newPassword", rule, lang));
    }
    if errors.is_empty() {
        PasswordChangeValidation::Valid
    } else {
        PasswordChangeValidation::Invalid { errors }
    }
}

/// An email address, already trimmed. In order: `required` when empty; `tooLong` above
/// [`EMAIL_MAX_CHARS`]; otherwise `format` (`email`) unless it has exactly one `@` and
/// - a local part of 1–[`EMAIL_LOCAL_MAX_CHARS`] characters, each a letter or digit of any
///   script or one of ``!#$%&'*+/=?^_`{|}~.-``, not starting or ending with `.` nor
///   holding `..`;
/// - a domain of at least two dot-separated labels, each 1–63 letters (any script), digits
///   or hyphens, not starting or ending with a hyphen, the last one not all digits.
///
/// Spaces anywhere therefore break the format.
pub fn check_email(email: &str) -> Option<FieldRule> {
    if email.is_empty() {
        return Some(FieldRule::Required);
    }
    if email.chars().count() > EMAIL_MAX_CHARS {
        return Some(FieldRule::TooLong {
            max: EMAIL_MAX_CHARS,
        });
    }
    let well_formed = match email.split_once('@') {
        Some((local, domain)) => is_email_local(local) && is_email_domain(domain),
        None => false,
    };
    (!well_formed).then(|| FieldRule::Format {
        format: "email".into(),
    })
}

fn is_email_local(local: &str) -> bool {
    let chars = local.chars().count();
    (1..=EMAIL_LOCAL_MAX_CHARS).contains(&chars)
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local
            .chars()
            .all(|c| c.is_alphanumeric() || "!#$%&'*+/=?^_`{|}~.-".contains(c))
}

fn is_email_domain(domain: &str) -> bool {
    let labels: Vec<&str> = domain.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|label| {
            (1..=63).contains(&label.chars().count())
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_alphanumeric() || c == '-')
        })
        && labels
            .last()
            .is_some_and(|tld| !tld.chars().all(|c| c.is_ascii_digit()))
}

/// A username, already trimmed. In order: `required` when empty; `tooShort` below
/// [`USERNAME_MIN_CHARS`] and `tooLong` above [`USERNAME_MAX_CHARS`] characters;
/// `characters` unless every character is a letter of any script (Unicode alphabetic, so
/// `小明` and `Zoë` pass), an ASCII digit, `_` or `-`, and not every one is a digit (an
/// all-digit name would read like a user id).
pub fn check_username(username: &str) -> Option<FieldRule> {
    let chars = username.chars().count();
    if chars == 0 {
        return Some(FieldRule::Required);
    }
    if chars < USERNAME_MIN_CHARS {
        return Some(FieldRule::TooShort {
            min: USERNAME_MIN_CHARS,
        });
    }
    if chars > USERNAME_MAX_CHARS {
        return Some(FieldRule::TooLong {
            max: USERNAME_MAX_CHARS,
        });
    }
    let allowed = username
        .chars()
        .all(|c| c.is_alphabetic() || c.is_ascii_digit() || c == '_' || c == '-');
    let only_digits = username.chars().all(|c| c.is_ascii_digit());
    (!allowed || only_digits).then_some(FieldRule::Characters)
}

/// A password, as typed (never trimmed). In order: `required` when empty; `tooShort` below
/// [`PASSWORD_MIN_CHARS`] and `tooLong` above [`PASSWORD_MAX_CHARS`] characters; `weak`
/// unless it mixes at least [`PASSWORD_MIN_KINDS`] of four kinds of characters:
/// upper-case letters; other letters (lower-case, and letters without case such as CJK,
/// kana or hangul); digits (any script); symbols (everything else, spaces included).
pub fn check_password(password: &str) -> Option<FieldRule> {
    let chars = password.chars().count();
    if chars == 0 {
        return Some(FieldRule::Required);
    }
    if chars < PASSWORD_MIN_CHARS {
        return Some(FieldRule::TooShort {
            min: PASSWORD_MIN_CHARS,
        });
    }
    if chars > PASSWORD_MAX_CHARS {
        return Some(FieldRule::TooLong {
            max: PASSWORD_MAX_CHARS,
        });
    }
    let mut kinds = [false; 4];
    for c in password.chars() {
        let kind = if c.is_uppercase() {
            0
        } else if c.is_alphabetic() {
            1
        } else if c.is_numeric() {
            2
        } else {
            3
        };
        kinds[kind] = true;
    }
    let count = kinds.iter().filter(|&&k| k).count();
    (count < PASSWORD_MIN_KINDS).then_some(FieldRule::Weak)
}

/// [`check_password`], then `sameAsAccount` when the password equals one of the non-empty
/// `account` names ignoring case (Unicode lower case, untrimmed password). Also the rule of
/// a password set through an administrator's reset link.
pub fn check_new_password(password: Option<&str>, account: &[&str]) -> Option<FieldRule> {
    let password = password.unwrap_or("");
    check_password(password).or_else(|| {
        let lowered = password.to_lowercase();
        account
            .iter()
            .any(|name| !name.is_empty() && name.to_lowercase() == lowered)
            .then_some(FieldRule::SameAsAccount)
    })
}

/// An avatar, already trimmed. `tooLong` above [`AVATAR_URL_MAX_CHARS`] characters;
/// otherwise `format` (`url`) unless it is an `http://` or `https://` URL (scheme in any
/// case) with a non-empty host, or a site path starting with one `/` (not `//` or `/\`,
/// which browsers read as another host); either way without whitespace, control characters
/// or any of `"<>\``.
pub fn check_avatar_url(url: &str) -> Option<FieldRule> {
    if url.chars().count() > AVATAR_URL_MAX_CHARS {
        return Some(FieldRule::TooLong {
            max: AVATAR_URL_MAX_CHARS,
        });
    }
    let clean = !url
        .chars()
        .any(|c| c.is_whitespace() || c.is_control() || "\"<>\\`".contains(c));
    let lower = url.to_ascii_lowercase();
    let remote = ["https://", "http://"].iter().any(|scheme| {
        lower.starts_with(scheme)
            && url[scheme.len()..]
                .split(['/', '?', '#'])
                .next()
                .is_some_and(|host| !host.is_empty())
    });
    let local = url.starts_with('/') && !url.starts_with("//");
    (!(clean && (remote || local))).then(|| FieldRule::Format {
        format: "url".into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn register(email: &str, username: &str, password: &str) -> RegistrationValidation {
        validate_registration(ValidateRegistrationInput {
            email: Some(email.into()),
            username: Some(username.into()),
            password: Some(password.into()),
            lang: Lang::En,
        })
    }

    fn rules(outcome: &RegistrationValidation) -> Vec<(&str, &FieldRule)> {
        match outcome {
            RegistrationValidation::Valid { .. } => vec![],
            RegistrationValidation::Invalid { errors } => {
                errors.iter().map(|e| (e.field.as_str(), &e.rule)).collect()
            }
        }
    }

    fn format(name: &str) -> FieldRule {
        FieldRule::Format {
            format: name.into(),
        }
    }

    #[test]
    fn a_good_registration_is_trimmed() {
        let out = register("  Ming@Example.COM ", " 小明_Reader ", "secret123");
        assert_eq!(
            out,
            RegistrationValidation::Valid {
                registration: Registration {
                    email: "Ming@Example.COM".into(),
                    username: "小明_Reader".into(),
                }
            }
        );
        // What the server stores beside them, for uniqueness and look-up.
        assert_eq!(normalize_email("Ming@Example.COM"), "ming@example.com");
        assert_eq!(normalize_username("小明_Reader"), "小明_reader");
    }

    #[test]
    fn every_missing_field_is_reported_at_once() {
        let out = validate_registration(ValidateRegistrationInput {
            email: None,
            username: Some("   ".into()),
            password: None,
            lang: Lang::Zh,
        });
        let RegistrationValidation::Invalid { errors } = out else {
            panic!("expected invalid");
        };
        let fields: Vec<_> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["email", "username", "password"]);
        assert!(errors.iter().all(|e| e.rule == FieldRule::Required));
        assert_eq!(errors[0].message, "此项为必填项。");
    }

    #[test]
    fn emails() {
        for ok in [
            "a@b.co",
            "first.last+tag@sub.example.org",
            "user@xn--fiqs8s.cn",
            "用户@例子.中国",
            "o'neil@example-mail.com",
            &format!("{}@example.com", "a".repeat(64)),
        ] {
            assert_eq!(check_email(ok), None, "{ok}");
        }
        for bad in [
            "plain",
            "a@b",
            "a@@b.co",
            "a@b@c.co",
            "@b.co",
            "a@.co",
            "a@b.",
            "a@b..co",
            ".a@b.co",
            "a.@b.co",
            "a..b@b.co",
            "a b@c.co",
            "a@b c.co",
            "a@-b.co",
            "a@b-.co",
            "a@b.123",
            "a@b_c.co",
            "a(b)@c.co",
            &format!("{}@example.com", "a".repeat(65)),
            &format!("a@{}.com", "b".repeat(64)),
        ] {
            assert_eq!(check_email(bad), Some(format("email")), "{bad}");
        }
        assert_eq!(check_email(""), Some(FieldRule::Required));
        let long = format!("a@{}.com", vec!["b".repeat(60); 5].join("."));
        assert!(long.chars().count() > EMAIL_MAX_CHARS);
        assert_eq!(check_email(&long), Some(FieldRule::TooLong { max: 254 }));
        let exact = format!(
            "{}@{}.com",
            "a".repeat(64),
            vec!["b".repeat(61); 3].join(".")
        );
        assert_eq!(exact.chars().count(), 254);
        assert_eq!(check_email(&exact), None);
    }

    #[test]
    fn usernames() {
        for ok in [
            "abc",
            "小明明",
            "读者_2024",
            "Zoë-x",
            "_-_",
            "a1_",
            "ユーザー",
            "x".repeat(20).as_str(),
        ] {
            assert_eq!(check_username(ok), None, "{ok}");
        }
        assert_eq!(check_username(""), Some(FieldRule::Required));
        assert_eq!(check_username("ab"), Some(FieldRule::TooShort { min: 3 }));
        assert_eq!(check_username("小明"), Some(FieldRule::TooShort { min: 3 }));
        assert_eq!(
            check_username(&"书".repeat(21)),
            Some(FieldRule::TooLong { max: 20 })
        );
        for bad in ["12345", "a b", "a.b", "a@b", "emoji😀", "ab!", "１２a３"] {
            assert_eq!(check_username(bad), Some(FieldRule::Characters), "{bad}");
        }
    }

    #[test]
    fn passwords() {
        for ok in [
            "abcdefg1",
            "ABCDEFGh",
            "abcdefg!",
            "abcd efg",
            "密码密码密码12",
            "密码密码密码密码A",
            &format!("{}1", "a".repeat(127)),
        ] {
            assert_eq!(check_password(ok), None, "{ok}");
        }
        for weak in [
            "abcdefgh",
            "ABCDEFGH",
            "12345678",
            "!@#$%^&*",
            "密码密码密码密码",
        ] {
            assert_eq!(check_password(weak), Some(FieldRule::Weak), "{weak}");
        }
        assert_eq!(check_password(""), Some(FieldRule::Required));
        assert_eq!(
            check_password("abc12"),
            Some(FieldRule::TooShort { min: 8 })
        );
        assert_eq!(
            check_password("密码1234"),
            Some(FieldRule::TooShort { min: 8 })
        );
        assert_eq!(
            check_password(&format!("{}1", "a".repeat(128))),
            Some(FieldRule::TooLong { max: 128 })
        );
    }

    #[test]
    fn the_password_may_not_be_the_account_name() {
        assert_eq!(
            rules(&register("a@b.co", "Reader_01", "reader_01")),
            [("password", &FieldRule::SameAsAccount)]
        );
        assert_eq!(
            rules(&register(
                "Long.Name@Mail.com",
                "reader",
                "long.name@mail.COM"
            )),
            [("password", &FieldRule::SameAsAccount)]
        );
        // Compared even when the name itself is invalid.
        assert_eq!(
            rules(&register("bad", "x", "bad")),
            [
                ("email", &format("email")),
                ("username", &FieldRule::TooShort { min: 3 }),
                ("password", &FieldRule::TooShort { min: 8 }),
            ]
        );
    }

    #[test]
    fn emails_are_trimmed_and_lowercased() {
        assert_eq!(normalize_email("  Ming@Example.COM "), "ming@example.com");
        assert_eq!(normalize_email("ÄBC@x.cn"), "äbc@x.cn");
    }

    #[test]
    fn usernames_that_look_alike_are_one_name() {
        let demo = normalize_username("demo-admin");
        assert_eq!(demo, "derno-adrnin");
        for alike in [
            "Demo-Admin",
            " demo-admin ",
            "ｄｅｍｏ-admin",
            "demo-admіn",
            "dеmο-admin",
            "dem0-admin",
            "derno-adrnin",
            "DEMO-ADMIN",
            "𝐝𝐞𝐦𝐨-admin",
            "demo\u{200b}-admin",
        ] {
            assert_eq!(normalize_username(alike), demo, "{alike:?}");
        }
        for other in ["demo-admins", "demo_admin", "demoadmin", "démo-admin"] {
            assert_ne!(normalize_username(other), demo, "{other:?}");
        }
        for unchanged in ["小明明", "听书人", "小明_reader"] {
            assert_eq!(normalize_username(unchanged), unchanged);
        }
    }

    #[test]
    fn no_username_skeleton_holds_a_hash_sign() {
        // The migration that brought skeletons in suffixes `#<id>` to the later of two
        // existing accounts that became one name; no name can produce that form.
        let allowed = (0..=0x10FFFF_u32)
            .filter_map(char::from_u32)
            .filter(|c| check_username(&format!("a{c}a")) != Some(FieldRule::Characters));
        for c in allowed {
            assert!(!normalize_username(&c.to_string()).contains('#'), "{c:?}");
        }
    }

    fn profile(input: ValidateProfileUpdateInput) -> ProfileUpdateValidation {
        validate_profile_update(input)
    }

    fn empty_profile() -> ValidateProfileUpdateInput {
        ValidateProfileUpdateInput {
            username: None,
            email: None,
            avatar_url: None,
            language: None,
            timezone: None,
            tracking_enabled: None,
            lang: Lang::En,
        }
    }

    #[test]
    fn profile_updates_keep_only_present_fields() {
        assert_eq!(
            profile(empty_profile()),
            ProfileUpdateValidation::Valid {
                profile: ProfileUpdate::default()
            }
        );
        let out = profile(ValidateProfileUpdateInput {
            username: Some(" NewName ".into()),
            language: Some("ja".into()),
            timezone: Some("Asia/Tokyo".into()),
            avatar_url: Some("https://cdn.example.com/a.png".into()),
            ..empty_profile()
        });
        assert_eq!(
            out,
            ProfileUpdateValidation::Valid {
                profile: ProfileUpdate {
                    username: Some("NewName".into()),
                    avatar_url: Some("https://cdn.example.com/a.png".into()),
                    language: Some(Lang::Ja),
                    timezone: Some("Asia/Tokyo".into()),
                    ..ProfileUpdate::default()
                }
            }
        );
        let blank_avatar = profile(ValidateProfileUpdateInput {
            avatar_url: Some("  ".into()),
            ..empty_profile()
        });
        assert!(
            matches!(blank_avatar, ProfileUpdateValidation::Valid { profile }
            if profile.avatar_url.as_deref() == Some(DEFAULT_AVATAR_URL))
        );
    }

    #[test]
    fn profile_errors() {
        let out = profile(ValidateProfileUpdateInput {
            username: Some("".into()),
            email: Some("nope".into()),
            avatar_url: Some("javascript:alert(1)".into()),
            language: Some("fr".into()),
            timezone: Some("Asia/Kolkata".into()),
            tracking_enabled: None,
            lang: Lang::En,
        });
        let ProfileUpdateValidation::Invalid { errors } = out else {
            panic!("expected invalid");
        };
        let got: Vec<_> = errors.iter().map(|e| (e.field.as_str(), &e.rule)).collect();
        assert_eq!(got[0], ("username", &FieldRule::Required));
        assert_eq!(got[1], ("email", &format("email")));
        assert_eq!(got[2], ("avatarUrl", &format("url")));
        assert_eq!(
            got[3],
            (
                "language",
                &FieldRule::OneOf {
                    allowed: vec!["zh".into(), "en".into(), "ja".into()]
                }
            )
        );
        assert_eq!(got[4].0, "timezone");
        assert!(errors[4].message.contains("Asia/Shanghai"));
    }

    #[test]
    fn avatar_urls() {
        for ok in [
            "/avatar-placeholder.svg",
            "/uploads/avatars/12.png?v=3",
            "https://cdn.example.com/a.png",
            "HTTP://example.com",
            "https://例子.中国/头像.png",
        ] {
            assert_eq!(check_avatar_url(ok), None, "{ok}");
        }
        for bad in [
            "avatar.png",
            "//evil.com/a.png",
            "/\\evil.com",
            "ftp://example.com/a.png",
            "https://",
            "https:///path",
            "data:image/png;base64,AAAA",
            "javascript:alert(1)",
            "/a b.png",
            "/a\".png",
            "https://x.com/<script>",
        ] {
            assert_eq!(check_avatar_url(bad), Some(format("url")), "{bad}");
        }
        let long = format!("/{}", "a".repeat(500));
        assert_eq!(
            check_avatar_url(&long),
            Some(FieldRule::TooLong { max: 500 })
        );
        assert_eq!(check_avatar_url(&long[..500]), None);
    }

    fn change(current: Option<&str>, new: Option<&str>) -> PasswordChangeValidation {
        validate_password_change(ValidatePasswordChangeInput {
            current_password: current.map(Into::into),
            new_password: new.map(Into::into),
            username: "Reader".into(),
            email: "reader@example.com".into(),
            lang: Lang::En,
        })
    }

    fn change_rules(out: PasswordChangeValidation) -> Vec<(String, FieldRule)> {
        match out {
            PasswordChangeValidation::Valid => vec![],
            PasswordChangeValidation::Invalid { errors } => {
                errors.into_iter().map(|e| (e.field, e.rule)).collect()
            }
        }
    }

    #[test]
    fn password_changes() {
        assert_eq!(
            change(Some("old-secret1"), Some("new-secret1")),
            PasswordChangeValidation::Valid
        );
        assert_eq!(
            change_rules(change(None, None)),
            [
                ("currentPassword".into(), FieldRule::Required),
                ("newPassword".into(), FieldRule::Required)
            ]
        );
        assert_eq!(
            change_rules(change(Some("same-secret1"), Some("same-secret1"))),
            [("newPassword".into(), FieldRule::Unchanged)]
        );
        // Only exact equality is "unchanged".
        assert_eq!(
            change(Some("Same-secret1"), Some("same-secret1")),
            PasswordChangeValidation::Valid
        );
        assert_eq!(
            change_rules(change(Some("x"), Some("READER@example.com"))),
            [("newPassword".into(), FieldRule::SameAsAccount)]
        );
        assert_eq!(
            change_rules(change(Some("x"), Some("password"))),
            [("newPassword".into(), FieldRule::Weak)]
        );
        assert_eq!(
            change_rules(change(Some(""), Some("short1"))),
            [
                ("currentPassword".into(), FieldRule::Required),
                ("newPassword".into(), FieldRule::TooShort { min: 8 })
            ]
        );
    }

    #[test]
    fn json_shapes() {
        let out = serde_json::to_value(register("a@b.co", "ab", "abcdefg1")).unwrap();
        assert_eq!(
            out,
            serde_json::json!({"kind": "invalid", "errors": [
                {"field": "username", "rule": "tooShort", "min": 3,
                 "message": "Use at least 3 characters."}
            ]})
        );
        assert_eq!(
            serde_json::to_value(PasswordChangeValidation::Valid).unwrap(),
            serde_json::json!({"kind": "valid"})
        );
    }

    proptest! {
        #[test]
        fn registration_never_panics(email in any::<String>(), username in any::<String>(), password in any::<String>()) {
            let _ = register(&email, &username, &password);
        }

        #[test]
        fn cjk_usernames_count_characters(n in 1usize..30) {
            let name = "书".repeat(n);
            let expected = if n < 3 {
                Some(FieldRule::TooShort { min: 3 })
            } else if n > 20 {
                Some(FieldRule::TooLong { max: 20 })
            } else {
                None
            };
            prop_assert_eq!(check_username(&name), expected);
        }

        #[test]
        fn valid_registrations_are_trimmed_and_normalize_ignoring_case(
            user in "[a-zA-Z][a-zA-Z0-9_-]{2,19}",
            local in "[a-zA-Z0-9]{1,20}",
            domain in "[a-z]{1,10}\\.[a-z]{2,5}",
        ) {
            let email = format!("{local}@{domain}");
            let out = register(&format!(" {email} "), &format!("\t{user} "), "Passw0rd!!");
            let RegistrationValidation::Valid { registration } = out else {
                return Err(TestCaseError::fail("expected valid"));
            };
            prop_assert_eq!(&registration.username, &user);
            prop_assert_eq!(&registration.email, &email);
            prop_assert_eq!(normalize_username(&registration.username), normalize_username(&user.to_uppercase()));
            prop_assert_eq!(normalize_email(&registration.email), email.to_lowercase());
        }

        #[test]
        fn password_length_bounds(n in 0usize..200) {
            let password: String = "aB".repeat(n).chars().take(n).collect();
            let rule = check_password(&password);
            if n == 0 {
                prop_assert_eq!(rule, Some(FieldRule::Required));
            } else if n < 8 {
                prop_assert_eq!(rule, Some(FieldRule::TooShort { min: 8 }));
            } else if n > 128 {
                prop_assert_eq!(rule, Some(FieldRule::TooLong { max: 128 }));
            } else {
                prop_assert_eq!(rule, None);
            }
        }
    }
}

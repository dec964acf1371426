//! The sentences the account rules answer with, in the caller's language (from core.json).
use crate::{
    i18n::texts::{text, text_with},
    validation::{FieldError, FieldRule},
    Lang,
};

/// A `required` error for one field.
pub fn required(field: &str, lang: Lang) -> FieldError {
    FieldError::new(field, FieldRule::Required, lang)
}

/// The email or username is already someone else's (`field` is `email` or `username`).
pub fn taken(field: &str, lang: Lang) -> String {
    let key = if field == "username" {
        "account.taken.username"
    } else {
        "account.taken.email"
    };
    text(lang, key).to_owned()
}

/// Sign-in refused without telling which part was wrong.
pub fn invalid_credentials(lang: Lang) -> String {
    text(lang, "account.invalidCredentials").to_owned()
}

/// Sign-in throttled for `seconds`.
pub fn too_many_attempts(seconds: u64, lang: Lang) -> String {
    text_with(
        lang,
        "account.tooManyAttempts",
        &[("seconds", &seconds.to_string())],
    )
}

/// A per-client budget (registration, feedback, search) is spent for now.
pub fn too_many_requests(seconds: u64, lang: Lang) -> String {
    text_with(
        lang,
        "account.tooManyRequests",
        &[("seconds", &seconds.to_string())],
    )
}

/// The server is at capacity for this kind of work (password hashing).
pub fn busy(seconds: u64, lang: Lang) -> String {
    text_with(lang, "account.busy", &[("seconds", &seconds.to_string())])
}

/// A write could not be stored (disk full, database unreachable); nothing changed.
pub fn unavailable(lang: Lang) -> String {
    text(lang, "account.unavailable").to_owned()
}

pub fn account_disabled(lang: Lang) -> String {
    text(lang, "account.accountDisabled").to_owned()
}

/// A refresh token that no longer opens a session.
pub fn session_expired(lang: Lang) -> String {
    text(lang, "account.sessionExpired").to_owned()
}

/// The current password given for a change is not the account's.
pub fn wrong_password(lang: Lang) -> String {
    text(lang, "account.wrongPassword").to_owned()
}

/// The sentence for an access denial code (`auth_required`, `admin_required`, …).
pub fn denied(code: &str, lang: Lang) -> String {
    match code {
        "auth_required" | "admin_required" | "permission_required" | "premium_required" => {
            text(lang, &format!("account.denied.{code}")).to_owned()
        }
        super::account_state::ACCOUNT_DISABLED => account_disabled(lang),
        _ => text(lang, "account.denied.auth_required").to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sentence_exists_in_every_language_and_differs_between_them() {
        for lang in Lang::ALL {
            assert!(too_many_attempts(42, lang).contains("42"));
            for code in [
                "auth_required",
                "admin_required",
                "permission_required",
                "premium_required",
            ] {
                assert!(!denied(code, lang).is_empty());
            }
            assert_ne!(taken("email", lang), taken("username", lang));
            assert_eq!(required("email", lang).field, "email");
        }
        assert_ne!(invalid_credentials(Lang::Zh), invalid_credentials(Lang::En));
        assert_ne!(account_disabled(Lang::En), account_disabled(Lang::Ja));
        assert_ne!(session_expired(Lang::Zh), wrong_password(Lang::Zh));
    }
}

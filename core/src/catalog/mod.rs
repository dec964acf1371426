//! Catalogue and listening rules: who may hear a chapter, signed audio URLs, the lists' query
//! parameters and the player's progress, playback-rate and sleep-timer rules (catalogue
//! contract, "Access to a chapter" and "Audio").

pub mod access;
pub mod book;
pub mod campaign;
pub mod chapter_form;
pub mod edit;
pub mod progress;
pub mod purchase;
pub mod query;
pub mod review;
pub mod signed_url;

use crate::i18n::texts::text;
use crate::Lang;

/// The sentence of a chapter or audio refusal code (`auth_required`, `premium_required`,
/// `purchase_required`, `signature_expired`, `invalid_signature`) in `lang`.
pub fn denied_message(code: &str, lang: Lang) -> String {
    match code {
        access::PURCHASE_REQUIRED
        | signed_url::SIGNATURE_EXPIRED
        | signed_url::INVALID_SIGNATURE => text(lang, &format!("catalog.denied.{code}")).to_owned(),
        other => crate::auth::messages::denied(other, lang),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_has_a_sentence_in_every_language() {
        for lang in Lang::ALL {
            for code in [
                access::AUTH_REQUIRED,
                access::PREMIUM_REQUIRED,
                access::PURCHASE_REQUIRED,
                signed_url::SIGNATURE_EXPIRED,
                signed_url::INVALID_SIGNATURE,
            ] {
                let sentence = denied_message(code, lang);
                assert!(!sentence.is_empty(), "{code}");
            }
        }
        assert_eq!(
            denied_message("purchase_required", Lang::En),
            "Buy this book to listen."
        );
    }
}

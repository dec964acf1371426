//! The rules of a listener's feedback message: which fields it needs and their limits.
use serde::{Deserialize, Serialize};

use crate::validation::{describe_rule, summary, FieldRule};
use crate::Lang;

pub use crate::validation::FieldError;

/// Fewest characters a message may have, so "hi" does not reach the team.
pub const MESSAGE_MIN_CHARS: usize = 10;
/// Most characters a message may have.
pub const MESSAGE_MAX_CHARS: usize = 2000;
/// Most characters of the optional contact (email, phone, WeChat id…).
pub const CONTACT_MAX_CHARS: usize = 200;

/// What a message is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FeedbackCategory {
    Bug,
    Content,
    Suggestion,
    Account,
    Other,
}

impl FeedbackCategory {
    /// Every category, in the order the form lists them.
    pub const ALL: [Self; 5] = [
        Self::Bug,
        Self::Content,
        Self::Suggestion,
        Self::Account,
        Self::Other,
    ];

    /// The stored name of the category.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Bug => "bug",
            Self::Content => "content",
            Self::Suggestion => "suggestion",
            Self::Account => "account",
            Self::Other => "other",
        }
    }

    fn parse(raw: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|category| category.as_str() == raw)
    }
}

/// A feedback form as sent: every field may be missing or wrong.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FeedbackInput {
    #[serde(default)]
    pub category: Option<String>,
    #[serde(default)]
    pub message: Option<String>,
    #[serde(default)]
    pub contact: Option<String>,
}

/// A feedback message that passed every rule; text is trimmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Feedback {
    pub category: FeedbackCategory,
    pub message: String,
    pub contact: Option<String>,
}

/// Checks every field and reports every broken rule at once, described in `lang`.
pub fn validate_feedback(input: &FeedbackInput, lang: Lang) -> Result<Feedback, Vec<FieldError>> {
    let mut errors = Vec::new();
    let mut fail = |field: &str, rule: FieldRule| errors.push(FieldError::new(field, rule, lang));
    let category = match input.category.as_deref().map(str::trim) {
        None | Some("") => {
            fail("category", FieldRule::Required);
            None
        }
        Some(raw) => FeedbackCategory::parse(raw).or_else(|| {
            let allowed = FeedbackCategory::ALL
                .iter()
                .map(|c| c.as_str().to_owned())
                .collect();
            fail("category", FieldRule::OneOf { allowed });
            None
        }),
    };
    let message = input.message.as_deref().unwrap_or("").trim().to_owned();
    let message_chars = message.chars().count();
    if message_chars == 0 {
        fail("message", FieldRule::Required);
    } else if message_chars < MESSAGE_MIN_CHARS {
        fail(
            "message",
            FieldRule::TooShort {
                min: MESSAGE_MIN_CHARS,
            },
        );
    } else if message_chars > MESSAGE_MAX_CHARS {
        fail(
            "message",
            FieldRule::TooLong {
                max: MESSAGE_MAX_CHARS,
            },
        );
    }
    let contact = input
        .contact
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty());
    if contact.is_some_and(|c| c.chars().count() > CONTACT_MAX_CHARS) {
        fail(
            "contact",
            FieldRule::TooLong {
                max: CONTACT_MAX_CHARS,
            },
        );
    }
    match (category, errors.is_empty()) {
        (Some(category), true) => Ok(Feedback {
            category,
            message,
            contact: contact.map(str::to_owned),
        }),
        _ => Err(errors),
    }
}

/// The sentence that heads a refused form, in the sender's language.
pub fn describe_summary(lang: Lang) -> String {
    summary(lang)
}

/// What is wrong with one field, in `lang` (the error's own `message` is in the language
/// it was validated in).
pub fn describe(error: &FieldError, lang: Lang) -> String {
    describe_rule(&error.rule, lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(category: &str, message: &str, contact: Option<&str>) -> FeedbackInput {
        FeedbackInput {
            category: Some(category.into()),
            message: Some(message.into()),
            contact: contact.map(Into::into),
        }
    }

    #[test]
    fn a_good_message_is_trimmed_and_kept() {
        let ok = validate_feedback(
            &input(
                "bug",
                "  播放到第三章就停了，请看看  ",
                Some(" me@example.com "),
            ),
            Lang::En,
        )
        .unwrap();
        assert_eq!(ok.category, FeedbackCategory::Bug);
        assert_eq!(ok.message, "播放到第三章就停了，请看看");
        assert_eq!(ok.contact.as_deref(), Some("me@example.com"));
    }

    #[test]
    fn every_broken_field_is_reported() {
        let errors = validate_feedback(&FeedbackInput::default(), Lang::En).unwrap_err();
        let fields: Vec<_> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["category", "message"]);
        assert!(errors.iter().all(|e| e.rule == FieldRule::Required));
    }

    #[test]
    fn limits_count_characters_not_bytes() {
        // Nine CJK characters are 27 bytes but still too short.
        let short =
            validate_feedback(&input("content", "九个汉字还是太短了", None), Lang::En).unwrap_err();
        assert_eq!(short[0].rule, FieldRule::TooShort { min: 10 });
        assert!(
            validate_feedback(&input("content", "十个汉字刚好可以提交", None), Lang::En).is_ok()
        );
        let long = "长".repeat(MESSAGE_MAX_CHARS + 1);
        let errors = validate_feedback(&input("other", &long, None), Lang::En).unwrap_err();
        assert_eq!(
            errors[0].rule,
            FieldRule::TooLong {
                max: MESSAGE_MAX_CHARS
            }
        );
    }

    #[test]
    fn unknown_categories_list_the_allowed_ones() {
        let errors = validate_feedback(&input("praise", "a long enough message", None), Lang::En)
            .unwrap_err();
        assert_eq!(errors[0].field, "category");
        assert!(
            matches!(&errors[0].rule, FieldRule::OneOf { allowed } if allowed.iter().any(|a| a == "bug"))
        );
    }

    #[test]
    fn field_errors_are_described_in_each_language_with_their_limit() {
        let error = FieldError::new("message", FieldRule::TooShort { min: 10 }, Lang::Zh);
        let texts: Vec<String> = Lang::ALL
            .iter()
            .map(|&lang| describe(&error, lang))
            .collect();
        assert!(texts.iter().all(|t| t.contains("10")), "{texts:?}");
        assert_ne!(texts[0], texts[1]);
        assert_ne!(texts[1], texts[2]);
    }

    #[test]
    fn an_empty_contact_is_no_contact_and_a_long_one_is_refused() {
        assert_eq!(
            validate_feedback(
                &input("bug", "a long enough message", Some("   ")),
                Lang::En
            )
            .unwrap()
            .contact,
            None
        );
        let long = "x".repeat(CONTACT_MAX_CHARS + 1);
        let errors = validate_feedback(
            &input("bug", "a long enough message", Some(&long)),
            Lang::En,
        )
        .unwrap_err();
        assert_eq!(errors[0].field, "contact");
    }
}

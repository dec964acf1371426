//! What each request body field of the API must be, as core's validators enforce it: stated once,
//! from the validators' own constants, for the server's OpenAPI document (so a fuzzer or a
//! client generator knows the rules), and held to the validators by this module's tests.
//!
//! A constraint here may be narrower than its validator (a username pattern of ASCII letters
//! where the validator takes any letter): everything the document allows passes.
use crate::{
    auth::account::{
        EMAIL_MAX_CHARS, PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS, USERNAME_MAX_CHARS,
        USERNAME_MIN_CHARS,
    },
    auth::roles::{ROLE_DESCRIPTION_MAX_CHARS, ROLE_NAME_MAX_CHARS},
    catalog::{
        book::BookStatus,
        edit::{
            CATEGORY_NAME_MAX_CHARS, DESCRIPTION_MAX_CHARS, ID_MAX, PERSON_MAX_CHARS,
            PRICE_MAX_MINOR, SLUG_MAX_CHARS, SORT_ORDER_MAX, TAGS_MAX, TAG_MAX_CHARS,
            TITLE_MAX_CHARS,
        },
        query::BOOK_ACCESS,
        review::{REVIEW_MAX_CHARS, SCORE_MIN},
    },
    feedback::{FeedbackCategory, CONTACT_MAX_CHARS, MESSAGE_MAX_CHARS, MESSAGE_MIN_CHARS},
    format::clamp::DEFAULT_MAX_RATING,
    offers::{
        ads::{AdSlot, AD_TEXT_MAX_CHARS},
        campaign_form::{
            CAMPAIGN_BOOKS_MAX, CAMPAIGN_CATEGORIES_MAX, CAMPAIGN_NAME_MAX_CHARS, INSTANT_MAX_MS,
        },
        site_settings::{
            AUDIO_MB_MAX, CONTACT_MAX_CHARS as SUPPORT_CONTACT_MAX_CHARS, IMAGE_MB_MAX,
            RETENTION_DAYS_MAX, SITE_NAME_MAX_CHARS,
        },
    },
    people::membership_change::{MembershipTerm, REASON_MAX_CHARS},
    spelling::Spelling,
    time::timezone::ALLOWED_TIMEZONES,
    Lang,
};

/// One rule a field or parameter must keep.
#[derive(Debug, Clone, PartialEq)]
pub enum Constraint {
    /// Present and not null.
    Required,
    /// Text with a character that is not white space (the validators trim).
    NotBlank,
    /// Text of at least one character, white space included (a password as typed).
    NotEmpty,
    /// Text of `min` to `max` characters (Unicode scalar values, as JSON Schema counts).
    Chars { min: usize, max: usize },
    /// Text matching an ECMAScript regular expression (also valid in Python's `re`).
    Pattern(&'static str),
    /// Text of a well-known format (`email`).
    Format(&'static str),
    /// One of these spellings.
    OneOf(Vec<String>),
    /// A whole number from `min` to `max`.
    Whole { min: i64, max: i64 },
    /// A number from `min` to `max`.
    Number { min: f64, max: f64 },
    /// A list of `min` to `max` items.
    Items { min: usize, max: usize },
    /// A rule every item of a list keeps.
    Each(Box<Constraint>),
}

/// The rules of one property of a request body's schema.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldContract {
    /// The schema's name in the document's components (`ValidateBookInput`).
    pub schema: &'static str,
    /// The property as sent (`titleZh`).
    pub field: &'static str,
    pub rules: Vec<Constraint>,
}

/// Any record id: the positive range of the database's 32-bit keys.
pub fn id() -> Constraint {
    Constraint::Whole {
        min: 1,
        max: ID_MAX as i64,
    }
}

/// One of `values`.
pub fn one_of(values: &[&str]) -> Constraint {
    Constraint::OneOf(values.iter().map(|v| (*v).to_owned()).collect())
}

/// One of `T`'s spellings.
pub fn spellings<T: Spelling>() -> Constraint {
    Constraint::OneOf(T::ALL.iter().map(|v| v.as_str().to_owned()).collect())
}

fn chars(max: usize) -> Constraint {
    Constraint::Chars { min: 0, max }
}

fn price() -> Constraint {
    Constraint::Whole {
        min: 0,
        max: PRICE_MAX_MINOR as i64,
    }
}

/// A required instant of a campaign's or an ad's window: whole ms since the epoch, from
/// `min` (an end comes after a start, so after the epoch's first ms).
fn required_instant(min: i64) -> Vec<Constraint> {
    vec![
        Constraint::Required,
        Constraint::Whole {
            min,
            max: INSTANT_MAX_MS as i64,
        },
    ]
}

/// A list of at most `max` ids (absent or empty allowed).
fn some_ids(max: usize) -> Vec<Constraint> {
    vec![
        Constraint::Items { min: 0, max },
        Constraint::Each(Box::new(id())),
    ]
}

/// A required text of at most `max` characters, not blank.
fn required_text(max: usize) -> Vec<Constraint> {
    vec![Constraint::Required, Constraint::NotBlank, chars(max)]
}

/// The slug format of `validateCategory`: lower-case words of letters and digits joined by `-`.
pub const SLUG_PATTERN: &str = "^[a-z0-9]+(-[a-z0-9]+)*$";
/// A username the account rules take: ASCII letters, digits, `_` and `-`, not only digits.
pub const USERNAME_PATTERN: &str = "^[A-Za-z0-9_-]*[A-Za-z_-][A-Za-z0-9_-]*$";
/// A password with two kinds of characters: a letter and a digit.
pub const PASSWORD_PATTERN: &str = "^.*([A-Za-z].*[0-9]|[0-9].*[A-Za-z]).*$";
/// At least [`MESSAGE_MIN_CHARS`] characters once trimmed.
pub const FEEDBACK_MESSAGE_PATTERN: &str = r"^\s*\S[\s\S]{8,}\S\s*$";

/// Every request body field's rules.
pub fn fields() -> Vec<FieldContract> {
    let mut all = Vec::new();
    let mut add = |schema: &'static str, field: &'static str, rules: Vec<Constraint>| {
        all.push(FieldContract {
            schema,
            field,
            rules,
        })
    };
    // validateBook
    const BOOK: &str = "ValidateBookInput";
    add(BOOK, "titleZh", required_text(TITLE_MAX_CHARS));
    for field in [
        "titleEn",
        "titleJa",
        "subtitleZh",
        "subtitleEn",
        "subtitleJa",
    ] {
        add(BOOK, field, vec![chars(TITLE_MAX_CHARS)]);
    }
    add(BOOK, "descriptionZh", required_text(DESCRIPTION_MAX_CHARS));
    for field in ["descriptionEn", "descriptionJa"] {
        add(BOOK, field, vec![chars(DESCRIPTION_MAX_CHARS)]);
    }
    add(BOOK, "author", required_text(PERSON_MAX_CHARS));
    for field in [
        "authorEn",
        "authorJa",
        "narrator",
        "narratorEn",
        "narratorJa",
    ] {
        add(BOOK, field, vec![chars(PERSON_MAX_CHARS)]);
    }
    add(BOOK, "categoryId", vec![Constraint::Required, id()]);
    for field in ["tags", "tagsEn", "tagsJa"] {
        add(
            BOOK,
            field,
            vec![
                Constraint::Items {
                    min: 0,
                    max: TAGS_MAX,
                },
                Constraint::Each(Box::new(chars(TAG_MAX_CHARS))),
            ],
        );
    }
    add(
        BOOK,
        "status",
        vec![Constraint::Required, spellings::<BookStatus>()],
    );
    add(
        BOOK,
        "access",
        vec![Constraint::Required, one_of(&BOOK_ACCESS)],
    );
    add(
        BOOK,
        "language",
        vec![Constraint::OneOf(
            Lang::ALL.iter().map(|l| l.code().to_owned()).collect(),
        )],
    );
    for field in ["priceCny", "priceUsd", "priceJpy"] {
        add(BOOK, field, vec![price()]);
    }
    // validateCategory
    const CATEGORY: &str = "ValidateCategoryInput";
    add(
        CATEGORY,
        "slug",
        vec![
            Constraint::Required,
            Constraint::Pattern(SLUG_PATTERN),
            Constraint::Chars {
                min: 1,
                max: SLUG_MAX_CHARS,
            },
        ],
    );
    for field in ["nameZh", "nameEn", "nameJa"] {
        add(CATEGORY, field, required_text(CATEGORY_NAME_MAX_CHARS));
    }
    add(CATEGORY, "parentId", vec![id()]);
    add(
        CATEGORY,
        "sortOrder",
        vec![Constraint::Whole {
            min: 0,
            max: SORT_ORDER_MAX as i64,
        }],
    );
    // validateFeedbackReply
    add(
        "ValidateFeedbackReplyInput",
        "message",
        required_text(crate::analytics::REPLY_MAX_CHARS),
    );
    // validateRole
    const ROLE: &str = "ValidateRoleInput";
    add(ROLE, "name", required_text(ROLE_NAME_MAX_CHARS));
    add(ROLE, "description", vec![chars(ROLE_DESCRIPTION_MAX_CHARS)]);
    // validateChapter
    const CHAPTER: &str = "ValidateChapterInput";
    add(CHAPTER, "titleZh", required_text(TITLE_MAX_CHARS));
    for field in ["titleEn", "titleJa"] {
        add(CHAPTER, field, vec![chars(TITLE_MAX_CHARS)]);
    }
    add(CHAPTER, "assetId", vec![id()]);
    for field in ["priceCny", "priceUsd", "priceJpy"] {
        add(CHAPTER, field, vec![price()]);
    }
    // validateReview
    const REVIEW: &str = "ValidateReviewInput";
    add(
        REVIEW,
        "score",
        vec![
            Constraint::Required,
            Constraint::Whole {
                min: SCORE_MIN as i64,
                max: DEFAULT_MAX_RATING as i64,
            },
        ],
    );
    add(REVIEW, "review", vec![chars(REVIEW_MAX_CHARS)]);
    // validateFeedback
    const FEEDBACK: &str = "FeedbackInput";
    add(
        FEEDBACK,
        "category",
        vec![
            Constraint::Required,
            Constraint::OneOf(
                FeedbackCategory::ALL
                    .iter()
                    .map(|c| c.as_str().to_owned())
                    .collect(),
            ),
        ],
    );
    add(
        FEEDBACK,
        "message",
        vec![
            Constraint::Required,
            Constraint::Pattern(FEEDBACK_MESSAGE_PATTERN),
            Constraint::Chars {
                min: MESSAGE_MIN_CHARS,
                max: MESSAGE_MAX_CHARS,
            },
        ],
    );
    add(FEEDBACK, "contact", vec![chars(CONTACT_MAX_CHARS)]);
    // validateSiteSettings
    const SETTINGS: &str = "ValidateSiteSettingsInput";
    add(SETTINGS, "siteName", required_text(SITE_NAME_MAX_CHARS));
    add(
        SETTINGS,
        "defaultLanguage",
        vec![
            Constraint::Required,
            Constraint::OneOf(Lang::ALL.iter().map(|l| l.code().to_owned()).collect()),
        ],
    );
    add(SETTINGS, "registrationOpen", vec![Constraint::Required]);
    for (field, max) in [
        ("maxAudioMb", AUDIO_MB_MAX),
        ("maxImageMb", IMAGE_MB_MAX),
        ("accessLogRetentionDays", RETENTION_DAYS_MAX),
    ] {
        add(
            SETTINGS,
            field,
            vec![
                Constraint::Required,
                Constraint::Whole {
                    min: 1,
                    max: max as i64,
                },
            ],
        );
    }
    add(
        SETTINGS,
        "supportContact",
        vec![chars(SUPPORT_CONTACT_MAX_CHARS)],
    );
    // validateCampaign
    const CAMPAIGN: &str = "ValidateCampaignInput";
    add(CAMPAIGN, "name", required_text(CAMPAIGN_NAME_MAX_CHARS));
    add(CAMPAIGN, "startsAt", required_instant(0));
    add(CAMPAIGN, "endsAt", required_instant(1));
    add(CAMPAIGN, "bookIds", some_ids(CAMPAIGN_BOOKS_MAX));
    add(CAMPAIGN, "categoryIds", some_ids(CAMPAIGN_CATEGORIES_MAX));
    // validateAd
    const AD: &str = "ValidateAdInput";
    add(
        AD,
        "slot",
        vec![Constraint::Required, spellings::<AdSlot>()],
    );
    add(AD, "text", vec![chars(AD_TEXT_MAX_CHARS)]);
    add(AD, "link", vec![Constraint::Required, Constraint::NotBlank]);
    add(AD, "startsAt", required_instant(0));
    add(AD, "endsAt", required_instant(1));
    // validateMembershipChange (the action is the method: a grant or a revocation)
    const MEMBERSHIP: &str = "ValidateMembershipChangeInput";
    add(MEMBERSHIP, "reason", required_text(REASON_MAX_CHARS));
    add(MEMBERSHIP, "term", vec![spellings::<MembershipTerm>()]);
    add(MEMBERSHIP, "planId", vec![id()]);
    // The console's user actions (checked by the server alone).
    let choices =
        |allowed: &[&str]| Constraint::OneOf(allowed.iter().map(|a| (*a).to_owned()).collect());
    add(
        "StatusRequest",
        "status",
        vec![Constraint::Required, choices(&["active", "disabled"])],
    );
    add(
        "UserTypeRequest",
        "userType",
        vec![Constraint::Required, choices(&["admin", "user"])],
    );
    add("RolesRequest", "roleIds", vec![Constraint::Required]);
    // The account rules (`check_email`, `check_username`, `check_password`).
    let email = || {
        vec![
            Constraint::Required,
            Constraint::Format("email"),
            chars(EMAIL_MAX_CHARS),
        ]
    };
    let username = || {
        vec![
            Constraint::Required,
            Constraint::Pattern(USERNAME_PATTERN),
            Constraint::Chars {
                min: USERNAME_MIN_CHARS,
                max: USERNAME_MAX_CHARS,
            },
        ]
    };
    let password = || {
        vec![
            Constraint::Required,
            Constraint::Pattern(PASSWORD_PATTERN),
            Constraint::Chars {
                min: PASSWORD_MIN_CHARS,
                max: PASSWORD_MAX_CHARS,
            },
        ]
    };
    add("RegistrationRequest", "email", email());
    add("RegistrationRequest", "username", username());
    add("RegistrationRequest", "password", password());
    add("PasswordChangeRequest", "newPassword", password());
    // validateProfileUpdate: a field changes only when sent, by the registration's rules.
    let when_sent = |rules: Vec<Constraint>| {
        rules
            .into_iter()
            .filter(|rule| *rule != Constraint::Required)
            .collect::<Vec<_>>()
    };
    add("ProfileRequest", "email", when_sent(email()));
    add("ProfileRequest", "username", when_sent(username()));
    add(
        "ProfileRequest",
        "language",
        vec![Constraint::OneOf(
            Lang::ALL.iter().map(|l| l.code().to_owned()).collect(),
        )],
    );
    add(
        "ProfileRequest",
        "timezone",
        vec![one_of(&ALLOWED_TIMEZONES)],
    );
    add(
        "PasswordChangeRequest",
        "currentPassword",
        vec![Constraint::Required, Constraint::NotEmpty],
    );
    // Signing in takes an email or a username.
    add(
        "LoginInput",
        "email",
        vec![
            Constraint::Required,
            Constraint::NotBlank,
            chars(EMAIL_MAX_CHARS),
        ],
    );
    add(
        "LoginInput",
        "password",
        vec![Constraint::Required, Constraint::NotEmpty],
    );
    add(
        "RefreshRequest",
        "refreshToken",
        vec![Constraint::Required, Constraint::NotBlank],
    );
    behavior_fields(&mut add);
    anti_crawler_fields(&mut add);
    all
}

/// `validateAntiCrawlerReport`.
fn anti_crawler_fields(add: &mut impl FnMut(&'static str, &'static str, Vec<Constraint>)) {
    use crate::anti_crawler::report as r;
    const REPORT: &str = "ValidateAntiCrawlerReportInput";
    add(
        REPORT,
        "type",
        vec![Constraint::Required, spellings::<r::ReportKind>()],
    );
    add(REPORT, "visitorId", required_text(r::VISITOR_ID_MAX_CHARS));
    add(
        REPORT,
        "timestamp",
        vec![Constraint::Whole {
            min: 0,
            max: crate::tracking::event::TIMESTAMP_MAX,
        }],
    );
}

/// `validateBehaviorEvent` (the fields every kind shares; the server states which each kind
/// requires) and `validatePreference`.
fn behavior_fields(add: &mut impl FnMut(&'static str, &'static str, Vec<Constraint>)) {
    use crate::tracking::{event as e, preference as p};
    let seconds = || Constraint::Number {
        min: 0.0,
        max: e::SECONDS_MAX as f64,
    };
    let whole = |max: usize| Constraint::Whole {
        min: 0,
        max: max as i64,
    };
    const EVENT: &str = "ValidateBehaviorEventInput";
    add(
        EVENT,
        "sessionId",
        vec![
            Constraint::Required,
            Constraint::Pattern(e::SESSION_ID_PATTERN),
        ],
    );
    add(EVENT, "pageType", vec![chars(e::PAGE_TYPE_MAX_CHARS)]);
    add(EVENT, "pageUrl", vec![chars(e::URL_MAX_CHARS)]);
    add(EVENT, "referrer", vec![chars(e::URL_MAX_CHARS)]);
    add(EVENT, "query", vec![chars(e::QUERY_MAX_CHARS)]);
    add(
        EVENT,
        "timestamp",
        vec![Constraint::Number {
            min: 0.0,
            max: e::TIMESTAMP_MAX as f64,
        }],
    );
    add(EVENT, "viewDuration", vec![seconds()]);
    add(EVENT, "position", vec![seconds()]);
    add(EVENT, "duration", vec![seconds()]);
    add(
        EVENT,
        "scrollDepth",
        vec![Constraint::Number { min: 0.0, max: 1.0 }],
    );
    add(EVENT, "clickCount", vec![whole(e::CLICKS_MAX)]);
    add(EVENT, "resultCount", vec![whole(e::RESULTS_MAX)]);
    add(EVENT, "bookId", vec![id()]);
    add(EVENT, "chapterId", vec![id()]);
    add(EVENT, "action", vec![spellings::<e::FavoriteAction>()]);
    const DEVICE: &str = "DeviceInfoInput";
    add(DEVICE, "userAgent", vec![chars(e::USER_AGENT_MAX_CHARS)]);
    add(DEVICE, "screenWidth", vec![whole(e::SCREEN_MAX)]);
    add(DEVICE, "screenHeight", vec![whole(e::SCREEN_MAX)]);
    add(
        DEVICE,
        "devicePixelRatio",
        vec![Constraint::Number {
            min: 0.0,
            max: e::PIXEL_RATIO_MAX as f64,
        }],
    );
    add(DEVICE, "timezone", vec![chars(e::TIMEZONE_MAX_CHARS)]);
    add(DEVICE, "language", vec![chars(e::LANGUAGE_MAX_CHARS)]);
    const PREFERENCE: &str = "ValidatePreferenceInput";
    add(
        PREFERENCE,
        "preferenceType",
        required_text(p::PREFERENCE_TYPE_MAX_CHARS),
    );
    add(
        PREFERENCE,
        "preferenceKey",
        required_text(p::PREFERENCE_KEY_MAX_CHARS),
    );
    add(
        PREFERENCE,
        "preferenceValue",
        vec![chars(p::PREFERENCE_VALUE_MAX_CHARS)],
    );
    add(
        PREFERENCE,
        "weight",
        vec![Constraint::Number {
            min: 0.0,
            max: p::WEIGHT_MAX as f64,
        }],
    );
    add(
        PREFERENCE,
        "source",
        vec![spellings::<p::PreferenceSource>()],
    );
}

#[cfg(test)]
mod tests {
    //! Each stated rule held to its validator at its bounds: what the document allows passes,
    //! and a value just outside it is refused, naming the field.
    use serde_json::{json, Map, Value};

    use super::*;
    use crate::{
        auth::account::{
            validate_password_change, validate_registration, PasswordChangeValidation,
            RegistrationValidation, ValidatePasswordChangeInput, ValidateRegistrationInput,
        },
        catalog::{
            chapter_form::{validate_chapter, ChapterValidation, ValidateChapterInput},
            edit::{
                validate_book, validate_category, BookValidation, CategoryValidation,
                ValidateBookInput, ValidateCategoryInput,
            },
            review::{validate_review, ReviewValidation, ValidateReviewInput},
        },
        feedback::{validate_feedback, FeedbackInput},
        validation::FieldError,
    };

    /// A form of `schema` that passes every rule.
    fn valid(schema: &str) -> Option<Value> {
        Some(match schema {
            "ValidateBookInput" => {
                json!({"titleZh": "书", "descriptionZh": "简介", "author": "作者",
                "categoryId": 1, "status": "finished", "access": "free"})
            }
            "ValidateCategoryInput" => json!({"slug": "wuxia", "nameZh": "武侠", "nameEn": "Wuxia",
                "nameJa": "武侠"}),
            "ValidateRoleInput" => json!({"name": "客服"}),
            "ValidateSiteSettingsInput" => json!({"siteName": "听书", "defaultLanguage": "zh",
                "registrationOpen": true, "maxAudioMb": 500, "maxImageMb": 10,
                "accessLogRetentionDays": 30}),
            "ValidateCampaignInput" => json!({"name": "国庆限免", "startsAt": 0, "endsAt": 1,
                "bookIds": [1]}),
            "ValidateAdInput" => json!({"slot": "book_detail", "text": "八折",
                "link": "https://shop.example", "startsAt": 0, "endsAt": 1}),
            "ValidateFeedbackReplyInput" => json!({"message": "谢谢，已修复。"}),
            "ValidateMembershipChangeInput" => json!({"term": "plan", "planId": 1,
                "reason": "客服补偿"}),
            "ValidateChapterInput" => json!({"titleZh": "第一章"}),
            "ValidateReviewInput" => json!({"score": 4}),
            "FeedbackInput" => json!({"category": "bug", "message": "播放到一半就停了，请看看。"}),
            "RegistrationRequest" => json!({"email": "reader@example.com", "username": "reader",
                "password": "listen2books"}),
            "ProfileRequest" => json!({"username": "reader", "email": "reader@example.com",
                "language": "en", "timezone": "Asia/Shanghai"}),
            "PasswordChangeRequest" => json!({"currentPassword": "old-secret-1",
                "newPassword": "new-secret-2"}),
            "ValidateBehaviorEventInput" => json!({"sessionId": SESSION, "pageUrl": "/"}),
            "DeviceInfoInput" => json!({"userAgent": "Mozilla/5.0"}),
            "ValidatePreferenceInput" => json!({"preferenceType": "category",
                "preferenceKey": "1"}),
            "ValidateAntiCrawlerReportInput" => json!({"type": "devtools", "visitorId": "v1"}),
            // Checked by the server alone (signing in, refreshing): its API tests hold them.
            _ => return None,
        })
    }

    fn names(errors: Vec<FieldError>) -> Vec<String> {
        errors.into_iter().map(|error| error.field).collect()
    }

    /// The fields the validator of `schema` refuses in `form`.
    fn refused(schema: &str, form: &Value) -> Vec<String> {
        let mut form = form.clone();
        form["lang"] = json!("en");
        match schema {
            "ValidateBookInput" => match validate_book(from::<ValidateBookInput>(form)) {
                BookValidation::Valid { .. } => vec![],
                BookValidation::Invalid { errors } => names(errors),
            },
            "ValidateCategoryInput" => {
                match validate_category(from::<ValidateCategoryInput>(form)) {
                    CategoryValidation::Valid { .. } => vec![],
                    CategoryValidation::Invalid { errors } => names(errors),
                }
            }
            "ValidateFeedbackReplyInput" => {
                match crate::analytics::validate_feedback_reply(from(form)) {
                    crate::analytics::FeedbackReplyValidation::Valid { .. } => vec![],
                    crate::analytics::FeedbackReplyValidation::Invalid { errors } => names(errors),
                }
            }
            "ValidateSiteSettingsInput" => {
                match crate::offers::site_settings::validate_site_settings(from(form)) {
                    crate::offers::site_settings::SiteSettingsValidation::Valid { .. } => vec![],
                    crate::offers::site_settings::SiteSettingsValidation::Invalid { errors } => {
                        names(errors)
                    }
                }
            }
            "ValidateCampaignInput" => {
                match crate::offers::campaign_form::validate_campaign(from(form)) {
                    crate::offers::campaign_form::CampaignValidation::Valid { .. } => vec![],
                    crate::offers::campaign_form::CampaignValidation::Invalid { errors } => {
                        names(errors)
                    }
                }
            }
            "ValidateAdInput" => match crate::offers::ads::validate_ad(from(form)) {
                crate::offers::ads::AdValidation::Valid { .. } => vec![],
                crate::offers::ads::AdValidation::Invalid { errors } => names(errors),
            },
            "ValidateMembershipChangeInput" => {
                use crate::people::membership_change::{
                    validate_membership_change, MembershipChangeValidation,
                };
                form["action"] = json!("grant");
                match validate_membership_change(from(form)) {
                    MembershipChangeValidation::Valid { .. } => vec![],
                    MembershipChangeValidation::Invalid { errors } => names(errors),
                }
            }
            "ValidateRoleInput" => match crate::auth::roles::validate_role(from(form)) {
                crate::auth::roles::RoleValidation::Valid { .. } => vec![],
                crate::auth::roles::RoleValidation::Invalid { errors } => names(errors),
            },
            "ValidateChapterInput" => match validate_chapter(from::<ValidateChapterInput>(form)) {
                ChapterValidation::Valid { .. } => vec![],
                ChapterValidation::Invalid { errors } => names(errors),
            },
            "ValidateReviewInput" => match validate_review(from::<ValidateReviewInput>(form)) {
                ReviewValidation::Valid { .. } => vec![],
                ReviewValidation::Invalid { errors } => names(errors),
            },
            "FeedbackInput" => validate_feedback(&from::<FeedbackInput>(form), Lang::En)
                .map_or_else(names, |_| vec![]),
            "RegistrationRequest" => {
                match validate_registration(from::<ValidateRegistrationInput>(form)) {
                    RegistrationValidation::Valid { .. } => vec![],
                    RegistrationValidation::Invalid { errors } => names(errors),
                }
            }
            "ProfileRequest" => {
                use crate::auth::account::{validate_profile_update, ProfileUpdateValidation};
                match validate_profile_update(from(form)) {
                    ProfileUpdateValidation::Valid { .. } => vec![],
                    ProfileUpdateValidation::Invalid { errors } => names(errors),
                }
            }
            "PasswordChangeRequest" => {
                form["username"] = json!("reader");
                form["email"] = json!("reader@example.com");
                match validate_password_change(from::<ValidatePasswordChangeInput>(form)) {
                    PasswordChangeValidation::Valid => vec![],
                    PasswordChangeValidation::Invalid { errors } => names(errors),
                }
            }
            "ValidateBehaviorEventInput" => behavior_event(form),
            // Device fields are checked inside an event and named `deviceInfo.<field>`.
            "DeviceInfoInput" => behavior_event(json!({"sessionId": SESSION, "pageUrl": "/",
                "deviceInfo": form, "lang": "en"}))
            .into_iter()
            .map(|field| field.trim_start_matches("deviceInfo.").to_owned())
            .collect(),
            "ValidatePreferenceInput" => {
                match crate::tracking::preference::validate_preference(from(form)) {
                    crate::tracking::preference::PreferenceValidation::Valid { .. } => vec![],
                    crate::tracking::preference::PreferenceValidation::Invalid { errors } => {
                        names(errors)
                    }
                }
            }
            "ValidateAntiCrawlerReportInput" => {
                use crate::anti_crawler::report::{validate_anti_crawler_report, ReportValidation};
                match validate_anti_crawler_report(from(form)) {
                    ReportValidation::Valid { .. } => vec![],
                    ReportValidation::Invalid { errors } => names(errors),
                }
            }
            other => panic!("no validator for {other}"),
        }
    }

    const SESSION: &str = "0f8fad5b-d9cb-469f-a165-70867728950e";

    /// The fields `validateBehaviorEvent` refuses in `form`, as a page view (the kind the
    /// server takes from the path; a page view needs only `pageUrl` besides the session).
    fn behavior_event(mut form: Value) -> Vec<String> {
        use crate::tracking::event::{validate_behavior_event, BehaviorEventValidation};
        form["kind"] = json!("pageview");
        match validate_behavior_event(from(form)) {
            BehaviorEventValidation::Valid { .. } => vec![],
            BehaviorEventValidation::Invalid { errors } => names(errors),
        }
    }

    fn from<T: serde::de::DeserializeOwned>(form: Value) -> T {
        serde_json::from_value(form).expect("the form is the input's shape")
    }

    /// Text of exactly `n` characters that keeps the other rules of `field`.
    fn text(schema: &str, field: &str, n: usize) -> String {
        match (schema, field) {
            (_, "slug" | "username") => "a".repeat(n),
            (_, "password" | "newPassword") => format!("1{}", "a".repeat(n.saturating_sub(1))),
            (_, "email") => email(n),
            ("ValidateSiteSettingsInput", "supportContact") => email(n),
            _ => "字".repeat(n),
        }
    }

    /// A well-formed address of exactly `n` characters (n ≥ 6): `a…@b….b….cn`.
    fn email(n: usize) -> String {
        let local = "a".repeat((n - 5).min(64));
        let mut rest = n - local.chars().count() - 1 - 3; // '@' and ".cn"
        let mut labels = Vec::new();
        while rest > 0 {
            let label = rest.min(63);
            labels.push("b".repeat(label));
            rest -= label;
            if rest > 0 {
                rest -= 1; // the dot before the next label
                if rest == 0 {
                    labels.last_mut().expect("a label").pop();
                    labels.push("b".into());
                }
            }
        }
        let address = format!("{local}@{}.cn", labels.join("."));
        assert_eq!(address.chars().count(), n, "{address}");
        address
    }

    /// A value that breaks `pattern` and its validator.
    fn breaking(pattern: &str) -> &'static str {
        match pattern {
            SLUG_PATTERN => "Not-A-Slug",
            USERNAME_PATTERN => "12345",
            PASSWORD_PATTERN => "onlyletters",
            FEEDBACK_MESSAGE_PATTERN => "   short   ",
            crate::tracking::event::SESSION_ID_PATTERN => "0f8fad5b-d9cb-469f-a165-70867728950",
            other => panic!("no breaking example for {other}"),
        }
    }

    fn with(form: &Value, field: &str, value: Value) -> Value {
        let mut form = form.clone();
        form[field] = value;
        form
    }

    fn without(form: &Value, field: &str) -> Value {
        let mut map: Map<String, Value> = form.as_object().expect("a form").clone();
        map.remove(field);
        Value::Object(map)
    }

    /// Asserts that `form` passes `field` (true) or is refused on it (false).
    fn expect(schema: &str, field: &str, form: &Value, passes: bool, case: &str) {
        let named = refused(schema, form).iter().any(|f| f == field);
        assert_eq!(
            !named,
            passes,
            "{schema}.{field}, {case}: {}",
            if passes { "refused" } else { "passed" }
        );
    }

    fn check(contract: &FieldContract, rule: &Constraint, base: &Value) {
        let (schema, field) = (contract.schema, contract.field);
        let is = |value: Value, passes: bool, case: &str| {
            expect(schema, field, &with(base, field, value), passes, case)
        };
        match rule {
            Constraint::Required => {
                expect(schema, field, &without(base, field), false, "left out");
                is(Value::Null, false, "null");
            }
            Constraint::NotBlank => is(json!("   "), false, "blank"),
            Constraint::NotEmpty => is(json!(""), false, "empty"),
            Constraint::Chars { min, max } => {
                is(json!(text(schema, field, *max)), true, "at its longest");
                is(json!(text(schema, field, max + 1)), false, "one too long");
                if *min > 1 {
                    is(json!(text(schema, field, *min)), true, "at its shortest");
                    is(json!(text(schema, field, min - 1)), false, "one too short");
                }
            }
            Constraint::Pattern(pattern) => is(json!(breaking(pattern)), false, "off its pattern"),
            Constraint::Format(_) => is(json!("not-an-address"), false, "ill-formed"),
            Constraint::OneOf(allowed) => {
                for value in allowed {
                    is(json!(value), true, value);
                }
                is(json!("no-such-value"), false, "another value");
            }
            Constraint::Whole { min, max } => {
                is(json!(min), true, "its least");
                is(json!(max), true, "its most");
                is(json!(min - 1), false, "below");
                is(json!(max + 1), false, "above");
                is(json!(*min as f64 + 0.5), false, "not whole");
            }
            Constraint::Number { min, max } => {
                is(json!(min), true, "its least");
                is(json!(max), true, "its most");
            }
            Constraint::Items { max, .. } => {
                // Items that keep the list's own rule for each item (ids, or short words).
                let least = contract.rules.iter().find_map(|rule| match rule {
                    Constraint::Each(inner) => match inner.as_ref() {
                        Constraint::Whole { min, .. } => Some(*min),
                        _ => None,
                    },
                    _ => None,
                });
                let item = |i: usize| match least {
                    Some(min) => json!(min + i as i64),
                    None => json!(format!("t{i}")),
                };
                let items = |n: usize| Value::Array((0..n).map(item).collect());
                is(items(*max), true, "as many as allowed");
                is(items(max + 1), false, "one too many");
            }
            Constraint::Each(inner) => match inner.as_ref() {
                Constraint::Chars { max, .. } => {
                    is(json!(["字".repeat(*max)]), true, "an item at its longest");
                    is(json!(["字".repeat(max + 1)]), false, "an item one too long");
                }
                Constraint::Whole { min, max } => {
                    is(json!([min, max]), true, "items at their least and most");
                    is(json!([min - 1]), false, "an item below");
                    is(json!([*min as f64 + 0.5]), false, "an item not whole");
                }
                other => panic!("{schema}.{field}: no check for items' {other:?}"),
            },
        }
    }

    #[test]
    fn every_stated_rule_is_the_validators_own() {
        let mut checked = 0;
        let mut unchecked = std::collections::BTreeSet::new();
        for contract in fields() {
            let Some(base) = valid(contract.schema) else {
                unchecked.insert(contract.schema);
                continue;
            };
            assert!(
                refused(contract.schema, &base).is_empty(),
                "{}: the valid form is refused",
                contract.schema
            );
            for rule in &contract.rules {
                check(&contract, rule, &base);
                checked += 1;
            }
        }
        assert!(checked >= 75, "only {checked} rules checked");
        // These are the server's alone; its API tests sign in, refresh and act on users.
        assert_eq!(
            unchecked.into_iter().collect::<Vec<_>>(),
            [
                "LoginInput",
                "RefreshRequest",
                "RolesRequest",
                "StatusRequest",
                "UserTypeRequest"
            ]
        );
    }

    #[test]
    fn the_addresses_made_for_the_bounds_have_their_length() {
        for n in [6, 20, 64, 70, 128, 200, 253, 254, 255] {
            assert_eq!(email(n).chars().count(), n);
        }
    }
}

//! The site's settings form (`validateSiteSettings`) and where its support contact leads
//! (`supportHref`).
use serde::{Deserialize, Serialize};

use crate::auth::account::check_email;
use crate::catalog::edit::Form;
use crate::routing::redirect::{safe_external_url, SafeExternalUrlInput};
use crate::validation::FieldRule;
use crate::Lang;

/// Most characters of the site's name.
pub const SITE_NAME_MAX_CHARS: usize = 60;
/// The largest audio upload a setting may allow, in MiB (4 GiB).
pub const AUDIO_MB_MAX: usize = 4096;
/// The largest image upload a setting may allow, in MiB.
pub const IMAGE_MB_MAX: usize = 100;
/// The longest access-log retention, in days.
pub const RETENTION_DAYS_MAX: usize = 365;
/// Most characters of the support contact.
pub const CONTACT_MAX_CHARS: usize = 254;

/// Input of `validateSiteSettings`: the settings form as typed.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct ValidateSiteSettingsInput {
    pub site_name: Option<String>,
    /// `zh`, `en` or `ja`: the language of a visitor who states none.
    pub default_language: Option<String>,
    /// Whether new listeners may register.
    pub registration_open: Option<bool>,
    /// The largest audio upload, in MiB (1 to 4096).
    pub max_audio_mb: Option<f64>,
    /// The largest image upload, in MiB (1 to 100).
    pub max_image_mb: Option<f64>,
    /// Days the raw access log is kept before it is rolled up (1 to 365).
    pub access_log_retention_days: Option<f64>,
    /// An e-mail address or a web address (http/https); blank for none.
    pub support_contact: Option<String>,
    /// Language of the error messages (the API answers in the request's language instead).
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub lang: Lang,
}

/// Settings that passed every rule (also what the server keeps and answers).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SiteSettings {
    pub site_name: String,
    pub default_language: Lang,
    pub registration_open: bool,
    pub max_audio_mb: u32,
    pub max_image_mb: u32,
    pub access_log_retention_days: u32,
    pub support_contact: Option<String>,
}

/// Output of `validateSiteSettings`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum SiteSettingsValidation {
    Valid {
        settings: SiteSettings,
    },
    Invalid {
        errors: Vec<crate::validation::FieldError>,
    },
}

/// `validateSiteSettings`: `siteName` (required, at most [`SITE_NAME_MAX_CHARS`]),
/// `defaultLanguage` (`zh`, `en` or `ja`), `registrationOpen` (required), `maxAudioMb`
/// (1 to [`AUDIO_MB_MAX`]), `maxImageMb` (1 to [`IMAGE_MB_MAX`]), `accessLogRetentionDays`
/// (1 to [`RETENTION_DAYS_MAX`]), all required whole numbers; `supportContact` (optional:
/// an e-mail address, or an `http(s)://` address passing `safeExternalUrl`).
pub fn validate_site_settings(input: ValidateSiteSettingsInput) -> SiteSettingsValidation {
    let mut form = Form::new(input.lang);
    let site_name = form.required_text("siteName", &input.site_name, SITE_NAME_MAX_CHARS);
    let default_language = match input.default_language.as_deref().map(str::trim) {
        None | Some("") => {
            form.fail("defaultLanguage", FieldRule::Required);
            None
        }
        Some(code) => {
            let lang = Lang::parse(code);
            if lang.is_none() {
                let allowed = Lang::ALL.iter().map(|l| l.code().to_owned()).collect();
                form.fail("defaultLanguage", FieldRule::OneOf { allowed });
            }
            lang
        }
    };
    if input.registration_open.is_none() {
        form.fail("registrationOpen", FieldRule::Required);
    }
    let max_audio_mb = whole(&mut form, "maxAudioMb", input.max_audio_mb, AUDIO_MB_MAX);
    let max_image_mb = whole(&mut form, "maxImageMb", input.max_image_mb, IMAGE_MB_MAX);
    let retention = whole(
        &mut form,
        "accessLogRetentionDays",
        input.access_log_retention_days,
        RETENTION_DAYS_MAX,
    );
    let support_contact =
        form.optional_text("supportContact", &input.support_contact, CONTACT_MAX_CHARS);
    if let Some(contact) = &support_contact {
        if support_href(SupportHrefInput {
            contact: Some(contact.clone()),
        })
        .is_none()
        {
            form.fail(
                "supportContact",
                FieldRule::Format {
                    format: "contact".into(),
                },
            );
        }
    }
    match (
        form.errors.is_empty(),
        default_language,
        input.registration_open,
    ) {
        (true, Some(default_language), Some(registration_open)) => SiteSettingsValidation::Valid {
            settings: SiteSettings {
                site_name,
                default_language,
                registration_open,
                max_audio_mb,
                max_image_mb,
                access_log_retention_days: retention,
                support_contact,
            },
        },
        _ => SiteSettingsValidation::Invalid {
            errors: form.errors,
        },
    }
}

/// A required whole number from 1 to `max` (0 when missing or bad, with its error).
fn whole(form: &mut Form, field: &str, value: Option<f64>, max: usize) -> u32 {
    if value.is_none() {
        form.fail(field, FieldRule::Required);
    }
    form.optional_whole(field, value, 1, max).unwrap_or(0) as u32
}

/// Input of `supportHref`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct SupportHrefInput {
    #[serde(default)]
    pub contact: Option<String>,
}

/// `supportHref`: where a support contact leads: `mailto:<address>` for an e-mail address,
/// the address itself for an `http(s)://` address that passes `safeExternalUrl`; null for
/// anything else (a path of this site, `javascript:`, blank).
pub fn support_href(input: SupportHrefInput) -> Option<String> {
    let contact = input.contact?.trim().to_owned();
    if contact.is_empty() {
        return None;
    }
    let lower = contact.to_ascii_lowercase();
    if lower.starts_with("http://") || lower.starts_with("https://") {
        return safe_external_url(SafeExternalUrlInput {
            value: Some(contact),
        });
    }
    check_email(&contact)
        .is_none()
        .then(|| format!("mailto:{contact}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> ValidateSiteSettingsInput {
        ValidateSiteSettingsInput {
            site_name: Some(" 听书 ".into()),
            default_language: Some("en".into()),
            registration_open: Some(false),
            max_audio_mb: Some(500.0),
            max_image_mb: Some(10.0),
            access_log_retention_days: Some(30.0),
            support_contact: Some("help@tingshu.example".into()),
            lang: Lang::En,
        }
    }

    fn fields(validation: SiteSettingsValidation) -> Vec<String> {
        match validation {
            SiteSettingsValidation::Invalid { errors } => {
                errors.into_iter().map(|e| e.field).collect()
            }
            SiteSettingsValidation::Valid { settings } => panic!("valid: {settings:?}"),
        }
    }

    #[test]
    fn a_complete_form_is_typed() {
        let SiteSettingsValidation::Valid { settings } = validate_site_settings(form()) else {
            panic!("valid");
        };
        assert_eq!(settings.site_name, "听书");
        assert_eq!(settings.default_language, Lang::En);
        assert!(!settings.registration_open);
        assert_eq!(settings.access_log_retention_days, 30);
    }

    #[test]
    fn every_bad_field_is_named() {
        let bad = ValidateSiteSettingsInput {
            site_name: Some("  ".into()),
            default_language: Some("fr".into()),
            registration_open: None,
            max_audio_mb: Some(0.0),
            max_image_mb: None,
            access_log_retention_days: Some(366.0),
            support_contact: Some("javascript:alert(1)".into()),
            lang: Lang::Ja,
        };
        assert_eq!(
            fields(validate_site_settings(bad)),
            [
                "siteName",
                "defaultLanguage",
                "registrationOpen",
                "maxAudioMb",
                "maxImageMb",
                "accessLogRetentionDays",
                "supportContact"
            ]
        );
    }

    #[test]
    fn retention_is_one_to_365_days() {
        for (days, ok) in [(0.0, false), (1.0, true), (365.0, true), (1.5, false)] {
            let input = ValidateSiteSettingsInput {
                access_log_retention_days: Some(days),
                ..form()
            };
            let valid = matches!(
                validate_site_settings(input),
                SiteSettingsValidation::Valid { .. }
            );
            assert_eq!(valid, ok, "{days}");
        }
    }

    #[test]
    fn a_contact_is_an_email_or_a_web_address() {
        let href = |c: &str| {
            support_href(SupportHrefInput {
                contact: Some(c.into()),
            })
        };
        assert_eq!(href("a@b.cn").as_deref(), Some("mailto:a@b.cn"));
        assert_eq!(
            href("https://help.example/x").as_deref(),
            Some("https://help.example/x")
        );
        assert_eq!(href("/help"), None);
        assert_eq!(href("javascript:alert(1)"), None);
        assert_eq!(href("https://a@evil.example"), None);
        assert_eq!(href(""), None);
    }
}

//! Ad slots: where an ad may be placed (`AdSlot`), the ad form (`validateAd`) and whether a
//! listener sees one now (`adVisible`: running, enabled, never to members).
use serde::{Deserialize, Serialize};

use super::campaign_form::instant;
use crate::catalog::campaign::{campaign_active, CampaignActiveInput};
use crate::catalog::edit::Form;
use crate::routing::redirect::{safe_external_url, SafeExternalUrlInput};
use crate::spelling::Spelling;
use crate::validation::{FieldError, FieldRule};
use crate::Lang;

/// Most characters of an ad's text.
pub const AD_TEXT_MAX_CHARS: usize = 120;

/// Where an ad is shown: each at the foot of its page, in a box of fixed size (never on the
/// home page, whose code is in the first load).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum AdSlot {
    /// The search page, below its results.
    SearchResults,
    /// A book's page, below its chapter list.
    BookDetail,
    /// The limited-free page, below its books.
    LimitedFree,
}

impl Spelling for AdSlot {
    const ALL: &'static [Self] = &[Self::SearchResults, Self::BookDetail, Self::LimitedFree];

    fn as_str(self) -> &'static str {
        match self {
            Self::SearchResults => "search_results",
            Self::BookDetail => "book_detail",
            Self::LimitedFree => "limited_free",
        }
    }
}

/// Input of `validateAd`: the ad form as typed.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct ValidateAdInput {
    /// `search_results`, `book_detail` or `limited_free`.
    pub slot: Option<String>,
    /// Shown when running (true when absent).
    pub enabled: Option<bool>,
    /// The image, an `http(s)://` address or a path of this site; or give `text`.
    pub image_url: Option<String>,
    /// The words shown (with the image, its alternative text).
    pub text: Option<String>,
    /// Where a click leads: must pass `safeExternalUrl`.
    pub link: Option<String>,
    /// From when, ms since the epoch (inclusive).
    pub starts_at: Option<f64>,
    /// Until when, ms since the epoch (exclusive); after `startsAt`.
    pub ends_at: Option<f64>,
    /// Kept for the record: members never see ads whatever it says (true when absent).
    pub hidden_for_members: Option<bool>,
    /// Language of the error messages (the API answers in the request's language instead).
    #[cfg_attr(feature = "openapi", schema(ignore))]
    pub lang: Lang,
}

/// An ad form that passed every rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct AdFields {
    pub slot: AdSlot,
    pub enabled: bool,
    pub image_url: Option<String>,
    pub text: Option<String>,
    pub link: String,
    pub starts_at: i64,
    pub ends_at: i64,
    pub hidden_for_members: bool,
}

/// Output of `validateAd`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum AdValidation {
    Valid { ad: AdFields },
    Invalid { errors: Vec<FieldError> },
}

/// `validateAd`: `slot` (one of [`AdSlot`]); `imageUrl` (optional, passing
/// `safeExternalUrl`) or `text` (at most [`AD_TEXT_MAX_CHARS`]) — at least one, else `text`
/// is required; `link` (required, passing `safeExternalUrl`, else format `url`);
/// `startsAt` and `endsAt` (required instants, `endsAt` after `startsAt`).
pub fn validate_ad(input: ValidateAdInput) -> AdValidation {
    let mut form = Form::new(input.lang);
    let slot = form.choice::<AdSlot>("slot", &input.slot);
    let image_url = form.optional_text(
        "imageUrl",
        &input.image_url,
        crate::routing::redirect::EXTERNAL_URL_MAX_LEN,
    );
    if image_url.is_some() && !passes_link_rule(&image_url) {
        form.fail("imageUrl", url_format());
    }
    let text = form.optional_text("text", &input.text, AD_TEXT_MAX_CHARS);
    let blank = |v: &Option<String>| v.as_deref().is_none_or(|t| t.trim().is_empty());
    if blank(&input.image_url) && blank(&input.text) {
        form.fail("text", FieldRule::Required);
    }
    let link = form.required_text(
        "link",
        &input.link,
        crate::routing::redirect::EXTERNAL_URL_MAX_LEN,
    );
    if !link.is_empty() && !passes_link_rule(&Some(link.clone())) {
        form.fail("link", url_format());
    }
    let starts_at = instant(&mut form, "startsAt", input.starts_at);
    let ends_at = instant(&mut form, "endsAt", input.ends_at);
    if let (Some(start), Some(end)) = (starts_at, ends_at) {
        if end <= start {
            form.fail(
                "endsAt",
                FieldRule::Format {
                    format: "afterStart".into(),
                },
            );
        }
    }
    match (form.errors.is_empty(), slot, starts_at, ends_at) {
        (true, Some(slot), Some(starts_at), Some(ends_at)) => AdValidation::Valid {
            ad: AdFields {
                slot,
                enabled: input.enabled.unwrap_or(true),
                image_url,
                text,
                link,
                starts_at,
                ends_at,
                hidden_for_members: input.hidden_for_members.unwrap_or(true),
            },
        },
        _ => AdValidation::Invalid {
            errors: form.errors,
        },
    }
}

fn passes_link_rule(value: &Option<String>) -> bool {
    safe_external_url(SafeExternalUrlInput {
        value: value.clone(),
    })
    .is_some()
}

fn url_format() -> FieldRule {
    FieldRule::Format {
        format: "url".into(),
    }
}

/// Input of `adVisible`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct AdVisibleInput {
    pub enabled: bool,
    pub starts_at: f64,
    pub ends_at: f64,
    pub now_ms: f64,
    /// Whether the listener is a member now (`isPremium`).
    pub member: bool,
}

/// `adVisible`: an ad is shown when it is enabled, its window is running (`campaignActive`:
/// `startsAt <= nowMs < endsAt`) and the listener is not a member — never to members,
/// whatever the ad's `hiddenForMembers` says.
pub fn ad_visible(input: AdVisibleInput) -> bool {
    input.enabled
        && !input.member
        && campaign_active(CampaignActiveInput {
            starts_at: Some(input.starts_at),
            ends_at: input.ends_at,
            now_ms: input.now_ms,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> ValidateAdInput {
        ValidateAdInput {
            slot: Some("book_detail".into()),
            enabled: None,
            image_url: None,
            text: Some(" 会员八折 ".into()),
            link: Some("https://shop.example/offer".into()),
            starts_at: Some(100.0),
            ends_at: Some(200.0),
            hidden_for_members: Some(false),
            lang: Lang::Zh,
        }
    }

    fn fields(input: ValidateAdInput) -> Vec<String> {
        match validate_ad(input) {
            AdValidation::Invalid { errors } => errors.into_iter().map(|e| e.field).collect(),
            AdValidation::Valid { ad } => panic!("valid: {ad:?}"),
        }
    }

    #[test]
    fn slots_round_trip() {
        crate::spelling::tests::round_trips::<AdSlot>();
    }

    #[test]
    fn a_text_ad_is_typed_enabled_by_default() {
        let AdValidation::Valid { ad } = validate_ad(form()) else {
            panic!("valid");
        };
        assert_eq!(ad.slot, AdSlot::BookDetail);
        assert!(ad.enabled);
        assert_eq!(ad.text.as_deref(), Some("会员八折"));
    }

    #[test]
    fn the_link_goes_through_the_external_link_rule() {
        for bad in [
            "javascript:alert(1)",
            "//evil.example",
            "https://u:p@x.example",
        ] {
            let input = ValidateAdInput {
                link: Some(bad.into()),
                ..form()
            };
            assert_eq!(fields(input), ["link"], "{bad}");
        }
        let nothing = ValidateAdInput {
            slot: Some("header".into()),
            text: None,
            link: None,
            ends_at: Some(50.0),
            ..form()
        };
        assert_eq!(fields(nothing), ["slot", "text", "link", "endsAt"]);
    }

    #[test]
    fn members_never_see_ads() {
        let visible = |member: bool, enabled: bool, now_ms: f64| {
            ad_visible(AdVisibleInput {
                enabled,
                starts_at: 100.0,
                ends_at: 200.0,
                now_ms,
                member,
            })
        };
        assert!(visible(false, true, 100.0));
        assert!(!visible(true, true, 150.0));
        assert!(!visible(false, false, 150.0));
        assert!(!visible(false, true, 200.0));
    }
}

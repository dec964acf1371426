//! The three supported languages and how a language is chosen (spec §2, §5).

use serde::{Deserialize, Serialize};

/// A supported language: Chinese (default, no URL prefix), English, Japanese.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    Zh,
    En,
    Ja,
}

impl Lang {
    /// Every supported language, default first.
    pub const ALL: [Lang; 3] = [Lang::Zh, Lang::En, Lang::Ja];

    /// Parses an exact code (`zh`, `en`, `ja`); anything else, including `ZH` or `zh-CN`, is refused.
    pub fn parse(code: &str) -> Option<Lang> {
        match code {
            "zh" => Some(Lang::Zh),
            "en" => Some(Lang::En),
            "ja" => Some(Lang::Ja),
            _ => None,
        }
    }

    /// The language code, also used as URL prefix for en and ja.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
            Lang::Ja => "ja",
        }
    }

    /// The BCP 47 tag of spec §3.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::Zh => "zh-CN",
            Lang::En => "en-US",
            Lang::Ja => "ja-JP",
        }
    }
}

/// Input of `validateLanguage`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ValidateLanguageInput {
    #[serde(default)]
    pub code: Option<String>,
}

/// Output of `validateLanguage`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum LanguageValidation {
    Valid {
        lang: Lang,
    },
    /// `code` echoes the refused input (null when none was given) for the warning.
    Invalid {
        code: Option<String>,
    },
}

/// `validateLanguage`: only `zh`, `en` and `ja` may be switched to (spec §5); the match is
/// exact and case-sensitive, as the stored value is always written by the app itself.
pub fn validate_language(input: ValidateLanguageInput) -> LanguageValidation {
    match input.code.as_deref().and_then(Lang::parse) {
        Some(lang) => LanguageValidation::Valid { lang },
        None => LanguageValidation::Invalid { code: input.code },
    }
}

/// Input of `languageTag`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct LanguageTagInput {
    pub lang: Lang,
}

/// `languageTag`: `zh-CN`, `en-US` or `ja-JP`.
pub fn language_tag(input: LanguageTagInput) -> String {
    input.lang.tag().to_owned()
}

/// Input of `resolveLanguage`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ResolveLanguageInput {
    /// The language the address carries (a page's locale prefix), or that the app states for
    /// the page an API call comes from; it decides when it is a supported code (issue 27).
    #[serde(default)]
    pub address: Option<String>,
    /// The `user-language` value from local storage (or the `lang` cookie), if any.
    #[serde(default)]
    pub stored: Option<String>,
    /// `navigator.languages`, most preferred first.
    #[serde(default)]
    pub browser: Vec<String>,
    /// The site's default language (the console's settings) for a visitor who states none;
    /// `zh` when not given.
    #[serde(default)]
    pub fallback: Option<Lang>,
}

/// `resolveLanguage`: the address's language when it is a supported code or tag (issue 27:
/// the address decides), else the stored one when supported (spec §5: "applies only if among
/// available locales"), else the first browser language whose primary subtag (before `-` or
/// `_`, case-insensitive) is supported, else the site's default language (`fallback`, else `zh`).
pub fn resolve_language(input: ResolveLanguageInput) -> Lang {
    if let Some(lang) = input.address.as_deref().and_then(primary_language) {
        return lang;
    }
    if let Some(lang) = input.stored.as_deref().and_then(Lang::parse) {
        return lang;
    }
    input
        .browser
        .iter()
        .find_map(|tag| primary_language(tag))
        .or(input.fallback)
        .unwrap_or_default()
}

/// The supported language of a code or tag by its primary subtag: `en`, `en-US`, `ja_JP`.
fn primary_language(tag: &str) -> Option<Lang> {
    let primary = tag.split(['-', '_']).next().unwrap_or_default();
    Lang::parse(&primary.trim().to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolve(stored: Option<&str>, browser: &[&str]) -> Lang {
        resolve_language(ResolveLanguageInput {
            address: None,
            stored: stored.map(str::to_owned),
            browser: browser.iter().map(|s| s.to_string()).collect(),
            fallback: None,
        })
    }

    #[test]
    fn the_site_default_comes_after_every_stated_language() {
        let resolve_with = |stored: Option<&str>, browser: &[&str]| {
            resolve_language(ResolveLanguageInput {
                address: None,
                stored: stored.map(str::to_owned),
                browser: browser.iter().map(|s| s.to_string()).collect(),
                fallback: Some(Lang::Ja),
            })
        };
        assert_eq!(resolve_with(None, &[]), Lang::Ja);
        assert_eq!(resolve_with(None, &["de", "fr"]), Lang::Ja);
        assert_eq!(resolve_with(None, &["zh-TW"]), Lang::Zh);
        assert_eq!(resolve_with(Some("en"), &[]), Lang::En);
    }

    #[test]
    fn validates_only_three_codes() {
        for (code, lang) in [("zh", Lang::Zh), ("en", Lang::En), ("ja", Lang::Ja)] {
            let out = validate_language(ValidateLanguageInput {
                code: Some(code.into()),
            });
            assert_eq!(out, LanguageValidation::Valid { lang });
        }
        for code in ["fr", "ZH", "zh-CN", "", " en"] {
            let out = validate_language(ValidateLanguageInput {
                code: Some(code.into()),
            });
            assert_eq!(
                out,
                LanguageValidation::Invalid {
                    code: Some(code.into())
                }
            );
        }
        let out = validate_language(ValidateLanguageInput { code: None });
        assert_eq!(out, LanguageValidation::Invalid { code: None });
    }

    #[test]
    fn tags() {
        assert_eq!(language_tag(LanguageTagInput { lang: Lang::Zh }), "zh-CN");
        assert_eq!(language_tag(LanguageTagInput { lang: Lang::En }), "en-US");
        assert_eq!(language_tag(LanguageTagInput { lang: Lang::Ja }), "ja-JP");
    }

    #[test]
    fn stored_wins_when_valid() {
        assert_eq!(resolve(Some("ja"), &["en-US"]), Lang::Ja);
        assert_eq!(resolve(Some("fr"), &["en-US"]), Lang::En);
    }

    #[test]
    fn browser_primary_subtag() {
        assert_eq!(resolve(None, &["fr-FR", "ja_JP", "en"]), Lang::Ja);
        assert_eq!(resolve(None, &["ZH-TW"]), Lang::Zh);
        assert_eq!(resolve(None, &["EN-gb"]), Lang::En);
    }

    #[test]
    fn defaults_to_zh() {
        assert_eq!(resolve(None, &[]), Lang::Zh);
        assert_eq!(resolve(Some(""), &["de", "fr"]), Lang::Zh);
    }

    #[test]
    fn lang_serde_is_lowercase() {
        assert_eq!(serde_json::to_string(&Lang::Ja).unwrap(), "\"ja\"");
        assert_eq!(serde_json::from_str::<Lang>("\"en\"").unwrap(), Lang::En);
        assert!(serde_json::from_str::<Lang>("\"EN\"").is_err());
    }
}

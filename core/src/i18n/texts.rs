//! Lookup in the embedded i18next catalogues `locales/{zh,en,ja}/core.json`, shared with the browser.
//!
//! The files are nested JSON in i18next format; they are flattened once into dotted keys
//! (`time.ago.minute_other`). Interpolation is `{{name}}`; plurals use the `_one` / `_other`
//! suffixes with the CLDR rule of each language (English: exactly 1 is `one`; Chinese and
//! Japanese have only `other`, but their files carry both keys so all three key sets match).

use std::collections::HashMap;
use std::sync::OnceLock;

use serde_json::Value;

use super::lang::Lang;

const ZH: &str = include_str!("../../../locales/zh/core.json");
const EN: &str = include_str!("../../../locales/en/core.json");
const JA: &str = include_str!("../../../locales/ja/core.json");

type Catalogue = HashMap<String, String>;

fn source(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => ZH,
        Lang::En => EN,
        Lang::Ja => JA,
    }
}

fn flatten(prefix: &str, value: &Value, out: &mut Catalogue) {
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                let path = if prefix.is_empty() {
                    key.clone()
                } else {
                    format!("{prefix}.{key}")
                };
                flatten(&path, child, out);
            }
        }
        Value::String(text) => {
            out.insert(prefix.to_owned(), text.clone());
        }
        other => {
            out.insert(prefix.to_owned(), other.to_string());
        }
    }
}

fn parse(src: &str) -> Catalogue {
    // The files are part of the build and checked by the tests below; a broken file is a
    // build defect, not a runtime condition.
    let value: Value = serde_json::from_str(src).expect("core.json must be valid JSON");
    let mut out = Catalogue::new();
    flatten("", &value, &mut out);
    out
}

fn catalogue(lang: Lang) -> &'static Catalogue {
    static CATALOGUES: OnceLock<[Catalogue; 3]> = OnceLock::new();
    let all = CATALOGUES.get_or_init(|| Lang::ALL.map(|lang| parse(source(lang))));
    match lang {
        Lang::Zh => &all[0],
        Lang::En => &all[1],
        Lang::Ja => &all[2],
    }
}

/// The text under a dotted key. A missing key is a programming error: debug builds (and so
/// every test) panic on it; release builds show `?` rather than crash a page.
pub fn text(lang: Lang, key: &str) -> &'static str {
    match catalogue(lang).get(key) {
        Some(text) => text.as_str(),
        None if cfg!(debug_assertions) => panic!("missing core text {key} ({lang:?})"),
        None => "?",
    }
}

/// The text under `key` with every `{{name}}` replaced by its value.
pub fn text_with(lang: Lang, key: &str, vars: &[(&str, &str)]) -> String {
    interpolate(text(lang, key), vars)
}

/// The plural form of `key` for `count` (`key_one` / `key_other`), with `{{count}}` and
/// `vars` interpolated.
pub fn text_count(lang: Lang, key: &str, count: f64, vars: &[(&str, &str)]) -> String {
    let suffix = match lang {
        Lang::En if count == 1.0 => "one",
        _ => "other",
    };
    let count_text = format!("{count}");
    let mut all: Vec<(&str, &str)> = vec![("count", count_text.as_str())];
    all.extend_from_slice(vars);
    text_with(lang, &format!("{key}_{suffix}"), &all)
}

fn interpolate(template: &str, vars: &[(&str, &str)]) -> String {
    let mut out = template.to_owned();
    for (name, value) in vars {
        out = out.replace(&format!("{{{{{name}}}}}"), value);
    }
    out
}

/// Every dotted key of one language's catalogue, sorted.
pub fn keys(lang: Lang) -> Vec<&'static str> {
    let mut keys: Vec<&str> = catalogue(lang).keys().map(String::as_str).collect();
    keys.sort_unstable();
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_languages_have_the_same_keys() {
        let zh = keys(Lang::Zh);
        assert!(zh.len() > 50, "catalogue unexpectedly small: {}", zh.len());
        assert_eq!(zh, keys(Lang::En), "zh and en key sets differ");
        assert_eq!(zh, keys(Lang::Ja), "zh and ja key sets differ");
    }

    #[test]
    fn every_value_is_a_non_empty_string() {
        for lang in Lang::ALL {
            let value: Value = serde_json::from_str(source(lang)).unwrap();
            let mut stack = vec![&value];
            while let Some(v) = stack.pop() {
                match v {
                    Value::Object(map) => stack.extend(map.values()),
                    Value::String(s) => assert!(!s.trim().is_empty(), "{lang:?}: empty text"),
                    other => panic!("{lang:?}: non-string leaf {other}"),
                }
            }
        }
    }

    #[test]
    fn placeholders_match_across_languages() {
        fn placeholders(s: &str) -> Vec<&str> {
            let mut names: Vec<&str> = s
                .split("{{")
                .skip(1)
                .filter_map(|part| part.split_once("}}").map(|(name, _)| name))
                .collect();
            names.sort_unstable();
            names.dedup();
            names
        }
        for key in keys(Lang::Zh) {
            // Date patterns legitimately use different fields per language.
            if key == "date.medium" || key == "date.short" {
                continue;
            }
            let zh = placeholders(text(Lang::Zh, key));
            assert_eq!(zh, placeholders(text(Lang::En, key)), "en {key}");
            assert_eq!(zh, placeholders(text(Lang::Ja, key)), "ja {key}");
        }
    }

    #[test]
    fn spec_chinese_texts() {
        assert_eq!(text(Lang::Zh, "time.justNow"), "刚刚");
        assert_eq!(text(Lang::Zh, "time.unknown"), "未知");
        assert_eq!(text(Lang::Zh, "number.unknown"), "未知");
        assert_eq!(text(Lang::Zh, "premium.guest"), "未登录");
        assert_eq!(text(Lang::Zh, "premium.free"), "免费用户");
        assert_eq!(text(Lang::Zh, "premium.lifetime"), "永久会员");
        assert_eq!(text(Lang::Zh, "premium.expired"), "会员已过期");
        assert_eq!(text(Lang::Zh, "premium.unknown"), "未知状态");
        assert_eq!(text(Lang::Zh, "guard.adminRequired"), "需要管理员权限");
        assert_eq!(
            text_with(Lang::Zh, "premium.memberUntil", &[("date", "X")]),
            "会员至 X"
        );
    }

    #[test]
    fn plurals_follow_language_rules() {
        assert_eq!(
            text_count(Lang::En, "time.ago.minute", 1.0, &[]),
            "1 minute ago"
        );
        assert_eq!(
            text_count(Lang::En, "time.ago.minute", 3.0, &[]),
            "3 minutes ago"
        );
        assert_eq!(
            text_count(Lang::En, "time.ago.minute", 0.0, &[]),
            "0 minutes ago"
        );
        assert_eq!(text_count(Lang::Zh, "time.ago.minute", 1.0, &[]), "1分钟前");
        assert_eq!(text_count(Lang::Ja, "time.in.day", 2.0, &[]), "2日後");
    }

    #[test]
    fn interpolation_replaces_every_occurrence() {
        assert_eq!(
            interpolate("{{a}}-{{b}}-{{a}}", &[("a", "1"), ("b", "2")]),
            "1-2-1"
        );
        assert_eq!(interpolate("{{a}}", &[]), "{{a}}");
    }
}

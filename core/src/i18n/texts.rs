//! Lookup in the i18next catalogues `locales/{zh,en,ja}/core.json`, shared with the browser.
//!
//! The files are nested JSON in i18next format; `build.rs` flattens them at compile time into
//! dotted keys (`time.ago.minute_other`) and checks every language has the same keys.
//! Interpolation is `{{name}}`; plurals use the `_one` / `_other` suffixes with the CLDR rule
//! of each language (English: exactly 1 is `one`; Chinese and Japanese have only `other`, but
//! their files carry both keys so all three key sets match).

use super::lang::Lang;

mod tables {
    include!(concat!(env!("OUT_DIR"), "/texts.rs"));
}

fn texts(lang: Lang) -> &'static [&'static str] {
    match lang {
        Lang::Zh => &tables::ZH,
        Lang::En => &tables::EN,
        Lang::Ja => &tables::JA,
    }
}

/// The text under a dotted key. A missing key is a programming error: debug builds (and so
/// every test) panic on it; release builds show `?` rather than crash a page.
pub fn text(lang: Lang, key: &str) -> &'static str {
    match tables::KEYS.binary_search(&key) {
        Ok(index) => texts(lang)[index],
        Err(_) if cfg!(debug_assertions) => panic!("missing core text {key} ({lang:?})"),
        Err(_) => "?",
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

/// Every dotted key, sorted (the same in every language).
pub fn keys() -> &'static [&'static str] {
    &tables::KEYS
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The dotted keys and texts of one file, read the way i18next reads it.
    fn file_texts(lang: Lang) -> Vec<(String, String)> {
        fn walk(prefix: &str, value: &serde_json::Value, out: &mut Vec<(String, String)>) {
            match value {
                serde_json::Value::Object(map) => {
                    for (key, child) in map {
                        let path = if prefix.is_empty() {
                            key.clone()
                        } else {
                            format!("{prefix}.{key}")
                        };
                        walk(&path, child, out);
                    }
                }
                other => out.push((prefix.to_owned(), other.as_str().unwrap().to_owned())),
            }
        }
        let path = format!(
            "{}/../locales/{}/core.json",
            env!("CARGO_MANIFEST_DIR"),
            lang.code()
        );
        let value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let mut out = Vec::new();
        walk("", &value, &mut out);
        out.sort();
        out
    }

    #[test]
    fn the_tables_hold_every_text_of_every_file() {
        assert!(
            keys().len() > 50,
            "catalogue unexpectedly small: {}",
            keys().len()
        );
        for lang in Lang::ALL {
            let from_file = file_texts(lang);
            let file_keys: Vec<&str> = from_file.iter().map(|(key, _)| key.as_str()).collect();
            assert_eq!(file_keys, keys(), "{lang:?}");
            for (key, expected) in &from_file {
                assert_eq!(text(lang, key), expected, "{lang:?} {key}");
            }
        }
    }

    #[test]
    fn every_text_is_non_empty() {
        for lang in Lang::ALL {
            for key in keys() {
                assert!(
                    !text(lang, key).trim().is_empty(),
                    "{lang:?}: {key} is empty"
                );
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
        for &key in keys() {
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

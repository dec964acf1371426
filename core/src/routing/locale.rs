//! Language prefixes in URLs: zh has none, en and ja use `/en` and `/ja` (spec §2).

use serde::{Deserialize, Serialize};

use crate::i18n::lang::{resolve_language, ResolveLanguageInput};
use crate::Lang;

/// Spec §2: paths the locale redirect treats as localisable (each with its sub-paths), and
/// the authors' and narrators' pages (issue 12).
pub const LOCALISABLE: [&str; 13] = [
    "/",
    "/books",
    "/authors",
    "/narrators",
    "/categories",
    "/search",
    "/recommendations",
    "/about",
    "/help",
    "/contact",
    "/privacy",
    "/terms",
    "/copyright",
];

/// A path cut into its locale, its bare pathname and its `?query#hash` suffix.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Located {
    /// The language of the prefix (zh without one).
    pub lang: Lang,
    /// The pathname without prefix, always starting with exactly one `/`.
    pub pathname: String,
    /// `?…` and/or `#…`, possibly empty.
    pub suffix: String,
    /// The prefix must be rewritten: `/zh`, an unsupported two-letter prefix, or a
    /// supported one in the wrong case (`/EN`).
    pub needs_redirect: bool,
}

impl Located {
    /// The canonical URL of this location.
    pub fn canonical(&self) -> String {
        format!("{}{}", with_prefix(&self.pathname, self.lang), self.suffix)
    }

    /// True when the bare pathname is `route` or below it.
    pub fn matches(&self, route: &str) -> bool {
        under(&self.pathname, route)
    }
}

/// Cuts `path` into locale, pathname and suffix. Leading runs of `/` (and `\`, which
/// browsers read as `/`) collapse to one `/` so a stripped prefix can never leave a
/// protocol-relative `//host` redirect.
pub(crate) fn locate(path: &str) -> Located {
    let cut = path.find(['?', '#']).unwrap_or(path.len());
    let (raw, suffix) = path.split_at(cut);
    let trimmed = raw.trim_start_matches('/');
    let (first, rest) = trimmed.split_once('/').unwrap_or((trimmed, ""));
    let prefix_lang = (first.len() == 2 && first.bytes().all(|b| b.is_ascii_alphabetic()))
        .then(|| Lang::parse(&first.to_ascii_lowercase()).unwrap_or(Lang::Zh));
    let (lang, bare, needs_redirect) = match prefix_lang {
        Some(lang) => (lang, rest, lang == Lang::Zh || first != lang.code()),
        None => (Lang::Zh, trimmed, false),
    };
    Located {
        lang,
        pathname: format!("/{}", bare.trim_start_matches(['/', '\\'])),
        suffix: suffix.to_owned(),
        needs_redirect,
    }
}

/// `pathname` (no prefix) under the language's prefix: `/en`, `/en/books`; zh unchanged.
fn with_prefix(pathname: &str, lang: Lang) -> String {
    match (lang, pathname) {
        (Lang::Zh, _) => pathname.to_owned(),
        (_, "/") => format!("/{}", lang.code()),
        _ => format!("/{}{pathname}", lang.code()),
    }
}

/// True when `pathname` is `route` or below it (`/books/1` is under `/books`, `/bookshelf`
/// is not); a trailing `/` is ignored. `/` only matches itself.
pub(crate) fn under(pathname: &str, route: &str) -> bool {
    let trimmed = pathname.trim_end_matches('/');
    let path = if trimmed.is_empty() { "/" } else { trimmed };
    if route == "/" {
        return path == "/";
    }
    path == route
        || path
            .strip_prefix(route)
            .is_some_and(|rest| rest.starts_with('/'))
}

/// Input of `splitLocale`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct SplitLocaleInput {
    /// A path as in the address bar, optionally with `?query` and `#hash`.
    pub path: String,
}

/// Output of `splitLocale`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct SplitLocale {
    pub lang: Lang,
    /// The pathname without locale prefix, query or hash (what routes match on).
    pub path: String,
    /// Where to redirect (query and hash kept), or null when the URL is canonical.
    pub redirect: Option<String>,
}

/// `splitLocale`: `/en/books` → en, `/books`; `/ja` → ja, `/`; `/books` → zh, `/books`.
/// `/zh/…` redirects to the unprefixed path (zh has no prefix); any other two-letter
/// prefix is unsupported and stripped with a redirect (`/xx/books` → `/books`), except
/// a supported code in the wrong case, which redirects to its canonical prefix
/// (`/EN/books` → `/en/books`). Non-localisable paths such as `/en/admin` are
/// still split: every route exists under all three prefixes (spec §2).
pub fn split_locale(input: SplitLocaleInput) -> SplitLocale {
    let located = locate(&input.path);
    SplitLocale {
        lang: located.lang,
        redirect: located.needs_redirect.then(|| located.canonical()),
        path: located.pathname,
    }
}

/// Input of `localizePath`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct LocalizePathInput {
    pub path: String,
    pub lang: Lang,
}

/// `localizePath`: the path under `lang`'s prefix (`/books` → `/en/books`, `/` → `/en`,
/// zh → unprefixed), query and hash kept. A prefix already on the path is replaced, so
/// switching language is `localizePath(currentPath, newLang)`.
pub fn localize_path(input: LocalizePathInput) -> String {
    let located = locate(&input.path);
    format!(
        "{}{}",
        with_prefix(&located.pathname, input.lang),
        located.suffix
    )
}

/// Input of `isLocalisable`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct IsLocalisableInput {
    pub path: String,
}

/// `isLocalisable` (spec §2): true for `/` and for `/books`, `/categories`, `/search`,
/// `/recommendations`, `/about`, `/help`, `/contact`, `/privacy`, `/terms`, `/copyright`
/// and their sub-paths, after removing any locale prefix, query and hash. Everything else
/// (the never-prefixed `/admin`, `/api`, `/user`, … and unlisted pages) is false.
pub fn is_localisable(input: IsLocalisableInput) -> bool {
    let located = locate(&input.path);
    LOCALISABLE.iter().any(|route| located.matches(route))
}

/// Input of `rootRedirect`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct RootRedirectInput {
    pub path: String,
    /// The stored `user-language`.
    #[serde(default)]
    pub stored: Option<String>,
    /// `navigator.languages`.
    #[serde(default)]
    pub browser: Vec<String>,
}

/// `rootRedirect` (spec §2): for the bare `/` (query and hash allowed and kept) whose
/// resolved language (see `resolveLanguage`) is en or ja, the prefixed home `/en` or
/// `/ja`; null for every other path and for zh.
pub fn root_redirect(input: RootRedirectInput) -> Option<String> {
    let cut = input.path.find(['?', '#']).unwrap_or(input.path.len());
    let (pathname, suffix) = input.path.split_at(cut);
    if pathname != "/" {
        return None;
    }
    let lang = resolve_language(ResolveLanguageInput {
        stored: input.stored,
        browser: input.browser,
    });
    (lang != Lang::Zh).then(|| format!("{}{suffix}", with_prefix("/", lang)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn split(path: &str) -> (Lang, String, Option<String>) {
        let out = split_locale(SplitLocaleInput {
            path: path.to_owned(),
        });
        (out.lang, out.path, out.redirect)
    }

    fn localize(path: &str, lang: Lang) -> String {
        localize_path(LocalizePathInput {
            path: path.to_owned(),
            lang,
        })
    }

    fn localisable(path: &str) -> bool {
        is_localisable(IsLocalisableInput {
            path: path.to_owned(),
        })
    }

    #[test]
    fn supported_prefixes() {
        assert_eq!(split("/en/books"), (Lang::En, "/books".into(), None));
        assert_eq!(split("/ja"), (Lang::Ja, "/".into(), None));
        assert_eq!(split("/en/"), (Lang::En, "/".into(), None));
        assert_eq!(split("/books/12?x=1"), (Lang::Zh, "/books/12".into(), None));
        assert_eq!(split("/"), (Lang::Zh, "/".into(), None));
        assert_eq!(split(""), (Lang::Zh, "/".into(), None));
        assert_eq!(split("/en/admin"), (Lang::En, "/admin".into(), None));
    }

    #[test]
    fn zh_and_unsupported_prefixes_redirect() {
        assert_eq!(
            split("/zh/books"),
            (Lang::Zh, "/books".into(), Some("/books".into()))
        );
        assert_eq!(split("/zh"), (Lang::Zh, "/".into(), Some("/".into())));
        assert_eq!(
            split("/xx/books?q=1#top"),
            (Lang::Zh, "/books".into(), Some("/books?q=1#top".into()))
        );
        assert_eq!(split("/fr"), (Lang::Zh, "/".into(), Some("/".into())));
        assert_eq!(
            split("/EN/books"),
            (Lang::En, "/books".into(), Some("/en/books".into()))
        );
    }

    #[test]
    fn longer_first_segments_are_not_prefixes() {
        assert_eq!(split("/api/x"), (Lang::Zh, "/api/x".into(), None));
        assert_eq!(split("/eng"), (Lang::Zh, "/eng".into(), None));
        assert_eq!(split("/e1/x"), (Lang::Zh, "/e1/x".into(), None));
    }

    #[test]
    fn stripping_never_yields_protocol_relative_redirects() {
        assert_eq!(
            split("/xx//evil.com"),
            (Lang::Zh, "/evil.com".into(), Some("/evil.com".into()))
        );
        assert_eq!(
            split("/zh/\\evil.com"),
            (Lang::Zh, "/evil.com".into(), Some("/evil.com".into()))
        );
    }

    #[test]
    fn localizes() {
        assert_eq!(localize("/books", Lang::En), "/en/books");
        assert_eq!(localize("/", Lang::En), "/en");
        assert_eq!(localize("/", Lang::Zh), "/");
        assert_eq!(localize("/?a=1", Lang::Ja), "/ja?a=1");
        assert_eq!(localize("/en/books#c", Lang::Ja), "/ja/books#c");
        assert_eq!(localize("/ja/books", Lang::Zh), "/books");
    }

    #[test]
    fn localisable_paths() {
        assert!(localisable("/"));
        assert!(localisable("/books/12"));
        assert!(localisable("/authors/3"));
        assert!(localisable("/en/narrators/4"));
        assert!(localisable("/en/search?q=x"));
        assert!(localisable("/copyright"));
        assert!(!localisable("/admin"));
        assert!(!localisable("/premium"));
        assert!(!localisable("/bookshelf"));
        assert!(!localisable("/limited-free"));
    }

    #[test]
    fn root_redirects() {
        let root = |path: &str, stored: Option<&str>, browser: &[&str]| {
            root_redirect(RootRedirectInput {
                path: path.to_owned(),
                stored: stored.map(str::to_owned),
                browser: browser.iter().map(|s| s.to_string()).collect(),
            })
        };
        assert_eq!(root("/", Some("en"), &[]), Some("/en".into()));
        assert_eq!(root("/", None, &["ja-JP"]), Some("/ja".into()));
        assert_eq!(root("/?ref=x", Some("ja"), &[]), Some("/ja?ref=x".into()));
        assert_eq!(root("/", Some("zh"), &["en-US"]), None);
        assert_eq!(root("/", None, &["fr"]), None);
        assert_eq!(root("/books", Some("en"), &[]), None);
        assert_eq!(root("/en", Some("en"), &[]), None);
    }

    #[test]
    fn under_matches_whole_segments() {
        assert!(under("/admin", "/admin"));
        assert!(under("/admin/", "/admin"));
        assert!(under("/admin/users", "/admin"));
        assert!(!under("/administrator", "/admin"));
        assert!(!under("/books", "/"));
    }

    proptest! {
        #[test]
        fn localize_then_split_roundtrips(path in "(/[a-z0-9-]{1,8}){0,4}", i in 0usize..3) {
            let lang = Lang::ALL[i];
            let pathname = if path.is_empty() { "/".to_owned() } else { path.clone() };
            let localized = localize(&pathname, lang);
            let (back_lang, back_path, redirect) = split(&localized);
            // A two-letter first segment of a bare path is itself read as a prefix (no route
            // of the product has one).
            let first = pathname.trim_start_matches('/').split('/').next().unwrap_or("");
            if first.len() != 2 || !first.bytes().all(|b| b.is_ascii_alphabetic()) {
                prop_assert_eq!(back_lang, lang);
                prop_assert_eq!(back_path, pathname);
                prop_assert_eq!(redirect, None);
            }
        }

        #[test]
        fn redirects_are_local(path in "\\PC{0,30}") {
            if let Some(target) = split(&path).2 {
                prop_assert!(target.starts_with('/'), "{path:?} -> {target:?}");
                prop_assert!(!target.starts_with("//") && !target.starts_with("/\\"), "{path:?} -> {target:?}");
            }
        }
    }
}

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

/// Spec §2: paths the locale redirect never gives a prefix (each with its sub-paths); none
/// is under a [`LOCALISABLE`] one, so `localeRedirect` leaves them where they are.
pub const NEVER_PREFIXED: [&str; 12] = [
    "/admin",
    "/api",
    "/test",
    "/demo",
    "/payment",
    "/user",
    "/premium",
    "/profile",
    "/settings",
    "/subscription",
    "/favorites",
    "/history",
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

/// The language an address carries (issue 27: the address decides): its prefix's
/// (`/en/books` → en, `/ja/user/x` → ja), zh for an unprefixed localisable page other than
/// `/` (`/books/3`), and none for the bare `/` and the unprefixed pages outside
/// [`LOCALISABLE`] (`/user/…`, `/admin`, `/api/…`), whose language is the listener's choice.
pub fn address_language(path: &str) -> Option<Lang> {
    let located = locate(path);
    if located.lang != Lang::Zh || located.needs_redirect {
        return Some(located.lang);
    }
    let localisable =
        located.pathname != "/" && LOCALISABLE.iter().any(|route| located.matches(route));
    localisable.then_some(Lang::Zh)
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

/// Input of `localeRedirect`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct LocaleRedirectInput {
    /// A path as in the address bar, optionally with `?query` and `#hash`.
    pub path: String,
    /// The stored `user-language`.
    #[serde(default)]
    pub stored: Option<String>,
    /// `navigator.languages`.
    #[serde(default)]
    pub browser: Vec<String>,
    /// The site's default language code (the console's settings, as the page states it):
    /// where the bare `/` sends a visitor whose stored and browser languages name none of
    /// ours; `zh` when not given or not one of ours.
    #[serde(default)]
    pub fallback: Option<String>,
}

/// `localeRedirect` (spec §2): where an unprefixed localisable address goes for a listener
/// of en or ja, query and hash kept: `/books?page=2` → `/ja/books?page=2`. The bare `/`
/// follows the resolved language (stored, else browser, else the site's default `fallback`;
/// see `resolveLanguage`); every other localisable path follows only the stored choice, since
/// its address otherwise decides the language. Null for zh, for paths outside [`LOCALISABLE`] (the [`NEVER_PREFIXED`] ones
/// among them), and for any path that already carries a two-letter prefix (`splitLocale`
/// settles those).
pub fn locale_redirect(input: LocaleRedirectInput) -> Option<String> {
    let located = locate(&input.path);
    let unprefixed = located.lang == Lang::Zh && !located.needs_redirect;
    if !unprefixed || !LOCALISABLE.iter().any(|route| located.matches(route)) {
        return None;
    }
    let (browser, fallback) = if located.pathname == "/" {
        (
            input.browser,
            input.fallback.as_deref().and_then(Lang::parse),
        )
    } else {
        (Vec::new(), None)
    };
    let lang = resolve_language(ResolveLanguageInput {
        address: None,
        stored: input.stored,
        browser,
        fallback,
    });
    (lang != Lang::Zh).then(|| Located { lang, ..located }.canonical())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_address_carries_its_prefix_or_zh_on_a_localisable_page() {
        for (path, lang) in [
            ("/en/books/3", Some(Lang::En)),
            ("/ja", Some(Lang::Ja)),
            ("/ja/user/history?page=2", Some(Lang::Ja)),
            ("/EN/books", Some(Lang::En)),
            ("/zh/books", Some(Lang::Zh)),
            ("/books/3", Some(Lang::Zh)),
            ("/categories?x=1", Some(Lang::Zh)),
            ("/", None),
            ("/?q=1", None),
            ("/user/history", None),
            ("/admin/books", None),
            ("/api/books", None),
        ] {
            assert_eq!(address_language(path), lang, "{path}");
        }
    }

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

    fn redirect(path: &str, stored: Option<&str>, browser: &[&str]) -> Option<String> {
        locale_redirect(LocaleRedirectInput {
            path: path.to_owned(),
            stored: stored.map(str::to_owned),
            browser: browser.iter().map(|s| s.to_string()).collect(),
            fallback: None,
        })
    }

    #[test]
    fn only_the_root_falls_back_to_the_site_default() {
        let with_default = |path: &str, stored: Option<&str>, browser: &[&str]| {
            locale_redirect(LocaleRedirectInput {
                path: path.to_owned(),
                stored: stored.map(str::to_owned),
                browser: browser.iter().map(|s| s.to_string()).collect(),
                fallback: Some("en".to_owned()),
            })
        };
        assert_eq!(with_default("/", None, &["fr-FR"]), Some("/en".into()));
        assert_eq!(with_default("/", None, &["ja"]), Some("/ja".into()));
        assert_eq!(with_default("/", Some("zh"), &[]), None);
        assert_eq!(with_default("/books", None, &["fr"]), None);
        let unknown = locale_redirect(LocaleRedirectInput {
            path: "/".to_owned(),
            stored: None,
            browser: vec!["fr".to_owned()],
            fallback: Some("fr".to_owned()),
        });
        assert_eq!(unknown, None, "a code not ours is ignored");
    }

    #[test]
    fn root_follows_the_stored_or_browser_language() {
        assert_eq!(redirect("/", Some("en"), &[]), Some("/en".into()));
        assert_eq!(redirect("/", None, &["ja-JP"]), Some("/ja".into()));
        assert_eq!(
            redirect("/?ref=x", Some("ja"), &[]),
            Some("/ja?ref=x".into())
        );
        assert_eq!(redirect("/#top", None, &["en-US"]), Some("/en#top".into()));
        assert_eq!(redirect("/", Some("zh"), &["en-US"]), None);
        assert_eq!(redirect("/", None, &["fr"]), None);
        assert_eq!(redirect("/en", Some("en"), &[]), None);
        assert_eq!(redirect("/ja", Some("en"), &[]), None);
    }

    #[test]
    fn every_localisable_path_follows_the_stored_language() {
        for route in LOCALISABLE {
            for lang in [Lang::En, Lang::Ja] {
                let code = lang.code();
                let prefixed = localize(route, lang);
                assert_eq!(
                    redirect(route, Some(code), &[]),
                    Some(prefixed.clone()),
                    "{route} with {code} stored"
                );
                // Already prefixed: the address decides.
                assert_eq!(redirect(&prefixed, Some("zh"), &[]), None, "{prefixed}");
                assert_eq!(redirect(&prefixed, Some(code), &[]), None, "{prefixed}");
            }
            assert_eq!(redirect(route, Some("zh"), &["en"]), None, "{route} zh");
            assert_eq!(redirect(route, None, &[]), None, "{route} nothing stored");
        }
    }

    #[test]
    fn sub_paths_keep_their_query_and_hash() {
        assert_eq!(
            redirect("/books/12?from=share#chapters", Some("ja"), &[]),
            Some("/ja/books/12?from=share#chapters".into())
        );
        assert_eq!(
            redirect("/search?q=%E4%B8%89", Some("en"), &[]),
            Some("/en/search?q=%E4%B8%89".into())
        );
        assert_eq!(
            redirect("/categories/", Some("en"), &[]),
            Some("/en/categories/".into())
        );
    }

    #[test]
    fn only_the_root_follows_the_browser() {
        for route in LOCALISABLE.iter().filter(|route| **route != "/") {
            assert_eq!(redirect(route, None, &["ja-JP", "en"]), None, "{route}");
            assert_eq!(redirect(route, Some("fr"), &["en"]), None, "{route}");
        }
    }

    #[test]
    fn never_prefixed_paths_never_redirect() {
        for route in NEVER_PREFIXED {
            assert!(!localisable(route), "{route}");
            for path in [route.to_owned(), format!("{route}/x?y=1")] {
                for stored in ["en", "ja"] {
                    assert_eq!(redirect(&path, Some(stored), &["en"]), None, "{path}");
                }
            }
        }
        let unlisted = [
            "/bookshelf",
            "/limited-free",
            "/feedback",
            "/auth/login",
            "/offline",
        ];
        for other in unlisted {
            assert_eq!(redirect(other, Some("ja"), &[]), None, "{other}");
        }
    }

    #[test]
    fn other_prefixes_are_left_to_split_locale() {
        assert_eq!(redirect("/zh/books", Some("ja"), &[]), None);
        assert_eq!(redirect("/xx/books", Some("ja"), &[]), None);
        assert_eq!(redirect("/EN/books", Some("ja"), &[]), None);
    }

    #[test]
    fn redirects_stay_on_the_site() {
        assert_eq!(
            redirect("//books", Some("en"), &[]),
            Some("/en/books".into())
        );
        assert_eq!(redirect("//evil.com", Some("en"), &[]), None);
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
        fn locale_redirects_are_local(path in "\\PC{0,30}", i in 0usize..3) {
            let stored = Lang::ALL[i].code();
            if let Some(target) = redirect(&path, Some(stored), &[]) {
                prop_assert!(target.starts_with(&format!("/{stored}")), "{path:?} -> {target:?}");
                prop_assert!(!target.starts_with("//"), "{path:?} -> {target:?}");
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

//! Which `redirect` values the site follows after sign-in or payment: its own paths only; and
//! which addresses it may leave for when asked to explicitly (a payment provider's page).
use serde::{Deserialize, Serialize};

/// Longest redirect path kept (an order stores it).
pub const REDIRECT_MAX_LEN: usize = 512;

/// [`is_local`] as a regular expression (ECMAScript, Python and Rust's `regex` read it alike),
/// for the API document: a path of at most [`REDIRECT_MAX_CHARS`] characters matches it exactly
/// when `is_local` takes it (property test below).
pub const LOCAL_PATH_PATTERN: &str = r"^/([^/\\\x00-\x1F\x7F-\x9F][^\\\x00-\x1F\x7F-\x9F]*)?$";

/// The longest redirect in characters sure to fit [`REDIRECT_MAX_LEN`] bytes (a character
/// takes at most four).
pub const REDIRECT_MAX_CHARS: usize = REDIRECT_MAX_LEN / 4;

/// Input of `safeRedirect`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct SafeRedirectInput {
    #[serde(default)]
    pub value: Option<String>,
}

/// `safeRedirect`: the value when it is a path of this site — one leading `/`, not `//` and
/// no backslash (which browsers read as another host), no control character, at most
/// [`REDIRECT_MAX_LEN`] bytes — else null.
pub fn safe_redirect(input: SafeRedirectInput) -> Option<String> {
    input.value.filter(|path| is_local(path))
}

/// [`safe_redirect`] as a test.
pub fn is_local(path: &str) -> bool {
    path.starts_with('/')
        && !path.starts_with("//")
        && !path.contains('\\')
        && !path.chars().any(char::is_control)
        && path.len() <= REDIRECT_MAX_LEN
}

/// Input of `safeExternalUrl`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct SafeExternalUrlInput {
    #[serde(default)]
    pub value: Option<String>,
}

/// Longest external address followed.
pub const EXTERNAL_URL_MAX_LEN: usize = 2048;

/// `safeExternalUrl`: the value when it is a web address the app may leave for on an explicit
/// request — `http://` or `https://` (any case) followed by a host, no white space, backslash
/// or control character, no user name or password before the host, at most
/// [`EXTERNAL_URL_MAX_LEN`] bytes — or a path of this site ([`safe_redirect`]); else null
/// (`javascript:`, `data:`, `//host`…).
pub fn safe_external_url(input: SafeExternalUrlInput) -> Option<String> {
    input.value.filter(|url| is_local(url) || is_web_url(url))
}

fn is_web_url(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    let Some(rest) = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
    else {
        return false;
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    url.len() <= EXTERNAL_URL_MAX_LEN
        && !authority.is_empty()
        && !authority.contains('@')
        && !url.contains('\\')
        && !url.chars().any(|c| c.is_control() || c.is_whitespace())
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #[test]
        fn the_pattern_takes_exactly_the_local_paths(
            tail in "[/a-z\\\\\u{0}-\u{1f}\u{7f}-\u{9f}é字 ?#%.]{0,40}",
            slash in any::<bool>(),
        ) {
            let pattern = regex::Regex::new(LOCAL_PATH_PATTERN).unwrap();
            let path = if slash { format!("/{tail}") } else { tail };
            prop_assume!(path.chars().count() <= REDIRECT_MAX_CHARS);
            prop_assert_eq!(pattern.is_match(&path), is_local(&path), "{:?}", path);
        }
    }

    fn safe(value: &str) -> Option<String> {
        safe_redirect(SafeRedirectInput {
            value: Some(value.to_owned()),
        })
    }

    #[test]
    fn only_this_sites_paths_pass() {
        for good in ["/", "/books/2", "/en/premium?x=1#y"] {
            assert_eq!(safe(good).as_deref(), Some(good));
        }
        for bad in [
            "",
            "books",
            "//evil.example",
            "/\\evil.example",
            "https://x.y/",
            "/a\nb",
            "/a\\b",
        ] {
            assert_eq!(safe(bad), None, "{bad:?}");
        }
        assert_eq!(safe(&format!("/{}", "a".repeat(REDIRECT_MAX_LEN))), None);
        assert_eq!(safe_redirect(SafeRedirectInput { value: None }), None);
    }

    #[test]
    fn only_web_addresses_and_this_sites_paths_may_be_left_for() {
        let external = |value: &str| {
            safe_external_url(SafeExternalUrlInput {
                value: Some(value.to_owned()),
            })
        };
        for good in [
            "https://checkout.stripe.com/c/pay/cs_1#x",
            "HTTP://pay.example:8443/a?b=c",
            "/api/payments/sandbox/checkout/abc",
        ] {
            assert_eq!(external(good).as_deref(), Some(good));
        }
        for bad in [
            "javascript:alert(1)",
            "JaVaScRiPt:alert(1)",
            "data:text/html,hi",
            "//evil.example",
            "https://",
            "https:///path",
            "https://user:pw@evil.example/",
            "https://evil.example\\@good.example",
            "https://a.example/\npath",
            "https://a.example/ b",
            "ftp://files.example/",
            "",
        ] {
            assert_eq!(external(bad), None, "{bad:?}");
        }
        assert_eq!(
            external(&format!("https://a.example/{}", "a".repeat(2048))),
            None
        );
    }
}

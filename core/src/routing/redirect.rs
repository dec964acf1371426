//! Which `redirect` values the site follows after sign-in or payment: its own paths only.
use serde::{Deserialize, Serialize};

/// Longest redirect path kept (an order stores it).
pub const REDIRECT_MAX_LEN: usize = 512;

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

#[cfg(test)]
mod tests {
    use super::*;

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
}

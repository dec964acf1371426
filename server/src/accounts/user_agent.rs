//! A session's device as a person reads it ("Chrome 120 · Windows 10") from the raw
//! `User-Agent` it signed in with (woothee: a compiled-in rule set, nothing loaded at start).
use woothee::{parser::Parser, woothee::VALUE_UNKNOWN};

/// The browser's name and major version and the operating system, each left out when unknown;
/// `None` when nothing is known (no agent, or one woothee does not recognise).
pub fn device_label(user_agent: Option<&str>) -> Option<String> {
    let agent = user_agent?.trim();
    let parsed = Parser::new().parse(agent)?;
    let known = |value: &str| !value.is_empty() && value != VALUE_UNKNOWN;
    let browser = known(parsed.name).then(|| {
        // woothee puts other words there for some agents (`curl` for curl): numbers only.
        let major = parsed.version.split('.').next().unwrap_or_default();
        if !major.is_empty() && major.bytes().all(|b| b.is_ascii_digit()) {
            format!("{} {major}", parsed.name)
        } else {
            parsed.name.to_owned()
        }
    });
    let os = known(parsed.os).then(|| parsed.os.to_owned());
    let parts: Vec<String> = browser.into_iter().chain(os).collect();
    (!parts.is_empty()).then(|| parts.join(" · "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn label(agent: &str) -> Option<String> {
        device_label(Some(agent))
    }

    #[test]
    fn a_browser_is_named_with_its_major_version_and_its_system() {
        assert_eq!(
            label(
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 \
                 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36"
            )
            .as_deref(),
            Some("Chrome 120 · Windows 10")
        );
        assert_eq!(
            label(
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 \
                 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1"
            )
            .as_deref(),
            Some("Safari 17 · iPhone")
        );
        assert_eq!(
            label("Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0")
                .as_deref(),
            Some("Firefox 121 · Linux")
        );
    }

    #[test]
    fn unknown_parts_are_left_out() {
        // A crawler has a name and no system.
        assert_eq!(
            label("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")
                .as_deref(),
            Some("Googlebot")
        );
        // An app's own HTTP client: the system without a browser.
        assert_eq!(
            label("Dalvik/2.1.0 (Linux; U; Android 13; Pixel 7 Build/TQ3A.230805.001)").as_deref(),
            Some("Android")
        );
        // A phone's in-app view has no version.
        assert_eq!(
            label(
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 \
                 (KHTML, like Gecko) Mobile/15E148"
            )
            .as_deref(),
            Some("Webview · iPhone")
        );
        // A tool's name where a version would be is no version.
        assert_eq!(label("curl/8.4.0").as_deref(), Some("HTTP Library"));
    }

    #[test]
    fn nothing_known_is_no_label() {
        assert_eq!(device_label(None), None);
        assert_eq!(label(""), None);
        assert_eq!(label("-"), None);
        assert_eq!(label("reqwest/0.12"), None);
        assert_eq!(label("totally unknown thing"), None);
    }
}

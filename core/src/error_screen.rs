//! What the full-page error screen shows for a status code and message (spec §8).

use serde::{Deserialize, Serialize};

use crate::i18n::texts::{text, text_with};
use crate::Lang;

/// Input of `errorScreen`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ErrorScreenInput {
    /// HTTP-like status; absent or invalid (not an integer 100–599) is treated as 500.
    #[serde(default)]
    pub status_code: Option<f64>,
    /// The error's statusMessage, shown as is unless a server override applies.
    #[serde(default)]
    pub status_message: Option<String>,
    pub lang: Lang,
}

/// The button of the error screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub enum ErrorActionKind {
    Login,
    Upgrade,
    Retry,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ErrorAction {
    pub kind: ErrorActionKind,
    pub label: String,
    /// Localized target path; retry goes home and clears the error (spec §2).
    pub to: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub enum ErrorIcon {
    Lock,
    Shield,
    Search,
    Warning,
    Info,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub enum ErrorColor {
    Yellow,
    Red,
    Blue,
    Grey,
}

/// Output of `errorScreen`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ErrorScreen {
    pub status_code: u16,
    pub heading: String,
    pub message: String,
    pub action: ErrorAction,
    pub icon: ErrorIcon,
    pub color: ErrorColor,
    /// Page title without the product suffix: "Error 404".
    pub title: String,
}

/// Spec §8: server messages replaced by a friendlier text.
const OVERRIDES: [(&str, &str); 3] = [
    (
        "Premium subscription required",
        "errorScreen.override.premiumRequired",
    ),
    (
        "Admin access required",
        "errorScreen.override.adminRequired",
    ),
    (
        "Authentication required",
        "errorScreen.override.authRequired",
    ),
];

/// Status phrases that say no more than the status itself (the router's 'Page not found',
/// HTTP reason phrases): the screen shows its own, translated message instead.
const GENERIC_PHRASES: [&str; 8] = [
    "page not found",
    "not found",
    "unauthorized",
    "forbidden",
    "internal server error",
    "bad request",
    "service unavailable",
    "error",
];

fn is_generic_phrase(message: &str) -> bool {
    GENERIC_PHRASES
        .iter()
        .any(|phrase| message.eq_ignore_ascii_case(phrase))
}

/// `errorScreen` (spec §8):
///
/// | status | heading / default message | action | icon, color |
/// |---|---|---|---|
/// | 401 | login required | log in now → /auth/login | lock, yellow |
/// | 403 | access denied | upgrade → /subscription when the raw message mentions "premium" or "subscription" (any case), else retry | shield, red |
/// | 404 | page not found | retry | search, blue |
/// | 500 | server error | retry | warning, red |
/// | other | an error occurred | retry | info, grey |
///
/// The message is the override text when the status message contains one of the three
/// server phrases (case-sensitive, first match wins), else the status message itself when
/// non-blank and not a generic phrase, else the default message of the status. Retry goes to `/`. Targets carry
/// the `lang` prefix.
pub fn error_screen(input: ErrorScreenInput) -> ErrorScreen {
    let lang = input.lang;
    let status_code = input
        .status_code
        .filter(|c| c.fract() == 0.0 && (100.0..=599.0).contains(c))
        .map_or(500, |c| c as u16);
    let raw = input
        .status_message
        .as_deref()
        .map(str::trim)
        .unwrap_or_default();
    let section = match status_code {
        401 | 403 | 404 | 500 => status_code.to_string(),
        _ => "other".to_owned(),
    };
    let message = match OVERRIDES.iter().find(|(phrase, _)| raw.contains(phrase)) {
        Some((_, key)) => text(lang, key).to_owned(),
        None if !raw.is_empty() && !is_generic_phrase(raw) => raw.to_owned(),
        None => text(lang, &format!("errorScreen.{section}.message")).to_owned(),
    };
    let mentions_membership = {
        let lower = raw.to_ascii_lowercase();
        lower.contains("premium") || lower.contains("subscription")
    };
    let (action, icon, color) = match status_code {
        401 => (ErrorActionKind::Login, ErrorIcon::Lock, ErrorColor::Yellow),
        403 if mentions_membership => {
            (ErrorActionKind::Upgrade, ErrorIcon::Shield, ErrorColor::Red)
        }
        403 => (ErrorActionKind::Retry, ErrorIcon::Shield, ErrorColor::Red),
        404 => (ErrorActionKind::Retry, ErrorIcon::Search, ErrorColor::Blue),
        500 => (ErrorActionKind::Retry, ErrorIcon::Warning, ErrorColor::Red),
        _ => (ErrorActionKind::Retry, ErrorIcon::Info, ErrorColor::Grey),
    };
    let (label_key, to) = match action {
        ErrorActionKind::Login => ("errorScreen.action.login", "/auth/login"),
        ErrorActionKind::Upgrade => ("errorScreen.action.upgrade", "/subscription"),
        ErrorActionKind::Retry => ("errorScreen.action.retry", "/"),
    };
    ErrorScreen {
        status_code,
        heading: text(lang, &format!("errorScreen.{section}.heading")).to_owned(),
        message,
        action: ErrorAction {
            kind: action,
            label: text(lang, label_key).to_owned(),
            to: localized(to, lang),
        },
        icon,
        color,
        title: text_with(
            lang,
            "errorScreen.title",
            &[("code", &status_code.to_string())],
        ),
    }
}

fn localized(path: &str, lang: Lang) -> String {
    crate::routing::locale::localize_path(crate::routing::locale::LocalizePathInput {
        path: path.to_owned(),
        lang,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn screen(code: Option<f64>, message: Option<&str>, lang: Lang) -> ErrorScreen {
        error_screen(ErrorScreenInput {
            status_code: code,
            status_message: message.map(str::to_owned),
            lang,
        })
    }

    #[test]
    fn status_401() {
        let s = screen(Some(401.0), None, Lang::Zh);
        assert_eq!(s.heading, "需要登录");
        assert_eq!(s.message, "您需要登录才能访问此页面");
        assert_eq!(
            s.action,
            ErrorAction {
                kind: ErrorActionKind::Login,
                label: "立即登录".into(),
                to: "/auth/login".into()
            }
        );
        assert_eq!((s.icon, s.color), (ErrorIcon::Lock, ErrorColor::Yellow));
        assert_eq!(s.title, "Error 401");
    }

    #[test]
    fn status_403_upgrade_or_retry() {
        let s = screen(Some(403.0), Some("Premium subscription required"), Lang::Zh);
        assert_eq!(s.message, "此功能需要会员，请升级后继续使用");
        assert_eq!(s.action.kind, ErrorActionKind::Upgrade);
        assert_eq!(s.action.to, "/subscription");
        let s = screen(Some(403.0), Some("subscription expired"), Lang::En);
        assert_eq!(s.action.kind, ErrorActionKind::Upgrade);
        assert_eq!(s.action.to, "/en/subscription");
        assert_eq!(s.message, "subscription expired");
        let s = screen(Some(403.0), Some("需要管理员权限"), Lang::Zh);
        assert_eq!(s.message, "需要管理员权限");
        assert_eq!(s.action.kind, ErrorActionKind::Retry);
        assert_eq!((s.icon, s.color), (ErrorIcon::Shield, ErrorColor::Red));
        assert_eq!(s.heading, "访问被拒绝");
    }

    #[test]
    fn generic_phrases_give_way_to_the_translated_default() {
        let zh = screen(Some(404.0), Some("Page not found"), Lang::Zh);
        assert_eq!(zh.message, "您访问的页面不存在");
        let ja = screen(Some(500.0), Some("Internal Server Error"), Lang::Ja);
        assert_eq!(ja.message, screen(Some(500.0), None, Lang::Ja).message);
        // A message that names what was not found stays as it is.
        let specific = screen(Some(404.0), Some("Page Not Found: /books/abc"), Lang::Zh);
        assert_eq!(specific.message, "Page Not Found: /books/abc");
    }

    #[test]
    fn overrides() {
        assert_eq!(
            screen(Some(403.0), Some("Admin access required"), Lang::Zh).message,
            "此功能需要管理员权限"
        );
        assert_eq!(
            screen(Some(401.0), Some("Authentication required"), Lang::Zh).message,
            "请先登录您的账户"
        );
        assert_eq!(
            screen(
                Some(401.0),
                Some("Error: Authentication required."),
                Lang::En
            )
            .message,
            "Please sign in to your account first."
        );
        assert_eq!(
            screen(Some(403.0), Some("admin access required"), Lang::Zh).message,
            "admin access required"
        );
    }

    #[test]
    fn status_404_500_other() {
        let s = screen(Some(404.0), Some("Page Not Found: /x"), Lang::Zh);
        assert_eq!(
            (s.heading.as_str(), s.message.as_str()),
            ("页面未找到", "Page Not Found: /x")
        );
        assert_eq!(
            (s.icon, s.color, s.action.kind),
            (ErrorIcon::Search, ErrorColor::Blue, ErrorActionKind::Retry)
        );
        assert_eq!(s.action.to, "/");
        let s = screen(Some(500.0), Some("  "), Lang::Ja);
        assert_eq!(s.heading, "サーバーエラー");
        assert_eq!(
            s.message,
            "サーバーで問題が発生しました。しばらくしてから再度お試しください。"
        );
        assert_eq!(s.action.to, "/ja");
        assert_eq!(s.title, "エラー 500");
        assert_eq!((s.icon, s.color), (ErrorIcon::Warning, ErrorColor::Red));
        let s = screen(Some(418.0), None, Lang::Zh);
        assert_eq!(
            (s.heading.as_str(), s.message.as_str()),
            ("发生错误", "未知错误，请稍后重试")
        );
        assert_eq!((s.icon, s.color), (ErrorIcon::Info, ErrorColor::Grey));
    }

    #[test]
    fn invalid_status_is_500() {
        for code in [
            None,
            Some(0.0),
            Some(404.5),
            Some(f64::NAN),
            Some(1000.0),
            Some(-404.0),
        ] {
            assert_eq!(screen(code, None, Lang::Zh).status_code, 500, "{code:?}");
        }
    }

    #[test]
    fn json_shape() {
        let out = serde_json::to_value(screen(Some(404.0), None, Lang::En)).unwrap();
        assert_eq!(
            out,
            serde_json::json!({
                "statusCode": 404,
                "heading": "Page not found",
                "message": "The page you are looking for does not exist.",
                "action": {"kind": "retry", "label": "Try again", "to": "/en"},
                "icon": "search",
                "color": "blue",
                "title": "Error 404"
            })
        );
    }
}

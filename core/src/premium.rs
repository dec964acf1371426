//! Membership rules: who counts as premium and the membership status line (spec §4).

use serde::{Deserialize, Serialize};

use crate::format::smart::medium_date;
use crate::i18n::texts::{text, text_with};
use crate::Lang;

/// The subscription part of a user; a whole `AuthUser` may be passed (other fields are ignored).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct PremiumUser {
    /// "free" or "premium"; anything else is an unknown status.
    #[serde(default)]
    pub subscription_type: Option<String>,
    /// Milliseconds since the epoch; null or absent means permanent.
    #[serde(default)]
    pub subscription_expires_at: Option<f64>,
}

impl PremiumUser {
    /// Spec §4: subscriptionType premium and an expiry that is absent or after now
    /// (an expiry equal to now has passed).
    pub fn is_premium(&self, now_ms: f64) -> bool {
        self.subscription_type.as_deref() == Some("premium")
            && self.subscription_expires_at.is_none_or(|exp| exp > now_ms)
    }
}

/// Input of `isPremium`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct IsPremiumInput {
    /// Null for a guest.
    #[serde(default)]
    pub user: Option<PremiumUser>,
    pub now_ms: f64,
}

/// `isPremium`: false for guests; see [`PremiumUser::is_premium`].
pub fn is_premium(input: IsPremiumInput) -> bool {
    input.user.is_some_and(|u| u.is_premium(input.now_ms))
}

/// Input of `premiumStatus`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct PremiumStatusInput {
    #[serde(default)]
    pub user: Option<PremiumUser>,
    pub now_ms: f64,
    pub lang: Lang,
    /// Zone of the "member until" date; see `allowedTimezones`.
    #[serde(default)]
    pub timezone: Option<String>,
}

/// Which membership line applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum PremiumKind {
    Guest,
    Free,
    Lifetime,
    Member,
    Expired,
    Unknown,
}

/// Output of `premiumStatus`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PremiumStatus {
    pub kind: PremiumKind,
    pub text: String,
}

/// `premiumStatus` (spec §4): 未登录 (guest), 免费用户 (free), 永久会员 (premium without
/// expiry), 会员至 {date} (premium expiring after now; medium date in the given zone),
/// 会员已过期 (premium whose expiry passed), 未知状态 (any other subscriptionType).
pub fn premium_status(input: PremiumStatusInput) -> PremiumStatus {
    let lang = input.lang;
    let (kind, text) = match &input.user {
        None => (PremiumKind::Guest, text(lang, "premium.guest").to_owned()),
        Some(user) => match (
            user.subscription_type.as_deref(),
            user.subscription_expires_at,
        ) {
            (Some("free"), _) => (PremiumKind::Free, text(lang, "premium.free").to_owned()),
            (Some("premium"), None) => (
                PremiumKind::Lifetime,
                text(lang, "premium.lifetime").to_owned(),
            ),
            (Some("premium"), Some(_)) if user.is_premium(input.now_ms) => {
                let date = medium_date(
                    user.subscription_expires_at,
                    lang,
                    input.timezone.as_deref(),
                )
                .unwrap_or_else(|| text(lang, "time.unknown").to_owned());
                (
                    PremiumKind::Member,
                    text_with(lang, "premium.memberUntil", &[("date", &date)]),
                )
            }
            (Some("premium"), Some(_)) => (
                PremiumKind::Expired,
                text(lang, "premium.expired").to_owned(),
            ),
            _ => (
                PremiumKind::Unknown,
                text(lang, "premium.unknown").to_owned(),
            ),
        },
    };
    PremiumStatus { kind, text }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-11-20T04:00:00Z.
    const NOV_20: f64 = 1_795_147_200_000.0;
    const NOW: f64 = NOV_20 - 10.0 * 86_400_000.0;

    fn user(kind: &str, exp: Option<f64>) -> Option<PremiumUser> {
        Some(PremiumUser {
            subscription_type: Some(kind.to_owned()),
            subscription_expires_at: exp,
        })
    }

    fn status(user: Option<PremiumUser>, lang: Lang) -> PremiumStatus {
        premium_status(PremiumStatusInput {
            user,
            now_ms: NOW,
            lang,
            timezone: Some("Asia/Shanghai".into()),
        })
    }

    #[test]
    fn premium_needs_future_or_absent_expiry() {
        let premium = |u| {
            is_premium(IsPremiumInput {
                user: u,
                now_ms: NOW,
            })
        };
        assert!(premium(user("premium", None)));
        assert!(premium(user("premium", Some(NOW + 1.0))));
        assert!(!premium(user("premium", Some(NOW))));
        assert!(!premium(user("premium", Some(NOW - 1.0))));
        assert!(!premium(user("free", None)));
        assert!(!premium(user("Premium", None)));
        assert!(!premium(None));
    }

    #[test]
    fn chinese_status_texts() {
        let s = |u| status(u, Lang::Zh);
        assert_eq!(
            s(None),
            PremiumStatus {
                kind: PremiumKind::Guest,
                text: "未登录".into()
            }
        );
        assert_eq!(
            s(user("free", None)),
            PremiumStatus {
                kind: PremiumKind::Free,
                text: "免费用户".into()
            }
        );
        assert_eq!(
            s(user("premium", None)),
            PremiumStatus {
                kind: PremiumKind::Lifetime,
                text: "永久会员".into()
            }
        );
        assert_eq!(
            s(user("premium", Some(NOV_20))),
            PremiumStatus {
                kind: PremiumKind::Member,
                text: "会员至 2026年11月20日".into()
            }
        );
        assert_eq!(
            s(user("premium", Some(NOW))),
            PremiumStatus {
                kind: PremiumKind::Expired,
                text: "会员已过期".into()
            }
        );
        assert_eq!(
            s(user("vip", None)),
            PremiumStatus {
                kind: PremiumKind::Unknown,
                text: "未知状态".into()
            }
        );
        let no_type = Some(PremiumUser::default());
        assert_eq!(s(no_type).kind, PremiumKind::Unknown);
    }

    #[test]
    fn other_languages() {
        assert_eq!(
            status(user("premium", Some(NOV_20)), Lang::En).text,
            "Member until Nov 20, 2026"
        );
        assert_eq!(
            status(user("premium", Some(NOV_20)), Lang::Ja).text,
            "2026年11月20日まで会員"
        );
        assert_eq!(status(None, Lang::En).text, "Not signed in");
    }

    #[test]
    fn kind_serializes_lowercase() {
        let out = serde_json::to_value(status(None, Lang::Zh)).unwrap();
        assert_eq!(out, serde_json::json!({"kind": "guest", "text": "未登录"}));
    }
}

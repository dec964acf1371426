//! Who may listen to a chapter (catalogue contract, "Access to a chapter").
use serde::{Deserialize, Serialize};

use crate::spelling::Spelling;

use crate::premium::{self, IsPremiumInput, PremiumUser};

/// 401 code: the chapter needs a signed-in user.
pub const AUTH_REQUIRED: &str = "auth_required";
/// 403 code: the chapter belongs to a VIP book and the user is not premium.
pub const PREMIUM_REQUIRED: &str = "premium_required";
/// 403 code: the chapter belongs to a paid book the user has not bought.
pub const PURCHASE_REQUIRED: &str = "purchase_required";

/// A book's access level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum BookAccess {
    Free,
    Vip,
    Paid,
}

impl Spelling for BookAccess {
    const ALL: &'static [Self] = &[Self::Free, Self::Vip, Self::Paid];

    fn as_str(self) -> &'static str {
        match self {
            Self::Free => "free",
            Self::Vip => "vip",
            Self::Paid => "paid",
        }
    }
}

/// Input of `chapterAccess`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ChapterAccessInput {
    pub book_access: BookAccess,
    #[serde(default)]
    pub chapter_is_free: bool,
    /// End (ms, exclusive) of an active limited-free campaign on the book; null when none.
    #[serde(default)]
    pub campaign_ends_at: Option<f64>,
    pub now_ms: f64,
    /// Null for a guest; a whole user object may be passed.
    #[serde(default)]
    pub user: Option<PremiumUser>,
    /// The user bought the book.
    #[serde(default)]
    pub purchased: bool,
}

/// Why a chapter may or may not be heard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum ChapterAccessKind {
    /// A free chapter or a chapter of a free book.
    Free,
    /// A limited-free campaign is running.
    Campaign,
    /// A premium member listening to a VIP book.
    Member,
    /// The user bought the book.
    Purchased,
    /// Denied: sign in first (401).
    Login,
    /// Denied: a VIP book needs membership (403).
    Membership,
    /// Denied: a paid book must be bought (403).
    Purchase,
}

/// How a refused chapter is answered by the API.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Denial {
    pub status: u16,
    pub message: &'static str,
    pub code: &'static str,
}

impl ChapterAccessKind {
    /// Whether the chapter may be heard.
    pub fn allowed(self) -> bool {
        matches!(
            self,
            Self::Free | Self::Campaign | Self::Member | Self::Purchased
        )
    }

    /// The HTTP answer of a refusal; `None` when allowed.
    pub fn denial(self) -> Option<Denial> {
        match self {
            Self::Login => Some(Denial {
                status: 401,
                message: "Authentication required",
                code: AUTH_REQUIRED,
            }),
            Self::Membership => Some(Denial {
                status: 403,
                message: "Premium subscription required",
                code: PREMIUM_REQUIRED,
            }),
            Self::Purchase => Some(Denial {
                status: 403,
                message: "Purchase required",
                code: PURCHASE_REQUIRED,
            }),
            _ => None,
        }
    }
}

/// Output of `chapterAccess`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChapterAccess {
    pub kind: ChapterAccessKind,
    pub allowed: bool,
    /// When the access lapses (ms): the campaign end, or the membership expiry; absent
    /// when it does not lapse.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub until: Option<f64>,
}

/// `chapterAccess`, first match wins: a free chapter or free book → free; an active
/// campaign (`nowMs < campaignEndsAt`) → campaign (until its end); a premium user
/// (`isPremium`) on a VIP book → member (until the expiry, if any); bought → purchased; no
/// user → login; VIP book → membership; otherwise → purchase.
pub fn chapter_access(input: ChapterAccessInput) -> ChapterAccess {
    let (kind, until) = decide(&input);
    ChapterAccess {
        kind,
        allowed: kind.allowed(),
        until,
    }
}

fn decide(input: &ChapterAccessInput) -> (ChapterAccessKind, Option<f64>) {
    use ChapterAccessKind as K;
    if input.chapter_is_free || input.book_access == BookAccess::Free {
        return (K::Free, None);
    }
    if let Some(ends) = input.campaign_ends_at.filter(|ends| input.now_ms < *ends) {
        return (K::Campaign, Some(ends));
    }
    let premium = premium::is_premium(IsPremiumInput {
        user: input.user.clone(),
        now_ms: input.now_ms,
    });
    if premium && input.book_access == BookAccess::Vip {
        let until = input.user.as_ref().and_then(|u| u.subscription_expires_at);
        return (K::Member, until);
    }
    if input.purchased {
        return (K::Purchased, None);
    }
    match (&input.user, input.book_access) {
        (None, _) => (K::Login, None),
        (Some(_), BookAccess::Vip) => (K::Membership, None),
        (Some(_), _) => (K::Purchase, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const NOW: f64 = 1_795_147_200_000.0;

    fn user(kind: &str, exp: Option<f64>) -> Option<PremiumUser> {
        Some(PremiumUser {
            subscription_type: Some(kind.into()),
            subscription_expires_at: exp,
        })
    }

    fn input(book_access: BookAccess) -> ChapterAccessInput {
        ChapterAccessInput {
            book_access,
            chapter_is_free: false,
            campaign_ends_at: None,
            now_ms: NOW,
            user: None,
            purchased: false,
        }
    }

    fn kind(input: ChapterAccessInput) -> ChapterAccessKind {
        chapter_access(input).kind
    }

    #[test]
    fn free_chapters_and_books_are_open_to_everyone() {
        assert_eq!(kind(input(BookAccess::Free)), ChapterAccessKind::Free);
        for access in [BookAccess::Vip, BookAccess::Paid] {
            let out = chapter_access(ChapterAccessInput {
                chapter_is_free: true,
                ..input(access)
            });
            assert_eq!(
                out,
                ChapterAccess {
                    kind: ChapterAccessKind::Free,
                    allowed: true,
                    until: None
                }
            );
        }
    }

    #[test]
    fn a_campaign_opens_until_its_end_exclusive() {
        let with_end = |ends| ChapterAccessInput {
            campaign_ends_at: Some(ends),
            ..input(BookAccess::Paid)
        };
        let out = chapter_access(with_end(NOW + 1.0));
        assert_eq!(out.kind, ChapterAccessKind::Campaign);
        assert_eq!(out.until, Some(NOW + 1.0));
        assert_eq!(kind(with_end(NOW)), ChapterAccessKind::Login);
        assert_eq!(kind(with_end(NOW - 1.0)), ChapterAccessKind::Login);
    }

    #[test]
    fn members_hear_vip_books_but_not_paid_ones() {
        let vip = ChapterAccessInput {
            user: user("premium", Some(NOW + 10.0)),
            ..input(BookAccess::Vip)
        };
        let out = chapter_access(vip);
        assert_eq!(out.kind, ChapterAccessKind::Member);
        assert_eq!(out.until, Some(NOW + 10.0));
        let lifetime = ChapterAccessInput {
            user: user("premium", None),
            ..input(BookAccess::Vip)
        };
        assert_eq!(chapter_access(lifetime).until, None);
        let paid = ChapterAccessInput {
            user: user("premium", None),
            ..input(BookAccess::Paid)
        };
        assert_eq!(kind(paid), ChapterAccessKind::Purchase);
        let lapsed = ChapterAccessInput {
            user: user("premium", Some(NOW)),
            ..input(BookAccess::Vip)
        };
        assert_eq!(kind(lapsed), ChapterAccessKind::Membership);
    }

    #[test]
    fn purchases_open_the_book() {
        for access in [BookAccess::Vip, BookAccess::Paid] {
            let bought = ChapterAccessInput {
                user: user("free", None),
                purchased: true,
                ..input(access)
            };
            assert_eq!(kind(bought), ChapterAccessKind::Purchased);
        }
    }

    #[test]
    fn refusals_carry_status_message_and_code() {
        let guest = chapter_access(input(BookAccess::Vip));
        assert_eq!(guest.kind, ChapterAccessKind::Login);
        assert!(!guest.allowed);
        assert_eq!(guest.kind.denial().unwrap().status, 401);
        assert_eq!(
            guest.kind.denial().unwrap().message,
            "Authentication required"
        );
        let free_user = |access| ChapterAccessInput {
            user: user("free", None),
            ..input(access)
        };
        let vip = kind(free_user(BookAccess::Vip));
        assert_eq!(vip, ChapterAccessKind::Membership);
        assert_eq!(
            vip.denial().unwrap(),
            Denial {
                status: 403,
                message: "Premium subscription required",
                code: PREMIUM_REQUIRED
            }
        );
        let paid = kind(free_user(BookAccess::Paid));
        assert_eq!(paid, ChapterAccessKind::Purchase);
        assert_eq!(paid.denial().unwrap().code, "purchase_required");
        assert_eq!(ChapterAccessKind::Free.denial(), None);
    }

    #[test]
    fn serializes_as_the_contract_says() {
        let out = serde_json::to_value(chapter_access(input(BookAccess::Free))).unwrap();
        assert_eq!(out, serde_json::json!({"kind": "free", "allowed": true}));
        let parsed: ChapterAccessInput = serde_json::from_value(serde_json::json!({
            "bookAccess": "vip", "nowMs": 1, "user": {"subscriptionType": "premium"}
        }))
        .unwrap();
        assert_eq!(kind(parsed), ChapterAccessKind::Member);
        assert_eq!(BookAccess::parse("paid"), Some(BookAccess::Paid));
        assert_eq!(BookAccess::parse("VIP"), None);
    }

    fn any_access() -> impl Strategy<Value = BookAccess> {
        prop_oneof![
            Just(BookAccess::Free),
            Just(BookAccess::Vip),
            Just(BookAccess::Paid)
        ]
    }

    proptest! {
        #[test]
        fn allowed_matches_kind_and_free_always_wins(
            access in any_access(),
            chapter_is_free: bool,
            ends in proptest::option::of(0f64..2e12),
            now in 0f64..2e12,
            premium: bool,
            exp in proptest::option::of(0f64..2e12),
            purchased: bool,
            guest: bool,
        ) {
            let out = chapter_access(ChapterAccessInput {
                book_access: access,
                chapter_is_free,
                campaign_ends_at: ends,
                now_ms: now,
                user: if guest { None } else { user(if premium { "premium" } else { "free" }, exp) },
                purchased,
            });
            prop_assert_eq!(out.allowed, out.kind.denial().is_none());
            if chapter_is_free || access == BookAccess::Free {
                prop_assert_eq!(out.kind, ChapterAccessKind::Free);
            }
            if purchased {
                prop_assert!(out.allowed);
            }
            if let Some(until) = out.until {
                prop_assert!(until > now);
            }
        }
    }
}

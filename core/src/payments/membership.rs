//! What paying for a membership plan grants, and what refunding it takes back (spec §3:
//! `subscriptionExpiresAt` absent means permanent).
use chrono::{DateTime, Months};

use crate::premium::PremiumUser;

/// A user's membership as stored: `premium` or `free`, and the expiry (ms; None: permanent).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Membership {
    pub subscription_type: String,
    pub expires_at: Option<i64>,
}

impl Membership {
    fn premium(&self) -> PremiumUser {
        PremiumUser {
            subscription_type: Some(self.subscription_type.clone()),
            subscription_expires_at: self.expires_at.map(|ms| ms as f64),
        }
    }

    /// A premium membership without expiry.
    pub fn is_lifetime(&self) -> bool {
        self.subscription_type == "premium" && self.expires_at.is_none()
    }
}

/// What one paid membership order granted, kept on the order so a refund can undo it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grant {
    /// The membership after the payment.
    pub after: Membership,
    /// Milliseconds added to the expiry; None for a lifetime plan.
    pub added_ms: Option<i64>,
    /// The membership before the payment.
    pub before: Membership,
    /// When the added time starts: max(now, the current expiry while still a member).
    pub starts_at: i64,
}

/// Pays for a plan of `months` (None: lifetime) at `now_ms`: the expiry moves `months`
/// calendar months (UTC) from max(now, current expiry while premium); lifetime removes the
/// expiry. A lifetime member gains nothing more (`added_ms` 0).
pub fn grant(current: &Membership, months: Option<u32>, now_ms: i64) -> Grant {
    let before = current.clone();
    if current.is_lifetime() {
        return Grant {
            after: before.clone(),
            added_ms: Some(0),
            before,
            starts_at: now_ms,
        };
    }
    let Some(months) = months else {
        return Grant {
            after: Membership {
                subscription_type: "premium".into(),
                expires_at: None,
            },
            added_ms: None,
            before,
            starts_at: now_ms,
        };
    };
    let starts_at = if current.premium().is_premium(now_ms as f64) {
        current.expires_at.unwrap_or(now_ms).max(now_ms)
    } else {
        now_ms
    };
    let ends_at = add_months(starts_at, months);
    Grant {
        after: Membership {
            subscription_type: "premium".into(),
            expires_at: Some(ends_at),
        },
        added_ms: Some(ends_at - starts_at),
        before,
        starts_at,
    }
}

/// `ms` plus `months` calendar months in UTC (the 31st becomes the month's last day).
pub fn add_months(ms: i64, months: u32) -> i64 {
    DateTime::from_timestamp_millis(ms)
        .and_then(|at| at.checked_add_months(Months::new(months)))
        .map_or(i64::MAX, |at| at.timestamp_millis())
}

/// The membership after a refund: what the paid membership orders still standing grant,
/// replayed in payment order from `base` (the membership before the first of them), as if
/// the refunded order had never been paid. So a refund takes back exactly its own time,
/// whichever order it was, and refunding every order restores `base`.
pub fn replay(base: &Membership, standing: &[(Option<u32>, i64)]) -> Membership {
    standing
        .iter()
        .fold(base.clone(), |membership, (months, paid_at)| {
            grant(&membership, *months, *paid_at).after
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-11-25T00:00:00Z.
    const NOW: i64 = 1_795_564_800_000;
    const DAY: i64 = 86_400_000;

    fn free() -> Membership {
        Membership {
            subscription_type: "free".into(),
            expires_at: None,
        }
    }

    fn premium(expires_at: Option<i64>) -> Membership {
        Membership {
            subscription_type: "premium".into(),
            expires_at,
        }
    }

    #[test]
    fn a_free_user_gets_months_from_now() {
        let paid = grant(&free(), Some(1), NOW);
        assert_eq!(
            paid.after,
            premium(Some(NOW + 30 * DAY)),
            "25 November to 25 December"
        );
        assert_eq!(paid.starts_at, NOW);
        assert_eq!(paid.added_ms, Some(30 * DAY));
    }

    #[test]
    fn a_member_is_extended_from_the_current_expiry_and_an_expired_one_from_now() {
        let member = premium(Some(NOW + 10 * DAY));
        let paid = grant(&member, Some(12), NOW);
        assert_eq!(paid.starts_at, NOW + 10 * DAY);
        assert_eq!(paid.after.expires_at, Some(add_months(NOW + 10 * DAY, 12)));
        let lapsed = premium(Some(NOW - DAY));
        assert_eq!(grant(&lapsed, Some(3), NOW).starts_at, NOW);
    }

    #[test]
    fn lifetime_removes_the_expiry_and_a_lifetime_member_gains_nothing() {
        let paid = grant(&premium(Some(NOW + DAY)), None, NOW);
        assert_eq!(paid.after, premium(None));
        assert_eq!(paid.added_ms, None);
        let again = grant(&premium(None), Some(1), NOW);
        assert_eq!(again.after, premium(None));
        assert_eq!(again.added_ms, Some(0));
    }

    #[test]
    fn month_ends_clamp() {
        // 2027-01-31 + 1 month = 2027-02-28.
        let jan31 = 1_801_353_600_000;
        assert_eq!(add_months(jan31, 1), jan31 + 28 * DAY);
    }

    #[test]
    fn a_refund_replays_the_orders_still_standing() {
        let first = grant(&free(), Some(1), NOW);
        let second = grant(&first.after, Some(3), NOW + DAY);
        // Both refunded: the membership before the first.
        assert_eq!(replay(&free(), &[]), free());
        // The first refunded: the quarter counts from its own payment.
        assert_eq!(
            replay(&free(), &[(Some(3), NOW + DAY)]),
            premium(Some(add_months(NOW + DAY, 3)))
        );
        // The second refunded: exactly the first's month is left.
        assert_eq!(replay(&free(), &[(Some(1), NOW)]), first.after);
        assert_eq!(second.before, first.after);
        // Lifetime refunded: the timed membership before it.
        let lifetime = grant(&first.after, None, NOW + DAY);
        assert_eq!(lifetime.after, premium(None));
        assert_eq!(replay(&free(), &[(Some(1), NOW)]), lifetime.before);
        // A membership given otherwise (the base) is kept.
        let given = premium(Some(NOW + 10 * DAY));
        assert_eq!(
            replay(&given, &[(Some(1), NOW)]).expires_at,
            Some(add_months(NOW + 10 * DAY, 1))
        );
    }
}

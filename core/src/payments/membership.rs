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

/// What one event does to a membership: a paid plan order, or an administrator's change in
/// the console (`people_admin::membership::change`), which both take this one rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// A plan of `months` (None: lifetime), added the way [`grant`] adds a payment.
    Plan { months: Option<u32> },
    /// Premium until `expires_at` (ms), whatever the membership was: a date the
    /// administrator chose, earlier or later than the time already paid for.
    Until { expires_at: i64 },
    /// Premium without expiry.
    Lifetime,
    /// Free, whatever the membership was.
    Revoke,
}

/// Where an event comes from. At one instant a paid order counts before an administrator's
/// change (the variants' order), and events of one source in the order of their ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Source {
    Order(i32),
    Admin(i32),
}

/// One event of a membership's history: its effect, when (ms), and where it comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Event {
    pub at: i64,
    pub source: Source,
    pub effect: Effect,
}

/// The membership after `effect` takes place on `current` at `at_ms`.
pub fn apply(current: &Membership, effect: Effect, at_ms: i64) -> Membership {
    match effect {
        Effect::Plan { months } => grant(current, months, at_ms).after,
        Effect::Until { expires_at } => Membership {
            subscription_type: "premium".into(),
            expires_at: Some(expires_at),
        },
        Effect::Lifetime => Membership {
            subscription_type: "premium".into(),
            expires_at: None,
        },
        Effect::Revoke => Membership {
            subscription_type: "free".into(),
            expires_at: None,
        },
    }
}

/// The membership after a refund: the events still standing (paid plan orders not refunded,
/// and every administrator's change since `base`) applied in time order — ties by
/// [`Source`] — each to the membership the ones before it left, starting from `base` (the
/// membership before the first paid order), as if the refunded order had never been paid.
///
/// So a refund takes back exactly its own time and nothing an administrator did: a grant for
/// life stays for life, a revocation stays free, an administrator's plan length stays counted
/// from the day it was given. A dated grant (`Until`) sets its date whatever came before, as
/// it did when given: refunding an order paid before it leaves that date, even where the date
/// is earlier than the time paid for; an order paid after it had extended from that date, and
/// its refund takes off exactly that extension. Refunding every order with no administrator's
/// change restores `base`.
pub fn replay(base: &Membership, events: &[Event]) -> Membership {
    let mut ordered: Vec<&Event> = events.iter().collect();
    ordered.sort_by_key(|event| (event.at, event.source));
    ordered.into_iter().fold(base.clone(), |membership, event| {
        apply(&membership, event.effect, event.at)
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

    fn paid(id: i32, months: Option<u32>, at: i64) -> Event {
        Event {
            at,
            source: Source::Order(id),
            effect: Effect::Plan { months },
        }
    }

    fn admin(id: i32, effect: Effect, at: i64) -> Event {
        Event {
            at,
            source: Source::Admin(id),
            effect,
        }
    }

    #[test]
    fn a_refund_replays_the_orders_still_standing() {
        let first = grant(&free(), Some(1), NOW);
        let second = grant(&first.after, Some(3), NOW + DAY);
        // Both refunded: the membership before the first.
        assert_eq!(replay(&free(), &[]), free());
        // The first refunded: the quarter counts from its own payment.
        assert_eq!(
            replay(&free(), &[paid(2, Some(3), NOW + DAY)]),
            premium(Some(add_months(NOW + DAY, 3)))
        );
        // The second refunded: exactly the first's month is left.
        assert_eq!(replay(&free(), &[paid(1, Some(1), NOW)]), first.after);
        assert_eq!(second.before, first.after);
        // Lifetime refunded: the timed membership before it.
        let lifetime = grant(&first.after, None, NOW + DAY);
        assert_eq!(lifetime.after, premium(None));
        assert_eq!(replay(&free(), &[paid(1, Some(1), NOW)]), lifetime.before);
        // A membership given otherwise (the base) is kept.
        let given = premium(Some(NOW + 10 * DAY));
        assert_eq!(
            replay(&given, &[paid(1, Some(1), NOW)]).expires_at,
            Some(add_months(NOW + 10 * DAY, 1))
        );
    }

    #[test]
    fn an_administrators_change_applies_as_it_did_when_given() {
        let member = premium(Some(NOW + 10 * DAY));
        assert_eq!(
            apply(&member, Effect::Plan { months: Some(1) }, NOW),
            grant(&member, Some(1), NOW).after,
            "a plan's length is added like a payment"
        );
        let until = Effect::Until {
            expires_at: NOW + DAY,
        };
        assert_eq!(apply(&member, until, NOW), premium(Some(NOW + DAY)));
        assert_eq!(apply(&free(), Effect::Lifetime, NOW), premium(None));
        assert_eq!(apply(&premium(None), Effect::Revoke, NOW), free());
    }

    #[test]
    fn a_refund_keeps_what_an_administrator_granted_or_took_away() {
        // A month bought, then life granted: the month's refund leaves life.
        let standing = [admin(1, Effect::Lifetime, NOW + DAY)];
        assert_eq!(replay(&free(), &standing), premium(None));
        // Two months bought, then revoked: refunding the older does not bring it back.
        let standing = [
            paid(2, Some(1), NOW + DAY),
            admin(1, Effect::Revoke, NOW + 2 * DAY),
        ];
        assert_eq!(replay(&free(), &standing), free());
        // A plan's length granted, then a quarter bought: its refund leaves the granted month.
        let standing = [admin(1, Effect::Plan { months: Some(1) }, NOW)];
        assert_eq!(
            replay(&free(), &standing),
            premium(Some(add_months(NOW, 1)))
        );
    }

    #[test]
    fn a_dated_grant_sets_its_date_and_later_payments_extend_from_it() {
        let until = Effect::Until {
            expires_at: NOW + 5 * DAY,
        };
        // A quarter paid, then an earlier date set: refunding a month paid before the date
        // leaves the date, earlier than the quarter.
        let standing = [paid(1, Some(3), NOW), admin(1, until, NOW + DAY)];
        assert_eq!(replay(&free(), &standing), premium(Some(NOW + 5 * DAY)));
        // A month paid after the date extends from it; refunding an order before keeps both.
        let standing = [admin(1, until, NOW + DAY), paid(3, Some(1), NOW + 2 * DAY)];
        assert_eq!(
            replay(&free(), &standing),
            premium(Some(add_months(NOW + 5 * DAY, 1)))
        );
    }

    #[test]
    fn events_apply_in_time_order_then_orders_before_changes_then_by_id() {
        // Given out of order: sorted by time.
        let standing = [admin(1, Effect::Revoke, NOW + DAY), paid(1, Some(1), NOW)];
        assert_eq!(replay(&free(), &standing), free());
        // At one instant the paid order comes first, so the revocation wins.
        let standing = [admin(1, Effect::Revoke, NOW), paid(9, Some(1), NOW)];
        assert_eq!(replay(&free(), &standing), free());
        // Two changes at one instant: the higher id is the later.
        let standing = [
            admin(2, Effect::Lifetime, NOW),
            admin(1, Effect::Revoke, NOW),
        ];
        assert_eq!(replay(&free(), &standing), premium(None));
    }
}

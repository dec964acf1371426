//! The order state machine: pending → paid | failed | cancelled; paid → refunded.
use serde::{Deserialize, Serialize};

use crate::format::currency::Currency;
use crate::spelling::Spelling;

/// How long a pending order waits for its payment before it is cancelled: 30 minutes.
pub const ORDER_TTL_MS: i64 = 30 * 60 * 1000;

/// Where an order stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum OrderState {
    Pending,
    Paid,
    Failed,
    Cancelled,
    Refunded,
}

impl Spelling for OrderState {
    const ALL: &'static [Self] = &[
        Self::Pending,
        Self::Paid,
        Self::Failed,
        Self::Cancelled,
        Self::Refunded,
    ];

    fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Paid => "paid",
            Self::Failed => "failed",
            Self::Cancelled => "cancelled",
            Self::Refunded => "refunded",
        }
    }
}

impl OrderState {
    /// Whether `self → to` is a transition of the machine.
    pub fn can_become(self, to: OrderState) -> bool {
        use OrderState::*;
        matches!(
            (self, to),
            (Pending, Paid) | (Pending, Failed) | (Pending, Cancelled) | (Paid, Refunded)
        )
    }

    /// No payment can change it any more (refunds aside).
    pub fn is_final(self) -> bool {
        self != OrderState::Pending
    }
}

/// What an order buys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum OrderKind {
    /// A membership plan.
    Plan,
    /// A whole book.
    Book,
    /// One chapter.
    Chapter,
}

impl Spelling for OrderKind {
    const ALL: &'static [Self] = &[Self::Plan, Self::Book, Self::Chapter];

    fn as_str(self) -> &'static str {
        match self {
            Self::Plan => "plan",
            Self::Book => "book",
            Self::Chapter => "chapter",
        }
    }
}

/// A price in each currency, in minor units (fen, cents, whole yen); absent when not sold
/// in that currency (a book's, a chapter's or a plan's).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Price {
    pub cny: Option<i64>,
    pub usd: Option<i64>,
    pub jpy: Option<i64>,
}

impl Price {
    /// The price in `currency`, when there is a positive one.
    pub fn in_currency(&self, currency: Currency) -> Option<i64> {
        let amount = match currency {
            Currency::Cny => self.cny,
            Currency::Usd => self.usd,
            Currency::Jpy => self.jpy,
        };
        amount.filter(|minor| *minor > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use OrderState::*;

    #[test]
    fn only_the_machines_transitions_are_allowed() {
        let allowed = [
            (Pending, Paid),
            (Pending, Failed),
            (Pending, Cancelled),
            (Paid, Refunded),
        ];
        for from in OrderState::ALL {
            for to in OrderState::ALL {
                assert_eq!(
                    from.can_become(*to),
                    allowed.contains(&(*from, *to)),
                    "{from:?} → {to:?}"
                );
            }
        }
        assert!(!Pending.is_final());
        assert!(Paid.is_final() && Cancelled.is_final());
    }

    #[test]
    fn a_price_is_read_in_its_currency_and_never_zero() {
        let prices = Price {
            cny: Some(1800),
            usd: Some(0),
            jpy: None,
        };
        assert_eq!(prices.in_currency(Currency::Cny), Some(1800));
        assert_eq!(prices.in_currency(Currency::Usd), None);
        assert_eq!(prices.in_currency(Currency::Jpy), None);
    }

    #[test]
    fn spellings_round_trip() {
        crate::spelling::tests::round_trips::<OrderState>();
        crate::spelling::tests::round_trips::<OrderKind>();
    }
}

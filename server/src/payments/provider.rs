//! The payment provider interface: what the order code asks of Stripe, Alipay or the built-in
//! sandbox. A provider opens a hosted checkout for an order, signs the notifications it sends
//! to `POST /api/payments/{provider}/webhook` (only they mark an order paid), gives money back
//! and may charge a saved method for a renewal.
use axum::http::HeaderMap;

use crate::entities::order;

/// Where to send the payer, and the provider's reference of the checkout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkout {
    pub session_id: String,
    pub url: String,
}

/// What a notification says happened to a checkout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The payer paid `amount` minor units of `currency`.
    Paid { amount: i64, currency: String },
    /// The payment was declined or failed.
    Failed { reason: String },
}

/// A verified notification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notification {
    /// The provider's id of this notification: the same id twice is one notification.
    pub event_id: String,
    /// The checkout it is about ([`Checkout::session_id`]).
    pub session_id: String,
    pub outcome: Outcome,
}

/// Why a notification was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// Missing, malformed, stale or wrong signature.
    Signature(&'static str),
    /// Signed, but not a notification this server reads.
    Body(String),
}

#[async_trait::async_trait]
pub trait PaymentProvider: Send + Sync {
    /// The name in `/api/payments/{provider}/webhook` and in `orders.provider`.
    fn name(&self) -> &'static str;

    /// Opens a hosted checkout for a pending order.
    async fn create_checkout(&self, order: &order::Model) -> anyhow::Result<Checkout>;

    /// Checks a notification's signature (within its time tolerance) and reads it.
    fn read_notification(
        &self,
        headers: &HeaderMap,
        body: &[u8],
        now_secs: i64,
    ) -> Result<Notification, Refused>;

    /// Gives the money of a paid order back.
    async fn refund(&self, order: &order::Model) -> anyhow::Result<()>;

    /// Charges the payer's saved method for a renewal order without them (the provider
    /// notifies the outcome as for a checkout); false when it cannot.
    async fn charge_saved_method(&self, order: &order::Model) -> anyhow::Result<bool>;

    /// Whether the payer has paid this pending order's checkout though its notification has not
    /// arrived yet (the provider is still delivering it): the order is then shown as being
    /// confirmed and is not cancelled for want of payment.
    async fn paid_unconfirmed(&self, _order: &order::Model) -> bool {
        false
    }
}

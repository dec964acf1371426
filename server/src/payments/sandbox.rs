//! The built-in `sandbox` provider: a hosted checkout served by this server and clearly
//! labelled as a test payment, where the payer approves, declines or abandons; approving or
//! declining sends a signed notification to the webhook, exactly as an outside provider
//! would (through a queue delivered by a task of its own, retried with backoff for three days
//! when it fails, each try signed afresh).
use std::{
    collections::HashSet,
    sync::{Arc, Mutex},
    time::Duration,
};

use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use tingshu_core::payments::webhook::{self, SignatureCheck, SIGNATURE_HEADER};
use tokio::sync::mpsc;

use super::provider::{Checkout, Notification, Outcome, PaymentProvider, Refused};
use crate::entities::order;

pub const NAME: &str = "sandbox";

/// The first wait between two tries of a notification; it doubles up to [`RETRY_AT_MOST`].
const FIRST_RETRY: Duration = Duration::from_secs(1);
/// The longest wait between two tries.
pub const RETRY_AT_MOST: Duration = Duration::from_secs(30);
/// How long a notification is retried before the sandbox gives up, as outside providers do.
const RETRY_FOR: Duration = Duration::from_secs(3 * 24 * 3600);

/// A signed notification on its way to the webhook: the signature header and the body.
#[derive(Debug, Clone)]
pub struct Outgoing {
    pub signature: String,
    pub body: Vec<u8>,
}

/// An event waiting to be delivered: its checkout and its body (signed at each try).
#[derive(Debug, Clone)]
pub struct Pending {
    pub session_id: String,
    pub paid: bool,
    pub body: Vec<u8>,
}

/// The notification body the sandbox sends.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SandboxEvent {
    pub id: String,
    /// `checkout.completed` or `checkout.failed`.
    #[serde(rename = "type")]
    pub kind: String,
    pub session_id: String,
    #[serde(default)]
    pub amount: Option<i64>,
    #[serde(default)]
    pub currency: Option<String>,
    #[serde(default)]
    pub reason: Option<String>,
}

pub struct Sandbox {
    secret: Arc<[u8]>,
    outbox: mpsc::UnboundedSender<Pending>,
    /// Taken once by the delivery task at start.
    inbox: Mutex<Option<mpsc::UnboundedReceiver<Pending>>>,
    /// Checkouts paid whose notification is still being delivered.
    paid_undelivered: Mutex<HashSet<String>>,
}

impl Sandbox {
    pub fn new(secret: Arc<[u8]>) -> Self {
        let (outbox, inbox) = mpsc::unbounded_channel();
        Self {
            secret,
            outbox,
            inbox: Mutex::new(Some(inbox)),
            paid_undelivered: Mutex::default(),
        }
    }

    /// The queue of notifications to deliver (once).
    pub fn take_inbox(&self) -> Option<mpsc::UnboundedReceiver<Pending>> {
        self.inbox.lock().ok()?.take()
    }

    fn undelivered(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.paid_undelivered
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The delivery of `pending` ended (accepted, or given up).
    fn delivered(&self, pending: &Pending) {
        if pending.paid {
            self.undelivered().remove(&pending.session_id);
        }
    }

    /// The checkout page's path for a session.
    pub fn checkout_path(session_id: &str) -> String {
        format!("/api/payments/{NAME}/checkout/{session_id}")
    }

    /// Signs an event's body now, as the webhook expects it (again at each try).
    fn sign_body(&self, body: Vec<u8>) -> Outgoing {
        let now = chrono::Utc::now().timestamp();
        Outgoing {
            signature: webhook::sign(&self.secret, now, &body),
            body,
        }
    }

    /// The payer approved (or a saved method was charged): notify the payment.
    pub fn approve(&self, order: &order::Model, session_id: &str) {
        self.send(SandboxEvent {
            id: new_id("evt"),
            kind: "checkout.completed".into(),
            session_id: session_id.to_owned(),
            amount: Some(order.amount),
            currency: Some(order.currency.clone()),
            reason: None,
        });
    }

    /// The payer declined: notify the failure.
    pub fn decline(&self, session_id: &str) {
        self.send(SandboxEvent {
            id: new_id("evt"),
            kind: "checkout.failed".into(),
            session_id: session_id.to_owned(),
            amount: None,
            currency: None,
            reason: Some("declined by the payer".into()),
        });
    }

    fn send(&self, event: SandboxEvent) {
        let pending = Pending {
            session_id: event.session_id.clone(),
            paid: event.kind == "checkout.completed",
            body: serde_json::to_vec(&event).expect("a sandbox event serialises"),
        };
        if pending.paid {
            self.undelivered().insert(pending.session_id.clone());
        }
        if let Err(unsent) = self.outbox.send(pending) {
            self.delivered(&unsent.0);
            tracing::warn!(event = %event.id, "the sandbox's delivery task is gone");
        }
    }
}

fn new_id(prefix: &str) -> String {
    format!("{prefix}_{}", uuid::Uuid::new_v4().simple())
}

#[async_trait::async_trait]
impl PaymentProvider for Sandbox {
    fn name(&self) -> &'static str {
        NAME
    }

    async fn create_checkout(&self, _order: &order::Model) -> anyhow::Result<Checkout> {
        let session_id = new_id("cs_test");
        Ok(Checkout {
            url: Self::checkout_path(&session_id),
            session_id,
        })
    }

    fn read_notification(
        &self,
        headers: &HeaderMap,
        body: &[u8],
        now_secs: i64,
    ) -> Result<Notification, Refused> {
        let header = headers
            .get(SIGNATURE_HEADER)
            .and_then(|value| value.to_str().ok())
            .ok_or(Refused::Signature("missing"))?;
        webhook::verify(&self.secret, header, body, now_secs).map_err(|check| {
            Refused::Signature(match check {
                SignatureCheck::Malformed => "malformed",
                SignatureCheck::Stale => "stale",
                SignatureCheck::Mismatch => "mismatch",
            })
        })?;
        let event: SandboxEvent =
            serde_json::from_slice(body).map_err(|error| Refused::Body(error.to_string()))?;
        let outcome = match event.kind.as_str() {
            "checkout.completed" => Outcome::Paid {
                amount: event
                    .amount
                    .ok_or_else(|| Refused::Body("no amount".into()))?,
                currency: event
                    .currency
                    .clone()
                    .ok_or_else(|| Refused::Body("no currency".into()))?,
            },
            "checkout.failed" => Outcome::Failed {
                reason: event.reason.clone().unwrap_or_else(|| "failed".into()),
            },
            other => return Err(Refused::Body(format!("unknown event type {other}"))),
        };
        Ok(Notification {
            event_id: event.id,
            session_id: event.session_id,
            outcome,
        })
    }

    async fn refund(&self, _order: &order::Model) -> anyhow::Result<()> {
        Ok(())
    }

    async fn paid_unconfirmed(&self, order: &order::Model) -> bool {
        order
            .provider_ref
            .as_ref()
            .is_some_and(|session| self.undelivered().contains(session))
    }

    async fn charge_saved_method(&self, order: &order::Model) -> anyhow::Result<bool> {
        match &order.provider_ref {
            Some(session) => {
                self.approve(order, session);
                Ok(true)
            }
            None => Ok(false),
        }
    }
}

/// Delivers the sandbox's notifications to the webhook, as an outside provider would: a
/// notification the webhook refuses (the site down, its disk full) is tried again 1, 2, 4 … and
/// then every 30 seconds, signed afresh each time, for three days.
pub fn deliver_notifications(payments: super::Payments) {
    let Some(sandbox) = payments.sandbox().cloned() else {
        return;
    };
    let Some(mut inbox) = sandbox.take_inbox() else {
        return;
    };
    tokio::spawn(async move {
        while let Some(pending) = inbox.recv().await {
            let payments = payments.clone();
            let sandbox = sandbox.clone();
            tokio::spawn(async move {
                let started = tokio::time::Instant::now();
                let mut wait = FIRST_RETRY;
                for attempt in 1u32.. {
                    let outgoing = sandbox.sign_body(pending.body.clone());
                    let mut headers = HeaderMap::new();
                    if let Ok(value) = outgoing.signature.parse() {
                        headers.insert(SIGNATURE_HEADER, value);
                    }
                    let received = super::webhook::receive(
                        &payments,
                        NAME,
                        &headers,
                        &outgoing.body,
                        tingshu_core::Lang::En,
                    )
                    .await;
                    let Err(error) = received else {
                        break;
                    };
                    if started.elapsed() >= RETRY_FOR {
                        tracing::error!(attempt, session = %pending.session_id, "the sandbox gave up a notification: {error}");
                        break;
                    }
                    tracing::warn!(attempt, session = %pending.session_id, "the sandbox's notification was refused: {error}");
                    tokio::time::sleep(wait).await;
                    wait = (wait * 2).min(RETRY_AT_MOST);
                }
                sandbox.delivered(&pending);
            });
        }
    });
}

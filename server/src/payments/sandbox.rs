//! The built-in `sandbox` provider: a hosted checkout served by this server and clearly
//! labelled as a test payment, where the payer approves, declines or abandons; approving or
//! declining sends a signed notification to the webhook, exactly as an outside provider
//! would (through a queue delivered by a task of its own, retried when it fails).
use std::sync::{Arc, Mutex};

use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use tingshu_core::payments::webhook::{self, SignatureCheck, SIGNATURE_HEADER};
use tokio::sync::mpsc;

use super::provider::{Checkout, Notification, Outcome, PaymentProvider, Refused};
use crate::entities::order;

pub const NAME: &str = "sandbox";

/// A signed notification on its way to the webhook: the signature header and the body.
#[derive(Debug, Clone)]
pub struct Outgoing {
    pub signature: String,
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
    outbox: mpsc::UnboundedSender<Outgoing>,
    /// Taken once by the delivery task at start.
    inbox: Mutex<Option<mpsc::UnboundedReceiver<Outgoing>>>,
}

impl Sandbox {
    pub fn new(secret: Arc<[u8]>) -> Self {
        let (outbox, inbox) = mpsc::unbounded_channel();
        Self {
            secret,
            outbox,
            inbox: Mutex::new(Some(inbox)),
        }
    }

    /// The queue of notifications to deliver (once).
    pub fn take_inbox(&self) -> Option<mpsc::UnboundedReceiver<Outgoing>> {
        self.inbox.lock().ok()?.take()
    }

    /// The checkout page's path for a session.
    pub fn checkout_path(session_id: &str) -> String {
        format!("/api/payments/{NAME}/checkout/{session_id}")
    }

    /// Signs `event` now, as the webhook expects it.
    pub fn sign(&self, event: &SandboxEvent) -> Outgoing {
        let body = serde_json::to_vec(event).expect("a sandbox event serialises");
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
        let outgoing = self.sign(&event);
        if self.outbox.send(outgoing).is_err() {
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

/// Delivers the sandbox's notifications to the webhook, as an outside provider would: each
/// is retried a few times (1, 2, 4 s apart) until the webhook accepts it.
pub fn deliver_notifications(payments: super::Payments) {
    let Some(mut inbox) = payments.sandbox().and_then(|s| s.take_inbox()) else {
        return;
    };
    tokio::spawn(async move {
        while let Some(outgoing) = inbox.recv().await {
            let payments = payments.clone();
            tokio::spawn(async move {
                let mut headers = HeaderMap::new();
                if let Ok(value) = outgoing.signature.parse() {
                    headers.insert(SIGNATURE_HEADER, value);
                }
                for attempt in 0..4u32 {
                    let received = super::webhook::receive(
                        &payments,
                        NAME,
                        &headers,
                        &outgoing.body,
                        tingshu_core::Lang::En,
                    )
                    .await;
                    match received {
                        Ok(_) => return,
                        Err(error) => {
                            tracing::warn!(
                                attempt,
                                "the sandbox's notification was refused: {error}"
                            );
                            tokio::time::sleep(std::time::Duration::from_secs(1 << attempt)).await;
                        }
                    }
                }
            });
        }
    });
}

//! Membership, purchases and payments: plans, orders and their state machine, the payment
//! providers behind one interface (the built-in `sandbox`, a hosted checkout for tests and
//! demos), their signed notifications, refunds, and the sweeps that cancel unpaid orders and
//! renew memberships.
pub mod orders;
pub mod provider;
pub mod renewal;
pub mod sandbox;
pub mod titles;
pub mod view;
pub mod webhook;

use std::{collections::BTreeMap, sync::Arc};

use provider::PaymentProvider;

use crate::{auth::cache::CallerCache, db::Db};

/// The payments feature: the database, the configured payment providers by name, and the
/// accounts kept a moment (a buyer's changes must be read afresh); cheap to clone.
#[derive(Clone)]
pub struct Payments {
    pub db: Db,
    pub callers: CallerCache,
    providers: Arc<BTreeMap<&'static str, Arc<dyn PaymentProvider>>>,
    /// The provider new orders are paid with.
    default: &'static str,
    sandbox: Option<Arc<sandbox::Sandbox>>,
}

impl Payments {
    /// The providers configured: the sandbox (when enabled) signing with `webhook_secret`
    /// (or `derived_key`, derived from the token secret).
    pub fn new(
        db: Db,
        callers: CallerCache,
        sandbox_enabled: bool,
        webhook_secret: Option<&str>,
        derived_key: &[u8],
    ) -> Self {
        let secret: Arc<[u8]> = match webhook_secret {
            Some(secret) => secret.as_bytes().into(),
            None => derived_key.into(),
        };
        let mut providers: BTreeMap<&'static str, Arc<dyn PaymentProvider>> = BTreeMap::new();
        let sandbox = sandbox_enabled.then(|| Arc::new(sandbox::Sandbox::new(secret)));
        if let Some(sandbox) = &sandbox {
            providers.insert(sandbox::NAME, sandbox.clone());
        }
        Self {
            db,
            callers,
            providers: Arc::new(providers),
            default: sandbox::NAME,
            sandbox,
        }
    }

    pub fn get(&self, name: &str) -> Option<Arc<dyn PaymentProvider>> {
        self.providers.get(name).cloned()
    }

    /// The provider of new orders; None when no provider is configured.
    pub fn default_provider(&self) -> Option<Arc<dyn PaymentProvider>> {
        self.get(self.default)
    }

    /// The sandbox provider, when enabled.
    pub fn sandbox(&self) -> Option<&Arc<sandbox::Sandbox>> {
        self.sandbox.as_ref()
    }
}

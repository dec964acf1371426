//! Per-client budgets for what anyone can trigger without an account (registration, password
//! reset, feedback, search): a token bucket per client address (GCRA). Over budget: 429 in the
//! usual JSON shape with `Retry-After`. On SQLite (one instance) the buckets live in memory
//! (governor), idle ones forgotten every minute; on PostgreSQL they live in the database
//! (`shared`), so a budget spent on one instance is spent on all, a few units taken at a time
//! for the instance to hold (`leases`).
mod leases;
mod shared;

use std::{
    net::IpAddr,
    num::NonZeroU32,
    sync::{Arc, Weak},
    time::{Duration, Instant},
};

use governor::{
    clock::{Clock, DefaultClock},
    DefaultKeyedRateLimiter, Quota, RateLimiter,
};
use tingshu_core::{auth::messages, Lang};

use self::{
    leases::{lease_size, Leases, Taken},
    shared::Spent,
};
use crate::{client::ClientAddr, config::Budgets as BudgetConfig, db::Db, error::ApiError};

/// What a budget is for (the order of declaration indexes the budgets' arrays).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    Register,
    /// Setting a new password with an administrator's reset link (its own budget, so a burst
    /// of sign-ups never blocks a reset and the other way round).
    PasswordReset,
    Feedback,
    Search,
}

impl Budget {
    /// The budget's name where the buckets are shared.
    fn name(self) -> &'static str {
        match self {
            Budget::Register => "register",
            Budget::PasswordReset => "password_reset",
            Budget::Feedback => "feedback",
            Budget::Search => "search",
        }
    }
}

/// `count` (at least one) per `per`, in bursts of up to `count`.
#[derive(Debug, Clone, Copy)]
struct Allowance {
    per: Duration,
    count: u32,
}

/// The budgets; cheap to clone.
#[derive(Clone)]
pub struct Budgets(Arc<Buckets>);

struct Buckets {
    /// Each budget's allowance, in the order the budgets are declared.
    allowances: [Allowance; 4],
    /// The buckets of this instance (SQLite), in the same order.
    local: [DefaultKeyedRateLimiter<IpAddr>; 4],
    /// The database holding every instance's buckets (PostgreSQL).
    shared: Option<Db>,
    /// The units of the shared buckets this instance holds.
    leases: Leases,
}

/// A token bucket per key: `count` (at least one) per `per`, bursts up to `count`.
pub fn keyed_limiter<K: std::hash::Hash + Eq + Clone>(
    per: Duration,
    count: u32,
) -> DefaultKeyedRateLimiter<K> {
    let count = NonZeroU32::new(count.max(1)).expect("at least one");
    let quota = Quota::with_period(per / count.get())
        .expect("a positive period")
        .allow_burst(count);
    RateLimiter::keyed(quota)
}

impl Budgets {
    /// Budgets kept in this process (one instance).
    pub fn new(config: &BudgetConfig) -> Self {
        Self::with_buckets_in(config, None)
    }

    /// Budgets kept in `shared` when given (several instances on PostgreSQL), else here.
    pub fn with_buckets_in(config: &BudgetConfig, shared: Option<Db>) -> Self {
        let hour = Duration::from_secs(3600);
        let allowances = [
            (hour, config.register_per_hour),
            (hour, config.password_reset_per_hour),
            (hour, config.feedback_per_hour),
            (Duration::from_secs(60), config.search_per_minute),
        ]
        .map(|(per, count)| Allowance {
            per,
            count: count.max(1),
        });
        Self(Arc::new(Buckets {
            local: allowances.map(|allowance| keyed_limiter(allowance.per, allowance.count)),
            allowances,
            shared,
            leases: Leases::default(),
        }))
    }

    /// Spends one unit of `budget` for `client`; a 429 naming when to retry when it is spent
    /// (503 when the shared buckets cannot be read).
    pub async fn spend(
        &self,
        budget: Budget,
        client: ClientAddr,
        lang: Lang,
    ) -> Result<(), ApiError> {
        let index = budget as usize;
        let key = client.budget_key();
        let wait = match &self.0.shared {
            Some(db) => self.spend_shared(db, budget, key).await?,
            None => self.0.local[index]
                .check_key(&key)
                .err()
                .map(|not_until| not_until.wait_time_from(DefaultClock::default().now())),
        };
        match wait {
            None => Ok(()),
            Some(wait) => {
                let retry_after_secs = wait.as_secs() + 1;
                Err(ApiError::TooManyRequests {
                    code: "rate_limited",
                    retry_after_secs,
                    message: messages::too_many_requests(retry_after_secs, lang),
                })
            }
        }
    }

    /// Spends a unit held here, or takes some from the shared bucket: None when spent, else
    /// how long until a unit is back.
    async fn spend_shared(
        &self,
        db: &Db,
        budget: Budget,
        key: IpAddr,
    ) -> Result<Option<Duration>, ApiError> {
        let index = budget as usize;
        let leases = &self.0.leases;
        match leases.take(index, key, Instant::now()) {
            Taken::Spent => return Ok(None),
            Taken::Refused(wait) => return Ok(Some(wait)),
            Taken::Ask => {}
        }
        let allowance = self.0.allowances[index];
        let units = lease_size(allowance.count);
        match shared::spend(db, budget.name(), &key.to_string(), allowance, units).await? {
            Spent::Units(units) => {
                if units > 1 {
                    let now = Instant::now();
                    leases.keep(index, key, units - 1, now + allowance.per, now);
                }
                Ok(None)
            }
            Spent::Refused(wait) => {
                leases.refuse(index, key, Instant::now() + wait);
                Ok(Some(wait))
            }
        }
    }

    /// Forgets the buckets of clients that have been quiet long enough to be full again.
    pub async fn forget_idle(&self) {
        self.0.leases.forget_spent(Instant::now());
        for limiter in &self.0.local {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
        if let Some(db) = &self.0.shared {
            if let Err(error) = shared::forget_full(db).await {
                tracing::warn!(%error, "cannot forget the full budget buckets");
            }
        }
    }

    /// Forgets idle buckets every minute for as long as the budgets are in use.
    pub fn forget_idle_every_minute(&self) {
        let weak: Weak<Buckets> = Arc::downgrade(&self.0);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(60));
            tick.tick().await;
            loop {
                tick.tick().await;
                let Some(buckets) = weak.upgrade() else {
                    break;
                };
                Budgets(buckets).forget_idle().await;
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_client_over_budget_is_refused_and_others_are_not() {
        let budgets = Budgets::new(&BudgetConfig {
            register_per_hour: 2,
            password_reset_per_hour: 1,
            feedback_per_hour: 1,
            search_per_minute: 3,
        });
        let alice = ClientAddr("192.0.2.1".parse().unwrap());
        let bob = ClientAddr("192.0.2.2".parse().unwrap());
        assert!(budgets
            .spend(Budget::Register, alice, Lang::En)
            .await
            .is_ok());
        assert!(budgets
            .spend(Budget::Register, alice, Lang::En)
            .await
            .is_ok());
        let refused = budgets
            .spend(Budget::Register, alice, Lang::En)
            .await
            .unwrap_err();
        match refused {
            ApiError::TooManyRequests {
                retry_after_secs,
                code,
                ..
            } => {
                assert_eq!(code, "rate_limited");
                assert!((1..=1801).contains(&retry_after_secs), "{retry_after_secs}");
            }
            other => panic!("expected a 429, got {other:?}"),
        }
        assert!(budgets.spend(Budget::Register, bob, Lang::En).await.is_ok());
        assert!(
            budgets.spend(Budget::Search, alice, Lang::En).await.is_ok(),
            "budgets are separate"
        );
    }
}

//! Per-client budgets for what anyone can trigger without an account (registration, password
//! reset, feedback, search): a token bucket per client address (governor, GCRA). Over budget:
//! 429 in the usual JSON shape with `Retry-After`. Idle buckets are forgotten every minute, so
//! memory stays bounded by the clients of the last minutes.
use std::{net::IpAddr, num::NonZeroU32, sync::Arc, time::Duration};

use governor::{
    clock::{Clock, DefaultClock},
    DefaultKeyedRateLimiter, Quota, RateLimiter,
};
use tingshu_core::{auth::messages, Lang};

use crate::{client::ClientAddr, config::Budgets as BudgetConfig, error::ApiError};

/// What a budget is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    Register,
    /// Setting a new password with an administrator's reset link (its own budget, so a burst
    /// of sign-ups never blocks a reset and the other way round).
    PasswordReset,
    Feedback,
    Search,
}

/// The budgets; cheap to clone.
#[derive(Clone)]
pub struct Budgets {
    register: Arc<DefaultKeyedRateLimiter<IpAddr>>,
    password_reset: Arc<DefaultKeyedRateLimiter<IpAddr>>,
    feedback: Arc<DefaultKeyedRateLimiter<IpAddr>>,
    search: Arc<DefaultKeyedRateLimiter<IpAddr>>,
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

fn limiter(per: Duration, count: u32) -> Arc<DefaultKeyedRateLimiter<IpAddr>> {
    Arc::new(keyed_limiter(per, count))
}

impl Budgets {
    pub fn new(config: &BudgetConfig) -> Self {
        Self {
            register: limiter(Duration::from_secs(3600), config.register_per_hour),
            password_reset: limiter(Duration::from_secs(3600), config.password_reset_per_hour),
            feedback: limiter(Duration::from_secs(3600), config.feedback_per_hour),
            search: limiter(Duration::from_secs(60), config.search_per_minute),
        }
    }

    /// Spends one unit of `budget` for `client`; a 429 naming when to retry when it is spent.
    pub fn spend(&self, budget: Budget, client: ClientAddr, lang: Lang) -> Result<(), ApiError> {
        let limiter = match budget {
            Budget::Register => &self.register,
            Budget::PasswordReset => &self.password_reset,
            Budget::Feedback => &self.feedback,
            Budget::Search => &self.search,
        };
        limiter
            .check_key(&client.budget_key())
            .map_err(|not_until| {
                let wait = not_until.wait_time_from(DefaultClock::default().now());
                let retry_after_secs = wait.as_secs() + 1;
                ApiError::TooManyRequests {
                    code: "rate_limited",
                    retry_after_secs,
                    message: messages::too_many_requests(retry_after_secs, lang),
                }
            })
    }

    /// Forgets the buckets of clients that have been quiet long enough to be full again.
    pub fn forget_idle(&self) {
        for limiter in [
            &self.register,
            &self.password_reset,
            &self.feedback,
            &self.search,
        ] {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }

    /// Forgets idle buckets every minute for as long as the budgets are in use.
    pub fn forget_idle_every_minute(&self) {
        let weak_budgets = WeakBudgets::from(self);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(60));
            tick.tick().await;
            loop {
                tick.tick().await;
                let Some(budgets) = weak_budgets.upgrade() else {
                    break;
                };
                budgets.forget_idle();
            }
        });
    }
}

/// The budgets without keeping them alive (the clean-up task ends with the server).
struct WeakBudgets {
    register: std::sync::Weak<DefaultKeyedRateLimiter<IpAddr>>,
    password_reset: std::sync::Weak<DefaultKeyedRateLimiter<IpAddr>>,
    feedback: std::sync::Weak<DefaultKeyedRateLimiter<IpAddr>>,
    search: std::sync::Weak<DefaultKeyedRateLimiter<IpAddr>>,
}

impl From<&Budgets> for WeakBudgets {
    fn from(budgets: &Budgets) -> Self {
        Self {
            register: Arc::downgrade(&budgets.register),
            password_reset: Arc::downgrade(&budgets.password_reset),
            feedback: Arc::downgrade(&budgets.feedback),
            search: Arc::downgrade(&budgets.search),
        }
    }
}

impl WeakBudgets {
    fn upgrade(&self) -> Option<Budgets> {
        Some(Budgets {
            register: self.register.upgrade()?,
            password_reset: self.password_reset.upgrade()?,
            feedback: self.feedback.upgrade()?,
            search: self.search.upgrade()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_over_budget_is_refused_and_others_are_not() {
        let budgets = Budgets::new(&BudgetConfig {
            register_per_hour: 2,
            password_reset_per_hour: 1,
            feedback_per_hour: 1,
            search_per_minute: 3,
        });
        let alice = ClientAddr("192.0.2.1".parse().unwrap());
        let bob = ClientAddr("192.0.2.2".parse().unwrap());
        assert!(budgets.spend(Budget::Register, alice, Lang::En).is_ok());
        assert!(budgets.spend(Budget::Register, alice, Lang::En).is_ok());
        let refused = budgets
            .spend(Budget::Register, alice, Lang::En)
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
        assert!(budgets.spend(Budget::Register, bob, Lang::En).is_ok());
        assert!(
            budgets.spend(Budget::Search, alice, Lang::En).is_ok(),
            "budgets are separate"
        );
    }
}

//! The password-guessing brake, counted atomically: an attempt is recorded as a failure
//! BEFORE its password is checked, in the same write transaction that counted the earlier
//! ones (SQLite: one writer, IMMEDIATE; PostgreSQL: the account's row is locked), so parallel
//! guesses see each other. An attempt with a valid device cookie of the account (core
//! `auth::device`) is a known device's: only that device's failures count against it, and
//! its failures are recorded under its id. Any other attempt waits, then is refused, on the
//! account's failures from unknown devices (core `loginThrottle`), and the client address
//! slows it down (core `signInDelay`), never refuses it.
use std::time::Duration;

use sea_orm::{EntityTrait, QuerySelect};
use tingshu_core::{
    auth::{
        messages,
        throttle::{
            device_trusted, login_throttle, sign_in_delay, LoginThrottleInput, SignInDelayInput,
            THROTTLE_WINDOW_MS,
        },
    },
    Lang,
};

use super::events::{self, Actor, EventKind, FailureScope};
use crate::{
    db::Db,
    entities::user,
    error::{ApiError, ApiResult},
};

/// A checked-in attempt: recorded as a failure until [`Attempt::succeeded`] or
/// [`Attempt::not_checked`] says otherwise.
#[derive(Debug)]
#[must_use]
pub struct Attempt {
    event_id: i32,
    /// How long to hold the answer because of the address's recent failures.
    pub delay: Duration,
}

/// Whose attempt: an existing account (by id) or a name that matches none.
#[derive(Debug, Clone, Copy)]
pub enum Target<'a> {
    User {
        id: i32,
        /// Failures before the last successful sign-in no longer count.
        last_login_at: Option<i64>,
    },
    Unknown(&'a str),
}

/// Counts an attempt against `target` (as `kind`, a failure kind) unless it must wait or is
/// refused: then records the refusal (it counts too) and answers 429. `device`: the id of a
/// device cookie valid for `target` (core `verifyDeviceCookie`), if the attempt carried one.
pub async fn check_in(
    db: &Db,
    target: Target<'_>,
    device: Option<&str>,
    kind: EventKind,
    actor: &Actor,
    lang: Lang,
    now: i64,
) -> ApiResult<Attempt> {
    let txn = db.begin_write().await?;
    let window_start = now - THROTTLE_WINDOW_MS;
    let (account_failures, device_failures) = match target {
        Target::User { id, last_login_at } => {
            // PostgreSQL: concurrent attempts on this account wait here for each other.
            user::Entity::find_by_id(id)
                .select_only()
                .column(user::Column::Id)
                .lock_exclusive()
                .into_tuple::<i32>()
                .one(&txn)
                .await?;
            let since = window_start.max(last_login_at.map_or(i64::MIN, |at| at + 1));
            let account = events::failures_since(&txn, FailureScope::User(id), since).await?;
            let device = match device {
                Some(device) => Some(
                    events::failures_since(&txn, FailureScope::Device(id, device), since).await?,
                ),
                None => None,
            };
            (account, device)
        }
        Target::Unknown(name) => (
            events::failures_since(&txn, FailureScope::Name(name), window_start).await?,
            None,
        ),
    };
    let ms = |times: &[i64]| times.iter().map(|&t| t as f64).collect::<Vec<f64>>();
    let device_failures_ms = device_failures.as_deref().map(ms).unwrap_or_default();
    let known_device = device_failures.is_some();
    // A known device past its own failures is recorded, and treated, as an unknown one.
    let trusted = known_device && device_trusted(&device_failures_ms, now as f64);
    let recorded_device = if trusted { device } else { None };
    let decision = login_throttle(LoginThrottleInput {
        account_failures_ms: ms(&account_failures),
        known_device,
        device_failures_ms,
        now_ms: now as f64,
    });
    if let Some(retry_after_secs) = decision.retry_after_secs() {
        let retry_after_secs = retry_after_secs.max(1);
        events::record_from(&txn, EventKind::LoginThrottled, actor, recorded_device, now).await?;
        txn.commit().await?;
        return Err(ApiError::TooManyRequests {
            code: "too_many_attempts",
            retry_after_secs,
            message: messages::too_many_attempts(retry_after_secs, lang),
        });
    }
    let ip_failures = match &actor.ip {
        Some(ip) => events::failures_since(&txn, FailureScope::Ip(ip), window_start).await?,
        None => Vec::new(),
    };
    let delay = sign_in_delay(SignInDelayInput {
        ip_failures_ms: ms(&ip_failures),
        known_device: trusted,
        now_ms: now as f64,
    });
    let event_id = events::record_from(&txn, kind, actor, recorded_device, now).await?;
    txn.commit().await?;
    Ok(Attempt {
        event_id,
        delay: Duration::from_millis(delay.delay_ms),
    })
}

impl Attempt {
    /// Holds the answer as long as the address's failures ask (at most a few seconds).
    pub async fn hold(&self) {
        if !self.delay.is_zero() {
            tokio::time::sleep(self.delay).await;
        }
    }

    /// The password was right: the attempt is recorded as `kind` instead of a failure.
    pub async fn succeeded(
        self,
        db: &impl sea_orm::ConnectionTrait,
        kind: EventKind,
    ) -> ApiResult<()> {
        events::settle(db, self.event_id, kind).await?;
        Ok(())
    }

    /// The password could not be checked (the hashing pool was full): the attempt is forgotten.
    pub async fn not_checked(self, db: &Db) -> ApiResult<()> {
        let txn = db.begin_write().await?;
        events::forget(&txn, self.event_id).await?;
        txn.commit().await
    }
}

//! Password hashing with Argon2id, off the async threads (it is slow and memory-hard on purpose),
//! in a bounded pool: at most one hash per core at once, so anonymous sign-ins cannot take the
//! server's memory; beyond a short wait the caller gets 503 with `Retry-After`.
use std::{
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
    time::{Duration, Instant},
};

use anyhow::Context;
use tingshu_core::{auth::messages, Lang};
use tokio::sync::Semaphore;

use crate::error::{ApiError, ApiResult};
use argon2::{
    password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString},
    Algorithm, Argon2, Params, Version,
};

/// Argon2id cost settings (memory in KiB, passes); one lane.
#[derive(Debug, Clone, Copy)]
pub struct HashCost {
    pub memory_kib: u32,
    pub iterations: u32,
}

impl HashCost {
    fn hasher(self) -> anyhow::Result<Argon2<'static>> {
        let params = Params::new(self.memory_kib, self.iterations, 1, None)
            .map_err(|error| anyhow::anyhow!("invalid password hash cost: {error}"))?;
        Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
    }
}

/// The bounded pool every hash and verification runs in; cheap to clone.
#[derive(Debug, Clone)]
pub struct HashPool {
    permits: Arc<Semaphore>,
    size: usize,
    wait: Duration,
    waits: Arc<HashWaits>,
}

/// Turns that found the pool full: how many waited, how long in all, how many gave up.
#[derive(Debug, Default)]
pub struct HashWaits {
    waited: AtomicU64,
    waited_micros: AtomicU64,
    refused: AtomicU64,
}

/// What the pool's counters read at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HashPoolReading {
    /// Hashes running now.
    pub busy: usize,
    pub size: usize,
    /// Turns that had to wait, and their waiting time in all (microseconds).
    pub waited: u64,
    pub waited_micros: u64,
    /// Turns refused with 503 after the longest wait.
    pub refused: u64,
}

impl HashPool {
    /// `size` hashes at once (at least one); a caller waits at most `wait` for its turn.
    pub fn new(size: usize, wait: Duration) -> Self {
        Self {
            permits: Arc::new(Semaphore::new(size.max(1))),
            size: size.max(1),
            wait,
            waits: Arc::default(),
        }
    }

    /// One hash per core.
    pub fn per_core() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Self::new(cores, Duration::from_secs(2))
    }

    /// Hashes a new password in the pool.
    pub async fn hash(&self, password: String, cost: HashCost, lang: Lang) -> ApiResult<String> {
        let _turn = self.turn(lang).await?;
        Ok(hash_password(password, cost).await?)
    }

    /// Verifies a password in the pool.
    pub async fn verify(&self, password: String, stored: String, lang: Lang) -> ApiResult<bool> {
        let _turn = self.turn(lang).await?;
        Ok(verify_password(password, stored).await?)
    }

    /// The pool's use now and its waits so far.
    pub fn reading(&self) -> HashPoolReading {
        HashPoolReading {
            busy: self.size - self.permits.available_permits().min(self.size),
            size: self.size,
            waited: self.waits.waited.load(Ordering::Relaxed),
            waited_micros: self.waits.waited_micros.load(Ordering::Relaxed),
            refused: self.waits.refused.load(Ordering::Relaxed),
        }
    }

    async fn turn(&self, lang: Lang) -> ApiResult<tokio::sync::OwnedSemaphorePermit> {
        if let Ok(permit) = self.permits.clone().try_acquire_owned() {
            return Ok(permit);
        }
        let started = Instant::now();
        let turn = tokio::time::timeout(self.wait, self.permits.clone().acquire_owned()).await;
        let waited = started.elapsed().as_micros().min(u128::from(u64::MAX)) as u64;
        self.waits.waited.fetch_add(1, Ordering::Relaxed);
        self.waits
            .waited_micros
            .fetch_add(waited, Ordering::Relaxed);
        match turn {
            Ok(Ok(permit)) => Ok(permit),
            _ => {
                self.waits.refused.fetch_add(1, Ordering::Relaxed);
                Err(ApiError::Busy {
                    retry_after_secs: RETRY_AFTER_SECS,
                    message: messages::busy(RETRY_AFTER_SECS, lang),
                })
            }
        }
    }
}

/// What a caller turned away by a full pool is told to wait.
const RETRY_AFTER_SECS: u64 = 2;

/// Hashes a password into a PHC string (`$argon2id$v=19$m=…`).
pub async fn hash_password(password: String, cost: HashCost) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        let hash = cost
            .hasher()?
            .hash_password(password.as_bytes(), &salt)
            .map_err(|error| anyhow::anyhow!("cannot hash a password: {error}"))?;
        Ok(hash.to_string())
    })
    .await
    .context("the password hashing task failed")?
}

/// Checks a password against a stored PHC string; the cost is read from the string itself.
pub async fn verify_password(password: String, stored: String) -> anyhow::Result<bool> {
    tokio::task::spawn_blocking(move || {
        let parsed = PasswordHash::new(&stored)
            .map_err(|error| anyhow::anyhow!("unreadable password hash: {error}"))?;
        Ok(Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok())
    })
    .await
    .context("the password verification task failed")?
}

#[cfg(test)]
mod tests {
    use super::*;

    const COST: HashCost = HashCost {
        memory_kib: 19456,
        iterations: 2,
    };

    #[tokio::test]
    async fn a_hash_verifies_only_its_own_password() {
        let hash = hash_password("correct horse 42".into(), COST)
            .await
            .unwrap();
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        assert!(verify_password("correct horse 42".into(), hash.clone())
            .await
            .unwrap());
        assert!(!verify_password("correct horse 43".into(), hash)
            .await
            .unwrap());
    }

    #[tokio::test]
    async fn a_full_pool_turns_callers_away_with_a_503() {
        let pool = HashPool::new(1, Duration::from_millis(20));
        let held = pool.turn(Lang::En).await.unwrap();
        match pool.hash("correct horse 42".into(), COST, Lang::En).await {
            Err(ApiError::Busy {
                retry_after_secs, ..
            }) => assert!(retry_after_secs >= 1),
            other => panic!("expected 503 busy, got {other:?}"),
        }
        let reading = pool.reading();
        assert_eq!((reading.busy, reading.size), (1, 1));
        assert_eq!((reading.waited, reading.refused), (1, 1));
        assert!(reading.waited_micros >= 20_000, "{reading:?}");
        drop(held);
        assert!(pool
            .hash("correct horse 42".into(), COST, Lang::En)
            .await
            .is_ok());
        let reading = pool.reading();
        assert_eq!((reading.busy, reading.waited, reading.refused), (0, 1, 1));
    }

    #[tokio::test]
    async fn the_same_password_gets_a_new_salt_each_time() {
        let first = hash_password("same password 1".into(), COST).await.unwrap();
        let second = hash_password("same password 1".into(), COST).await.unwrap();
        assert_ne!(first, second);
    }
}

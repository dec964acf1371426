//! The per-request account check kept briefly in memory: open sessions and accounts with
//! their grants, each for a few seconds, dropped at once on this instance when a session is
//! revoked or an account changes, and on the other instances when they hear of it
//! (`cluster`; without that, within `TTL`).
use std::{
    future::Future,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
    time::Duration,
};

use moka::future::Cache;

use crate::{
    cluster::{Change, Peers},
    entities::user,
    metrics::CacheStats,
};

/// How long a checked session or account is trusted without reading the database again.
pub const TTL: Duration = Duration::from_secs(10);
/// Sessions and accounts kept at most (each a few hundred bytes).
const CAPACITY: u64 = 50_000;

/// An open session: whose it is and until when (revoked sessions are never kept).
#[derive(Debug, Clone, Copy)]
pub struct OpenSession {
    pub user_id: i32,
    pub expires_at: i64,
}

/// An account with its roles and permissions, as the access middleware needs it.
#[derive(Debug)]
pub struct Account {
    pub user: user::Model,
    pub roles: Vec<String>,
    pub permissions: Vec<String>,
}

/// Cheap to clone: everything inside is shared.
#[derive(Clone)]
pub struct CallerCache {
    sessions: Cache<String, OpenSession>,
    accounts: Cache<i32, Arc<Account>>,
    /// Bumped by every `forget_*`: a load that began before a forget does not store what
    /// it read, since it may predate the change.
    epoch: Arc<AtomicU64>,
    stats: Arc<CallerStats>,
    /// The other instances, told of every change forgotten here.
    peers: Peers,
}

/// Lookups and misses of the sessions and of the accounts.
#[derive(Debug, Default)]
pub struct CallerStats {
    pub sessions: CacheStats,
    pub accounts: CacheStats,
}

impl Default for CallerCache {
    fn default() -> Self {
        Self::with_ttl(TTL)
    }
}

impl CallerCache {
    /// A cache keeping entries `ttl`; zero keeps nothing.
    pub fn with_ttl(ttl: Duration) -> Self {
        let capacity = if ttl.is_zero() { 0 } else { CAPACITY };
        Self {
            sessions: Cache::builder()
                .max_capacity(capacity)
                .time_to_live(ttl.max(Duration::from_millis(1)))
                .build(),
            accounts: Cache::builder()
                .max_capacity(capacity)
                .time_to_live(ttl.max(Duration::from_millis(1)))
                .build(),
            epoch: Arc::new(AtomicU64::new(0)),
            stats: Arc::default(),
            peers: Peers::none(),
        }
    }

    /// The same cache, telling `peers` of every change it forgets.
    pub fn telling(self, peers: Peers) -> Self {
        Self { peers, ..self }
    }

    /// Lookups and misses of the sessions and accounts.
    pub fn stats(&self) -> &CallerStats {
        &self.stats
    }

    /// The open session `id`, from memory or from `load` (None: missing or closed, not kept).
    pub async fn session<E>(
        &self,
        id: &str,
        load: impl Future<Output = Result<Option<OpenSession>, E>>,
    ) -> Result<Option<OpenSession>, E> {
        self.stats.sessions.looked_up();
        if let Some(session) = self.sessions.get(id).await {
            return Ok(Some(session));
        }
        self.stats.sessions.missed();
        let epoch = self.epoch.load(Ordering::Acquire);
        let loaded = load.await?;
        if let Some(session) = loaded {
            if self.epoch.load(Ordering::Acquire) == epoch {
                self.sessions.insert(id.to_owned(), session).await;
            }
        }
        Ok(loaded)
    }

    /// The account `id` with its grants, from memory or from `load`.
    pub async fn account<E>(
        &self,
        id: i32,
        load: impl Future<Output = Result<Option<Account>, E>>,
    ) -> Result<Option<Arc<Account>>, E> {
        self.stats.accounts.looked_up();
        if let Some(account) = self.accounts.get(&id).await {
            return Ok(Some(account));
        }
        self.stats.accounts.missed();
        let epoch = self.epoch.load(Ordering::Acquire);
        let Some(loaded) = load.await?.map(Arc::new) else {
            return Ok(None);
        };
        if self.epoch.load(Ordering::Acquire) == epoch {
            self.accounts.insert(id, loaded.clone()).await;
        }
        Ok(Some(loaded))
    }

    /// A session was revoked: the next request with it reads the database, here and on the
    /// other instances.
    pub async fn forget_session(&self, id: &str) {
        self.forget_session_here(id).await;
        self.peers.tell(Change::Session { id: id.to_owned() }).await;
    }

    /// An account changed (profile, password, status, grants, membership): forget it.
    pub async fn forget_account(&self, id: i32) {
        self.forget_account_here(id).await;
        self.peers.tell(Change::Account { id }).await;
    }

    /// Many sessions of one account were revoked at once. Sessions are not indexed by
    /// account, so every session is read again (rare: a password change, a disabled account).
    pub async fn forget_sessions(&self) {
        self.forget_sessions_here();
        self.peers.tell(Change::Sessions).await;
    }

    /// Every account's grants may have changed (roles), or rows changed behind the server's
    /// back (tests arranging rows with SQL): forget everything.
    pub async fn forget_all(&self) {
        self.forget_all_here();
        self.peers.tell(Change::Accounts).await;
    }

    /// [`Self::forget_session`] on this instance only (another instance's change).
    pub async fn forget_session_here(&self, id: &str) {
        self.epoch.fetch_add(1, Ordering::AcqRel);
        self.sessions.invalidate(id).await;
    }

    /// [`Self::forget_account`] on this instance only.
    pub async fn forget_account_here(&self, id: i32) {
        self.epoch.fetch_add(1, Ordering::AcqRel);
        self.accounts.invalidate(&id).await;
    }

    /// [`Self::forget_sessions`] on this instance only.
    pub fn forget_sessions_here(&self) {
        self.epoch.fetch_add(1, Ordering::AcqRel);
        self.sessions.invalidate_all();
    }

    /// [`Self::forget_all`] on this instance only.
    pub fn forget_all_here(&self) {
        self.epoch.fetch_add(1, Ordering::AcqRel);
        self.sessions.invalidate_all();
        self.accounts.invalidate_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn account(id: i32, status: &str) -> Account {
        Account {
            user: user::Model {
                id,
                email: format!("u{id}@example.com"),
                email_normalized: format!("u{id}@example.com"),
                username: format!("u{id}"),
                username_normalized: format!("u{id}"),
                password_hash: String::new(),
                user_type: "user".into(),
                subscription_type: "free".into(),
                subscription_expires_at: None,
                avatar_url: None,
                language: "zh".into(),
                timezone: "Asia/Shanghai".into(),
                status: status.to_owned(),
                created_at: 0,
                updated_at: 0,
                last_login_at: None,
                tracking_enabled: true,
            },
            roles: vec!["user".into()],
            permissions: Vec::new(),
        }
    }

    /// The status of account 7 as the cache answers when the database holds `stored`.
    async fn status_seen(cache: &CallerCache, stored: &str) -> String {
        let stored = account(7, stored);
        let seen = cache
            .account(7, async move { Ok::<_, ()>(Some(stored)) })
            .await
            .unwrap()
            .unwrap();
        seen.user.status.clone()
    }

    #[tokio::test]
    async fn a_loaded_account_is_kept_until_it_is_forgotten() {
        let cache = CallerCache::default();
        assert_eq!(status_seen(&cache, "active").await, "active");
        assert_eq!(
            status_seen(&cache, "disabled").await,
            "active",
            "served from memory"
        );
        cache.forget_account(7).await;
        assert_eq!(status_seen(&cache, "disabled").await, "disabled");
    }

    #[tokio::test]
    async fn a_forgotten_session_is_read_again_and_a_closed_one_never_kept() {
        let cache = CallerCache::default();
        let open = OpenSession {
            user_id: 1,
            expires_at: 10,
        };
        let load = |answer: Option<OpenSession>| async move { Ok::<_, ()>(answer) };
        assert!(cache
            .session("s", load(Some(open)))
            .await
            .unwrap()
            .is_some());
        assert!(
            cache.session("s", load(None)).await.unwrap().is_some(),
            "kept"
        );
        cache.forget_session("s").await;
        assert!(cache.session("s", load(None)).await.unwrap().is_none());
        assert!(
            cache.session("s", load(None)).await.unwrap().is_none(),
            "not kept"
        );
    }

    #[tokio::test]
    async fn a_load_that_raced_a_forget_is_not_kept() {
        let cache = CallerCache::default();
        let racing = cache.clone();
        let loaded = cache
            .account(3, async move {
                // The account changes while this (older) read is in flight.
                racing.forget_account(3).await;
                Ok::<_, ()>(Some(account(3, "active")))
            })
            .await
            .unwrap();
        assert!(loaded.is_some());
        let again = cache
            .account(3, async { Ok::<_, ()>(Some(account(3, "disabled"))) })
            .await
            .unwrap()
            .unwrap();
        assert_eq!(again.user.status, "disabled", "the raced read was not kept");
    }

    #[tokio::test]
    async fn a_zero_ttl_keeps_nothing() {
        let cache = CallerCache::with_ttl(Duration::ZERO);
        cache
            .account(1, async { Ok::<_, ()>(Some(account(1, "active"))) })
            .await
            .unwrap();
        cache.accounts.run_pending_tasks().await;
        let again = cache
            .account(1, async { Ok::<_, ()>(Some(account(1, "disabled"))) })
            .await
            .unwrap()
            .unwrap();
        assert_eq!(again.user.status, "disabled");
    }
}

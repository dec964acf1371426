//! Several instances on one PostgreSQL database: what one instance changes, the others hear
//! through PostgreSQL's `LISTEN/NOTIFY` and drop from their caches at once (sessions and
//! accounts, catalogue pages, counts and audio facts, settings); a changed book is indexed
//! again from the database. On SQLite (one instance) nothing is sent.
mod listen;

use std::sync::Arc;

use sea_orm::{ConnectionTrait, DatabaseBackend, DatabaseConnection, Statement};
use serde::{Deserialize, Serialize};

pub use listen::{listen, Local};

/// The PostgreSQL channel every instance listens on.
pub const CHANNEL: &str = "tingshu_changes";
/// Books named in one notification at most; more are sent as "the whole catalogue" (a
/// notification's payload must stay under PostgreSQL's 8,000 bytes).
const MAX_BOOKS_NAMED: usize = 500;

/// What changed, as the caches know it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Change {
    /// One session was revoked.
    Session { id: String },
    /// Many sessions were revoked at once (a password change, a disabled account).
    Sessions,
    /// One account changed: profile, password, status, grants, membership.
    Account { id: i32 },
    /// Every account's grants may have changed (roles and permissions).
    Accounts,
    /// Books changed (their lists, counts, audio facts); `books` are indexed again. `None`:
    /// too many to name, the whole index is rebuilt.
    Catalogue { books: Option<Vec<i32>> },
    /// The site's settings changed.
    Settings,
}

impl Change {
    /// The catalogue change naming `books`, or all of them when they are too many to name.
    pub fn catalogue(books: &[i32]) -> Self {
        Self::Catalogue {
            books: (books.len() <= MAX_BOOKS_NAMED).then(|| books.to_vec()),
        }
    }
}

/// A notification as it travels: which instance sent it, and the change.
#[derive(Debug, Serialize, Deserialize)]
struct Notice {
    from: String,
    change: Change,
}

/// How this instance tells the others; cheap to clone. `Peers::none()` on SQLite and in
/// tests of one instance.
#[derive(Clone, Default)]
pub struct Peers(Option<Arc<Sender>>);

struct Sender {
    /// This instance's id: its own notifications come back to it and are skipped.
    instance: String,
    /// Any pooled connection can notify (outside a transaction it is sent at once).
    db: DatabaseConnection,
}

impl Peers {
    /// Nobody to tell (one instance).
    pub fn none() -> Self {
        Self(None)
    }

    /// The other instances on the PostgreSQL database `db` (none on SQLite).
    pub fn on(db: &DatabaseConnection) -> Self {
        if db.get_database_backend() != DatabaseBackend::Postgres {
            return Self::none();
        }
        Self(Some(Arc::new(Sender {
            instance: uuid::Uuid::new_v4().simple().to_string(),
            db: db.clone(),
        })))
    }

    /// This instance's id (None without peers).
    pub fn instance(&self) -> Option<&str> {
        self.0.as_deref().map(|sender| sender.instance.as_str())
    }

    /// Tells the other instances that `change` was committed; done before the request that
    /// made it is answered. If it cannot be sent, they see it when their caches expire
    /// (seconds).
    pub async fn tell(&self, change: Change) {
        let Some(sender) = self.0.as_deref() else {
            return;
        };
        let payload = serde_json::to_string(&Notice {
            from: sender.instance.clone(),
            change,
        })
        .expect("a change serializes");
        let notify = Statement::from_sql_and_values(
            DatabaseBackend::Postgres,
            "SELECT pg_notify($1, $2)",
            [CHANNEL.into(), payload.into()],
        );
        if let Err(error) = sender.db.execute_raw(notify).await {
            tracing::warn!(%error, "cannot tell the other instances of a change");
        }
    }
}

/// The change in a notification, unless it is this instance's own (or unreadable).
fn change_from(payload: &str, instance: &str) -> Option<Change> {
    match serde_json::from_str::<Notice>(payload) {
        Ok(notice) if notice.from == instance => None,
        Ok(notice) => Some(notice.change),
        Err(error) => {
            tracing::warn!(%error, "an unreadable change notification was skipped");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn payload(from: &str, change: Change) -> String {
        serde_json::to_string(&Notice {
            from: from.into(),
            change,
        })
        .unwrap()
    }

    #[test]
    fn another_instances_change_is_read_back_and_its_own_is_skipped() {
        for change in [
            Change::Session { id: "s-1".into() },
            Change::Sessions,
            Change::Account { id: 7 },
            Change::Accounts,
            Change::catalogue(&[1, 2]),
            Change::catalogue(&[]),
            Change::Settings,
        ] {
            let sent = payload("a", change.clone());
            assert_eq!(change_from(&sent, "b"), Some(change));
            assert_eq!(change_from(&sent, "a"), None);
        }
        assert_eq!(change_from("not json", "b"), None);
    }

    #[test]
    fn too_many_books_become_the_whole_catalogue_within_a_notifications_size() {
        let named: Vec<i32> = (2_000_000_000..).take(MAX_BOOKS_NAMED).collect();
        let sent = payload(
            "0123456789abcdef0123456789abcdef",
            Change::catalogue(&named),
        );
        assert!(sent.len() < 8_000, "{} bytes", sent.len());
        let many: Vec<i32> = (0..=MAX_BOOKS_NAMED as i32).collect();
        assert_eq!(Change::catalogue(&many), Change::Catalogue { books: None });
    }
}

//! The console's people (`manage:users`): the user list, a user's page, and what an
//! administrator does to an account (sessions, status, type, roles, membership, a password
//! reset link). Every change is written with its audit row in one transaction, then the
//! account is forgotten by the access check's cache so it applies on the next request.
pub mod actions;
pub mod detail;
mod guard;
pub mod list;
pub mod membership;
pub mod password_reset;
pub mod view;

use tingshu_core::{i18n::texts::text, Lang};

use crate::clock::now_ms;
use crate::{
    accounts::password::{HashCost, HashPool},
    auth::cache::CallerCache,
    db::Db,
    error::ApiError,
};

/// What the people pages work with, built once at start-up; cheap to clone.
#[derive(Clone)]
pub struct PeopleAdmin {
    pub db: Db,
    /// The access check's cache: an account changed here is forgotten after the commit.
    pub callers: CallerCache,
    /// Where a password set through a reset link is hashed, and at what cost.
    pub hashing: HashPool,
    pub hash_cost: HashCost,
}

/// A 409 refusal with its stable `code` and the catalogue sentence `key` in `lang`.
fn refused(code: &'static str, key: &str, lang: Lang) -> ApiError {
    ApiError::Conflict {
        code,
        message: text(lang, key).to_owned(),
        fields: Default::default(),
    }
}

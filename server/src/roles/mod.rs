//! Roles and permissions in the console (`manage:users`): the roles with their holders and
//! grants, their creation, changes and deletion, and changes to what a role may do. Every
//! change writes its audit row in its own transaction, then drops the account check's cache
//! of every holder, so a grant or a revocation counts from their next request on.
pub mod grants;
pub mod read;
pub mod view;
pub mod write;

use sea_orm::{
    sea_query::OnConflict, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait,
    QueryFilter,
};
use tingshu_core::{auth::kinds::Permission, spelling::Spelling, Lang};

use crate::clock::now_ms;
use crate::{auth::cache::CallerCache, db::Db, entities::permission, error::ApiResult};

/// The roles the server itself names (registration gives `user`; start-up and tests name
/// `admin` and `editor`): their names stay and they are never deleted.
pub const BUILT_IN_ROLES: [&str; 3] = ["admin", "editor", "user"];

/// Above this many holders, a change forgets every cached account instead of each one.
const FORGET_EACH_MAX: usize = 1_000;

/// What the roles feature works with; cheap to clone.
#[derive(Clone)]
pub struct Roles {
    pub db: Db,
    /// The account check's cache, dropped for the holders of a changed role.
    pub callers: CallerCache,
}

impl Roles {
    pub fn new(db: Db, callers: CallerCache) -> Self {
        Self { db, callers }
    }

    /// After a committed change to a role: its holders' grants are read again on their next
    /// request, on this instance and the others.
    pub(crate) async fn forget_holders(&self, holders: &[i32]) {
        if holders.len() > FORGET_EACH_MAX {
            self.callers.forget_all().await;
            return;
        }
        for &id in holders {
            self.callers.forget_account(id).await;
        }
    }
}

/// Makes the `permissions` table hold exactly core's permissions: adds any missing (worded
/// by what it opens) and removes any other (with its grants). Run at start-up.
pub async fn ensure_permissions(db: &Db) -> ApiResult<()> {
    let known: Vec<&str> = Permission::ALL.iter().map(|p| p.as_str()).collect();
    let stored: Vec<String> = permission::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|row| row.name)
        .collect();
    let missing: Vec<Permission> = Permission::ALL
        .iter()
        .copied()
        .filter(|p| !stored.iter().any(|name| name == p.as_str()))
        .collect();
    let unknown = stored.iter().any(|name| !known.contains(&name.as_str()));
    if missing.is_empty() && !unknown {
        return Ok(());
    }
    let txn = db.begin_write().await?;
    insert_missing(&txn, &missing).await?;
    if unknown {
        permission::Entity::delete_many()
            .filter(permission::Column::Name.is_not_in(known))
            .exec(&txn)
            .await?;
    }
    txn.commit().await
}

async fn insert_missing(db: &impl ConnectionTrait, missing: &[Permission]) -> Result<(), DbErr> {
    for &permission in missing {
        let row = permission::ActiveModel {
            name: Set(permission.as_str().to_owned()),
            description: Set(permission.opens(Lang::En).to_owned()),
            ..Default::default()
        };
        permission::Entity::insert(row)
            .on_conflict(
                OnConflict::column(permission::Column::Name)
                    .do_nothing()
                    .to_owned(),
            )
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// Who changes a role: the audit log's actor, and whether they are an administrator by
/// account type (who holds every permission whatever their roles).
#[derive(Debug, Clone)]
pub struct Operator {
    pub actor: crate::console::audit::Actor,
    pub admin_by_type: bool,
}

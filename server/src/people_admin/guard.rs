//! The rules that keep the console reachable: an administrator keeps their own way in, and
//! the last active administrator stays one. Each is checked inside the change's write
//! transaction, so two concurrent changes cannot both pass.
use sea_orm::{
    sea_query::{Expr, ExprTrait, Query},
    ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect,
};
use tingshu_core::{
    auth::{account_state::AccountStatus, kinds::UserType},
    spelling::Spelling,
    Lang,
};

use super::refused;
use crate::{
    entities::{permission, role_permission, user},
    error::{ApiError, ApiResult},
};

/// The permission that opens the user console.
const MANAGE_USERS: &str = "manage:users";

/// What an account will be after a change.
pub struct After<'a> {
    pub user_type: &'a str,
    pub status: &'a str,
    pub role_ids: &'a [i32],
}

/// 409 `own_access` unless the caller (`actor_id`), changed to `after`, still reaches the
/// user console: active, and an administrator by type or through a role with `manage:users`.
/// A change to someone else passes.
pub async fn keeps_own_access(
    db: &impl ConnectionTrait,
    actor_id: i32,
    target_id: i32,
    after: After<'_>,
    lang: Lang,
) -> ApiResult<()> {
    if actor_id != target_id {
        return Ok(());
    }
    let active = after.status == AccountStatus::Active.as_str();
    let admin = after.user_type == UserType::Admin.as_str();
    if active && (admin || grants_manage_users(db, after.role_ids).await?) {
        return Ok(());
    }
    Err(refused("own_access", "api.people.ownAccess", lang))
}

async fn grants_manage_users(db: &impl ConnectionTrait, role_ids: &[i32]) -> ApiResult<bool> {
    if role_ids.is_empty() {
        return Ok(false);
    }
    let holding = role_permission::Entity::find()
        .filter(role_permission::Column::RoleId.is_in(role_ids.iter().copied()))
        .filter(
            role_permission::Column::PermissionId.in_subquery(
                Query::select()
                    .column(permission::Column::Id)
                    .from(permission::Entity)
                    .and_where(Expr::col(permission::Column::Name).eq(MANAGE_USERS))
                    .to_owned(),
            ),
        )
        .count(db)
        .await?;
    Ok(holding > 0)
}

/// The active administrators, their rows locked for the transaction in id order. Taken first by
/// every change that may remove one (PostgreSQL: a concurrent change waits here, then reads what
/// the other committed; SQLite's write lock already serializes), so two changes cannot both see
/// the other's administrator and pass.
pub async fn lock_active_admins(db: &impl ConnectionTrait) -> ApiResult<Vec<i32>> {
    Ok(user::Entity::find()
        .select_only()
        .column(user::Column::Id)
        .filter(user::Column::UserType.eq(UserType::Admin.as_str()))
        .filter(user::Column::Status.eq(AccountStatus::Active.as_str()))
        .order_by_asc(user::Column::Id)
        .lock_exclusive()
        .into_tuple()
        .all(db)
        .await?)
}

/// 409 `last_admin` when `target` is an active administrator and no other of `admins` (from
/// [`lock_active_admins`]) is.
pub fn not_last_admin(target: &user::Model, admins: &[i32], lang: Lang) -> ApiResult<()> {
    let is_active_admin = target.user_type == UserType::Admin.as_str()
        && target.status == AccountStatus::Active.as_str();
    if !is_active_admin || admins.iter().any(|&id| id != target.id) {
        Ok(())
    } else {
        Err(last_admin(lang))
    }
}

fn last_admin(lang: Lang) -> ApiError {
    refused("last_admin", "api.people.lastAdmin", lang)
}

//! Changes to what a role may do, sent as a change (grant these, revoke those) and applied in
//! one write transaction with idempotent inserts and deletes, so two administrators editing
//! one role at once both count. A caller who is not an administrator by type cannot take
//! away their own last source of `manage:users`.
use std::collections::HashMap;

use sea_orm::{
    sea_query::OnConflict, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait,
    QueryFilter, QuerySelect,
};
use tingshu_core::{auth::kinds::Permission, i18n::texts::text, spelling::Spelling, Lang};

use super::{
    now_ms, read,
    view::{AdminRole, PermissionChanges},
    Operator, Roles,
};
use crate::{
    console::audit::{self, Change},
    db::retry_conflicts,
    entities::{permission, role_permission, user, user_role},
    error::{ApiError, ApiResult, Missing},
};

/// Whether role `role_id` is the only role of user `user_id` granting `manage:users`. Locks the
/// user's row first (PostgreSQL; SQLite's write lock already does), so two changes of one
/// operator to two of their roles are checked one after the other, never both against the
/// other's role.
pub(crate) async fn is_last_way_in(
    db: &impl ConnectionTrait,
    user_id: i32,
    role_id: i32,
) -> Result<bool, DbErr> {
    user::Entity::find_by_id(user_id)
        .lock_exclusive()
        .one(db)
        .await?;
    let Some(manage_users) = permission::Entity::find()
        .filter(permission::Column::Name.eq(Permission::ManageUsers.as_str()))
        .one(db)
        .await?
    else {
        return Ok(false);
    };
    let own_roles: Vec<i32> = user_role::Entity::find()
        .select_only()
        .column(user_role::Column::RoleId)
        .filter(user_role::Column::UserId.eq(user_id))
        .into_tuple()
        .all(db)
        .await?;
    if !own_roles.contains(&role_id) {
        return Ok(false);
    }
    let granting: Vec<i32> = role_permission::Entity::find()
        .select_only()
        .column(role_permission::Column::RoleId)
        .filter(role_permission::Column::PermissionId.eq(manage_users.id))
        .filter(role_permission::Column::RoleId.is_in(own_roles))
        .into_tuple()
        .all(db)
        .await?;
    Ok(granting == [role_id])
}

/// 409 `last_way_in`: the change would lock the caller out of user management.
pub(crate) fn last_way_in(lang: Lang, field: Option<&str>) -> ApiError {
    let message = text(lang, "api.roles.lastWayIn").to_owned();
    ApiError::Conflict {
        code: "last_way_in",
        fields: field
            .map(|f| (f.to_owned(), message.clone()))
            .into_iter()
            .collect(),
        message,
    }
}

/// Grants and revokes `changes` on role `id`; answers the role as it now is.
pub async fn change(
    roles: &Roles,
    operator: &Operator,
    id: i32,
    changes: &PermissionChanges,
    lang: Lang,
) -> ApiResult<AdminRole> {
    if changes.grant.iter().any(|p| changes.revoke.contains(p)) {
        let message = text(lang, "api.roles.grantedAndRevoked").to_owned();
        return Err(ApiError::invalid_field("revoke", message, lang));
    }
    let (after, holders) = retry_conflicts(|| apply(roles, operator, id, changes, lang)).await?;
    roles.forget_holders(&holders).await;
    Ok(after)
}

async fn apply(
    roles: &Roles,
    operator: &Operator,
    id: i32,
    changes: &PermissionChanges,
    lang: Lang,
) -> ApiResult<(AdminRole, Vec<i32>)> {
    let now = now_ms();
    let txn = roles.db.begin_write().await?;
    let before = read::one(&txn, id)
        .await?
        .ok_or(ApiError::NotFound(Missing::Role(id)))?;
    let takes_manage_users = changes.revoke.contains(&Permission::ManageUsers)
        && before.permissions.contains(&Permission::ManageUsers);
    if takes_manage_users
        && !operator.admin_by_type
        && is_last_way_in(&txn, operator.actor.id, id).await?
    {
        return Err(last_way_in(lang, Some("revoke")));
    }
    let ids: HashMap<String, i32> = permission::Entity::find()
        .all(&txn)
        .await?
        .into_iter()
        .map(|p| (p.name, p.id))
        .collect();
    let id_of = |p: &Permission| ids.get(p.as_str()).copied();
    for permission_id in changes.grant.iter().filter_map(id_of) {
        let row = role_permission::ActiveModel {
            role_id: Set(id),
            permission_id: Set(permission_id),
        };
        role_permission::Entity::insert(row)
            .on_conflict(
                OnConflict::columns([
                    role_permission::Column::RoleId,
                    role_permission::Column::PermissionId,
                ])
                .do_nothing()
                .to_owned(),
            )
            .exec_without_returning(&txn)
            .await?;
    }
    let revoked: Vec<i32> = changes.revoke.iter().filter_map(id_of).collect();
    if !revoked.is_empty() {
        role_permission::Entity::delete_many()
            .filter(role_permission::Column::RoleId.eq(id))
            .filter(role_permission::Column::PermissionId.is_in(revoked))
            .exec(&txn)
            .await?;
    }
    let after = read::one(&txn, id)
        .await?
        .ok_or(ApiError::NotFound(Missing::Role(id)))?;
    if after.permissions == before.permissions {
        // Nothing changed (granted what it held, revoked what it lacked): nothing to log.
        txn.rollback().await?;
        return Ok((after, Vec::new()));
    }
    let change = Change {
        action: "role.permissions",
        entity: "role",
        entity_id: id,
        before: Some(super::write::as_json(&before)),
        after: Some(super::write::as_json(&after)),
    };
    audit::record(&txn, &operator.actor, change, now).await?;
    let holders = read::holders(&txn, id).await?;
    txn.commit().await?;
    Ok((after, holders))
}

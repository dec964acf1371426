//! What an administrator does to an account: revoke its sessions, disable or enable it,
//! promote or demote it, set its roles. Each change is one write transaction with its audit
//! row; after the commit the account (and its sessions) are forgotten by the access check's
//! cache, so the change applies on the next request.
use sea_orm::{
    sea_query::Expr, ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait,
    QueryFilter, QuerySelect,
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use tingshu_core::{
    auth::{account_state::AccountStatus, kinds::UserType},
    spelling::Spelling,
    validation::{describe_rule, FieldRule},
    Lang,
};

use super::{
    guard::{self, After},
    now_ms, PeopleAdmin,
};
use crate::{
    accounts::repository,
    console::audit::{self, Actor, Change},
    entities::{role, session, user, user_role},
    error::{ApiError, ApiResult, Missing},
};

/// Why the console closes sessions (`sessions.revoked_reason`).
pub const REVOKED_BY_ADMIN: &str = "admin";
pub const REVOKED_DISABLED: &str = "disabled";

/// `PUT /api/admin/users/{id}/status`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct StatusRequest {
    /// `active` or `disabled` (which signs the user out everywhere).
    pub status: Option<String>,
}

/// `PUT /api/admin/users/{id}/type`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct UserTypeRequest {
    /// `admin` or `user`.
    pub user_type: Option<String>,
}

/// `PUT /api/admin/users/{id}/roles`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RolesRequest {
    /// Every role the user holds afterwards (existing role ids).
    pub role_ids: Option<Vec<i32>>,
}

/// How many sessions a revocation closed.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Revoked {
    pub revoked: u64,
}

/// A required choice among the `T` spellings, else a 400 naming `field`.
fn spelled<T: Spelling>(field: &str, value: Option<&str>, lang: Lang) -> ApiResult<T> {
    let value = value.map(str::trim).unwrap_or("");
    if let Some(parsed) = T::parse(value) {
        return Ok(parsed);
    }
    let rule = if value.is_empty() {
        FieldRule::Required
    } else {
        FieldRule::OneOf {
            allowed: T::ALL.iter().map(|v| v.as_str().to_owned()).collect(),
        }
    };
    Err(ApiError::invalid_field(
        field,
        describe_rule(&rule, lang),
        lang,
    ))
}

/// User `id`, its row locked for the transaction; 404 when there is none.
pub(super) async fn locked(db: &impl ConnectionTrait, id: i32) -> ApiResult<user::Model> {
    user::Entity::find_by_id(id)
        .lock_exclusive()
        .one(db)
        .await?
        .ok_or(ApiError::NotFound(Missing::User(id)))
}

async fn role_ids(db: &impl ConnectionTrait, id: i32) -> ApiResult<Vec<i32>> {
    let mut ids: Vec<i32> = user_role::Entity::find()
        .select_only()
        .column(user_role::Column::RoleId)
        .filter(user_role::Column::UserId.eq(id))
        .into_tuple()
        .all(db)
        .await?;
    ids.sort_unstable();
    Ok(ids)
}

/// What the audit log keeps of an account's access.
fn access_json(user: &user::Model, role_ids: &[i32]) -> serde_json::Value {
    json!({
        "userType": user.user_type,
        "status": user.status,
        "roleIds": role_ids,
    })
}

async fn record(
    db: &impl ConnectionTrait,
    actor: &Actor,
    action: &str,
    id: i32,
    before: serde_json::Value,
    after: serde_json::Value,
    now: i64,
) -> ApiResult<()> {
    let change = Change {
        action,
        entity: "user",
        entity_id: id,
        before: Some(before),
        after: Some(after),
    };
    audit::record(db, actor, change, now).await?;
    Ok(())
}

/// Closes session `session_id` of user `id`; 404 when the user has no such session.
pub async fn revoke_session(
    people: &PeopleAdmin,
    actor: &Actor,
    id: i32,
    session_id: &str,
) -> ApiResult<Revoked> {
    let now = now_ms();
    let txn = people.db.begin_write().await?;
    locked(&txn, id).await?;
    let found = session::Entity::find_by_id(session_id.to_owned())
        .one(&txn)
        .await?
        .filter(|s| s.user_id == id)
        .ok_or_else(|| ApiError::NotFound(Missing::Session(session_id.to_owned())))?;
    let revoked =
        repository::revoke_sessions(&txn, id, Some(&found.id), None, REVOKED_BY_ADMIN, now).await?;
    if revoked > 0 {
        let before = json!({ "sessionId": found.id, "revokedAt": null });
        let after = json!({ "sessionId": found.id, "revokedAt": now, "reason": REVOKED_BY_ADMIN });
        record(&txn, actor, "user.revokeSession", id, before, after, now).await?;
    }
    txn.commit().await?;
    people.callers.forget_session(&found.id).await;
    Ok(Revoked { revoked })
}

/// Closes every open session of user `id`.
pub async fn revoke_all_sessions(
    people: &PeopleAdmin,
    actor: &Actor,
    id: i32,
) -> ApiResult<Revoked> {
    let now = now_ms();
    let txn = people.db.begin_write().await?;
    locked(&txn, id).await?;
    let revoked = repository::revoke_sessions(&txn, id, None, None, REVOKED_BY_ADMIN, now).await?;
    if revoked > 0 {
        let before = json!({ "openSessions": revoked });
        let after = json!({ "openSessions": 0, "reason": REVOKED_BY_ADMIN });
        record(&txn, actor, "user.revokeSessions", id, before, after, now).await?;
    }
    txn.commit().await?;
    people.callers.forget_sessions().await;
    Ok(Revoked { revoked })
}

/// Enables or disables user `id`; disabling closes every session at once. Refused (409) for
/// the caller's own account and for the last active administrator.
pub async fn set_status(
    people: &PeopleAdmin,
    actor: &Actor,
    id: i32,
    request: StatusRequest,
    lang: Lang,
) -> ApiResult<()> {
    let status = spelled::<AccountStatus>("status", request.status.as_deref(), lang)?;
    let now = now_ms();
    let txn = people.db.begin_write().await?;
    let admins = guard::lock_active_admins(&txn).await?;
    let target = locked(&txn, id).await?;
    if target.status == status.as_str() {
        return Ok(());
    }
    let roles = role_ids(&txn, id).await?;
    if status == AccountStatus::Disabled {
        let after = After {
            user_type: &target.user_type,
            status: status.as_str(),
            role_ids: &roles,
        };
        guard::keeps_own_access(&txn, actor.id, id, after, lang).await?;
        guard::not_last_admin(&target, &admins, lang)?;
    }
    let changed = user::ActiveModel {
        id: Set(id),
        status: Set(status.as_str().to_owned()),
        updated_at: Set(now),
        ..Default::default()
    }
    .update(&txn)
    .await?;
    if status == AccountStatus::Disabled {
        repository::revoke_sessions(&txn, id, None, None, REVOKED_DISABLED, now).await?;
    }
    let (before, after) = (access_json(&target, &roles), access_json(&changed, &roles));
    let action = match status {
        AccountStatus::Active => "user.enable",
        AccountStatus::Disabled => "user.disable",
    };
    record(&txn, actor, action, id, before, after, now).await?;
    txn.commit().await?;
    people.callers.forget_account(id).await;
    people.callers.forget_sessions().await;
    Ok(())
}

/// Makes user `id` an administrator or a user. Refused (409) when the caller would lose
/// their own way in, and for the last active administrator.
pub async fn set_user_type(
    people: &PeopleAdmin,
    actor: &Actor,
    id: i32,
    request: UserTypeRequest,
    lang: Lang,
) -> ApiResult<()> {
    let user_type = spelled::<UserType>("userType", request.user_type.as_deref(), lang)?;
    let now = now_ms();
    let txn = people.db.begin_write().await?;
    let admins = guard::lock_active_admins(&txn).await?;
    let target = locked(&txn, id).await?;
    if target.user_type == user_type.as_str() {
        return Ok(());
    }
    let roles = role_ids(&txn, id).await?;
    if user_type == UserType::User {
        let after = After {
            user_type: user_type.as_str(),
            status: &target.status,
            role_ids: &roles,
        };
        guard::keeps_own_access(&txn, actor.id, id, after, lang).await?;
        guard::not_last_admin(&target, &admins, lang)?;
    }
    let changed = user::ActiveModel {
        id: Set(id),
        user_type: Set(user_type.as_str().to_owned()),
        updated_at: Set(now),
        ..Default::default()
    }
    .update(&txn)
    .await?;
    let (before, after) = (access_json(&target, &roles), access_json(&changed, &roles));
    let action = match user_type {
        UserType::Admin => "user.promote",
        UserType::User => "user.demote",
    };
    record(&txn, actor, action, id, before, after, now).await?;
    txn.commit().await?;
    people.callers.forget_account(id).await;
    Ok(())
}

/// Sets the roles user `id` holds. Refused (409) when the caller would lose their own way in
/// (a caller who is an administrator by type keeps it whatever their roles).
pub async fn set_roles(
    people: &PeopleAdmin,
    actor: &Actor,
    id: i32,
    request: RolesRequest,
    lang: Lang,
) -> ApiResult<()> {
    let Some(mut wanted) = request.role_ids else {
        let message = describe_rule(&FieldRule::Required, lang);
        return Err(ApiError::invalid_field("roleIds", message, lang));
    };
    wanted.sort_unstable();
    wanted.dedup();
    let now = now_ms();
    let txn = people.db.begin_write().await?;
    let target = locked(&txn, id).await?;
    let known: Vec<i32> = role::Entity::find()
        .select_only()
        .column(role::Column::Id)
        .filter(role::Column::Id.is_in(wanted.iter().copied()))
        .into_tuple()
        .all(&txn)
        .await?;
    if let Some(unknown) = wanted.iter().find(|id| !known.contains(id)) {
        let message = tingshu_core::i18n::texts::text_with(
            lang,
            "api.people.noSuchRole",
            &[("id", &unknown.to_string())],
        );
        return Err(ApiError::invalid_field("roleIds", message, lang));
    }
    let before = role_ids(&txn, id).await?;
    if before == wanted {
        return Ok(());
    }
    let after = After {
        user_type: &target.user_type,
        status: &target.status,
        role_ids: &wanted,
    };
    guard::keeps_own_access(&txn, actor.id, id, after, lang).await?;
    user_role::Entity::delete_many()
        .filter(user_role::Column::UserId.eq(id))
        .exec(&txn)
        .await?;
    if !wanted.is_empty() {
        user_role::Entity::insert_many(wanted.iter().map(|&role_id| user_role::ActiveModel {
            user_id: Set(id),
            role_id: Set(role_id),
        }))
        .exec(&txn)
        .await?;
    }
    user::Entity::update_many()
        .col_expr(user::Column::UpdatedAt, Expr::value(now))
        .filter(user::Column::Id.eq(id))
        .exec(&txn)
        .await?;
    let (before, after) = (access_json(&target, &before), access_json(&target, &wanted));
    record(&txn, actor, "user.setRoles", id, before, after, now).await?;
    txn.commit().await?;
    people.callers.forget_account(id).await;
    Ok(())
}

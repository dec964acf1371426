//! The password-reset path that never shows an administrator the password: the administrator
//! makes a one-time link (its token stored only as a hash, valid 24 hours, replacing any
//! earlier one) and hands it to the user, who sets a new password with it; every session of
//! the account is then closed.
use std::collections::BTreeMap;

use sea_orm::{
    sea_query::Expr, ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter,
};
use serde::Deserialize;
use serde_json::json;
use tingshu_core::{
    auth::account::check_new_password,
    i18n::texts::text,
    validation::{FieldError, FieldRule},
    Lang,
};

use super::{actions::locked, now_ms, view::PasswordResetLink, PeopleAdmin};
use crate::{
    accounts::{
        events::{self, EventKind},
        repository,
        tokens::{hash_refresh_token, new_refresh_token},
        Client,
    },
    console::audit::{self, Actor, Change},
    entities::{password_reset, user},
    error::{ApiError, ApiResult},
};

/// How long a reset link works.
pub const RESET_TTL_MS: i64 = 24 * 60 * 60 * 1000;
/// The app page a reset link opens.
pub const RESET_PATH: &str = "/reset-password";
/// Why the sessions of an account whose password was reset were closed.
pub const REVOKED_RESET: &str = "password_reset";

/// `POST /api/auth/password-reset`: the token of the link and the new password.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PasswordResetRequest {
    /// The `token` of the link an administrator made.
    pub token: Option<String>,
    /// The new password (the registration's password rule).
    pub new_password: Option<String>,
}

/// Makes a one-time reset link for user `id` (earlier unused links stop working).
pub async fn create(people: &PeopleAdmin, actor: &Actor, id: i32) -> ApiResult<PasswordResetLink> {
    let now = now_ms();
    let token = new_refresh_token();
    let expires_at = now + RESET_TTL_MS;
    let txn = people.db.begin_write().await?;
    locked(&txn, id).await?;
    password_reset::Entity::update_many()
        .col_expr(password_reset::Column::UsedAt, Expr::value(now))
        .filter(password_reset::Column::UserId.eq(id))
        .filter(password_reset::Column::UsedAt.is_null())
        .exec(&txn)
        .await?;
    password_reset::ActiveModel {
        user_id: Set(id),
        token_hash: Set(hash_refresh_token(&token)),
        created_by: Set(Some(actor.id)),
        created_at: Set(now),
        expires_at: Set(expires_at),
        used_at: Set(None),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let change = Change {
        action: "user.passwordResetLink",
        entity: "user",
        entity_id: id,
        before: None,
        after: Some(json!({ "expiresAt": expires_at })),
    };
    audit::record(&txn, actor, change, now).await?;
    txn.commit().await?;
    Ok(PasswordResetLink {
        path: format!("{RESET_PATH}?token={token}"),
        expires_at,
    })
}

fn invalid_link(lang: Lang) -> ApiError {
    let message = text(lang, "api.people.resetInvalid").to_owned();
    ApiError::invalid_field("token", message, lang)
}

fn bad_password(rule: FieldRule, lang: Lang) -> ApiError {
    let error = FieldError::new("newPassword", rule, lang);
    ApiError::Validation {
        message: tingshu_core::validation::summary(lang),
        fields: BTreeMap::from([(error.field, error.message)]),
    }
}

/// Sets the password of the link's account, uses the link up and closes every session.
/// 400 on `token` for an unknown, used or expired link; on `newPassword` for a password the
/// rule refuses.
pub async fn reset(
    people: &PeopleAdmin,
    request: PasswordResetRequest,
    client: &Client,
) -> ApiResult<()> {
    let lang = client.lang;
    let token = request.token.unwrap_or_default();
    let token = token.trim();
    if token.is_empty() {
        return Err(invalid_link(lang));
    }
    let hash = hash_refresh_token(token);
    let now = now_ms();
    let usable = |row: &password_reset::Model| row.used_at.is_none() && row.expires_at > now;
    let link = password_reset::Entity::find()
        .filter(password_reset::Column::TokenHash.eq(hash.as_str()))
        .one(people.db.reader())
        .await?
        .filter(usable)
        .ok_or_else(|| invalid_link(lang))?;
    let account = user::Entity::find_by_id(link.user_id)
        .one(people.db.reader())
        .await?
        .ok_or_else(|| invalid_link(lang))?;
    let password = request.new_password.unwrap_or_default();
    let names = [account.username.trim(), account.email.trim()];
    if let Some(rule) = check_new_password(Some(&password), &names) {
        return Err(bad_password(rule, lang));
    }
    let password_hash = people
        .hashing
        .hash(password, people.hash_cost, lang)
        .await?;
    let txn = people.db.begin_write().await?;
    // Used once: a second use of the same link (even at the same moment) changes nothing.
    let claimed = password_reset::Entity::update_many()
        .col_expr(password_reset::Column::UsedAt, Expr::value(now))
        .filter(password_reset::Column::Id.eq(link.id))
        .filter(password_reset::Column::UsedAt.is_null())
        .exec(&txn)
        .await?
        .rows_affected;
    if claimed != 1 {
        return Err(invalid_link(lang));
    }
    user::ActiveModel {
        id: Set(account.id),
        password_hash: Set(password_hash),
        updated_at: Set(now),
        ..Default::default()
    }
    .update(&txn)
    .await?;
    repository::revoke_sessions(&txn, account.id, None, None, REVOKED_RESET, now).await?;
    // On the security page like any other password change.
    let actor = events::Actor {
        user_id: Some(account.id),
        account: Some(account.email_normalized.clone()),
        ip: client.ip.clone(),
        user_agent: client.user_agent.clone(),
    };
    events::record(&txn, EventKind::PasswordChanged, &actor, now).await?;
    txn.commit().await?;
    people.callers.forget_account(account.id).await;
    people.callers.forget_sessions().await;
    Ok(())
}

//! Storage of accounts: users, their roles and permissions, sessions and refresh tokens.
use sea_orm::{
    sea_query::{Expr, ExprTrait, Query},
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter,
    QuerySelect, Set,
};

use crate::entities::{permission, refresh_token, role, role_permission, session, user, user_role};

/// A user row with the names of its roles and permissions.
#[derive(Debug, Clone)]
pub struct UserWithGrants {
    pub user: user::Model,
    pub roles: Vec<String>,
    pub permissions: Vec<String>,
}

/// Everything needed to create a user.
pub struct NewUser<'a> {
    pub email: &'a str,
    pub email_normalized: &'a str,
    pub username: &'a str,
    pub username_normalized: &'a str,
    pub password_hash: &'a str,
    pub user_type: &'a str,
    pub language: &'a str,
    pub now_ms: i64,
}

pub async fn insert_user(
    db: &impl ConnectionTrait,
    new: NewUser<'_>,
) -> Result<user::Model, DbErr> {
    user::ActiveModel {
        email: Set(new.email.to_owned()),
        email_normalized: Set(new.email_normalized.to_owned()),
        username: Set(new.username.to_owned()),
        username_normalized: Set(new.username_normalized.to_owned()),
        password_hash: Set(new.password_hash.to_owned()),
        user_type: Set(new.user_type.to_owned()),
        subscription_type: Set("free".to_owned()),
        subscription_expires_at: Set(None),
        avatar_url: Set(None),
        language: Set(new.language.to_owned()),
        timezone: Set(default_timezone(new.language).to_owned()),
        status: Set("active".to_owned()),
        created_at: Set(new.now_ms),
        updated_at: Set(new.now_ms),
        last_login_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// The time zone a new account starts with, from its language.
fn default_timezone(language: &str) -> &'static str {
    match language {
        "ja" => "Asia/Tokyo",
        "en" => "UTC",
        _ => "Asia/Shanghai",
    }
}

/// Gives a user a role by its name.
pub async fn grant_role(
    db: &impl ConnectionTrait,
    user_id: i32,
    role_name: &str,
) -> Result<(), DbErr> {
    let role = role::Entity::find()
        .filter(role::Column::Name.eq(role_name))
        .one(db)
        .await?
        .ok_or_else(|| DbErr::RecordNotFound(format!("role {role_name}")))?;
    user_role::ActiveModel {
        user_id: Set(user_id),
        role_id: Set(role.id),
    }
    .insert(db)
    .await?;
    Ok(())
}

/// The user whose normalized email is `email` or whose normalized username is `username`
/// (the sign-in identifier in each column's form).
pub async fn find_by_account(
    db: &impl ConnectionTrait,
    email: &str,
    username: &str,
) -> Result<Option<user::Model>, DbErr> {
    user::Entity::find()
        .filter(
            Condition::any()
                .add(user::Column::EmailNormalized.eq(email))
                .add(user::Column::UsernameNormalized.eq(username)),
        )
        .one(db)
        .await
}

/// The user whose normalized email is `email`.
pub async fn find_by_email(
    db: &impl ConnectionTrait,
    email: &str,
) -> Result<Option<user::Model>, DbErr> {
    user::Entity::find()
        .filter(user::Column::EmailNormalized.eq(email))
        .one(db)
        .await
}

pub async fn find_by_id(db: &impl ConnectionTrait, id: i32) -> Result<Option<user::Model>, DbErr> {
    user::Entity::find_by_id(id).one(db).await
}

/// Whether another user already has this normalized email / username.
pub async fn taken(
    db: &impl ConnectionTrait,
    column: user::Column,
    normalized: &str,
    except_user: Option<i32>,
) -> Result<bool, DbErr> {
    let mut query = user::Entity::find().filter(column.eq(normalized));
    if let Some(id) = except_user {
        query = query.filter(user::Column::Id.ne(id));
    }
    Ok(query.one(db).await?.is_some())
}

/// Role and permission names of a user.
pub async fn grants_of(
    db: &impl ConnectionTrait,
    user_id: i32,
) -> Result<(Vec<String>, Vec<String>), DbErr> {
    let role_rows: Vec<(i32, String)> = role::Entity::find()
        .select_only()
        .column(role::Column::Id)
        .column(role::Column::Name)
        .filter(
            role::Column::Id.in_subquery(
                Query::select()
                    .column(user_role::Column::RoleId)
                    .from(user_role::Entity)
                    .and_where(Expr::col(user_role::Column::UserId).eq(user_id))
                    .to_owned(),
            ),
        )
        .into_tuple()
        .all(db)
        .await?;
    let role_ids: Vec<i32> = role_rows.iter().map(|(id, _)| *id).collect();
    let mut permissions: Vec<String> = if role_ids.is_empty() {
        Vec::new()
    } else {
        permission::Entity::find()
            .select_only()
            .column(permission::Column::Name)
            .filter(
                permission::Column::Id.in_subquery(
                    Query::select()
                        .column(role_permission::Column::PermissionId)
                        .from(role_permission::Entity)
                        .and_where(Expr::col(role_permission::Column::RoleId).is_in(role_ids))
                        .to_owned(),
                ),
            )
            .into_tuple()
            .all(db)
            .await?
    };
    permissions.sort();
    permissions.dedup();
    let mut roles: Vec<String> = role_rows.into_iter().map(|(_, name)| name).collect();
    roles.sort();
    Ok((roles, permissions))
}

/// Every permission name the product knows.
pub async fn all_permissions(db: &impl ConnectionTrait) -> Result<Vec<String>, DbErr> {
    permission::Entity::find()
        .select_only()
        .column(permission::Column::Name)
        .into_tuple()
        .all(db)
        .await
}

pub async fn with_grants(
    db: &impl ConnectionTrait,
    user: user::Model,
) -> Result<UserWithGrants, DbErr> {
    let (roles, permissions) = grants_of(db, user.id).await?;
    Ok(UserWithGrants {
        user,
        roles,
        permissions,
    })
}

/// Saves changed user fields.
pub async fn update_user(
    db: &impl ConnectionTrait,
    changes: user::ActiveModel,
) -> Result<user::Model, DbErr> {
    changes.update(db).await
}

/// A session to open: who, from where, its first refresh token's hash and its lifetime.
pub struct NewSession<'a> {
    pub id: &'a str,
    pub user_id: i32,
    pub user_agent: Option<String>,
    pub ip: Option<String>,
    pub refresh_hash: &'a str,
    pub now_ms: i64,
    pub expires_at_ms: i64,
}

/// Opens a session with its first refresh token.
pub async fn insert_session(db: &impl ConnectionTrait, new: NewSession<'_>) -> Result<(), DbErr> {
    session::ActiveModel {
        id: Set(new.id.to_owned()),
        user_id: Set(new.user_id),
        user_agent: Set(new.user_agent),
        ip: Set(new.ip),
        created_at: Set(new.now_ms),
        last_seen_at: Set(new.now_ms),
        expires_at: Set(new.expires_at_ms),
        revoked_at: Set(None),
        revoked_reason: Set(None),
    }
    .insert(db)
    .await?;
    insert_refresh_token(db, new.id, new.refresh_hash, new.now_ms, new.expires_at_ms).await
}

pub async fn insert_refresh_token(
    db: &impl ConnectionTrait,
    session_id: &str,
    refresh_hash: &str,
    now_ms: i64,
    expires_at_ms: i64,
) -> Result<(), DbErr> {
    refresh_token::ActiveModel {
        session_id: Set(session_id.to_owned()),
        token_hash: Set(refresh_hash.to_owned()),
        issued_at: Set(now_ms),
        expires_at: Set(expires_at_ms),
        rotated_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

pub async fn find_session(
    db: &impl ConnectionTrait,
    id: &str,
) -> Result<Option<session::Model>, DbErr> {
    session::Entity::find_by_id(id.to_owned()).one(db).await
}

pub async fn find_refresh_token(
    db: &impl ConnectionTrait,
    hash: &str,
) -> Result<Option<refresh_token::Model>, DbErr> {
    refresh_token::Entity::find()
        .filter(refresh_token::Column::TokenHash.eq(hash))
        .one(db)
        .await
}

/// Marks a refresh token used; false when it already was (a concurrent or replayed use).
pub async fn mark_rotated(
    db: &impl ConnectionTrait,
    token_id: i32,
    now_ms: i64,
) -> Result<bool, DbErr> {
    let result = refresh_token::Entity::update_many()
        .col_expr(refresh_token::Column::RotatedAt, Expr::value(now_ms))
        .filter(refresh_token::Column::Id.eq(token_id))
        .filter(refresh_token::Column::RotatedAt.is_null())
        .exec(db)
        .await?;
    Ok(result.rows_affected == 1)
}

/// Extends a session after a refresh.
pub async fn touch_session(
    db: &impl ConnectionTrait,
    id: &str,
    now_ms: i64,
    expires_at_ms: i64,
) -> Result<(), DbErr> {
    session::Entity::update_many()
        .col_expr(session::Column::LastSeenAt, Expr::value(now_ms))
        .col_expr(session::Column::ExpiresAt, Expr::value(expires_at_ms))
        .filter(session::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// Revokes sessions of a user still open: one (`only`), or all but one (`except`).
pub async fn revoke_sessions(
    db: &impl ConnectionTrait,
    user_id: i32,
    only: Option<&str>,
    except: Option<&str>,
    reason: &str,
    now_ms: i64,
) -> Result<u64, DbErr> {
    let mut update = session::Entity::update_many()
        .col_expr(session::Column::RevokedAt, Expr::value(now_ms))
        .col_expr(session::Column::RevokedReason, Expr::value(reason))
        .filter(session::Column::UserId.eq(user_id))
        .filter(session::Column::RevokedAt.is_null());
    if let Some(id) = only {
        update = update.filter(session::Column::Id.eq(id));
    }
    if let Some(id) = except {
        update = update.filter(session::Column::Id.ne(id));
    }
    Ok(update.exec(db).await?.rows_affected)
}

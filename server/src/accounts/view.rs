//! The user object the API answers with (spec §3 names), and the token bundle.
use sea_orm::DbErr;
use serde::Serialize;
use tingshu_core::auth::{
    account_state::AccountStatus,
    kinds::{Permission, SubscriptionType, UserType},
};

use super::repository::UserWithGrants;
use crate::db::spelled::spelled;

/// Shown when a user has not chosen an avatar.
pub const AVATAR_PLACEHOLDER: &str = "/avatar-placeholder.svg";

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    pub id: i32,
    pub email: String,
    pub username: String,
    pub user_type: UserType,
    pub subscription_type: SubscriptionType,
    pub subscription_expires_at: Option<i64>,
    pub avatar_url: String,
    pub status: AccountStatus,
    pub preferences: Preferences,
    pub roles: Vec<String>,
    pub permissions: Vec<Permission>,
    pub created_at: i64,
    pub last_login_at: Option<i64>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Preferences {
    pub language: String,
    pub timezone: String,
    /// Whether behaviour tracking records this listener's events (true unless turned off).
    pub tracking_enabled: bool,
}

impl TryFrom<UserWithGrants> for UserView {
    type Error = DbErr;

    fn try_from(
        UserWithGrants {
            user,
            roles,
            permissions,
        }: UserWithGrants,
    ) -> Result<Self, DbErr> {
        let row = format!("user {}", user.id);
        Ok(Self {
            user_type: spelled(&row, "user_type", &user.user_type)?,
            subscription_type: spelled(&row, "subscription_type", &user.subscription_type)?,
            status: spelled(&row, "status", &user.status)?,
            id: user.id,
            email: user.email,
            username: user.username,
            subscription_expires_at: user.subscription_expires_at,
            avatar_url: user
                .avatar_url
                .unwrap_or_else(|| AVATAR_PLACEHOLDER.to_owned()),
            preferences: Preferences {
                language: user.language,
                timezone: user.timezone,
                tracking_enabled: user.tracking_enabled,
            },
            roles,
            permissions: permissions
                .iter()
                .map(|name| spelled(&row, "permission", name))
                .collect::<Result<_, _>>()?,
            created_at: user.created_at,
            last_login_at: user.last_login_at,
        })
    }
}

/// `{accessToken, refreshToken, expiresIn}`; `expiresIn` is the access token's absolute expiry in ms.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Tokens {
    pub access_token: String,
    pub refresh_token: String,
    pub expires_in: i64,
}

/// What login and registration answer.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedIn {
    pub user: UserView,
    pub tokens: Tokens,
    pub session_id: String,
}

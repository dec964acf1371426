//! The `users` table: accounts of listeners, members, editors and administrators.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub email: String,
    /// Lower-cased email: unique, so `A@x.com` and `a@x.com` are one account.
    #[sea_orm(unique)]
    pub email_normalized: String,
    pub username: String,
    /// The username's look-alike skeleton (core `normalize_username`): unique, so `demo`,
    /// `Demo` and `ｄｅｍｏ` are one name.
    #[sea_orm(unique)]
    pub username_normalized: String,
    pub password_hash: String,
    /// `admin` or `user`.
    pub user_type: String,
    /// `free` or `premium`.
    pub subscription_type: String,
    /// Membership end in ms; null with `premium` means lifetime.
    pub subscription_expires_at: Option<i64>,
    pub avatar_url: Option<String>,
    pub language: String,
    pub timezone: String,
    /// `active` or `disabled`.
    pub status: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub last_login_at: Option<i64>,
    /// Whether behaviour tracking records this listener's events (the profile's setting).
    pub tracking_enabled: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

impl Model {
    /// The premium part of the account, as the core rules take it.
    pub fn premium(&self) -> tingshu_core::premium::PremiumUser {
        tingshu_core::premium::PremiumUser {
            subscription_type: Some(self.subscription_type.clone()),
            subscription_expires_at: self.subscription_expires_at.map(|ms| ms as f64),
        }
    }
}

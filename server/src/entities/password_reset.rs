//! The `password_resets` table: one-time password-reset tokens an administrator made for a
//! user, stored only as a hash, valid until `expires_at` and used at most once.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "password_resets")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub user_id: i32,
    /// SHA-256 of the token, hex.
    #[sea_orm(unique)]
    pub token_hash: String,
    /// The administrator who made it.
    pub created_by: Option<i32>,
    pub created_at: i64,
    pub expires_at: i64,
    /// Set when the token was used (or replaced by a newer one).
    pub used_at: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

//! The `refresh_tokens` table: every refresh token a session was given, stored only as a hash.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "refresh_tokens")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub session_id: String,
    /// SHA-256 of the token, hex.
    #[sea_orm(unique)]
    pub token_hash: String,
    pub issued_at: i64,
    pub expires_at: i64,
    /// Set when the token was exchanged; presenting it again means it was stolen.
    pub rotated_at: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

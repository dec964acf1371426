//! The `auth_events` table: sign-ins, failures, locks and token reuse, for throttling and the security page.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "auth_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// See `accounts::events::EventKind`.
    pub kind: String,
    pub user_id: Option<i32>,
    /// The normalized email or username that was tried.
    pub account: Option<String>,
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    pub created_at: i64,
    /// The known device (hex SHA-256 of its device cookie's nonce) the attempt came from;
    /// `None` for an unknown device (core `auth::device`).
    pub device: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

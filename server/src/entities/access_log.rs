//! The `access_log` table: one row per request (time, user, address, method, route template,
//! status, latency, bytes), written in batches through a record queue.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "access_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// When the request arrived (ms since the epoch).
    pub created_at: i64,
    pub user_id: Option<i32>,
    pub ip: Option<String>,
    pub method: String,
    /// The matched route pattern (`/api/books/{id}`), never the raw address.
    pub route: String,
    pub status: i32,
    pub latency_ms: i32,
    pub bytes: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

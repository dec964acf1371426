//! The `access_log_daily` table: requests per UTC day, method and route, rolled up from
//! `access_log` rows older than the retention before they are removed.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "access_log_daily")]
pub struct Model {
    /// `YYYY-MM-DD` (UTC).
    #[sea_orm(primary_key, auto_increment = false)]
    pub day: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub method: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub route: String,
    pub requests: i64,
    /// Answers with a 4xx status.
    pub client_errors: i64,
    /// Answers with a 5xx status.
    pub server_errors: i64,
    pub total_latency_ms: i64,
    pub bytes: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

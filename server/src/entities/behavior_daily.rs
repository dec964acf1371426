//! The `behavior_daily` table: per UTC day, distinct visitors, page views and events,
//! rolled up from `behavior_events` once the day is over.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "behavior_daily")]
pub struct Model {
    /// Days since 1970-01-01 (UTC).
    #[sea_orm(primary_key, auto_increment = false)]
    pub day: i64,
    /// Distinct visitor hashes.
    pub visitors: i64,
    pub page_views: i64,
    /// Events of every kind.
    pub events: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

//! The `behavior_daily_sources` table: page views per UTC day and referrer source (`direct`
//! when none).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "behavior_daily_sources")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub day: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub source: String,
    pub visits: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

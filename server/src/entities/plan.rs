//! The `plans` table: a membership plan (monthly, quarterly, yearly, lifetime), its length
//! in months (none: lifetime) and its price in each currency (minor units).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "plans")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub code: String,
    pub months: Option<i32>,
    pub price_cny: Option<i64>,
    pub price_usd: Option<i64>,
    pub price_jpy: Option<i64>,
    pub active: bool,
    pub sort_order: i32,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

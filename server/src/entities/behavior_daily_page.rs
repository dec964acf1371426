//! The `behavior_daily_pages` table: page views per UTC day and page.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "behavior_daily_pages")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub day: i64,
    /// The page's address, at most 512 characters.
    #[sea_orm(primary_key, auto_increment = false)]
    pub page_url: String,
    pub views: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

//! The `search_queries` table: every search made, for search analytics.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "search_queries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub query: String,
    pub result_count: i32,
    pub user_id: Option<i32>,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

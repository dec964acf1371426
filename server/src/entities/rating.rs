//! The `ratings` table: one listener's score (1–5) of one book and optional review; a hidden
//! review is kept out of the list but its score still counts.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ratings")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub user_id: i32,
    pub book_id: i32,
    pub score: i16,
    #[sea_orm(column_type = "Text", nullable)]
    pub review: Option<String>,
    pub hidden: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

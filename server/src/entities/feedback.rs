//! The `feedback` table: messages sent from the public feedback page.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "feedback")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub category: String,
    #[sea_orm(column_type = "Text")]
    pub message: String,
    pub contact: Option<String>,
    pub language: String,
    pub user_agent: Option<String>,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
    /// The administrator's answer, when one was given.
    #[sea_orm(column_type = "Text", nullable)]
    pub reply: Option<String>,
    pub replied_by: Option<i32>,
    pub replied_by_name: Option<String>,
    pub replied_at: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

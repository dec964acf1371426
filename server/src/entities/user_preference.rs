//! The `user_preferences` table: a listener's explicit preferences, one per type and key.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "user_preferences")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub user_id: i32,
    pub preference_type: String,
    pub preference_key: String,
    pub preference_value: String,
    /// From 0 to 10 (core `validatePreference`).
    pub weight: f64,
    /// Always `explicit`.
    pub source: String,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

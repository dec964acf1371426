//! The `assets` table: a stored audio file: storage key, type, size, sha256 and probed duration.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "assets")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub storage_key: String,
    pub mime: String,
    pub bytes: i64,
    pub sha256: String,
    pub duration_secs: f64,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

//! The `uploads` table: a resumable upload: its kind, file name and declared size, who sends
//! it, its state (`receiving`, `complete`, `failed`, `cancelled`), why it failed, and the
//! stored file it became; `received`: the bytes acknowledged so far when instances share
//! uploads (what a resumed upload continues from on any of them; 0 on SQLite).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "uploads")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub kind: String,
    pub file_name: String,
    pub size: i64,
    pub received: i64,
    pub status: String,
    pub error: Option<String>,
    pub asset_id: Option<i32>,
    pub created_by: i32,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

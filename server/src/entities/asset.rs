//! The `assets` table: a stored file (audio or image): storage key, type, size, sha256, probed
//! duration and tags, original name and uploader.
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
    /// `audio` or `image`.
    pub kind: String,
    pub original_name: Option<String>,
    /// The probed tags (title, artist, album, track) as JSON.
    pub tags: Option<String>,
    pub created_by: Option<i32>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

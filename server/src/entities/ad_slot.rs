//! The `ad_slots` table: an ad, where it is placed, its window (ms) and its link.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ad_slots")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// The core's `AdSlot` spelling.
    pub slot: String,
    pub enabled: bool,
    pub image_url: Option<String>,
    pub text: Option<String>,
    pub link: String,
    pub starts_at: i64,
    pub ends_at: i64,
    pub hidden_for_members: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

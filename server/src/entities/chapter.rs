//! The `chapters` table: a book's chapter: its place (idx), title, duration, audio asset and free flag.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "chapters")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub book_id: i32,
    pub idx: i32,
    pub title: String,
    pub title_en: Option<String>,
    pub title_ja: Option<String>,
    pub duration_secs: f64,
    pub asset_id: Option<i32>,
    pub is_free: bool,
    pub price_cny: Option<i64>,
    pub price_usd: Option<i64>,
    pub price_jpy: Option<i64>,
    pub published: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

//! The `books` table: an audio novel: titles in three languages, access (free|vip|paid), prices in minor units, counters.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "books")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub title: String,
    pub title_en: Option<String>,
    pub title_ja: Option<String>,
    pub subtitle: Option<String>,
    pub subtitle_en: Option<String>,
    pub subtitle_ja: Option<String>,
    pub author_id: i32,
    pub narrator_id: Option<i32>,
    #[sea_orm(column_type = "Text")]
    pub description: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub description_en: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub description_ja: Option<String>,
    pub cover_url: Option<String>,
    /// The uploaded image the cover's sizes were made from.
    pub cover_asset_id: Option<i32>,
    pub category_id: i32,
    pub language: String,
    pub status: String,
    pub access: String,
    pub price_cny: Option<i64>,
    pub price_usd: Option<i64>,
    pub price_jpy: Option<i64>,
    pub chapter_count: i32,
    pub total_duration_secs: i64,
    pub play_count: i64,
    pub favorite_count: i64,
    pub rating_avg: f64,
    pub rating_count: i32,
    pub is_demo: bool,
    /// Shown to listeners; an unpublished book is seen in the console only.
    pub published: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

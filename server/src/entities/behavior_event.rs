//! The `behavior_events` table: one behaviour event (spec §3) as stored — never the client's
//! address, only a visitor hash that rotates daily — written in batches through a record
//! queue, rolled up daily and removed after the retention.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "behavior_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// When the server received it (ms since the epoch).
    pub created_at: i64,
    /// `browsing`, `play`, `search`, `favorite` or `pageview`.
    pub kind: String,
    /// The tracking session (a UUID, lower-case).
    pub session_id: String,
    /// The signed-in listener; null for a guest.
    pub user_id: Option<i32>,
    /// HMAC-SHA256 (hex) of the UTC day, the client's budget key and its user agent.
    pub visitor: String,
    pub page_type: Option<String>,
    pub page_url: Option<String>,
    /// The referrer's host (`www.google.com`); null when none or from this site.
    pub referrer_source: Option<String>,
    pub view_duration: Option<f64>,
    pub scroll_depth: Option<f64>,
    pub click_count: Option<i32>,
    pub book_id: Option<i32>,
    pub chapter_id: Option<i32>,
    pub query: Option<String>,
    /// The event's other fields as JSON (device, client time, position, …), bounded by core's
    /// `validateBehaviorEvent`.
    pub extra: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

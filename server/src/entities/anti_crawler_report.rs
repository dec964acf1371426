//! The `anti_crawler_reports` table: one browser's detection report (spec §3) as stored — a
//! visitor hash that rotates daily, never an address — written through a record queue.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "anti_crawler_reports")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// When the server received it (ms since the epoch).
    pub received_at: i64,
    /// `devtools`, `debugger`, `extensions`, `hooks` or `integrity`.
    pub kind: String,
    /// The browser's own visitor id (its tracking session id).
    pub visitor_id: String,
    /// HMAC-SHA256 (hex) of the UTC day, the client's budget key and its user agent.
    pub visitor: String,
    /// When the browser says it saw it (ms since the epoch); null when it did not say.
    pub reported_at: Option<i64>,
    /// What was seen, as JSON (at most 2,048 characters, core's `validateAntiCrawlerReport`).
    pub details: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

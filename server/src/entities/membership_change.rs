//! The `membership_changes` table: one row per membership an administrator granted or took
//! away in the console — `grant` with its term (`plan` with the plan's `months` at the time,
//! None for a lifetime plan; `until` with `expires_at`; `lifetime`) or `revoke` — with the
//! reason, who and when, so that a refund replays it with the paid orders.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "membership_changes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub user_id: i32,
    pub action: String,
    pub term: Option<String>,
    pub plan_id: Option<i32>,
    pub months: Option<i32>,
    pub expires_at: Option<i64>,
    #[sea_orm(column_type = "Text")]
    pub reason: String,
    pub actor_id: Option<i32>,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

//! The `audit_log` table: one row per change made in the console: who (id and name at the
//! time), what (`book.update`), on which record, the record before and after as JSON, when,
//! from which address.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub actor_id: Option<i32>,
    pub actor_name: String,
    pub action: String,
    pub entity: String,
    pub entity_id: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub before: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub after: Option<String>,
    pub ip: Option<String>,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

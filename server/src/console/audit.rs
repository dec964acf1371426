//! The audit log: who changed what in the console, the record before and after, when and
//! from which address. Written in the transaction of the change, so neither exists alone.
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ConnectionTrait, DbErr};
use serde_json::Value;

use crate::{accounts::Client, auth::Caller, entities::audit_log};

/// Who makes a change: the signed-in editor and the address the request came from.
#[derive(Debug, Clone)]
pub struct Actor {
    pub id: i32,
    pub name: String,
    pub ip: Option<String>,
}

impl Actor {
    pub fn new(caller: &Caller, client: &Client) -> Self {
        Self {
            id: caller.user.id,
            name: caller.user.username.clone(),
            ip: client.ip.clone(),
        }
    }
}

/// One change to one record.
pub struct Change<'a> {
    /// What was done, as `<entity>.<verb>`: `book.update`, `category.delete`.
    pub action: &'a str,
    pub entity: &'a str,
    pub entity_id: i32,
    /// The record before the change; absent for a creation.
    pub before: Option<Value>,
    /// The record after the change; absent for a deletion.
    pub after: Option<Value>,
}

/// Writes the row of `change` made by `actor` at `now_ms`.
pub async fn record(
    db: &impl ConnectionTrait,
    actor: &Actor,
    change: Change<'_>,
    now_ms: i64,
) -> Result<(), DbErr> {
    audit_log::ActiveModel {
        actor_id: Set(Some(actor.id)),
        actor_name: Set(actor.name.clone()),
        action: Set(change.action.to_owned()),
        entity: Set(change.entity.to_owned()),
        entity_id: Set(change.entity_id.to_string()),
        before: Set(change.before.map(|v| v.to_string())),
        after: Set(change.after.map(|v| v.to_string())),
        ip: Set(actor.ip.clone()),
        created_at: Set(now_ms),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

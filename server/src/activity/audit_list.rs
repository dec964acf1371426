//! Reading the audit log: filtered by who (id or name), entity, action and time, newest first
//! by keyset; each change with its record before and after, and the fields that differ.
use std::collections::BTreeSet;

use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};
use serde::Serialize;
use serde_json::Value;

use super::keyset::{Cursor, KeysetPage, Window};
use crate::entities::audit_log;

/// What to show of the audit log.
#[derive(Debug, Clone, Default)]
pub struct AuditFilter {
    /// An actor's id (all digits) or name (exactly).
    pub actor: Option<String>,
    pub entity: Option<String>,
    pub entity_id: Option<String>,
    pub action: Option<String>,
}

/// One change as the console shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    pub id: i64,
    pub actor_id: Option<i32>,
    pub actor_name: String,
    /// `<entity>.<verb>`: `book.update`.
    pub action: String,
    pub entity: String,
    pub entity_id: String,
    /// The record before the change (absent for a creation).
    pub before: Option<Value>,
    /// The record after the change (absent for a deletion).
    pub after: Option<Value>,
    /// The top-level fields whose values differ between before and after, sorted.
    pub changed: Vec<String>,
    pub ip: Option<String>,
    pub created_at: i64,
}

/// A page of the audit log under `filter`.
pub async fn list(
    db: &impl ConnectionTrait,
    filter: &AuditFilter,
    window: &Window,
) -> Result<KeysetPage<AuditEntry>, DbErr> {
    let mut query = audit_log::Entity::find();
    if let Some(actor) = filter.actor.as_deref() {
        query = match actor.parse::<i32>() {
            Ok(id) => query.filter(audit_log::Column::ActorId.eq(id)),
            Err(_) => query.filter(audit_log::Column::ActorName.eq(actor)),
        };
    }
    if let Some(entity) = &filter.entity {
        query = query.filter(audit_log::Column::Entity.eq(entity));
    }
    if let Some(entity_id) = &filter.entity_id {
        query = query.filter(audit_log::Column::EntityId.eq(entity_id));
    }
    if let Some(action) = &filter.action {
        query = query.filter(audit_log::Column::Action.eq(action));
    }
    let rows = window
        .apply(query, audit_log::Column::CreatedAt, audit_log::Column::Id)
        .all(db)
        .await?;
    Ok(window.page(
        rows,
        |row| Cursor {
            created_at: row.created_at,
            id: row.id.into(),
        },
        entry,
    ))
}

fn entry(row: audit_log::Model) -> AuditEntry {
    let parse = |text: Option<String>| {
        text.map(|text| serde_json::from_str(&text).unwrap_or(Value::String(text)))
    };
    let before = parse(row.before);
    let after = parse(row.after);
    AuditEntry {
        id: row.id.into(),
        changed: changed_fields(before.as_ref(), after.as_ref()),
        actor_id: row.actor_id,
        actor_name: row.actor_name,
        action: row.action,
        entity: row.entity,
        entity_id: row.entity_id,
        before,
        after,
        ip: row.ip,
        created_at: row.created_at,
    }
}

/// The top-level fields of two records (JSON objects) whose values differ; every field of the
/// one present when the other is absent (a creation or a deletion).
pub fn changed_fields(before: Option<&Value>, after: Option<&Value>) -> Vec<String> {
    let (old, new) = (
        before.and_then(Value::as_object),
        after.and_then(Value::as_object),
    );
    let names: BTreeSet<&String> = old
        .into_iter()
        .chain(new)
        .flat_map(|object| object.keys())
        .collect();
    names
        .into_iter()
        .filter(|name| old.and_then(|o| o.get(*name)) != new.and_then(|n| n.get(*name)))
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_changed_fields_are_those_whose_values_differ() {
        let before = json!({"title": "A", "price": 100, "tags": ["x"]});
        let after = json!({"title": "B", "price": 100, "tags": ["x", "y"], "new": true});
        assert_eq!(
            changed_fields(Some(&before), Some(&after)),
            vec!["new", "tags", "title"]
        );
    }

    #[test]
    fn a_creation_changes_every_field() {
        let after = json!({"slug": "a", "name": "A"});
        assert_eq!(changed_fields(None, Some(&after)), vec!["name", "slug"]);
        assert!(changed_fields(None, None).is_empty());
    }
}

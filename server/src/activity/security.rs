//! The security page's reading and its one action: sign-in and token events (filtered, paged),
//! who is under the sign-in throttle now (core `loginThrottle` over the stored failures, as a
//! sign-in would decide), clearing a throttle, and sessions revoked for a replayed refresh
//! token.
//!
//! A throttle is keyed `user:<id>` (an account's failures from unknown devices) or
//! `name:<account>` (a name that matches no account). Clearing one marks its counted failures
//! in the window `<kind>_cleared`: they stay in the history but no longer count (against the
//! account, and against their address's slow-down).
use std::collections::{BTreeMap, HashMap};

use sea_orm::{
    sea_query::Expr, ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait,
    DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;
use serde_json::json;
use tingshu_core::auth::throttle::{
    login_throttle, LoginThrottleInput, ThrottleDecision, THROTTLE_WINDOW_MS,
};

use crate::{
    accounts::events::{EventKind, ACCOUNT_FAILURES},
    console::audit::Actor,
    db::Db,
    entities::{audit_log, auth_event, session, user},
    error::{ApiError, ApiResult, Missing},
    paging::{Page, Paging},
};

/// What a cleared failure's kind ends with.
pub const CLEARED_SUFFIX: &str = "_cleared";

/// One account or name under the throttle now.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Throttle {
    /// `user:<id>` or `name:<account>`: what `DELETE …/throttles/{key}` takes.
    pub key: String,
    pub user_id: Option<i32>,
    /// The account's username, or the name that was typed.
    pub account: String,
    /// Failures that count, in the window.
    pub failures: u32,
    pub last_failure_at: i64,
    /// Seconds until the next attempt is accepted.
    pub retry_after_secs: u64,
    /// Refused until the lock ends (rather than a short wait).
    pub locked: bool,
}

/// The failures that count now, by key: (user id, account typed, times newest first).
async fn counted_failures(
    db: &impl ConnectionTrait,
    now_ms: i64,
) -> Result<BTreeMap<String, (Option<i32>, String, Vec<i64>)>, DbErr> {
    let kinds = ACCOUNT_FAILURES.map(EventKind::as_str);
    let rows: Vec<(Option<i32>, Option<String>, i64)> = auth_event::Entity::find()
        .select_only()
        .columns([
            auth_event::Column::UserId,
            auth_event::Column::Account,
            auth_event::Column::CreatedAt,
        ])
        .filter(auth_event::Column::CreatedAt.gte(now_ms - THROTTLE_WINDOW_MS))
        .filter(auth_event::Column::Kind.is_in(kinds))
        .filter(auth_event::Column::Device.is_null())
        .order_by_desc(auth_event::Column::CreatedAt)
        .into_tuple()
        .all(db)
        .await?;
    let mut found: BTreeMap<String, (Option<i32>, String, Vec<i64>)> = BTreeMap::new();
    for (user_id, account, at) in rows {
        let account = account.unwrap_or_default();
        let key = match user_id {
            Some(id) => format!("user:{id}"),
            None if account.is_empty() => continue,
            None => format!("name:{account}"),
        };
        found
            .entry(key)
            .or_insert_with(|| (user_id, account, Vec::new()))
            .2
            .push(at);
    }
    Ok(found)
}

/// Every account and name the throttle holds back at `now_ms`, the longest wait first.
pub async fn throttled(db: &impl ConnectionTrait, now_ms: i64) -> Result<Vec<Throttle>, DbErr> {
    let failures = counted_failures(db, now_ms).await?;
    let ids: Vec<i32> = failures.values().filter_map(|f| f.0).collect();
    let users: HashMap<i32, user::Model> = user::Entity::find()
        .filter(user::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u))
        .collect();
    let mut held = Vec::new();
    for (key, (user_id, typed, mut times)) in failures {
        let mut account = typed;
        if let Some(user) = user_id.and_then(|id| users.get(&id)) {
            // As a sign-in counts them: failures before the last sign-in no longer count.
            let since = user.last_login_at.map_or(i64::MIN, |at| at + 1);
            times.retain(|&at| at >= since);
            account = user.username.clone();
        }
        let decision = login_throttle(LoginThrottleInput {
            account_failures_ms: times.iter().map(|&t| t as f64).collect(),
            known_device: false,
            device_failures_ms: Vec::new(),
            now_ms: now_ms as f64,
        });
        let Some(retry_after_secs) = decision.retry_after_secs() else {
            continue;
        };
        held.push(Throttle {
            key,
            user_id,
            account,
            failures: times.len() as u32,
            last_failure_at: times.first().copied().unwrap_or_default(),
            retry_after_secs,
            locked: matches!(decision, ThrottleDecision::Locked { .. }),
        });
    }
    held.sort_by_key(|t| std::cmp::Reverse(t.retry_after_secs));
    Ok(held)
}

/// Clears the throttle `key` (its failures in the window stop counting), with its audit row in
/// the same transaction; 404 when nothing counts under `key`.
pub async fn clear(db: &Db, actor: &Actor, key: &str, now_ms: i64) -> ApiResult<()> {
    let missing = || ApiError::NotFound(Missing::Throttle(key.to_owned()));
    let scope = match key.split_once(':') {
        Some(("user", id)) => {
            let id: i32 = id.parse().map_err(|_| missing())?;
            Condition::all().add(auth_event::Column::UserId.eq(id))
        }
        Some(("name", account)) if !account.is_empty() => Condition::all()
            .add(auth_event::Column::Account.eq(account))
            .add(auth_event::Column::UserId.is_null()),
        _ => return Err(missing()),
    };
    let kinds = ACCOUNT_FAILURES.map(EventKind::as_str);
    let txn = db.begin_write().await?;
    let cleared = auth_event::Entity::update_many()
        .col_expr(
            auth_event::Column::Kind,
            Expr::cust(format!("kind || '{CLEARED_SUFFIX}'")),
        )
        .filter(scope)
        .filter(auth_event::Column::Kind.is_in(kinds))
        .filter(auth_event::Column::CreatedAt.gte(now_ms - THROTTLE_WINDOW_MS))
        .exec(&txn)
        .await?
        .rows_affected;
    if cleared == 0 {
        txn.rollback().await?;
        return Err(missing());
    }
    audit_log::ActiveModel {
        actor_id: Set(Some(actor.id)),
        actor_name: Set(actor.name.clone()),
        action: Set("throttle.clear".into()),
        entity: Set("throttle".into()),
        entity_id: Set(key.to_owned()),
        before: Set(Some(json!({ "failures": cleared }).to_string())),
        after: Set(Some(json!({ "failures": 0 }).to_string())),
        ip: Set(actor.ip.clone()),
        created_at: Set(now_ms),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    txn.commit().await
}

/// The revoked sessions' page size when none is asked, and its largest.
pub const REVOKED_PAGE_SIZE: u64 = 50;
pub const REVOKED_MAX_PAGE_SIZE: u64 = 200;

/// A session closed because its refresh token was used twice (a stolen token replayed).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevokedSession {
    pub session_id: String,
    pub user_id: i32,
    pub username: Option<String>,
    pub ip: Option<String>,
    /// The device as a person reads it ("Chrome 120 · Windows 10"), when the agent is known.
    pub device: Option<String>,
    pub user_agent: Option<String>,
    pub created_at: i64,
    pub revoked_at: Option<i64>,
}

/// Sessions revoked for a replayed refresh token, the latest first.
pub async fn revoked_for_replay(
    db: &impl ConnectionTrait,
    paging: Paging,
) -> Result<Page<RevokedSession>, DbErr> {
    let query = session::Entity::find()
        .filter(session::Column::RevokedReason.eq(EventKind::RefreshReused.as_str()))
        .order_by_desc(session::Column::RevokedAt)
        .order_by_desc(session::Column::Id);
    let total = query.clone().count(db).await?;
    let rows = query
        .paginate(db, paging.page_size)
        .fetch_page(paging.page - 1)
        .await?;
    let ids: Vec<i32> = rows.iter().map(|s| s.user_id).collect();
    let names: HashMap<i32, String> = user::Entity::find()
        .filter(user::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u.username))
        .collect();
    let items = rows
        .into_iter()
        .map(|s| RevokedSession {
            username: names.get(&s.user_id).cloned(),
            session_id: s.id,
            user_id: s.user_id,
            ip: s.ip,
            device: crate::accounts::user_agent::device_label(s.user_agent.as_deref()),
            user_agent: s.user_agent,
            created_at: s.created_at,
            revoked_at: s.revoked_at,
        })
        .collect();
    Ok(Page::new(items, total, paging))
}

/// What to show of the sign-in and token events.
#[derive(Debug, Clone, Default)]
pub struct EventFilter {
    pub kind: Option<String>,
    pub user_id: Option<i32>,
    pub ip: Option<String>,
}

/// A page of the events under `filter`, newest first, with how many match.
pub async fn events(
    db: &impl ConnectionTrait,
    filter: &EventFilter,
    paging: Paging,
) -> Result<(Vec<auth_event::Model>, u64), DbErr> {
    let mut query = auth_event::Entity::find();
    if let Some(kind) = &filter.kind {
        query = query.filter(auth_event::Column::Kind.eq(kind));
    }
    if let Some(user_id) = filter.user_id {
        query = query.filter(auth_event::Column::UserId.eq(user_id));
    }
    if let Some(ip) = &filter.ip {
        query = query.filter(auth_event::Column::Ip.eq(ip));
    }
    let query = query.order_by_desc(auth_event::Column::Id);
    let total = query.clone().count(db).await?;
    let rows = query
        .paginate(db, paging.page_size)
        .fetch_page(paging.page - 1)
        .await?;
    Ok((rows, total))
}

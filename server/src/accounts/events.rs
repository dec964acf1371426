//! Auth events: what happened at sign-in and with tokens, kept for throttling and the security page.
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
};

use crate::entities::auth_event;

/// The kinds of event recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventKind {
    Registered,
    LoginSucceeded,
    LoginFailed,
    LoginThrottled,
    LoginDisabled,
    RefreshReused,
    PasswordChanged,
    Logout,
}

impl EventKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Registered => "registered",
            Self::LoginSucceeded => "login_succeeded",
            Self::LoginFailed => "login_failed",
            Self::LoginThrottled => "login_throttled",
            Self::LoginDisabled => "login_disabled",
            Self::RefreshReused => "refresh_reused",
            Self::PasswordChanged => "password_changed",
            Self::Logout => "logout",
        }
    }
}

/// Who did it and from where.
#[derive(Debug, Clone, Default)]
pub struct Actor {
    pub user_id: Option<i32>,
    pub account: Option<String>,
    pub ip: Option<String>,
    pub user_agent: Option<String>,
}

pub async fn record(
    db: &impl ConnectionTrait,
    kind: EventKind,
    actor: &Actor,
    now_ms: i64,
) -> Result<(), DbErr> {
    auth_event::ActiveModel {
        kind: Set(kind.as_str().to_owned()),
        user_id: Set(actor.user_id),
        account: Set(actor.account.clone()),
        ip: Set(actor.ip.clone()),
        user_agent: Set(actor.user_agent.clone()),
        created_at: Set(now_ms),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// Which attribute of a failure to match.
pub enum FailureScope<'a> {
    Account(&'a str),
    Ip(&'a str),
}

/// Times (ms) of failed sign-ins since `since_ms`, newest first (at most 100).
pub async fn failures_since(
    db: &impl ConnectionTrait,
    scope: FailureScope<'_>,
    since_ms: i64,
) -> Result<Vec<i64>, DbErr> {
    let query = auth_event::Entity::find()
        .select_only()
        .column(auth_event::Column::CreatedAt)
        .filter(auth_event::Column::Kind.eq(EventKind::LoginFailed.as_str()))
        .filter(auth_event::Column::CreatedAt.gte(since_ms));
    let query = match scope {
        FailureScope::Account(account) => query.filter(auth_event::Column::Account.eq(account)),
        FailureScope::Ip(ip) => query.filter(auth_event::Column::Ip.eq(ip)),
    };
    query
        .order_by_desc(auth_event::Column::CreatedAt)
        .limit(100)
        .into_tuple()
        .all(db)
        .await
}

/// The most recent events, newest first, for the security page.
pub async fn recent(
    db: &impl ConnectionTrait,
    limit: u64,
) -> Result<Vec<auth_event::Model>, DbErr> {
    auth_event::Entity::find()
        .order_by_desc(auth_event::Column::Id)
        .limit(limit)
        .all(db)
        .await
}

/// How many events are recorded in all.
pub async fn count(db: &impl ConnectionTrait) -> Result<u64, DbErr> {
    auth_event::Entity::find().count(db).await
}

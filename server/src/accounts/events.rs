//! Auth events: what happened at sign-in and with tokens, kept for throttling and the security page.
use sea_orm::{
    sea_query::Expr, ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
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
    /// A wrong current password on change-password (counts like a failed sign-in).
    PasswordCheckFailed,
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
            Self::PasswordCheckFailed => "password_check_failed",
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

/// Records an event; answers its id.
pub async fn record(
    db: &impl ConnectionTrait,
    kind: EventKind,
    actor: &Actor,
    now_ms: i64,
) -> Result<i32, DbErr> {
    record_from(db, kind, actor, None, now_ms).await
}

/// Records an event of a sign-in attempt from `device` (a known device's id, core
/// `auth::device`; `None` for an unknown device); answers its id.
pub async fn record_from(
    db: &impl ConnectionTrait,
    kind: EventKind,
    actor: &Actor,
    device: Option<&str>,
    now_ms: i64,
) -> Result<i32, DbErr> {
    let saved = auth_event::ActiveModel {
        device: Set(device.map(str::to_owned)),
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
    Ok(saved.id)
}

/// Changes what an event records (a sign-in counted as failed up front that succeeded).
pub async fn settle(db: &impl ConnectionTrait, id: i32, kind: EventKind) -> Result<(), DbErr> {
    auth_event::Entity::update_many()
        .col_expr(auth_event::Column::Kind, Expr::value(kind.as_str()))
        .filter(auth_event::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// Forgets an event (an attempt counted up front that was never checked).
pub async fn forget(db: &impl ConnectionTrait, id: i32) -> Result<(), DbErr> {
    auth_event::Entity::delete_by_id(id).exec(db).await?;
    Ok(())
}

/// Whose failures to count.
pub enum FailureScope<'a> {
    /// An existing account's from unknown devices, whatever name or e-mail was typed.
    User(i32),
    /// An existing account's from one known device (by its id).
    Device(i32, &'a str),
    /// A name that matches no account, as typed (normalized).
    Name(&'a str),
    /// Everything from one client address.
    Ip(&'a str),
}

/// What counts against an account: failed sign-ins, attempts refused by the throttle and
/// wrong current passwords on change-password.
pub const ACCOUNT_FAILURES: [EventKind; 3] = [
    EventKind::LoginFailed,
    EventKind::LoginThrottled,
    EventKind::PasswordCheckFailed,
];

/// Times (ms) of failures since `since_ms`, newest first (at most 100).
pub async fn failures_since(
    db: &impl ConnectionTrait,
    scope: FailureScope<'_>,
    since_ms: i64,
) -> Result<Vec<i64>, DbErr> {
    let query = auth_event::Entity::find()
        .select_only()
        .column(auth_event::Column::CreatedAt)
        .filter(auth_event::Column::CreatedAt.gte(since_ms));
    let account_kinds = ACCOUNT_FAILURES.map(EventKind::as_str);
    let query = match scope {
        FailureScope::User(id) => query
            .filter(auth_event::Column::UserId.eq(id))
            .filter(auth_event::Column::Device.is_null())
            .filter(auth_event::Column::Kind.is_in(account_kinds)),
        FailureScope::Device(id, device) => query
            .filter(auth_event::Column::UserId.eq(id))
            .filter(auth_event::Column::Device.eq(device))
            .filter(auth_event::Column::Kind.is_in(account_kinds)),
        FailureScope::Name(account) => query
            .filter(auth_event::Column::UserId.is_null())
            .filter(auth_event::Column::Account.eq(account))
            .filter(auth_event::Column::Kind.is_in(account_kinds)),
        FailureScope::Ip(ip) => query
            .filter(auth_event::Column::Ip.eq(ip))
            .filter(auth_event::Column::Kind.eq(EventKind::LoginFailed.as_str())),
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

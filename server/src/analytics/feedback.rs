//! The console's feedback inbox: listeners' messages, newest first, filtered by status (open
//! or answered) and category, and the administrator's answer, stored with who gave it and
//! when, its audit row in the same transaction.
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;
use tingshu_core::{
    analytics::{validate_feedback_reply, FeedbackReplyValidation, ValidateFeedbackReplyInput},
    Lang,
};

use crate::{
    console::audit::{self, Actor, Change},
    db::Db,
    entities::feedback,
    error::{ApiError, ApiResult, Missing},
    paging::{Page, Paging},
};

/// The inbox's `status` filter, as sent.
pub const STATUS_FILTERS: [&str; 2] = ["open", "answered"];
/// The inbox's page: 20 messages by default, at most 100.
pub const PAGE_SIZE: u64 = 20;
pub const MAX_PAGE_SIZE: u64 = 100;

/// Whether a message was answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum FeedbackStatus {
    Open,
    Answered,
}

/// One message as the console shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminFeedback {
    pub id: i32,
    /// bug, content, suggestion, account or other.
    pub category: String,
    pub message: String,
    pub contact: Option<String>,
    /// The language the listener wrote from.
    pub language: String,
    pub user_agent: Option<String>,
    pub created_at: i64,
    pub status: FeedbackStatus,
    pub reply: Option<String>,
    pub replied_by_name: Option<String>,
    pub replied_at: Option<i64>,
}

impl From<feedback::Model> for AdminFeedback {
    fn from(row: feedback::Model) -> Self {
        Self {
            status: if row.replied_at.is_some() {
                FeedbackStatus::Answered
            } else {
                FeedbackStatus::Open
            },
            id: row.id,
            category: row.category,
            message: row.message,
            contact: row.contact,
            language: row.language,
            user_agent: row.user_agent,
            created_at: row.created_at,
            reply: row.reply,
            replied_by_name: row.replied_by_name,
            replied_at: row.replied_at,
        }
    }
}

/// A page of messages, newest first.
pub async fn list(
    db: &impl ConnectionTrait,
    status: Option<FeedbackStatus>,
    category: Option<&str>,
    paging: Paging,
) -> ApiResult<Page<AdminFeedback>> {
    let mut query = feedback::Entity::find();
    query = match status {
        Some(FeedbackStatus::Open) => query.filter(feedback::Column::RepliedAt.is_null()),
        Some(FeedbackStatus::Answered) => query.filter(feedback::Column::RepliedAt.is_not_null()),
        None => query,
    };
    if let Some(category) = category {
        query = query.filter(feedback::Column::Category.eq(category));
    }
    let total = query.clone().count(db).await?;
    let rows = query
        .order_by_desc(feedback::Column::Id)
        .offset(paging.offset())
        .limit(paging.page_size)
        .all(db)
        .await?;
    Ok(Page::new(
        rows.into_iter().map(AdminFeedback::from).collect(),
        total,
        paging,
    ))
}

/// Answers message `id` (core `validateFeedbackReply`; refusals worded in `lang`); a second
/// answer replaces the first, both kept in the audit log.
pub async fn reply(
    db: &Db,
    actor: &Actor,
    lang: Lang,
    id: i32,
    message: Option<String>,
    now_ms: i64,
) -> ApiResult<AdminFeedback> {
    let message = match validate_feedback_reply(ValidateFeedbackReplyInput { message, lang }) {
        FeedbackReplyValidation::Valid { message } => message,
        FeedbackReplyValidation::Invalid { errors } => {
            return Err(ApiError::invalid_form(&errors, lang))
        }
    };
    let txn = db.begin_write().await?;
    let before = feedback::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or(ApiError::NotFound(Missing::Feedback(id)))?;
    let mut row: feedback::ActiveModel = before.clone().into();
    row.reply = Set(Some(message));
    row.replied_by = Set(Some(actor.id));
    row.replied_by_name = Set(Some(actor.name.clone()));
    row.replied_at = Set(Some(now_ms));
    let after = row.update(&txn).await?;
    let answer = |row: &feedback::Model| {
        serde_json::json!({
            "reply": row.reply,
            "repliedBy": row.replied_by,
            "repliedAt": row.replied_at,
        })
    };
    audit::record(
        &txn,
        actor,
        Change {
            action: "feedback.reply",
            entity: "feedback",
            entity_id: id,
            before: Some(answer(&before)),
            after: Some(answer(&after)),
        },
        now_ms,
    )
    .await?;
    txn.commit().await?;
    Ok(after.into())
}

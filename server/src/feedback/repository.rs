//! Storage of feedback messages.
use sea_orm::{ActiveModelTrait, ConnectionTrait, DbErr, Set};
use tingshu_core::feedback::Feedback;

use super::Origin;
use crate::entities::feedback;

/// Stores one message and answers its new id.
pub async fn insert(
    db: &impl ConnectionTrait,
    feedback: &Feedback,
    origin: &Origin,
    now_ms: i64,
) -> Result<i32, DbErr> {
    let row = feedback::ActiveModel {
        category: Set(feedback.category.as_str().to_owned()),
        message: Set(feedback.message.clone()),
        contact: Set(feedback.contact.clone()),
        language: Set(origin.language.clone()),
        user_agent: Set(origin.user_agent.clone()),
        created_at: Set(now_ms),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(row.id)
}

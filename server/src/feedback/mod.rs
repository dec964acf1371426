//! Feedback from listeners: validated by the core rule, then stored for the team.
pub mod repository;

use tingshu_core::feedback::{validate_feedback, FeedbackInput};

use crate::db::Db;
use crate::error::{ApiError, ApiResult};

/// Where a message came from, recorded beside it.
#[derive(Debug, Clone)]
pub struct Origin {
    pub language: String,
    pub user_agent: Option<String>,
}

/// Validates and stores a message; answers its id, or every broken field in the sender's language.
#[tracing::instrument(skip(db, input))]
pub async fn submit_feedback(db: &Db, input: &FeedbackInput, origin: Origin) -> ApiResult<i32> {
    let lang = tingshu_core::Lang::parse(&origin.language).unwrap_or_default();
    let feedback =
        validate_feedback(input, lang).map_err(|errors| ApiError::invalid_form(&errors, lang))?;
    let now_ms = crate::clock::now_ms();
    let txn = db.begin_write().await?;
    let id = repository::insert(&txn, &feedback, &origin, now_ms).await?;
    txn.commit().await?;
    Ok(id)
}

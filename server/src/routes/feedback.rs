//! `POST /api/feedback`: a listener's message to the team.
use crate::routes::registry::route;
use axum::{
    extract::State,
    http::{header, HeaderMap},
    Json,
};
use serde::Serialize;
use tingshu_core::{auth::access::Access, feedback::FeedbackInput};

use crate::{
    budgets::Budget,
    client::ClientAddr,
    error::{success, ApiResult, ErrorBody, Success},
    extract::{Body, RequestLang},
    feedback::{submit_feedback, Origin},
    routes::registry::ApiRoutes,
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    api.add(Access::Public, route!(create_feedback))
}

/// The id of the stored message.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Created {
    id: i32,
}

/// Sends a message to the team (category, 10 to 2,000 characters, an optional contact).
#[utoipa::path(post, path = "/feedback", tag = "feedback", request_body = FeedbackInput,
    responses((status = 200, body = Success<Created>),
        (status = 429, description = "Too many messages from this address", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn create_feedback(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    address: ClientAddr,
    headers: HeaderMap,
    Body(input): Body<FeedbackInput>,
) -> ApiResult<Json<Success<Created>>> {
    state.budgets.spend(Budget::Feedback, address, lang).await?;
    let user_agent = headers
        .get(header::USER_AGENT)
        .and_then(|value| value.to_str().ok())
        .map(|value| value.chars().take(512).collect());
    let origin = Origin {
        language: lang.code().to_owned(),
        user_agent,
    };
    let id = submit_feedback(&state.db, &input, origin).await?;
    Ok(success(Created { id }))
}

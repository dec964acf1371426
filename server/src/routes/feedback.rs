//! `POST /api/feedback`: a listener's message to the team.
use axum::{
    extract::State,
    http::{header, HeaderMap, Method},
    Json,
};
use serde::Serialize;
use tingshu_core::{auth::access::Access, feedback::FeedbackInput};

use crate::{
    budgets::Budget,
    client::ClientAddr,
    error::{success, ApiResult, Success},
    extract::{Body, RequestLang},
    feedback::{submit_feedback, Origin},
    routes::registry::ApiRoutes,
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    api.add(Method::POST, "/feedback", Access::Public, create_feedback)
}

#[derive(Debug, Serialize)]
pub struct Created {
    id: i32,
}

#[tracing::instrument(skip_all)]
async fn create_feedback(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    address: ClientAddr,
    headers: HeaderMap,
    Body(input): Body<FeedbackInput>,
) -> ApiResult<Json<Success<Created>>> {
    state.budgets.spend(Budget::Feedback, address, lang)?;
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

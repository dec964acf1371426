//! The HTTP surface: merges every feature's router under its prefix.
use axum::{extract::OriginalUri, http::Method, Router};

use crate::{error::ApiError, state::AppState};

pub mod feedback;
pub mod health;
pub mod i18n;
pub mod spa;

/// Every route of the server, with the app's files as the fallback.
pub fn router(state: AppState) -> Router {
    let api = Router::new()
        .merge(feedback::router())
        .fallback(api_not_found)
        .method_not_allowed_fallback(api_method_not_allowed);
    Router::new()
        .merge(health::router())
        .merge(i18n::router())
        .nest("/api", api)
        .fallback_service(spa::service(&state.config.static_dir))
        .with_state(state)
}

/// Unknown `/api/*` routes answer with the JSON error body, never with the app's page.
async fn api_not_found(method: Method, OriginalUri(uri): OriginalUri) -> ApiError {
    ApiError::NotFound(format!("No API route for {method} {}", uri.path()))
}

async fn api_method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed
}

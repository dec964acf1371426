//! `POST /api/auth/password-reset`: a user sets a new password with the one-time link an
//! administrator made for them (public; its own budget per address).
use crate::routes::registry::route;
use axum::{extract::State, Json};
use tingshu_core::auth::access::Access;

use crate::{
    accounts::Client,
    budgets::Budget,
    client::ClientAddr,
    error::{success, ApiResult, Nothing, Success},
    extract::Body,
    people_admin::password_reset::{self, PasswordResetRequest},
    routes::registry::ApiRoutes,
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    api.add(Access::Public, route!(reset_password))
}

/// Sets a new password with a reset link's token: the link is used up and every session of
/// the account is signed out. 400 on `token` for an unknown, used or expired link, on
/// `newPassword` for a password the rule refuses.
#[utoipa::path(post, path = "/auth/password-reset", tag = "auth",
    request_body = PasswordResetRequest,
    responses((status = 200, body = Success<Nothing>)))]
#[tracing::instrument(skip_all)]
async fn reset_password(
    State(state): State<AppState>,
    address: ClientAddr,
    client: Client,
    Body(request): Body<PasswordResetRequest>,
) -> ApiResult<Json<Success<Nothing>>> {
    state
        .budgets
        .spend(Budget::PasswordReset, address, client.lang)
        .await?;
    password_reset::reset(&state.people_admin, request, &client).await?;
    Ok(success(Nothing))
}

//! Who is calling: the access token checked against a live session and an active account,
//! then the route's requirement decided by the core's `authorize` rule.
pub mod cache;
pub mod middleware;

use axum::{extract::FromRequestParts, http::request::Parts};
use tingshu_core::{
    auth::{
        access::AccessDecision,
        account_state::{account_state, AccountStateInput},
    },
    Lang,
};

use crate::{entities::user, error::ApiError};

/// The core's `accountState`: a 403 "Account disabled" unless the account is active.
pub fn ensure_usable(user: &user::Model, lang: Lang) -> Result<(), ApiError> {
    match account_state(AccountStateInput {
        status: user.status.clone(),
    }) {
        AccessDecision::Allow => Ok(()),
        AccessDecision::Deny {
            status_code,
            status_message,
            code,
        } => Err(ApiError::denied(status_code, status_message, code, lang)),
    }
}

/// The signed-in caller, put into the request by the access middleware.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user: user::Model,
    pub session_id: String,
    pub permissions: Vec<String>,
}

/// Extracts the signed-in caller; a handler behind a non-public route always has one.
pub struct SignedIn(pub Caller);

impl<S: Send + Sync> FromRequestParts<S> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        parts
            .extensions
            .get::<Caller>()
            .cloned()
            .map(SignedIn)
            .ok_or_else(|| ApiError::auth_required(crate::error::words::said("api.auth.signIn")))
    }
}

/// Extracts the caller when there is one (public routes).
pub struct MaybeSignedIn(pub Option<Caller>);

impl<S: Send + Sync> FromRequestParts<S> for MaybeSignedIn {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(MaybeSignedIn(parts.extensions.get::<Caller>().cloned()))
    }
}

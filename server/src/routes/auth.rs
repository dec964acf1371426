//! `/api/auth/*`: register, sign in and out, refresh, the current user, profile and password.
use axum::{
    extract::{FromRequestParts, State},
    http::{header, request::Parts, Method},
    Json,
};
use serde::Deserialize;
use tingshu_core::auth::{
    access::Access,
    account::{ValidateProfileUpdateInput, ValidateRegistrationInput},
    messages,
};

use super::registry::ApiRoutes;
use crate::{
    accounts::{
        self,
        view::{SignedIn as SignedInBundle, Tokens, UserView},
        Client, LoginInput, PasswordChangeRequest,
    },
    auth::SignedIn,
    budgets::Budget,
    client::ClientAddr,
    error::{success, ApiError, ApiResult, Success},
    extract::{lang_of, Body, OptionalBody},
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    api.add(Method::POST, "/auth/register", Access::Public, register)
        .add(Method::POST, "/auth/login", Access::Public, login)
        .add(Method::POST, "/auth/refresh", Access::Public, refresh)
        .add(Method::POST, "/auth/logout", Access::Authenticated, logout)
        .add(Method::GET, "/auth/me", Access::Authenticated, get_me)
        .add(
            Method::PUT,
            "/auth/profile",
            Access::Authenticated,
            update_profile,
        )
        .add(
            Method::POST,
            "/auth/change-password",
            Access::Authenticated,
            change_password,
        )
}

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let ClientAddr(address) = ClientAddr::from_request_parts(parts, state).await?;
        let ip = Some(address.to_string());
        let user_agent = parts
            .headers
            .get(header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .map(|v| v.chars().take(512).collect());
        Ok(Client {
            ip,
            user_agent,
            lang: lang_of(&parts.headers),
        })
    }
}

/// `POST /api/auth/register` body.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RegistrationRequest {
    #[serde(default)]
    email: Option<String>,
    #[serde(default)]
    username: Option<String>,
    #[serde(default)]
    password: Option<String>,
}

/// `PUT /api/auth/profile` body: only the fields present change.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ProfileRequest {
    #[serde(default)]
    username: Option<String>,
    #[serde(default)]
    email: Option<String>,
    #[serde(default)]
    avatar_url: Option<String>,
    #[serde(default)]
    language: Option<String>,
    #[serde(default)]
    timezone: Option<String>,
}

#[tracing::instrument(skip_all)]
async fn register(
    State(state): State<AppState>,
    address: ClientAddr,
    client: Client,
    Body(input): Body<RegistrationRequest>,
) -> ApiResult<Json<Success<SignedInBundle>>> {
    state
        .budgets
        .spend(Budget::Register, address, client.lang)?;
    let input = ValidateRegistrationInput {
        email: input.email,
        username: input.username,
        password: input.password,
        lang: client.lang,
    };
    Ok(success(
        accounts::register(&state.db, &state.accounts, input, &client).await?,
    ))
}

#[tracing::instrument(skip_all)]
async fn login(
    State(state): State<AppState>,
    client: Client,
    Body(input): Body<LoginInput>,
) -> ApiResult<Json<Success<SignedInBundle>>> {
    Ok(success(
        accounts::login(&state.db, &state.accounts, input, &client).await?,
    ))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RefreshRequest {
    #[serde(default)]
    refresh_token: Option<String>,
}

#[tracing::instrument(skip_all)]
async fn refresh(
    State(state): State<AppState>,
    client: Client,
    Body(input): Body<RefreshRequest>,
) -> ApiResult<Json<Success<Tokens>>> {
    let token = input.refresh_token.unwrap_or_default();
    if token.is_empty() {
        let error = messages::required("refreshToken", client.lang);
        return Err(ApiError::Validation {
            message: tingshu_core::validation::summary(client.lang),
            fields: [(error.field, error.message)].into_iter().collect(),
        });
    }
    Ok(success(
        accounts::refresh(&state.db, &state.accounts, &token, &client).await?,
    ))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct LogoutRequest {
    #[serde(default)]
    session_id: Option<String>,
}

#[tracing::instrument(skip_all)]
async fn logout(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    OptionalBody(input): OptionalBody<LogoutRequest>,
) -> ApiResult<Json<Success<()>>> {
    let session_id = input
        .session_id
        .unwrap_or_else(|| caller.session_id.clone());
    accounts::logout(
        &state.db,
        &state.accounts,
        caller.user.id,
        &session_id,
        &client,
    )
    .await?;
    Ok(success(()))
}

#[tracing::instrument(skip_all)]
async fn get_me(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
) -> ApiResult<Json<Success<UserView>>> {
    Ok(success(
        accounts::current_user(&state.db, caller.user).await?,
    ))
}

#[tracing::instrument(skip_all)]
async fn update_profile(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    Body(input): Body<ProfileRequest>,
) -> ApiResult<Json<Success<UserView>>> {
    let input = ValidateProfileUpdateInput {
        username: input.username,
        email: input.email,
        avatar_url: input.avatar_url,
        language: input.language,
        timezone: input.timezone,
        lang: client.lang,
    };
    Ok(success(
        accounts::update_profile(&state.db, &state.accounts, caller.user, input, &client).await?,
    ))
}

#[tracing::instrument(skip_all)]
async fn change_password(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    Body(input): Body<PasswordChangeRequest>,
) -> ApiResult<Json<Success<()>>> {
    accounts::change_password(
        &state.db,
        &state.accounts,
        caller.user,
        &caller.session_id,
        input,
        &client,
    )
    .await?;
    Ok(success(()))
}

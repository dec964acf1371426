//! `/api/auth/*`: register, sign in and out, refresh, the current user, profile and password.
use crate::routes::registry::route;
use axum::{
    extract::{FromRequestParts, State},
    http::{header, request::Parts, HeaderName, HeaderValue},
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
    error::{success, ApiError, ApiResult, ErrorBody, Nothing, Success},
    extract::{Body, OptionalBody, RequestLang},
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    api.add(Access::Public, route!(register))
        .add(Access::Public, route!(login))
        .add(Access::Public, route!(refresh))
        .add(Access::Authenticated, route!(logout))
        .add(Access::Authenticated, route!(get_me))
        .add(Access::Authenticated, route!(update_profile))
        .add(Access::Authenticated, route!(change_password))
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
            lang: RequestLang::from_request_parts(parts, state).await?.0,
            device_cookie: accounts::device::from_headers(&parts.headers),
        })
    }
}

/// `POST /api/auth/register` body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
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
#[derive(Debug, Deserialize, utoipa::ToSchema)]
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
    /// Whether behaviour tracking may record this listener's events.
    #[serde(default)]
    tracking_enabled: Option<bool>,
}

/// A sign-in bundle with the device cookie that makes this browser a known device of the
/// account (`accounts::device`).
type WithDeviceCookie = (
    [(HeaderName, HeaderValue); 1],
    Json<Success<SignedInBundle>>,
);

fn with_device_cookie(state: &AppState, signed_in: SignedInBundle) -> WithDeviceCookie {
    let cookie = accounts::device::set_cookie(
        &state.accounts.keys,
        signed_in.user.id,
        state.config.is_https(),
    );
    ([(header::SET_COOKIE, cookie)], success(signed_in))
}

/// Creates a listener's account and signs them in. Sets the device cookie (HttpOnly), which
/// lets this browser sign in to the account while others' wrong guesses hold it back.
#[utoipa::path(post, path = "/auth/register", tag = "auth", request_body = RegistrationRequest,
    responses((status = 200, body = Success<SignedInBundle>),
        (status = 403, description = "Registration is closed (`registration_closed`)", body = ErrorBody),
        (status = 409, description = "The email or username is taken", body = ErrorBody),
        (status = 429, description = "Too many registrations from this address", body = ErrorBody),
        (status = 503, description = "Password hashing is at capacity; retry after `retryAfter`", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn register(
    State(state): State<AppState>,
    address: ClientAddr,
    client: Client,
    Body(input): Body<RegistrationRequest>,
) -> ApiResult<WithDeviceCookie> {
    if !state.settings.current().await.registration_open {
        return Err(ApiError::Forbidden {
            status_message: "Registration closed".to_owned(),
            code: "registration_closed".to_owned(),
            message: tingshu_core::i18n::texts::text(client.lang, "api.offers.registrationClosed")
                .to_owned(),
        });
    }
    state
        .budgets
        .spend(Budget::Register, address, client.lang)
        .await?;
    let input = ValidateRegistrationInput {
        email: input.email,
        username: input.username,
        password: input.password,
        lang: client.lang,
    };
    let signed_in = accounts::register(&state.db, &state.accounts, input, &client).await?;
    Ok(with_device_cookie(&state, signed_in))
}

/// Signs in with email or username and password. Sets the device cookie (HttpOnly): a browser
/// that carries the account's is judged on its own failures only, so others' wrong guesses
/// never keep it out; other clients wait, then are refused, after the account's failures.
#[utoipa::path(post, path = "/auth/login", tag = "auth", request_body = LoginInput,
    responses((status = 200, body = Success<SignedInBundle>),
        (status = 401, description = "Wrong email, username or password", body = ErrorBody),
        (status = 403, description = "The account is disabled", body = ErrorBody),
        (status = 429, description = "Too many failed attempts", body = ErrorBody),
        (status = 503, description = "Password hashing is at capacity; retry after `retryAfter`", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn login(
    State(state): State<AppState>,
    client: Client,
    Body(input): Body<LoginInput>,
) -> ApiResult<WithDeviceCookie> {
    let signed_in = accounts::login(&state.db, &state.accounts, input, &client).await?;
    Ok(with_device_cookie(&state, signed_in))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct RefreshRequest {
    #[serde(default)]
    refresh_token: Option<String>,
}

/// Trades a refresh token for new tokens (the old refresh token stops working).
#[utoipa::path(post, path = "/auth/refresh", tag = "auth", request_body = RefreshRequest,
    responses((status = 200, body = Success<Tokens>),
        (status = 401, description = "The refresh token is unknown, used or expired", body = ErrorBody),
        (status = 403, description = "The account is disabled", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn refresh(
    State(state): State<AppState>,
    client: Client,
    Body(input): Body<RefreshRequest>,
) -> ApiResult<Json<Success<Tokens>>> {
    let token = input.refresh_token.unwrap_or_default();
    if token.is_empty() {
        let error = messages::required("refreshToken", client.lang);
        return Err(ApiError::invalid_field(
            &error.field,
            error.message,
            client.lang,
        ));
    }
    Ok(success(
        accounts::refresh(&state.db, &state.accounts, &token, &client).await?,
    ))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct LogoutRequest {
    #[serde(default)]
    session_id: Option<String>,
}

/// Ends a session of the caller (the current one when `sessionId` is absent).
#[utoipa::path(post, path = "/auth/logout", tag = "auth",
    request_body(content = Option<LogoutRequest>),
    responses((status = 200, body = Success<Nothing>)))]
#[tracing::instrument(skip_all)]
async fn logout(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    OptionalBody(input): OptionalBody<LogoutRequest>,
) -> ApiResult<Json<Success<Nothing>>> {
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
    Ok(success(Nothing))
}

/// The signed-in user with their roles and permissions.
#[utoipa::path(get, path = "/auth/me", tag = "auth",
    responses((status = 200, body = Success<UserView>)))]
#[tracing::instrument(skip_all)]
async fn get_me(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
) -> ApiResult<Json<Success<UserView>>> {
    Ok(success(
        accounts::current_user(&state.db, caller.user).await?,
    ))
}

/// Changes the fields present: username, email, avatar, language, time zone.
#[utoipa::path(put, path = "/auth/profile", tag = "auth", request_body = ProfileRequest,
    responses((status = 200, body = Success<UserView>),
        (status = 409, description = "The email or username is taken", body = ErrorBody)))]
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
        tracking_enabled: input.tracking_enabled,
        lang: client.lang,
    };
    Ok(success(
        accounts::update_profile(&state.db, &state.accounts, caller.user, input, &client).await?,
    ))
}

/// Changes the password after checking the current one; other sessions are signed out.
#[utoipa::path(post, path = "/auth/change-password", tag = "auth",
    request_body = PasswordChangeRequest,
    responses((status = 200, body = Success<Nothing>),
        (status = 429, description = "Too many wrong current passwords for this account", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn change_password(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    Body(input): Body<PasswordChangeRequest>,
) -> ApiResult<Json<Success<Nothing>>> {
    accounts::change_password(
        &state.db,
        &state.accounts,
        caller.user,
        &caller.session_id,
        input,
        &client,
    )
    .await?;
    Ok(success(Nothing))
}

//! Accounts: registration, sign-in with throttling, token refresh with reuse detection,
//! sign-out, profile and password changes. Rules come from the core; storage from `repository`.
pub mod events;
pub mod password;
pub mod repository;
pub mod tokens;
pub mod view;

use std::collections::BTreeMap;

use sea_orm::{DatabaseConnection, DbErr, Set, SqlErr, TransactionTrait};
use tingshu_core::{
    auth::{
        account::{
            normalize_account_name, validate_password_change, validate_profile_update,
            validate_registration, PasswordChangeValidation, ProfileUpdateValidation,
            RegistrationValidation, ValidatePasswordChangeInput, ValidateProfileUpdateInput,
            ValidateRegistrationInput,
        },
        messages,
        throttle::{login_throttle, LoginThrottleInput, THROTTLE_WINDOW_MS},
    },
    validation::FieldError,
    Lang,
};

use self::{
    events::{Actor, EventKind, FailureScope},
    password::HashCost,
    repository::{NewUser, UserWithGrants},
    tokens::{hash_refresh_token, new_refresh_token, TokenKeys, REFRESH_TOKEN_TTL_MS},
    view::{SignedIn, Tokens, UserView},
};
use crate::{
    entities::user,
    error::{ApiError, ApiResult},
};

/// What the account services need besides the database.
#[derive(Clone)]
pub struct AccountSettings {
    pub keys: TokenKeys,
    pub hash_cost: HashCost,
    /// The hash of a random password, verified when the account does not exist so that a
    /// wrong email takes as long as a wrong password.
    absent_user_hash: String,
}

impl AccountSettings {
    pub async fn new(keys: TokenKeys, hash_cost: HashCost) -> anyhow::Result<Self> {
        let absent_user_hash = password::hash_password(new_refresh_token(), hash_cost).await?;
        Ok(Self {
            keys,
            hash_cost,
            absent_user_hash,
        })
    }
}

/// Where a request comes from: recorded with sessions and events.
#[derive(Debug, Clone, Default)]
pub struct Client {
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    pub lang: Lang,
}

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

fn validation_error(errors: &[FieldError], lang: Lang) -> ApiError {
    ApiError::Validation {
        message: tingshu_core::validation::summary(lang),
        fields: errors
            .iter()
            .map(|e| (e.field.clone(), e.message.clone()))
            .collect(),
    }
}

/// Maps a unique-constraint violation on users to a 409 naming the field.
fn conflict_or_internal(error: DbErr, lang: Lang) -> ApiError {
    match error.sql_err() {
        Some(SqlErr::UniqueConstraintViolation(detail)) => {
            let field = if detail.contains("username") {
                "username"
            } else {
                "email"
            };
            taken(field, lang)
        }
        _ => error.into(),
    }
}

fn taken(field: &str, lang: Lang) -> ApiError {
    let message = messages::taken(field, lang);
    let code = if field == "username" {
        "username_taken"
    } else {
        "email_taken"
    };
    let mut fields = BTreeMap::new();
    fields.insert(field.to_owned(), message.clone());
    ApiError::Conflict {
        code,
        message,
        fields,
    }
}

/// Creates an account (role `user`) and signs it in.
#[tracing::instrument(skip_all)]
pub async fn register(
    db: &DatabaseConnection,
    settings: &AccountSettings,
    input: ValidateRegistrationInput,
    client: &Client,
) -> ApiResult<SignedIn> {
    let password = input.password.clone().unwrap_or_default();
    let registration = match validate_registration(input) {
        RegistrationValidation::Valid { registration } => registration,
        RegistrationValidation::Invalid { errors } => {
            return Err(validation_error(&errors, client.lang))
        }
    };
    if repository::taken(
        db,
        user::Column::EmailNormalized,
        &registration.email_normalized,
        None,
    )
    .await?
    {
        return Err(taken("email", client.lang));
    }
    if repository::taken(
        db,
        user::Column::UsernameNormalized,
        &registration.username_normalized,
        None,
    )
    .await?
    {
        return Err(taken("username", client.lang));
    }
    let password_hash = password::hash_password(password, settings.hash_cost).await?;
    let now = now_ms();
    let txn = db.begin().await?;
    let created = repository::insert_user(
        &txn,
        NewUser {
            email: &registration.email,
            email_normalized: &registration.email_normalized,
            username: &registration.username,
            username_normalized: &registration.username_normalized,
            password_hash: &password_hash,
            user_type: "user",
            language: client.lang.code(),
            now_ms: now,
        },
    )
    .await
    .map_err(|error| conflict_or_internal(error, client.lang))?;
    repository::grant_role(&txn, created.id, "user").await?;
    let actor = Actor {
        user_id: Some(created.id),
        account: Some(registration.email_normalized.clone()),
        ..actor(client)
    };
    events::record(&txn, EventKind::Registered, &actor, now).await?;
    let signed_in = open_session(&txn, settings, created, client, now).await?;
    txn.commit().await?;
    Ok(signed_in)
}

fn actor(client: &Client) -> Actor {
    Actor {
        user_id: None,
        account: None,
        ip: client.ip.clone(),
        user_agent: client.user_agent.clone(),
    }
}

/// Starts a session for a user and answers the sign-in bundle.
async fn open_session(
    db: &impl sea_orm::ConnectionTrait,
    settings: &AccountSettings,
    user: user::Model,
    client: &Client,
    now: i64,
) -> ApiResult<SignedIn> {
    let session_id = uuid::Uuid::new_v4().to_string();
    let refresh_token = new_refresh_token();
    repository::insert_session(
        db,
        repository::NewSession {
            id: &session_id,
            user_id: user.id,
            user_agent: client.user_agent.clone(),
            ip: client.ip.clone(),
            refresh_hash: &hash_refresh_token(&refresh_token),
            now_ms: now,
            expires_at_ms: now + REFRESH_TOKEN_TTL_MS,
        },
    )
    .await?;
    let access = settings.keys.issue(user.id, &session_id, now)?;
    let user = repository::with_grants(db, user).await?;
    Ok(SignedIn {
        user: user.into(),
        tokens: Tokens {
            access_token: access.token,
            refresh_token,
            expires_in: access.expires_at_ms,
        },
        session_id,
    })
}

/// Credentials as sent to `POST /api/auth/login`; `email` may also be the username.
#[derive(Debug, Clone, Default, serde::Deserialize)]
pub struct LoginInput {
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub password: Option<String>,
}

/// Signs in with email or username and password, after the throttle allows the attempt.
#[tracing::instrument(skip_all)]
pub async fn login(
    db: &DatabaseConnection,
    settings: &AccountSettings,
    input: LoginInput,
    client: &Client,
) -> ApiResult<SignedIn> {
    let account = input
        .email
        .as_deref()
        .map(normalize_account_name)
        .unwrap_or_default();
    let password = input.password.unwrap_or_default();
    let mut missing = Vec::new();
    if account.is_empty() {
        missing.push(messages::required("email", client.lang));
    }
    if password.is_empty() {
        missing.push(messages::required("password", client.lang));
    }
    if !missing.is_empty() {
        return Err(validation_error(&missing, client.lang));
    }
    let now = now_ms();
    let actor = Actor {
        account: Some(account.clone()),
        ..actor(client)
    };
    check_throttle(db, &account, client, now, &actor).await?;
    let found = repository::find_by_account(db, &account).await?;
    let stored_hash = found.as_ref().map_or_else(
        || settings.absent_user_hash.clone(),
        |u| u.password_hash.clone(),
    );
    let matches = password::verify_password(password, stored_hash).await?;
    let user = match found {
        Some(user) if matches => user,
        _ => {
            events::record(db, EventKind::LoginFailed, &actor, now).await?;
            return Err(ApiError::Unauthenticated {
                status_message: "Invalid credentials",
                code: "invalid_credentials",
                message: messages::invalid_credentials(client.lang),
            });
        }
    };
    let actor = Actor {
        user_id: Some(user.id),
        ..actor
    };
    if user.status != "active" {
        events::record(db, EventKind::LoginDisabled, &actor, now).await?;
        return Err(account_disabled(client.lang));
    }
    let txn = db.begin().await?;
    events::record(&txn, EventKind::LoginSucceeded, &actor, now).await?;
    let user = repository::update_user(
        &txn,
        user::ActiveModel {
            id: Set(user.id),
            last_login_at: Set(Some(now)),
            ..Default::default()
        },
    )
    .await?;
    let signed_in = open_session(&txn, settings, user, client, now).await?;
    txn.commit().await?;
    Ok(signed_in)
}

async fn check_throttle(
    db: &DatabaseConnection,
    account: &str,
    client: &Client,
    now: i64,
    actor: &Actor,
) -> ApiResult<()> {
    let since = now - THROTTLE_WINDOW_MS;
    let account_failures =
        events::failures_since(db, FailureScope::Account(account), since).await?;
    let ip_failures = match &client.ip {
        Some(ip) => events::failures_since(db, FailureScope::Ip(ip), since).await?,
        None => Vec::new(),
    };
    let decision = login_throttle(LoginThrottleInput {
        account_failures_ms: account_failures.iter().map(|&t| t as f64).collect(),
        ip_failures_ms: ip_failures.iter().map(|&t| t as f64).collect(),
        now_ms: now as f64,
    });
    let Some(retry_after_secs) = decision.retry_after_secs() else {
        return Ok(());
    };
    let retry_after_secs = retry_after_secs.max(1);
    events::record(db, EventKind::LoginThrottled, actor, now).await?;
    Err(ApiError::TooManyRequests {
        retry_after_secs,
        message: messages::too_many_attempts(retry_after_secs, client.lang),
    })
}

fn account_disabled(lang: Lang) -> ApiError {
    ApiError::Forbidden {
        status_message: "Account disabled".into(),
        code: "account_disabled".into(),
        message: messages::account_disabled(lang),
    }
}

fn invalid_refresh(code: &'static str, lang: Lang) -> ApiError {
    ApiError::Unauthenticated {
        status_message: "Authentication required",
        code,
        message: messages::session_expired(lang),
    }
}

/// Exchanges a refresh token for new tokens; a token used twice revokes its whole session.
#[tracing::instrument(skip_all)]
pub async fn refresh(
    db: &DatabaseConnection,
    settings: &AccountSettings,
    refresh_token: &str,
    client: &Client,
) -> ApiResult<Tokens> {
    let now = now_ms();
    let Some(token) =
        repository::find_refresh_token(db, &hash_refresh_token(refresh_token)).await?
    else {
        return Err(invalid_refresh("invalid_refresh_token", client.lang));
    };
    let Some(session) = repository::find_session(db, &token.session_id).await? else {
        return Err(invalid_refresh("invalid_refresh_token", client.lang));
    };
    if token.rotated_at.is_some() {
        return Err(revoke_reused(db, &session, client, now).await);
    }
    if session.revoked_at.is_some() || session.expires_at <= now || token.expires_at <= now {
        return Err(invalid_refresh("invalid_refresh_token", client.lang));
    }
    let user = repository::find_by_id(db, session.user_id)
        .await?
        .ok_or_else(|| invalid_refresh("invalid_refresh_token", client.lang))?;
    if user.status != "active" {
        return Err(account_disabled(client.lang));
    }
    let next = new_refresh_token();
    let txn = db.begin().await?;
    if !repository::mark_rotated(&txn, token.id, now).await? {
        txn.rollback().await?;
        return Err(revoke_reused(db, &session, client, now).await);
    }
    repository::insert_refresh_token(
        &txn,
        &session.id,
        &hash_refresh_token(&next),
        now,
        now + REFRESH_TOKEN_TTL_MS,
    )
    .await?;
    repository::touch_session(&txn, &session.id, now, now + REFRESH_TOKEN_TTL_MS).await?;
    txn.commit().await?;
    let access = settings.keys.issue(user.id, &session.id, now)?;
    Ok(Tokens {
        access_token: access.token,
        refresh_token: next,
        expires_in: access.expires_at_ms,
    })
}

/// A rotated refresh token came back: someone else holds a copy. The whole session ends.
async fn revoke_reused(
    db: &DatabaseConnection,
    session: &crate::entities::session::Model,
    client: &Client,
    now: i64,
) -> ApiError {
    let revoked = async {
        repository::revoke_sessions(
            db,
            session.user_id,
            Some(&session.id),
            None,
            "refresh_reused",
            now,
        )
        .await?;
        let actor = Actor {
            user_id: Some(session.user_id),
            ..actor(client)
        };
        events::record(db, EventKind::RefreshReused, &actor, now).await
    };
    if let Err(error) = revoked.await {
        return error.into();
    }
    tracing::warn!(session = %session.id, "a rotated refresh token was presented again; session revoked");
    invalid_refresh("refresh_token_reused", client.lang)
}

/// Ends one of the user's own sessions.
#[tracing::instrument(skip_all)]
pub async fn logout(
    db: &DatabaseConnection,
    user_id: i32,
    session_id: &str,
    client: &Client,
) -> ApiResult<()> {
    let now = now_ms();
    repository::revoke_sessions(db, user_id, Some(session_id), None, "logout", now).await?;
    events::record(
        db,
        EventKind::Logout,
        &Actor {
            user_id: Some(user_id),
            ..actor(client)
        },
        now,
    )
    .await?;
    Ok(())
}

/// The signed-in user as the API shows it.
pub async fn current_user(db: &DatabaseConnection, user: user::Model) -> ApiResult<UserView> {
    Ok(repository::with_grants(db, user).await?.into())
}

/// Applies a profile change (username, email, avatar, language, time zone).
#[tracing::instrument(skip_all)]
pub async fn update_profile(
    db: &DatabaseConnection,
    current: user::Model,
    input: ValidateProfileUpdateInput,
    client: &Client,
) -> ApiResult<UserView> {
    let update = match validate_profile_update(input) {
        ProfileUpdateValidation::Valid { profile } => profile,
        ProfileUpdateValidation::Invalid { errors } => {
            return Err(validation_error(&errors, client.lang))
        }
    };
    let mut changes = user::ActiveModel {
        id: Set(current.id),
        updated_at: Set(now_ms()),
        ..Default::default()
    };
    if let (Some(username), Some(normalized)) = (update.username, update.username_normalized) {
        if repository::taken(
            db,
            user::Column::UsernameNormalized,
            &normalized,
            Some(current.id),
        )
        .await?
        {
            return Err(taken("username", client.lang));
        }
        changes.username = Set(username);
        changes.username_normalized = Set(normalized);
    }
    if let (Some(email), Some(normalized)) = (update.email, update.email_normalized) {
        if repository::taken(
            db,
            user::Column::EmailNormalized,
            &normalized,
            Some(current.id),
        )
        .await?
        {
            return Err(taken("email", client.lang));
        }
        changes.email = Set(email);
        changes.email_normalized = Set(normalized);
    }
    if let Some(avatar_url) = update.avatar_url {
        changes.avatar_url = Set((!avatar_url.is_empty()).then_some(avatar_url));
    }
    if let Some(language) = update.language {
        changes.language = Set(language.code().to_owned());
    }
    if let Some(timezone) = update.timezone {
        changes.timezone = Set(timezone);
    }
    let saved = repository::update_user(db, changes)
        .await
        .map_err(|error| conflict_or_internal(error, client.lang))?;
    Ok(repository::with_grants(db, saved).await?.into())
}

/// A password change as sent: the current password and the new one.
#[derive(Debug, Clone, Default, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PasswordChangeRequest {
    #[serde(default)]
    pub current_password: Option<String>,
    #[serde(default)]
    pub new_password: Option<String>,
}

/// Changes the password after checking the current one; every other session is signed out.
#[tracing::instrument(skip_all)]
pub async fn change_password(
    db: &DatabaseConnection,
    settings: &AccountSettings,
    current: user::Model,
    session_id: &str,
    input: PasswordChangeRequest,
    client: &Client,
) -> ApiResult<()> {
    let current_password = input.current_password.clone().unwrap_or_default();
    let new_password = input.new_password.clone().unwrap_or_default();
    let validation = validate_password_change(ValidatePasswordChangeInput {
        current_password: input.current_password,
        new_password: input.new_password,
        username: current.username.clone(),
        email: current.email.clone(),
        lang: client.lang,
    });
    if let PasswordChangeValidation::Invalid { errors } = validation {
        return Err(validation_error(&errors, client.lang));
    }
    if !password::verify_password(current_password, current.password_hash.clone()).await? {
        let message = messages::wrong_password(client.lang);
        let mut fields = BTreeMap::new();
        fields.insert("currentPassword".to_owned(), message.clone());
        return Err(ApiError::Validation { message, fields });
    }
    let new_hash = password::hash_password(new_password, settings.hash_cost).await?;
    let now = now_ms();
    let txn = db.begin().await?;
    repository::update_user(
        &txn,
        user::ActiveModel {
            id: Set(current.id),
            password_hash: Set(new_hash),
            updated_at: Set(now),
            ..Default::default()
        },
    )
    .await?;
    repository::revoke_sessions(
        &txn,
        current.id,
        None,
        Some(session_id),
        "password_changed",
        now,
    )
    .await?;
    events::record(
        &txn,
        EventKind::PasswordChanged,
        &Actor {
            user_id: Some(current.id),
            ..actor(client)
        },
        now,
    )
    .await?;
    txn.commit().await?;
    Ok(())
}

/// Creates an administrator (user type `admin`, role `admin`); used by `tingshu create-admin` and the demo seed.
pub async fn create_admin(
    db: &DatabaseConnection,
    settings: &AccountSettings,
    email: &str,
    username: &str,
    password: &str,
) -> ApiResult<UserWithGrants> {
    let lang = Lang::En;
    let registration = match validate_registration(ValidateRegistrationInput {
        email: Some(email.to_owned()),
        username: Some(username.to_owned()),
        password: Some(password.to_owned()),
        lang,
    }) {
        RegistrationValidation::Valid { registration } => registration,
        RegistrationValidation::Invalid { errors } => return Err(validation_error(&errors, lang)),
    };
    let password_hash = password::hash_password(password.to_owned(), settings.hash_cost).await?;
    let now = now_ms();
    let txn = db.begin().await?;
    let created = repository::insert_user(
        &txn,
        NewUser {
            email: &registration.email,
            email_normalized: &registration.email_normalized,
            username: &registration.username,
            username_normalized: &registration.username_normalized,
            password_hash: &password_hash,
            user_type: "admin",
            language: "zh",
            now_ms: now,
        },
    )
    .await
    .map_err(|error| conflict_or_internal(error, lang))?;
    repository::grant_role(&txn, created.id, "admin").await?;
    let with_grants = repository::with_grants(&txn, created).await?;
    txn.commit().await?;
    Ok(with_grants)
}

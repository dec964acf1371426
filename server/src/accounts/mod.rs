//! Accounts: registration, sign-in with throttling, token refresh with reuse detection,
//! sign-out, profile and password changes. Rules come from the core; storage from `repository`.
pub mod device;
pub mod events;
pub mod password;
pub mod repository;
pub mod throttle;
pub mod tokens;
pub mod user_agent;
pub mod view;

use std::collections::BTreeMap;

use sea_orm::{DbErr, Set, SqlErr};
use tingshu_core::{
    auth::{
        account::{
            normalize_email, normalize_username, validate_password_change, validate_profile_update,
            validate_registration, PasswordChangeValidation, ProfileUpdateValidation,
            RegistrationValidation, ValidatePasswordChangeInput, ValidateProfileUpdateInput,
            ValidateRegistrationInput,
        },
        messages,
        refresh::{rotated_refresh, RotatedRefresh, RotatedRefreshInput},
    },
    Lang,
};

use self::{
    events::{Actor, EventKind},
    password::{HashCost, HashPool},
    repository::{NewUser, UserWithGrants},
    throttle::Target,
    tokens::{hash_refresh_token, new_refresh_token, TokenKeys, REFRESH_TOKEN_TTL_MS},
    view::{SignedIn, Tokens, UserView},
};
use crate::clock::now_ms;
use crate::{
    auth::cache::CallerCache,
    db::Db,
    entities::user,
    error::{ApiError, ApiResult},
};

/// What the account services need besides the database.
#[derive(Clone)]
pub struct AccountSettings {
    pub keys: TokenKeys,
    pub hash_cost: HashCost,
    /// Where every hash and verification runs: at most one per core at once.
    pub hashing: HashPool,
    /// The hash of a random password, verified when the account does not exist so that a
    /// wrong email takes as long as a wrong password.
    absent_user_hash: String,
    /// Sessions and accounts the access middleware checked a moment ago; every service here
    /// that revokes a session or changes an account forgets them once it has committed.
    pub callers: CallerCache,
}

impl AccountSettings {
    pub async fn new(keys: TokenKeys, hash_cost: HashCost) -> anyhow::Result<Self> {
        let absent_user_hash = password::hash_password(new_refresh_token(), hash_cost).await?;
        Ok(Self {
            keys,
            hash_cost,
            hashing: HashPool::per_core(),
            absent_user_hash,
            callers: CallerCache::default(),
        })
    }
}

/// Where a request comes from: recorded with sessions and events.
#[derive(Debug, Clone, Default)]
pub struct Client {
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    pub lang: Lang,
    /// The device cookie the request carried (see `device`), not yet verified.
    pub device_cookie: Option<String>,
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
    db: &Db,
    settings: &AccountSettings,
    input: ValidateRegistrationInput,
    client: &Client,
) -> ApiResult<SignedIn> {
    let password = input.password.clone().unwrap_or_default();
    let registration = match validate_registration(input) {
        RegistrationValidation::Valid { registration } => registration,
        RegistrationValidation::Invalid { errors } => {
            return Err(ApiError::invalid_form(&errors, client.lang))
        }
    };
    let email_normalized = normalize_email(&registration.email);
    let username_normalized = normalize_username(&registration.username);
    if repository::taken(db, user::Column::EmailNormalized, &email_normalized, None).await? {
        return Err(taken("email", client.lang));
    }
    if repository::taken(
        db,
        user::Column::UsernameNormalized,
        &username_normalized,
        None,
    )
    .await?
    {
        return Err(taken("username", client.lang));
    }
    let password_hash = settings
        .hashing
        .hash(password, settings.hash_cost, client.lang)
        .await?;
    let now = now_ms();
    let txn = db.begin_write().await?;
    let created = repository::insert_user(
        &txn,
        NewUser {
            email: &registration.email,
            email_normalized: &email_normalized,
            username: &registration.username,
            username_normalized: &username_normalized,
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
        account: Some(email_normalized),
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
        user: user.try_into()?,
        tokens: Tokens {
            access_token: access.token,
            refresh_token,
            expires_in: access.expires_at_ms,
        },
        session_id,
    })
}

/// Credentials as sent to `POST /api/auth/login`; `email` may also be the username.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
pub struct LoginInput {
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub password: Option<String>,
}

/// Signs in with email or username and password. The attempt is counted against the account
/// before the password is checked (see `throttle`). A browser with the account's device cookie
/// is judged on its own failures only, so others' guesses never keep it out; any other client
/// waits on the account's failures from unknown devices, and may be held a little when its
/// address failed often.
#[tracing::instrument(skip_all)]
pub async fn login(
    db: &Db,
    settings: &AccountSettings,
    input: LoginInput,
    client: &Client,
) -> ApiResult<SignedIn> {
    let typed = input.email.as_deref().unwrap_or_default();
    let account = normalize_email(typed);
    let password = input.password.unwrap_or_default();
    let mut missing = Vec::new();
    if account.is_empty() {
        missing.push(messages::required("email", client.lang));
    }
    if password.is_empty() {
        missing.push(messages::required("password", client.lang));
    }
    if !missing.is_empty() {
        return Err(ApiError::invalid_form(&missing, client.lang));
    }
    let now = now_ms();
    let found = repository::find_by_account(db, &account, &normalize_username(typed)).await?;
    let actor = Actor {
        user_id: found.as_ref().map(|user| user.id),
        account: Some(account.clone()),
        ..actor(client)
    };
    let target = match &found {
        Some(user) => Target::User {
            id: user.id,
            last_login_at: user.last_login_at,
        },
        None => Target::Unknown(&account),
    };
    let device = found.as_ref().and_then(|user| {
        device::recognise(&settings.keys, client.device_cookie.as_deref(), user.id)
    });
    let attempt = throttle::check_in(
        db,
        target,
        device.as_deref(),
        EventKind::LoginFailed,
        &actor,
        client.lang,
        now,
    )
    .await?;
    attempt.hold().await;
    let stored_hash = found.as_ref().map_or_else(
        || settings.absent_user_hash.clone(),
        |u| u.password_hash.clone(),
    );
    let matches = match settings
        .hashing
        .verify(password, stored_hash, client.lang)
        .await
    {
        Ok(matches) => matches,
        Err(error) => {
            attempt.not_checked(db).await?;
            return Err(error);
        }
    };
    let user = match found {
        Some(user) if matches => user,
        // The attempt stays recorded as a failure.
        _ => {
            return Err(ApiError::Unauthenticated {
                status_message: "Invalid credentials",
                code: "invalid_credentials",
                message: messages::invalid_credentials(client.lang),
            })
        }
    };
    if let Err(refused) = crate::auth::ensure_usable(&user, client.lang) {
        let txn = db.begin_write().await?;
        attempt.succeeded(&txn, EventKind::LoginDisabled).await?;
        txn.commit().await?;
        return Err(refused);
    }
    let txn = db.begin_write().await?;
    attempt.succeeded(&txn, EventKind::LoginSucceeded).await?;
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
    settings.callers.forget_account(signed_in.user.id).await;
    Ok(signed_in)
}

fn invalid_refresh(code: &'static str, lang: Lang) -> ApiError {
    ApiError::Unauthenticated {
        status_message: "Authentication required",
        code,
        message: messages::session_expired(lang),
    }
}

/// Exchanges a refresh token for new tokens. The successor is derived from the presented
/// token, so the same token presented again within core's `ROTATION_GRACE_MS` (10 s) of its exchange (a
/// second tab, or two requests racing) answers the same pair; later, it is a stolen copy and
/// the whole session is revoked (core's `rotatedRefresh`).
#[tracing::instrument(skip_all)]
pub async fn refresh(
    db: &Db,
    settings: &AccountSettings,
    refresh_token: &str,
    client: &Client,
) -> ApiResult<Tokens> {
    let now = now_ms();
    let presented_hash = hash_refresh_token(refresh_token);
    let Some(token) = repository::find_refresh_token(db, &presented_hash).await? else {
        return Err(invalid_refresh("invalid_refresh_token", client.lang));
    };
    let Some(session) = repository::find_session(db, &token.session_id).await? else {
        return Err(invalid_refresh("invalid_refresh_token", client.lang));
    };
    if session.revoked_at.is_some() || session.expires_at <= now || token.expires_at <= now {
        return Err(invalid_refresh("invalid_refresh_token", client.lang));
    }
    let user = repository::find_by_id(db, session.user_id)
        .await?
        .ok_or_else(|| invalid_refresh("invalid_refresh_token", client.lang))?;
    crate::auth::ensure_usable(&user, client.lang)?;
    let successor = settings.keys.successor_refresh_token(refresh_token);
    let rotated_at = match token.rotated_at {
        Some(rotated_at) => rotated_at,
        None => rotate(db, &token, &presented_hash, &successor, now).await?,
    };
    let again = rotated_refresh(RotatedRefreshInput {
        rotated_at_ms: rotated_at as f64,
        now_ms: now as f64,
    });
    if again == RotatedRefresh::Replay {
        return Err(revoke_reused(db, settings, &session, client, now).await);
    }
    // Issued as of the rotation, so every answer for this exchange is the same pair.
    let access = settings.keys.issue(user.id, &session.id, rotated_at)?;
    Ok(Tokens {
        access_token: access.token,
        refresh_token: successor,
        expires_in: access.expires_at_ms,
    })
}

/// Exchanges `token` for `successor` and answers when it was rotated: now, or — when a
/// racing request exchanged it first — that request's time.
async fn rotate(
    db: &Db,
    token: &crate::entities::refresh_token::Model,
    presented_hash: &str,
    successor: &str,
    now: i64,
) -> ApiResult<i64> {
    let txn = db.begin_write().await?;
    if !repository::mark_rotated(&txn, token.id, now).await? {
        let rotated_at = repository::find_refresh_token(&txn, presented_hash)
            .await?
            .and_then(|stored| stored.rotated_at)
            .unwrap_or(now);
        txn.rollback().await?;
        return Ok(rotated_at);
    }
    repository::insert_refresh_token(
        &txn,
        &token.session_id,
        &hash_refresh_token(successor),
        now,
        now + REFRESH_TOKEN_TTL_MS,
    )
    .await?;
    repository::touch_session(&txn, &token.session_id, now, now + REFRESH_TOKEN_TTL_MS).await?;
    txn.commit().await?;
    Ok(now)
}

/// A rotated refresh token came back: someone else holds a copy. The whole session ends.
async fn revoke_reused(
    db: &Db,
    settings: &AccountSettings,
    session: &crate::entities::session::Model,
    client: &Client,
    now: i64,
) -> ApiError {
    let revoked = async {
        let txn = db.begin_write().await?;
        repository::revoke_sessions(
            &txn,
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
        events::record(&txn, EventKind::RefreshReused, &actor, now).await?;
        txn.commit().await
    };
    if let Err(error) = revoked.await {
        return error;
    }
    settings.callers.forget_session(&session.id).await;
    tracing::warn!(session = %session.id, "a rotated refresh token was presented again; session revoked");
    invalid_refresh("refresh_token_reused", client.lang)
}

/// Ends one of the user's own sessions.
#[tracing::instrument(skip_all)]
pub async fn logout(
    db: &Db,
    settings: &AccountSettings,
    user_id: i32,
    session_id: &str,
    client: &Client,
) -> ApiResult<()> {
    let now = now_ms();
    let txn = db.begin_write().await?;
    repository::revoke_sessions(&txn, user_id, Some(session_id), None, "logout", now).await?;
    events::record(
        &txn,
        EventKind::Logout,
        &Actor {
            user_id: Some(user_id),
            ..actor(client)
        },
        now,
    )
    .await?;
    txn.commit().await?;
    settings.callers.forget_session(session_id).await;
    Ok(())
}

/// The signed-in user as the API shows it.
pub async fn current_user(db: &Db, user: user::Model) -> ApiResult<UserView> {
    Ok(repository::with_grants(db, user).await?.try_into()?)
}

/// Applies a profile change (username, email, avatar, language, time zone).
#[tracing::instrument(skip_all)]
pub async fn update_profile(
    db: &Db,
    settings: &AccountSettings,
    current: user::Model,
    input: ValidateProfileUpdateInput,
    client: &Client,
) -> ApiResult<UserView> {
    let update = match validate_profile_update(input) {
        ProfileUpdateValidation::Valid { profile } => profile,
        ProfileUpdateValidation::Invalid { errors } => {
            return Err(ApiError::invalid_form(&errors, client.lang))
        }
    };
    let mut changes = user::ActiveModel {
        id: Set(current.id),
        updated_at: Set(now_ms()),
        ..Default::default()
    };
    if let Some(username) = update.username {
        let normalized = normalize_username(&username);
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
    if let Some(email) = update.email {
        let normalized = normalize_email(&email);
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
    if let Some(tracking_enabled) = update.tracking_enabled {
        changes.tracking_enabled = Set(tracking_enabled);
    }
    let txn = db.begin_write().await?;
    let saved = repository::update_user(&txn, changes)
        .await
        .map_err(|error| conflict_or_internal(error, client.lang))?;
    let view: UserView = repository::with_grants(&txn, saved).await?.try_into()?;
    txn.commit().await?;
    settings.callers.forget_account(view.id).await;
    Ok(view)
}

/// A password change as sent: the current password and the new one.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
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
    db: &Db,
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
        return Err(ApiError::invalid_form(&errors, client.lang));
    }
    // The current password is throttled like a sign-in to the same account.
    let actor = Actor {
        user_id: Some(current.id),
        account: Some(current.email_normalized.clone()),
        ..actor(client)
    };
    let target = Target::User {
        id: current.id,
        last_login_at: current.last_login_at,
    };
    let device = device::recognise(&settings.keys, client.device_cookie.as_deref(), current.id);
    let attempt = throttle::check_in(
        db,
        target,
        device.as_deref(),
        EventKind::PasswordCheckFailed,
        &actor,
        client.lang,
        now_ms(),
    )
    .await?;
    attempt.hold().await;
    let verified = settings
        .hashing
        .verify(current_password, current.password_hash.clone(), client.lang)
        .await;
    let matches = match verified {
        Ok(matches) => matches,
        Err(error) => {
            attempt.not_checked(db).await?;
            return Err(error);
        }
    };
    if !matches {
        let message = messages::wrong_password(client.lang);
        let mut fields = BTreeMap::new();
        fields.insert("currentPassword".to_owned(), message.clone());
        return Err(ApiError::Validation { message, fields });
    }
    let new_hash = match settings
        .hashing
        .hash(new_password, settings.hash_cost, client.lang)
        .await
    {
        Ok(hash) => hash,
        Err(error) => {
            attempt.not_checked(db).await?;
            return Err(error);
        }
    };
    let now = now_ms();
    let txn = db.begin_write().await?;
    attempt.succeeded(&txn, EventKind::PasswordChanged).await?;
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
    txn.commit().await?;
    settings.callers.forget_account(current.id).await;
    settings.callers.forget_sessions().await;
    Ok(())
}

/// Creates an administrator (user type `admin`, role `admin`); used by `tingshu create-admin` and the demo seed.
pub async fn create_admin(
    db: &Db,
    settings: &AccountSettings,
    email: &str,
    username: &str,
    password: &str,
) -> ApiResult<UserWithGrants> {
    create_with_role(db, settings, email, username, password, "admin", "admin").await
}

/// Creates an account of `user_type` holding `role` (the demo editor: a user with the
/// `editor` role), its form checked like a registration.
pub async fn create_with_role(
    db: &Db,
    settings: &AccountSettings,
    email: &str,
    username: &str,
    password: &str,
    user_type: &str,
    role: &str,
) -> ApiResult<UserWithGrants> {
    let lang = Lang::En;
    let registration = match validate_registration(ValidateRegistrationInput {
        email: Some(email.to_owned()),
        username: Some(username.to_owned()),
        password: Some(password.to_owned()),
        lang,
    }) {
        RegistrationValidation::Valid { registration } => registration,
        RegistrationValidation::Invalid { errors } => {
            return Err(ApiError::invalid_form(&errors, lang))
        }
    };
    let password_hash = settings
        .hashing
        .hash(password.to_owned(), settings.hash_cost, lang)
        .await?;
    let now = now_ms();
    let txn = db.begin_write().await?;
    let created = repository::insert_user(
        &txn,
        NewUser {
            email: &registration.email,
            email_normalized: &normalize_email(&registration.email),
            username: &registration.username,
            username_normalized: &normalize_username(&registration.username),
            password_hash: &password_hash,
            user_type,
            language: "zh",
            now_ms: now,
        },
    )
    .await
    .map_err(|error| conflict_or_internal(error, lang))?;
    repository::grant_role(&txn, created.id, role).await?;
    let with_grants = repository::with_grants(&txn, created).await?;
    txn.commit().await?;
    Ok(with_grants)
}

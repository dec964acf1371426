//! The access middleware every API route passes through, with the route's requirement.
use axum::{
    extract::{MatchedPath, Request, State},
    http::{header, HeaderMap},
    middleware::Next,
    response::{IntoResponse, Response},
};
use tingshu_core::auth::access::{authorize, Access, AccessDecision, AuthorizeInput, Subject};

use super::{
    cache::{Account, OpenSession},
    Caller,
};
use crate::{
    accounts::repository,
    activity::access::{self as access_log, AccessNote},
    error::{
        words::{answer_lang, said},
        ApiError,
    },
    state::AppState,
};

/// Checks the bearer token (when any) and the route's requirement before the handler runs;
/// leaves the matched route and the caller on the answer for the access log.
pub async fn require_access(
    State((state, access)): State<(AppState, Access)>,
    request: Request,
    next: Next,
) -> Response {
    let route = request.extensions().get::<MatchedPath>().cloned();
    let mut user_id = None;
    let response = check_then_run(&state, access, request, next, &mut user_id).await;
    access_log::note(AccessNote { route, user_id });
    response
}

/// [`require_access`]'s check; `user_id` is set to the caller's once known.
async fn check_then_run(
    state: &AppState,
    access: Access,
    mut request: Request,
    next: Next,
    user_id: &mut Option<i32>,
) -> Response {
    // Read once, for the whole request, by `error::words::in_request_language`.
    let lang = answer_lang();
    let caller = match authenticate(state, request.headers()).await {
        Ok(caller) => caller,
        // Public routes stay reachable with a bad or expired token: free content needs no login.
        Err(_) if matches!(access, Access::Public) => None,
        Err(error) => return error.into_response(),
    };
    *user_id = caller.as_ref().map(|caller| caller.user.id);
    let now_ms = crate::clock::now_ms();
    let subject = caller.as_ref().map(|caller| Subject {
        user_type: caller.user.user_type.clone(),
        subscription_type: caller.user.subscription_type.clone(),
        subscription_expires_at: caller.user.subscription_expires_at.map(|ms| ms as f64),
        permissions: caller.permissions.clone(),
    });
    match authorize(AuthorizeInput {
        access,
        subject,
        now_ms: now_ms as f64,
    }) {
        AccessDecision::Allow => {}
        AccessDecision::Deny {
            status_code,
            status_message,
            code,
        } => return ApiError::denied(status_code, status_message, code, lang).into_response(),
    }
    if let Some(caller) = caller {
        request.extensions_mut().insert(caller);
    }
    next.run(request).await
}

/// The caller named by a valid bearer token, None without one; errors for a bad token,
/// a closed session or a disabled account.
async fn authenticate(state: &AppState, headers: &HeaderMap) -> Result<Option<Caller>, ApiError> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let token = value
        .to_str()
        .ok()
        .and_then(|v| {
            v.strip_prefix("Bearer ")
                .or_else(|| v.strip_prefix("bearer "))
        })
        .ok_or_else(|| ApiError::auth_required(said("api.auth.badHeader")))?;
    let claims = state
        .accounts
        .keys
        .verify(token.trim())
        .ok_or_else(|| ApiError::auth_required(said("api.auth.invalidToken")))?;
    let user_id: i32 = claims
        .sub
        .parse()
        .map_err(|_| ApiError::auth_required(said("api.auth.invalidToken")))?;
    let now_ms = crate::clock::now_ms();
    let callers = &state.accounts.callers;
    let session = callers
        .session(&claims.sid, async {
            let session = repository::find_session(state.db.reader(), &claims.sid).await?;
            Ok::<_, ApiError>(
                session
                    .filter(|s| s.revoked_at.is_none())
                    .map(|s| OpenSession {
                        user_id: s.user_id,
                        expires_at: s.expires_at,
                    }),
            )
        })
        .await?;
    let session_open = session.is_some_and(|s| s.user_id == user_id && s.expires_at > now_ms);
    if !session_open {
        return Err(ApiError::auth_required(said("api.auth.sessionEnded")));
    }
    let account = callers
        .account(user_id, async {
            let Some(user) = repository::find_by_id(state.db.reader(), user_id).await? else {
                return Ok::<_, ApiError>(None);
            };
            let (roles, permissions) = repository::grants_of(state.db.reader(), user.id).await?;
            Ok(Some(Account {
                user,
                roles,
                permissions,
            }))
        })
        .await?
        .ok_or_else(|| ApiError::auth_required(said("api.auth.accountGone")))?;
    super::ensure_usable(&account.user, answer_lang())?;
    Ok(Some(Caller {
        user: account.user.clone(),
        session_id: claims.sid,
        permissions: account.permissions.clone(),
    }))
}

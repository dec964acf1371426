//! `/api/admin/users*` (`manage:users`): the user list, a user's page, and the account
//! changes an administrator makes: sessions, status, type, roles, membership, reset links.
use crate::routes::registry::route;
use axum::{
    extract::{Path, State},
    Json,
};
use tingshu_core::{
    auth::{access::Access, kinds::Permission},
    people::membership_change::{MembershipAction, ValidateMembershipChangeInput},
    validation::FieldRule,
};

use crate::clock::now_ms;
use crate::{
    accounts::Client,
    auth::SignedIn,
    console::audit::Actor,
    error::{success, ApiResult, ErrorBody, Success},
    extract::{Body, Params, PathId},
    paging::{param_error, whole_number_param, Page},
    people_admin::{
        actions::{self, Revoked, RolesRequest, StatusRequest, UserTypeRequest},
        detail::detail,
        list::{self, AdminUserParams, AdminUserQuery},
        membership, password_reset,
        view::{AdminUserDetail, AdminUserRow, PasswordResetLink},
    },
    routes::registry::ApiRoutes,
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let users = || Access::Permission {
        permission: Permission::ManageUsers,
    };
    api.add(users(), route!(list_admin_users))
        .add(users(), route!(get_admin_user))
        .add(users(), route!(revoke_admin_user_session))
        .add(users(), route!(revoke_admin_user_sessions))
        .add(users(), route!(set_admin_user_status))
        .add(users(), route!(set_admin_user_type))
        .add(users(), route!(set_admin_user_roles))
        .add(users(), route!(grant_admin_user_membership))
        .add(users(), route!(revoke_admin_user_membership))
        .add(users(), route!(create_admin_user_password_reset))
}

/// User `id`'s page, read again after a change.
async fn page_of(
    state: &AppState,
    id: i32,
    client: &Client,
) -> ApiResult<Json<Success<AdminUserDetail>>> {
    Ok(success(
        detail(state.db.reader(), id, client.lang, now_ms()).await?,
    ))
}

/// A page of users: searched by the start of a username or e-mail (or an id), filtered by
/// type, membership, status and role, sorted by creation, last sign-in or name.
#[utoipa::path(get, path = "/admin/users", tag = "admin", params(AdminUserParams),
    responses((status = 200, body = Success<Page<AdminUserRow>>)))]
#[tracing::instrument(skip_all)]
async fn list_admin_users(
    State(state): State<AppState>,
    client: Client,
    Params(params): Params<AdminUserParams>,
) -> ApiResult<Json<Success<Page<AdminUserRow>>>> {
    let query = AdminUserQuery::parse(params, client.lang)?;
    Ok(success(
        list::list(state.db.reader(), &query, now_ms()).await?,
    ))
}

/// A user's page: profile, roles, sessions (device and address), latest orders and
/// purchases, and a listening summary.
#[utoipa::path(get, path = "/admin/users/{id}", tag = "admin",
    params(("id" = i32, Path, description = "The user's id")),
    responses((status = 200, body = Success<AdminUserDetail>)))]
#[tracing::instrument(skip_all)]
async fn get_admin_user(
    State(state): State<AppState>,
    client: Client,
    PathId(id): PathId,
) -> ApiResult<Json<Success<AdminUserDetail>>> {
    page_of(&state, id, &client).await
}

/// Signs one session of the user out (on the next request it makes).
#[utoipa::path(delete, path = "/admin/users/{id}/sessions/{sessionId}", tag = "admin",
    params(("id" = i32, Path, description = "The user's id"),
        ("sessionId" = String, Path, description = "The session's id")),
    responses((status = 200, body = Success<Revoked>)))]
#[tracing::instrument(skip_all)]
async fn revoke_admin_user_session(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    Path((id, session_id)): Path<(String, String)>,
) -> ApiResult<Json<Success<Revoked>>> {
    let id =
        whole_number_param(client.lang, "id", Some(&id), 1, i32::MAX as u64)?.ok_or_else(|| {
            param_error(
                client.lang,
                "id",
                FieldRule::WholeNumber {
                    min: 1,
                    max: i32::MAX as usize,
                },
            )
        })? as i32;
    let actor = Actor::new(&caller, &client);
    Ok(success(
        actions::revoke_session(&state.people_admin, &actor, id, &session_id).await?,
    ))
}

/// Signs the user out everywhere (every open session, on its next request).
#[utoipa::path(delete, path = "/admin/users/{id}/sessions", tag = "admin",
    params(("id" = i32, Path, description = "The user's id")),
    responses((status = 200, body = Success<Revoked>)))]
#[tracing::instrument(skip_all)]
async fn revoke_admin_user_sessions(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
) -> ApiResult<Json<Success<Revoked>>> {
    let actor = Actor::new(&caller, &client);
    Ok(success(
        actions::revoke_all_sessions(&state.people_admin, &actor, id).await?,
    ))
}

/// Enables or disables the account; disabling signs it out everywhere at once. 409
/// `own_access` for the caller's own account, `last_admin` for the last active administrator.
#[utoipa::path(put, path = "/admin/users/{id}/status", tag = "admin",
    params(("id" = i32, Path, description = "The user's id")),
    request_body = StatusRequest,
    responses((status = 200, body = Success<AdminUserDetail>),
        (status = 409, description = "The caller's own account, or the last active administrator", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn set_admin_user_status(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
    Body(request): Body<StatusRequest>,
) -> ApiResult<Json<Success<AdminUserDetail>>> {
    let actor = Actor::new(&caller, &client);
    actions::set_status(&state.people_admin, &actor, id, request, client.lang).await?;
    page_of(&state, id, &client).await
}

/// Promotes the user to administrator or demotes them. 409 `own_access` when the caller would
/// lose their own way into the user console, `last_admin` for the last active administrator.
#[utoipa::path(put, path = "/admin/users/{id}/type", tag = "admin",
    params(("id" = i32, Path, description = "The user's id")),
    request_body = UserTypeRequest,
    responses((status = 200, body = Success<AdminUserDetail>),
        (status = 409, description = "The caller's own way in, or the last active administrator", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn set_admin_user_type(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
    Body(request): Body<UserTypeRequest>,
) -> ApiResult<Json<Success<AdminUserDetail>>> {
    let actor = Actor::new(&caller, &client);
    actions::set_user_type(&state.people_admin, &actor, id, request, client.lang).await?;
    page_of(&state, id, &client).await
}

/// Sets every role the user holds. 409 `own_access` when the caller would lose the role that
/// opens the user console to them (an administrator by type keeps it).
#[utoipa::path(put, path = "/admin/users/{id}/roles", tag = "admin",
    params(("id" = i32, Path, description = "The user's id")),
    request_body = RolesRequest,
    responses((status = 200, body = Success<AdminUserDetail>),
        (status = 409, description = "The caller's own way in", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn set_admin_user_roles(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
    Body(request): Body<RolesRequest>,
) -> ApiResult<Json<Success<AdminUserDetail>>> {
    let actor = Actor::new(&caller, &client);
    actions::set_roles(&state.people_admin, &actor, id, request, client.lang).await?;
    page_of(&state, id, &client).await
}

/// Grants a membership: a plan's length (added the way a payment adds it), until a date, or
/// for life; with a reason (core's `validateMembershipChange`). Applies on the next request.
#[utoipa::path(post, path = "/admin/users/{id}/membership", tag = "admin",
    params(("id" = i32, Path, description = "The user's id")),
    request_body = ValidateMembershipChangeInput,
    responses((status = 200, body = Success<AdminUserDetail>)))]
#[tracing::instrument(skip_all)]
async fn grant_admin_user_membership(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
    Body(input): Body<ValidateMembershipChangeInput>,
) -> ApiResult<Json<Success<AdminUserDetail>>> {
    let actor = Actor::new(&caller, &client);
    let grant = MembershipAction::Grant;
    membership::change(&state.people_admin, &actor, id, input, grant, client.lang).await?;
    page_of(&state, id, &client).await
}

/// Takes the membership away (the user is free from the next request; a renewing
/// subscription stops renewing), with a reason.
#[utoipa::path(delete, path = "/admin/users/{id}/membership", tag = "admin",
    params(("id" = i32, Path, description = "The user's id")),
    request_body = ValidateMembershipChangeInput,
    responses((status = 200, body = Success<AdminUserDetail>)))]
#[tracing::instrument(skip_all)]
async fn revoke_admin_user_membership(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
    Body(input): Body<ValidateMembershipChangeInput>,
) -> ApiResult<Json<Success<AdminUserDetail>>> {
    let actor = Actor::new(&caller, &client);
    let revoke = MembershipAction::Revoke;
    membership::change(&state.people_admin, &actor, id, input, revoke, client.lang).await?;
    page_of(&state, id, &client).await
}

/// Makes a one-time password-reset link for the user (valid 24 hours; an earlier one stops
/// working). Answered once: only its hash is kept. The administrator never sees a password.
#[utoipa::path(post, path = "/admin/users/{id}/password-reset", tag = "admin",
    params(("id" = i32, Path, description = "The user's id")),
    responses((status = 200, body = Success<PasswordResetLink>)))]
#[tracing::instrument(skip_all)]
async fn create_admin_user_password_reset(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
) -> ApiResult<Json<Success<PasswordResetLink>>> {
    let actor = Actor::new(&caller, &client);
    Ok(success(
        password_reset::create(&state.people_admin, &actor, id).await?,
    ))
}

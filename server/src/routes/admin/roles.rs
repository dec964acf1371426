//! `/api/admin/roles*` and `/api/admin/permissions` (`manage:users`): the roles with their
//! holders and permissions, their creation, changes and deletion, a role's permissions
//! changed as a delta, and every permission with what it opens and who holds it.
use crate::routes::registry::route;
use axum::{extract::State, Json};
use tingshu_core::{
    auth::{access::Access, kinds::Permission, roles::ValidateRoleInput},
    spelling::Spelling,
    validation::{describe_rule, FieldRule},
    Lang,
};

use crate::{
    accounts::Client,
    auth::{Caller, SignedIn},
    console::audit::Actor,
    error::{success, ApiError, ApiResult, ErrorBody, Missing, Nothing, Success},
    extract::{Body, PathId},
    paging::Items,
    roles::{
        grants, read,
        view::{AdminPermission, AdminRole, PermissionChanges},
        write, Operator,
    },
    routes::registry::ApiRoutes,
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let users = || Access::Permission {
        permission: Permission::ManageUsers,
    };
    api.add(users(), route!(list_admin_roles))
        .add(users(), route!(create_admin_role))
        .add(users(), route!(update_admin_role))
        .add(users(), route!(delete_admin_role))
        .add(users(), route!(get_admin_role_permissions))
        .add(users(), route!(change_admin_role_permissions))
        .add(users(), route!(list_admin_permissions))
}

fn operator(caller: &Caller, client: &Client) -> Operator {
    Operator {
        actor: Actor::new(caller, client),
        admin_by_type: caller.user.user_type == "admin",
    }
}

/// Every role by id, with how many users hold it and its permissions.
#[utoipa::path(get, path = "/admin/roles", tag = "admin",
    responses((status = 200, body = Success<Items<AdminRole>>)))]
#[tracing::instrument(skip_all)]
async fn list_admin_roles(
    State(state): State<AppState>,
) -> ApiResult<Json<Success<Items<AdminRole>>>> {
    let items = read::list(state.db.reader()).await?;
    Ok(success(Items { items }))
}

/// Creates a role with a name and a description, holding no permission yet; 400 names
/// every bad field, 409 a name already in use.
#[utoipa::path(post, path = "/admin/roles", tag = "admin",
    request_body = ValidateRoleInput,
    responses((status = 200, body = Success<AdminRole>),
        (status = 409, description = "The name is already in use", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn create_admin_role(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    Body(input): Body<ValidateRoleInput>,
) -> ApiResult<Json<Success<AdminRole>>> {
    let operator = operator(&caller, &client);
    Ok(success(
        write::create(&state.roles, &operator, input, client.lang).await?,
    ))
}

/// Renames and describes a role; 409 for a name in use, or a new name for a built-in role.
#[utoipa::path(put, path = "/admin/roles/{id}", tag = "admin",
    params(("id" = i32, Path, description = "The role's id")),
    request_body = ValidateRoleInput,
    responses((status = 200, body = Success<AdminRole>),
        (status = 404, description = "No such role", body = ErrorBody),
        (status = 409, description = "The name is in use (`already_taken`) or the role is built in (`role_built_in`)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn update_admin_role(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
    Body(input): Body<ValidateRoleInput>,
) -> ApiResult<Json<Success<AdminRole>>> {
    let operator = operator(&caller, &client);
    Ok(success(
        write::update(&state.roles, &operator, id, input, client.lang).await?,
    ))
}

/// Deletes a role; its holders lose what it granted on their next request. 409
/// `role_built_in` for a built-in role, `last_way_in` when it is the caller's only source
/// of manage:users (unless the caller is an administrator by account type).
#[utoipa::path(delete, path = "/admin/roles/{id}", tag = "admin",
    params(("id" = i32, Path, description = "The role's id")),
    responses((status = 200, body = Success<Nothing>),
        (status = 404, description = "No such role", body = ErrorBody),
        (status = 409, description = "A built-in role, or the caller's last way into user management", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn delete_admin_role(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
) -> ApiResult<Json<Success<Nothing>>> {
    let operator = operator(&caller, &client);
    write::delete(&state.roles, &operator, id, client.lang).await?;
    Ok(success(Nothing))
}

/// One role with its permissions (what the matrix editor starts from).
#[utoipa::path(get, path = "/admin/roles/{id}/permissions", tag = "admin",
    params(("id" = i32, Path, description = "The role's id")),
    responses((status = 200, body = Success<AdminRole>),
        (status = 404, description = "No such role", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn get_admin_role_permissions(
    State(state): State<AppState>,
    PathId(id): PathId,
) -> ApiResult<Json<Success<AdminRole>>> {
    let role = read::one(state.db.reader(), id)
        .await?
        .ok_or(ApiError::NotFound(Missing::Role(id)))?;
    Ok(success(role))
}

/// Grants and revokes permissions of a role as one change (not a replacement: two
/// administrators changing one role at once both count); answers the role as it now is.
/// 400 names `grant` or `revoke` for a permission outside the set or in both; 409
/// `last_way_in` when it would take manage:users from the caller's only role holding it.
#[utoipa::path(patch, path = "/admin/roles/{id}/permissions", tag = "admin",
    params(("id" = i32, Path, description = "The role's id")),
    request_body = PermissionChanges,
    responses((status = 200, body = Success<AdminRole>),
        (status = 404, description = "No such role", body = ErrorBody),
        (status = 409, description = "The caller's last way into user management", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn change_admin_role_permissions(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
    Body(body): Body<serde_json::Value>,
) -> ApiResult<Json<Success<AdminRole>>> {
    let changes = permission_changes(body, client.lang)?;
    let operator = operator(&caller, &client);
    Ok(success(
        grants::change(&state.roles, &operator, id, &changes, client.lang).await?,
    ))
}

/// The body as typed changes; a permission outside core's set is a 400 on its list.
fn permission_changes(body: serde_json::Value, lang: Lang) -> ApiResult<PermissionChanges> {
    serde_path_to_error::deserialize(body).map_err(|error| {
        let path = error.path().to_string();
        let field = path
            .split(['.', '['])
            .next()
            .filter(|f| matches!(*f, "grant" | "revoke"));
        match field {
            Some(field) => {
                let allowed = Permission::ALL
                    .iter()
                    .map(|p| p.as_str().to_owned())
                    .collect();
                let message = describe_rule(&FieldRule::OneOf { allowed }, lang);
                ApiError::invalid_field(field, message, lang)
            }
            None => ApiError::BadJson(error.to_string()),
        }
    })
}

/// Every permission in core's order: its name and what it opens in the caller's language,
/// and the roles holding it.
#[utoipa::path(get, path = "/admin/permissions", tag = "admin",
    responses((status = 200, body = Success<Items<AdminPermission>>)))]
#[tracing::instrument(skip_all)]
async fn list_admin_permissions(
    State(state): State<AppState>,
    client: Client,
) -> ApiResult<Json<Success<Items<AdminPermission>>>> {
    let items = read::permissions(state.db.reader(), client.lang).await?;
    Ok(success(Items { items }))
}

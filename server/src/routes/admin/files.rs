//! `/api/admin/files*` (`manage:books`): the stored files with their uses, one file, deleting
//! an unused one, and its bytes for an editor to hear or see; `/api/admin/dashboard`.
use crate::routes::registry::route;
use axum::{
    extract::State,
    http::{HeaderMap, Method},
    response::Response,
    Json,
};
use tingshu_core::auth::{access::Access, kinds::Permission};

use crate::{
    accounts::Client,
    audio,
    auth::SignedIn,
    console::{
        audit::Actor,
        dashboard::{self, Dashboard},
        files::{self, AdminFile, AdminFileParams},
    },
    error::{success, ApiResult, Nothing, Success},
    extract::{Params, PathId, RequestLang},
    paging::Page,
    routes::registry::ApiRoutes,
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let books = || Access::Permission {
        permission: Permission::ManageBooks,
    };
    api.add(books(), route!(list_admin_files))
        .add(books(), route!(get_admin_file))
        .add(books(), route!(delete_admin_file))
        .add_media(books(), route!(admin_file_content))
        .add(books(), route!(admin_dashboard))
}

/// Stored files (audio and images) with where each is used: searched, filtered, sorted.
#[utoipa::path(get, path = "/admin/files", tag = "admin", params(AdminFileParams),
    responses((status = 200, body = Success<Page<AdminFile>>)))]
#[tracing::instrument(skip_all)]
async fn list_admin_files(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    Params(params): Params<AdminFileParams>,
) -> ApiResult<Json<Success<Page<AdminFile>>>> {
    Ok(success(files::list(state.db.reader(), params, lang).await?))
}

/// One stored file with its uses.
#[utoipa::path(get, path = "/admin/files/{id}", tag = "admin",
    params(("id" = i32, Path, description = "The file's id")),
    responses((status = 200, body = Success<AdminFile>)))]
#[tracing::instrument(skip_all)]
async fn get_admin_file(
    State(state): State<AppState>,
    PathId(id): PathId,
) -> ApiResult<Json<Success<AdminFile>>> {
    Ok(success(files::get(state.db.reader(), id).await?))
}

/// Deletes a file no chapter plays and no cover is made from (409 `file_in_use` otherwise).
#[utoipa::path(delete, path = "/admin/files/{id}", tag = "admin",
    params(("id" = i32, Path, description = "The file's id")),
    responses((status = 200, body = Success<Nothing>),
        (status = 409, description = "The file is in use", body = crate::error::ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn delete_admin_file(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
) -> ApiResult<Json<Success<Nothing>>> {
    let actor = Actor::new(&caller, &client);
    files::delete(&state.console, &actor, id, client.lang).await?;
    Ok(success(Nothing))
}

/// The file's bytes (ranges too) for an editor to hear or see; `?token=` may stand for the
/// `Authorization` header (an `<audio>` or `<img>` element cannot send it).
#[utoipa::path(get, path = "/admin/files/{id}/content", tag = "admin",
    params(("id" = i32, Path, description = "The file's id")),
    responses(
        (status = 200, description = "The whole file", content(("audio/*"), ("image/*"))),
        (status = 206, description = "The requested range", content(("audio/*"), ("image/*"))),
        (status = 304, description = "The cached copy is current"),
        (status = 416, description = "The range is outside the file", body = crate::error::ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn admin_file_content(
    State(state): State<AppState>,
    PathId(id): PathId,
    method: Method,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let file = files::get(state.db.reader(), id).await?;
    let asset = &file.asset;
    audio::serve_stored(
        &state.audio,
        &file.storage_key,
        &asset.mime,
        &asset.sha256,
        &method,
        &headers,
    )
    .await
}

/// The console's first page: catalogue by state, new users and listening over the last day and
/// week, storage used, failed uploads and the latest changes (a book's in the request's language).
#[utoipa::path(get, path = "/admin/dashboard", tag = "admin",
    responses((status = 200, body = Success<Dashboard>)))]
#[tracing::instrument(skip_all)]
async fn admin_dashboard(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
) -> ApiResult<Json<Success<Dashboard>>> {
    Ok(success(dashboard::figures(state.db.reader(), lang).await?))
}

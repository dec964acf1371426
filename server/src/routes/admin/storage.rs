//! `/api/admin/storage*` (`manage:system`): the storage backend and the space used, a
//! consistency check between files and stored objects, and the clean-up of orphans.
use crate::routes::registry::route;
use axum::{extract::State, Json};
use tingshu_core::auth::{access::Access, kinds::Permission};

use crate::{
    accounts::Client,
    auth::SignedIn,
    console::{
        audit::Actor,
        storage::{self, StorageCheck, StorageCleanup, StorageSummary},
    },
    error::{success, ApiResult, Success},
    routes::registry::ApiRoutes,
    state::AppState,
    uploads,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let system = || Access::Permission {
        permission: Permission::ManageSystem,
    };
    api.add(system(), route!(admin_storage_summary))
        .add(system(), route!(check_admin_storage))
        .add(system(), route!(clean_admin_storage))
}

/// The backend in use (local disk, S3), where, the files by kind, uploads in progress and
/// failed, and the data disk's free space.
#[utoipa::path(get, path = "/admin/storage", tag = "admin",
    responses((status = 200, body = Success<StorageSummary>)))]
#[tracing::instrument(skip_all)]
async fn admin_storage_summary(
    State(state): State<AppState>,
) -> ApiResult<Json<Success<StorageSummary>>> {
    Ok(success(storage::summary(&state.console).await?))
}

/// Lists the whole store and compares it with the files: orphan objects and missing objects.
#[utoipa::path(post, path = "/admin/storage/check", tag = "admin",
    responses((status = 200, body = Success<StorageCheck>)))]
#[tracing::instrument(skip_all)]
async fn check_admin_storage(
    State(state): State<AppState>,
) -> ApiResult<Json<Success<StorageCheck>>> {
    Ok(success(storage::check(&state.console).await?))
}

/// Drops the uploads idle for an hour and stray part files, then removes the orphan objects
/// older than an hour (a fresh check finds them).
#[utoipa::path(post, path = "/admin/storage/clean", tag = "admin",
    responses((status = 200, body = Success<StorageCleanup>)))]
#[tracing::instrument(skip_all)]
async fn clean_admin_storage(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
) -> ApiResult<Json<Success<StorageCleanup>>> {
    let actor = Actor::new(&caller, &client);
    let swept = uploads::sweep(&state.uploads, storage::ORPHAN_MIN_AGE).await?;
    Ok(success(
        storage::clean(&state.console, &actor, swept).await?,
    ))
}

//! `/api/admin/ads*` (`manage:system`): the ads, where they are placed and when they run.
use crate::routes::registry::route;
use axum::{extract::State, Json};
use tingshu_core::{
    auth::{access::Access, kinds::Permission},
    offers::ads::ValidateAdInput,
};

use crate::{
    accounts::Client,
    ads::{self, AdminAd},
    auth::SignedIn,
    console::audit::Actor,
    error::{success, ApiResult, Nothing, Success},
    extract::{Body, PathId},
    paging::Items,
    routes::registry::ApiRoutes,
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let system = || Access::Permission {
        permission: Permission::ManageSystem,
    };
    api.add(system(), route!(list_admin_ads))
        .add(system(), route!(create_admin_ad))
        .add(system(), route!(update_admin_ad))
        .add(system(), route!(delete_admin_ad))
}

/// Every ad by place, latest start first, with whether it shows now.
#[utoipa::path(get, path = "/admin/ads", tag = "admin",
    responses((status = 200, body = Success<Items<AdminAd>>)))]
#[tracing::instrument(skip_all)]
async fn list_admin_ads(State(state): State<AppState>) -> ApiResult<Json<Success<Items<AdminAd>>>> {
    let items = ads::list(state.db.reader()).await?;
    Ok(success(Items { items }))
}

/// Creates an ad; 400 names every bad field (a link must pass the external-link rule).
#[utoipa::path(post, path = "/admin/ads", tag = "admin",
    request_body = ValidateAdInput,
    responses((status = 200, body = Success<AdminAd>)))]
#[tracing::instrument(skip_all)]
async fn create_admin_ad(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    Body(input): Body<ValidateAdInput>,
) -> ApiResult<Json<Success<AdminAd>>> {
    let actor = Actor::new(&caller, &client);
    Ok(success(state.ads.create(&actor, input, client.lang).await?))
}

/// Changes an ad.
#[utoipa::path(put, path = "/admin/ads/{id}", tag = "admin",
    params(("id" = i32, Path, description = "The ad's id")),
    request_body = ValidateAdInput,
    responses((status = 200, body = Success<AdminAd>)))]
#[tracing::instrument(skip_all)]
async fn update_admin_ad(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
    Body(input): Body<ValidateAdInput>,
) -> ApiResult<Json<Success<AdminAd>>> {
    let actor = Actor::new(&caller, &client);
    Ok(success(
        state.ads.update(&actor, id, input, client.lang).await?,
    ))
}

/// Deletes an ad.
#[utoipa::path(delete, path = "/admin/ads/{id}", tag = "admin",
    params(("id" = i32, Path, description = "The ad's id")),
    responses((status = 200, body = Success<Nothing>)))]
#[tracing::instrument(skip_all)]
async fn delete_admin_ad(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
) -> ApiResult<Json<Success<Nothing>>> {
    let actor = Actor::new(&caller, &client);
    state.ads.delete(&actor, id).await?;
    Ok(success(Nothing))
}

//! `/api/admin/settings` (`manage:system`): the site's settings, read and replaced.
use crate::routes::registry::route;
use axum::{extract::State, Json};
use tingshu_core::{
    auth::{access::Access, kinds::Permission},
    offers::site_settings::{SiteSettings, ValidateSiteSettingsInput},
};

use crate::{
    accounts::Client,
    auth::SignedIn,
    console::audit::Actor,
    error::{success, ApiResult, Success},
    extract::Body,
    routes::registry::ApiRoutes,
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let system = || Access::Permission {
        permission: Permission::ManageSystem,
    };
    api.add(system(), route!(get_admin_settings))
        .add(system(), route!(update_admin_settings))
}

/// The settings in force: site name, default language, registration, upload limits (MiB),
/// access-log retention (days) and support contact. Every instance applies a change within
/// 10 seconds, this one at once.
#[utoipa::path(get, path = "/admin/settings", tag = "admin",
    responses((status = 200, body = Success<SiteSettings>)))]
#[tracing::instrument(skip_all)]
async fn get_admin_settings(
    State(state): State<AppState>,
) -> ApiResult<Json<Success<SiteSettings>>> {
    Ok(success(state.settings.current().await))
}

/// Replaces the settings; 400 names every bad field (nothing is written).
#[utoipa::path(put, path = "/admin/settings", tag = "admin",
    request_body = ValidateSiteSettingsInput,
    responses((status = 200, body = Success<SiteSettings>)))]
#[tracing::instrument(skip_all)]
async fn update_admin_settings(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    Body(input): Body<ValidateSiteSettingsInput>,
) -> ApiResult<Json<Success<SiteSettings>>> {
    let actor = Actor::new(&caller, &client);
    Ok(success(
        state.settings.update(&actor, input, client.lang).await?,
    ))
}

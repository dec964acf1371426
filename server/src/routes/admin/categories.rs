//! `/api/admin/categories*`: the console's categories (`manage:books`): the tree with book
//! counts, creation, changes and deletion (moving the books it holds).
use crate::routes::registry::route;
use axum::{extract::State, Json};
use tingshu_core::{
    auth::{access::Access, kinds::Permission},
    catalog::edit::ValidateCategoryInput,
};

use crate::{
    accounts::Client,
    auth::SignedIn,
    console::{audit::Actor, categories, view::AdminCategory},
    error::{success, ApiResult, ErrorBody, Nothing, Success},
    extract::{Body, Params, PathId},
    paging::{whole_number_param, Items},
    routes::registry::ApiRoutes,
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let books = || Access::Permission {
        permission: Permission::ManageBooks,
    };
    api.add(books(), route!(list_admin_categories))
        .add(books(), route!(create_admin_category))
        .add(books(), route!(update_admin_category))
        .add(books(), route!(delete_admin_category))
}

/// Every category in sort order, with how many books each holds (published or not).
#[utoipa::path(get, path = "/admin/categories", tag = "admin",
    responses((status = 200, body = Success<Items<AdminCategory>>)))]
#[tracing::instrument(skip_all)]
async fn list_admin_categories(
    State(state): State<AppState>,
) -> ApiResult<Json<Success<Items<AdminCategory>>>> {
    let items = categories::list(state.db.reader()).await?;
    Ok(success(Items { items }))
}

/// Creates a category; 400 names every bad field, 409 a slug already in use.
#[utoipa::path(post, path = "/admin/categories", tag = "admin",
    request_body = ValidateCategoryInput,
    responses((status = 200, body = Success<AdminCategory>),
        (status = 409, description = "The slug is already in use", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn create_admin_category(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    Body(input): Body<ValidateCategoryInput>,
) -> ApiResult<Json<Success<AdminCategory>>> {
    let actor = Actor::new(&caller, &client);
    Ok(success(
        categories::create(&state.console, &actor, input, client.lang).await?,
    ))
}

/// Changes a category (never under itself or its subcategories).
#[utoipa::path(put, path = "/admin/categories/{id}", tag = "admin",
    params(("id" = i32, Path, description = "The category's id")),
    request_body = ValidateCategoryInput,
    responses((status = 200, body = Success<AdminCategory>),
        (status = 409, description = "The slug is already in use", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn update_admin_category(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
    Body(input): Body<ValidateCategoryInput>,
) -> ApiResult<Json<Success<AdminCategory>>> {
    let actor = Actor::new(&caller, &client);
    Ok(success(
        categories::update(&state.console, &actor, id, input, client.lang).await?,
    ))
}

/// `?moveTo` of a category deletion, as sent.
#[derive(Debug, Default, serde::Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct DeleteParams {
    /// The category that receives the deleted one's books (required when it holds any).
    #[param(value_type = Option<u32>, minimum = 1)]
    move_to: Option<String>,
}

/// Deletes a category after moving its books to `moveTo`; its subcategories move to the top.
#[utoipa::path(delete, path = "/admin/categories/{id}", tag = "admin",
    params(("id" = i32, Path, description = "The category's id"), DeleteParams),
    responses((status = 200, body = Success<Nothing>),
        (status = 409, description = "The category holds books and no moveTo was given", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn delete_admin_category(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
    Params(params): Params<DeleteParams>,
) -> ApiResult<Json<Success<Nothing>>> {
    let move_to = whole_number_param(
        client.lang,
        "moveTo",
        params.move_to.as_deref(),
        1,
        i32::MAX as u64,
    )?
    .map(|id| id as i32);
    let actor = Actor::new(&caller, &client);
    categories::delete(&state.console, &actor, id, move_to, client.lang).await?;
    Ok(success(Nothing))
}

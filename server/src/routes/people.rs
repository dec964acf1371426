//! `/api/authors/{id}` and `/api/narrators/{id}`: a person's page with their published books.
use crate::routes::registry::route;
use axum::{extract::State, Json};
use tingshu_core::auth::access::Access;

use super::registry::ApiRoutes;
use crate::clock::now_ms;
use crate::{
    error::{success, ApiResult, Success},
    extract::{PathId, RequestLang},
    people::{self, PersonPage, Role},
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    api.add(Access::Public, route!(get_author))
        .add(Access::Public, route!(get_narrator))
}

/// An author with their bio and published books, the most played first.
#[utoipa::path(get, path = "/authors/{id}", tag = "catalog",
    params(("id" = i32, Path, description = "The author's id")),
    responses((status = 200, body = Success<PersonPage>)))]
#[tracing::instrument(skip_all)]
async fn get_author(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    PathId(id): PathId,
) -> ApiResult<Json<Success<PersonPage>>> {
    let page = people::page(state.db.reader(), lang, Role::Author, id, now_ms()).await?;
    Ok(success(page))
}

/// A narrator with their bio and the published books they read, the most played first.
#[utoipa::path(get, path = "/narrators/{id}", tag = "catalog",
    params(("id" = i32, Path, description = "The narrator's id")),
    responses((status = 200, body = Success<PersonPage>)))]
#[tracing::instrument(skip_all)]
async fn get_narrator(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    PathId(id): PathId,
) -> ApiResult<Json<Success<PersonPage>>> {
    let page = people::page(state.db.reader(), lang, Role::Narrator, id, now_ms()).await?;
    Ok(success(page))
}

//! `GET /api/covers/{id}/{size}`: a cover in one of the standard sizes, made from uploaded
//! image `id`. Public (covers are shown to guests) and never changing, so cached for a year.
//! Sizes not made yet (demo covers, or sizes lost from the store) are made on first request.
use axum::{
    body::Body,
    extract::{Path, State},
    http::{header, HeaderValue},
    response::Response,
};
use bytes::Bytes;
use object_store::ObjectStoreExt;
use sea_orm::EntityTrait;
use tingshu_core::auth::access::Access;
use utoipa_axum::routes;

use super::registry::ApiRoutes;
use crate::{
    covers::{self, CoverSize},
    entities::asset,
    error::{ApiError, ApiResult, Missing},
    state::AppState,
    storage::storage_key,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    api.add(Access::Public, routes!(cover_image))
}

/// The cover made from image `id` at `size` (`large` 600×800, `medium` 300×400, `small`
/// 150×200), a JPEG.
#[utoipa::path(get, path = "/covers/{id}/{size}", tag = "catalog",
    params(("id" = i32, Path, description = "The uploaded image's id"),
        ("size" = String, Path, description = "`large`, `medium` or `small`")),
    responses((status = 200, description = "The JPEG", content(("image/jpeg")))))]
#[tracing::instrument(skip_all)]
async fn cover_image(
    State(state): State<AppState>,
    Path((id, size)): Path<(String, String)>,
) -> ApiResult<Response> {
    let missing = || ApiError::NotFound(Missing::File(format!("/api/covers/{id}/{size}")));
    let (Ok(asset_id), Some(size)) = (id.parse::<i32>(), CoverSize::parse(&size)) else {
        return Err(missing());
    };
    let location = storage_key(&covers::key(asset_id, size)).ok_or_else(missing)?;
    let bytes = match read(&state, &location).await? {
        Some(bytes) => bytes,
        None => {
            let image = asset::Entity::find_by_id(asset_id)
                .one(state.db.reader())
                .await?
                .filter(|asset| asset.kind == "image")
                .ok_or_else(missing)?;
            let original = storage_key(&image.storage_key).ok_or_else(missing)?;
            let original = read(&state, &original).await?.ok_or_else(missing)?;
            covers::ensure_sizes(&state.storage, asset_id, original.to_vec())
                .await
                .map_err(|error| ApiError::Internal(error.context("cover sizes")))?;
            read(&state, &location).await?.ok_or_else(missing)?
        }
    };
    let mut response = Response::new(Body::from(bytes));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/jpeg"));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=31536000, immutable"),
    );
    Ok(response)
}

/// The stored object at `location`, or `None` when there is none.
async fn read(state: &AppState, location: &object_store::path::Path) -> ApiResult<Option<Bytes>> {
    let failed = |error| ApiError::Internal(anyhow::Error::new(error).context("cover"));
    match state.storage.store().get(location).await {
        Ok(found) => Ok(Some(found.bytes().await.map_err(failed)?)),
        Err(object_store::Error::NotFound { .. }) => Ok(None),
        Err(error) => Err(failed(error)),
    }
}

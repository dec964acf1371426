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
use sea_orm::EntityTrait;
use tingshu_core::auth::access::Access;
use utoipa_axum::routes;

use super::registry::ApiRoutes;
use crate::{
    covers::{self, CoverSize},
    entities::asset,
    error::{ApiError, ApiResult, Missing},
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    api.add(Access::Public, routes!(cover_image))
}

/// The cover made from image `id` at `size` (`large` 600×800, `card` 420×560, `medium`
/// 300×400, `small` 150×200), a JPEG.
#[utoipa::path(get, path = "/covers/{id}/{size}", tag = "catalog",
    params(("id" = i32, Path, description = "The uploaded image's id"),
        ("size" = String, Path, description = "`large`, `card`, `medium` or `small`")),
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
    let key = covers::key(asset_id, size);
    let bytes = match read(&state, &key).await? {
        Some(bytes) => bytes,
        None => {
            let image = asset::Entity::find_by_id(asset_id)
                .one(state.db.reader())
                .await?
                .filter(|asset| asset.kind == "image")
                .ok_or_else(missing)?;
            let original = read(&state, &image.storage_key)
                .await?
                .ok_or_else(missing)?;
            covers::ensure_sizes(&state.storage, asset_id, original.to_vec())
                .await
                .map_err(|error| ApiError::Internal(error.context("cover sizes")))?;
            read(&state, &key).await?.ok_or_else(missing)?
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

/// The stored object `key`, or `None` when there is none.
async fn read(state: &AppState, key: &str) -> ApiResult<Option<Bytes>> {
    state
        .storage
        .read(key)
        .await
        .map_err(|error| ApiError::Internal(error.context("cover")))
}

//! `GET /api/covers/{id}/{size}`: a cover in one of the standard sizes, made from uploaded
//! image `id` when it became a book's cover. Public (covers are shown to guests) and never
//! changing, so cached for a year. Only images that are some book's cover are served; a size
//! still missing is made under the bounds of `covers` (one decode per image at a time, one per
//! core in all), and an image that does not decode answers 404, never 500.
use crate::routes::registry::route;
use axum::{
    body::Body,
    extract::{Path, State},
    http::{header, HeaderValue},
    response::Response,
};
use tingshu_core::auth::access::Access;

use super::registry::ApiRoutes;
use crate::{
    covers::CoverSize,
    error::{ApiError, ApiResult, ErrorBody, Missing},
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    api.add(Access::Public, route!(cover_image))
}

/// The cover made from image `id` at `size` (`large` 600×800, `card` 420×560, `medium`
/// 300×400, `small` 150×200), a JPEG. Only an image that is some book's cover is served.
#[utoipa::path(get, path = "/covers/{id}/{size}", tag = "catalog",
    params(("id" = i32, Path, description = "The uploaded image's id"),
        ("size" = String, Path, description = "`large`, `card`, `medium` or `small`")),
    responses((status = 200, description = "The JPEG", content(("image/jpeg"))),
        (status = 404, description = "No such size, or the image is no book's cover", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn cover_image(
    State(state): State<AppState>,
    Path((id, size)): Path<(String, String)>,
) -> ApiResult<Response> {
    let missing = || ApiError::NotFound(Missing::File(format!("/api/covers/{id}/{size}")));
    let (Ok(asset_id), Some(cover_size)) = (id.parse::<i32>(), CoverSize::parse(&size)) else {
        return Err(missing());
    };
    let bytes = state
        .covers
        .size(asset_id, cover_size)
        .await
        .map_err(|error| ApiError::Internal(error.context("cover")))?
        .ok_or_else(missing)?;
    let mut response = Response::new(Body::from(bytes));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/jpeg"));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=31536000, immutable"),
    );
    Ok(response)
}

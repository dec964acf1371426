//! The built web app: hashed assets cached forever, `index.html` for every other path (SPA).
use std::path::Path;

use axum::{
    extract::Request,
    http::{header, HeaderValue},
    middleware::{self, Next},
    response::{IntoResponse, Response},
    Router,
};
use tower_http::services::{ServeDir, ServeFile};

/// Hashed file names never change content, so browsers may keep them for a year.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// The page shell must be revalidated every time so a new build is picked up at once.
const REVALIDATE: &str = "no-cache";
/// Unhashed public files (favicon, sharing image) may be kept for an hour.
const SHORT: &str = "public, max-age=3600";

/// Serves `dir`: `/assets/*` strictly (a missing asset is a 404), anything else falls back to
/// `index.html`. Source maps are never served, even when a build left them in `dir`.
pub fn service(dir: &Path) -> Router {
    let index = dir.join("index.html");
    if !index.is_file() {
        tracing::warn!(path = %index.display(), "the web app is not built; pages will answer 404");
    }
    Router::new()
        .nest_service("/assets", ServeDir::new(dir.join("assets")))
        .fallback_service(ServeDir::new(dir).fallback(ServeFile::new(index)))
        .layer(middleware::from_fn(set_cache_control))
        .layer(middleware::from_fn(refuse_source_maps))
}

async fn refuse_source_maps(request: Request, next: Next) -> Response {
    if request.uri().path().ends_with(".map") {
        return axum::http::StatusCode::NOT_FOUND.into_response();
    }
    next.run(request).await
}

async fn set_cache_control(request: Request, next: Next) -> Response {
    let is_asset = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    if !(response.status().is_success() || response.status().as_u16() == 304) {
        return response;
    }
    let is_html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("text/html"));
    let policy = if is_html {
        REVALIDATE
    } else if is_asset {
        IMMUTABLE
    } else {
        SHORT
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
    response
}

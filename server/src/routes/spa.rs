//! The built web app: hashed assets cached forever, `index.html` for every other page path
//! (SPA). The files are the copy built into the binary (rust-embed: a release build carries
//! `app/dist`, a debug build reads it from the checkout), or `STATIC_DIR` when it is set.
//! A path naming a file that does not exist (`/nope.js`) is a 404, never the page.
use std::{convert::Infallible, path::Path};

use axum::{
    extract::Request,
    http::{header, HeaderMap, HeaderValue, StatusCode, Uri},
    middleware::{self, Next},
    response::{IntoResponse, Response},
    routing::get,
    Router,
};
use rust_embed::Embed;
use tower::{service_fn, ServiceExt};
use tower_http::services::{ServeDir, ServeFile};

use crate::{
    conditional,
    error::{ApiError, Missing},
};

/// Hashed file names never change content, so browsers may keep them for a year.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// The page shell must be revalidated every time so a new build is picked up at once.
const REVALIDATE: &str = "no-cache";
/// Unhashed public files (favicon, sharing image) may be kept for an hour.
const SHORT: &str = "public, max-age=3600";

/// The app's built files, without source maps.
#[derive(Embed)]
#[folder = "$CARGO_MANIFEST_DIR/../app/dist"]
#[allow_missing = true]
#[exclude = "*.map"]
struct AppFiles;

/// Serves the app from `dir`, or from the built-in copy when `dir` is `None`. Source maps
/// are never served, even when a build left them in `dir`.
pub fn service(dir: Option<&Path>) -> Router {
    let router = match dir {
        Some(dir) => from_dir(dir),
        None => {
            if AppFiles::get("index.html").is_none() {
                tracing::warn!("the web app was not built into this binary; pages will answer 404");
            }
            Router::new().fallback_service(get(built_in))
        }
    };
    router
        .layer(middleware::from_fn(set_cache_control))
        .layer(middleware::from_fn(refuse_source_maps))
}

fn from_dir(dir: &Path) -> Router {
    let index = dir.join("index.html");
    if !index.is_file() {
        tracing::warn!(path = %index.display(), "the web app is not built; pages will answer 404");
    }
    let shell = ServeFile::new(index);
    let page_or_404 = service_fn(move |request: Request| {
        let shell = shell.clone();
        async move {
            Ok::<_, Infallible>(match missing_file(request.uri().path()) {
                Some(missing) => missing,
                None => shell.oneshot(request).await?.into_response(),
            })
        }
    });
    Router::new()
        .nest_service("/assets", ServeDir::new(dir.join("assets")))
        .fallback_service(ServeDir::new(dir).fallback(page_or_404))
}

/// A built-in file by its path, `index.html` for any other page path; with its type and an
/// ETag (its SHA-256), answering 304 to a matching `If-None-Match`.
async fn built_in(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    let file = match AppFiles::get(path) {
        Some(file) => file,
        None => {
            if let Some(missing) = missing_file(uri.path()) {
                return missing;
            }
            let Some(shell) = AppFiles::get("index.html") else {
                return ApiError::NotFound(Missing::App).into_response();
            };
            shell
        }
    };
    let tag = conditional::etag_of(&file.metadata.sha256_hash());
    let current = conditional::is_current(&headers, &tag);
    let etag = HeaderValue::from_str(&tag).expect("hex is a valid header value");
    if current {
        return (StatusCode::NOT_MODIFIED, [(header::ETAG, etag)]).into_response();
    }
    let content_type = HeaderValue::from_str(file.metadata.mimetype())
        .unwrap_or(HeaderValue::from_static("application/octet-stream"));
    (
        [(header::CONTENT_TYPE, content_type), (header::ETAG, etag)],
        file.data,
    )
        .into_response()
}

async fn refuse_source_maps(request: Request, next: Next) -> Response {
    if request.uri().path().ends_with(".map") {
        return StatusCode::NOT_FOUND.into_response();
    }
    next.run(request).await
}

/// The 404 for a path that names a file (`/favicon.png`, `/nope.js`) which does not exist:
/// such a path never gets the page shell. `None` for a page path (`/books/3`).
fn missing_file(path: &str) -> Option<Response> {
    let last = path.rsplit('/').next().unwrap_or_default();
    last.contains('.')
        .then(|| ApiError::NotFound(Missing::File(path.to_owned())).into_response())
}

/// The service worker's script: revalidated every time (a new build's worker is found at
/// once) and served with the worker's policy, under which it may fetch from this site.
const SERVICE_WORKER: &str = "/sw.js";

/// Whether an answer is a page (the shell, or a page a handler drew).
pub fn is_html(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("text/html"))
}

async fn set_cache_control(request: Request, next: Next) -> Response {
    let is_asset = request.uri().path().starts_with("/assets/");
    let is_worker = request.uri().path() == SERVICE_WORKER;
    let mut response = next.run(request).await;
    if !(response.status().is_success() || response.status().as_u16() == 304) {
        return response;
    }
    if is_worker {
        let headers = response.headers_mut();
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(REVALIDATE));
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(crate::edge::WORKER_CSP),
        );
        return response;
    }
    let policy = if is_html(response.headers()) {
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

//! The built web app: hashed assets cached forever, `index.html` for every other page path
//! (SPA). The files are the copy built into the binary (rust-embed: a release build carries
//! `app/dist`, a debug build reads it from the checkout), or `STATIC_DIR` when it is set.
//! A path naming a file that does not exist (`/nope.js`) is a 404, never the page.
//! The build compresses its assets once, at brotli's highest level (`name.br` beside
//! `name`); a browser that accepts brotli is sent that copy instead of one compressed on the fly.
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

/// The contents of the app's file at `path` (relative to the build's root): from `dir`, or the
/// built-in copy when `dir` is `None`. None when there is no such file.
pub fn app_file(dir: Option<&Path>, path: &str) -> Option<Vec<u8>> {
    match dir {
        Some(dir) => std::fs::read(dir.join(path)).ok(),
        None => AppFiles::get(path).map(|file| file.data.into_owned()),
    }
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
        .nest_service(
            "/assets",
            ServeDir::new(dir.join("assets")).precompressed_br(),
        )
        .fallback_service(ServeDir::new(dir).fallback(page_or_404))
}

/// A built-in file by its path, `index.html` for any other page path; with its type and an
/// ETag (its SHA-256), answering 304 to a matching `If-None-Match`. The build's brotli copy
/// of an asset is sent to a browser that accepts brotli.
async fn built_in(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    if let Some(compressed) = brotli_copy(path, &headers, AppFiles::get) {
        // The type is the original's: the copy's own name ends in `.br`.
        let mime = AppFiles::get(path).map(|file| file.metadata.mimetype().to_owned());
        return built_in_response(compressed, &headers, Some(mime.unwrap_or_default()));
    }
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
    built_in_response(file, &headers, None)
}

/// The answer with built-in `file`; `brotli_of` is the type of the file it is the brotli copy of.
fn built_in_response(
    file: rust_embed::EmbeddedFile,
    headers: &HeaderMap,
    brotli_of: Option<String>,
) -> Response {
    let tag = conditional::etag_of(&file.metadata.sha256_hash());
    let current = conditional::is_current(headers, &tag);
    let etag = HeaderValue::from_str(&tag).expect("hex is a valid header value");
    let vary = (header::VARY, HeaderValue::from_static("accept-encoding"));
    if current {
        return (StatusCode::NOT_MODIFIED, [(header::ETAG, etag), vary]).into_response();
    }
    let compressed = brotli_of.is_some();
    let mime = brotli_of.unwrap_or_else(|| file.metadata.mimetype().to_owned());
    let content_type = HeaderValue::from_str(&mime)
        .unwrap_or(HeaderValue::from_static("application/octet-stream"));
    let mut response = (
        [
            (header::CONTENT_TYPE, content_type),
            (header::ETAG, etag),
            vary,
        ],
        file.data,
    )
        .into_response();
    if compressed {
        response
            .headers_mut()
            .insert(header::CONTENT_ENCODING, HeaderValue::from_static("br"));
    }
    response
}

/// The build's brotli copy of asset `path` when the request accepts brotli and the copy exists.
fn brotli_copy<F>(path: &str, headers: &HeaderMap, find: impl Fn(&str) -> Option<F>) -> Option<F> {
    (path.starts_with("assets/") && accepts_brotli(headers))
        .then(|| find(&format!("{path}.br")))
        .flatten()
}

/// Whether `Accept-Encoding` lists `br` (or `*`) with a weight above zero (RFC 9110 §12.5.3).
fn accepts_brotli(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            let name = parts.next().unwrap_or_default();
            let weight = parts
                .find_map(|param| param.strip_prefix("q=").or(param.strip_prefix("Q=")))
                .map_or(1.0, |q| q.parse::<f32>().unwrap_or(0.0));
            (name.eq_ignore_ascii_case("br") || name == "*") && weight > 0.0
        })
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

/// Names UTF-8, the build's only encoding, on a text file's type that names none
/// (`text/html` → `text/html; charset=utf-8`), so no browser has to guess it.
fn declare_utf8(headers: &mut HeaderMap) {
    let Some(mime) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
    else {
        return;
    };
    if mime.starts_with("text/") && !mime.to_ascii_lowercase().contains("charset=") {
        if let Ok(value) = HeaderValue::from_str(&format!("{mime}; charset=utf-8")) {
            headers.insert(header::CONTENT_TYPE, value);
        }
    }
}

async fn set_cache_control(request: Request, next: Next) -> Response {
    let is_asset = request.uri().path().starts_with("/assets/");
    let is_worker = request.uri().path() == SERVICE_WORKER;
    let is_module_worker = is_asset && request.uri().path().contains(".worker-");
    let mut response = next.run(request).await;
    if !(response.status().is_success() || response.status().as_u16() == 304) {
        return response;
    }
    declare_utf8(response.headers_mut());
    if is_worker {
        let headers = response.headers_mut();
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(REVALIDATE));
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(crate::edge::WORKER_CSP),
        );
        return response;
    }
    if is_module_worker {
        response.headers_mut().insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(crate::edge::MODULE_WORKER_CSP),
        );
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_file_says_it_is_utf8_once() {
        for (given, said) in [
            ("text/html", "text/html; charset=utf-8"),
            ("text/css", "text/css; charset=utf-8"),
            ("text/html; charset=utf-8", "text/html; charset=utf-8"),
            ("text/html;Charset=UTF-8", "text/html;Charset=UTF-8"),
            ("image/png", "image/png"),
        ] {
            let mut headers = HeaderMap::new();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(given));
            declare_utf8(&mut headers);
            assert_eq!(headers[header::CONTENT_TYPE], said, "{given}");
        }
    }

    fn accepting(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(value).unwrap(),
        );
        headers
    }

    #[test]
    fn brotli_is_accepted_only_when_listed_with_a_weight() {
        for yes in [
            "br",
            "gzip, deflate, br, zstd",
            "gzip;q=1.0, BR;q=0.5",
            "*",
            "br;q=0.001",
        ] {
            assert!(accepts_brotli(&accepting(yes)), "{yes}");
        }
        for no in ["gzip", "br;q=0", "gzip, br;q=0.0", "identity", "brotli", ""] {
            assert!(!accepts_brotli(&accepting(no)), "{no}");
        }
        assert!(!accepts_brotli(&HeaderMap::new()));
    }

    #[test]
    fn the_brotli_copy_is_chosen_for_assets_that_have_one() {
        let files = [
            "assets/app-1.js",
            "assets/app-1.js.br",
            "index.html",
            "index.html.br",
        ];
        let find = |name: &str| files.contains(&name).then(|| name.to_owned());
        let br = accepting("gzip, br");
        assert_eq!(
            brotli_copy("assets/app-1.js", &br, find).as_deref(),
            Some("assets/app-1.js.br")
        );
        // No copy, a page rather than an asset, or a browser without brotli: the file itself.
        assert_eq!(brotli_copy("assets/app-2.js", &br, find), None);
        assert_eq!(brotli_copy("index.html", &br, find), None);
        assert_eq!(
            brotli_copy("assets/app-1.js", &accepting("gzip"), find),
            None
        );
    }
}

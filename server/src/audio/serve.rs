//! The ranged file response of the audio endpoint.
//!
//! tower-http's `ServeDir`, over the one open file of [`super::files`], does the file work:
//! single `Range` requests (`bytes=a-b`, `bytes=a-`, `bytes=-n`) answered 206 with `Content-Range` and `Content-Length`,
//! unsatisfiable ranges answered 416 with `Content-Range: bytes */len`, `Accept-Ranges:
//! bytes`, `Last-Modified` with `If-Modified-Since` / `If-Unmodified-Since`, HEAD without
//! reading the file, and a body streamed in 64 KiB chunks (never the whole file in memory),
//! which is replaced here by the same span of the file's mapping when the file is mapped.
//! Its own ETag is derived from size and mtime, and it has no `If-Range`.
//!
//! Added here:
//! - a strong `ETag` from the asset's sha256 (stable across copies and servers), with
//!   `If-None-Match` (→ 304, weak comparison) and `If-Match` (→ 412, strong comparison)
//!   evaluated against it (the `headers` crate's typed headers); the date validators are
//!   left to `ServeDir` only when the matching ETag validator is absent (RFC 9110 §13.2.2);
//! - `If-Range` (RFC 9110 §13.1.5): with a matching strong ETag (or a date not older than
//!   the file) the range is served, otherwise the `Range` header is dropped and the whole
//!   file is answered 200;
//! - multi-range requests (`bytes=0-1,5-6`) are served as the whole file with 200
//!   (a server may ignore `Range`, RFC 9110 §14.2) rather than `ServeDir`'s default 416,
//!   which RFC 9110 reserves for unsatisfiable ranges; audio players never ask for several;
//! - `Content-Type` from the asset row's mime (not guessed from the file name);
//! - `Cache-Control` by how access was granted (see [`CachePolicy`]), and
//!   `Vary: Authorization` when a bearer token granted it.
use axum::{
    body::Body,
    http::{header, HeaderMap, HeaderValue, Method, Request, StatusCode, Uri},
    response::Response,
};
use headers::{ContentRange, ETag, HeaderMapExt, IfMatch, IfNoneMatch, IfRange, LastModified};
use tower_http::services::ServeDir;

use super::{
    files::{OneFile, OpenAudioFile},
    object::OneObject,
    AudioSource,
};
use crate::error::{ApiError, ApiResult};

/// How long anyone may cache a free chapter.
const PUBLIC_MAX_AGE_SECS: i64 = 3600;

/// Who may keep a copy of the response, decided by how access was granted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CachePolicy {
    /// Free for everyone: `public, max-age=3600`.
    Public,
    /// Free until `ends_at` (ms; a campaign): `public`, at most until the end.
    PublicUntil { ends_at: i64 },
    /// A signed URL valid until `expires_at` (ms): `private`, at most until the expiry.
    SignedUntil { expires_at: i64 },
    /// Granted by the bearer token: `private, no-cache` (revalidate with the ETag) and
    /// `Vary: Authorization`.
    Bearer,
}

impl CachePolicy {
    fn header(self, now_ms: i64) -> HeaderValue {
        let secs_until = |ms: i64| ((ms - now_ms) / 1000).clamp(0, PUBLIC_MAX_AGE_SECS);
        let value = match self {
            Self::Public => format!("public, max-age={PUBLIC_MAX_AGE_SECS}"),
            Self::PublicUntil { ends_at } => format!("public, max-age={}", secs_until(ends_at)),
            Self::SignedUntil { expires_at } => {
                format!("private, max-age={}", secs_until(expires_at))
            }
            Self::Bearer => "private, no-cache".to_owned(),
        };
        HeaderValue::from_str(&value).expect("ASCII header value")
    }
}

/// What is served: the file, its mime type and its strong ETag (from the sha256).
#[derive(Clone)]
pub struct AudioFile<'a> {
    pub source: AudioSource,
    pub mime: &'a HeaderValue,
    pub etag: Option<&'a ETag>,
}

/// The strong ETag `"<sha256>"`; `None` unless the digest is 64 hex characters.
pub fn strong_etag(sha256: &str) -> Option<ETag> {
    let digest = sha256.trim().to_ascii_lowercase();
    if digest.len() != 64 || !digest.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    format!("\"{digest}\"").parse().ok()
}

/// Answers `method` + `headers` (GET or HEAD) with `file`: 200, 206, 304, 412 or 416.
pub async fn serve(
    method: &Method,
    headers: &HeaderMap,
    file: AudioFile<'_>,
    policy: CachePolicy,
    now_ms: i64,
) -> ApiResult<Response> {
    let etag = file.etag;
    let finish = |mut response: Response| {
        let out = response.headers_mut();
        if let Some(etag) = etag {
            out.typed_insert(etag.clone());
        }
        out.insert(header::CACHE_CONTROL, policy.header(now_ms));
        if policy == CachePolicy::Bearer {
            out.insert(header::VARY, HeaderValue::from_static("authorization"));
        }
        response
    };

    let mut forward = HeaderMap::new();
    if let Some(range) = headers.get(header::RANGE) {
        forward.insert(header::RANGE, range.clone());
    }
    match etag {
        Some(etag) => {
            match headers.typed_get::<IfMatch>() {
                Some(if_match) if !if_match.precondition_passes(etag) => {
                    return Ok(finish(status_only(StatusCode::PRECONDITION_FAILED)));
                }
                Some(_) => {}
                None => copy(headers, &mut forward, header::IF_UNMODIFIED_SINCE),
            }
            match headers.typed_get::<IfNoneMatch>() {
                Some(if_none_match) if !if_none_match.precondition_passes(etag) => {
                    return Ok(finish(status_only(StatusCode::NOT_MODIFIED)));
                }
                Some(_) => {}
                None => copy(headers, &mut forward, header::IF_MODIFIED_SINCE),
            }
        }
        None => {
            for name in [
                header::IF_MATCH,
                header::IF_NONE_MATCH,
                header::IF_MODIFIED_SINCE,
                header::IF_UNMODIFIED_SINCE,
            ] {
                copy(headers, &mut forward, name);
            }
        }
    }
    if forward.contains_key(header::RANGE) && headers.contains_key(header::IF_RANGE) {
        let last_modified = file.source.modified().map(LastModified::from);
        let range_still_valid = headers
            .typed_get::<IfRange>()
            .is_some_and(|if_range| !if_range.is_modified(etag, last_modified.as_ref()));
        if !range_still_valid {
            forward.remove(header::RANGE);
        }
    }

    // `ServeDir` does the ranged response; its backend is the one file, whatever the path.
    let mut request = Request::new(Body::empty());
    *request.method_mut() = method.clone();
    *request.uri_mut() = Uri::from_static("/audio");
    *request.headers_mut() = forward;
    let failed = |error| ApiError::Internal(anyhow::Error::new(error).context("audio file"));
    let response = match file.source {
        AudioSource::Local(open) => {
            let response = ServeDir::with_backend(".", OneFile(open.clone()))
                .ignore_multi_range_requests(true)
                .try_call(request)
                .await
                .map_err(failed)?
                .map(Body::new);
            if *method == Method::GET {
                with_mapped_body(response, &open)
            } else {
                response
            }
        }
        AudioSource::Stored(object) => ServeDir::with_backend(".", OneObject(object))
            .ignore_multi_range_requests(true)
            .try_call(request)
            .await
            .map_err(failed)?
            .map(Body::new),
    };
    let mut response = finish(response);
    if matches!(
        response.status(),
        StatusCode::OK | StatusCode::PARTIAL_CONTENT
    ) {
        response
            .headers_mut()
            .insert(header::CONTENT_TYPE, file.mime.clone());
    }
    Ok(response)
}

/// `ServeDir`'s answer with its body (read from the file chunk by chunk) replaced by the
/// same span of the file's mapping, which the connection sends without copying
/// ([`crate::serve::zero_copy`]); unchanged when there is no body or no mapping.
fn with_mapped_body(response: Response, open: &OpenAudioFile) -> Response {
    let span = match response.status() {
        StatusCode::OK => Some((0, open.meta.len)),
        StatusCode::PARTIAL_CONTENT => response
            .headers()
            .typed_get::<ContentRange>()
            .and_then(|range| range.bytes_range())
            .map(|(first, last)| (first, last + 1)),
        _ => None,
    };
    let declared = response
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok()?.parse::<u64>().ok());
    let Some(body) = span
        .filter(|(start, end)| declared == Some(end - start))
        .and_then(|(start, end)| open.mapped_bytes(start, end))
    else {
        return response;
    };
    let (parts, _read_from_the_file) = response.into_parts();
    Response::from_parts(parts, Body::from(body))
}

fn copy(from: &HeaderMap, to: &mut HeaderMap, name: header::HeaderName) {
    if let Some(value) = from.get(&name) {
        to.insert(name, value.clone());
    }
}

fn status_only(status: StatusCode) -> Response {
    let mut response = Response::new(Body::empty());
    *response.status_mut() = status;
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn etag_needs_a_sha256_digest() {
        let digest = "A".repeat(64);
        let etag = strong_etag(&digest).unwrap();
        let mut map = HeaderMap::new();
        map.typed_insert(etag);
        assert_eq!(map[header::ETAG], format!("\"{}\"", "a".repeat(64)));
        assert!(strong_etag("abc").is_none());
        assert!(strong_etag(&"g".repeat(64)).is_none());
    }

    #[test]
    fn cache_headers_follow_the_grant() {
        let now = 1_000_000;
        assert_eq!(CachePolicy::Public.header(now), "public, max-age=3600");
        assert_eq!(
            CachePolicy::PublicUntil {
                ends_at: now + 90_500
            }
            .header(now),
            "public, max-age=90"
        );
        assert_eq!(
            CachePolicy::PublicUntil {
                ends_at: now + 10 * 86_400_000
            }
            .header(now),
            "public, max-age=3600"
        );
        assert_eq!(
            CachePolicy::SignedUntil {
                expires_at: now + 600_000
            }
            .header(now),
            "private, max-age=600"
        );
        assert_eq!(
            CachePolicy::SignedUntil {
                expires_at: now - 5
            }
            .header(now),
            "private, max-age=0"
        );
        assert_eq!(CachePolicy::Bearer.header(now), "private, no-cache");
    }
}

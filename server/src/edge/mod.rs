//! The edge every response passes: security headers, compression, time limits, and the JSON
//! error shape for rejections made before a handler ran (extractors, body limits, timeouts).
pub mod body;

use std::{convert::Infallible, sync::Arc, time::Duration};

use axum::{
    body::Body,
    extract::DefaultBodyLimit,
    http::{header, HeaderName, HeaderValue, Request, StatusCode},
    middleware,
    response::{IntoResponse, Response},
    Router,
};
use tower::{util::BoxCloneSyncService, ServiceBuilder};
use tower_http::{
    compression::{
        predicate::{NotForContentType, Predicate},
        CompressionLayer, DefaultPredicate,
    },
    request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer},
    timeout::TimeoutLayer,
    trace::{DefaultOnResponse, TraceLayer},
};
use tracing::Level;

use crate::{
    activity::access::AccessLogLayer, config::Config, error::ApiError, settings::DefaultLanguage,
};

/// The page's policy: scripts only from this site (no inline script but those a page shell is
/// sent with, by hash: [`page_csp`]; no eval; wasm may be compiled), styles from this site plus
/// the inline `style` attributes React sets, images also from https hosts (covers and avatars may
/// live on a CDN), never framed.
pub const APP_CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; media-src 'self' blob:; \
    font-src 'self' data:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; \
    object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
/// [`APP_CSP`] allowing, besides, the inline scripts with exactly these texts (by their SHA-256).
pub fn page_csp<'s>(inline_scripts: impl IntoIterator<Item = &'s str>) -> String {
    use base64::Engine;
    use sha2::{Digest, Sha256};
    let hashes: String = inline_scripts
        .into_iter()
        .map(|script| {
            let digest = Sha256::digest(script.as_bytes());
            let hash = base64::engine::general_purpose::STANDARD.encode(digest);
            format!(" 'sha256-{hash}'")
        })
        .collect();
    APP_CSP.replacen(
        "script-src 'self'",
        &format!("script-src 'self'{hashes}"),
        1,
    )
}

/// Everything that is not a page (JSON, audio, images, translations) may run nothing at all.
pub const RESOURCE_CSP: &str = "default-src 'none'; frame-ancestors 'none'; sandbox";
/// The service worker's own policy (a worker script runs under the policy it is served with):
/// it fetches from this site only (the page, build files, translations, audio) and imports
/// nothing. Set by the app's file service; a handler's own policy is never replaced.
pub const WORKER_CSP: &str =
    "default-src 'self'; script-src 'self'; object-src 'none'; frame-ancestors 'none'";
/// The policy of the app's module workers (`/assets/*.worker-*.js`, the proof-of-work solver):
/// scripts and the wasm they compile from this site only, nothing else fetched from elsewhere.
pub const MODULE_WORKER_CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
    object-src 'none'; frame-ancestors 'none'";
/// Browser features the app never uses, so an injected frame or script cannot ask for them.
const PERMISSIONS_POLICY: &str = "camera=(), microphone=(), geolocation=(), usb=(), serial=()";
/// A year of https-only, for sites served over https.
const HSTS: &str = "max-age=31536000; includeSubDomains";
/// Rejection bodies longer than this are not quoted into the JSON error.
const QUOTED_REJECTION_LIMIT: usize = 2048;

/// The whole application as one service, as the connection loop serves it.
pub type AppService = BoxCloneSyncService<Request<Body>, Response, Infallible>;

/// The header that carries a request's id (set when the client sent none, echoed back).
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// `router` inside the edge layers, outermost first: request ids and one log line per
/// request, security headers, compression (never of audio), the request's language, JSON
/// rejections, the client's address, the access log (`access_log`: after the address is
/// known, outside the time limits so a timed-out request is logged with its 408), the
/// anti-crawler gate (its 429s logged, its challenge on every API answer), the JSON
/// body limit, handler and body time limits.
/// They wrap the router once, as one service: a layer added with `Router::layer` wraps
/// every route on its own, and each request would copy every one of them.
pub fn wrap(
    router: Router,
    config: &Config,
    access_log: AccessLogLayer,
    default_language: DefaultLanguage,
    gate: Arc<crate::anti_crawler::Gate>,
) -> AppService {
    let limits = config.timeouts;
    let compress_when = DefaultPredicate::new()
        .and(NotForContentType::const_new("audio/"))
        .and(NotForContentType::const_new("video/"));
    let headers_policy = SecurityHeaders {
        hsts: config.is_https(),
    };
    let trusted_proxies: Arc<[crate::client::ProxyRange]> =
        Arc::from(config.trusted_proxies.as_slice());
    // Layers that only map a request or a response do it in place (tower's `map_request`,
    // `map_response`): axum's `from_fn` and `map_response` box each request's future and copy
    // every service beneath them for it.
    let service = ServiceBuilder::new()
        .map_response(|response: Response<_>| response.map(Body::new))
        .layer(SetRequestIdLayer::new(REQUEST_ID, MakeRequestUuid))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(request_span)
                .on_response(DefaultOnResponse::new().level(Level::INFO)),
        )
        .layer(PropagateRequestIdLayer::new(REQUEST_ID))
        .map_response(move |response| security_headers(headers_policy, response))
        .map_response(|response: Response<_>| response.map(Body::new))
        .layer(CompressionLayer::new().compress_when(compress_when))
        .layer(crate::error::words::in_request_language(default_language))
        .layer(middleware::map_response(json_rejections))
        .map_request(move |request| crate::client::resolve_client(&trusted_proxies, request))
        .layer(access_log)
        .layer(middleware::from_fn_with_state(
            gate,
            crate::anti_crawler::guard::guard,
        ))
        .layer(DefaultBodyLimit::max(crate::routes::API_BODY_LIMIT))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            Duration::from_secs(limits.request_timeout_secs),
        ))
        .layer(middleware::from_fn_with_state(
            body::BodyRules {
                pause: Duration::from_secs(limits.body_timeout_secs),
                upload_bytes: config.max_audio_upload_mb.max(config.max_image_upload_mb)
                    * 1024
                    * 1024,
            },
            body::guard,
        ))
        .service(router);
    BoxCloneSyncService::new(service)
}

/// The log span of a request: its method, path and id.
fn request_span<B>(request: &Request<B>) -> tracing::Span {
    let id = request
        .headers()
        .get(REQUEST_ID)
        .and_then(|value| value.to_str().ok())
        .unwrap_or("-");
    tracing::info_span!("request", method = %request.method(), path = %request.uri().path(), id)
}

/// Which optional security headers this server sends.
#[derive(Debug, Clone, Copy)]
struct SecurityHeaders {
    hsts: bool,
}

fn security_headers(policy: SecurityHeaders, mut response: Response) -> Response {
    let is_page = crate::routes::spa::is_html(response.headers());
    // A 304 has no content type, and browsers merge its headers into the cached answer: it
    // must not replace the page's policy with the resource one.
    let revalidated = response.status() == StatusCode::NOT_MODIFIED;
    let headers = response.headers_mut();
    if !revalidated && !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        let csp = if is_page { APP_CSP } else { RESOURCE_CSP };
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(csp),
        );
    }
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
    headers.insert(
        HeaderName::from_static("permissions-policy"),
        HeaderValue::from_static(PERMISSIONS_POLICY),
    );
    headers.insert(
        HeaderName::from_static("cross-origin-opener-policy"),
        HeaderValue::from_static("same-origin"),
    );
    if policy.hsts {
        headers.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        );
    }
    response
}

/// A failure answered without the JSON error body (axum's extractor rejections, the body
/// limit, the time limits, a file server's 404 or 416) gets it, keeping its status and
/// headers (`Allow`, `Content-Range`, `Retry-After`) and quoting its text as the message.
async fn json_rejections(response: Response) -> Response {
    let status = response.status();
    let failed = status.is_client_error() || status.is_server_error();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/json"));
    if !failed || is_json {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, QUOTED_REJECTION_LIMIT)
        .await
        .map(|bytes| String::from_utf8_lossy(&bytes).trim().to_owned())
        .unwrap_or_default();
    // A server error's text may tell more than a client should read.
    let detail = if status.is_server_error() {
        String::new()
    } else {
        text
    };
    let mut answer = ApiError::Rejected { status, detail }.into_response();
    for (name, value) in parts.headers.iter() {
        if name != header::CONTENT_TYPE
            && name != header::CONTENT_LENGTH
            && !answer.headers().contains_key(name)
        {
            answer.headers_mut().insert(name.clone(), value.clone());
        }
    }
    answer
}

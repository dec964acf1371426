//! The middleware in front of the API: classifies a request, lets the gate decide, answers a
//! refusal with 429 and the challenge (`challengeCode` at the top level and under `data`, spec
//! §7), and stamps every API answer with `X-Challenge-Code` and `X-Challenge-Difficulty`.
use std::sync::Arc;

use axum::{
    extract::{Request, State},
    http::{header, HeaderMap, HeaderValue, Method},
    middleware::Next,
    response::{IntoResponse, Response},
    Json,
};
use tingshu_core::i18n::texts::text;

use super::gate::{Admission, Gate, Guarded, Refusal, CODE_HEADER, DIFFICULTY_HEADER, PASS_HEADER};
use crate::{client::ClientAddr, error::ApiError};

/// What a request to `path` (with `query`) asks the gate for, if anything: reads of the
/// catalogue and search, and the first request of an unsigned audio file (a signed link is
/// the server's own grant; a later range continues a file already opened).
pub fn classify(
    method: &Method,
    path: &str,
    query: Option<&str>,
    headers: &HeaderMap,
) -> Option<Guarded> {
    if method != Method::GET && method != Method::HEAD {
        return None;
    }
    let rest = path.strip_prefix("/api/")?;
    if let Some(chapter) = rest.strip_prefix("chapters/") {
        if !chapter.ends_with("/audio") {
            return Some(Guarded::Catalogue);
        }
        let signed = query.is_some_and(|q| q.split('&').any(|pair| pair.starts_with("sig=")));
        let continues = headers
            .get(header::RANGE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|range| !range.trim().starts_with("bytes=0-"));
        return (!signed && !continues).then_some(Guarded::Audio);
    }
    let first = rest.split('/').next().unwrap_or_default();
    matches!(
        first,
        "books" | "categories" | "tags" | "limited-free" | "recommendations" | "search"
    )
    .then_some(Guarded::Catalogue)
}

/// Seconds since the epoch, the clock of codes, passes and the site's refusal count.
pub fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Middleware: the gate in front of every `/api` request.
pub async fn guard(State(gate): State<Arc<Gate>>, request: Request, next: Next) -> Response {
    if !request.uri().path().starts_with("/api/") {
        return next.run(request).await;
    }
    let address = ClientAddr::of(request.extensions());
    let client = address.budget_key();
    let now = now_secs();
    let class = classify(
        request.method(),
        request.uri().path(),
        request.uri().query(),
        request.headers(),
    );
    let admission = match class {
        Some(class) => gate.admit(class, address.0, client, request.headers(), now),
        None => Admission::Admitted,
    };
    let mut response = match &admission {
        // The challenge after the refusal counted (the difficulty may have risen with it).
        Admission::Refused(refusal) => refused(
            *refusal,
            &gate.code(client, now),
            gate.pressure().difficulty(client, now),
        ),
        _ => next.run(request).await,
    };
    let headers = response.headers_mut();
    if !headers.contains_key(CODE_HEADER) {
        headers.insert(CODE_HEADER, gate.code_header(client, now));
        headers.insert(
            DIFFICULTY_HEADER,
            gate.pressure().difficulty(client, now).into(),
        );
    }
    if let Admission::Earned { pass } = admission {
        if let Ok(pass) = HeaderValue::from_str(&pass) {
            headers.insert(PASS_HEADER, pass);
        }
    }
    response
}

/// 429 with the usual error body, plus the challenge (`challenge_code`, `difficulty`, also in
/// its headers) for a client that may prove its work.
fn refused(refusal: Refusal, challenge_code: &str, difficulty: u32) -> Response {
    let lang = crate::error::words::answer_lang();
    let (code, key) = match refusal {
        Refusal::ChallengeRequired => ("challenge_required", "api.challengeRequired"),
        Refusal::ChallengeFailed => ("challenge_failed", "api.challengeFailed"),
        Refusal::CrawlerLimit => {
            return ApiError::TooManyRequests {
                code: "rate_limited",
                retry_after_secs: 60,
                message: tingshu_core::auth::messages::too_many_requests(60, lang),
            }
            .into_response()
        }
    };
    let error = ApiError::TooManyRequests {
        code,
        retry_after_secs: 1,
        message: text(lang, key).to_owned(),
    };
    let mut body = serde_json::to_value(error.body()).expect("an error body serialises");
    if let Some(fields) = body.as_object_mut() {
        fields.insert("challengeCode".into(), challenge_code.into());
        fields.insert("difficulty".into(), difficulty.into());
        fields.insert(
            "data".into(),
            serde_json::json!({ "challengeCode": challenge_code, "difficulty": difficulty }),
        );
    }
    let mut response = (error.status(), Json(body)).into_response();
    let headers = response.headers_mut();
    headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    if let Ok(code) = HeaderValue::from_str(challenge_code) {
        headers.insert(CODE_HEADER, code);
    }
    headers.insert(DIFFICULTY_HEADER, difficulty.into());
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(method: Method, uri: &str, range: Option<&str>) -> Option<Guarded> {
        let uri: axum::http::Uri = uri.parse().unwrap();
        let mut headers = HeaderMap::new();
        if let Some(range) = range {
            headers.insert(header::RANGE, HeaderValue::from_str(range).unwrap());
        }
        classify(&method, uri.path(), uri.query(), &headers)
    }

    #[test]
    fn the_catalogue_search_and_opened_audio_are_guarded_and_nothing_else() {
        use Guarded::*;
        assert_eq!(
            class(Method::GET, "/api/books?page=2", None),
            Some(Catalogue)
        );
        assert_eq!(
            class(Method::GET, "/api/books/7/chapters", None),
            Some(Catalogue)
        );
        assert_eq!(class(Method::GET, "/api/search?q=x", None), Some(Catalogue));
        assert_eq!(class(Method::GET, "/api/chapters/3", None), Some(Catalogue));
        assert_eq!(
            class(Method::GET, "/api/chapters/3/audio", None),
            Some(Audio)
        );
        assert_eq!(
            class(Method::GET, "/api/chapters/3/audio", Some("bytes=0-")),
            Some(Audio)
        );
        assert_eq!(
            class(Method::GET, "/api/chapters/3/audio", Some("bytes=5000-")),
            None
        );
        assert_eq!(
            class(
                Method::GET,
                "/api/chapters/3/audio?exp=1&uid=2&sig=ab",
                None
            ),
            None
        );
        assert_eq!(class(Method::POST, "/api/books", None), None);
        assert_eq!(class(Method::GET, "/api/auth/me", None), None);
        assert_eq!(class(Method::GET, "/api/covers/1/small", None), None);
        assert_eq!(class(Method::GET, "/books", None), None);
    }
}

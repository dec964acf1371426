//! Request extractors shared by every feature: JSON bodies and the listener's language.
use axum::{
    extract::{rejection::JsonRejection, FromRequest, FromRequestParts},
    http::{header, request::Parts, HeaderMap},
    Json,
};
use tingshu_core::{
    i18n::{
        lang::{resolve_language, ResolveLanguageInput},
        texts::text,
    },
    routing::locale::address_language,
    validation::FieldRule,
    Lang,
};

use crate::{
    error::ApiError,
    paging::{param_error, whole_number_param},
};

/// A JSON body whose rejections (bad JSON, wrong shape, too large) become the API's error body.
/// A whole number written with a fraction (`2.0`), which JSON and JSON Schema count as the
/// integer it equals, is read as that integer.
pub struct Body<T>(pub T);

impl<S, T> FromRequest<S> for Body<T>
where
    S: Send + Sync,
    T: serde::de::DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        let Json(value) = Json::<serde_json::Value>::from_request(request, state).await?;
        read_value(value).map(Self)
    }
}

/// JSON `bytes` as a `T`, read as [`Body`] reads a body (for routes that take other types too).
pub fn read_json<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let value =
        serde_json::from_slice(bytes).map_err(|error| ApiError::BadJson(error.to_string()))?;
    read_value(value)
}

/// `value` as a `T`, its whole numbers as integers; a mismatch names the path it was found at.
fn read_value<T: serde::de::DeserializeOwned>(mut value: serde_json::Value) -> Result<T, ApiError> {
    whole_numbers_as_integers(&mut value);
    serde_path_to_error::deserialize(value).map_err(|error| {
        ApiError::BadJson(format!(
            "Failed to deserialize the JSON body into the target type: {error}"
        ))
    })
}

/// Rewrites every number with a zero fraction within the 64-bit range as an integer.
fn whole_numbers_as_integers(value: &mut serde_json::Value) {
    use serde_json::Value;
    match value {
        Value::Number(number) => {
            const LIMIT: f64 = 9_007_199_254_740_992.0; // 2^53: exact as f64 and as i64
            if let Some(float) = number.as_f64().filter(|_| number.is_f64()) {
                if float.fract() == 0.0 && float.abs() <= LIMIT {
                    *number = serde_json::Number::from(float as i64);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(whole_numbers_as_integers),
        Value::Object(fields) => fields.values_mut().for_each(whole_numbers_as_integers),
        Value::Null | Value::Bool(_) | Value::String(_) => {}
    }
}

/// A JSON body that may be left out: no body, only white space, or JSON `null` (what
/// `JSON.stringify(undefined ?? null)` sends) is `T::default()`.
pub struct OptionalBody<T>(pub T);

impl<S, T> FromRequest<S> for OptionalBody<T>
where
    S: Send + Sync,
    T: serde::de::DeserializeOwned + Default,
{
    type Rejection = ApiError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        let bytes = axum::body::Bytes::from_request(request, state)
            .await
            .map_err(|rejection| ApiError::from(JsonRejection::from(rejection)))?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(Self(T::default()));
        }
        let Json(value) = Json::<serde_json::Value>::from_bytes(&bytes)?;
        if value.is_null() {
            return Ok(Self(T::default()));
        }
        read_value(value).map(Self)
    }
}

/// The language to answer in (see `lang_of`).
#[derive(Debug, Clone, Copy)]
pub struct RequestLang(pub Lang);

impl<S: Send + Sync> FromRequestParts<S> for RequestLang {
    type Rejection = std::convert::Infallible;

    /// The language `error::words::in_request_language` already read, else read here.
    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(parts
            .extensions
            .get::<Self>()
            .copied()
            .unwrap_or_else(|| Self(lang_of(parts.uri.path(), &parts.headers, Lang::Zh))))
    }
}

/// The header in which the app states the language of the page an API call comes from.
pub const PAGE_LANG_HEADER: &str = "x-tingshu-lang";

/// The language of a request to `path`, as core resolves it (issue 27: the address decides):
/// the address's locale (a page's prefix), else the page language the app states in
/// [`PAGE_LANG_HEADER`], else the `lang` cookie, else `Accept-Language`, else `fallback` (the
/// site's default language).
pub fn lang_of(path: &str, headers: &HeaderMap, fallback: Lang) -> Lang {
    let address = address_language(path)
        .map(|lang| lang.code().to_owned())
        .or_else(|| {
            headers
                .get(PAGE_LANG_HEADER)
                .and_then(|value| value.to_str().ok())
                .map(str::to_owned)
        });
    let stored = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|cookies| cookies.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == "lang")
        .map(|(_, value)| value.to_owned());
    let browser: Vec<String> = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|value| value.to_str().ok())
        .map(|list| {
            list.split(',')
                .filter_map(|item| item.split(';').next())
                .map(|tag| tag.trim().to_owned())
                .filter(|tag| !tag.is_empty())
                .collect()
        })
        .unwrap_or_default();
    resolve_language(ResolveLanguageInput {
        address,
        stored,
        browser,
        fallback: Some(fallback),
    })
}

/// A record id from the path (`/books/{id}`): a positive integer, else a 400 naming `id`
/// in the caller's language.
#[derive(Debug, Clone, Copy)]
pub struct PathId(pub i32);

impl<S: Send + Sync> FromRequestParts<S> for PathId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        const MAX_ID: usize = i32::MAX as usize;
        let RequestLang(lang) = RequestLang::from_request_parts(parts, state)
            .await
            .unwrap_or_else(|never| match never {});
        let refused = || {
            param_error(
                lang,
                "id",
                FieldRule::WholeNumber {
                    min: 1,
                    max: MAX_ID,
                },
            )
        };
        let axum::extract::Path(raw) =
            axum::extract::Path::<String>::from_request_parts(parts, state)
                .await
                .map_err(|_| refused())?;
        whole_number_param(lang, "id", Some(&raw), 1, MAX_ID as u64)?
            .and_then(|id| i32::try_from(id).ok())
            .map(Self)
            .ok_or_else(refused)
    }
}

/// Query parameters whose rejections (bad encoding, a repeated name) become the API's 400 body,
/// worded in the caller's language.
#[derive(Debug, Clone)]
pub struct Params<T>(pub T);

impl<T, S> FromRequestParts<S> for Params<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let RequestLang(lang) = RequestLang::from_request_parts(parts, state)
            .await
            .unwrap_or_else(|never| match never {});
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Query(value)| Self(value))
            .map_err(|rejection| {
                tracing::debug!(rejection = %rejection.body_text(), "query string refused");
                ApiError::Validation {
                    message: text(lang, "validation.query").to_owned(),
                    fields: Default::default(),
                }
            })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[derive(Debug, serde::Deserialize, PartialEq)]
    struct Form {
        ids: Vec<i32>,
        seconds: f64,
    }

    #[test]
    fn whole_numbers_written_with_a_fraction_are_integers() {
        let form: Form = read_value(json!({"ids": [1.0, 2, -3.0], "seconds": 4.0})).unwrap();
        assert_eq!(
            form,
            Form {
                ids: vec![1, 2, -3],
                seconds: 4.0
            }
        );
    }

    #[test]
    fn a_fraction_or_a_number_beyond_the_type_is_refused_with_its_path() {
        for (body, path) in [
            (json!({"ids": [1, 2.5], "seconds": 0}), "ids[1]"),
            (json!({"ids": [1e300], "seconds": 0}), "ids[0]"),
            (json!({"ids": [4294967296.0], "seconds": 0}), "ids[0]"),
        ] {
            match read_value::<Form>(body) {
                Err(ApiError::BadJson(detail)) => assert!(detail.contains(path), "{detail}"),
                other => panic!("{path}: {other:?}"),
            }
        }
    }
}

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
    validation::FieldRule,
    Lang,
};

use crate::{
    error::ApiError,
    paging::{param_error, whole_number_param},
};

/// A JSON body whose rejections (bad JSON, wrong shape, too large) become the API's error body.
#[derive(FromRequest)]
#[from_request(via(Json), rejection(ApiError))]
pub struct Body<T>(pub T);

/// A JSON body that may be left out: no body, or only white space, is `T::default()`.
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
        let Json(value) = Json::<T>::from_bytes(&bytes)?;
        Ok(Self(value))
    }
}

/// The language to answer in: the `lang` cookie the app sets, else `Accept-Language`, else zh.
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
            .unwrap_or_else(|| Self(lang_of(&parts.headers))))
    }
}

/// The language of a request: the `lang` cookie, else `Accept-Language`, else zh.
pub fn lang_of(headers: &HeaderMap) -> Lang {
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
    resolve_language(ResolveLanguageInput { stored, browser })
}

/// A record id from the path (`/books/{id}`): a positive integer, else a 400 naming `id`
/// in the caller's language.
#[derive(Debug, Clone, Copy)]
pub struct PathId(pub i32);

impl<S: Send + Sync> FromRequestParts<S> for PathId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        const MAX_ID: usize = i32::MAX as usize;
        let lang = lang_of(&parts.headers);
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
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Query(value)| Self(value))
            .map_err(|rejection| {
                tracing::debug!(rejection = %rejection.body_text(), "query string refused");
                ApiError::Validation {
                    message: text(lang_of(&parts.headers), "validation.query").to_owned(),
                    fields: Default::default(),
                }
            })
    }
}

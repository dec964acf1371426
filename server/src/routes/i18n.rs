//! `GET /_i18n/{lang}/{file}.json`: one catalogue file of one language (an i18next namespace),
//! cached for a day.
use axum::{
    extract::{Path, State},
    http::{header, HeaderMap, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
    routing::get,
    Router,
};

use crate::{
    conditional,
    error::{ApiError, Missing},
    state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new().route("/_i18n/{lang}/{file}", get(get_catalogue))
}

/// The browser keeps a catalogue for 24 h (spec §9), then revalidates with its ETag.
const CACHE_CONTROL: &str = "public, max-age=86400";

async fn get_catalogue(
    State(state): State<AppState>,
    Path((lang, file)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if state.catalogues.stems(&lang).is_empty() {
        return Err(ApiError::NotFound(Missing::Language(lang)));
    }
    let stem = file.strip_suffix(".json").unwrap_or_default();
    let catalogue = state
        .catalogues
        .get(&lang, stem)
        .ok_or_else(|| ApiError::NotFound(Missing::File(format!("/_i18n/{lang}/{file}"))))?;
    let etag = HeaderValue::from_str(&catalogue.etag).map_err(|e| ApiError::Internal(e.into()))?;
    let cache = HeaderValue::from_static(CACHE_CONTROL);
    if conditional::is_current(&headers, &catalogue.etag) {
        return Ok((
            StatusCode::NOT_MODIFIED,
            [(header::ETAG, etag), (header::CACHE_CONTROL, cache)],
        )
            .into_response());
    }
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json; charset=utf-8"),
            ),
            (header::ETAG, etag),
            (header::CACHE_CONTROL, cache),
        ],
        catalogue.json.clone(),
    )
        .into_response())
}

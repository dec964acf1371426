//! `GET /api/site`: what every listener page may need of the site's settings (name, default
//! language, whether registration is open, support contact) and the ads running now, in one
//! answer cached by browsers for a minute (with an ETag for a cheap check after).
use crate::routes::registry::route;
use axum::{
    extract::State,
    http::{header, HeaderMap, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
};
use serde::Serialize;
use sha2::{Digest, Sha256};
use tingshu_core::{
    auth::access::Access,
    offers::site_settings::{support_href, SupportHrefInput},
    Lang,
};

use crate::{
    ads::{self, PublicAd},
    conditional,
    error::{ApiError, Success},
    routes::registry::ApiRoutes,
    state::AppState,
};

/// How long a browser keeps the answer without asking again.
const CACHE_CONTROL: &str = "public, max-age=60";

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    api.add(Access::Public, route!(get_site))
}

/// The site as listeners see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteInfo {
    pub site_name: String,
    /// The language of a visitor who states none.
    pub default_language: Lang,
    /// When false the register page shows a notice instead of its form.
    pub registration_open: bool,
    /// The support contact as typed (an e-mail or a web address), if any.
    pub support_contact: Option<String>,
    /// Where the contact leads (`mailto:…` or the web address; core `supportHref`).
    pub support_href: Option<String>,
    /// The ads running now (members never see them: the app hides them).
    pub ads: Vec<PublicAd>,
}

/// The site's public settings and the ads running now; `Cache-Control: public, max-age=60`
/// and an ETag (304 when `If-None-Match` names it).
#[utoipa::path(get, path = "/site", tag = "site",
    responses((status = 200, body = Success<SiteInfo>),
        (status = 304, description = "The copy named by If-None-Match is current")))]
#[tracing::instrument(skip_all)]
async fn get_site(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    let settings = state.settings.current().await;
    let now = crate::clock::now_ms();
    let ads = ads::running(state.db.reader(), now).await?;
    let info = SiteInfo {
        support_href: support_href(SupportHrefInput {
            contact: settings.support_contact.clone(),
        }),
        site_name: settings.site_name,
        default_language: settings.default_language,
        registration_open: settings.registration_open,
        support_contact: settings.support_contact,
        ads,
    };
    let body = serde_json::to_vec(&Success {
        success: true,
        data: info,
    })
    .map_err(|e| ApiError::Internal(e.into()))?;
    let etag = conditional::etag_of(&Sha256::digest(&body));
    let etag_value = HeaderValue::from_str(&etag).map_err(|e| ApiError::Internal(e.into()))?;
    let cache = HeaderValue::from_static(CACHE_CONTROL);
    if conditional::is_current(&headers, &etag) {
        return Ok((
            StatusCode::NOT_MODIFIED,
            [(header::ETAG, etag_value), (header::CACHE_CONTROL, cache)],
        )
            .into_response());
    }
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            ),
            (header::ETAG, etag_value),
            (header::CACHE_CONTROL, cache),
        ],
        body,
    )
        .into_response())
}

//! `/api/admin/uploads*`: resumable uploads of audio and images (`manage:books`), in the tus
//! 1.0 protocol (core, creation, termination): `POST` opens one (`Upload-Length`,
//! `Upload-Metadata: filename <b64>,kind <b64>`), `HEAD` tells how many bytes arrived,
//! `PATCH` appends bytes at `Upload-Offset`, `DELETE` stops it; `GET` answers it as JSON,
//! with the stored file once complete.
use crate::routes::registry::route;
use axum::{
    body::Body as RawBody,
    extract::{Path, State},
    http::{header, HeaderMap, HeaderName, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use base64::Engine;
use tingshu_core::{
    auth::{access::Access, kinds::Permission},
    i18n::texts::text_with,
    Lang,
};

use crate::{
    accounts::Client,
    auth::SignedIn,
    console::audit::Actor,
    error::{success, ApiError, ApiResult, Success},
    routes::registry::ApiRoutes,
    state::AppState,
    uploads::{self, sniff::UploadKind, view::UploadView, NewUpload},
};

const TUS_RESUMABLE: HeaderName = HeaderName::from_static("tus-resumable");
const UPLOAD_LENGTH: HeaderName = HeaderName::from_static("upload-length");
const UPLOAD_OFFSET: HeaderName = HeaderName::from_static("upload-offset");
const UPLOAD_METADATA: HeaderName = HeaderName::from_static("upload-metadata");
/// The protocol version spoken.
const TUS_VERSION: HeaderValue = HeaderValue::from_static("1.0.0");
/// The body type of a PATCH.
const OFFSET_OCTET_STREAM: &str = "application/offset+octet-stream";

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let books = || Access::Permission {
        permission: Permission::ManageBooks,
    };
    api.add(books(), route!(create_admin_upload))
        .add(books(), route!(get_admin_upload))
        .add(books(), route!(head_admin_upload))
        .add(books(), route!(append_admin_upload))
        .add(books(), route!(cancel_admin_upload))
}

/// Opens an upload of `Upload-Length` bytes; `Upload-Metadata` carries `filename`, `kind`
/// (`audio` or `image`) and optionally `filetype` (the browser's media type), base64-encoded as
/// tus says. 201 with its address in `Location`; 415 before any byte when the name's extension
/// or the declared type is of no format the kind accepts.
#[utoipa::path(post, path = "/admin/uploads", tag = "admin",
    params(
        ("Upload-Length" = u64, Header, description = "The file's size in bytes"),
        ("Upload-Metadata" = String, Header,
            description = "`filename <base64>,kind <base64>[,filetype <base64>]` (kind: audio or image)"),
    ),
    responses(
        (status = 201, description = "Opened; resume at `Location`", body = Success<UploadView>,
            headers(("Location" = String), ("Upload-Offset" = u64), ("Tus-Resumable" = String))),
        (status = 400, description = "A header is missing or malformed, or the name or size breaks its rule", body = crate::error::ErrorBody),
        (status = 409, description = "Too many uploads in progress", body = crate::error::ErrorBody),
        (status = 415, description = "The file's name or declared type is of no accepted format (`fields.file` lists those that are)", body = crate::error::ErrorBody),
        (status = 507, description = "The upload disk is full", body = crate::error::ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn create_admin_upload(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let lang = client.lang;
    let actor = Actor::new(&caller, &client);
    let size = number_header(&headers, &UPLOAD_LENGTH, "Upload-Length", lang)?;
    let metadata = metadata(&headers);
    let kind = metadata
        .iter()
        .find(|(key, _)| key == "kind")
        .and_then(|(_, value)| UploadKind::parse(value))
        .ok_or_else(|| header_error("Upload-Metadata", lang))?;
    let value_of = |name: &str| {
        metadata
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.clone())
    };
    let file_name = value_of("filename").unwrap_or_default();
    let file_type = value_of("filetype");
    let view = uploads::create(
        &state.uploads,
        &actor,
        NewUpload {
            kind,
            file_name,
            file_type,
            size,
        },
        lang,
    )
    .await?;
    let location = format!("/api/admin/uploads/{}", view.id);
    let mut response = (StatusCode::CREATED, success(view)).into_response();
    let out = response.headers_mut();
    out.insert(
        header::LOCATION,
        HeaderValue::from_str(&location).expect("ASCII location"),
    );
    out.insert(UPLOAD_OFFSET, HeaderValue::from_static("0"));
    out.insert(TUS_RESUMABLE, TUS_VERSION);
    Ok(response)
}

/// The upload as JSON: how much arrived, its state and, once complete, the stored file.
#[utoipa::path(get, path = "/admin/uploads/{id}", tag = "admin",
    params(("id" = String, Path, description = "The upload's id")),
    responses((status = 200, body = Success<UploadView>)))]
#[tracing::instrument(skip_all)]
async fn get_admin_upload(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    Path(id): Path<String>,
) -> ApiResult<Json<Success<UploadView>>> {
    Ok(success(
        uploads::get(&state.uploads, caller.user.id, &id, client.lang).await?,
    ))
}

/// How many bytes arrived (`Upload-Offset`) of how many (`Upload-Length`): where to resume.
#[utoipa::path(head, path = "/admin/uploads/{id}", tag = "admin",
    params(("id" = String, Path, description = "The upload's id")),
    responses((status = 200, description = "The offset to resume from",
        headers(("Upload-Offset" = u64), ("Upload-Length" = u64), ("Tus-Resumable" = String)))))]
#[tracing::instrument(skip_all)]
async fn head_admin_upload(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let view = uploads::get(&state.uploads, caller.user.id, &id, client.lang).await?;
    let mut response = StatusCode::OK.into_response();
    let out = response.headers_mut();
    out.insert(UPLOAD_OFFSET, HeaderValue::from(view.received));
    out.insert(UPLOAD_LENGTH, HeaderValue::from(view.size));
    out.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    out.insert(TUS_RESUMABLE, TUS_VERSION);
    Ok(response)
}

/// Appends the body (`application/offset+octet-stream`) at `Upload-Offset`; answers the new
/// offset. With the last byte the file is checked (its bytes must be of the upload's kind, an
/// audio file must have a length) and stored; `GET` then shows the stored file.
#[utoipa::path(patch, path = "/admin/uploads/{id}", tag = "admin",
    params(("id" = String, Path, description = "The upload's id"),
        ("Upload-Offset" = u64, Header, description = "Where these bytes start")),
    request_body(content = Vec<u8>, content_type = "application/offset+octet-stream"),
    responses(
        (status = 204, description = "Appended", headers(("Upload-Offset" = u64), ("Tus-Resumable" = String))),
        (status = 400, description = "Upload-Offset is missing or malformed", body = crate::error::ErrorBody),
        (status = 409, description = "The offset is not where the upload stands, or the upload is closed or busy", body = crate::error::ErrorBody),
        (status = 413, description = "More bytes than the declared size", body = crate::error::ErrorBody),
        (status = 415, description = "Not the tus body type, or the file is not of the upload's kind (or an image that does not decode or has more than 40 megapixels)", body = crate::error::ErrorBody),
        (status = 507, description = "The upload disk is full", body = crate::error::ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn append_admin_upload(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: RawBody,
) -> ApiResult<Response> {
    let lang = client.lang;
    let actor = Actor::new(&caller, &client);
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default();
    if !content_type.eq_ignore_ascii_case(OFFSET_OCTET_STREAM) {
        return Err(ApiError::Unsupported {
            message: tingshu_core::i18n::texts::text(lang, "api.upload.contentType").to_owned(),
            fields: [("Content-Type".to_owned(), OFFSET_OCTET_STREAM.to_owned())].into(),
        });
    }
    let offset = number_header(&headers, &UPLOAD_OFFSET, "Upload-Offset", lang)?;
    let (offset, _) = uploads::append(&state.uploads, &actor, &id, offset, body, lang).await?;
    let mut response = StatusCode::NO_CONTENT.into_response();
    let out = response.headers_mut();
    out.insert(UPLOAD_OFFSET, HeaderValue::from(offset));
    out.insert(TUS_RESUMABLE, TUS_VERSION);
    Ok(response)
}

/// Stops an upload in progress and throws away what arrived (a finished one is kept).
#[utoipa::path(delete, path = "/admin/uploads/{id}", tag = "admin",
    params(("id" = String, Path, description = "The upload's id")),
    responses((status = 204, description = "Stopped", headers(("Tus-Resumable" = String)))))]
#[tracing::instrument(skip_all)]
async fn cancel_admin_upload(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let actor = Actor::new(&caller, &client);
    uploads::cancel(&state.uploads, &actor, &id, client.lang).await?;
    let mut response = StatusCode::NO_CONTENT.into_response();
    response.headers_mut().insert(TUS_RESUMABLE, TUS_VERSION);
    Ok(response)
}

/// A header holding a whole number of bytes, else a 400 naming it.
fn number_header(
    headers: &HeaderMap,
    name: &HeaderName,
    label: &str,
    lang: Lang,
) -> ApiResult<u64> {
    headers
        .get(name)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.trim().parse::<u64>().ok())
        .ok_or_else(|| header_error(label, lang))
}

fn header_error(label: &str, lang: Lang) -> ApiError {
    ApiError::invalid_field(
        label,
        text_with(lang, "api.upload.header", &[("name", label)]),
        lang,
    )
}

/// The pairs of `Upload-Metadata` (`key base64,key base64`), values decoded; malformed pairs
/// are skipped.
fn metadata(headers: &HeaderMap) -> Vec<(String, String)> {
    let Some(raw) = headers
        .get(UPLOAD_METADATA)
        .and_then(|value| value.to_str().ok())
    else {
        return Vec::new();
    };
    raw.split(',')
        .filter_map(|pair| {
            let mut parts = pair.trim().splitn(2, ' ');
            let key = parts.next()?.to_owned();
            let value = match parts.next() {
                Some(encoded) => {
                    let bytes = base64::engine::general_purpose::STANDARD
                        .decode(encoded.trim())
                        .ok()?;
                    String::from_utf8(bytes).ok()?
                }
                None => String::new(),
            };
            Some((key, value))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metadata_pairs_are_decoded() {
        let mut headers = HeaderMap::new();
        headers.insert(
            UPLOAD_METADATA,
            HeaderValue::from_static("filename 56ysMeeroC5tcDM=,kind YXVkaW8=,empty,bad !!!"),
        );
        assert_eq!(
            metadata(&headers),
            vec![
                ("filename".to_owned(), "第1章.mp3".to_owned()),
                ("kind".to_owned(), "audio".to_owned()),
                ("empty".to_owned(), String::new()),
            ]
        );
    }
}

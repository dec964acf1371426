//! `/api/admin/import*` and `/api/admin/export/*`: books and chapters imported from CSV or JSON
//! as a job with progress (`manage:books`), and books, chapters (`manage:books`) and users
//! (`manage:users`) exported as CSV or JSON, streamed.
use crate::routes::registry::route;
use axum::{
    body::Body as RawBody,
    extract::{Path, State},
    http::{header, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use serde::Deserialize;
use tingshu_core::{
    auth::{access::Access, kinds::Permission},
    spelling::Spelling,
};

use crate::{
    accounts::Client,
    auth::SignedIn,
    console::{
        audit::Actor,
        transfer::{
            export::{self, ExportFormat, ExportKind, ExportRows},
            import::{ImportJob, IMPORT_MAX_BYTES},
        },
    },
    error::{success, ApiError, ApiResult, Missing, Success},
    extract::{Params, RequestLang},
    paging::choice_param,
    routes::registry::ApiRoutes,
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let books = || Access::Permission {
        permission: Permission::ManageBooks,
    };
    // Each export needs the permission core gives its kind (the export page offers the same).
    let export = |kind: ExportKind| Access::Permission {
        permission: kind.permission(),
    };
    api.add(books(), route!(start_admin_import))
        .add(books(), route!(get_admin_import))
        .add(export(ExportKind::Books), route!(export_admin_books))
        .add(export(ExportKind::Chapters), route!(export_admin_chapters))
        .add(export(ExportKind::Users), route!(export_admin_users))
}

/// `?dryRun=` of an import.
#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ImportParams {
    /// `true`: check every record and report, write nothing.
    pub dry_run: Option<bool>,
}

/// `?format=` of an export.
#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportParams {
    /// `csv` (the default) or `json`.
    pub format: Option<String>,
}

/// Starts importing the body (a CSV or JSON file of at most 20 MiB): every record is checked
/// by the form rules; unless `dryRun`, the books and chapters are written in one transaction,
/// all or nothing. 202 with the job; its progress and report at `GET /admin/import/{id}`.
#[utoipa::path(post, path = "/admin/import", tag = "admin", params(ImportParams),
    request_body(content = String, content_type = "text/csv"),
    responses((status = 202, body = Success<ImportJob>),
        (status = 413, description = "The file is larger than 20 MiB", body = crate::error::ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn start_admin_import(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    Params(params): Params<ImportParams>,
    body: RawBody,
) -> ApiResult<Response> {
    let bytes = axum::body::to_bytes(body, IMPORT_MAX_BYTES)
        .await
        .map_err(|_| ApiError::PayloadTooLarge)?;
    let actor = Actor::new(&caller, &client);
    let job = state.console.imports.start(
        &state.console,
        actor,
        bytes.to_vec(),
        params.dry_run.unwrap_or(false),
        client.lang,
    );
    Ok((StatusCode::ACCEPTED, success(job)).into_response())
}

/// An import's progress (records handled of all) and, once done, its report.
#[utoipa::path(get, path = "/admin/import/{id}", tag = "admin",
    params(("id" = String, Path, description = "The import's id")),
    responses((status = 200, body = Success<ImportJob>)))]
#[tracing::instrument(skip_all)]
async fn get_admin_import(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    Path(id): Path<String>,
) -> ApiResult<Json<Success<ImportJob>>> {
    state
        .console
        .imports
        .get(&id, caller.user.id)
        .map(success)
        .ok_or(ApiError::NotFound(Missing::File(format!("import {id}"))))
}

/// Every book as CSV or JSON, in the columns the import reads.
#[utoipa::path(get, path = "/admin/export/books", tag = "admin", params(ExportParams),
    responses((status = 200, description = "The file; `X-Total-Count` rows", content(("text/csv"), ("application/json")))))]
#[tracing::instrument(skip_all)]
async fn export_admin_books(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    Params(params): Params<ExportParams>,
) -> ApiResult<Response> {
    exported(&state, ExportKind::Books, params, lang).await
}

/// Every chapter as CSV or JSON (`book` is the book's id), in the columns the import reads.
#[utoipa::path(get, path = "/admin/export/chapters", tag = "admin", params(ExportParams),
    responses((status = 200, description = "The file; `X-Total-Count` rows", content(("text/csv"), ("application/json")))))]
#[tracing::instrument(skip_all)]
async fn export_admin_chapters(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    Params(params): Params<ExportParams>,
) -> ApiResult<Response> {
    exported(&state, ExportKind::Chapters, params, lang).await
}

/// Every user (no password or session data) as CSV or JSON.
#[utoipa::path(get, path = "/admin/export/users", tag = "admin", params(ExportParams),
    responses((status = 200, description = "The file; `X-Total-Count` rows", content(("text/csv"), ("application/json")))))]
#[tracing::instrument(skip_all)]
async fn export_admin_users(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    Params(params): Params<ExportParams>,
) -> ApiResult<Response> {
    exported(&state, ExportKind::Users, params, lang).await
}

/// The streamed file with its name, type and row count.
async fn exported(
    state: &AppState,
    kind: ExportKind,
    params: ExportParams,
    lang: tingshu_core::Lang,
) -> ApiResult<Response> {
    let chosen = choice_param(
        lang,
        "format",
        params.format.as_deref(),
        &ExportFormat::NAMES,
    )?;
    let format = match chosen.as_deref() {
        Some("json") => ExportFormat::Json,
        _ => ExportFormat::Csv,
    };
    let total = kind.count(state.db.reader()).await?;
    let db = state.db.reader().clone();
    let mut response = Response::new(RawBody::from_stream(export::stream(db, kind, format)));
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(format.mime()),
    );
    let name = format!(
        "attachment; filename=\"tingshu-{}-{}.{}\"",
        kind.as_str(),
        chrono::Utc::now().format("%Y%m%d"),
        format.extension()
    );
    headers.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_str(&name).expect("ASCII file name"),
    );
    headers.insert("x-total-count", HeaderValue::from(total));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

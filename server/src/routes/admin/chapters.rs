//! `/api/admin/books/{id}/chapters*` and `/api/admin/chapters*`: the console's chapters
//! (`manage:books`): a book's chapters, creation one by one and in batches, changes, deletion,
//! order, bulk actions, listening figures, the list across books, and the audio of any chapter
//! for an editor to hear (published or not, free or not).
use crate::routes::registry::route;
use axum::{
    extract::State,
    http::{HeaderMap, Method},
    response::Response,
    Json,
};
use tingshu_core::{
    auth::{access::Access, kinds::Permission},
    catalog::chapter_form::ValidateChapterInput,
};

use crate::{
    accounts::Client,
    audio,
    auth::SignedIn,
    console::{
        audit::Actor,
        chapter_view::{
            AdminChapter, AdminChapterList, AdminChapterRow, ChapterBatch, ChapterBulk,
            ChapterFigures, ChapterOrder,
        },
        chapters::{self, AdminChapterParams},
        view::BulkResult,
    },
    error::{success, ApiError, ApiResult, Missing, Nothing, Success},
    extract::{Body, Params, PathId, RequestLang},
    paging::Page,
    routes::registry::ApiRoutes,
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let books = || Access::Permission {
        permission: Permission::ManageBooks,
    };
    api.add(books(), route!(list_admin_book_chapters))
        .add(books(), route!(create_admin_chapter))
        .add(books(), route!(batch_create_admin_chapters))
        .add(books(), route!(reorder_admin_chapters))
        .add(books(), route!(bulk_admin_chapters))
        .add(books(), route!(admin_chapter_figures))
        .add(books(), route!(list_admin_chapters))
        .add(books(), route!(get_admin_chapter))
        .add(books(), route!(update_admin_chapter))
        .add(books(), route!(delete_admin_chapter))
        .add_media(books(), route!(preview_admin_chapter_audio))
}

/// Every chapter of the book, published or not, in order, with its audio file.
#[utoipa::path(get, path = "/admin/books/{id}/chapters", tag = "admin",
    params(("id" = i32, Path, description = "The book's id")),
    responses((status = 200, body = Success<AdminChapterList>)))]
#[tracing::instrument(skip_all)]
async fn list_admin_book_chapters(
    State(state): State<AppState>,
    PathId(id): PathId,
) -> ApiResult<Json<Success<AdminChapterList>>> {
    Ok(success(chapters::list(state.db.reader(), id).await?))
}

/// Appends a chapter to the book; 400 names every bad field.
#[utoipa::path(post, path = "/admin/books/{id}/chapters", tag = "admin",
    params(("id" = i32, Path, description = "The book's id")),
    request_body = ValidateChapterInput,
    responses((status = 200, body = Success<AdminChapter>)))]
#[tracing::instrument(skip_all)]
async fn create_admin_chapter(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
    Body(input): Body<ValidateChapterInput>,
) -> ApiResult<Json<Success<AdminChapter>>> {
    let actor = Actor::new(&caller, &client);
    Ok(success(
        chapters::create(&state.console, &actor, id, input, client.lang).await?,
    ))
}

/// Appends 1 to 500 chapters in the order given, all or none; a bad field is named
/// `chapters.<n>.<field>`.
#[utoipa::path(post, path = "/admin/books/{id}/chapters/batch", tag = "admin",
    params(("id" = i32, Path, description = "The book's id")),
    request_body = ChapterBatch,
    responses((status = 200, body = Success<Vec<AdminChapter>>)))]
#[tracing::instrument(skip_all)]
async fn batch_create_admin_chapters(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
    Body(batch): Body<ChapterBatch>,
) -> ApiResult<Json<Success<Vec<AdminChapter>>>> {
    let actor = Actor::new(&caller, &client);
    Ok(success(
        chapters::create_batch(&state.console, &actor, id, batch, client.lang).await?,
    ))
}

/// Puts the book's chapters in a new order (every chapter named exactly once).
#[utoipa::path(put, path = "/admin/books/{id}/chapters/order", tag = "admin",
    params(("id" = i32, Path, description = "The book's id")),
    request_body = ChapterOrder,
    responses((status = 200, body = Success<AdminChapterList>)))]
#[tracing::instrument(skip_all)]
async fn reorder_admin_chapters(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
    Body(order): Body<ChapterOrder>,
) -> ApiResult<Json<Success<AdminChapterList>>> {
    let actor = Actor::new(&caller, &client);
    Ok(success(
        chapters::reorder(&state.console, &actor, id, order, client.lang).await?,
    ))
}

/// Makes up to 500 of the book's chapters free or VIP, publishes, unpublishes, prices or
/// deletes them.
#[utoipa::path(post, path = "/admin/books/{id}/chapters/bulk", tag = "admin",
    params(("id" = i32, Path, description = "The book's id")),
    request_body = ChapterBulk,
    responses((status = 200, body = Success<BulkResult>)))]
#[tracing::instrument(skip_all)]
async fn bulk_admin_chapters(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
    Body(request): Body<ChapterBulk>,
) -> ApiResult<Json<Success<BulkResult>>> {
    let actor = Actor::new(&caller, &client);
    Ok(success(
        chapters::bulk(&state.console, &actor, id, request, client.lang).await?,
    ))
}

/// Listeners, completions, drop-off and current listeners of each chapter of the book.
#[utoipa::path(get, path = "/admin/books/{id}/chapters/analytics", tag = "admin",
    params(("id" = i32, Path, description = "The book's id")),
    responses((status = 200, body = Success<Vec<ChapterFigures>>)))]
#[tracing::instrument(skip_all)]
async fn admin_chapter_figures(
    State(state): State<AppState>,
    PathId(id): PathId,
) -> ApiResult<Json<Success<Vec<ChapterFigures>>>> {
    Ok(success(chapters::figures(state.db.reader(), id).await?))
}

/// Chapters across books, last changed first: searched by title, filtered by book, audio and
/// publication.
#[utoipa::path(get, path = "/admin/chapters", tag = "admin", params(AdminChapterParams),
    responses((status = 200, body = Success<Page<AdminChapterRow>>)))]
#[tracing::instrument(skip_all)]
async fn list_admin_chapters(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    Params(params): Params<AdminChapterParams>,
) -> ApiResult<Json<Success<Page<AdminChapterRow>>>> {
    Ok(success(
        chapters::list_all(state.db.reader(), params, lang).await?,
    ))
}

/// One chapter with its audio file.
#[utoipa::path(get, path = "/admin/chapters/{id}", tag = "admin",
    params(("id" = i32, Path, description = "The chapter's id")),
    responses((status = 200, body = Success<AdminChapter>)))]
#[tracing::instrument(skip_all)]
async fn get_admin_chapter(
    State(state): State<AppState>,
    PathId(id): PathId,
) -> ApiResult<Json<Success<AdminChapter>>> {
    Ok(success(chapters::get(state.db.reader(), id).await?))
}

/// Changes the chapter to the form (a new `assetId` replaces its audio); 400 names every bad
/// field.
#[utoipa::path(put, path = "/admin/chapters/{id}", tag = "admin",
    params(("id" = i32, Path, description = "The chapter's id")),
    request_body = ValidateChapterInput,
    responses((status = 200, body = Success<AdminChapter>)))]
#[tracing::instrument(skip_all)]
async fn update_admin_chapter(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
    Body(input): Body<ValidateChapterInput>,
) -> ApiResult<Json<Success<AdminChapter>>> {
    let actor = Actor::new(&caller, &client);
    Ok(success(
        chapters::update(&state.console, &actor, id, input, client.lang).await?,
    ))
}

/// Deletes the chapter; the chapters after it move up.
#[utoipa::path(delete, path = "/admin/chapters/{id}", tag = "admin",
    params(("id" = i32, Path, description = "The chapter's id")),
    responses((status = 200, body = Success<Nothing>)))]
#[tracing::instrument(skip_all)]
async fn delete_admin_chapter(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
) -> ApiResult<Json<Success<Nothing>>> {
    let actor = Actor::new(&caller, &client);
    chapters::delete(&state.console, &actor, id).await?;
    Ok(success(Nothing))
}

/// The chapter's audio for an editor to hear, whatever its publication and access (an
/// `<audio>` element passes the token as `?token=`). Never cached by others.
#[utoipa::path(get, path = "/admin/chapters/{id}/audio", tag = "admin",
    params(("id" = i32, Path, description = "The chapter's id")),
    responses(
        (status = 200, description = "The whole file", content(("audio/*"))),
        (status = 206, description = "The requested range", content(("audio/*"))),
        (status = 304, description = "The cached copy is current"),
        (status = 416, description = "The range is outside the file", body = crate::error::ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn preview_admin_chapter_audio(
    State(state): State<AppState>,
    PathId(id): PathId,
    method: Method,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let asset = chapters::audio_of(state.db.reader(), id)
        .await?
        .ok_or(ApiError::NotFound(Missing::Audio(id)))?;
    audio::serve_stored(
        &state.audio,
        &asset.storage_key,
        &asset.mime,
        &asset.sha256,
        &method,
        &headers,
    )
    .await
}

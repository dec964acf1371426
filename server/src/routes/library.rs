//! `/api/me/*`: the signed-in listener's bookshelf, favorites, history and progress.
use crate::routes::registry::route;
use axum::{
    body::Bytes,
    extract::State,
    http::{header, HeaderMap},
    Json,
};
use serde::{Deserialize, Serialize};
use tingshu_core::auth::access::Access;

use super::registry::ApiRoutes;
use crate::clock::now_ms;
use crate::{
    audio,
    auth::SignedIn,
    db::retry_conflicts,
    error::{success, ApiError, ApiResult, ErrorBody, Success},
    extract::{Params, PathId, RequestLang},
    library::{
        self, repository::Shelf, HistoryItem, Progress, ProgressBody, ProgressReport, ShelfItem,
    },
    paging::{Items, Page, PageParams, Paging},
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let me = || Access::Authenticated;
    api.add(me(), route!(list_bookshelf))
        .add(me(), route!(add_to_bookshelf))
        .add(me(), route!(remove_from_bookshelf))
        .add(me(), route!(list_favorites))
        .add(me(), route!(add_to_favorites))
        .add(me(), route!(remove_from_favorites))
        .add(me(), route!(list_history))
        .add(me(), route!(clear_history))
        .add(me(), route!(remove_from_history))
        .add(me(), route!(list_progress))
        .add_beacon(me(), route!(save_progress))
}

fn paging(params: &PageParams, lang: tingshu_core::Lang) -> ApiResult<Paging> {
    params.paging(lang, library::DEFAULT_PAGE_SIZE, library::MAX_PAGE_SIZE)
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
struct Added {
    added: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
struct Removed {
    removed: bool,
}

/// How many history entries were removed.
#[derive(Debug, Serialize, utoipa::ToSchema)]
struct Cleared {
    cleared: u64,
}

/// A page of the caller's bookshelf, most recently added first.
#[utoipa::path(get, path = "/me/bookshelf", tag = "library", params(PageParams),
    responses((status = 200, body = Success<Page<ShelfItem>>)))]
async fn list_bookshelf(
    state: State<AppState>,
    lang: RequestLang,
    caller: SignedIn,
    params: Params<PageParams>,
) -> ApiResult<Json<Success<Page<ShelfItem>>>> {
    list_shelf(state, lang, caller, params, Shelf::Bookshelf).await
}

/// Puts a book on the caller's bookshelf (again is fine).
#[utoipa::path(put, path = "/me/bookshelf/{id}", tag = "library",
    params(("id" = i32, Path, description = "The book's id")),
    responses((status = 200, body = Success<Added>)))]
async fn add_to_bookshelf(
    state: State<AppState>,
    caller: SignedIn,
    book: PathId,
) -> ApiResult<Json<Success<Added>>> {
    add_to_shelf(state, caller, book, Shelf::Bookshelf).await
}

/// Takes a book off the caller's bookshelf (absent is fine).
#[utoipa::path(delete, path = "/me/bookshelf/{id}", tag = "library",
    params(("id" = i32, Path, description = "The book's id")),
    responses((status = 200, body = Success<Removed>)))]
async fn remove_from_bookshelf(
    state: State<AppState>,
    caller: SignedIn,
    book: PathId,
) -> ApiResult<Json<Success<Removed>>> {
    remove_from_shelf(state, caller, book, Shelf::Bookshelf).await
}

/// A page of the caller's favourites, most recently added first.
#[utoipa::path(get, path = "/me/favorites", tag = "library", params(PageParams),
    responses((status = 200, body = Success<Page<ShelfItem>>)))]
async fn list_favorites(
    state: State<AppState>,
    lang: RequestLang,
    caller: SignedIn,
    params: Params<PageParams>,
) -> ApiResult<Json<Success<Page<ShelfItem>>>> {
    list_shelf(state, lang, caller, params, Shelf::Favorites).await
}

/// Adds a book to the caller's favourites (again is fine).
#[utoipa::path(put, path = "/me/favorites/{id}", tag = "library",
    params(("id" = i32, Path, description = "The book's id")),
    responses((status = 200, body = Success<Added>)))]
async fn add_to_favorites(
    state: State<AppState>,
    caller: SignedIn,
    book: PathId,
) -> ApiResult<Json<Success<Added>>> {
    add_to_shelf(state, caller, book, Shelf::Favorites).await
}

/// Removes a book from the caller's favourites (absent is fine).
#[utoipa::path(delete, path = "/me/favorites/{id}", tag = "library",
    params(("id" = i32, Path, description = "The book's id")),
    responses((status = 200, body = Success<Removed>)))]
async fn remove_from_favorites(
    state: State<AppState>,
    caller: SignedIn,
    book: PathId,
) -> ApiResult<Json<Success<Removed>>> {
    remove_from_shelf(state, caller, book, Shelf::Favorites).await
}

#[tracing::instrument(skip_all, fields(shelf = ?shelf))]
async fn list_shelf(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    SignedIn(caller): SignedIn,
    Params(params): Params<PageParams>,
    shelf: Shelf,
) -> ApiResult<Json<Success<Page<ShelfItem>>>> {
    let paging = paging(&params, lang)?;
    Ok(success(
        library::shelf_page(&state.db, lang, shelf, caller.user.id, paging, now_ms()).await?,
    ))
}

#[tracing::instrument(skip_all, fields(shelf = ?shelf))]
async fn add_to_shelf(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    PathId(book_id): PathId,
    shelf: Shelf,
) -> ApiResult<Json<Success<Added>>> {
    let user_id = caller.user.id;
    retry_conflicts(|| library::add(&state.db, shelf, user_id, book_id, now_ms())).await?;
    Ok(success(Added { added: true }))
}

#[tracing::instrument(skip_all, fields(shelf = ?shelf))]
async fn remove_from_shelf(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    PathId(book_id): PathId,
    shelf: Shelf,
) -> ApiResult<Json<Success<Removed>>> {
    let user_id = caller.user.id;
    retry_conflicts(|| library::remove(&state.db, shelf, user_id, book_id)).await?;
    Ok(success(Removed { removed: true }))
}

/// A page of the books the caller listened to, most recent first, where they stopped in each.
#[utoipa::path(get, path = "/me/history", tag = "library", params(PageParams),
    responses((status = 200, body = Success<Page<HistoryItem>>)))]
#[tracing::instrument(skip_all)]
async fn list_history(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    SignedIn(caller): SignedIn,
    Params(params): Params<PageParams>,
) -> ApiResult<Json<Success<Page<HistoryItem>>>> {
    let paging = paging(&params, lang)?;
    Ok(success(
        library::history(&state.db, lang, caller.user.id, paging, now_ms()).await?,
    ))
}

/// Clears the caller's whole listening history.
#[utoipa::path(delete, path = "/me/history", tag = "library",
    responses((status = 200, body = Success<Cleared>)))]
#[tracing::instrument(skip_all)]
async fn clear_history(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
) -> ApiResult<Json<Success<Cleared>>> {
    let cleared = library::clear_history(&state.db, caller.user.id, None).await?;
    Ok(success(Cleared { cleared }))
}

/// Removes one book from the caller's listening history.
#[utoipa::path(delete, path = "/me/history/{id}", tag = "library",
    params(("id" = i32, Path, description = "The book's id")),
    responses((status = 200, body = Success<Cleared>)))]
#[tracing::instrument(skip_all)]
async fn remove_from_history(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    PathId(book_id): PathId,
) -> ApiResult<Json<Success<Cleared>>> {
    let cleared = library::clear_history(&state.db, caller.user.id, Some(book_id)).await?;
    Ok(success(Cleared { cleared }))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ProgressParams {
    /// Only this book's chapters.
    #[param(value_type = Option<i32>, minimum = 1)]
    book_id: Option<String>,
}

/// The caller's saved places, one per chapter, optionally of one book.
#[utoipa::path(get, path = "/me/progress", tag = "library", params(ProgressParams),
    responses((status = 200, body = Success<Items<Progress>>),
        (status = 404, description = "No book with that id", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn list_progress(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    SignedIn(caller): SignedIn,
    Params(params): Params<ProgressParams>,
) -> ApiResult<Json<Success<Items<Progress>>>> {
    let book_id = library::parse_book_id(params.book_id.as_deref(), lang)?;
    let items = library::book_progress_rows(&state.db, caller.user.id, book_id).await?;
    Ok(success(Items { items }))
}

/// JSON as `application/json`, or as `text/plain` (what `navigator.sendBeacon` sends).
fn progress_body(headers: &HeaderMap, body: &Bytes) -> ApiResult<ProgressBody> {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_ascii_lowercase();
    let accepted = content_type.is_empty()
        || content_type.starts_with("application/json")
        || content_type.starts_with("text/plain");
    if !accepted {
        return Err(ApiError::BadJson(format!(
            "expected application/json or text/plain, not {content_type}"
        )));
    }
    crate::extract::read_json(body)
}

/// Saves where the caller is in a chapter; an older report than the stored one is ignored.
/// `navigator.sendBeacon` may send it as `text/plain` with the token in `?token=`.
#[utoipa::path(put, path = "/me/progress/{id}", tag = "library",
    params(("id" = i32, Path, description = "The chapter's id"),
        ("token" = Option<String>, Query, description = "An access token, when no Authorization header can be sent")),
    request_body(content = ProgressBody,
        description = "JSON; `sendBeacon` sends the same JSON as `text/plain`"),
    responses((status = 200, body = Success<Progress>)))]
#[tracing::instrument(skip_all)]
async fn save_progress(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    RequestLang(lang): RequestLang,
    PathId(chapter_id): PathId,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Json<Success<Progress>>> {
    let report = ProgressReport::try_from(progress_body(&headers, &body)?)?;
    let now_ms = crate::clock::now_ms();
    audio::ensure_playable(&state.audio, &caller.user, chapter_id, lang, now_ms).await?;
    let user_id = caller.user.id;
    Ok(success(
        retry_conflicts(|| library::save_progress(&state.db, user_id, chapter_id, report)).await?,
    ))
}

//! `/api/me/*`: the signed-in listener's bookshelf, favorites, history and progress.
use axum::{
    body::Bytes,
    extract::State,
    http::{header, HeaderMap, Method},
    Json,
};
use serde::{Deserialize, Serialize};
use tingshu_core::auth::access::Access;

use super::registry::ApiRoutes;
use crate::{
    audio,
    auth::SignedIn,
    db::retry_conflicts,
    error::{success, ApiError, ApiResult, Success},
    extract::{Params, PathId, RequestLang},
    library::{
        self, repository::Shelf, HistoryItem, Progress, ProgressBody, ProgressReport, ShelfItem,
    },
    paging::{Items, Page, Paging},
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let me = Access::Authenticated;
    let api = shelf_routes(api, Shelf::Bookshelf, "/me/bookshelf", "/me/bookshelf/{id}");
    let api = shelf_routes(api, Shelf::Favorites, "/me/favorites", "/me/favorites/{id}");
    api.add(Method::GET, "/me/history", me.clone(), list_history)
        .add(Method::DELETE, "/me/history", me.clone(), clear_history)
        .add(
            Method::DELETE,
            "/me/history/{id}",
            me.clone(),
            remove_from_history,
        )
        .add(Method::GET, "/me/progress", me.clone(), list_progress)
        .add_beacon(Method::PUT, "/me/progress/{id}", me, save_progress)
}

/// A shelf's three routes: its page (`GET list`), adding (`PUT one`) and removing (`DELETE one`).
fn shelf_routes(api: ApiRoutes, shelf: Shelf, list: &'static str, one: &'static str) -> ApiRoutes {
    let me = Access::Authenticated;
    api.add(
        Method::GET,
        list,
        me.clone(),
        move |state, lang, caller, params| list_shelf(state, lang, caller, params, shelf),
    )
    .add(Method::PUT, one, me.clone(), move |state, caller, book| {
        add_to_shelf(state, caller, book, shelf)
    })
    .add(Method::DELETE, one, me, move |state, caller, book| {
        remove_from_shelf(state, caller, book, shelf)
    })
}

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PageParams {
    page: Option<String>,
    page_size: Option<String>,
}

impl PageParams {
    fn paging(&self, lang: tingshu_core::Lang) -> ApiResult<Paging> {
        Paging::parse_in(
            lang,
            self.page.as_deref(),
            self.page_size.as_deref(),
            library::DEFAULT_PAGE_SIZE,
            library::MAX_PAGE_SIZE,
        )
    }
}

#[derive(Debug, Serialize)]
struct Added {
    added: bool,
}

#[derive(Debug, Serialize)]
struct Removed {
    removed: bool,
}

#[derive(Debug, Serialize)]
struct Cleared {
    cleared: u64,
}

#[tracing::instrument(skip_all, fields(shelf = ?shelf))]
async fn list_shelf(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    SignedIn(caller): SignedIn,
    Params(params): Params<PageParams>,
    shelf: Shelf,
) -> ApiResult<Json<Success<Page<ShelfItem>>>> {
    let paging = params.paging(lang)?;
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

#[tracing::instrument(skip_all)]
async fn list_history(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    SignedIn(caller): SignedIn,
    Params(params): Params<PageParams>,
) -> ApiResult<Json<Success<Page<HistoryItem>>>> {
    let paging = params.paging(lang)?;
    Ok(success(
        library::history(&state.db, lang, caller.user.id, paging, now_ms()).await?,
    ))
}

#[tracing::instrument(skip_all)]
async fn clear_history(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
) -> ApiResult<Json<Success<Cleared>>> {
    let cleared = library::clear_history(&state.db, caller.user.id, None).await?;
    Ok(success(Cleared { cleared }))
}

#[tracing::instrument(skip_all)]
async fn remove_from_history(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    PathId(book_id): PathId,
) -> ApiResult<Json<Success<Cleared>>> {
    let cleared = library::clear_history(&state.db, caller.user.id, Some(book_id)).await?;
    Ok(success(Cleared { cleared }))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ProgressParams {
    book_id: Option<String>,
}

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
    serde_json::from_slice(body).map_err(|error| ApiError::BadJson(error.to_string()))
}

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
    let now_ms = chrono::Utc::now().timestamp_millis();
    audio::ensure_playable(&state, &caller.user, chapter_id, lang, now_ms).await?;
    let user_id = caller.user.id;
    Ok(success(
        retry_conflicts(|| library::save_progress(&state.db, user_id, chapter_id, report)).await?,
    ))
}

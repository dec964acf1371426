//! `/api/categories`, `/api/tags`, `/api/books*`, `/api/chapters/{id}`, `/api/limited-free`,
//! `/api/recommendations`: the public catalogue; a signed-in caller adds their own state.
use std::sync::Arc;

use crate::routes::registry::route;
use axum::{extract::State, Json};
use tingshu_core::auth::access::Access;

use super::registry::ApiRoutes;
use crate::clock::now_ms;
use crate::{
    auth::MaybeSignedIn,
    books::view::BookSummary,
    catalog::{
        self,
        view::{BookDetail, CategoryNode, ChapterDetail, ChapterSummary, Recommendation, TagCount},
        BookListParams, BookListQuery,
    },
    error::{success, ApiResult, Success},
    extract::{Params, PathId, RequestLang},
    paging::{Items, Page, PageParams},
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    api.add(Access::Public, route!(list_categories))
        .add(Access::Public, route!(list_tags))
        .add(Access::Public, route!(list_books))
        .add(Access::Public, route!(get_book))
        .add(Access::Public, route!(list_chapters))
        .add(Access::Public, route!(get_chapter))
        .add(Access::Public, route!(list_limited_free))
        .add(Access::Public, route!(list_recommendations))
}

/// The category tree with each category's book count, names in the request language.
#[utoipa::path(get, path = "/categories", tag = "catalog",
    responses((status = 200, body = Success<Vec<CategoryNode>>)))]
#[tracing::instrument(skip_all)]
async fn list_categories(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
) -> ApiResult<Json<Success<Vec<CategoryNode>>>> {
    Ok(success(
        catalog::categories(&state.db, &state.catalog_counts, lang).await?,
    ))
}

/// Every tag some book carries, with how many do, labelled in the request language.
#[utoipa::path(get, path = "/tags", tag = "catalog",
    responses((status = 200, body = Success<Items<TagCount>>)))]
#[tracing::instrument(skip_all)]
async fn list_tags(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
) -> ApiResult<Json<Success<Items<TagCount>>>> {
    let items = state.catalog_counts.per_tag(&state.db, lang).await?;
    Ok(success(Items {
        items: items.as_ref().clone(),
    }))
}

/// A page of published books, filtered and sorted.
#[utoipa::path(get, path = "/books", tag = "catalog", params(BookListParams),
    responses((status = 200, body = Success<Page<BookSummary>>)))]
#[tracing::instrument(skip_all)]
async fn list_books(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    Params(params): Params<BookListParams>,
) -> ApiResult<Json<Success<Arc<Page<BookSummary>>>>> {
    let query = BookListQuery::parse(params, lang)?;
    let now = now_ms();
    let build = catalog::list_books(&state.db, &state.catalog_counts, lang, query.clone(), now);
    Ok(success(
        state
            .list_pages
            .get_or_build(lang, query, now, build)
            .await?,
    ))
}

/// A book with its description; a signed-in caller also gets their own relation to it.
#[utoipa::path(get, path = "/books/{id}", tag = "catalog",
    params(("id" = i32, Path, description = "The book's id")),
    responses((status = 200, body = Success<BookDetail>)))]
#[tracing::instrument(skip_all)]
async fn get_book(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    MaybeSignedIn(caller): MaybeSignedIn,
    PathId(id): PathId,
) -> ApiResult<Json<Success<BookDetail>>> {
    let user = caller.as_ref().map(|c| &c.user);
    Ok(success(
        catalog::book_detail(&state.db, lang, id, user, now_ms()).await?,
    ))
}

/// A page of a book's chapters (up to 200, 100 by default) with the caller's access to each.
#[utoipa::path(get, path = "/books/{id}/chapters", tag = "catalog",
    params(("id" = i32, Path, description = "The book's id"), PageParams),
    responses((status = 200, body = Success<Page<ChapterSummary>>)))]
#[tracing::instrument(skip_all)]
async fn list_chapters(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    MaybeSignedIn(caller): MaybeSignedIn,
    PathId(id): PathId,
    Params(params): Params<PageParams>,
) -> ApiResult<Json<Success<Page<ChapterSummary>>>> {
    let paging = params.paging(
        lang,
        catalog::CHAPTERS_DEFAULT_PAGE_SIZE,
        catalog::CHAPTERS_MAX_PAGE_SIZE,
    )?;
    let user = caller.as_ref().map(|c| &c.user);
    Ok(success(
        catalog::chapters(&state.db, lang, id, paging, user, now_ms()).await?,
    ))
}

/// A chapter with its book, neighbours and, when the caller may listen, its audio link.
#[utoipa::path(get, path = "/chapters/{id}", tag = "catalog",
    params(("id" = i32, Path, description = "The chapter's id")),
    responses((status = 200, body = Success<ChapterDetail>)))]
#[tracing::instrument(skip_all)]
async fn get_chapter(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    MaybeSignedIn(caller): MaybeSignedIn,
    PathId(id): PathId,
) -> ApiResult<Json<Success<ChapterDetail>>> {
    let user = caller.as_ref().map(|c| &c.user);
    let now = now_ms();
    let linker = |chapter_id: i32, user_id: Option<i32>, needs_signature: bool| {
        crate::audio::audio_url(&state.audio, chapter_id, user_id, needs_signature, now)
    };
    Ok(success(
        catalog::chapter_detail(&state.db, lang, id, user, now, &linker).await?,
    ))
}

/// A page of the books in an active limited-free campaign, ending soonest first.
#[utoipa::path(get, path = "/limited-free", tag = "catalog", params(PageParams),
    responses((status = 200, body = Success<Page<BookSummary>>)))]
#[tracing::instrument(skip_all)]
async fn list_limited_free(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    Params(params): Params<PageParams>,
) -> ApiResult<Json<Success<Page<BookSummary>>>> {
    let paging = params.paging(
        lang,
        catalog::BOOKS_DEFAULT_PAGE_SIZE,
        catalog::BOOKS_MAX_PAGE_SIZE,
    )?;
    Ok(success(
        catalog::limited_free(&state.db, lang, paging, now_ms()).await?,
    ))
}

/// Books for the caller: like what they listened to when signed in, popular ones otherwise.
#[utoipa::path(get, path = "/recommendations", tag = "catalog",
    responses((status = 200, body = Success<Items<Recommendation>>)))]
#[tracing::instrument(skip_all)]
async fn list_recommendations(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    MaybeSignedIn(caller): MaybeSignedIn,
) -> ApiResult<Json<Success<Items<Recommendation>>>> {
    let user = caller.as_ref().map(|c| &c.user);
    let items = catalog::recommendations(&state.db, lang, user, now_ms()).await?;
    Ok(success(Items { items }))
}

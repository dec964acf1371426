//! `/api/categories`, `/api/tags`, `/api/books*`, `/api/chapters/{id}`, `/api/limited-free`,
//! `/api/recommendations`: the public catalogue; a signed-in caller adds their own state.
use std::sync::Arc;

use axum::{extract::State, http::Method, Json};
use serde::Deserialize;
use tingshu_core::auth::access::Access;

use super::registry::ApiRoutes;
use crate::{
    auth::MaybeSignedIn,
    catalog::{
        self,
        view::{
            BookDetail, BookSummary, CategoryNode, ChapterDetail, ChapterSummary, Recommendation,
            TagCount,
        },
        BookListParams, BookListQuery,
    },
    error::{success, ApiResult, Success},
    extract::{Params, PathId, RequestLang},
    paging::{Items, Page, Paging},
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    api.add(Method::GET, "/categories", Access::Public, list_categories)
        .add(Method::GET, "/tags", Access::Public, list_tags)
        .add(Method::GET, "/books", Access::Public, list_books)
        .add(Method::GET, "/books/{id}", Access::Public, get_book)
        .add(
            Method::GET,
            "/books/{id}/chapters",
            Access::Public,
            list_chapters,
        )
        .add(Method::GET, "/chapters/{id}", Access::Public, get_chapter)
        .add(
            Method::GET,
            "/limited-free",
            Access::Public,
            list_limited_free,
        )
        .add(
            Method::GET,
            "/recommendations",
            Access::Public,
            list_recommendations,
        )
}

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// `?page&pageSize` of lists without other parameters.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PageParams {
    page: Option<String>,
    page_size: Option<String>,
}

#[tracing::instrument(skip_all)]
async fn list_categories(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
) -> ApiResult<Json<Success<Vec<CategoryNode>>>> {
    Ok(success(
        catalog::categories(&state.db, &state.catalog_counts, lang).await?,
    ))
}

#[tracing::instrument(skip_all)]
async fn list_tags(State(state): State<AppState>) -> ApiResult<Json<Success<Items<TagCount>>>> {
    let items = state.catalog_counts.per_tag(&state.db).await?;
    Ok(success(Items {
        items: items.as_ref().clone(),
    }))
}

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

#[tracing::instrument(skip_all)]
async fn list_chapters(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    MaybeSignedIn(caller): MaybeSignedIn,
    PathId(id): PathId,
    Params(params): Params<PageParams>,
) -> ApiResult<Json<Success<Page<ChapterSummary>>>> {
    let paging = Paging::parse_in(
        lang,
        params.page.as_deref(),
        params.page_size.as_deref(),
        catalog::CHAPTERS_DEFAULT_PAGE_SIZE,
        catalog::CHAPTERS_MAX_PAGE_SIZE,
    )?;
    let user = caller.as_ref().map(|c| &c.user);
    Ok(success(
        catalog::chapters(&state.db, id, paging, user, now_ms()).await?,
    ))
}

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
        crate::audio::audio_url(&state, chapter_id, user_id, needs_signature, now)
    };
    Ok(success(
        catalog::chapter_detail(&state.db, lang, id, user, now, &linker).await?,
    ))
}

#[tracing::instrument(skip_all)]
async fn list_limited_free(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    Params(params): Params<PageParams>,
) -> ApiResult<Json<Success<Page<BookSummary>>>> {
    let paging = Paging::parse_in(
        lang,
        params.page.as_deref(),
        params.page_size.as_deref(),
        catalog::BOOKS_DEFAULT_PAGE_SIZE,
        catalog::BOOKS_MAX_PAGE_SIZE,
    )?;
    Ok(success(
        catalog::limited_free(&state.db, lang, paging, now_ms()).await?,
    ))
}

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

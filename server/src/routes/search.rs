//! `GET /api/search`: full-text search over the catalogue (see `crate::search`).
use crate::routes::registry::route;
use axum::{extract::State, Json};
use tingshu_core::auth::access::Access;

use super::registry::ApiRoutes;
use crate::{
    auth::MaybeSignedIn,
    budgets::Budget,
    client::ClientAddr,
    error::{success, ApiResult, ErrorBody, Success},
    extract::{Params, RequestLang},
    search::service::{self, SearchInput, SearchPage, SearchParams, Searched},
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    api.add(Access::Public, route!(search))
}

/// Full-text search of titles, authors, narrators and descriptions, in characters or pinyin.
#[utoipa::path(get, path = "/search", tag = "search", params(SearchParams),
    responses((status = 200, body = Success<SearchPage>),
        (status = 429, description = "Too many searches from this address", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn search(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    address: ClientAddr,
    MaybeSignedIn(caller): MaybeSignedIn,
    Params(params): Params<SearchParams>,
) -> ApiResult<Json<Success<SearchPage>>> {
    state.budgets.spend(Budget::Search, address, lang).await?;
    let input = SearchInput::parse(params, lang)?;
    let user_id = caller.map(|caller| caller.user.id);
    let now_ms = crate::clock::now_ms();
    Ok(success(
        service::search(
            &state.db,
            Searched {
                index: &state.search,
                counts: &state.catalog_counts,
                log: &state.search_log,
            },
            lang,
            input,
            user_id,
            now_ms,
        )
        .await?,
    ))
}

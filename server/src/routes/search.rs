//! `GET /api/search`: full-text search over the catalogue (see `crate::search`).
use axum::{extract::State, http::Method, Json};
use tingshu_core::{
    auth::access::Access,
    catalog::query::{BOOK_ACCESS, BOOK_STATUSES, MAX_PAGE},
    validation::FieldRule,
    Lang,
};

use super::registry::ApiRoutes;
use crate::{
    auth::MaybeSignedIn,
    error::{success, ApiError, ApiResult, Success},
    extract::{Params, RequestLang},
    paging::param_error,
    search::service::{
        self, SearchInput, SearchPage, SearchParams, MAX_PAGE_SIZE, QUERY_MAX_CHARS,
    },
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    api.add(Method::GET, "/search", Access::Public, search)
}

#[tracing::instrument(skip_all)]
async fn search(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    MaybeSignedIn(caller): MaybeSignedIn,
    Params(params): Params<SearchParams>,
) -> ApiResult<Json<Success<SearchPage>>> {
    let input = SearchInput::parse(params.clone()).map_err(|e| in_lang(e, &params, lang))?;
    let user_id = caller.map(|caller| caller.user.id);
    let now_ms = chrono::Utc::now().timestamp_millis();
    Ok(success(
        service::search(&state.db, &state.search, lang, input, user_id, now_ms).await?,
    ))
}

/// The `?sort=` spellings `SearchInput::parse` accepts.
const SORTS: [&str; 3] = ["relevance", "newest", "popular"];

/// `SearchInput::parse` names the bad parameter in English; this words the rule of that
/// parameter in the caller's language, through the core's vocabulary.
fn in_lang(error: ApiError, params: &SearchParams, lang: Lang) -> ApiError {
    let field = match &error {
        ApiError::Validation { fields, .. } if fields.len() == 1 => fields.keys().next().cloned(),
        _ => None,
    };
    let Some(field) = field else {
        return error;
    };
    let one_of = |allowed: &[&str]| FieldRule::OneOf {
        allowed: allowed.iter().map(|value| (*value).to_owned()).collect(),
    };
    let rule = match field.as_str() {
        "q" if params.q.as_deref().is_none_or(|q| q.trim().is_empty()) => FieldRule::Required,
        "q" => FieldRule::TooLong {
            max: QUERY_MAX_CHARS,
        },
        "status" => one_of(&BOOK_STATUSES),
        "access" => one_of(&BOOK_ACCESS),
        "sort" => one_of(&SORTS),
        "page" => FieldRule::WholeNumber {
            min: 1,
            max: MAX_PAGE,
        },
        "pageSize" => FieldRule::WholeNumber {
            min: 1,
            max: usize::try_from(MAX_PAGE_SIZE).unwrap_or(usize::MAX),
        },
        _ => return error,
    };
    param_error(lang, &field, rule)
}

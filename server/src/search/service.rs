//! `GET /api/search` behind the handler: validate, search the index, record the query,
//! answer the books as the catalogue shows them with their highlights and category counts.
use std::collections::HashMap;

use sea_orm::{ActiveValue::Set, ConnectionTrait};
use serde::Serialize;
use tingshu_core::{
    catalog::query::{BOOK_ACCESS, BOOK_STATUSES},
    validation::FieldRule,
    Lang,
};

use super::{Highlights, SearchIndex, SearchRequest, SearchSort};
use crate::{
    books::{self, view::BookSummary},
    catalog::{self, counts::CatalogCounts},
    db::records::RecordQueue,
    entities::search_query,
    error::ApiResult,
    paging::{choice_param, param_error, Paging},
};

/// What a search reads besides the database, and where it is logged.
pub struct Searched<'a> {
    pub index: &'a SearchIndex,
    /// The categories its facets are named from (kept a few seconds).
    pub counts: &'a CatalogCounts,
    pub log: &'a RecordQueue<search_query::ActiveModel>,
}

/// Longest query accepted (characters).
pub const QUERY_MAX_CHARS: usize = 100;
pub const DEFAULT_PAGE_SIZE: u64 = 20;
pub const MAX_PAGE_SIZE: u64 = 50;
/// Results beyond this rank are not paged through (the counts still are given).
pub const MAX_DEPTH: u64 = 10_000;

/// The raw query string of `GET /api/search`.
#[derive(Debug, Default, Clone, serde::Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SearchParams {
    /// The words to find, in characters or pinyin (required).
    #[param(value_type = String)]
    pub q: Option<String>,
    /// A category slug: the category and its subcategories.
    pub category: Option<String>,
    /// `serialising` or `finished`.
    pub status: Option<String>,
    /// `free`, `vip` or `paid`.
    pub access: Option<String>,
    /// `relevance` (the default), `newest` or `popular`.
    pub sort: Option<String>,
    /// From 1.
    #[param(value_type = Option<u32>, minimum = 1)]
    pub page: Option<String>,
    /// From 1 to 50; 20 when absent.
    #[param(value_type = Option<u32>, minimum = 1, maximum = 50)]
    pub page_size: Option<String>,
}

/// Validated search input.
#[derive(Debug, Clone)]
pub struct SearchInput {
    pub query: String,
    /// A category slug (the category and its subcategories).
    pub category: Option<String>,
    pub status: Option<String>,
    pub access: Option<String>,
    pub sort: SearchSort,
    pub paging: Paging,
}

/// The `?sort=` spellings of search.
pub const SEARCH_SORTS: [&str; 3] = ["relevance", "newest", "popular"];

impl SearchInput {
    /// Checks every parameter; a 400 names the first bad one and its rule in `lang`.
    pub fn parse(params: SearchParams, lang: Lang) -> ApiResult<Self> {
        let query = params.q.as_deref().map(str::trim).unwrap_or_default();
        if query.is_empty() {
            return Err(param_error(lang, "q", FieldRule::Required));
        }
        if query.chars().count() > QUERY_MAX_CHARS {
            return Err(param_error(
                lang,
                "q",
                FieldRule::TooLong {
                    max: QUERY_MAX_CHARS,
                },
            ));
        }
        let status = choice_param(lang, "status", params.status.as_deref(), &BOOK_STATUSES)?;
        let access = choice_param(lang, "access", params.access.as_deref(), &BOOK_ACCESS)?;
        let sort =
            match choice_param(lang, "sort", params.sort.as_deref(), &SEARCH_SORTS)?.as_deref() {
                Some("newest") => SearchSort::Newest,
                Some("popular") => SearchSort::Popular,
                _ => SearchSort::Relevance,
            };
        let paging = Paging::parse_in(
            lang,
            params.page.as_deref(),
            params.page_size.as_deref(),
            DEFAULT_PAGE_SIZE,
            MAX_PAGE_SIZE,
        )?;
        Ok(Self {
            query: query.to_owned(),
            category: params.category.filter(|v| !v.trim().is_empty()),
            status,
            access,
            sort,
            paging,
        })
    }
}

/// A matching book with what matched in it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SearchItem {
    pub book: BookSummary,
    pub highlights: Highlights,
}

/// A category and how many matching books it holds.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct CategoryFacet {
    pub id: i32,
    pub slug: String,
    pub name: String,
    pub count: u64,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Facets {
    pub categories: Vec<CategoryFacet>,
}

/// `GET /api/search`: `{items, total, page, pageSize, facets}`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchPage {
    pub items: Vec<SearchItem>,
    pub total: u64,
    pub page: u64,
    pub page_size: u64,
    pub facets: Facets,
}

/// Searches, queues the query for the search log (with the user when signed in) and
/// assembles the page.
#[tracing::instrument(skip(db, index, counts, log))]
pub async fn search(
    db: &impl ConnectionTrait,
    Searched { index, counts, log }: Searched<'_>,
    lang: Lang,
    input: SearchInput,
    user_id: Option<i32>,
    now_ms: i64,
) -> ApiResult<SearchPage> {
    let categories = counts.categories(db).await?;
    let category_ids = match &input.category {
        None => Some(Vec::new()),
        // An unknown category matches no book, as in the book list.
        Some(slug) => Some(catalog::category_and_subcategories(&categories, slug))
            .filter(|ids| !ids.is_empty()),
    };
    let paging = input.paging;
    let results = match category_ids {
        None => super::SearchResults::default(),
        Some(category_ids) => {
            let deep = paging.offset() + paging.page_size > MAX_DEPTH;
            index
                .search(SearchRequest {
                    query: input.query.clone(),
                    categories: category_ids,
                    status: input.status.clone(),
                    access: input.access.clone(),
                    sort: input.sort,
                    offset: if deep { 0 } else { paging.offset() as usize },
                    limit: if deep { 0 } else { paging.page_size as usize },
                    lang,
                    include_unpublished: false,
                })
                .await?
        }
    };
    log.push(log_row(&input.query, results.total, user_id, now_ms));

    let ids: Vec<i32> = results.hits.iter().map(|hit| hit.book_id).collect();
    let mut books: HashMap<i32, BookSummary> = books::summaries(db, lang, &ids, now_ms)
        .await?
        .into_iter()
        .map(|book| (book.id, book))
        .collect();
    let items = results
        .hits
        .into_iter()
        .filter_map(|hit| {
            books.remove(&hit.book_id).map(|book| SearchItem {
                book,
                highlights: hit.highlights,
            })
        })
        .collect();
    let by_id: HashMap<i32, _> = categories.iter().map(|c| (c.id, c)).collect();
    let facets = results
        .category_counts
        .into_iter()
        .filter_map(|(id, count)| {
            let category = by_id.get(&id)?;
            let name = match lang {
                Lang::Zh => &category.name_zh,
                Lang::En => &category.name_en,
                Lang::Ja => &category.name_ja,
            };
            let name = if name.trim().is_empty() {
                &category.name_zh
            } else {
                name
            };
            Some(CategoryFacet {
                id,
                slug: category.slug.clone(),
                name: name.clone(),
                count,
            })
        })
        .collect();
    Ok(SearchPage {
        items,
        total: results.total,
        page: paging.page,
        page_size: paging.page_size,
        facets: Facets { categories: facets },
    })
}

/// The search log row of a query (written later, in a batch, by the record queue).
fn log_row(
    query: &str,
    total: u64,
    user_id: Option<i32>,
    now_ms: i64,
) -> search_query::ActiveModel {
    search_query::ActiveModel {
        query: Set(query.chars().take(200).collect()),
        result_count: Set(i32::try_from(total).unwrap_or(i32::MAX)),
        user_id: Set(user_id),
        created_at: Set(now_ms),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ApiError;

    fn params(q: &str) -> SearchParams {
        SearchParams {
            q: Some(q.to_owned()),
            ..Default::default()
        }
    }

    fn bad_field(params: SearchParams) -> String {
        match SearchInput::parse(params, Lang::En) {
            Err(ApiError::Validation { fields, .. }) => fields.keys().next().unwrap().clone(),
            other => panic!("expected a 400, got {other:?}"),
        }
    }

    #[test]
    fn the_query_is_one_to_a_hundred_characters() {
        assert_eq!(bad_field(SearchParams::default()), "q");
        assert_eq!(bad_field(params("   ")), "q");
        assert_eq!(bad_field(params(&"西".repeat(101))), "q");
        let input =
            SearchInput::parse(params(&format!("  {}  ", "西".repeat(100))), Lang::En).unwrap();
        assert_eq!(input.query.chars().count(), 100);
        assert_eq!(input.sort, SearchSort::Relevance);
        assert_eq!(input.paging.page_size, DEFAULT_PAGE_SIZE);
    }

    #[test]
    fn filters_and_sort_are_checked() {
        let with = |f: fn(&mut SearchParams)| {
            let mut p = params("xyj");
            f(&mut p);
            p
        };
        assert_eq!(
            bad_field(with(|p| p.status = Some("done".into()))),
            "status"
        );
        assert_eq!(
            bad_field(with(|p| p.access = Some("gold".into()))),
            "access"
        );
        assert_eq!(bad_field(with(|p| p.sort = Some("rating".into()))), "sort");
        assert_eq!(
            bad_field(with(|p| p.page_size = Some("51".into()))),
            "pageSize"
        );
        let input = SearchInput::parse(
            with(|p| {
                p.sort = Some("popular".into());
                p.status = Some("finished".into());
                p.access = Some("".into());
            }),
            Lang::En,
        )
        .unwrap();
        assert_eq!(input.sort, SearchSort::Popular);
        assert_eq!(input.status.as_deref(), Some("finished"));
        assert_eq!(input.access, None);
    }
}

//! A page's first data, sent in its shell: what the app asks the API for as soon as its script
//! has run (a book's page: the book and its first chapters; the home page: the popular shelf;
//! the book list, the categories, limited-free and recommendations: their list), as a guest
//! sees it, so the first screen need not wait for one more round trip once the script is there.
//! The app takes it only for a guest in the same language (`app/src/app/first-data.ts`); a
//! signed-in listener's own state still comes from the API.
use std::sync::Arc;

use serde::Serialize;
use tingshu_core::Lang;

use crate::{
    books::view::BookSummary,
    catalog::{
        self,
        view::{BookDetail, CategoryNode, ChapterSummary, Recommendation},
        BookListQuery, BookSort, BOOKS_DEFAULT_PAGE_SIZE, CHAPTERS_DEFAULT_PAGE_SIZE,
    },
    error::{ApiError, ApiResult},
    paging::{Items, Page, Paging},
    state::AppState,
};

/// The `id` of the JSON script element the data travels in.
pub const ELEMENT_ID: &str = "first-data";
/// How many books the home page's popular shelf shows (the app's `homeShelfSize`).
const HOME_SHELF_SIZE: u64 = 6;
/// How many books of a grid (a home shelf, a list page) are in the first screen: the app's
/// `priorityCount` of 2, two columns on a phone, all of the same size, so either may be the
/// largest paint.
const FIRST_ROW: usize = 2;
/// The recommendations page has no intro line under its title, so two rows of its grid are in
/// the first screen (the app's `firstTwoRows`).
const FIRST_TWO_ROWS: usize = 2 * FIRST_ROW;

/// A page that opens with data the server can send beside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstPage {
    Home,
    Book(i32),
    /// `/books` without filters, sort or page: the first page of the most played books.
    Books,
    Categories,
    LimitedFree,
    Recommendations,
}

/// What the app's first requests of a page would answer a guest, in the page's language; each
/// field has the shape of its endpoint's `data`. Not an endpoint's answer: sent in the page's
/// HTML, as the JSON of `<script type="application/json" id="first-data">`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FirstData {
    pub lang: Lang,
    /// `GET /api/books?sort=popular&pageSize=6`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Page<BookSummary>>)]
    pub popular: Option<Arc<Page<BookSummary>>>,
    /// `GET /api/books/{id}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub book: Option<BookDetail>,
    /// `GET /api/books/{id}/chapters?page=1&pageSize=100`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chapters: Option<Page<ChapterSummary>>,
    /// `GET /api/books?sort=popular&page=1&pageSize=20`: the book list's first page.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Page<BookSummary>>)]
    pub books: Option<Arc<Page<BookSummary>>>,
    /// `GET /api/categories`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub categories: Option<Vec<CategoryNode>>,
    /// `GET /api/limited-free`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limited_free: Option<Page<BookSummary>>,
    /// `GET /api/recommendations`, as a guest: popular books.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recommendations: Option<Items<Recommendation>>,
}

impl FirstData {
    /// Nothing but the language yet: each [`FirstPage`] fills in its own fields.
    pub(super) fn empty(lang: Lang) -> Self {
        Self {
            lang,
            popular: None,
            book: None,
            chapters: None,
            books: None,
            categories: None,
            limited_free: None,
            recommendations: None,
        }
    }

    /// The books whose covers the page's first screen shows: a book page's own; on the home
    /// page and a list page, the grid's first row ([`FIRST_ROW`]); on the recommendations page,
    /// its first two rows ([`FIRST_TWO_ROWS`]).
    pub fn lead_books(&self) -> Vec<&BookSummary> {
        if let Some(detail) = &self.book {
            return vec![&detail.book];
        }
        if let Some(items) = &self.recommendations {
            return items
                .items
                .iter()
                .map(|r| &r.book)
                .take(FIRST_TWO_ROWS)
                .collect();
        }
        let grid = self
            .popular
            .as_deref()
            .or(self.books.as_deref())
            .or(self.limited_free.as_ref())
            .map_or(&[][..], |page| &page.items[..]);
        grid.iter().take(FIRST_ROW).collect()
    }

    /// The data as a JSON script element.
    pub fn script(&self) -> Result<String, serde_json::Error> {
        let json = json_in_html(self)?;
        Ok(format!(
            r#"<script type="application/json" id="{ELEMENT_ID}">{json}</script>"#
        ))
    }
}

/// `value` as JSON with `<`, `>` and `&` written as escapes, so no text in it can close the
/// element it is written into or open another; it parses back to the same value.
fn json_in_html(value: &impl Serialize) -> Result<String, serde_json::Error> {
    Ok(serde_json::to_string(value)?
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026"))
}

/// The first data of `page` in `lang`; None when the book is not one listeners can open (the
/// app then shows its own not-found screen).
pub async fn first_data(
    state: &AppState,
    lang: Lang,
    page: FirstPage,
) -> ApiResult<Option<FirstData>> {
    let now = crate::clock::now_ms();
    let mut data = FirstData::empty(lang);
    let first_page = |page_size| Paging { page: 1, page_size };
    match page {
        FirstPage::Home => {
            data.popular = Some(popular_page(state, lang, HOME_SHELF_SIZE, now).await?);
        }
        FirstPage::Books => {
            data.books = Some(popular_page(state, lang, BOOKS_DEFAULT_PAGE_SIZE, now).await?);
        }
        FirstPage::Book(id) => {
            let book = match catalog::book_detail(&state.db, lang, id, None, now).await {
                Ok(book) => book,
                Err(ApiError::NotFound(_)) => return Ok(None),
                Err(error) => return Err(error),
            };
            let paging = first_page(CHAPTERS_DEFAULT_PAGE_SIZE);
            data.chapters = Some(catalog::chapters(&state.db, lang, id, paging, None, now).await?);
            data.book = Some(book);
        }
        FirstPage::Categories => {
            data.categories =
                Some(catalog::categories(&state.db, &state.catalog_counts, lang).await?);
        }
        FirstPage::LimitedFree => {
            let paging = first_page(BOOKS_DEFAULT_PAGE_SIZE);
            data.limited_free = Some(catalog::limited_free(&state.db, lang, paging, now).await?);
        }
        FirstPage::Recommendations => {
            let items = catalog::recommendations(&state.db, lang, None, now).await?;
            data.recommendations = Some(Items { items });
        }
    }
    Ok(Some(data))
}

/// The first `page_size` most played books, as `GET /api/books?sort=popular&pageSize=…` answers
/// them (through the same kept pages).
async fn popular_page(
    state: &AppState,
    lang: Lang,
    page_size: u64,
    now: i64,
) -> ApiResult<Arc<Page<BookSummary>>> {
    let query = BookListQuery {
        category: None,
        tag: None,
        status: None,
        access: None,
        sort: BookSort::Popular,
        paging: Paging { page: 1, page_size },
    };
    let build = catalog::list_books(&state.db, &state.catalog_counts, lang, query.clone(), now);
    state.list_pages.get_or_build(lang, query, now, build).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_catalogue_text_can_close_the_script_element() {
        let data = FirstData {
            popular: Some(Arc::new(Page::new(
                Vec::new(),
                0,
                Paging {
                    page: 1,
                    page_size: HOME_SHELF_SIZE,
                },
            ))),
            ..FirstData::empty(Lang::Zh)
        };
        let script = data.script().unwrap();
        assert!(script.starts_with(r#"<script type="application/json" id="first-data">{"lang":"zh","popular":{"items":[]"#), "{script}");
        let hostile = serde_json::json!({"title": "</script><script>alert(1)</script> & <!--"});
        let escaped = json_in_html(&hostile).unwrap();
        assert!(!escaped.contains('<') && !escaped.contains('>') && !escaped.contains('&'));
        let back: serde_json::Value = serde_json::from_str(&escaped).unwrap();
        assert_eq!(back, hostile);
    }
}

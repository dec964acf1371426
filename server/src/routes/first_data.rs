//! A page's first data, sent in its shell: what the app asks the API for as soon as its script
//! has run (a book's page: the book and its first chapters; the home page: the popular shelf),
//! as a guest sees it, so the first screen need not wait for one more round trip once the script
//! is there. The app takes it only for a guest in the same language (`app/src/app/first-data.ts`);
//! a signed-in listener's own state still comes from the API.
use std::sync::Arc;

use serde::Serialize;
use tingshu_core::Lang;

use crate::{
    books::view::BookSummary,
    catalog::{
        self,
        view::{BookDetail, ChapterSummary},
        BookListQuery, BookSort, CHAPTERS_DEFAULT_PAGE_SIZE,
    },
    error::{ApiError, ApiResult},
    paging::{Page, Paging},
    state::AppState,
};

/// The `id` of the JSON script element the data travels in.
pub const ELEMENT_ID: &str = "first-data";
/// How many books the home page's popular shelf shows (the app's `homeShelfSize`).
const HOME_SHELF_SIZE: u64 = 6;
/// How many of them are in the first screen.
const HOME_FIRST_ROW: usize = 2;

/// A page that opens with data the server can send beside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstPage {
    Home,
    Book(i32),
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
}

impl FirstData {
    /// The books whose covers the page's first screen shows: a book page's own; on the home
    /// page, the popular shelf's first row (the app's `priorityCount` of 2: two columns on a
    /// phone, all of the same size, so either may be the largest paint).
    pub fn lead_books(&self) -> Vec<&BookSummary> {
        match (&self.book, &self.popular) {
            (Some(detail), _) => vec![&detail.book],
            (None, Some(popular)) => popular.items.iter().take(HOME_FIRST_ROW).collect(),
            (None, None) => Vec::new(),
        }
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
    let now = chrono::Utc::now().timestamp_millis();
    let mut data = FirstData {
        lang,
        popular: None,
        book: None,
        chapters: None,
    };
    match page {
        FirstPage::Home => {
            let query = BookListQuery {
                category: None,
                tag: None,
                status: None,
                access: None,
                sort: BookSort::Popular,
                paging: Paging {
                    page: 1,
                    page_size: HOME_SHELF_SIZE,
                },
            };
            let build =
                catalog::list_books(&state.db, &state.catalog_counts, lang, query.clone(), now);
            data.popular = Some(
                state
                    .list_pages
                    .get_or_build(lang, query, now, build)
                    .await?,
            );
        }
        FirstPage::Book(id) => {
            let book = match catalog::book_detail(&state.db, lang, id, None, now).await {
                Ok(book) => book,
                Err(ApiError::NotFound(_)) => return Ok(None),
                Err(error) => return Err(error),
            };
            let paging = Paging {
                page: 1,
                page_size: CHAPTERS_DEFAULT_PAGE_SIZE,
            };
            data.chapters = Some(catalog::chapters(&state.db, lang, id, paging, None, now).await?);
            data.book = Some(book);
        }
    }
    Ok(Some(data))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_catalogue_text_can_close_the_script_element() {
        let data = FirstData {
            lang: Lang::Zh,
            popular: Some(Arc::new(Page::new(
                Vec::new(),
                0,
                Paging {
                    page: 1,
                    page_size: HOME_SHELF_SIZE,
                },
            ))),
            book: None,
            chapters: None,
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

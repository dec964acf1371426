//! What the buyer's orders bought, named in the request language: an order keeps the zh
//! title it was made with, so the book's and chapter's titles are read afresh for each answer.
use sea_orm::{ConnectionTrait, DbErr};
use tingshu_core::Lang;

use super::view::OrderView;
use crate::books::{self, repository};

/// Fills each view's `book` and `chapter` with their titles in `lang` (falling back to zh),
/// reading every title the views need at once.
pub async fn name_in(
    db: &impl ConnectionTrait,
    lang: Lang,
    views: &mut [OrderView],
) -> Result<(), DbErr> {
    let book_ids: Vec<i32> = views.iter().filter_map(|v| v.book_id).collect();
    let chapter_ids: Vec<i32> = views.iter().filter_map(|v| v.chapter_id).collect();
    let book_titles = repository::book_titles(db, &book_ids).await?;
    let chapter_titles = repository::chapter_titles(db, &chapter_ids).await?;
    for view in views {
        view.book = view
            .book_id
            .and_then(|id| book_titles.get(&id))
            .map(|titles| books::local_title(lang, titles));
        view.chapter = view
            .chapter_id
            .and_then(|id| chapter_titles.get(&id))
            .map(|titles| books::local_title(lang, titles));
    }
    Ok(())
}

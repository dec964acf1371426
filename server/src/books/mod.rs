//! Book reads the catalogue and the library share: a book's summary as every list shows it,
//! in the caller's language, and finding a book or a published chapter.
pub mod repository;
pub mod view;

use std::collections::HashMap;

use sea_orm::{ConnectionTrait, DbErr};
use tingshu_core::{
    catalog::{access::BookAccess, book::BookStatus},
    Lang,
};

use self::view::{BookSummary, CategoryRef, PersonRef, Price, Titles};
use crate::db::spelled::spelled;

/// The text in `lang`, falling back to the zh text when it has no translation.
pub fn localized(lang: Lang, zh: &str, en: Option<&str>, ja: Option<&str>) -> String {
    let translated = match lang {
        Lang::En => en,
        Lang::Ja => ja,
        Lang::Zh => None,
    };
    translated
        .filter(|t| !t.trim().is_empty())
        .unwrap_or(zh)
        .to_owned()
}

/// The summaries of these books in the ids' order; unknown ids are skipped.
pub async fn summaries(
    db: &impl ConnectionTrait,
    lang: Lang,
    ids: &[i32],
    now_ms: i64,
) -> Result<Vec<BookSummary>, DbErr> {
    let mut by_id: HashMap<i32, BookSummary> = repository::summary_rows(db, ids, now_ms)
        .await?
        .into_iter()
        .map(|row| summary(lang, row).map(|book| (book.id, book)))
        .collect::<Result<_, _>>()?;
    Ok(ids.iter().filter_map(|id| by_id.remove(id)).collect())
}

/// A book as lists show it, from its row with the related names; a stored status or access
/// outside the domain is a fault of the data, not a value to guess.
pub fn summary(lang: Lang, b: repository::SummaryRow) -> Result<BookSummary, DbErr> {
    let row = format!("book {}", b.id);
    let status: BookStatus = spelled(&row, "status", &b.status)?;
    let access: BookAccess = spelled(&row, "access", &b.access)?;
    let tags = b.tags();
    let author = PersonRef {
        id: b.author_id,
        name: b.author_name.unwrap_or_default(),
    };
    let narrator = b
        .narrator_id
        .zip(b.narrator_name)
        .map(|(id, name)| PersonRef { id, name });
    let category = match b.category_slug {
        Some(slug) => CategoryRef {
            id: b.category_id,
            slug,
            name: localized(
                lang,
                b.category_zh.as_deref().unwrap_or_default(),
                b.category_en.as_deref(),
                b.category_ja.as_deref(),
            ),
        },
        None => CategoryRef {
            id: b.category_id,
            slug: String::new(),
            name: String::new(),
        },
    };
    let price = (access != BookAccess::Free).then_some(Price {
        cny: b.price_cny,
        usd: b.price_usd,
        jpy: b.price_jpy,
    });
    Ok(BookSummary {
        id: b.id,
        title: localized(lang, &b.title, b.title_en.as_deref(), b.title_ja.as_deref()),
        titles: Titles {
            zh: b.title,
            en: b.title_en,
            ja: b.title_ja,
        },
        subtitle: b.subtitle,
        author,
        narrator,
        category,
        cover_url: b.cover_url,
        status,
        access,
        price,
        chapter_count: b.chapter_count,
        total_duration_secs: b.total_duration_secs,
        play_count: b.play_count,
        favorite_count: b.favorite_count,
        rating: b.rating_avg,
        rating_count: b.rating_count,
        tags,
        free_until: b.free_until,
        updated_at: b.updated_at,
    })
}

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

use self::view::{BookSummary, CategoryRef, LocalTitle, PersonRef, Price, TagRef, Titles};
use crate::{
    db::spelled::spelled,
    entities::{book, chapter},
    error::{ApiError, ApiResult, Missing},
};

/// The text in `lang`, falling back to the zh text when it has no translation.
pub fn localized(lang: Lang, zh: &str, en: Option<&str>, ja: Option<&str>) -> String {
    localized_text(lang, zh, en, ja).0
}

/// The text in `lang`, falling back to the zh text when it has no translation, with the
/// language it is written in (so the page can mark untranslated text `lang="zh"`).
pub fn localized_text(lang: Lang, zh: &str, en: Option<&str>, ja: Option<&str>) -> (String, Lang) {
    let translated = match lang {
        Lang::En => en,
        Lang::Ja => ja,
        Lang::Zh => None,
    };
    match translated.filter(|t| !t.trim().is_empty()) {
        Some(text) => (text.to_owned(), lang),
        None => (zh.to_owned(), Lang::Zh),
    }
}

/// `titles` in `lang`, falling back to the zh title, with the language it is written in.
pub fn local_title(lang: Lang, titles: &Titles) -> LocalTitle {
    let (title, title_lang) =
        localized_text(lang, &titles.zh, titles.en.as_deref(), titles.ja.as_deref());
    LocalTitle { title, title_lang }
}

/// A chapter's title in `lang`, falling back to its zh title, with the language it is written in.
pub fn chapter_title(lang: Lang, chapter: &chapter::Model) -> LocalTitle {
    let (title, title_lang) = localized_text(
        lang,
        &chapter.title,
        chapter.title_en.as_deref(),
        chapter.title_ja.as_deref(),
    );
    LocalTitle { title, title_lang }
}

/// A published book, or the 404 that names it.
pub async fn require_book(db: &impl ConnectionTrait, id: i32) -> ApiResult<book::Model> {
    repository::find_book(db, id)
        .await?
        .ok_or(ApiError::NotFound(Missing::Book(id)))
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
    let tags = b
        .tags()
        .into_iter()
        .map(|[zh, en, ja]| {
            let (label, label_lang) = localized_text(lang, &zh, Some(&en), Some(&ja));
            TagRef {
                name: zh,
                label,
                lang: label_lang,
            }
        })
        .collect();
    let person = |id: i32, zh: &str, en: Option<&str>, ja: Option<&str>| {
        let (name, name_lang) = localized_text(lang, zh, en, ja);
        PersonRef {
            id,
            name,
            lang: name_lang,
        }
    };
    let author = person(
        b.author_id,
        b.author_name.as_deref().unwrap_or_default(),
        b.author_name_en.as_deref(),
        b.author_name_ja.as_deref(),
    );
    let narrator = match (b.narrator_id, b.narrator_name.as_deref()) {
        (Some(id), Some(zh)) => Some(person(
            id,
            zh,
            b.narrator_name_en.as_deref(),
            b.narrator_name_ja.as_deref(),
        )),
        _ => None,
    };
    let (title, title_lang) =
        localized_text(lang, &b.title, b.title_en.as_deref(), b.title_ja.as_deref());
    let subtitle = b
        .subtitle
        .as_deref()
        .map(|zh| localized_text(lang, zh, b.subtitle_en.as_deref(), b.subtitle_ja.as_deref()));
    let subtitle_lang = subtitle.as_ref().map_or(Lang::Zh, |(_, l)| *l);
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
        title,
        title_lang,
        titles: Titles {
            zh: b.title,
            en: b.title_en,
            ja: b.title_ja,
        },
        subtitle: subtitle.map(|(text, _)| text),
        subtitle_lang,
        author,
        narrator,
        category,
        cover_srcset: b.cover_url.as_deref().and_then(crate::covers::srcset),
        cover_url: b.cover_url,
        status,
        access,
        price,
        chapter_count: b.chapter_count,
        total_duration_secs: b.total_duration_secs,
        play_count: b.play_count,
        favorite_count: b.favorite_count,
        rating: tingshu_core::catalog::review::shown_rating(b.rating_avg),
        rating_count: b.rating_count,
        tags,
        free_until: b.free_until,
        updated_at: b.updated_at,
    })
}

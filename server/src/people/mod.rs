//! The people behind books: an author's or narrator's page, their name and bio in the
//! caller's language and the published books they wrote or read.
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;
use tingshu_core::Lang;

use crate::{
    books::{self, view::BookSummary},
    entities::{author, book, narrator},
    error::{ApiError, ApiResult, Missing},
};

/// Most books a person's page lists (the most played first).
pub const MAX_BOOKS: u64 = 200;

/// Whose page: the author or the narrator of books.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Author,
    Narrator,
}

/// `GET /api/authors/{id}` and `GET /api/narrators/{id}`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonPage {
    pub id: i32,
    /// In the request language, falling back to the zh name.
    pub name: String,
    pub name_lang: Lang,
    pub bio: Option<String>,
    pub bio_lang: Lang,
    /// Published books, the most played first.
    pub books: Vec<BookSummary>,
}

/// The names and bios of one person, in zh, en and ja.
struct Person {
    id: i32,
    name: [Option<String>; 3],
    bio: [Option<String>; 3],
}

async fn find(db: &impl ConnectionTrait, role: Role, id: i32) -> ApiResult<Person> {
    let person = match role {
        Role::Author => author::Entity::find_by_id(id)
            .one(db)
            .await?
            .map(|a| Person {
                id: a.id,
                name: [Some(a.name), a.name_en, a.name_ja],
                bio: [a.bio, a.bio_en, a.bio_ja],
            }),
        Role::Narrator => narrator::Entity::find_by_id(id)
            .one(db)
            .await?
            .map(|n| Person {
                id: n.id,
                name: [Some(n.name), n.name_en, n.name_ja],
                bio: [n.bio, n.bio_en, n.bio_ja],
            }),
    };
    person.ok_or(ApiError::NotFound(match role {
        Role::Author => Missing::Author(id),
        Role::Narrator => Missing::Narrator(id),
    }))
}

/// The page of person `id` in `role`: 404 when there is no such person.
pub async fn page(
    db: &impl ConnectionTrait,
    lang: Lang,
    role: Role,
    id: i32,
    now_ms: i64,
) -> ApiResult<PersonPage> {
    let person = find(db, role, id).await?;
    let column = match role {
        Role::Author => book::Column::AuthorId,
        Role::Narrator => book::Column::NarratorId,
    };
    let ids: Vec<i32> = book::Entity::find()
        .select_only()
        .column(book::Column::Id)
        .filter(books::repository::listed())
        .filter(column.eq(id))
        .order_by_desc(book::Column::PlayCount)
        .order_by_desc(book::Column::Id)
        .limit(MAX_BOOKS)
        .into_tuple()
        .all(db)
        .await?;
    let books = books::summaries(db, lang, &ids, now_ms).await?;
    let [name_zh, name_en, name_ja] = person.name;
    let (name, name_lang) = books::localized_text(
        lang,
        name_zh.as_deref().unwrap_or_default(),
        name_en.as_deref(),
        name_ja.as_deref(),
    );
    let [bio_zh, bio_en, bio_ja] = person.bio;
    let bio = bio_zh
        .as_deref()
        .filter(|b| !b.trim().is_empty())
        .map(|zh| books::localized_text(lang, zh, bio_en.as_deref(), bio_ja.as_deref()));
    Ok(PersonPage {
        id: person.id,
        name,
        name_lang,
        bio_lang: bio.as_ref().map_or(Lang::Zh, |(_, l)| *l),
        bio: bio.map(|(text, _)| text),
        books,
    })
}

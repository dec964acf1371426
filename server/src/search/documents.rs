//! What the index holds of a book, read from the database.
use std::collections::HashMap;

use sea_orm::{
    ColumnTrait, DatabaseConnection, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect,
};

use crate::entities::{author, book, book_tag, narrator, tag};

/// A book as the search index sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct BookDoc {
    pub id: i32,
    /// Listeners' searches find published books only; the console's find every book.
    pub published: bool,
    /// The zh title.
    pub title: String,
    pub title_en: Option<String>,
    pub title_ja: Option<String>,
    pub author: String,
    pub narrator: Option<String>,
    /// Plain text (tags removed, paragraphs on their own lines).
    pub description: String,
    pub tags: Vec<String>,
    pub category_id: i32,
    pub status: String,
    pub access: String,
    pub play_count: i64,
    pub created_at: i64,
}

/// How many books the database holds (the index holds every one, published or not).
pub async fn count_books(db: &DatabaseConnection) -> Result<u64, DbErr> {
    book::Entity::find().count(db).await
}

/// Up to `limit` books with an id above `after_id`, by id.
pub async fn load_batch(
    db: &DatabaseConnection,
    after_id: i32,
    limit: u64,
) -> Result<Vec<BookDoc>, DbErr> {
    let books = book::Entity::find()
        .filter(book::Column::Id.gt(after_id))
        .order_by_asc(book::Column::Id)
        .limit(limit)
        .all(db)
        .await?;
    with_names(db, books).await
}

/// One book, or None when it does not exist.
pub async fn load_one(db: &DatabaseConnection, book_id: i32) -> Result<Option<BookDoc>, DbErr> {
    let Some(found) = book::Entity::find_by_id(book_id).one(db).await? else {
        return Ok(None);
    };
    Ok(with_names(db, vec![found]).await?.pop())
}

/// Joins authors, narrators and tags to the books (four queries whatever the batch size).
async fn with_names(
    db: &DatabaseConnection,
    books: Vec<book::Model>,
) -> Result<Vec<BookDoc>, DbErr> {
    if books.is_empty() {
        return Ok(Vec::new());
    }
    let book_ids: Vec<i32> = books.iter().map(|b| b.id).collect();
    let author_ids: Vec<i32> = books.iter().map(|b| b.author_id).collect();
    let narrator_ids: Vec<i32> = books.iter().filter_map(|b| b.narrator_id).collect();
    let authors: HashMap<i32, String> = author::Entity::find()
        .filter(author::Column::Id.is_in(author_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|a| (a.id, a.name))
        .collect();
    let narrators: HashMap<i32, String> = if narrator_ids.is_empty() {
        HashMap::new()
    } else {
        narrator::Entity::find()
            .filter(narrator::Column::Id.is_in(narrator_ids))
            .all(db)
            .await?
            .into_iter()
            .map(|n| (n.id, n.name))
            .collect()
    };
    let links = book_tag::Entity::find()
        .filter(book_tag::Column::BookId.is_in(book_ids))
        .all(db)
        .await?;
    let tag_names: HashMap<i32, String> = if links.is_empty() {
        HashMap::new()
    } else {
        let mut tag_ids: Vec<i32> = links.iter().map(|l| l.tag_id).collect();
        tag_ids.sort_unstable();
        tag_ids.dedup();
        tag::Entity::find()
            .filter(tag::Column::Id.is_in(tag_ids))
            .all(db)
            .await?
            .into_iter()
            .map(|t| (t.id, t.name))
            .collect()
    };
    let mut tags: HashMap<i32, Vec<String>> = HashMap::new();
    for link in links {
        if let Some(name) = tag_names.get(&link.tag_id) {
            tags.entry(link.book_id).or_default().push(name.clone());
        }
    }
    Ok(books
        .into_iter()
        .map(|b| BookDoc {
            author: authors.get(&b.author_id).cloned().unwrap_or_default(),
            narrator: b.narrator_id.and_then(|id| narrators.get(&id).cloned()),
            tags: tags.remove(&b.id).unwrap_or_default(),
            description: crate::catalog::text::plain_text(&b.description),
            id: b.id,
            published: b.published,
            title: b.title,
            title_en: b.title_en.filter(|t| !t.trim().is_empty()),
            title_ja: b.title_ja.filter(|t| !t.trim().is_empty()),
            category_id: b.category_id,
            status: b.status,
            access: b.access,
            play_count: b.play_count,
            created_at: b.created_at,
        })
        .collect())
}

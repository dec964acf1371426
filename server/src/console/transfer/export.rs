//! Exports of books, chapters and users as CSV or JSON, read 500 rows at a time by id and
//! streamed as they are read, never whole in memory. Books and chapters come out in the
//! columns the import reads, so an export can be imported elsewhere; users carry no secrets.
//! A CSV cell that a spreadsheet would take for a formula is written with a `'` first.
use std::collections::HashMap;

use axum::body::Bytes;
use futures_util::{stream, Stream, StreamExt};
use sea_orm::{
    ColumnTrait, DatabaseConnection, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect,
};
use serde_json::{json, Value};
use tingshu_core::spreadsheet::neutralize_cell;

use crate::entities::{author, book, book_tag, category, chapter, narrator, tag, user};

/// Rows read per query.
const PAGE: u64 = 500;

/// What is exported (also `tingshu export`'s argument), and the permission each kind needs:
/// core's, one decision for the routes and the console's export page.
pub use tingshu_core::transfer::ExportKind;

/// The file format (also `tingshu export --format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFormat {
    Csv,
    Json,
}

impl ExportFormat {
    /// The spellings of `?format`.
    pub const NAMES: [&'static str; 2] = ["csv", "json"];

    pub fn mime(self) -> &'static str {
        match self {
            Self::Csv => "text/csv; charset=utf-8",
            Self::Json => "application/json",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Self::Csv => "csv",
            Self::Json => "json",
        }
    }
}

/// The rows of an export kind: its columns and how many there are.
pub(crate) trait ExportRows {
    /// The columns, in order.
    fn columns(self) -> &'static [&'static str];
    /// How many rows the export holds.
    async fn count(self, db: &DatabaseConnection) -> Result<u64, DbErr>;
}

impl ExportRows for ExportKind {
    fn columns(self) -> &'static [&'static str] {
        match self {
            Self::Books => &[
                "id",
                "titleZh",
                "titleEn",
                "titleJa",
                "subtitleZh",
                "subtitleEn",
                "subtitleJa",
                "descriptionZh",
                "descriptionEn",
                "descriptionJa",
                "author",
                "narrator",
                "category",
                "tags",
                "status",
                "access",
                "language",
                "priceCny",
                "priceUsd",
                "priceJpy",
                "published",
                "chapterCount",
                "playCount",
                "createdAt",
                "updatedAt",
            ],
            Self::Chapters => &[
                "id",
                "book",
                "bookTitle",
                "idx",
                "titleZh",
                "titleEn",
                "titleJa",
                "assetId",
                "durationSecs",
                "isFree",
                "priceCny",
                "priceUsd",
                "priceJpy",
                "published",
            ],
            Self::Users => &[
                "id",
                "email",
                "username",
                "userType",
                "subscriptionType",
                "subscriptionExpiresAt",
                "createdAt",
            ],
        }
    }

    async fn count(self, db: &DatabaseConnection) -> Result<u64, DbErr> {
        match self {
            Self::Books => book::Entity::find().count(db).await,
            Self::Chapters => chapter::Entity::find().count(db).await,
            Self::Users => user::Entity::find().count(db).await,
        }
    }
}

/// The rows after id `after`, at most [`PAGE`], as JSON objects with the kind's columns;
/// answers them and the last id read.
async fn page(
    db: &DatabaseConnection,
    kind: ExportKind,
    after: i32,
) -> Result<(Vec<Value>, Option<i32>), DbErr> {
    let rows = match kind {
        ExportKind::Books => book_rows(db, after).await?,
        ExportKind::Chapters => chapter_rows(db, after).await?,
        ExportKind::Users => user::Entity::find()
            .filter(user::Column::Id.gt(after))
            .order_by_asc(user::Column::Id)
            .limit(PAGE)
            .all(db)
            .await?
            .into_iter()
            .map(|u| {
                json!({
                    "id": u.id, "email": u.email, "username": u.username,
                    "userType": u.user_type, "subscriptionType": u.subscription_type,
                    "subscriptionExpiresAt": u.subscription_expires_at, "createdAt": u.created_at,
                })
            })
            .collect(),
    };
    let last = rows
        .last()
        .and_then(|row| row["id"].as_i64())
        .map(|id| id as i32);
    Ok((rows, last))
}

async fn book_rows(db: &DatabaseConnection, after: i32) -> Result<Vec<Value>, DbErr> {
    let books = book::Entity::find()
        .filter(book::Column::Id.gt(after))
        .order_by_asc(book::Column::Id)
        .limit(PAGE)
        .all(db)
        .await?;
    let names = |rows: Vec<(i32, String)>| rows.into_iter().collect::<HashMap<_, _>>();
    let authors = names(
        author::Entity::find()
            .select_only()
            .columns([author::Column::Id, author::Column::Name])
            .filter(author::Column::Id.is_in(books.iter().map(|b| b.author_id)))
            .into_tuple()
            .all(db)
            .await?,
    );
    let narrators = names(
        narrator::Entity::find()
            .select_only()
            .columns([narrator::Column::Id, narrator::Column::Name])
            .filter(narrator::Column::Id.is_in(books.iter().filter_map(|b| b.narrator_id)))
            .into_tuple()
            .all(db)
            .await?,
    );
    let slugs = names(
        category::Entity::find()
            .select_only()
            .columns([category::Column::Id, category::Column::Slug])
            .into_tuple()
            .all(db)
            .await?,
    );
    let links: Vec<(i32, i32)> = book_tag::Entity::find()
        .select_only()
        .columns([book_tag::Column::BookId, book_tag::Column::TagId])
        .filter(book_tag::Column::BookId.is_in(books.iter().map(|b| b.id)))
        .into_tuple()
        .all(db)
        .await?;
    let tag_names = names(
        tag::Entity::find()
            .select_only()
            .columns([tag::Column::Id, tag::Column::Name])
            .filter(tag::Column::Id.is_in(links.iter().map(|(_, t)| *t)))
            .into_tuple()
            .all(db)
            .await?,
    );
    let mut tags: HashMap<i32, Vec<String>> = HashMap::new();
    for (book_id, tag_id) in links {
        if let Some(name) = tag_names.get(&tag_id) {
            tags.entry(book_id).or_default().push(name.clone());
        }
    }
    Ok(books
        .into_iter()
        .map(|b| {
            json!({
                "id": b.id, "titleZh": b.title, "titleEn": b.title_en, "titleJa": b.title_ja,
                "subtitleZh": b.subtitle, "subtitleEn": b.subtitle_en, "subtitleJa": b.subtitle_ja,
                "descriptionZh": b.description, "descriptionEn": b.description_en,
                "descriptionJa": b.description_ja,
                "author": authors.get(&b.author_id),
                "narrator": b.narrator_id.and_then(|id| narrators.get(&id)),
                "category": slugs.get(&b.category_id),
                "tags": tags.remove(&b.id).unwrap_or_default(),
                "status": b.status, "access": b.access, "language": b.language,
                "priceCny": b.price_cny, "priceUsd": b.price_usd, "priceJpy": b.price_jpy,
                "published": b.published, "chapterCount": b.chapter_count,
                "playCount": b.play_count, "createdAt": b.created_at, "updatedAt": b.updated_at,
            })
        })
        .collect())
}

async fn chapter_rows(db: &DatabaseConnection, after: i32) -> Result<Vec<Value>, DbErr> {
    let chapters = chapter::Entity::find()
        .filter(chapter::Column::Id.gt(after))
        .order_by_asc(chapter::Column::Id)
        .limit(PAGE)
        .all(db)
        .await?;
    let titles: HashMap<i32, String> = book::Entity::find()
        .select_only()
        .columns([book::Column::Id, book::Column::Title])
        .filter(book::Column::Id.is_in(chapters.iter().map(|c| c.book_id)))
        .into_tuple::<(i32, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    Ok(chapters
        .into_iter()
        .map(|c| {
            json!({
                "id": c.id, "book": c.book_id, "bookTitle": titles.get(&c.book_id),
                "idx": c.idx, "titleZh": c.title, "titleEn": c.title_en, "titleJa": c.title_ja,
                "assetId": c.asset_id, "durationSecs": c.duration_secs, "isFree": c.is_free,
                "priceCny": c.price_cny, "priceUsd": c.price_usd, "priceJpy": c.price_jpy,
                "published": c.published,
            })
        })
        .collect())
}

/// A JSON value as a CSV cell: text as it is, lists joined by `|`, absent as empty.
fn cell(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(text) => text.clone(),
        Value::Array(items) => items.iter().map(cell).collect::<Vec<_>>().join("|"),
        other => other.to_string(),
    }
}

/// The CSV lines of `rows` (with the header line first when `header`), every cell
/// neutralised so that a spreadsheet never reads it as a formula (the import restores it).
fn csv_chunk(kind: ExportKind, rows: &[Value], header: bool) -> Result<Vec<u8>, csv::Error> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    if header {
        writer.write_record(kind.columns())?;
    }
    for row in rows {
        writer.write_record(
            kind.columns()
                .iter()
                .map(|column| neutralize_cell(&cell(&row[*column]))),
        )?;
    }
    writer
        .into_inner()
        .map_err(|error| error.into_error().into())
}

/// The JSON text of `rows` as the continuation of one array (`[` first, `]` last).
fn json_chunk(rows: &[Value], first: bool, last: bool) -> Vec<u8> {
    let mut out = Vec::new();
    if first {
        out.extend_from_slice(b"[");
    }
    for (n, row) in rows.iter().enumerate() {
        if !(first && n == 0) {
            out.extend_from_slice(b",");
        }
        out.extend_from_slice(b"\n");
        out.extend_from_slice(row.to_string().as_bytes());
    }
    if last {
        out.extend_from_slice(b"\n]\n");
    }
    out
}

/// Where the stream stands.
struct Cursor {
    after: i32,
    started: bool,
    finished: bool,
}

/// The export as a stream of chunks, one per page of rows (fused: the compression layer may
/// poll it again after its end).
pub fn stream(
    db: DatabaseConnection,
    kind: ExportKind,
    format: ExportFormat,
) -> impl Stream<Item = Result<Bytes, std::io::Error>> {
    let start = Cursor {
        after: 0,
        started: false,
        finished: false,
    };
    stream::unfold(start, move |mut cursor| {
        let db = db.clone();
        async move {
            if cursor.finished {
                return None;
            }
            let result = page(&db, kind, cursor.after).await;
            let (rows, last) = match result {
                Ok(page) => page,
                Err(error) => {
                    cursor.finished = true;
                    return Some((Err(std::io::Error::other(error)), cursor));
                }
            };
            let first = !cursor.started;
            let done = (rows.len() as u64) < PAGE;
            let chunk = match format {
                ExportFormat::Csv => csv_chunk(kind, &rows, first).map_err(std::io::Error::other),
                ExportFormat::Json => Ok(json_chunk(&rows, first, done)),
            };
            cursor.started = true;
            cursor.finished = done;
            if let Some(last) = last {
                cursor.after = last;
            }
            Some((chunk.map(Bytes::from), cursor))
        }
    })
    .fuse()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_join_into_one_csv_file_and_one_json_array() {
        let rows = [json!({"id": 1, "email": "a@x", "username": "a, \"b\""})];
        let head = csv_chunk(ExportKind::Users, &rows, true).unwrap();
        let text = String::from_utf8(head).unwrap();
        assert!(text.starts_with("id,email,username,"), "{text}");
        assert!(text.contains("\"a, \"\"b\"\"\""), "quoted: {text}");
        let mut json = json_chunk(&rows, true, false);
        json.extend(json_chunk(&rows, false, true));
        let parsed: Vec<Value> = serde_json::from_slice(&json).unwrap();
        assert_eq!(parsed.len(), 2);
        let empty: Vec<Value> = serde_json::from_slice(&json_chunk(&[], true, true)).unwrap();
        assert!(empty.is_empty());
        assert_eq!(cell(&json!(["a", "b"])), "a|b");
    }

    #[test]
    fn no_cell_starts_a_formula() {
        let rows = [
            json!({"id": 1, "email": "=cmd|x!A0@x.test", "username": "-admin",
            "userType": "+1", "subscriptionType": "@SUM(1)", "createdAt": "\t=1"}),
        ];
        let text = String::from_utf8(csv_chunk(ExportKind::Users, &rows, false).unwrap()).unwrap();
        assert_eq!(text, "1,'=cmd|x!A0@x.test,'-admin,'+1,'@SUM(1),,'\t=1\n");
    }
}

//! Import of books and chapters from CSV or JSON: every record checked by the core's form rules
//! first (a dry run lists every bad record and why), then written in one transaction, all or
//! nothing, counting progress as it goes.
//!
//! - JSON: `{"books": [{<book form fields>, "category": "<slug>", "published": bool,
//!   "chapters": [{<chapter form fields>}]}]}`.
//! - CSV of books: one book per row, the book form's fields as columns (`category` a slug or
//!   `categoryId`, `tags` separated by `|`, `published`).
//! - CSV of chapters: a `book` column (an existing book's id or exact Chinese title) and the
//!   chapter form's fields; the chapters are appended to their books in file order.
//!
//! A CSV cell is read as the core's `restoreCsvCell` gives it back, so a cell the export
//! neutralised (`'=HYPERLINK(…)`, `'-2`) imports as the value it was made from. A cell typed
//! by hand as `'` and then one of `=+-@'`, a tab or a carriage return loses that first `'`.
use std::{
    collections::{HashMap, HashSet},
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
};

use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use tingshu_core::{
    catalog::{
        chapter_form::{validate_chapter, ChapterFields, ChapterValidation, ValidateChapterInput},
        edit::{validate_book, BookFields, BookValidation, ValidateBookInput},
    },
    i18n::texts::{text, text_with},
    spreadsheet::restore_cell,
    Lang,
};

use crate::{
    console::{
        audit::{self, Actor, Change},
        books, chapters, now_ms,
    },
    db::Db,
    entities::{asset, book, category},
    error::{ApiError, ApiResult},
};

/// The largest import file, and the most records (books plus chapters) it may hold.
pub const IMPORT_MAX_BYTES: usize = 20 * 1024 * 1024;
pub const IMPORT_MAX_RECORDS: usize = 20_000;
/// How many bad records a report lists (all are counted).
const ERRORS_LISTED: usize = 500;

/// One bad field of one record.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportError {
    /// Where: `row 3` of a CSV file, `books[0].chapters[2]` of a JSON one.
    pub record: String,
    pub field: String,
    pub message: String,
}

/// What an import found or did.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportReport {
    pub dry_run: bool,
    /// Books and chapters in the file (created, unless a dry run or refused).
    pub books: u64,
    pub chapters: u64,
    /// Whether the records were written (never when any is bad).
    pub written: bool,
    pub error_count: u64,
    pub errors: Vec<ImportError>,
}

/// A book of the file: a new one (its form) or an existing one (chapters CSV).
enum Target {
    New {
        fields: Box<BookFields>,
        published: bool,
    },
    Existing(i32),
}

/// A checked book and its checked chapters.
struct Planned {
    target: Target,
    chapters: Vec<ChapterFields>,
}

/// A book as a JSON import names it.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct ImportBook {
    #[serde(flatten)]
    form: ValidateBookInput,
    category: Option<String>,
    published: Option<bool>,
    chapters: Vec<ValidateChapterInput>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ImportFile {
    books: Vec<ImportBook>,
}

/// A record read from the file, before the rules: its label and its book or chapter.
enum Record {
    Book {
        label: String,
        book: Box<ImportBook>,
    },
    Chapter {
        label: String,
        book: String,
        chapter: ValidateChapterInput,
    },
}

/// Progress of an import: records handled so far of all.
#[derive(Debug, Default)]
pub struct Progress {
    pub processed: AtomicU64,
    pub total: AtomicU64,
}

/// Columns read as numbers and as yes/no in a CSV file.
const NUMBER_COLUMNS: [&str; 5] = ["categoryId", "priceCny", "priceUsd", "priceJpy", "assetId"];
const BOOLEAN_COLUMNS: [&str; 2] = ["published", "isFree"];

/// Reads, checks and (unless `dry_run` or anything is bad) writes the file's records; answers
/// the report and the books written to (the caller reindexes them).
pub async fn run(
    db: &Db,
    actor: &Actor,
    bytes: &[u8],
    dry_run: bool,
    progress: &Progress,
    lang: Lang,
) -> ApiResult<(ImportReport, Vec<i32>)> {
    let mut errors = Vec::new();
    let records = read(bytes, lang, &mut errors)?;
    if records.len() > IMPORT_MAX_RECORDS {
        let message = text_with(
            lang,
            "api.import.tooMany",
            &[("max", &IMPORT_MAX_RECORDS.to_string())],
        );
        return Err(ApiError::invalid_field("file", message, lang));
    }
    let planned = check(db.reader(), records, lang, &mut errors).await?;
    let books = planned
        .iter()
        .filter(|p| matches!(p.target, Target::New { .. }))
        .count() as u64;
    let chapter_count: u64 = planned.iter().map(|p| p.chapters.len() as u64).sum();
    progress
        .total
        .store(books + chapter_count, Ordering::Relaxed);
    let mut report = ImportReport {
        dry_run,
        books,
        chapters: chapter_count,
        written: false,
        error_count: errors.len() as u64,
        errors: errors.into_iter().take(ERRORS_LISTED).collect(),
    };
    if dry_run || report.error_count > 0 {
        return Ok((report, Vec::new()));
    }
    let now = now_ms();
    let txn = db.begin_write().await?;
    let mut touched = Vec::new();
    for plan in &planned {
        let book_id = match &plan.target {
            Target::New { fields, published } => {
                let id = books::insert(&txn, fields, *published, now).await?;
                progress.processed.fetch_add(1, Ordering::Relaxed);
                id
            }
            Target::Existing(id) => *id,
        };
        if !plan.chapters.is_empty() {
            chapters::insert_all(&txn, actor, book_id, &plan.chapters, false, lang, now).await?;
            progress
                .processed
                .fetch_add(plan.chapters.len() as u64, Ordering::Relaxed);
        }
        touched.push(book_id);
    }
    let change = Change {
        action: "import.run",
        entity: "import",
        entity_id: 0,
        before: None,
        after: Some(serde_json::json!({
            "books": books, "chapters": chapter_count, "bookIds": touched,
        })),
    };
    audit::record(&txn, actor, change, now).await?;
    txn.commit().await?;
    report.written = true;
    Ok((report, touched))
}

/// The file's records: JSON when it starts with `{`, else CSV (books, or chapters when there
/// is a `book` column). A file that cannot be read at all is a 400 on `file`.
fn read(bytes: &[u8], lang: Lang, errors: &mut Vec<ImportError>) -> ApiResult<Vec<Record>> {
    let unreadable = |detail: String| {
        ApiError::invalid_field(
            "file",
            text_with(lang, "api.import.unreadable", &[("detail", &detail)]),
            lang,
        )
    };
    let content = std::str::from_utf8(bytes).map_err(|error| unreadable(error.to_string()))?;
    let content = content.trim_start_matches('\u{feff}');
    if content.trim_start().starts_with('{') {
        let file: ImportFile =
            serde_json::from_str(content).map_err(|error| unreadable(error.to_string()))?;
        return Ok(file
            .books
            .into_iter()
            .enumerate()
            .map(|(n, book)| Record::Book {
                label: format!("books[{n}]"),
                book: Box::new(book),
            })
            .collect());
    }
    let mut reader = csv::ReaderBuilder::new()
        .trim(csv::Trim::All)
        .from_reader(content.as_bytes());
    let headers = reader
        .headers()
        .map_err(|error| unreadable(error.to_string()))?
        .clone();
    let chapters = headers.iter().any(|h| h == "book");
    let mut records = Vec::new();
    for (n, row) in reader.records().enumerate() {
        let label = format!("row {}", n + 2);
        let row = row.map_err(|error| unreadable(error.to_string()))?;
        let mut object = Map::new();
        let mut book_ref = String::new();
        for (header, value) in headers.iter().zip(row.iter()) {
            // An export's neutralised cell (`'=…`) reads back as the value it was made from.
            let value = restore_cell(value);
            if value.is_empty() {
                continue;
            }
            let parsed = if header == "book" {
                book_ref = value.to_owned();
                continue;
            } else if header == "tags" {
                Value::from(value.split('|').map(str::trim).collect::<Vec<_>>())
            } else if NUMBER_COLUMNS.contains(&header) {
                match value.parse::<f64>() {
                    Ok(number) => Value::from(number),
                    Err(_) => {
                        errors.push(bad(&label, header, text(lang, "api.import.number")));
                        continue;
                    }
                }
            } else if BOOLEAN_COLUMNS.contains(&header) {
                match value.to_ascii_lowercase().as_str() {
                    "true" | "1" | "yes" => Value::Bool(true),
                    "false" | "0" | "no" => Value::Bool(false),
                    _ => {
                        errors.push(bad(&label, header, text(lang, "api.import.boolean")));
                        continue;
                    }
                }
            } else {
                Value::from(value)
            };
            object.insert(header.to_owned(), parsed);
        }
        let value = Value::Object(object);
        let record = if chapters {
            Record::Chapter {
                book: book_ref,
                chapter: serde_json::from_value(value)
                    .map_err(|error| unreadable(error.to_string()))?,
                label,
            }
        } else {
            Record::Book {
                book: Box::new(
                    serde_json::from_value(value).map_err(|error| unreadable(error.to_string()))?,
                ),
                label,
            }
        };
        records.push(record);
    }
    Ok(records)
}

fn bad(record: &str, field: &str, message: &str) -> ImportError {
    ImportError {
        record: record.to_owned(),
        field: field.to_owned(),
        message: message.to_owned(),
    }
}

/// Every record through the rules, and its references (category, book, audio file) looked up;
/// answers the plan, the bad fields added to `errors`.
async fn check(
    db: &impl ConnectionTrait,
    records: Vec<Record>,
    lang: Lang,
    errors: &mut Vec<ImportError>,
) -> ApiResult<Vec<Planned>> {
    let categories: Vec<(i32, String)> = category::Entity::find()
        .select_only()
        .column(category::Column::Id)
        .column(category::Column::Slug)
        .into_tuple()
        .all(db)
        .await?;
    let slugs: HashMap<String, i32> = categories.iter().map(|(id, s)| (s.clone(), *id)).collect();
    let category_ids: HashSet<i32> = categories.iter().map(|(id, _)| *id).collect();
    let asset_ids = audio_ids(db, &records).await?;
    let mut planned: Vec<Planned> = Vec::new();
    // Chapters of one existing book go to one plan, in file order.
    let mut existing_plan: HashMap<i32, usize> = HashMap::new();
    for record in records {
        match record {
            Record::Book { label, book } => {
                let ImportBook {
                    mut form,
                    category,
                    published,
                    chapters,
                } = *book;
                if let Some(slug) = category {
                    match slugs.get(&slug) {
                        Some(id) => form.category_id = Some(f64::from(*id)),
                        None => errors.push(bad(
                            &label,
                            "category",
                            &text_with(lang, "api.import.noCategory", &[("slug", &slug)]),
                        )),
                    }
                }
                form.lang = lang;
                let fields = match validate_book(form) {
                    BookValidation::Valid { book } => {
                        if !category_ids.contains(&book.category_id) {
                            let message = text(lang, "api.console.noSuchCategory");
                            errors.push(bad(&label, "categoryId", message));
                        }
                        Some(book)
                    }
                    BookValidation::Invalid { errors: found } => {
                        errors.extend(found.into_iter().map(|e| bad(&label, &e.field, &e.message)));
                        None
                    }
                };
                let chapters = chapters
                    .into_iter()
                    .enumerate()
                    .filter_map(|(n, chapter)| {
                        let label = format!("{label}.chapters[{n}]");
                        checked_chapter(chapter, &asset_ids, &label, lang, errors)
                    })
                    .collect();
                if let Some(fields) = fields {
                    planned.push(Planned {
                        target: Target::New {
                            fields,
                            published: published.unwrap_or(false),
                        },
                        chapters,
                    });
                }
            }
            Record::Chapter {
                label,
                book,
                chapter,
            } => {
                let Some(book_id) = find_book(db, &book).await? else {
                    let message = text_with(lang, "api.import.noBook", &[("book", &book)]);
                    errors.push(bad(&label, "book", &message));
                    continue;
                };
                let Some(fields) = checked_chapter(chapter, &asset_ids, &label, lang, errors)
                else {
                    continue;
                };
                let slot = *existing_plan.entry(book_id).or_insert_with(|| {
                    planned.push(Planned {
                        target: Target::Existing(book_id),
                        chapters: Vec::new(),
                    });
                    planned.len() - 1
                });
                planned[slot].chapters.push(fields);
            }
        }
    }
    Ok(planned)
}

/// A chapter through the rule, its audio file known; `None` (errors added) when bad.
fn checked_chapter(
    mut chapter: ValidateChapterInput,
    asset_ids: &HashSet<i32>,
    label: &str,
    lang: Lang,
    errors: &mut Vec<ImportError>,
) -> Option<ChapterFields> {
    chapter.lang = lang;
    match validate_chapter(chapter) {
        ChapterValidation::Valid { chapter } => {
            if chapter.asset_id.is_some_and(|id| !asset_ids.contains(&id)) {
                let message = text(lang, "api.console.noSuchAudio");
                errors.push(bad(label, "assetId", message));
                return None;
            }
            Some(chapter)
        }
        ChapterValidation::Invalid { errors: found } => {
            errors.extend(found.into_iter().map(|e| bad(label, &e.field, &e.message)));
            None
        }
    }
}

/// The audio files the records name that exist.
async fn audio_ids(db: &impl ConnectionTrait, records: &[Record]) -> ApiResult<HashSet<i32>> {
    let named: HashSet<i32> = records
        .iter()
        .flat_map(|record| match record {
            Record::Book { book, .. } => book
                .chapters
                .iter()
                .filter_map(|c| c.asset_id)
                .collect::<Vec<_>>(),
            Record::Chapter { chapter, .. } => chapter.asset_id.into_iter().collect(),
        })
        .filter(|id| id.fract() == 0.0 && *id >= 1.0 && *id <= f64::from(i32::MAX))
        .map(|id| id as i32)
        .collect();
    let mut found = HashSet::new();
    for ids in named.into_iter().collect::<Vec<_>>().chunks(500) {
        let rows: Vec<i32> = asset::Entity::find()
            .select_only()
            .column(asset::Column::Id)
            .filter(asset::Column::Id.is_in(ids.iter().copied()))
            .filter(asset::Column::Kind.eq("audio"))
            .into_tuple()
            .all(db)
            .await?;
        found.extend(rows);
    }
    Ok(found)
}

/// The book named by `reference`: its id, or its exact Chinese title when only one book has it.
async fn find_book(db: &impl ConnectionTrait, reference: &str) -> ApiResult<Option<i32>> {
    if let Ok(id) = reference.parse::<i32>() {
        return Ok(book::Entity::find_by_id(id).one(db).await?.map(|b| b.id));
    }
    let ids: Vec<i32> = book::Entity::find()
        .select_only()
        .column(book::Column::Id)
        .filter(book::Column::Title.eq(reference))
        .limit(2)
        .into_tuple()
        .all(db)
        .await?;
    Ok(match ids.as_slice() {
        [id] => Some(*id),
        _ => None,
    })
}

/// A running or finished import, for its progress bar.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportJob {
    pub id: String,
    /// `running`, `done` or `failed`.
    pub status: String,
    pub dry_run: bool,
    pub processed: u64,
    pub total: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub report: Option<ImportReport>,
    /// Why a failed import failed (nothing was written).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// A job as it stands, with its owner.
pub struct JobState {
    pub owner: i32,
    pub dry_run: bool,
    pub progress: Arc<Progress>,
    pub outcome: std::sync::Mutex<Option<Result<ImportReport, String>>>,
}

impl JobState {
    pub fn view(&self, id: &str) -> ImportJob {
        let outcome = self
            .outcome
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone();
        let (status, report, error) = match outcome {
            None => ("running", None, None),
            Some(Ok(report)) => ("done", Some(report), None),
            Some(Err(error)) => ("failed", None, Some(error)),
        };
        ImportJob {
            id: id.to_owned(),
            status: status.to_owned(),
            dry_run: self.dry_run,
            processed: self.progress.processed.load(Ordering::Relaxed),
            total: self.progress.total.load(Ordering::Relaxed),
            report,
            error,
        }
    }
}

//! `catalog-seed`: writes a large, deterministic catalogue into a fresh SQLite database
//! (`DATA_DIR/tingshu.db`, the file the server opens for that data folder) or an empty
//! PostgreSQL database (`--database-url`, as the server's DATABASE_URL) with the real schema
//! (the project's migrations), for the catalogue and search benchmarks.
//!
//! Rows are inserted with prepared multi-row INSERTs in large transactions. The chapters'
//! audio rows point at files that do not exist: the catalogue benchmark never plays them.
use std::{
    path::{Path, PathBuf},
    time::{Duration, Instant},
};

use anyhow::{bail, Context};
use clap::Args;
use sea_orm::{
    sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous},
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DbBackend, Statement,
    TransactionTrait, Value,
};
use tingshu_migrations::{Migrator, MigratorTrait};

use crate::{catalog_words as words, rng::Rng};

#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("database").required(true).args(["data_dir", "database_url"])))]
pub struct CatalogSeedArgs {
    /// The data folder to create the database in (`DIR/tingshu.db`, as the server's DATA_DIR).
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
    /// Or an empty PostgreSQL database (`postgres://…`, as the server's DATABASE_URL).
    #[arg(long)]
    pub database_url: Option<String>,
    /// Number of books.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u32).range(1..=2_000_000))]
    pub books: u32,
    /// Chapters of every book.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub chapters_per_book: u32,
    /// Seed of the generated data (the same seed gives the same catalogue).
    #[arg(long, default_value_t = 2026)]
    pub seed: u64,
}

/// 2026-11-01T00:00:00Z: the generated dates end here, so the data does not depend on the clock.
const BASE_MS: i64 = 1_793_491_200_000;
const DAY_MS: i64 = 24 * 60 * 60 * 1000;
const AUTHORS: u32 = 5_000;
const NARRATORS: u32 = 600;
/// Audio rows shared by every chapter.
const ASSETS: u32 = 4;
/// Books in the one active limited-free campaign.
const CAMPAIGN_BOOKS: u32 = 300;
/// Books (with their chapters and tags) per transaction.
const BOOKS_PER_TRANSACTION: u32 = 5_000;

/// One generated book row (the columns of `books` without the id).
#[derive(Debug, Clone, PartialEq)]
pub struct BookRow {
    pub title: String,
    pub title_en: Option<String>,
    pub title_ja: Option<String>,
    pub subtitle: Option<String>,
    pub author_id: i64,
    pub narrator_id: Option<i64>,
    pub description: String,
    pub category_id: i64,
    pub status: &'static str,
    pub access: &'static str,
    pub price: Option<(i64, i64, i64)>,
    pub play_count: i64,
    pub favorite_count: i64,
    pub rating_avg: f64,
    pub rating_count: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub tag_ids: Vec<i64>,
}

/// The `n`th book (from 0) of the catalogue of `seed`; categories are numbered from 1 in
/// the order [`category_rows`] gives them.
pub fn book_row(seed: u64, n: u64) -> BookRow {
    let mut rng = Rng::new(seed ^ n.wrapping_mul(0x2545_F491_4F6C_DD1D));
    let head = rng.pick(&words::HEADS);
    let noun = rng.pick(&words::NOUNS);
    let (title, en, ja) =
        words::titles(head, noun, rng.below(words::SUFFIXES.len() as u64) as usize);
    let category_count = category_rows().len() as u64;
    let access = match rng.weighted(&[60, 25, 15]) {
        0 => "free",
        1 => "vip",
        _ => "paid",
    };
    let price = (access != "free").then(|| {
        let fen = rng.between(5, 40) * 100 - 10;
        (fen, fen / 7, fen * 20 / 1000 * 10)
    });
    // Play counts follow a long tail: most books are rarely played, a few very often.
    let play_count = (rng.unit().powi(4) * 5_000_000.0) as i64 + rng.between(0, 500);
    let created_at = BASE_MS - rng.between(1, 5 * 365) * DAY_MS - rng.between(0, DAY_MS - 1);
    let updated_at = (created_at + rng.between(0, 365) * DAY_MS).min(BASE_MS);
    let mut tag_ids: Vec<i64> = (0..rng.between(1, 3))
        .map(|_| rng.between(1, words::TAGS.len() as i64))
        .collect();
    tag_ids.sort_unstable();
    tag_ids.dedup();
    let sentences: Vec<&str> = (0..rng.between(2, 4))
        .map(|_| *rng.pick(&words::SENTENCES))
        .collect();
    BookRow {
        title_en: rng.chance(0.8).then_some(en),
        title_ja: rng.chance(0.5).then_some(ja),
        subtitle: rng
            .chance(0.3)
            .then(|| format!("第{}季", rng.between(1, 5))),
        author_id: rng.between(1, i64::from(AUTHORS)),
        narrator_id: rng
            .chance(0.9)
            .then(|| rng.between(1, i64::from(NARRATORS))),
        description: format!("<p>{}</p>", sentences.join("</p><p>")),
        category_id: rng.between(1, category_count as i64),
        status: if rng.chance(0.55) {
            "finished"
        } else {
            "serialising"
        },
        access,
        price,
        play_count,
        favorite_count: play_count / rng.between(15, 40),
        rating_avg: (rng.between(25, 50) as f64) / 10.0,
        rating_count: play_count / rng.between(30, 80),
        created_at,
        updated_at,
        tag_ids,
        title,
    }
}

/// Every category row: (slug, zh, en, ja, parent index from 1 or None), parents first.
pub fn category_rows() -> Vec<(String, String, String, String, Option<i64>)> {
    let mut rows = Vec::new();
    for (slug, zh, en, ja) in words::CATEGORIES {
        rows.push((
            slug.to_owned(),
            zh.to_owned(),
            en.to_owned(),
            ja.to_owned(),
            None,
        ));
    }
    for (parent, (slug, zh, en, ja)) in words::CATEGORIES.iter().enumerate() {
        for (sub, sub_zh, sub_en, sub_ja) in words::SUBCATEGORIES {
            rows.push((
                format!("{slug}-{sub}"),
                format!("{zh}·{sub_zh}"),
                format!("{en}: {sub_en}"),
                format!("{ja}・{sub_ja}"),
                Some(parent as i64 + 1),
            ));
        }
    }
    rows
}

/// A person's name: a family name and one or two given-name characters.
fn person_name(rng: &mut Rng) -> String {
    let syllables = if rng.chance(0.7) { 2 } else { 1 };
    let mut name = String::from(*rng.pick(&words::SURNAMES));
    for _ in 0..syllables {
        let given = *rng.pick(&words::GIVEN);
        name.push_str(given);
    }
    name
}

/// `INSERT INTO table (columns) VALUES (?, …), (?, …)` for `rows` rows.
pub fn insert_sql(backend: DbBackend, table: &str, columns: &[&str], rows: usize) -> String {
    let width = columns.len();
    let mark = |n: usize| match backend {
        DbBackend::Postgres => format!("${n}"),
        _ => "?".to_owned(),
    };
    let tuples: Vec<String> = (0..rows)
        .map(|row| {
            let marks: Vec<String> = (1..=width).map(|col| mark(row * width + col)).collect();
            format!("({})", marks.join(", "))
        })
        .collect();
    format!(
        "INSERT INTO {table} ({}) VALUES {}",
        columns.join(", "),
        tuples.join(", ")
    )
}

/// Inserts `values` (row after row) into `table`, in statements of at most `per_statement` rows.
pub async fn insert_rows(
    db: &impl ConnectionTrait,
    table: &str,
    columns: &[&str],
    values: Vec<Value>,
    per_statement: usize,
) -> anyhow::Result<()> {
    let width = columns.len();
    debug_assert_eq!(values.len() % width, 0);
    let backend = db.get_database_backend();
    let mut values = values.into_iter().peekable();
    while values.peek().is_some() {
        let chunk: Vec<Value> = values.by_ref().take(per_statement * width).collect();
        let sql = insert_sql(backend, table, columns, chunk.len() / width);
        db.execute_raw(Statement::from_sql_and_values(backend, sql, chunk))
            .await
            .with_context(|| format!("inserting into {table}"))?;
    }
    Ok(())
}

const BOOK_COLUMNS: [&str; 25] = [
    "id",
    "title",
    "title_en",
    "title_ja",
    "subtitle",
    "author_id",
    "narrator_id",
    "description",
    "cover_url",
    "category_id",
    "language",
    "status",
    "access",
    "price_cny",
    "price_usd",
    "price_jpy",
    "chapter_count",
    "total_duration_secs",
    "play_count",
    "favorite_count",
    "rating_avg",
    "rating_count",
    "is_demo",
    "created_at",
    "updated_at",
];

const CHAPTER_COLUMNS: [&str; 9] = [
    "book_id",
    "idx",
    "title",
    "duration_secs",
    "asset_id",
    "is_free",
    "price_cny",
    "published",
    "created_at",
];

pub async fn open(path: &Path) -> anyhow::Result<DatabaseConnection> {
    let mut options = ConnectOptions::new(format!("sqlite://{}?mode=rwc", path.display()));
    options
        .max_connections(1)
        .min_connections(1)
        .sqlx_logging(false)
        .map_sqlx_sqlite_opts(|opts| {
            // The file is thrown away if generation fails: no need to wait for the disk.
            opts.journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Off)
                .foreign_keys(true)
        });
    Database::connect(options)
        .await
        .with_context(|| format!("cannot open {}", path.display()))
}

/// A PostgreSQL database for loading: one connection.
async fn open_postgres(url: &str) -> anyhow::Result<DatabaseConnection> {
    let mut options = ConnectOptions::new(url.to_owned());
    options
        .max_connections(1)
        .min_connections(1)
        .sqlx_logging(false);
    Database::connect(options)
        .await
        .context("cannot connect to the PostgreSQL database")
}

/// The database to fill, with the migrations applied; refused unless it holds no book.
async fn open_new(args: &CatalogSeedArgs) -> anyhow::Result<(DatabaseConnection, String)> {
    let (db, place) = match (&args.data_dir, &args.database_url) {
        (Some(dir), _) => {
            let path = dir.join("tingshu.db");
            if path.exists() {
                bail!(
                    "{} exists already: catalog-seed only fills a new database",
                    path.display()
                );
            }
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            (open(&path).await?, path.display().to_string())
        }
        (None, Some(url)) => (open_postgres(url).await?, "PostgreSQL".to_owned()),
        (None, None) => bail!("give --data-dir or --database-url"),
    };
    Migrator::up(&db, None)
        .await
        .context("cannot apply the migrations")?;
    let books = db
        .query_one_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT COUNT(*) AS n FROM books",
        ))
        .await?
        .map(|row| row.try_get::<i64>("", "n"))
        .transpose()?
        .unwrap_or(0);
    if books > 0 {
        bail!("{place} holds {books} books already: catalog-seed only fills a new database");
    }
    Ok((db, place))
}

/// Tables whose ids the seed gives: PostgreSQL's sequences are moved past them, so rows the
/// server inserts later get new ids.
const GIVEN_IDS: [&str; 7] = [
    "categories",
    "authors",
    "narrators",
    "tags",
    "assets",
    "books",
    "promotions",
];

/// After the load: SQLite's log folded into the file; PostgreSQL's sequences moved past the
/// given ids and its statistics gathered.
async fn finish(db: &DatabaseConnection) -> anyhow::Result<()> {
    if db.get_database_backend() != DbBackend::Postgres {
        db.execute_unprepared("PRAGMA wal_checkpoint(TRUNCATE)")
            .await?;
        return Ok(());
    }
    for table in GIVEN_IDS {
        db.execute_unprepared(&format!(
            "SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT MAX(id) FROM {table}))"
        ))
        .await
        .with_context(|| format!("moving the sequence of {table}"))?;
    }
    db.execute_unprepared("ANALYZE").await?;
    Ok(())
}

pub async fn run(args: CatalogSeedArgs) -> anyhow::Result<()> {
    let started = Instant::now();
    let (db, place) = open_new(&args).await?;
    let mut rng = Rng::new(args.seed);
    let now = BASE_MS;

    let txn = db.begin().await?;
    let mut values = Vec::new();
    for (order, (slug, zh, en, ja, parent)) in category_rows().into_iter().enumerate() {
        values.extend([
            Value::from(order as i64 + 1),
            slug.into(),
            zh.into(),
            en.into(),
            ja.into(),
            parent.into(),
            Value::from(order as i64),
            now.into(),
        ]);
    }
    let category_columns = [
        "id",
        "slug",
        "name_zh",
        "name_en",
        "name_ja",
        "parent_id",
        "sort_order",
        "created_at",
    ];
    insert_rows(&txn, "categories", &category_columns, values, 100).await?;
    for (table, count) in [("authors", AUTHORS), ("narrators", NARRATORS)] {
        let values = (1..=count)
            .flat_map(|id| [Value::from(i64::from(id)), person_name(&mut rng).into()])
            .collect();
        insert_rows(&txn, table, &["id", "name"], values, 5_000).await?;
    }
    let values = words::TAGS
        .iter()
        .enumerate()
        .flat_map(|(i, name)| [Value::from(i as i64 + 1), (*name).into()])
        .collect();
    insert_rows(&txn, "tags", &["id", "name"], values, 100).await?;
    let mut durations = Vec::new();
    let mut values = Vec::new();
    for id in 1..=ASSETS {
        let duration = 600.0 + 300.0 * f64::from(id);
        durations.push(duration);
        values.extend([
            Value::from(i64::from(id)),
            format!("bench/chapter-{id}.mp3").into(),
            "audio/mpeg".into(),
            Value::from((duration * 16_000.0) as i64),
            format!("{:064x}", id).into(),
            duration.into(),
            now.into(),
        ]);
    }
    let asset_columns = [
        "id",
        "storage_key",
        "mime",
        "bytes",
        "sha256",
        "duration_secs",
        "created_at",
    ];
    insert_rows(&txn, "assets", &asset_columns, values, 100).await?;
    txn.commit().await?;

    let chapters = i64::from(args.chapters_per_book);
    let mut first = 1u32;
    while first <= args.books {
        let last = (first + BOOKS_PER_TRANSACTION - 1).min(args.books);
        let txn = db.begin().await?;
        let mut book_values = Vec::new();
        let mut chapter_values = Vec::new();
        let mut tag_values = Vec::new();
        for id in first..=last {
            let id = i64::from(id);
            let b = book_row(args.seed, id as u64 - 1);
            let asset_of = |idx: i64| (id + idx) % i64::from(ASSETS);
            let total: f64 = (1..=chapters)
                .map(|i| durations[asset_of(i) as usize])
                .sum();
            for idx in 1..=chapters {
                chapter_values.extend([
                    Value::from(id),
                    idx.into(),
                    format!("第{idx}章").into(),
                    durations[asset_of(idx) as usize].into(),
                    Value::from(asset_of(idx) + 1),
                    // The first two chapters of VIP and paid books are free samples.
                    (b.access == "free" || idx <= 2).into(),
                    Option::<i64>::None.into(),
                    true.into(),
                    (b.created_at + idx * DAY_MS / 4).min(BASE_MS).into(),
                ]);
            }
            for tag in &b.tag_ids {
                tag_values.extend([Value::from(id), Value::from(*tag)]);
            }
            book_values.extend([
                Value::from(id),
                b.title.into(),
                b.title_en.into(),
                b.title_ja.into(),
                b.subtitle.into(),
                b.author_id.into(),
                b.narrator_id.into(),
                b.description.into(),
                Option::<String>::None.into(),
                b.category_id.into(),
                "zh".into(),
                b.status.into(),
                b.access.into(),
                b.price.map(|p| p.0).into(),
                b.price.map(|p| p.1).into(),
                b.price.map(|p| p.2).into(),
                chapters.into(),
                (total.round() as i64).into(),
                b.play_count.into(),
                b.favorite_count.into(),
                b.rating_avg.into(),
                b.rating_count.into(),
                false.into(),
                b.created_at.into(),
                b.updated_at.into(),
            ]);
        }
        insert_rows(&txn, "books", &BOOK_COLUMNS, book_values, 500).await?;
        insert_rows(&txn, "chapters", &CHAPTER_COLUMNS, chapter_values, 2_000).await?;
        insert_rows(&txn, "book_tags", &["book_id", "tag_id"], tag_values, 5_000).await?;
        txn.commit().await?;
        first = last + 1;
    }

    // One campaign, active at any time the benchmark runs, on a spread of books.
    let txn = db.begin().await?;
    insert_rows(
        &txn,
        "promotions",
        &["id", "name", "starts_at", "ends_at", "created_at"],
        vec![
            Value::from(1i64),
            "限时免费（基准数据）".into(),
            Value::from(BASE_MS - 30 * DAY_MS),
            Value::from(BASE_MS + 3650 * DAY_MS),
            Value::from(BASE_MS),
        ],
        1,
    )
    .await?;
    let step = (args.books / CAMPAIGN_BOOKS).max(1);
    let values = (1..=args.books)
        .step_by(step as usize)
        .take(CAMPAIGN_BOOKS as usize)
        .flat_map(|id| [Value::from(1i64), Value::from(i64::from(id))])
        .collect();
    insert_rows(
        &txn,
        "promotion_books",
        &["promotion_id", "book_id"],
        values,
        1_000,
    )
    .await?;
    txn.commit().await?;
    finish(&db).await?;
    db.close().await?;

    let elapsed = started.elapsed();
    println!(
        "catalog-seed: {} books, {} chapters, {AUTHORS} authors, {NARRATORS} narrators, {} tags, {} categories into {} in {}",
        args.books,
        u64::from(args.books) * u64::from(args.chapters_per_book),
        words::TAGS.len(),
        category_rows().len(),
        place,
        seconds(elapsed)
    );
    Ok(())
}

fn seconds(d: Duration) -> String {
    format!("{:.1} s", d.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn books_are_deterministic_and_varied() {
        assert_eq!(book_row(1, 42), book_row(1, 42));
        assert_ne!(book_row(1, 42), book_row(2, 42));
        let books: Vec<BookRow> = (0..2_000).map(|n| book_row(2026, n)).collect();
        for access in ["free", "vip", "paid"] {
            assert!(books.iter().any(|b| b.access == access));
        }
        let categories = category_rows().len() as i64;
        for b in &books {
            assert_eq!(b.price.is_none(), b.access == "free");
            assert!((1..=categories).contains(&b.category_id));
            assert!(!b.tag_ids.is_empty() && b.tag_ids.len() <= 3);
            assert!(b.created_at <= b.updated_at && b.updated_at <= BASE_MS);
            assert!((2.5..=5.0).contains(&b.rating_avg));
        }
        let titles: std::collections::HashSet<&str> =
            books.iter().map(|b| b.title.as_str()).collect();
        assert!(titles.len() > 1_000, "{}", titles.len());
    }

    #[test]
    fn categories_list_parents_before_their_children() {
        let rows = category_rows();
        assert_eq!(rows.len(), 8 + 8 * 3);
        for (i, row) in rows.iter().enumerate() {
            if let Some(parent) = row.4 {
                assert!((parent as usize) <= i);
                assert!(rows[parent as usize - 1].4.is_none());
            }
        }
        let slugs: std::collections::HashSet<&str> = rows.iter().map(|r| r.0.as_str()).collect();
        assert_eq!(slugs.len(), rows.len());
    }

    #[test]
    fn insert_statements_have_one_placeholder_per_value() {
        assert_eq!(
            insert_sql(DbBackend::Sqlite, "tags", &["id", "name"], 2),
            "INSERT INTO tags (id, name) VALUES (?, ?), (?, ?)"
        );
        assert_eq!(
            insert_sql(DbBackend::Postgres, "tags", &["id", "name"], 2),
            "INSERT INTO tags (id, name) VALUES ($1, $2), ($3, $4)"
        );
    }

    #[tokio::test]
    async fn a_small_catalogue_fills_the_real_schema() {
        let dir = std::env::temp_dir().join(format!("tingshu-seed-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        run(CatalogSeedArgs {
            data_dir: Some(dir.clone()),
            database_url: None,
            books: 120,
            chapters_per_book: 3,
            seed: 9,
        })
        .await
        .unwrap();
        let db = open(&dir.join("tingshu.db")).await.unwrap();
        let count = |table: &'static str| {
            let db = &db;
            async move {
                db.query_one_raw(Statement::from_string(
                    DbBackend::Sqlite,
                    format!("SELECT COUNT(*) AS n FROM {table}"),
                ))
                .await
                .unwrap()
                .unwrap()
                .try_get::<i64>("", "n")
                .unwrap()
            }
        };
        assert_eq!(count("books").await, 120);
        assert_eq!(count("chapters").await, 360);
        assert_eq!(count("categories").await, 32);
        assert!(count("book_tags").await >= 120);
        assert_eq!(count("promotion_books").await, 120);
        // A second run refuses to touch the existing database.
        assert!(run(CatalogSeedArgs {
            data_dir: Some(dir.clone()),
            database_url: None,
            books: 1,
            chapters_per_book: 1,
            seed: 9,
        })
        .await
        .is_err());
        db.close().await.unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// On PostgreSQL, when TEST_DATABASE_URL names a server (`make test-postgres`): a new
    /// database filled, its sequences past the given ids, a second load refused.
    #[tokio::test]
    async fn a_small_catalogue_fills_postgres_too() {
        let Some(server) = std::env::var("TEST_DATABASE_URL")
            .ok()
            .filter(|url| !url.is_empty())
        else {
            return;
        };
        let name = format!("bench_seed_{}", std::process::id());
        let admin = Database::connect(&server).await.unwrap();
        admin
            .execute_unprepared(&format!("DROP DATABASE IF EXISTS {name}"))
            .await
            .unwrap();
        admin
            .execute_unprepared(&format!("CREATE DATABASE {name}"))
            .await
            .unwrap();
        let mut url = reqwest::Url::parse(&server).unwrap();
        url.set_path(&name);
        let args = |books| CatalogSeedArgs {
            data_dir: None,
            database_url: Some(url.to_string()),
            books,
            chapters_per_book: 3,
            seed: 9,
        };
        run(args(50)).await.unwrap();
        let db = open_postgres(url.as_str()).await.unwrap();
        let one = |sql: &'static str| {
            let db = &db;
            async move {
                db.query_one_raw(Statement::from_string(DbBackend::Postgres, sql))
                    .await
                    .unwrap()
                    .unwrap()
                    .try_get_by_index::<i64>(0)
                    .unwrap()
            }
        };
        assert_eq!(one("SELECT COUNT(*) FROM books").await, 50);
        assert_eq!(one("SELECT COUNT(*) FROM chapters").await, 150);
        let tags = words::TAGS.len() as i64;
        assert_eq!(
            one("INSERT INTO tags (name) VALUES ('后来的标签') RETURNING CAST(id AS BIGINT)").await,
            tags + 1
        );
        assert!(run(args(1)).await.is_err());
        db.close().await.unwrap();
        admin
            .execute_unprepared(&format!("DROP DATABASE {name} WITH (FORCE)"))
            .await
            .unwrap();
    }
}

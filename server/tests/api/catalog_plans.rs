//! The listeners' catalogue at scale: the plan of every query that the book lists, their
//! counts, the category and tag counts, limited-free books, recommendations and people's
//! pages send (each recorded as it runs, then explained by SQLite), and the pages they give.
//!
//! No plan may read every book's row (`SCAN books` without an index) or sort books it found
//! through an index (a page walks its list's order instead), and books are reached through an
//! index of the list's own filter (an unfiltered list walks a covering index in its order) or
//! by id (a page's rows, a tag's books looked up, limited-free books; sorting those is fine).
//! SQLite chooses these indexes from their shape (an equality on the leading column, then
//! the ORDER BY), not from statistics nor bound values (the connections plan a statement once,
//! as the server's: `db::planning`), so the small catalogue here gives the plans of a large
//! one. To check them on a generated catalogue too, with each query's time:
//!
//! ```text
//! tingshu-bench catalog-seed --data-dir /tmp/catalogue --books 100000 --chapters-per-book 20
//! CATALOG_PLANS_DB=/tmp/catalogue/tingshu.db \
//!   cargo test -p tingshu-server --test api catalog_plans -- --nocapture
//! ```
use std::{sync::Mutex, time::Instant};

use sea_orm::{
    ConnectionTrait, DatabaseConnection, DbBackend, DbErr, ExecResult, QueryResult, Statement,
};
use tempfile::TempDir;
use tingshu_core::Lang;
use tingshu_migrations::{Migrator, MigratorTrait};
use tingshu_server::{
    catalog::{
        self,
        repository::{self, TagMatch},
        BookFilter, BookSort,
    },
    db::planning,
    entities::book,
    paging::Paging,
    people::{self, Role},
};

/// 2026-11-01, as the generated catalogue's dates.
const NOW_MS: i64 = 1_793_491_200_000;
const DAY_MS: i64 = 24 * 60 * 60 * 1000;
/// Ids present both here and in a catalogue made by `tingshu-bench catalog-seed`: a top
/// category and its three subcategories, another category, a tag, two authors and narrators.
const PARENT: i32 = 1;
const CHILDREN: [i32; 3] = [9, 10, 11];
const OTHER_CATEGORY: i32 = 2;
const TAG: i32 = 7;
const PEOPLE: [i32; 2] = [17, 99];
const SORTS: [BookSort; 4] = [
    BookSort::Newest,
    BookSort::Popular,
    BookSort::Rating,
    BookSort::Updated,
];

/// A connection that keeps every statement it runs.
struct Recorder {
    db: DatabaseConnection,
    seen: Mutex<Vec<Statement>>,
}

impl Recorder {
    fn note(&self, statement: &Statement) {
        self.seen.lock().unwrap().push(statement.clone());
    }

    fn take(&self) -> Vec<Statement> {
        std::mem::take(&mut *self.seen.lock().unwrap())
    }
}

#[async_trait::async_trait]
impl ConnectionTrait for Recorder {
    fn get_database_backend(&self) -> DbBackend {
        self.db.get_database_backend()
    }

    async fn execute_raw(&self, statement: Statement) -> Result<ExecResult, DbErr> {
        self.note(&statement);
        self.db.execute_raw(statement).await
    }

    async fn execute_unprepared(&self, sql: &str) -> Result<ExecResult, DbErr> {
        self.db.execute_unprepared(sql).await
    }

    async fn query_one_raw(&self, statement: Statement) -> Result<Option<QueryResult>, DbErr> {
        self.note(&statement);
        self.db.query_one_raw(statement).await
    }

    async fn query_all_raw(&self, statement: Statement) -> Result<Vec<QueryResult>, DbErr> {
        self.note(&statement);
        self.db.query_all_raw(statement).await
    }
}

/// One line of a query plan: its node, its parent node and what it does.
struct Step {
    parent: i64,
    detail: String,
}

/// How a query may read the books besides by id: through an index search or ordered walk
/// whose plan line carries one of these (`category_id=?`, an index name), or not at all.
#[derive(Debug, Clone, Copy)]
enum Reach {
    Index(&'static [&'static str]),
    ById,
}

/// What is wrong with `plan` for a query that should read the books `reach`'s way.
fn faults(plan: &[Step], reach: Reach) -> Vec<String> {
    let through_index = |step: &Step| {
        (step.detail.starts_with("SEARCH books ") || step.detail.starts_with("SCAN books "))
            && !step.detail.contains("INTEGER PRIMARY KEY")
    };
    let mut found = Vec::new();
    for step in plan {
        if step.detail.starts_with("SCAN books") && !step.detail.contains(" INDEX ") {
            found.push(format!("reads every book's row: {}", step.detail));
        }
        if through_index(step) {
            match reach {
                Reach::ById => found.push(format!("should read books by id: {}", step.detail)),
                Reach::Index(wanted) if !wanted.iter().any(|w| step.detail.contains(w)) => {
                    found.push(format!("should use {wanted:?}: {}", step.detail))
                }
                Reach::Index(_) => {}
            }
        }
        // A sort beside books read through an index sorts what a walk should have ordered.
        if step.detail.starts_with("USE TEMP B-TREE")
            && plan
                .iter()
                .any(|s| s.parent == step.parent && through_index(s))
        {
            found.push(format!("sorts books: {}", step.detail));
        }
    }
    found
}

/// The plan of `statement`, and how long it takes (the fastest of three runs).
async fn explain(db: &DatabaseConnection, statement: &Statement) -> (Vec<Step>, f64) {
    let values = statement.values.clone().map(|v| v.0).unwrap_or_default();
    let explain = Statement::from_sql_and_values(
        DbBackend::Sqlite,
        format!("EXPLAIN QUERY PLAN {}", statement.sql),
        values,
    );
    let plan = db
        .query_all_raw(explain)
        .await
        .unwrap_or_else(|e| panic!("cannot explain {}: {e}", statement.sql))
        .iter()
        .map(|row| Step {
            parent: row.try_get("", "parent").unwrap(),
            detail: row.try_get("", "detail").unwrap(),
        })
        .collect();
    let mut fastest = f64::MAX;
    for _ in 0..3 {
        let started = Instant::now();
        db.query_all_raw(statement.clone()).await.unwrap();
        fastest = fastest.min(started.elapsed().as_secs_f64() * 1000.0);
    }
    (plan, fastest)
}

/// The database to check: `CATALOG_PLANS_DB` (brought up to date), or a small new catalogue.
async fn catalogue() -> (Option<TempDir>, DatabaseConnection, Vec<Book>) {
    if let Ok(path) = std::env::var("CATALOG_PLANS_DB") {
        let db = planning::sqlite_connection(&format!("sqlite://{path}?mode=rw"))
            .await
            .unwrap_or_else(|e| panic!("cannot open {path}: {e}"));
        Migrator::up(&db, None).await.unwrap();
        return (None, db, Vec::new());
    }
    let dir = tempfile::tempdir().unwrap();
    let url = format!(
        "sqlite://{}?mode=rwc",
        dir.path().join("plans.db").display()
    );
    let db = planning::sqlite_connection(&url).await.unwrap();
    Migrator::up(&db, None).await.unwrap();
    let books = fill(&db).await;
    (Some(dir), db, books)
}

/// A book of the small catalogue, with what lists filter and sort on.
#[derive(Debug, Clone)]
struct Book {
    id: i32,
    published: bool,
    category_id: i32,
    status: &'static str,
    access: &'static str,
    play_count: i64,
    created_at: i64,
    updated_at: i64,
    rating_avg: f64,
    rating_count: i32,
    tags: Vec<i32>,
}

impl Book {
    /// Sort keys of `sort`, compared descending, ties broken by id.
    fn key(&self, sort: BookSort) -> (i64, i64, i32) {
        match sort {
            BookSort::Newest => (self.created_at, 0, self.id),
            BookSort::Popular => (self.play_count, 0, self.id),
            BookSort::Rating => (
                (self.rating_avg * 4.0) as i64,
                self.rating_count.into(),
                self.id,
            ),
            BookSort::Updated => (self.updated_at, 0, self.id),
        }
    }

    fn matches(&self, filter: &BookFilter) -> bool {
        self.published
            && filter
                .category_ids
                .as_ref()
                .is_none_or(|ids| ids.contains(&self.category_id))
            && filter.status.as_deref().is_none_or(|s| s == self.status)
            && filter.access.as_deref().is_none_or(|a| a == self.access)
            && filter.tag_id.is_none_or(|t| self.tags.contains(&t))
    }
}

/// Fills a new database with 11 categories, 100 authors and narrators, 10 tags and 240
/// books whose sort keys often tie (so the id decides), a few unpublished.
async fn fill(db: &DatabaseConnection) -> Vec<Book> {
    let mut sql = Vec::new();
    for id in 1..=11 {
        let parent = if CHILDREN.contains(&id) {
            PARENT.to_string()
        } else {
            "NULL".to_owned()
        };
        sql.push(format!(
            "INSERT INTO categories (id, slug, name_zh, name_en, name_ja, parent_id, sort_order, created_at) \
             VALUES ({id}, 'c{id}', 'c{id}', 'c{id}', 'c{id}', {parent}, {id}, 0)"
        ));
    }
    for id in 1..=100 {
        sql.push(format!(
            "INSERT INTO authors (id, name) VALUES ({id}, 'a{id}')"
        ));
        sql.push(format!(
            "INSERT INTO narrators (id, name) VALUES ({id}, 'n{id}')"
        ));
    }
    for id in 1..=10 {
        sql.push(format!(
            "INSERT INTO tags (id, name) VALUES ({id}, 't{id}')"
        ));
    }
    let categories = [
        PARENT,
        CHILDREN[0],
        CHILDREN[1],
        CHILDREN[2],
        OTHER_CATEGORY,
        3,
    ];
    let mut books = Vec::new();
    for id in 1..=240 {
        let n = id as i64;
        let mut tags = vec![(id % 10) + 1];
        if id % 3 == 0 && !tags.contains(&TAG) {
            tags.push(TAG);
        }
        let book = Book {
            id,
            published: id % 13 != 0,
            category_id: categories[(n * 7 % 6) as usize],
            status: ["finished", "serialising"][(n % 2) as usize],
            access: ["free", "vip", "paid"][(n * 5 % 3) as usize],
            play_count: n * 7919 % 40,
            created_at: NOW_MS - (n * 37 % 90) * DAY_MS,
            updated_at: NOW_MS - (n * 11 % 60) * DAY_MS,
            rating_avg: (n * 13 % 9) as f64 / 4.0 + 2.5,
            rating_count: (id % 4) * 10,
            tags,
        };
        let person = PEOPLE[(id % 2) as usize];
        sql.push(format!(
            "INSERT INTO books (id, title, author_id, narrator_id, description, category_id, status, \
             access, play_count, rating_avg, rating_count, published, created_at, updated_at) \
             VALUES ({id}, 'b{id}', {person}, {person}, '', {}, '{}', '{}', {}, {}, {}, {}, {}, {})",
            book.category_id,
            book.status,
            book.access,
            book.play_count,
            book.rating_avg,
            book.rating_count,
            book.published,
            book.created_at,
            book.updated_at,
        ));
        for tag in &book.tags {
            sql.push(format!(
                "INSERT INTO book_tags (book_id, tag_id) VALUES ({id}, {tag})"
            ));
        }
        books.push(book);
    }
    sql.push(format!(
        "INSERT INTO promotions (id, name, starts_at, ends_at, created_at) \
         VALUES (1, 'p', {}, {}, 0)",
        NOW_MS - DAY_MS,
        NOW_MS + DAY_MS
    ));
    for id in (1..=240).step_by(9) {
        sql.push(format!(
            "INSERT INTO promotion_books (promotion_id, book_id) VALUES (1, {id})"
        ));
    }
    db.execute_unprepared(&sql.join(";\n")).await.unwrap();
    books
}

fn unfiltered() -> BookFilter {
    BookFilter::default()
}

/// A walk of every listed book on index entries alone; with no sort beside it (see
/// [`faults`]), in the list's order (or in category order, to count per category).
const IN_ORDER: &[&str] = &["COVERING INDEX"];

/// Every filter the list offers, alone and combined, with what a walk of it may use.
fn filters() -> Vec<(&'static str, BookFilter, &'static [&'static str])> {
    let family = || Some([&[PARENT][..], &CHILDREN[..]].concat());
    let status = || Some("finished".to_owned());
    let access = || Some("vip".to_owned());
    let categories: &[&str] = &["category_id=?"];
    vec![
        ("all", unfiltered(), IN_ORDER),
        (
            "one category",
            BookFilter {
                category_ids: Some(vec![CHILDREN[1]]),
                ..unfiltered()
            },
            categories,
        ),
        (
            "a category and its subcategories",
            BookFilter {
                category_ids: family(),
                ..unfiltered()
            },
            categories,
        ),
        (
            "status",
            BookFilter {
                status: status(),
                ..unfiltered()
            },
            &["status=?"],
        ),
        (
            "access",
            BookFilter {
                access: access(),
                ..unfiltered()
            },
            &["access=?"],
        ),
        (
            "status and access",
            BookFilter {
                status: status(),
                access: access(),
                ..unfiltered()
            },
            &["status=?", "access=?"],
        ),
        (
            "one category and access",
            BookFilter {
                category_ids: Some(vec![OTHER_CATEGORY]),
                access: access(),
                ..unfiltered()
            },
            categories,
        ),
        (
            "categories, status and access",
            BookFilter {
                category_ids: family(),
                status: status(),
                access: access(),
                ..unfiltered()
            },
            categories,
        ),
        (
            "tag",
            BookFilter {
                tag_id: Some(TAG),
                ..unfiltered()
            },
            IN_ORDER,
        ),
        (
            "tag and status",
            BookFilter {
                tag_id: Some(TAG),
                status: status(),
                ..unfiltered()
            },
            &["status=?"],
        ),
        (
            "tag and categories",
            BookFilter {
                tag_id: Some(TAG),
                category_ids: family(),
                ..unfiltered()
            },
            categories,
        ),
    ]
}

/// Explains what `db` recorded since the last call: prints each plan and time, and adds
/// what is wrong with it to `wrong`.
async fn check(db: &Recorder, what: &str, reach: Reach, wrong: &mut Vec<String>) {
    for statement in db.take() {
        let (plan, ms) = explain(&db.db, &statement).await;
        println!("{ms:7.2} ms  {what}\n           {}", statement.sql);
        for step in &plan {
            println!("           | {}", step.detail);
        }
        for fault in faults(&plan, reach) {
            wrong.push(format!("{what}: {fault}\n    in {}", statement.sql));
        }
    }
}

#[tokio::test]
async fn every_catalogue_query_uses_an_index_of_its_filter_without_sorting_the_books() {
    let (_dir, db, books) = catalogue().await;
    let db = Recorder {
        db,
        seen: Mutex::new(Vec::new()),
    };
    let mut wrong = Vec::new();
    let pages = [
        Paging {
            page: 1,
            page_size: 20,
        },
        Paging {
            page: 200,
            page_size: 20,
        },
    ];
    for (name, filter, constraints) in filters() {
        repository::count_books(&db, &filter).await.unwrap();
        // A tag alone is counted on its own rows, without the books.
        let counted = match filter {
            BookFilter {
                tag_id: Some(_),
                category_ids: None,
                status: None,
                access: None,
            } => Reach::ById,
            _ => Reach::Index(constraints),
        };
        check(&db, &format!("count of {name}"), counted, &mut wrong).await;
        let matches = match filter.tag_id {
            Some(_) => vec![TagMatch::Walk, TagMatch::Lookup],
            None => vec![TagMatch::Walk],
        };
        for sort in SORTS {
            for paging in pages {
                for tag_match in &matches {
                    repository::list_page(&db, &filter, sort, paging, *tag_match, NOW_MS)
                        .await
                        .unwrap();
                    let reach = match tag_match {
                        TagMatch::Lookup => Reach::ById,
                        TagMatch::Walk => Reach::Index(constraints),
                    };
                    let what = format!("{name}, {sort:?}, page {}, {tag_match:?}", paging.page);
                    check(&db, &what, reach, &mut wrong).await;
                }
            }
        }
    }

    let everything = Reach::Index(IN_ORDER);
    repository::book_counts_by_category(&db).await.unwrap();
    check(&db, "books per category", everything, &mut wrong).await;
    repository::tag_counts(&db, Lang::Zh).await.unwrap();
    check(&db, "books per tag", Reach::ById, &mut wrong).await;
    catalog::limited_free(&db, Lang::Zh, pages[0], NOW_MS)
        .await
        .unwrap();
    // Books named by a campaign are read by id; those filed in a campaign's category through
    // the category's index.
    check(
        &db,
        "limited-free books",
        Reach::Index(&["category_id=?"]),
        &mut wrong,
    )
    .await;
    repository::popular_books(&db, &[1, 2, 3], 12)
        .await
        .unwrap();
    let plays = Reach::Index(&["USING INDEX idx_books_plays"]);
    check(&db, "popular recommendations", plays, &mut wrong).await;
    for (column, constraint) in [
        (book::Column::AuthorId, &["author_id=?"][..]),
        (book::Column::NarratorId, &["narrator_id=?"][..]),
        (book::Column::CategoryId, &["category_id=?"][..]),
    ] {
        let values = match column {
            book::Column::CategoryId => vec![OTHER_CATEGORY, CHILDREN[0]],
            _ => PEOPLE.to_vec(),
        };
        repository::books_related(&db, column, &values, &[1, 2, 3], 12)
            .await
            .unwrap();
        let what = format!("recommendations by {column:?}");
        check(&db, &what, Reach::Index(constraint), &mut wrong).await;
    }
    for (role, constraint) in [
        (Role::Author, &["author_id=?"][..]),
        (Role::Narrator, &["narrator_id=?"][..]),
    ] {
        people::page(&db, Lang::Zh, role, PEOPLE[0], NOW_MS)
            .await
            .unwrap();
        let what = format!("{role:?}'s page");
        check(&db, &what, Reach::Index(constraint), &mut wrong).await;
    }
    // A book's page and its chapters: the book is reached by its id.
    let book = books
        .iter()
        .find(|b| b.published)
        .expect("the generated catalogue publishes most books")
        .id;
    catalog::book_detail(&db, Lang::Zh, book, None, NOW_MS)
        .await
        .unwrap();
    check(&db, "a book's detail", Reach::ById, &mut wrong).await;
    catalog::chapters(&db, Lang::Zh, book, pages[0], None, NOW_MS)
        .await
        .unwrap();
    check(&db, "a book's chapters", Reach::ById, &mut wrong).await;
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[tokio::test]
async fn merged_and_looked_up_pages_are_the_pages_of_the_whole_list() {
    if std::env::var("CATALOG_PLANS_DB").is_ok() {
        return;
    }
    let (_dir, db, books) = catalogue().await;
    for (name, filter, _) in filters() {
        let mut expected: Vec<&Book> = books.iter().filter(|b| b.matches(&filter)).collect();
        let total = repository::count_books(&db, &filter).await.unwrap();
        // A tag alone counts its unpublished books too (as the tag list does).
        let counted = match filter.tag_id {
            Some(tag) if name == "tag" => books.iter().filter(|b| b.tags.contains(&tag)).count(),
            _ => expected.len(),
        };
        assert_eq!(total, counted as u64, "count of {name}");
        let matches = match filter.tag_id {
            Some(_) => vec![TagMatch::Walk, TagMatch::Lookup],
            None => vec![TagMatch::Walk],
        };
        for sort in SORTS {
            expected.sort_by_key(|b| std::cmp::Reverse(b.key(sort)));
            let expected: Vec<i32> = expected.iter().map(|b| b.id).collect();
            for tag_match in &matches {
                let mut listed = Vec::new();
                for page in 1.. {
                    let paging = Paging { page, page_size: 7 };
                    let rows = repository::list_page(&db, &filter, sort, paging, *tag_match, 0)
                        .await
                        .unwrap();
                    if rows.is_empty() {
                        break;
                    }
                    listed.extend(rows.iter().map(|row| row.id));
                }
                assert_eq!(listed, expected, "{name}, {sort:?}, {tag_match:?}");
            }
        }
    }
    // Recommendations: the most played books of these authors or categories, ties by id.
    for (column, values) in [
        (book::Column::AuthorId, PEOPLE.to_vec()),
        (book::Column::CategoryId, vec![OTHER_CATEGORY, CHILDREN[0]]),
    ] {
        let exclude = [1, 2, 3];
        let found: Vec<i32> = repository::books_related(&db, column, &values, &exclude, 12)
            .await
            .unwrap()
            .iter()
            .map(|b| b.id)
            .collect();
        let mut expected: Vec<&Book> = books
            .iter()
            .filter(|b| b.published && !exclude.contains(&b.id))
            .filter(|b| match column {
                book::Column::AuthorId => values.contains(&PEOPLE[(b.id % 2) as usize]),
                _ => values.contains(&b.category_id),
            })
            .collect();
        expected.sort_by_key(|b| std::cmp::Reverse(b.key(BookSort::Popular)));
        let expected: Vec<i32> = expected.iter().take(12).map(|b| b.id).collect();
        assert_eq!(found, expected, "recommendations by {column:?}");
    }
    // Limited-free: the published books of the running campaign.
    let free = catalog::limited_free(
        &db,
        Lang::Zh,
        Paging {
            page: 1,
            page_size: 50,
        },
        NOW_MS,
    )
    .await
    .unwrap();
    let expected = (1..=240)
        .step_by(9)
        .filter(|id| books[*id as usize - 1].published)
        .count();
    assert_eq!(free.total, expected as u64);
}

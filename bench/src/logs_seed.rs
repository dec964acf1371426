//! `logs-seed`: writes a large, deterministic audit log (1,000,000 rows by default) and access
//! log (5,000,000) into a fresh SQLite database (`DIR/tingshu.db`) with the real schema, for the
//! log list benchmark (`logs`); `logs-plan` prints the query plans of the list queries on it.
//!
//! Row `n` (from 1) of each log is at a fixed time ([`audit_time`], [`access_time`]) with id `n`,
//! so the load generator can name a deep keyset cursor without asking the server.
use std::{path::PathBuf, time::Instant};

use anyhow::{bail, Context};
use clap::Args;
use sea_orm::{ConnectionTrait, DbBackend, Statement, TransactionTrait, Value};
use tingshu_migrations::{Migrator, MigratorTrait};

use crate::{
    catalog_seed::{insert_rows, open},
    rng::Rng,
};

#[derive(Debug, Args)]
pub struct LogsSeedArgs {
    /// The data folder to create the database in (`DIR/tingshu.db`, as the server's DATA_DIR).
    #[arg(long)]
    pub data_dir: PathBuf,
    /// Rows of the audit log.
    #[arg(long, default_value_t = 1_000_000)]
    pub audit_rows: u64,
    /// Rows of the access log.
    #[arg(long, default_value_t = 5_000_000)]
    pub access_rows: u64,
    #[arg(long, default_value_t = 2026)]
    pub seed: u64,
}

/// 2026-11-01T00:00:00Z: the generated times end here.
pub const END_MS: i64 = 1_793_491_200_000;
/// The audit log spans a year, the access log thirty days (the default retention).
const AUDIT_SPAN_MS: i64 = 365 * 24 * 60 * 60 * 1000;
const ACCESS_SPAN_MS: i64 = 30 * 24 * 60 * 60 * 1000;
const ROWS_PER_TRANSACTION: u64 = 100_000;

/// Editors who change things (ids 1 to 50, named `editor<id>`).
pub const ACTORS: i64 = 50;
pub const ACTIONS: [(&str, &str); 10] = [
    ("book.update", "book"),
    ("book.create", "book"),
    ("book.delete", "book"),
    ("chapter.update", "chapter"),
    ("chapter.create", "chapter"),
    ("category.update", "category"),
    ("order.refund", "order"),
    ("plan.update", "plan"),
    ("user.disable", "user"),
    ("role.update", "role"),
];
/// Users who make requests (ids 1 to 100,000; 60 % of requests are guests').
pub const USERS: i64 = 100_000;
pub const ROUTES: [&str; 16] = [
    "/api/books",
    "/api/books/{id}",
    "/api/books/{id}/chapters",
    "/api/chapters/{id}/audio",
    "/api/search",
    "/api/categories",
    "/api/auth/me",
    "/api/auth/refresh",
    "/api/auth/login",
    "/api/me/progress/{chapterId}",
    "/api/me/bookshelf",
    "/api/admin/books",
    "/api/admin/logs",
    "/api/limited-free",
    "/api/feedback",
    "(page)",
];
const STATUSES: [i64; 7] = [200, 304, 206, 404, 401, 429, 500];
const STATUS_WEIGHTS: [u32; 7] = [80, 6, 5, 5, 2, 1, 1];
const METHODS: [&str; 4] = ["GET", "POST", "PUT", "DELETE"];
const METHOD_WEIGHTS: [u32; 4] = [88, 8, 3, 1];

pub fn audit_time(n: u64, rows: u64) -> i64 {
    END_MS - AUDIT_SPAN_MS + (AUDIT_SPAN_MS as f64 * n as f64 / rows.max(1) as f64) as i64
}

pub fn access_time(n: u64, rows: u64) -> i64 {
    END_MS - ACCESS_SPAN_MS + (ACCESS_SPAN_MS as f64 * n as f64 / rows.max(1) as f64) as i64
}

/// The address of the `k`th client (50,000 of them).
pub fn address(k: u64) -> String {
    let k = k % 50_000;
    format!("10.{}.{}.{}", k / 65_536, (k / 256) % 256, k % 256)
}

const AUDIT_COLUMNS: [&str; 10] = [
    "id",
    "actor_id",
    "actor_name",
    "action",
    "entity",
    "entity_id",
    "before",
    "after",
    "ip",
    "created_at",
];
const ACCESS_COLUMNS: [&str; 9] = [
    "id",
    "created_at",
    "user_id",
    "ip",
    "method",
    "route",
    "status",
    "latency_ms",
    "bytes",
];

pub async fn run(args: LogsSeedArgs) -> anyhow::Result<()> {
    let path = args.data_dir.join("tingshu.db");
    if path.exists() {
        bail!(
            "{} exists already: logs-seed only fills a new database",
            path.display()
        );
    }
    std::fs::create_dir_all(&args.data_dir)
        .with_context(|| format!("cannot create {}", args.data_dir.display()))?;
    let started = Instant::now();
    let db = open(&path).await?;
    Migrator::up(&db, None)
        .await
        .context("cannot apply the migrations")?;
    let mut rng = Rng::new(args.seed);

    let mut n = 1;
    while n <= args.audit_rows {
        let last = (n + ROWS_PER_TRANSACTION - 1).min(args.audit_rows);
        let mut values = Vec::new();
        for id in n..=last {
            let actor = rng.between(1, ACTORS);
            let (action, entity) = *rng.pick(&ACTIONS);
            let title = rng.between(1, 9_999);
            values.extend([
                Value::from(id as i64),
                actor.into(),
                format!("editor{actor}").into(),
                action.into(),
                entity.into(),
                rng.between(1, 100_000).to_string().into(),
                format!(r#"{{"title":"书 {title}","price":{title},"published":true}}"#).into(),
                format!(r#"{{"title":"书 {title} 新","price":{title},"published":true}}"#).into(),
                address(actor as u64).into(),
                audit_time(id, args.audit_rows).into(),
            ]);
        }
        let txn = db.begin().await?;
        insert_rows(&txn, "audit_log", &AUDIT_COLUMNS, values, 500).await?;
        txn.commit().await?;
        n = last + 1;
    }
    println!(
        "audit_log: {} rows ({:.0?})",
        args.audit_rows,
        started.elapsed()
    );

    let mut n = 1;
    while n <= args.access_rows {
        let last = (n + ROWS_PER_TRANSACTION - 1).min(args.access_rows);
        let mut values = Vec::new();
        for id in n..=last {
            let user = rng.chance(0.4).then(|| rng.between(1, USERS));
            let client = user.map_or_else(|| rng.below(50_000), |u| u as u64);
            values.extend([
                Value::from(id as i64),
                access_time(id, args.access_rows).into(),
                user.into(),
                address(client).into(),
                METHODS[rng.weighted(&METHOD_WEIGHTS)].into(),
                (*rng.pick(&ROUTES)).into(),
                STATUSES[rng.weighted(&STATUS_WEIGHTS)].into(),
                rng.between(0, 120).into(),
                rng.between(100, 200_000).into(),
            ]);
        }
        let txn = db.begin().await?;
        insert_rows(&txn, "access_log", &ACCESS_COLUMNS, values, 1_000).await?;
        txn.commit().await?;
        n = last + 1;
    }
    db.execute_unprepared("ANALYZE").await?;
    println!(
        "access_log: {} rows; done in {:.0?} ({})",
        args.access_rows,
        started.elapsed(),
        path.display()
    );
    Ok(())
}

/// The list queries as the server writes them (first page and a keyset page, each filter).
pub fn plan_queries(audit_rows: u64, access_rows: u64) -> Vec<(String, String)> {
    let audit_cursor = format!(
        "({}, {})",
        audit_time(audit_rows / 10, audit_rows),
        audit_rows / 10
    );
    let access_cursor = format!(
        "({}, {})",
        access_time(access_rows / 10, access_rows),
        access_rows / 10
    );
    let order = "ORDER BY created_at DESC, id DESC LIMIT 51";
    let mut queries = Vec::new();
    for (name, filter) in [
        ("audit: none", String::new()),
        ("audit: actor id", "actor_id = 7 AND ".into()),
        ("audit: actor name", "actor_name = 'editor7' AND ".into()),
        ("audit: entity", "entity = 'book' AND ".into()),
        ("audit: action", "action = 'order.refund' AND ".into()),
        (
            "audit: time range",
            format!(
                "created_at >= {} AND created_at < {} AND ",
                END_MS - 86_400_000 * 30,
                END_MS - 86_400_000 * 20
            ),
        ),
    ] {
        queries.push((
            format!("{name}, first page"),
            format!("SELECT * FROM audit_log WHERE {filter}1 = 1 {order}"),
        ));
        queries.push((
            format!("{name}, deep page"),
            format!(
                "SELECT * FROM audit_log WHERE {filter}(created_at, id) < {audit_cursor} {order}"
            ),
        ));
    }
    for (name, filter) in [
        ("access: none", String::new()),
        ("access: user", "user_id = 4242 AND ".into()),
        ("access: address", format!("ip = '{}' AND ", address(4242))),
        ("access: method", "method = 'DELETE' AND ".into()),
        ("access: route", "route = '/api/books/{id}' AND ".into()),
        ("access: status code", "status = 404 AND ".into()),
        ("access: status class", "status / 100 = 5 AND ".into()),
        (
            "access: time range",
            format!(
                "created_at >= {} AND created_at < {} AND ",
                END_MS - 86_400_000 * 10,
                END_MS - 86_400_000 * 9
            ),
        ),
        (
            "access: route and status",
            "route = '/api/search' AND status / 100 = 4 AND ".into(),
        ),
    ] {
        queries.push((
            format!("{name}, first page"),
            format!("SELECT * FROM access_log WHERE {filter}1 = 1 {order}"),
        ));
        queries.push((
            format!("{name}, deep page"),
            format!(
                "SELECT * FROM access_log WHERE {filter}(created_at, id) < {access_cursor} {order}"
            ),
        ));
    }
    queries
}

#[derive(Debug, Args)]
pub struct LogsPlanArgs {
    /// The data folder `logs-seed` filled.
    #[arg(long)]
    pub data_dir: PathBuf,
    /// The row counts it was seeded with (for the cursors).
    #[arg(long, default_value_t = 1_000_000)]
    pub audit_rows: u64,
    #[arg(long, default_value_t = 5_000_000)]
    pub access_rows: u64,
}

/// Prints `EXPLAIN QUERY PLAN` of every list query, and how long each takes here (best of 5).
pub async fn plan(args: LogsPlanArgs) -> anyhow::Result<()> {
    let db = open(&args.data_dir.join("tingshu.db")).await?;
    for (name, sql) in plan_queries(args.audit_rows, args.access_rows) {
        let rows = db
            .query_all_raw(Statement::from_string(
                DbBackend::Sqlite,
                format!("EXPLAIN QUERY PLAN {sql}"),
            ))
            .await?;
        let steps: Vec<String> = rows
            .iter()
            .filter_map(|row| row.try_get_by_index::<String>(3).ok())
            .collect();
        let mut best = std::time::Duration::MAX;
        for _ in 0..5 {
            let started = Instant::now();
            db.query_all_raw(Statement::from_string(DbBackend::Sqlite, sql.clone()))
                .await?;
            best = best.min(started.elapsed());
        }
        println!(
            "{name:<40} {:>8.2} ms  {}",
            best.as_secs_f64() * 1000.0,
            steps.join(" | ")
        );
    }
    Ok(())
}

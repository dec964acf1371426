//! High-volume records (the search log, the access log, behaviour events, anti-crawler
//! reports): queued in a bounded buffer and written in batches, so a listener's request never
//! waits for them or fails because of them. What could not be queued or written is counted,
//! never lost silently.
use std::{
    marker::PhantomData,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
    time::Duration,
};

use sea_orm::{
    ActiveModelTrait, ConnectionTrait, DbBackend, DbErr, EntityName, EntityTrait, IdenStatic,
    Iterable, Statement, Value,
};
use serde::Serialize;
use tokio::{sync::mpsc, task::JoinHandle};

use super::Writer;

/// How many rows one insert carries at most. The insert runs on the one writer connection's
/// thread without a break: 1,024 rows were about 5 ms of one of two cores (5 µs a row), long
/// enough to double the listeners' p99 under 5,000 behaviour events a second; 256 rows took a
/// fifth off it, at a few per cent of the catalogue's closed-loop rate (BENCHMARKS.md, 2026-12-04).
const BATCH: usize = 256;
/// How long a batch that is not full waits for more rows at most before it is written. Each
/// commit makes every reading connection of SQLite drop its cache of pages (in WAL mode a
/// reader that sees a newer commit starts again from the file), so under load fewer, fuller
/// transactions keep the listeners' queries in memory: at 200 rows/s, two commits a second
/// instead of forty. A full batch is written at once, so a burst never waits here.
const LINGER: Duration = Duration::from_millis(500);
/// How often a lingering batch takes what arrived: the writer wakes this often, not per row.
const LINGER_STEP: Duration = Duration::from_millis(25);

/// Counters of one queue, as `/readyz` shows them.
#[derive(Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RecordCounts {
    /// Rows stored.
    pub written: u64,
    /// Rows dropped: the buffer was full, or their batch could not be written.
    pub dropped: u64,
}

#[derive(Default)]
struct Counters {
    written: AtomicU64,
    dropped: AtomicU64,
}

/// The sending side of a record queue; cheap to clone.
pub struct RecordQueue<A: ActiveModelTrait> {
    sender: mpsc::Sender<A>,
    counters: Arc<Counters>,
    _rows: PhantomData<fn(A)>,
}

impl<A: ActiveModelTrait> Clone for RecordQueue<A> {
    fn clone(&self) -> Self {
        Self {
            sender: self.sender.clone(),
            counters: self.counters.clone(),
            _rows: PhantomData,
        }
    }
}

impl<A> RecordQueue<A>
where
    A: ActiveModelTrait + Send + Sync + 'static,
    <A as ActiveModelTrait>::Entity: EntityTrait,
{
    /// Starts the queue's writer task; it ends after every sender is dropped and the buffer
    /// is written (await the handle at shutdown).
    pub fn start(writer: Writer, capacity: usize, name: &'static str) -> (Self, JoinHandle<()>) {
        let (sender, receiver) = mpsc::channel(capacity);
        let counters = Arc::new(Counters::default());
        let task = tokio::spawn(write_batches(writer, receiver, counters.clone(), name));
        let queue = Self {
            sender,
            counters,
            _rows: PhantomData,
        };
        (queue, task)
    }

    /// Queues a row without waiting; when the buffer is full the row is dropped and counted.
    pub fn push(&self, row: A) {
        if self.sender.try_send(row).is_err() {
            self.counters.dropped.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Rows waiting to be written now.
    pub fn depth(&self) -> usize {
        self.sender.max_capacity() - self.sender.capacity()
    }

    /// Rows written and dropped so far.
    pub fn counts(&self) -> RecordCounts {
        RecordCounts {
            written: self.counters.written.load(Ordering::Relaxed),
            dropped: self.counters.dropped.load(Ordering::Relaxed),
        }
    }
}

/// Adds what arrives to `batch` until it is full, [`LINGER`] has passed or every sender is
/// gone, taking the rows every [`LINGER_STEP`].
async fn linger<A>(receiver: &mut mpsc::Receiver<A>, batch: &mut Vec<A>) {
    let until = tokio::time::Instant::now() + LINGER;
    while batch.len() < BATCH && tokio::time::Instant::now() < until {
        tokio::time::sleep(LINGER_STEP).await;
        while batch.len() < BATCH {
            match receiver.try_recv() {
                Ok(row) => batch.push(row),
                Err(mpsc::error::TryRecvError::Empty) => break,
                Err(mpsc::error::TryRecvError::Disconnected) => return,
            }
        }
    }
}

async fn write_batches<A>(
    writer: Writer,
    mut receiver: mpsc::Receiver<A>,
    counters: Arc<Counters>,
    name: &'static str,
) where
    A: ActiveModelTrait + Send + Sync + 'static,
{
    let mut batch = Vec::with_capacity(BATCH);
    let mut text = InsertText::default();
    while receiver.recv_many(&mut batch, BATCH).await > 0 {
        linger(&mut receiver, &mut batch).await;
        let rows = batch.len() as u64;
        // Every batch is one transaction: all its rows are stored, or none and they are counted.
        let written = async {
            let txn = writer.begin().await?;
            let insert = text.insert(txn.get_database_backend(), &mut batch)?;
            txn.execute_raw(insert).await?;
            txn.commit().await
        };
        match written.await {
            Ok(()) => {
                counters.written.fetch_add(rows, Ordering::Relaxed);
            }
            Err(error) => {
                counters.dropped.fetch_add(rows, Ordering::Relaxed);
                tracing::warn!(%error, rows, queue = name, "cannot write queued records; dropped");
                // Let a full disk or a restarting database breathe before the next batch.
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    }
}

/// The `INSERT` of a batch, its text kept for the size it was made for: the queues write full
/// batches again and again, and building the statement of a thousand rows through sea-query,
/// one expression per value, was half of the writer task's CPU under the audio Range load
/// (BENCHMARKS.md). No `RETURNING`: the keys of a thousand rows would come back from SQLite's
/// thread one message each, for nobody to read.
#[derive(Default)]
struct InsertText {
    /// What the text was made for: the batch's size and the columns its first row set.
    rows: usize,
    columns: Vec<&'static str>,
    sql: String,
}

impl InsertText {
    /// The statement that inserts the rows of `batch` (taking them), with the columns the first
    /// row sets; a later row that leaves one of them unset is an error and nothing is written.
    fn insert<A: ActiveModelTrait>(
        &mut self,
        backend: DbBackend,
        batch: &mut Vec<A>,
    ) -> Result<Statement, DbErr> {
        let columns: Vec<_> = <A::Entity as EntityTrait>::Column::iter()
            .filter(|column| batch.first().is_some_and(|row| !row.is_not_set(*column)))
            .collect();
        let rows = batch.len();
        let mut values = Vec::with_capacity(rows * columns.len());
        for mut row in batch.drain(..) {
            for column in &columns {
                let value: Option<Value> = row.take(*column).into_value();
                values.push(value.ok_or_else(|| {
                    DbErr::Custom(format!("a queued row leaves `{}` unset", column.as_str()))
                })?);
            }
        }
        let names = || columns.iter().map(|column| column.as_str());
        if self.rows != rows || !self.columns.iter().copied().eq(names()) {
            self.columns = names().collect();
            let table = A::Entity::default().table_name();
            self.sql = insert_sql(backend, table, &self.columns, rows);
            self.rows = rows;
        }
        Ok(Statement::from_sql_and_values(
            backend,
            self.sql.clone(),
            values,
        ))
    }
}

/// `INSERT INTO "table" ("a", "b") VALUES (?, ?), (?, ?)…` for `rows` rows, with PostgreSQL's
/// numbered placeholders there (`$1`, `$2`…).
fn insert_sql(backend: DbBackend, table: &str, columns: &[&str], rows: usize) -> String {
    use std::fmt::Write;
    let mut sql = format!("INSERT INTO \"{table}\" (");
    for (i, column) in columns.iter().enumerate() {
        let comma = if i == 0 { "" } else { ", " };
        let _ = write!(sql, "{comma}\"{column}\"");
    }
    sql.push_str(") VALUES ");
    let mut placeholder = 0;
    for row in 0..rows {
        sql.push_str(if row == 0 { "(" } else { ", (" });
        for i in 0..columns.len() {
            placeholder += 1;
            let comma = if i == 0 { "" } else { ", " };
            let _ = match backend {
                DbBackend::Postgres => write!(sql, "{comma}${placeholder}"),
                _ => write!(sql, "{comma}?"),
            };
        }
        sql.push(')');
    }
    sql
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_insert_names_each_column_and_has_a_placeholder_per_value_in_each_dialect() {
        assert_eq!(
            insert_sql(DbBackend::Sqlite, "access_log", &["a", "b"], 2),
            r#"INSERT INTO "access_log" ("a", "b") VALUES (?, ?), (?, ?)"#
        );
        assert_eq!(
            insert_sql(DbBackend::Postgres, "t", &["a", "b", "c"], 2),
            r#"INSERT INTO "t" ("a", "b", "c") VALUES ($1, $2, $3), ($4, $5, $6)"#
        );
    }

    /// Two full batches (the second with the first's statement text) and a short one, each row
    /// stored with every value it was queued with.
    #[tokio::test]
    async fn full_and_short_batches_store_every_row_as_it_was_queued() {
        use sea_orm::{ActiveValue::NotSet, ConnectOptions, Database, IntoActiveModel, QueryOrder};

        use crate::entities::access_log;
        let mut options = ConnectOptions::new("sqlite::memory:");
        options.max_connections(1).min_connections(1);
        let conn = Database::connect(options).await.unwrap();
        conn.execute_unprepared(
            "CREATE TABLE access_log (id INTEGER PRIMARY KEY AUTOINCREMENT, \
             created_at INTEGER NOT NULL, user_id INTEGER, ip TEXT, method TEXT NOT NULL, \
             route TEXT NOT NULL, status INTEGER NOT NULL, latency_ms INTEGER NOT NULL, \
             bytes INTEGER NOT NULL)",
        )
        .await
        .unwrap();
        let (queue, task) = RecordQueue::start(Writer::new(conn.clone(), None), 4 * BATCH, "test");
        let expected: Vec<access_log::Model> = (0..2 * BATCH as i64 + 5)
            .map(|n| access_log::Model {
                id: n + 1,
                created_at: n,
                user_id: (n % 3 == 0).then_some(n as i32),
                ip: (n % 2 == 0).then(|| format!("10.0.{}.{}", n / 256, n % 256)),
                method: if n % 7 == 0 { "POST" } else { "GET" }.to_owned(),
                route: format!("/api/r/{n}"),
                status: 200 + (n % 5) as i32,
                latency_ms: (n * 3) as i32,
                bytes: n * 1_000_003,
            })
            .collect();
        // Queued before the writer first runs: two full batches and one of 5.
        for row in &expected {
            // Every column set, as the queues set them, but the key.
            queue.push(access_log::ActiveModel {
                id: NotSet,
                ..row.clone().into_active_model().reset_all()
            });
        }
        let counts = queue.counts();
        drop(queue);
        task.await.unwrap();
        assert_eq!(counts.dropped, 0);
        let stored = access_log::Entity::find()
            .order_by_asc(access_log::Column::Id)
            .all(&conn)
            .await
            .unwrap();
        assert_eq!(stored.len(), expected.len());
        for (stored, expected) in stored.iter().zip(&expected) {
            assert_eq!(stored, expected);
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_batch_waits_for_more_rows_until_full_or_the_linger_is_over() {
        let (sender, mut receiver) = mpsc::channel(4 * BATCH);
        let start = tokio::time::Instant::now();
        // Rows trickling in: taken until the linger is over, in one batch.
        let late = sender.clone();
        tokio::spawn(async move {
            for row in 1..=3 {
                tokio::time::sleep(Duration::from_millis(100)).await;
                late.send(row).await.unwrap();
            }
        });
        let mut batch = vec![0];
        linger(&mut receiver, &mut batch).await;
        assert_eq!(batch, [0, 1, 2, 3]);
        assert_eq!(start.elapsed(), LINGER);
        // A full batch goes at once.
        let start = tokio::time::Instant::now();
        let mut full: Vec<i32> = (0..BATCH as i32).collect();
        linger(&mut receiver, &mut full).await;
        assert_eq!(start.elapsed(), Duration::ZERO);
        // Filled while lingering: written once full, not at the linger's end.
        for row in 0..BATCH as i32 {
            sender.send(row).await.unwrap();
        }
        let mut filling = vec![-1];
        linger(&mut receiver, &mut filling).await;
        assert_eq!(filling.len(), BATCH);
        assert_eq!(start.elapsed(), LINGER_STEP);
        assert_eq!(
            receiver.len(),
            1,
            "what did not fit waits for the next batch"
        );
        // Every sender gone: no more lingering.
        drop(sender);
        let start = tokio::time::Instant::now();
        let mut last = Vec::new();
        linger(&mut receiver, &mut last).await;
        assert_eq!(last.len(), 1);
        assert_eq!(start.elapsed(), LINGER_STEP);
    }
}

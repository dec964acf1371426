//! High-volume records (the search log now; access and tracking logs later): queued in a
//! bounded buffer and written in batches, so a listener's request never waits for them or
//! fails because of them. What could not be queued or written is counted, never lost silently.
use std::{
    marker::PhantomData,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
    time::Duration,
};

use sea_orm::{ActiveModelTrait, EntityTrait};
use serde::Serialize;
use tokio::{sync::mpsc, task::JoinHandle};

use super::Writer;

/// How many rows one insert carries at most.
const BATCH: usize = 256;
/// How long a batch that is not full waits for more rows before it is written: under load one
/// transaction then carries many rows instead of each row taking one (at 5,000 rows/s, about 40
/// transactions a second instead of thousands on the one write path).
const LINGER: Duration = Duration::from_millis(25);

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

async fn write_batches<A>(
    writer: Writer,
    mut receiver: mpsc::Receiver<A>,
    counters: Arc<Counters>,
    name: &'static str,
) where
    A: ActiveModelTrait + Send + Sync + 'static,
{
    let mut batch = Vec::with_capacity(BATCH);
    while receiver.recv_many(&mut batch, BATCH).await > 0 {
        if batch.len() < BATCH {
            tokio::time::sleep(LINGER).await;
            while batch.len() < BATCH {
                match receiver.try_recv() {
                    Ok(row) => batch.push(row),
                    Err(_) => break,
                }
            }
        }
        let rows = batch.len() as u64;
        // Every batch is one transaction: all its rows are stored, or none and they are counted.
        let written = async {
            let txn = writer.begin().await?;
            A::Entity::insert_many(batch.drain(..)).exec(&txn).await?;
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

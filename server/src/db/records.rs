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

use sea_orm::{ActiveModelTrait, EntityTrait};
use serde::Serialize;
use tokio::{sync::mpsc, task::JoinHandle};

use super::Writer;

/// How many rows one insert carries at most.
const BATCH: usize = 1024;
/// How long a batch that is not full waits for more rows at most before it is written. Each
/// commit makes every reading connection of SQLite drop its cache of pages (in WAL mode a
/// reader that sees a newer commit starts again from the file), so under load fewer, fuller
/// transactions keep the listeners' queries in memory: at 1,500 rows/s, two commits a second
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
    while receiver.recv_many(&mut batch, BATCH).await > 0 {
        linger(&mut receiver, &mut batch).await;
        let rows = batch.len() as u64;
        // Every batch is one transaction: all its rows are stored, or none and they are counted.
        let written = async {
            let txn = writer.begin().await?;
            // Without `RETURNING`: the keys of a thousand rows would come back from SQLite's
            // thread one message each, for nobody to read.
            A::Entity::insert_many(batch.drain(..))
                .exec_without_returning(&txn)
                .await?;
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

#[cfg(test)]
mod tests {
    use super::*;

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

//! What happened: the audit log read back, the access log (written by the edge's middleware
//! through a record queue, rolled up and trimmed by the retention) and the security page's
//! events, throttles and replayed sessions.
pub mod access;
pub mod access_list;
pub mod audit_list;
pub mod keyset;
pub mod retention;
pub mod security;

use crate::{
    db::{records::RecordQueue, Db},
    entities::access_log,
};

/// Access rows waiting to be written at most; beyond, new rows are dropped and counted.
pub const ACCESS_LOG_CAPACITY: usize = 10_000;

/// The feature's handle; cheap to clone.
#[derive(Clone)]
pub struct Activity {
    pub db: Db,
    /// Requests made, written in batches (the edge's middleware queues them).
    pub access_log: RecordQueue<access_log::ActiveModel>,
}

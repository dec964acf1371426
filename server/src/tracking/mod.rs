//! Behaviour tracking (spec §3, §7; DESIGN §7, §8a): events checked by core's
//! `validateBehaviorEvent` and queued for batch writes (never slowing or failing a request),
//! Do-Not-Track, Global Privacy Control and the listener's own setting honoured, a daily
//! visitor hash instead of an address; a listener's explicit preferences and own figures;
//! the daily rollup and the retention of raw events.
pub mod events;
pub mod preferences;
pub mod retention;
pub mod stats;
pub mod visitor;

use std::sync::Arc;

use crate::{
    db::{records::RecordQueue, Db},
    entities::behavior_event,
};

/// Events waiting to be written at most; beyond, new ones are dropped and counted.
pub const EVENT_QUEUE_CAPACITY: usize = 20_000;

/// The feature's handle; cheap to clone.
#[derive(Clone)]
pub struct Tracking {
    pub db: Db,
    /// Events accepted, written in batches.
    pub events: RecordQueue<behavior_event::ActiveModel>,
    /// The key of the daily visitor hashes (derived from the server's secret).
    pub visitor_key: Arc<[u8]>,
}

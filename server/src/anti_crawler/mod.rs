//! Anti-crawler protection (spec §7, §9; DESIGN §7): every API answer carries the client's
//! challenge code and difficulty; a client over its budget on the catalogue, search and audio
//! is refused with a challenge until it presents a proof of work, which buys a pass with its
//! own budget; verified search-engine crawlers pass under their own limit; browsers' detection
//! reports are stored and raise the reporter's difficulty.
pub mod challenge;
pub mod crawlers;
pub mod gate;
pub mod guard;
pub mod pressure;
pub mod reports;

use std::sync::Arc;

pub use gate::Gate;
pub use reports::Reports;

/// The feature's handle; cheap to clone.
#[derive(Clone)]
pub struct AntiCrawler {
    /// Budgets, proofs, passes and difficulty (no database; the guard's only need).
    pub gate: Arc<Gate>,
    /// Detection reports, queued for batch writes and listed for the console.
    pub reports: Reports,
}

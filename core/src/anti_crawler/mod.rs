//! Anti-crawler rules (spec §4, §7, §9): how hard the proof of work is, what the browser's
//! detectors decide, and the reports browsers send.
pub mod detection;
pub mod difficulty;
pub mod report;

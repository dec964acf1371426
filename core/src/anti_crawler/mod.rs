//! Anti-crawler rules (spec §4, §7, §9): how hard the proof of work is, and the detection
//! reports browsers send.
pub mod difficulty;
pub mod report;

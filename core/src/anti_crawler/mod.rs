//! Anti-crawler rules: what the browser's detectors decide (`detection`).
pub mod detection;

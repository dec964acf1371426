//! Authentication rules: validating the stored session and timing token refreshes.

pub mod refresh;
pub mod stored;

//! Time zone rules.

pub mod input;
pub mod timezone;

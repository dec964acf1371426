//! Time zone rules.

pub mod timezone;

//! Route-level rules: locale prefixes and navigation guards.

pub mod guard;
pub mod locale;

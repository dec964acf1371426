//! Route-level rules: locale prefixes, navigation guards and record ids in paths.

pub mod guard;
pub mod locale;
pub mod record_id;

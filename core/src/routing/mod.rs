//! Route-level rules: locale prefixes, navigation guards, record ids in paths and redirects.

pub mod guard;
pub mod layout;
pub mod locale;
pub mod record_id;
pub mod redirect;

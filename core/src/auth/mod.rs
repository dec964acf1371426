//! Authentication rules: the stored session, refresh timing, account forms, access and login throttling.

pub mod access;
pub mod account;
pub mod account_state;
pub mod kinds;
pub mod messages;
pub mod refresh;
pub mod stored;
pub mod throttle;

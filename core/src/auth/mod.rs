//! Authentication rules: the stored session, refresh timing, account forms, access, login
//! throttling and device cookies.

pub mod access;
pub mod account;
pub mod account_state;
pub mod device;
pub mod kinds;
pub mod messages;
pub mod refresh;
pub mod roles;
pub mod stored;
pub mod throttle;

//! sea-orm entities, one module per table; only repository modules use them.
pub mod auth_event;
pub mod feedback;
pub mod permission;
pub mod refresh_token;
pub mod role;
pub mod role_permission;
pub mod session;
pub mod user;
pub mod user_role;

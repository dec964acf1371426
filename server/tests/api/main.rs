//! Integration tests: the real application over real HTTP, a fresh database per test.
mod access_matrix;
mod auth;
mod errors;
mod feedback;
mod health;
mod helpers;
mod i18n;
mod spa;

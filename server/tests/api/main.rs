//! Integration tests: the real application over real HTTP, a fresh database per test.
mod abuse;
mod access_matrix;
mod audio;
mod auth;
mod catalog;
mod console;
mod contract;
mod edge;
mod errors;
mod feedback;
mod health;
mod helpers;
mod i18n;
mod library;
mod search;
mod spa;
mod writes;

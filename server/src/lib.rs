//! The Tingshu server as a library, so tests start the real application over HTTP.
pub mod accounts;
pub mod auth;
pub mod cli;
pub mod config;
pub mod db;
pub mod entities;
pub mod error;
pub mod extract;
pub mod feedback;
pub mod i18n;
pub mod routes;
pub mod seed;
pub mod startup;
pub mod state;
pub mod telemetry;

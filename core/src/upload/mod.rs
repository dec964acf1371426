//! Uploads in the console: which files each kind accepts (by name, declared type and bytes),
//! and whether a failed upload is worth trying again.

pub mod formats;
pub mod retry;

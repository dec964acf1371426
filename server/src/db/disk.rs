//! The disk reserve: writes are refused (503) before they start while the disk holding the
//! SQLite database has less free space than the reserve, so a full disk never half-writes.
use std::{path::PathBuf, sync::Arc};

use sea_orm::{DbErr, RuntimeErr};

/// The folder whose file system holds the database, and the free bytes it must keep.
#[derive(Debug, Clone)]
pub struct DiskReserve {
    folder: Arc<PathBuf>,
    min_free_bytes: u64,
}

/// The message a write refused by the reserve carries (matched by `classify`).
pub const DISK_FULL: &str = "database or disk is full (below the free-space reserve)";

impl DiskReserve {
    pub fn new(folder: PathBuf, min_free_bytes: u64) -> Self {
        Self {
            folder: Arc::new(folder),
            min_free_bytes,
        }
    }

    /// Bytes an unprivileged process may still write there.
    pub fn free_bytes(&self) -> std::io::Result<u64> {
        let stats = rustix::fs::statvfs(self.folder.as_path())?;
        Ok(stats.f_bavail.saturating_mul(stats.f_frsize))
    }

    /// Ok while the free space is at least the reserve (or cannot be read).
    pub fn check(&self) -> Result<(), DbErr> {
        match self.free_bytes() {
            Ok(free) if free < self.min_free_bytes => {
                Err(DbErr::Exec(RuntimeErr::Internal(DISK_FULL.to_owned())))
            }
            _ => Ok(()),
        }
    }
}

//! A small tmpfs as the data disk of one test (it needs root, as CI has): the disk-full tests of
//! the write path and of uploads run the application on it.
use std::path::PathBuf;

use crate::helpers::{spawn_app_with, TestApp};

/// A small tmpfs mounted for one test (needs root); unmounted when dropped.
pub struct Tmpfs {
    dir: tempfile::TempDir,
}

impl Tmpfs {
    fn mount(size_mib: u64) -> Option<Self> {
        let dir = tempfile::tempdir().ok()?;
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size_mib}m"), "tmpfs"])
            .arg(dir.path())
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        mounted.then_some(Self { dir })
    }

    pub fn path(&self) -> PathBuf {
        self.dir.path().to_path_buf()
    }

    /// Fills the file system to `leave` free bytes with a filler file.
    pub fn fill(&self, leave: u64) -> PathBuf {
        use std::io::Write;
        let path = self.path().join("filler");
        let mut file = std::fs::File::create(&path).unwrap();
        for chunk in [1 << 20, 64 << 10, 4 << 10, 512] {
            let bytes = vec![7u8; chunk];
            while free_bytes(&self.path()) >= leave + chunk as u64 {
                if file.write_all(&bytes).is_err() {
                    break;
                }
            }
        }
        let _ = file.flush();
        path
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg("-l")
            .arg(self.dir.path())
            .status();
    }
}

pub fn free_bytes(path: &std::path::Path) -> u64 {
    let stats = rustix::fs::statvfs(path).unwrap();
    stats.f_bavail * stats.f_frsize
}

/// An app whose data folder and SQLite database live on `disk`.
pub async fn app_on(disk: &Tmpfs, min_free_disk_mb: u64) -> TestApp {
    let data_dir = disk.path().join("data");
    spawn_app_with(|config| {
        config.database_url = Some(
            format!("sqlite://{}/tingshu.db?mode=rwc", data_dir.display())
                .parse()
                .unwrap(),
        );
        config.data_dir = data_dir.clone();
        config.min_free_disk_mb = min_free_disk_mb;
    })
    .await
}

/// The disk tests use SQLite on a tmpfs they mount; PostgreSQL keeps its data elsewhere.
/// A small tmpfs for a disk test, or `None` on the PostgreSQL run (its data lives elsewhere).
pub fn test_disk(megabytes: u64) -> Option<Tmpfs> {
    if std::env::var("TEST_DATABASE_URL").is_ok_and(|url| !url.is_empty()) {
        eprintln!("skipped: the disk-full tests run on SQLite (the PostgreSQL run keeps its data elsewhere)");
        return None;
    }
    let disk = Tmpfs::mount(megabytes);
    assert!(
        disk.is_some(),
        "cannot mount a tmpfs for the disk tests (it needs root, as CI has)"
    );
    disk
}

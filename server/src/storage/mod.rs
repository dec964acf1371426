//! Where audio and images are kept: an `object_store` store chosen by `STORAGE_URL`.
//!
//! - absent: a folder on the local disk, `<DATA_DIR>/media` (the default);
//! - `s3://bucket[/prefix]`: an S3-compatible bucket, credentials and endpoint from the usual
//!   `AWS_*` variables (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_REGION`,
//!   `AWS_ENDPOINT`, `AWS_ALLOW_HTTP`);
//! - `memory://`: in memory, gone at exit (tests).
//!
//! Objects are named by storage keys (`audio/2026/11/<uuid>.mp3`): relative, `/`-separated,
//! never `..`. On the local disk the audio endpoint reads the file itself (positioned reads
//! of a file kept open, see `audio::files`); elsewhere it reads ranges through the store.
use std::{path::PathBuf, sync::Arc, time::Duration};

use anyhow::Context;
use object_store::{
    aws::AmazonS3Builder, local::LocalFileSystem, memory::InMemory, path::Path as Key,
    prefix::PrefixStore, ObjectStore, ObjectStoreExt, WriteMultipart,
};
use tokio::io::AsyncReadExt;

/// Which kind of store holds the files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum StorageKind {
    Local,
    S3,
    Memory,
}

/// The store of audio and images; cheap to clone (shared).
#[derive(Clone)]
pub struct Storage {
    store: Arc<dyn ObjectStore>,
    /// The local store again, for the paths of its files (the audio fast path).
    local: Option<Arc<LocalFileSystem>>,
    kind: StorageKind,
    /// Where the files are, for operators (a folder or a bucket; never a credential).
    location: String,
}

/// The part size of a multipart write to the store.
const PART_BYTES: usize = 8 * 1024 * 1024;
/// How long `/readyz` waits for the store.
const PROBE_WAIT: Duration = Duration::from_secs(3);
/// The key `/readyz` looks up: never written, so a reachable store answers "not found".
const PROBE_KEY: &str = "readyz-probe";

impl Storage {
    /// The store named by `url`, or the local folder `<data_dir>/media` when there is none.
    pub fn open(data_dir: &std::path::Path, url: Option<&str>) -> anyhow::Result<Self> {
        match url.map(str::trim).filter(|url| !url.is_empty()) {
            None => Self::local(&data_dir.join("media")),
            Some("memory://") => Ok(Self::memory()),
            Some(url) if url.starts_with("s3://") => Self::s3(url),
            Some(url) => anyhow::bail!(
                "STORAGE_URL {url:?} is not supported: use s3://bucket[/prefix] or leave it unset \
                 for the local disk"
            ),
        }
    }

    /// Files under `root` on the local disk (created when missing).
    pub fn local(root: &std::path::Path) -> anyhow::Result<Self> {
        std::fs::create_dir_all(root)
            .with_context(|| format!("cannot create the media folder {}", root.display()))?;
        let local = Arc::new(
            LocalFileSystem::new_with_prefix(root)
                .with_context(|| format!("cannot open {}", root.display()))?
                .with_automatic_cleanup(true),
        );
        Ok(Self {
            store: local.clone(),
            local: Some(local),
            kind: StorageKind::Local,
            location: root.display().to_string(),
        })
    }

    /// Files in memory (tests).
    pub fn memory() -> Self {
        Self {
            store: Arc::new(InMemory::new()),
            local: None,
            kind: StorageKind::Memory,
            location: "memory://".to_owned(),
        }
    }

    fn s3(url: &str) -> anyhow::Result<Self> {
        let rest = &url["s3://".len()..];
        let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
        anyhow::ensure!(!bucket.is_empty(), "STORAGE_URL {url:?} names no bucket");
        // The S3 client's TLS uses ring; installing it twice (another store) is harmless.
        let _ = rustls::crypto::ring::default_provider().install_default();
        // A store that does not answer is given up on within seconds (the default retries for
        // minutes), so a request and `/readyz` fail in time while it is away.
        let retry = object_store::RetryConfig {
            max_retries: 2,
            retry_timeout: Duration::from_secs(10),
            ..Default::default()
        };
        let bucket_store = AmazonS3Builder::from_env()
            .with_bucket_name(bucket)
            .with_retry(retry)
            .build()
            .with_context(|| format!("cannot use the bucket of STORAGE_URL {url:?}"))?;
        let prefix = prefix.trim_matches('/');
        let store: Arc<dyn ObjectStore> = if prefix.is_empty() {
            Arc::new(bucket_store)
        } else {
            Arc::new(PrefixStore::new(bucket_store, prefix))
        };
        Ok(Self {
            store,
            local: None,
            kind: StorageKind::S3,
            location: format!("s3://{bucket}/{prefix}"),
        })
    }

    pub fn kind(&self) -> StorageKind {
        self.kind
    }

    pub fn location(&self) -> &str {
        &self.location
    }

    /// The store itself, for reads and listings.
    pub fn store(&self) -> Arc<dyn ObjectStore> {
        self.store.clone()
    }

    /// Whether the store is the local disk.
    pub fn is_local(&self) -> bool {
        self.local.is_some()
    }

    /// The file of `key` when the store is the local disk (and the key is safe).
    pub fn local_path(&self, key: &str) -> Option<PathBuf> {
        let local = self.local.as_ref()?;
        local.path_to_filesystem(&storage_key(key)?).ok()
    }

    /// Writes the local file `from` as `key`, in parts (never whole in memory). On the local
    /// disk the file is moved when it can be (same disk), else copied.
    pub async fn put_file(&self, from: &std::path::Path, key: &str) -> anyhow::Result<()> {
        let location = storage_key(key).with_context(|| format!("unsafe storage key {key:?}"))?;
        if let Some(target) = self.local_path(key) {
            if let Some(parent) = target.parent() {
                tokio::fs::create_dir_all(parent).await?;
            }
            if tokio::fs::rename(from, &target).await.is_ok() {
                return Ok(());
            }
        }
        let file = tokio::fs::File::open(from)
            .await
            .with_context(|| format!("cannot read {}", from.display()))?;
        self.put_reader(file, &location).await
    }

    /// Writes `len` bytes of the local file `from` from `start` as `key`, in parts.
    pub async fn put_file_range(
        &self,
        from: &std::path::Path,
        start: u64,
        len: u64,
        key: &str,
    ) -> anyhow::Result<()> {
        use tokio::io::AsyncSeekExt;
        let location = storage_key(key).with_context(|| format!("unsafe storage key {key:?}"))?;
        let mut file = tokio::fs::File::open(from)
            .await
            .with_context(|| format!("cannot read {}", from.display()))?;
        file.seek(std::io::SeekFrom::Start(start)).await?;
        self.put_reader(file.take(len), &location).await
    }

    /// Writes what `reader` gives as `location`, in parts.
    async fn put_reader(
        &self,
        mut reader: impl tokio::io::AsyncRead + Unpin,
        location: &Key,
    ) -> anyhow::Result<()> {
        let upload = self.store.put_multipart(location).await?;
        let mut writer = WriteMultipart::new_with_chunk_size(upload, PART_BYTES);
        let mut buffer = vec![0u8; 256 * 1024];
        loop {
            let read = match reader.read(&mut buffer).await {
                Ok(0) => break,
                Ok(read) => read,
                Err(error) => {
                    writer.abort().await.ok();
                    return Err(error.into());
                }
            };
            if let Err(error) = writer.wait_for_capacity(4).await {
                writer.abort().await.ok();
                return Err(error.into());
            }
            writer.write(&buffer[..read]);
        }
        writer.finish().await?;
        Ok(())
    }

    /// Appends the object `key` to the local file `to`, streamed (never whole in memory).
    pub async fn append_to_file(&self, key: &str, to: &mut tokio::fs::File) -> anyhow::Result<()> {
        use futures_util::StreamExt;
        use tokio::io::AsyncWriteExt;
        let location = storage_key(key).with_context(|| format!("unsafe storage key {key:?}"))?;
        let mut stream = self.store.get(&location).await?.into_stream();
        while let Some(bytes) = stream.next().await {
            to.write_all(&bytes?).await?;
        }
        to.flush().await?;
        Ok(())
    }

    /// The keys under `prefix` (a folder of keys).
    pub async fn keys_under(&self, prefix: &str) -> anyhow::Result<Vec<String>> {
        use futures_util::TryStreamExt;
        let location = storage_key(prefix).with_context(|| format!("unsafe prefix {prefix:?}"))?;
        let found: Vec<_> = self.store.list(Some(&location)).try_collect().await?;
        Ok(found
            .into_iter()
            .map(|meta| meta.location.to_string())
            .collect())
    }

    /// Writes `bytes` as `key` in one request (small files: image sizes, demo audio).
    pub async fn put_bytes(&self, key: &str, bytes: Vec<u8>) -> anyhow::Result<()> {
        let location = storage_key(key).with_context(|| format!("unsafe storage key {key:?}"))?;
        self.store.put(&location, bytes.into()).await?;
        Ok(())
    }

    /// The whole object `key` (small files: covers and their originals); `None` when absent.
    pub async fn read(&self, key: &str) -> anyhow::Result<Option<bytes::Bytes>> {
        let Some(location) = storage_key(key) else {
            return Ok(None);
        };
        match self.store.get(&location).await {
            Ok(found) => Ok(Some(found.bytes().await?)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(error) => Err(error.into()),
        }
    }

    /// Whether the store answers now (a lookup of a key that is never written); the reason
    /// when it does not (`/readyz`).
    pub async fn readiness(&self) -> Result<(), String> {
        match tokio::time::timeout(PROBE_WAIT, self.exists(PROBE_KEY)).await {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(error)) => Err(format!("the store does not answer: {error:#}")),
            Err(_) => Err(format!("the store did not answer within {PROBE_WAIT:?}")),
        }
    }

    /// Whether `key` exists.
    pub async fn exists(&self, key: &str) -> anyhow::Result<bool> {
        let Some(location) = storage_key(key) else {
            return Ok(false);
        };
        match self.store.head(&location).await {
            Ok(_) => Ok(true),
            Err(object_store::Error::NotFound { .. }) => Ok(false),
            Err(error) => Err(error.into()),
        }
    }

    /// Removes `key`; a key already gone is not an error.
    pub async fn delete(&self, key: &str) -> anyhow::Result<()> {
        let Some(location) = storage_key(key) else {
            return Ok(());
        };
        match self.store.delete(&location).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(error) => Err(error.into()),
        }
    }
}

/// `key` as an object path when it is relative, `/`-separated and without `.` or `..` parts.
pub fn storage_key(key: &str) -> Option<Key> {
    let safe = !key.is_empty()
        && !key.starts_with('/')
        && !key.contains('\\')
        && key
            .split('/')
            .all(|part| !part.is_empty() && part != "." && part != "..");
    safe.then(|| Key::parse(key).ok()).flatten()
}

/// Moves a data folder's `audio/` (where files were kept before the media store) to `media/`.
pub fn move_legacy_folder(data_dir: &std::path::Path) -> std::io::Result<()> {
    let legacy = data_dir.join("audio");
    let media = data_dir.join("media");
    if legacy.is_dir() && !media.exists() {
        std::fs::rename(legacy, media)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_stay_inside_the_store() {
        assert_eq!(storage_key("demo/a.wav").unwrap().as_ref(), "demo/a.wav");
        for bad in [
            "",
            "../jwt-secret",
            "demo/../../x",
            "/etc/passwd",
            "./a.wav",
            "a//b",
            "a\\b",
        ] {
            assert!(storage_key(bad).is_none(), "{bad}");
        }
    }

    #[tokio::test]
    async fn a_file_is_written_listed_and_removed_on_the_local_disk_and_in_memory() {
        let dir = tempfile::tempdir().unwrap();
        let local = Storage::local(&dir.path().join("media")).unwrap();
        for storage in [local, Storage::memory()] {
            let source = dir.path().join("source.bin");
            let bytes: Vec<u8> = (0..300_000u32).map(|i| (i % 251) as u8).collect();
            std::fs::write(&source, &bytes).unwrap();
            storage.put_file(&source, "audio/x/a.bin").await.unwrap();
            assert!(storage.exists("audio/x/a.bin").await.unwrap());
            let read = storage
                .store()
                .get(&storage_key("audio/x/a.bin").unwrap())
                .await
                .unwrap()
                .bytes()
                .await
                .unwrap();
            assert_eq!(read.as_ref(), bytes.as_slice());
            assert_eq!(
                storage.local_path("audio/x/a.bin").is_some(),
                storage.kind() == StorageKind::Local
            );
            storage.delete("audio/x/a.bin").await.unwrap();
            storage.delete("audio/x/a.bin").await.unwrap();
            assert!(!storage.exists("audio/x/a.bin").await.unwrap());
        }
    }

    #[test]
    fn an_unknown_scheme_is_refused_by_name() {
        let dir = tempfile::tempdir().unwrap();
        let error = Storage::open(dir.path(), Some("ftp://x"))
            .err()
            .unwrap()
            .to_string();
        assert!(error.contains("STORAGE_URL"), "{error}");
    }
}

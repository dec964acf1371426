//! Open audio files kept for a minute, and the tower-http file backend that reads them.
//!
//! tower-http's `ServeDir` does the HTTP work of a ranged file response; by default it opens
//! the file, reads its metadata, seeks and reads each chunk on tokio's blocking pool, several
//! thread hand-offs per request. Here a listener's stream of Range requests reuses one open
//! file: its length and modification time are read once, and each chunk is a positioned read
//! (`pread`) done in place. From the page cache that is a memory copy of microseconds (the
//! model of nginx without `aio threads`); a cold read waits for the disk on the worker.
//! The file is also mapped ([`MappedFile`]): the body of a response is a slice of the
//! mapping, which the connection sends from the file without a copy (`sendfile`); the
//! positioned reads remain for a file that cannot be mapped.
//!
//! A file replaced on disk under the same name is seen within [`OPEN_FILE_TTL`]; audio
//! assets are written once under a new storage key, so this does not happen in normal use.
use std::{
    future::{ready, Ready},
    io::{self, SeekFrom},
    os::unix::fs::FileExt,
    path::{Path, PathBuf},
    pin::Pin,
    sync::Arc,
    task::{Context, Poll},
    time::{Duration, SystemTime},
};

use moka::future::Cache;
use tokio::io::{AsyncRead, AsyncSeek, ReadBuf};
use tower_http::services::fs::{Backend, File, Metadata};

use crate::{metrics::CacheStats, serve::zero_copy::MappedFile};

/// How long a file stays open after it was opened.
pub const OPEN_FILE_TTL: Duration = Duration::from_secs(60);
/// How many files are kept open at most (each holds a file descriptor).
const OPEN_FILES_CAPACITY: u64 = 512;

/// An open audio file with the metadata read when it was opened.
#[derive(Debug)]
pub struct OpenAudioFile {
    file: Arc<std::fs::File>,
    pub meta: FileMeta,
    /// The whole file mapped, when it could be (not when empty).
    mapped: Option<Arc<MappedFile>>,
}

impl OpenAudioFile {
    /// The bytes `start..end` of the file without reading them (a slice of the mapping);
    /// `None` when the file is not mapped or the span is outside it.
    pub fn mapped_bytes(&self, start: u64, end: u64) -> Option<bytes::Bytes> {
        self.mapped.as_ref()?.bytes(start, end)
    }
}

/// Length and modification time of an open file.
#[derive(Debug, Clone, Copy)]
pub struct FileMeta {
    pub len: u64,
    pub modified: Option<SystemTime>,
}

impl Metadata for FileMeta {
    fn is_dir(&self) -> bool {
        false
    }

    fn modified(&self) -> io::Result<SystemTime> {
        self.modified
            .ok_or_else(|| io::Error::new(io::ErrorKind::Unsupported, "no modification time"))
    }

    fn len(&self) -> u64 {
        self.len
    }
}

/// The cache of open audio files; cheap to clone (shared).
#[derive(Clone)]
pub struct OpenFiles {
    cache: Cache<String, Arc<OpenAudioFile>>,
    stats: Arc<CacheStats>,
}

impl Default for OpenFiles {
    fn default() -> Self {
        Self {
            cache: Cache::builder()
                .max_capacity(OPEN_FILES_CAPACITY)
                .time_to_live(OPEN_FILE_TTL)
                .build(),
            stats: Arc::default(),
        }
    }
}

impl OpenFiles {
    /// Lookups and misses of this cache.
    pub fn stats(&self) -> &CacheStats {
        &self.stats
    }

    /// The open file of the storage key `key` (opened on the blocking pool at `path()`, the
    /// key's place on the disk, when not open yet); `NotFound` when there is no regular file
    /// there or no place for the key. Keyed by the storage key, so a file already open costs
    /// no path resolution and no allocation.
    pub async fn open(
        &self,
        key: &str,
        path: impl FnOnce() -> Option<PathBuf>,
    ) -> io::Result<Arc<OpenAudioFile>> {
        self.stats.looked_up();
        let stats = self.stats.clone();
        self.cache
            .try_get_with_by_ref(key, async move {
                stats.missed();
                let path = path().ok_or_else(|| {
                    io::Error::new(io::ErrorKind::NotFound, "no place on the disk for this key")
                })?;
                tokio::task::spawn_blocking(move || open_regular_file(&path))
                    .await
                    .map_err(io::Error::other)?
            })
            .await
            .map_err(|error: Arc<io::Error>| io::Error::new(error.kind(), error.to_string()))
    }
}

fn open_regular_file(path: &Path) -> io::Result<Arc<OpenAudioFile>> {
    let file = Arc::new(std::fs::File::open(path)?);
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            "not a regular file",
        ));
    }
    let mapped = MappedFile::map(&file, meta.len()).unwrap_or_else(|error| {
        tracing::warn!(%error, path = %path.display(), "cannot map an audio file; reading it instead");
        None
    });
    Ok(Arc::new(OpenAudioFile {
        file,
        mapped,
        meta: FileMeta {
            len: meta.len(),
            modified: meta.modified().ok(),
        },
    }))
}

/// A `ServeDir` backend serving one already open file, whatever path it is asked for.
#[derive(Clone)]
pub struct OneFile(pub Arc<OpenAudioFile>);

impl Backend for OneFile {
    type File = FileReader;
    type Metadata = FileMeta;
    type OpenFuture = Ready<io::Result<FileReader>>;
    type MetadataFuture = Ready<io::Result<FileMeta>>;

    fn open(&self, _path: PathBuf) -> Self::OpenFuture {
        ready(Ok(FileReader {
            open: self.0.clone(),
            position: 0,
        }))
    }

    fn metadata(&self, _path: PathBuf) -> Self::MetadataFuture {
        ready(Ok(self.0.meta))
    }
}

/// A read cursor over a shared open file (positioned reads, so cursors never disturb each other).
pub struct FileReader {
    open: Arc<OpenAudioFile>,
    position: u64,
}

impl AsyncRead for FileReader {
    fn poll_read(
        mut self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let position = self.position;
        let read = self
            .open
            .file
            .read_at(buf.initialize_unfilled(), position)?;
        buf.advance(read);
        self.position += read as u64;
        Poll::Ready(Ok(()))
    }
}

impl AsyncSeek for FileReader {
    fn start_seek(mut self: Pin<&mut Self>, to: SeekFrom) -> io::Result<()> {
        let invalid = || io::Error::new(io::ErrorKind::InvalidInput, "seek outside the file");
        self.position = match to {
            SeekFrom::Start(offset) => offset,
            SeekFrom::End(delta) => self
                .open
                .meta
                .len
                .checked_add_signed(delta)
                .ok_or_else(invalid)?,
            SeekFrom::Current(delta) => self
                .position
                .checked_add_signed(delta)
                .ok_or_else(invalid)?,
        };
        Ok(())
    }

    fn poll_complete(self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<io::Result<u64>> {
        Poll::Ready(Ok(self.position))
    }
}

impl File for FileReader {
    type Metadata = FileMeta;
    type MetadataFuture<'a> = Ready<io::Result<FileMeta>>;

    fn metadata(&self) -> Self::MetadataFuture<'_> {
        ready(Ok(self.open.meta))
    }
}

#[cfg(test)]
mod tests {
    use tokio::io::{AsyncReadExt, AsyncSeekExt};

    use super::*;

    #[tokio::test]
    async fn readers_share_one_open_file_and_keep_their_own_position() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.bin");
        std::fs::write(&path, b"0123456789").unwrap();
        let files = OpenFiles::default();
        let at = || Some(path.clone());
        let open = files.open("a.bin", at).await.unwrap();
        assert_eq!(open.meta.len, 10);
        // Removing the name does not close what is open: the cached handle still reads.
        std::fs::remove_file(&path).unwrap();
        let again = files.open("a.bin", at).await.unwrap();
        assert!(Arc::ptr_eq(&open, &again));

        let backend = OneFile(open);
        let mut first = backend.open(PathBuf::from("ignored")).await.unwrap();
        let mut second = backend.open(PathBuf::from("ignored")).await.unwrap();
        first.seek(SeekFrom::Start(4)).await.unwrap();
        second.seek(SeekFrom::End(-2)).await.unwrap();
        let mut out = [0u8; 3];
        first.read_exact(&mut out).await.unwrap();
        assert_eq!(&out, b"456");
        let mut rest = Vec::new();
        second.read_to_end(&mut rest).await.unwrap();
        assert_eq!(rest, b"89");
        assert!(first.seek(SeekFrom::Current(-100)).await.is_err());
    }

    #[tokio::test]
    async fn a_missing_file_or_a_folder_is_not_found() {
        let dir = tempfile::tempdir().unwrap();
        let files = OpenFiles::default();
        let missing = files
            .open("nope.wav", || Some(dir.path().join("nope.wav")))
            .await
            .unwrap_err();
        assert_eq!(missing.kind(), io::ErrorKind::NotFound);
        let folder = files
            .open("folder", || Some(dir.path().to_path_buf()))
            .await
            .unwrap_err();
        assert_eq!(folder.kind(), io::ErrorKind::NotFound);
        let nowhere = files.open("../up", || None).await.unwrap_err();
        assert_eq!(nowhere.kind(), io::ErrorKind::NotFound);
    }
}

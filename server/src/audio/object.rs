//! Audio kept in an object store other than the local disk (S3, memory): the object's size
//! and date read once a minute, and a tower-http file backend reading ranges of it through
//! `object_store`'s buffered reader.
use std::{
    future::{ready, Ready},
    io::{self, SeekFrom},
    path::PathBuf,
    pin::Pin,
    sync::Arc,
    task::{Context, Poll},
};

use moka::future::Cache;
use object_store::{buffered::BufReader, ObjectMeta, ObjectStore, ObjectStoreExt};
use sync_wrapper::SyncWrapper;
use tokio::io::{AsyncRead, AsyncSeek, ReadBuf};
use tower_http::services::fs::{Backend, File};

use super::files::{FileMeta, OPEN_FILE_TTL};
use crate::metrics::CacheStats;

/// How many objects' metadata are kept at most.
const OBJECTS_CAPACITY: u64 = 4096;
/// Bytes fetched from the store per read request (a player asks for ranges of this order).
const READ_BYTES: usize = 256 * 1024;

/// A stored object with its metadata.
#[derive(Clone)]
pub struct StoredObject {
    pub store: Arc<dyn ObjectStore>,
    pub meta: Arc<ObjectMeta>,
}

impl StoredObject {
    pub fn file_meta(&self) -> FileMeta {
        FileMeta {
            len: self.meta.size,
            modified: Some(self.meta.last_modified.into()),
        }
    }
}

/// The metadata of recently served objects; cheap to clone (shared).
#[derive(Clone)]
pub struct StoredObjects {
    cache: Cache<String, Arc<ObjectMeta>>,
    stats: Arc<CacheStats>,
}

impl Default for StoredObjects {
    fn default() -> Self {
        Self {
            cache: Cache::builder()
                .max_capacity(OBJECTS_CAPACITY)
                .time_to_live(OPEN_FILE_TTL)
                .build(),
            stats: Arc::default(),
        }
    }
}

impl StoredObjects {
    /// Lookups and misses of this cache.
    pub fn stats(&self) -> &CacheStats {
        &self.stats
    }

    /// The object `key` of `store` (its metadata asked for at most once a minute);
    /// `NotFound` when there is none.
    pub async fn open(&self, store: Arc<dyn ObjectStore>, key: &str) -> io::Result<StoredObject> {
        let location = crate::storage::storage_key(key)
            .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "unsafe storage key"))?;
        let reader = store.clone();
        self.stats.looked_up();
        let stats = self.stats.clone();
        let meta = self
            .cache
            .try_get_with(key.to_owned(), async move {
                stats.missed();
                reader.head(&location).await.map(Arc::new)
            })
            .await
            .map_err(|error| match error.as_ref() {
                object_store::Error::NotFound { .. } => {
                    io::Error::new(io::ErrorKind::NotFound, error.to_string())
                }
                _ => io::Error::other(error.to_string()),
            })?;
        Ok(StoredObject { store, meta })
    }
}

/// A `ServeDir` backend serving one stored object, whatever path it is asked for.
#[derive(Clone)]
pub struct OneObject(pub StoredObject);

impl Backend for OneObject {
    type File = ObjectReader;
    type Metadata = FileMeta;
    type OpenFuture = Ready<io::Result<ObjectReader>>;
    type MetadataFuture = Ready<io::Result<FileMeta>>;

    fn open(&self, _path: PathBuf) -> Self::OpenFuture {
        let object = &self.0;
        let reader = BufReader::with_capacity(object.store.clone(), &object.meta, READ_BYTES);
        ready(Ok(ObjectReader {
            reader: SyncWrapper::new(reader),
            meta: object.file_meta(),
        }))
    }

    fn metadata(&self, _path: PathBuf) -> Self::MetadataFuture {
        ready(Ok(self.0.file_meta()))
    }
}

/// A read cursor over a stored object (ranges fetched as they are read).
pub struct ObjectReader {
    /// The reader holds a pending fetch, which is `Send` but not `Sync`; it is only ever
    /// used through `&mut`, which `SyncWrapper` makes shareable.
    reader: SyncWrapper<BufReader>,
    meta: FileMeta,
}

impl AsyncRead for ObjectReader {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(self.get_mut().reader.get_mut()).poll_read(cx, buf)
    }
}

impl AsyncSeek for ObjectReader {
    fn start_seek(self: Pin<&mut Self>, to: SeekFrom) -> io::Result<()> {
        Pin::new(self.get_mut().reader.get_mut()).start_seek(to)
    }

    fn poll_complete(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<u64>> {
        Pin::new(self.get_mut().reader.get_mut()).poll_complete(cx)
    }
}

impl File for ObjectReader {
    type Metadata = FileMeta;
    type MetadataFuture<'a> = Ready<io::Result<FileMeta>>;

    fn metadata(&self) -> Self::MetadataFuture<'_> {
        ready(Ok(self.meta))
    }
}

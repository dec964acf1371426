//! Audio sent from the page cache: mapped file regions leave through `sendfile`, never
//! copied into the process and out again.
//!
//! hyper writes a response body as the `Bytes` it is given and has no way to send a file
//! (hyperium/hyper#3026). So an audio body is a slice of a [`MappedFile`] (a read-only
//! memory map of the open file, registered here by its address range), and the connection's
//! stream, [`ZeroCopyStream`], recognises such a slice by its address when hyper writes it
//! and has the kernel send the same bytes from the file instead (`sendfile`, as nginx does).
//! Everything else is written as usual. A reader that is not a [`ZeroCopyStream`] (a test
//! calling the router directly, a compressing layer) reads the mapping as ordinary memory:
//! the bytes on the wire are the same either way.
//!
//! Audio files are written once under a new storage key and never changed in place; a file
//! truncated under a live mapping would fault a reader of the memory, which the `sendfile`
//! path never is (it does not touch the mapping's pages at all).
use std::{
    collections::BTreeMap,
    fs::File,
    io::{self, IoSlice},
    pin::Pin,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc, PoisonError, RwLock,
    },
    task::{ready, Context, Poll},
};

use bytes::Bytes;
use tokio::{
    io::{AsyncRead, AsyncWrite, Interest, ReadBuf},
    net::TcpStream,
};

/// Slices shorter than this are written as memory: a second system call would cost more
/// than the copy it saves (response headers and JSON never come near it).
const MIN_ZERO_COPY: usize = 16 * 1024;

/// Bytes sent with `sendfile` by every connection since the start (`/metrics`).
static SENT_FROM_FILES: AtomicU64 = AtomicU64::new(0);

/// How many bytes all connections have sent straight from files since the start.
pub fn bytes_sent_from_files() -> u64 {
    SENT_FROM_FILES.load(Ordering::Relaxed)
}

/// The live mappings by start address: where each ends and the file it maps from offset 0.
static MAPPED: RwLock<BTreeMap<usize, Region>> = RwLock::new(BTreeMap::new());

struct Region {
    end: usize,
    file: Arc<File>,
}

/// A whole file mapped read-only into memory and registered for [`ZeroCopyStream`] while
/// it lives; its [`Bytes`] slices share the mapping.
#[derive(Debug)]
pub struct MappedFile {
    map: memmap2::Mmap,
}

impl MappedFile {
    /// Maps the first `len` bytes of `file` (its length when opened); `None` for an empty
    /// file, which has nothing to map.
    pub fn map(file: &Arc<File>, len: u64) -> io::Result<Option<Arc<Self>>> {
        if len == 0 {
            return Ok(None);
        }
        let len = usize::try_from(len).map_err(io::Error::other)?;
        // SAFETY: the mapping is read-only and audio files are never changed in place (see
        // the module's comment); the file stays open for as long as the map is registered.
        let map = unsafe { memmap2::MmapOptions::new().len(len).map(file.as_ref())? };
        let start = map.as_ptr() as usize;
        let region = Region {
            end: start + map.len(),
            file: file.clone(),
        };
        registry_write().insert(start, region);
        Ok(Some(Arc::new(Self { map })))
    }

    /// The bytes `start..end` of the file, sharing the mapping (no copy); `None` when the
    /// span is not inside it.
    pub fn bytes(self: &Arc<Self>, start: u64, end: u64) -> Option<Bytes> {
        let start = usize::try_from(start).ok()?;
        let end = usize::try_from(end).ok()?;
        (start <= end && end <= self.map.len())
            .then(|| Bytes::from_owner(Shared(self.clone())).slice(start..end))
    }
}

/// The owner of a mapping's `Bytes`: the mapping stays while any slice of it does.
struct Shared(Arc<MappedFile>);

impl AsRef<[u8]> for Shared {
    fn as_ref(&self) -> &[u8] {
        &self.0.map
    }
}

impl Drop for MappedFile {
    fn drop(&mut self) {
        registry_write().remove(&(self.map.as_ptr() as usize));
    }
}

fn registry_write() -> std::sync::RwLockWriteGuard<'static, BTreeMap<usize, Region>> {
    MAPPED.write().unwrap_or_else(PoisonError::into_inner)
}

/// The file and offset `buf` was mapped from, when it lies inside a live [`MappedFile`]
/// and is worth a `sendfile`. The caller holds the `Bytes` that `buf` borrows from, so the
/// mapping cannot go away meanwhile.
fn mapped_from(buf: &[u8]) -> Option<(Arc<File>, u64)> {
    if buf.len() < MIN_ZERO_COPY {
        return None;
    }
    let start = buf.as_ptr() as usize;
    let registry = MAPPED.read().unwrap_or_else(PoisonError::into_inner);
    let (&base, region) = registry.range(..=start).next_back()?;
    (start + buf.len() <= region.end).then(|| (region.file.clone(), (start - base) as u64))
}

/// An accepted TCP connection whose writes send mapped file slices with `sendfile`.
pub struct ZeroCopyStream {
    inner: TcpStream,
    /// Bytes this connection sent with `sendfile`.
    sent_from_files: u64,
}

impl ZeroCopyStream {
    pub fn new(inner: TcpStream) -> Self {
        Self {
            inner,
            sent_from_files: 0,
        }
    }

    /// How many bytes this connection has sent straight from files.
    pub fn sent_from_files(&self) -> u64 {
        self.sent_from_files
    }

    /// Runs the write `send` once the socket can take bytes, again for as long as it would
    /// block.
    fn poll_socket(
        &self,
        cx: &mut Context<'_>,
        send: impl Fn(&TcpStream) -> rustix::io::Result<usize>,
    ) -> Poll<io::Result<usize>> {
        loop {
            ready!(self.inner.poll_write_ready(cx))?;
            match self.inner.try_io(Interest::WRITABLE, || {
                send(&self.inner).map_err(io::Error::from)
            }) {
                Err(error) if error.kind() == io::ErrorKind::WouldBlock => continue,
                done => return Poll::Ready(done),
            }
        }
    }

    /// Sends up to `buf.len()` bytes of `file` from `offset` once the socket can take them;
    /// writes `buf` itself where the file system cannot `sendfile`.
    fn poll_send_file(
        &mut self,
        cx: &mut Context<'_>,
        buf: &[u8],
        file: &File,
        offset: u64,
    ) -> Poll<io::Result<usize>> {
        let sent = ready!(self.poll_socket(cx, |socket| {
            rustix::fs::sendfile(socket, file, Some(&mut { offset }), buf.len())
        }));
        match sent {
            Ok(0) => Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
            Ok(sent) => {
                self.sent_from_files += sent as u64;
                SENT_FROM_FILES.fetch_add(sent as u64, Ordering::Relaxed);
                Poll::Ready(Ok(sent))
            }
            Err(error)
                if matches!(
                    error.raw_os_error(),
                    Some(libc::EINVAL | libc::ENOSYS | libc::EOPNOTSUPP)
                ) =>
            {
                Pin::new(&mut self.inner).poll_write(cx, buf)
            }
            Err(error) => Poll::Ready(Err(error)),
        }
    }

    /// Writes `bufs` with `MSG_MORE`: the kernel waits for the next write before sending a
    /// partial segment.
    fn poll_send_more(
        &mut self,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        self.poll_socket(cx, |socket| {
            rustix::net::sendmsg(
                socket,
                bufs,
                &mut rustix::net::SendAncillaryBuffer::default(),
                rustix::net::SendFlags::MORE | rustix::net::SendFlags::NOSIGNAL,
            )
        })
    }
}

impl AsyncRead for ZeroCopyStream {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl AsyncWrite for ZeroCopyStream {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        match mapped_from(buf) {
            Some((file, offset)) => this.poll_send_file(cx, buf, &file, offset),
            None => Pin::new(&mut this.inner).poll_write(cx, buf),
        }
    }

    /// Writes the slices up to the first mapped one as usual; a mapped slice at the front
    /// is sent from its file. hyper calls again for the rest.
    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let mut plain = 0;
        for buf in bufs {
            if let Some((file, offset)) = mapped_from(buf) {
                if plain == 0 {
                    return this.poll_send_file(cx, buf, &file, offset);
                }
                // The response head before a file's bytes: held back (`MSG_MORE`) to leave in
                // the same segments as they do, as nginx's `tcp_nopush` does.
                return this.poll_send_more(cx, &bufs[..plain]);
            }
            plain += 1;
        }
        Pin::new(&mut this.inner).poll_write_vectored(cx, &bufs[..plain])
    }

    fn is_write_vectored(&self) -> bool {
        true
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    use super::*;

    fn file_of(bytes: &[u8]) -> (tempfile::NamedTempFile, Arc<File>) {
        let mut named = tempfile::NamedTempFile::new().unwrap();
        named.write_all(bytes).unwrap();
        let file = Arc::new(File::open(named.path()).unwrap());
        (named, file)
    }

    async fn connected() -> (ZeroCopyStream, TcpStream) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let client = TcpStream::connect(listener.local_addr().unwrap());
        let (client, accepted) = tokio::join!(client, listener.accept());
        (ZeroCopyStream::new(accepted.unwrap().0), client.unwrap())
    }

    /// Writes every slice, as hyper does: vectored, calling again for what is left.
    async fn write_all_vectored(stream: &mut ZeroCopyStream, parts: &[Bytes]) {
        let mut left: Vec<Bytes> = parts.to_vec();
        while !left.is_empty() {
            let slices: Vec<IoSlice<'_>> = left.iter().map(|b| IoSlice::new(b)).collect();
            let mut written = stream.write_vectored(&slices).await.unwrap();
            assert!(written > 0);
            while written > 0 {
                let take = written.min(left[0].len());
                left[0] = left[0].slice(take..);
                written -= take;
                if left[0].is_empty() {
                    left.remove(0);
                }
            }
        }
        stream.shutdown().await.unwrap();
    }

    #[tokio::test]
    async fn a_mapped_slice_is_sent_from_its_file_and_the_rest_as_memory() {
        let content: Vec<u8> = (0..300_000u32).map(|i| (i * 7 % 251) as u8).collect();
        let (_named, file) = file_of(&content);
        let mapped = MappedFile::map(&file, content.len() as u64)
            .unwrap()
            .unwrap();
        let body = mapped.bytes(1_000, 250_000).unwrap();
        assert_eq!(body, content[1_000..250_000]);
        let small = mapped.bytes(10, 20).unwrap();
        let head = Bytes::from_static(b"HTTP/1.1 206 Partial Content\r\n\r\n");

        let (mut server, mut client) = connected().await;
        let reading = tokio::spawn(async move {
            let mut received = Vec::new();
            client.read_to_end(&mut received).await.unwrap();
            received
        });
        write_all_vectored(
            &mut server,
            &[head.clone(), body.clone(), small.clone(), head.clone()],
        )
        .await;
        let received = reading.await.unwrap();

        let mut expected = head.to_vec();
        expected.extend_from_slice(&content[1_000..250_000]);
        expected.extend_from_slice(&content[10..20]);
        expected.extend_from_slice(&head);
        assert_eq!(received.len(), expected.len());
        assert!(received == expected, "the bytes on the wire differ");
        // The large slice went through sendfile; the small one and the headers did not.
        assert_eq!(server.sent_from_files(), 249_000);
    }

    #[tokio::test]
    async fn memory_that_is_not_mapped_is_written_as_usual() {
        let owned = Bytes::from(vec![42u8; 100_000]);
        let (mut server, mut client) = connected().await;
        let reading = tokio::spawn(async move {
            let mut received = Vec::new();
            client.read_to_end(&mut received).await.unwrap();
            received
        });
        write_all_vectored(&mut server, std::slice::from_ref(&owned)).await;
        assert_eq!(reading.await.unwrap(), owned);
        assert_eq!(server.sent_from_files(), 0);
    }

    #[test]
    fn a_mapping_is_known_while_it_lives_and_forgotten_after() {
        // A length no other test maps, so another test's mapping reusing the address
        // cannot pass for this one.
        let content = vec![7u8; 64 * 1024 + 12_345];
        let (_named, file) = file_of(&content);
        let mapped = MappedFile::map(&file, content.len() as u64)
            .unwrap()
            .unwrap();
        let whole = mapped.bytes(0, content.len() as u64).unwrap();
        let (_, offset) = mapped_from(&whole[100..]).expect("a live mapping is found");
        assert_eq!(offset, 100);
        assert!(mapped.bytes(10, content.len() as u64 + 1).is_none());
        let (start, end) = (
            whole.as_ptr() as usize,
            whole.as_ptr() as usize + whole.len(),
        );
        drop(whole);
        drop(mapped);
        let registry = MAPPED.read().unwrap();
        let left = registry.get(&start).is_some_and(|region| region.end == end);
        assert!(!left, "the mapping is still registered");
        drop(registry);
        assert!(MappedFile::map(&file, 0).unwrap().is_none());
    }
}

//! Book covers: an uploaded image (any accepted type) made into the standard sizes, 3:4
//! portrait JPEGs cropped to fill, stored once per image as `covers/<asset id>/<size>.jpg` and
//! served at `/api/covers/<asset id>/<size>` (never changing, so cached for a year). Demo
//! books get generated covers (`demo`).
//!
//! Decoding is the costly part, so it is bounded everywhere:
//! - an image is checked when it is uploaded ([`check_image`]): its header's dimensions within
//!   [`MAX_PIXELS`], then a full decode; one that fails never becomes an asset;
//! - the sizes are made when a cover is set (the console, the demo seed), and once at start-up
//!   for covers whose sizes are missing ([`backfill`]), never for any other image;
//! - a listener's request only reads stored sizes, of an image that is some book's cover; a
//!   size still missing (a cover set before sizes were made at once, a size lost from the
//!   store) is made under the same bounds as any decode: at most one decode per core in the
//!   whole process (`DECODES_AT_ONCE`), one per image at a time (identical requests wait for
//!   the same result), and an image found undecodable is not tried again for a while.
pub mod demo;

use std::{
    collections::HashMap,
    io::{BufRead, BufReader, Cursor, Seek},
    path::Path,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc, LazyLock, Mutex,
    },
    time::{Duration, Instant},
};

use futures_util::{
    future::{BoxFuture, Shared},
    FutureExt,
};
use image::{imageops::FilterType, DynamicImage, ImageError, ImageReader, Limits};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
use serde::{Deserialize, Serialize};
use tingshu_core::{
    i18n::texts::{text, text_with},
    Lang,
};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::{
    db::Db,
    entities::{asset, book},
    storage::Storage,
};

/// The standard sizes, largest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CoverSize {
    /// 600 × 800: the book page.
    Large,
    /// 420 × 560: a card half a phone's width wide at a pixel ratio of 2 (or a desktop card's
    /// 180 px at 2), which would otherwise load `large`.
    Card,
    /// 300 × 400: lists and cards on screens of a lower pixel ratio.
    Medium,
    /// 150 × 200: thumbnails and the player.
    Small,
}

impl CoverSize {
    pub const ALL: [Self; 4] = [Self::Large, Self::Card, Self::Medium, Self::Small];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Large => "large",
            Self::Card => "card",
            Self::Medium => "medium",
            Self::Small => "small",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|size| size.as_str() == value)
    }

    /// Width and height in pixels.
    pub fn pixels(self) -> (u32, u32) {
        match self {
            Self::Large => (600, 800),
            Self::Card => (420, 560),
            Self::Medium => (300, 400),
            Self::Small => (150, 200),
        }
    }
}

/// The most pixels an image may have (40 megapixels: 7296 × 5472, more than any camera's
/// photo needs for a 600 × 800 cover). With at most 8 bytes a pixel (16-bit RGBA), a decode
/// takes at most [`MAX_DECODE_BYTES`]; an 8-bit photo at the limit takes 120 MB. (Named in
/// the upload route's 415 description and the README too.)
pub const MAX_PIXELS: u64 = 40_000_000;
/// The memory one decode may allocate for its picture.
const MAX_DECODE_BYTES: u64 = MAX_PIXELS * 8;
/// The picture the sizes are made from is first reduced (by averaging, cheaply) to fill twice
/// the largest size, so each size's filter runs over a small picture.
const REDUCED: (u32, u32) = (1200, 1600);
const JPEG_QUALITY: u8 = 85;
/// How long an image found undecodable is not tried again by listeners' requests.
const REFUSAL_KEPT: Duration = Duration::from_secs(600);

/// Decodes at once in the whole process: one per core.
static DECODES_AT_ONCE: LazyLock<usize> =
    LazyLock::new(|| std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get));
static DECODES: LazyLock<Arc<Semaphore>> =
    LazyLock::new(|| Arc::new(Semaphore::new(*DECODES_AT_ONCE)));

/// The storage key of a cover size of image `asset_id`.
pub fn key(asset_id: i32, size: CoverSize) -> String {
    format!("covers/{asset_id}/{}.jpg", size.as_str())
}

/// The address a listener's browser fetches a cover size at.
pub fn url(asset_id: i32, size: CoverSize) -> String {
    format!("/api/covers/{asset_id}/{}", size.as_str())
}

/// The image id of a cover stored here (`/api/covers/{id}/large`); None for any other address.
fn stored_id(cover_url: &str) -> Option<i32> {
    cover_url
        .strip_prefix("/api/covers/")?
        .strip_suffix("/large")?
        .parse::<i32>()
        .ok()
}

/// The address of a cover at `size`: that size of a cover stored here, any other address as is
/// (a cover from elsewhere has one size).
pub fn sized(cover_url: &str, size: CoverSize) -> String {
    stored_id(cover_url).map_or_else(|| cover_url.to_owned(), |id| url(id, size))
}

/// The `srcset` of a cover at `cover_url` (`/api/covers/{id}/large`): every standard size
/// with its width, so a browser fetches the one its box needs. None for any other address
/// (a cover from elsewhere has no sizes here).
pub fn srcset(cover_url: &str) -> Option<String> {
    let id = stored_id(cover_url)?;
    let sizes: Vec<String> = CoverSize::ALL
        .into_iter()
        .rev()
        .map(|size| format!("{} {}w", url(id, size), size.pixels().0))
        .collect();
    Some(sizes.join(", "))
}

/// Why an image is not taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ImageRefusal {
    /// Its bytes do not decode (a broken or truncated file, or a format feature not read).
    #[error("the image does not decode")]
    Unreadable,
    /// Its header announces more than [`MAX_PIXELS`].
    #[error("the image has {width} × {height} pixels, more than the limit")]
    TooManyPixels { width: u32, height: u32 },
}

impl ImageRefusal {
    /// The refusal's code, also its text's key under `api.upload`.
    pub fn code(self) -> &'static str {
        match self {
            Self::Unreadable => "unreadableImage",
            Self::TooManyPixels { .. } => "tooManyPixels",
        }
    }

    /// What is wrong with the file and the rule it breaks, for the `file` field.
    pub fn detail(self, lang: Lang) -> String {
        match self {
            Self::Unreadable => text(lang, "api.upload.unreadableImage").to_owned(),
            Self::TooManyPixels { width, height } => text_with(
                lang,
                "api.upload.tooManyPixelsField",
                &[
                    ("max", &(MAX_PIXELS / 1_000_000).to_string()),
                    ("width", &width.to_string()),
                    ("height", &height.to_string()),
                ],
            ),
        }
    }
}

/// A reader of the image `source` opens, its format guessed from its bytes, within the
/// memory limit.
fn reader<R: BufRead + Seek>(
    source: &impl Fn() -> std::io::Result<R>,
) -> Result<ImageReader<R>, ImageRefusal> {
    let mut reader = ImageReader::new(source().map_err(|_| ImageRefusal::Unreadable)?)
        .with_guessed_format()
        .map_err(|_| ImageRefusal::Unreadable)?;
    let mut limits = Limits::no_limits();
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);
    Ok(reader)
}

/// The image `source` opens, decoded: its header read first, and refused without decoding
/// when it announces more than [`MAX_PIXELS`] (blocking).
fn decode<R: BufRead + Seek>(
    source: impl Fn() -> std::io::Result<R>,
) -> Result<DynamicImage, ImageRefusal> {
    let (width, height) = reader(&source)?
        .into_dimensions()
        .map_err(|_| ImageRefusal::Unreadable)?;
    let too_many = ImageRefusal::TooManyPixels { width, height };
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(too_many);
    }
    reader(&source)?.decode().map_err(|error| match error {
        ImageError::Limits(_) => too_many,
        _ => ImageRefusal::Unreadable,
    })
}

/// A decode permit, waited for on a blocking thread (`None` outside a runtime: a unit test).
fn blocking_permit() -> Option<OwnedSemaphorePermit> {
    let runtime = tokio::runtime::Handle::try_current().ok()?;
    runtime.block_on(DECODES.clone().acquire_owned()).ok()
}

/// The image file at `path` checked as an upload is: within [`MAX_PIXELS`] by its header, then
/// decoded whole (holding one of the process's decode permits); answers its width and height.
/// Blocking: call it off the async workers (an upload's check runs in `spawn_blocking`).
pub fn check_image(path: &Path) -> Result<(u32, u32), ImageRefusal> {
    let _permit = blocking_permit();
    let image = decode(|| std::fs::File::open(path).map(BufReader::new))?;
    Ok((image.width(), image.height()))
}

/// Why the sizes of an image were not made; cloned to every request that waited for them.
#[derive(Debug, Clone, thiserror::Error)]
pub enum SizesError {
    /// The image does not decode, or is too large.
    #[error("{0}")]
    Refused(ImageRefusal),
    /// No such image, or its file is not in the store.
    #[error("the image or its file is missing")]
    Missing,
    /// The store or a task failed.
    #[error("{0:#}")]
    Fault(Arc<anyhow::Error>),
}

impl SizesError {
    fn fault(error: impl Into<anyhow::Error>) -> Self {
        Self::Fault(Arc::new(error.into()))
    }
}

/// `bytes` (an image) decoded within the limits and made into the sizes `sizes` (blocking:
/// call it off the async workers).
pub fn render_sizes(
    bytes: &[u8],
    sizes: &[CoverSize],
) -> Result<Vec<(CoverSize, Vec<u8>)>, SizesError> {
    let image = decode(|| Ok(Cursor::new(bytes))).map_err(SizesError::Refused)?;
    sizes_of(&image, sizes).map_err(SizesError::fault)
}

/// `image` made into the sizes `sizes`.
fn sizes_of(
    image: &DynamicImage,
    sizes: &[CoverSize],
) -> anyhow::Result<Vec<(CoverSize, Vec<u8>)>> {
    let reduced = reduce(image);
    let image = reduced.as_ref().unwrap_or(image);
    sizes
        .iter()
        .map(|&size| Ok((size, encode(image, size)?)))
        .collect()
}

/// `image` reduced by averaging to just fill [`REDUCED`], when it is larger (`None` when not).
fn reduce(image: &DynamicImage) -> Option<DynamicImage> {
    let (width, height) = (image.width(), image.height());
    let scale = f64::max(
        f64::from(REDUCED.0) / f64::from(width.max(1)),
        f64::from(REDUCED.1) / f64::from(height.max(1)),
    );
    if scale >= 0.5 {
        return None;
    }
    let side = |from: u32| ((f64::from(from) * scale).ceil() as u32).max(1);
    Some(image.thumbnail_exact(side(width), side(height)))
}

fn encode(image: &DynamicImage, size: CoverSize) -> anyhow::Result<Vec<u8>> {
    let (width, height) = size.pixels();
    let fitted = image
        .resize_to_fill(width, height, FilterType::CatmullRom)
        .to_rgb8();
    let mut out = Cursor::new(Vec::new());
    let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY);
    fitted.write_with_encoder(encoder)?;
    Ok(out.into_inner())
}

/// The sizes of image `asset_id` not stored yet.
async fn missing_sizes(storage: &Storage, asset_id: i32) -> anyhow::Result<Vec<CoverSize>> {
    let mut missing = Vec::new();
    for size in CoverSize::ALL {
        if !storage.exists(&key(asset_id, size)).await? {
            missing.push(size);
        }
    }
    Ok(missing)
}

/// Makes the sizes `sizes` of image `bytes` with one of the process's decode permits and
/// stores them as image `asset_id`'s.
async fn store_sizes(
    storage: &Storage,
    asset_id: i32,
    bytes: Vec<u8>,
    sizes: Vec<CoverSize>,
) -> Result<(), SizesError> {
    let permit = DECODES
        .clone()
        .acquire_owned()
        .await
        .map_err(SizesError::fault)?;
    let made = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        render_sizes(&bytes, &sizes)
    })
    .await
    .map_err(SizesError::fault)??;
    for (size, jpeg) in made {
        storage
            .put_bytes(&key(asset_id, size), jpeg)
            .await
            .map_err(SizesError::fault)?;
    }
    Ok(())
}

/// Stores every size of image `asset_id` made from `bytes`, replacing any stored under its id
/// (the demo seed: a data folder kept while the database was reset may hold sizes of another
/// image under a reused id).
pub async fn replace_sizes(
    storage: &Storage,
    asset_id: i32,
    bytes: Vec<u8>,
) -> Result<(), SizesError> {
    store_sizes(storage, asset_id, bytes, CoverSize::ALL.to_vec()).await
}

/// The sizes of an image being made, awaited by every request that needs them.
type Making = Shared<BoxFuture<'static, Result<(), SizesError>>>;

/// The covers feature: which images are covers, and their sizes made under the bounds of the
/// module's documentation; cheap to clone.
#[derive(Clone)]
pub struct Covers {
    db: Db,
    storage: Storage,
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    /// The images whose sizes are being made.
    making: Mutex<HashMap<i32, Making>>,
    /// Images found undecodable, with when.
    refused: Mutex<HashMap<i32, Instant>>,
    /// Images decoded to make sizes, since start.
    decodes: AtomicU64,
}

impl Covers {
    pub fn new(db: Db, storage: Storage) -> Self {
        Self {
            db,
            storage,
            inner: Arc::default(),
        }
    }

    /// Images decoded to make sizes since start (tests count them).
    pub fn decodes(&self) -> u64 {
        self.inner.decodes.load(Ordering::Relaxed)
    }

    /// Whether image `asset_id` is some book's cover.
    pub async fn is_cover(&self, asset_id: i32) -> anyhow::Result<bool> {
        let found: Option<i32> = book::Entity::find()
            .select_only()
            .column(book::Column::Id)
            .filter(book::Column::CoverAssetId.eq(asset_id))
            .into_tuple()
            .one(self.db.reader())
            .await?;
        Ok(found.is_some())
    }

    /// Size `size` of the cover made from image `asset_id`, for a listener: `None` when the
    /// image is no book's cover, or the size is not stored and cannot be made (the image is
    /// missing or does not decode). A missing size is made under the bounds (one decode per
    /// image at a time, one per core in all).
    pub async fn size(
        &self,
        asset_id: i32,
        size: CoverSize,
    ) -> anyhow::Result<Option<bytes::Bytes>> {
        if !self.is_cover(asset_id).await? {
            return Ok(None);
        }
        let key = key(asset_id, size);
        if let Some(bytes) = self.storage.read(&key).await? {
            return Ok(Some(bytes));
        }
        if self.refused_lately(asset_id) {
            return Ok(None);
        }
        match self.make_sizes(asset_id).await {
            Ok(()) => self.storage.read(&key).await,
            Err(SizesError::Refused(_) | SizesError::Missing) => Ok(None),
            Err(SizesError::Fault(error)) => Err(anyhow::anyhow!("{error:#}")),
        }
    }

    fn refused_lately(&self, asset_id: i32) -> bool {
        let mut refused = lock(&self.inner.refused);
        refused.retain(|_, at| at.elapsed() < REFUSAL_KEPT);
        refused.contains_key(&asset_id)
    }

    /// Makes and stores the sizes of image `asset_id` not stored yet (a cover being set, the
    /// start-up backfill, a listener's request for a missing size). Concurrent calls for one
    /// image share one decode and its result.
    pub async fn make_sizes(&self, asset_id: i32) -> Result<(), SizesError> {
        let making = {
            let mut making = lock(&self.inner.making);
            match making.get(&asset_id) {
                Some(shared) => shared.clone(),
                None => {
                    let covers = self.clone();
                    // A task of its own: it finishes (and stores) even when every request
                    // that waits for it goes away.
                    let task = tokio::spawn(async move {
                        // Whatever happens (a panic too), the next call starts afresh.
                        let _done = Done {
                            inner: covers.inner.clone(),
                            asset_id,
                        };
                        let result = covers.make_now(asset_id).await;
                        match &result {
                            Ok(()) => {
                                lock(&covers.inner.refused).remove(&asset_id);
                            }
                            Err(SizesError::Refused(_)) => {
                                lock(&covers.inner.refused).insert(asset_id, Instant::now());
                            }
                            Err(_) => {}
                        }
                        result
                    });
                    let shared = async move { task.await.map_err(SizesError::fault)? }
                        .boxed()
                        .shared();
                    making.insert(asset_id, shared.clone());
                    shared
                }
            }
        };
        making.await
    }

    async fn make_now(&self, asset_id: i32) -> Result<(), SizesError> {
        let missing = missing_sizes(&self.storage, asset_id)
            .await
            .map_err(SizesError::fault)?;
        if missing.is_empty() {
            return Ok(());
        }
        let image = asset::Entity::find_by_id(asset_id)
            .one(self.db.reader())
            .await
            .map_err(SizesError::fault)?
            .filter(|asset| asset.kind == "image")
            .ok_or(SizesError::Missing)?;
        let bytes = self
            .storage
            .read(&image.storage_key)
            .await
            .map_err(SizesError::fault)?
            .ok_or(SizesError::Missing)?;
        self.inner.decodes.fetch_add(1, Ordering::Relaxed);
        store_sizes(&self.storage, asset_id, bytes.to_vec(), missing).await
    }
}

/// Takes an image off the ones being made when its making ends.
struct Done {
    inner: Arc<Inner>,
    asset_id: i32,
}

impl Drop for Done {
    fn drop(&mut self) {
        lock(&self.inner.making).remove(&self.asset_id);
    }
}

/// Makes the missing sizes of every book's cover, one image at a time (at start-up, in the
/// background: covers set before sizes were made at once, or sizes lost from the store).
pub fn backfill(covers: Covers) {
    tokio::spawn(async move {
        let images: Vec<Option<i32>> = match book::Entity::find()
            .select_only()
            .column(book::Column::CoverAssetId)
            .filter(book::Column::CoverAssetId.is_not_null())
            .distinct()
            .into_tuple()
            .all(covers.db.reader())
            .await
        {
            Ok(images) => images,
            Err(error) => {
                tracing::warn!(%error, "covers not looked at for missing sizes");
                return;
            }
        };
        let (mut made, mut failed) = (0u32, 0u32);
        for asset_id in images.into_iter().flatten() {
            match missing_sizes(&covers.storage, asset_id).await {
                Ok(missing) if missing.is_empty() => continue,
                Ok(_) => {}
                Err(error) => {
                    tracing::warn!(%error, "covers not looked at for missing sizes");
                    return;
                }
            }
            match covers.make_sizes(asset_id).await {
                Ok(()) => made += 1,
                Err(error) => {
                    failed += 1;
                    tracing::warn!(asset = asset_id, %error, "cover sizes not made");
                }
            }
        }
        if made + failed > 0 {
            tracing::info!(made, failed, "missing cover sizes made");
        }
    });
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use image::ImageFormat;

    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let mut png = Cursor::new(Vec::new());
        DynamicImage::new_rgb8(width, height)
            .write_to(&mut png, ImageFormat::Png)
            .unwrap();
        png.into_inner()
    }

    /// A PNG announcing `width` × `height` pixels whose data stops after one row: its header
    /// reads, its picture does not decode.
    fn png_header(width: u32, height: u32) -> Vec<u8> {
        fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
            out.extend((data.len() as u32).to_be_bytes());
            let mut crc = flate2::Crc::new();
            crc.update(kind);
            crc.update(data);
            out.extend(kind);
            out.extend(data);
            out.extend(crc.sum().to_be_bytes());
        }
        let mut header = width.to_be_bytes().to_vec();
        header.extend(height.to_be_bytes());
        header.extend([8, 2, 0, 0, 0]);
        let mut row = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
        std::io::Write::write_all(&mut row, &vec![0; 1 + width as usize * 3]).unwrap();
        let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
        chunk(&mut png, b"IHDR", &header);
        chunk(&mut png, b"IDAT", &row.finish().unwrap());
        chunk(&mut png, b"IEND", &[]);
        png
    }

    #[test]
    fn a_stored_cover_has_every_size_in_its_srcset() {
        assert_eq!(
            srcset("/api/covers/12/large").as_deref(),
            Some(
                "/api/covers/12/small 150w, /api/covers/12/medium 300w, /api/covers/12/card 420w, /api/covers/12/large 600w"
            )
        );
        for other in [
            "https://example.com/cover.jpg",
            "/api/covers/12/medium",
            "/api/covers/x/large",
            "/api/covers//large",
        ] {
            assert_eq!(srcset(other), None, "{other}");
        }
    }

    #[test]
    fn any_image_becomes_four_portrait_jpegs() {
        // Wide, tall, and large enough to be reduced first.
        for (width, height) in [(900, 300), (300, 900), (3000, 2500)] {
            let sizes = render_sizes(&png(width, height), &CoverSize::ALL).unwrap();
            assert_eq!(sizes.len(), 4);
            for (size, jpeg) in sizes {
                let decoded = image::load_from_memory(&jpeg).unwrap();
                assert_eq!((decoded.width(), decoded.height()), size.pixels());
                assert_eq!(image::guess_format(&jpeg).unwrap(), ImageFormat::Jpeg);
            }
        }
        let only = render_sizes(&png(640, 480), &[CoverSize::Card]).unwrap();
        assert_eq!(only.len(), 1);
        assert!(matches!(
            render_sizes(b"not an image", &CoverSize::ALL),
            Err(SizesError::Refused(ImageRefusal::Unreadable))
        ));
    }

    #[test]
    fn a_picture_claiming_more_pixels_than_the_limit_is_refused_from_its_header() {
        // 60000 × 60000 or 11500 × 11500 announced: refused before any decoding (the header
        // alone would not decode).
        for side in [60_000, 11_500] {
            assert!(matches!(
                render_sizes(&png_header(side, side), &CoverSize::ALL),
                Err(SizesError::Refused(ImageRefusal::TooManyPixels { width, height }))
                    if (width, height) == (side, side)
            ));
        }
        // At the limit, the header passes and the missing data does not decode.
        assert!(matches!(
            render_sizes(&png_header(8000, 5000), &CoverSize::ALL),
            Err(SizesError::Refused(ImageRefusal::Unreadable))
        ));
    }

    #[test]
    fn an_uploaded_file_is_checked_by_its_header_then_decoded_whole() {
        let folder = tempfile::tempdir().unwrap();
        let write = |name: &str, bytes: &[u8]| {
            let path = folder.path().join(name);
            std::fs::write(&path, bytes).unwrap();
            path
        };
        assert_eq!(check_image(&write("good.png", &png(64, 48))), Ok((64, 48)));
        let huge = write("huge.png", &png_header(11_500, 11_500));
        assert_eq!(
            check_image(&huge),
            Err(ImageRefusal::TooManyPixels {
                width: 11_500,
                height: 11_500
            })
        );
        let mut truncated = png(64, 48);
        truncated.truncate(truncated.len() / 2);
        let truncated = write("truncated.png", &truncated);
        assert_eq!(check_image(&truncated), Err(ImageRefusal::Unreadable));
        let words = write("words.png", b"just some words");
        assert_eq!(check_image(&words), Err(ImageRefusal::Unreadable));
        assert_eq!(
            check_image(&folder.path().join("absent.png")),
            Err(ImageRefusal::Unreadable)
        );
    }

    #[test]
    fn each_refusal_names_its_rule_in_every_language() {
        for lang in [Lang::Zh, Lang::En, Lang::Ja] {
            let detail = ImageRefusal::TooManyPixels {
                width: 11_500,
                height: 11_500,
            }
            .detail(lang);
            assert!(
                detail.contains("40") && detail.contains("11500"),
                "{lang:?}: {detail}"
            );
            assert!(!ImageRefusal::Unreadable.detail(lang).is_empty());
        }
    }
}

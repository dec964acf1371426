//! Book covers: an uploaded image (any accepted type) made into the standard sizes, 3:4
//! portrait JPEGs cropped to fill, stored once per image as `covers/<asset id>/<size>.jpg` and
//! served at `/api/covers/<asset id>/<size>` (never changing, so cached for a year). Demo
//! books get generated covers (`demo`).
pub mod demo;

use std::io::Cursor;

use image::{imageops::FilterType, DynamicImage, ImageReader, Limits};
use serde::{Deserialize, Serialize};

use crate::storage::Storage;

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

/// Largest side of an image accepted for decoding, and the memory decoding may take: a small
/// file that claims to be a huge picture is refused instead of filling the memory.
const MAX_SIDE: u32 = 12_000;
const MAX_DECODE_BYTES: u64 = 512 * 1024 * 1024;
const JPEG_QUALITY: u8 = 85;

/// The storage key of a cover size of image `asset_id`.
pub fn key(asset_id: i32, size: CoverSize) -> String {
    format!("covers/{asset_id}/{}.jpg", size.as_str())
}

/// The address a listener's browser fetches a cover size at.
pub fn url(asset_id: i32, size: CoverSize) -> String {
    format!("/api/covers/{asset_id}/{}", size.as_str())
}

/// The `srcset` of a cover at `cover_url` (`/api/covers/{id}/large`): every standard size
/// with its width, so a browser fetches the one its box needs. None for any other address
/// (a cover from elsewhere has no sizes here).
pub fn srcset(cover_url: &str) -> Option<String> {
    let id = cover_url
        .strip_prefix("/api/covers/")?
        .strip_suffix("/large")?
        .parse::<i32>()
        .ok()?;
    let sizes: Vec<String> = CoverSize::ALL
        .into_iter()
        .rev()
        .map(|size| format!("{} {}w", url(id, size), size.pixels().0))
        .collect();
    Some(sizes.join(", "))
}

/// `bytes` (an image) decoded within the limits and made into every standard size (blocking:
/// call it off the async workers).
pub fn render_sizes(bytes: &[u8]) -> anyhow::Result<Vec<(CoverSize, Vec<u8>)>> {
    let mut reader = ImageReader::new(Cursor::new(bytes)).with_guessed_format()?;
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);
    let image = reader.decode()?;
    CoverSize::ALL
        .into_iter()
        .map(|size| Ok((size, encode(&image, size)?)))
        .collect()
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

/// Stores the sizes of image `asset_id` that are not stored yet, made from `bytes` (a size
/// added to the standard ones is made for older covers on their first request).
pub async fn ensure_sizes(storage: &Storage, asset_id: i32, bytes: Vec<u8>) -> anyhow::Result<()> {
    let mut missing = Vec::new();
    for size in CoverSize::ALL {
        if !storage.exists(&key(asset_id, size)).await? {
            missing.push(size);
        }
    }
    if missing.is_empty() {
        return Ok(());
    }
    let sizes = tokio::task::spawn_blocking(move || render_sizes(&bytes)).await??;
    for (size, jpeg) in sizes {
        if missing.contains(&size) {
            storage.put_bytes(&key(asset_id, size), jpeg).await?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use image::ImageFormat;

    use super::*;

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
        let wide = DynamicImage::new_rgb8(900, 300);
        let mut png = Cursor::new(Vec::new());
        wide.write_to(&mut png, ImageFormat::Png).unwrap();
        let sizes = render_sizes(png.get_ref()).unwrap();
        assert_eq!(sizes.len(), 4);
        for (size, jpeg) in sizes {
            let decoded = image::load_from_memory(&jpeg).unwrap();
            assert_eq!((decoded.width(), decoded.height()), size.pixels());
            assert_eq!(image::guess_format(&jpeg).unwrap(), ImageFormat::Jpeg);
        }
        assert!(render_sizes(b"not an image").is_err());
    }

    #[test]
    fn a_picture_claiming_huge_sides_is_refused() {
        // A PNG header announcing 60000 × 60000 pixels.
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        png.extend(60_000u32.to_be_bytes());
        png.extend(60_000u32.to_be_bytes());
        png.extend([8, 2, 0, 0, 0, 0, 0, 0, 0]);
        assert!(render_sizes(&png).is_err());
    }
}

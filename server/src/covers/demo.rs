//! Generated covers for the demo catalogue: one distinct picture per book (two colours, a
//! sun and hills drawn from the book's number), so a demo never shows placeholder letters.
use std::io::Cursor;

use image::{Rgb, RgbImage};

/// A colour of hue `hue` (degrees), saturation and lightness from 0 to 1.
fn hsl(hue: f32, saturation: f32, lightness: f32) -> [f32; 3] {
    let c = (1.0 - (2.0 * lightness - 1.0).abs()) * saturation;
    let h = (hue.rem_euclid(360.0)) / 60.0;
    let x = c * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = lightness - c / 2.0;
    [r + m, g + m, b + m]
}

fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    [0, 1, 2].map(|i| a[i] + (b[i] - a[i]) * t)
}

fn pixel(colour: [f32; 3]) -> Rgb<u8> {
    Rgb(colour.map(|v| (v.clamp(0.0, 1.0) * 255.0).round() as u8))
}

/// The cover of demo book number `n` (from 0), 300 × 400, as a JPEG (the standard sizes are
/// made from it as it is seeded). Drawn row by row into the raw buffer, small, because
/// demo seeding runs in every demo test, unoptimised.
pub fn cover(n: u32) -> anyhow::Result<Vec<u8>> {
    let (width, height) = (300usize, 400usize);
    // Hues 137.5° apart (the golden angle) stay distinct for many books.
    let hue = (n as f32 * 137.5) % 360.0;
    let sky_top = hsl(hue, 0.55, 0.22);
    let sky_bottom = hsl(hue + 40.0, 0.65, 0.55);
    let sun = hsl(hue + 180.0, 0.8, 0.7);
    let hills = [hsl(hue - 30.0, 0.45, 0.3), hsl(hue - 20.0, 0.5, 0.18)].map(pixel);
    let sun_x = 60.0 + (n * 97 % 180) as f32;
    let sun_y = 115.0 + (n * 53 % 70) as f32;
    let sun_r = 35.0 + (n * 31 % 25) as f32;
    let glow = sun_r + 12.0;
    let mut raw = vec![0u8; width * height * 3];
    for (y, row) in raw.chunks_exact_mut(width * 3).enumerate() {
        let sky = mix(sky_top, sky_bottom, y as f32 / height as f32);
        let Rgb(fill) = pixel(sky);
        for px in row.chunks_exact_mut(3) {
            px.copy_from_slice(&fill);
        }
        // The sun and its glow: only the columns the circle spans on this row.
        let dy = y as f32 - sun_y;
        if dy.abs() < glow {
            let half = (glow * glow - dy * dy).sqrt();
            let from = (sun_x - half).max(0.0) as usize;
            let to = ((sun_x + half) as usize).min(width - 1);
            for x in from..=to {
                let dx = x as f32 - sun_x;
                let distance = (dx * dx + dy * dy).sqrt();
                let colour = if distance < sun_r {
                    sun
                } else {
                    mix(sun, sky, ((distance - sun_r) / 12.0).min(1.0))
                };
                let Rgb(value) = pixel(colour);
                row[x * 3..x * 3 + 3].copy_from_slice(&value);
            }
        }
    }
    // Two hills, each filled down from its crest, column by column.
    for (layer, Rgb(hill)) in hills.iter().enumerate() {
        let phase = n as f32 * 0.7 + layer as f32 * 1.9;
        let base = 280.0 + layer as f32 * 45.0;
        for x in 0..width {
            let crest = base + (x as f32 / (45.0 + layer as f32 * 20.0) + phase).sin() * 22.0;
            for y in (crest.max(0.0) as usize + 1)..height {
                let at = (y * width + x) * 3;
                raw[at..at + 3].copy_from_slice(hill);
            }
        }
    }
    let image = RgbImage::from_raw(width as u32, height as u32, raw)
        .ok_or_else(|| anyhow::anyhow!("cover buffer of the wrong size"))?;
    let mut jpeg = Cursor::new(Vec::new());
    let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 88);
    image.write_with_encoder(encoder)?;
    Ok(jpeg.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_demo_book_gets_its_own_picture() {
        let first = cover(0).unwrap();
        let second = cover(1).unwrap();
        assert_ne!(first, second);
        let decoded = image::load_from_memory(&first).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (300, 400));
    }
}

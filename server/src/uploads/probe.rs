//! Duration and tags of an uploaded audio file, read by `lofty` from its headers (by
//! symphonia's Matroska demuxer for WebM, which lofty does not read).
use std::path::Path;

use lofty::prelude::{Accessor, AudioFile, TaggedFileExt};
use serde::Serialize;

/// What the file says about itself.
#[derive(Debug, Clone, Default, PartialEq, Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AudioTags {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub artist: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub album: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub track: Option<u32>,
}

/// A readable audio file's length and tags.
#[derive(Debug, Clone, PartialEq)]
pub struct Probed {
    pub duration_secs: f64,
    pub tags: AudioTags,
}

/// Reads the file at `path` (blocking: call it off the async workers) as the format its bytes
/// were sniffed to be (`webm`, or any other stored extension), never as its name says. `Err`
/// says why it is not playable audio.
pub fn probe_audio(path: &Path, extension: &str) -> Result<Probed, String> {
    match extension {
        "webm" => super::webm::probe_webm(path),
        _ => probe_with_lofty(path),
    }
}

fn probe_with_lofty(path: &Path) -> Result<Probed, String> {
    let mut opened = std::fs::File::open(path).map_err(|error| error.to_string())?;
    let file = lofty::read_from(&mut opened).map_err(|error| error.to_string())?;
    let duration_secs = file.properties().duration().as_secs_f64();
    if duration_secs.is_nan() || duration_secs <= 0.0 {
        return Err("the audio has no length".to_owned());
    }
    let tags = file
        .primary_tag()
        .or_else(|| file.first_tag())
        .map(|tag| AudioTags {
            title: clipped(tag.title()),
            artist: clipped(tag.artist()),
            album: clipped(tag.album()),
            track: tag.track(),
        })
        .unwrap_or_default();
    Ok(Probed {
        duration_secs,
        tags,
    })
}

/// A tag's text, trimmed and at most 200 characters; `None` when blank.
pub(super) fn clipped(value: Option<std::borrow::Cow<'_, str>>) -> Option<String> {
    value
        .map(|value| value.trim().chars().take(200).collect::<String>())
        .filter(|value| !value.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wav_file_has_its_length_and_noise_has_none() {
        let dir = tempfile::tempdir().unwrap();
        // Named like an upload's part file: the format comes from the bytes.
        let path = dir.path().join("tone.part");
        let spec = hound::WavSpec {
            channels: 1,
            sample_rate: 8000,
            bits_per_sample: 16,
            sample_format: hound::SampleFormat::Int,
        };
        let mut writer = hound::WavWriter::create(&path, spec).unwrap();
        for i in 0..12_000 {
            writer.write_sample((i % 100) as i16).unwrap();
        }
        writer.finalize().unwrap();
        let probed = probe_audio(&path, "wav").unwrap();
        assert!((probed.duration_secs - 1.5).abs() < 0.01, "{probed:?}");

        let noise = dir.path().join("noise.mp3");
        std::fs::write(&noise, b"this is not audio at all").unwrap();
        assert!(probe_audio(&noise, "mp3").is_err());
        assert!(probe_audio(&noise, "webm").is_err());
    }
}

//! Duration and tags of a WebM (Matroska) audio file, read by symphonia's Matroska demuxer,
//! as lofty reads no Matroska: an audio-only file of Opus or Vorbis, the only sound a browser
//! plays from WebM.
use std::path::Path;

use symphonia_core::{
    codecs::{
        audio::well_known::{CODEC_ID_OPUS, CODEC_ID_VORBIS},
        CodecParameters,
    },
    formats::{FormatOptions, FormatReader},
    io::{MediaSourceStream, MediaSourceStreamOptions},
    meta::{StandardTag, Tag},
    units::{Duration, TimeBase},
};
use symphonia_format_mkv::MkvReader;

use super::probe::{clipped, AudioTags, Probed};

/// Reads the WebM file at `path` (blocking). `Err` says why it is not playable audio.
pub fn probe_webm(path: &Path) -> Result<Probed, String> {
    let file = std::fs::File::open(path).map_err(|error| error.to_string())?;
    let source = MediaSourceStream::new(Box::new(file), MediaSourceStreamOptions::default());
    let mut reader =
        MkvReader::try_new(source, FormatOptions::default()).map_err(|error| error.to_string())?;
    let mut audio = None;
    for track in reader.tracks() {
        match &track.codec_params {
            Some(CodecParameters::Audio(params))
                if [CODEC_ID_OPUS, CODEC_ID_VORBIS].contains(&params.codec) =>
            {
                audio.get_or_insert((track.id, track.time_base));
            }
            Some(CodecParameters::Audio(_)) => return Err("not Opus or Vorbis audio".to_owned()),
            Some(_) => return Err("a picture or text track, not audio alone".to_owned()),
            None => return Err("a track of an unknown kind".to_owned()),
        }
    }
    let (track_id, track_time_base) = audio.ok_or("no audio track")?;
    let declared = reader
        .media_info()
        .time_base
        .zip(reader.media_info().duration)
        .and_then(|(time_base, duration)| seconds(time_base, duration));
    let tags = tags_of(&mut reader);
    let duration_secs = match declared {
        Some(seconds) => seconds,
        // A recorder's WebM often states no duration: the end of its last packet does.
        None => {
            let time_base = track_time_base.ok_or("no time base")?;
            let mut end = 0u64;
            while let Ok(Some(packet)) = reader.next_packet() {
                if packet.track_id == track_id {
                    let start = u64::try_from(packet.pts.get()).unwrap_or(0);
                    end = end.max(start.saturating_add(packet.dur.get()));
                }
            }
            seconds(time_base, Duration::new(end)).unwrap_or(0.0)
        }
    };
    if duration_secs.is_nan() || duration_secs <= 0.0 {
        return Err("the audio has no length".to_owned());
    }
    Ok(Probed {
        duration_secs,
        tags,
    })
}

fn seconds(time_base: TimeBase, duration: Duration) -> Option<f64> {
    time_base
        .calc_duration(duration)
        .map(|time| time.as_secs_f64())
}

/// The title, artist, album and track number the file's tags give (the file's own, then its
/// audio track's).
fn tags_of(reader: &mut MkvReader<'_>) -> AudioTags {
    let mut metadata = reader.metadata();
    let Some(revision) = metadata.skip_to_latest() else {
        return AudioTags::default();
    };
    let all: Vec<&Tag> = revision
        .media
        .tags
        .iter()
        .chain(
            revision
                .per_track
                .iter()
                .flat_map(|track| &track.metadata.tags),
        )
        .collect();
    let text = |pick: fn(&StandardTag) -> Option<&str>| {
        all.iter()
            .find_map(|tag| tag.std.as_ref().and_then(pick))
            .and_then(|value| clipped(Some(value.into())))
    };
    AudioTags {
        title: text(|tag| match tag {
            StandardTag::TrackTitle(value)
            | StandardTag::ChapterTitle(value)
            | StandardTag::PartTitle(value) => Some(value.as_str()),
            _ => None,
        }),
        artist: text(|tag| match tag {
            StandardTag::Artist(value) => Some(value.as_str()),
            _ => None,
        }),
        album: text(|tag| match tag {
            StandardTag::Album(value) => Some(value.as_str()),
            _ => None,
        }),
        track: all.iter().find_map(|tag| match tag.std {
            Some(StandardTag::TrackNumber(number)) => u32::try_from(number).ok(),
            _ => None,
        }),
    }
}

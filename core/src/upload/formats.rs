//! The one list of file formats an upload accepts: it gives the file picker its `accept`
//! list, refuses a file by its name and declared type before any byte is sent, and names the
//! format the server's content sniffer found once every byte has arrived.
use serde::{Deserialize, Serialize};

/// What an upload is meant to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum UploadKind {
    Audio,
    Image,
}

impl UploadKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Audio => "audio",
            Self::Image => "image",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        match value {
            "audio" => Some(Self::Audio),
            "image" => Some(Self::Image),
            _ => None,
        }
    }
}

/// One accepted format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UploadFormat {
    pub kind: UploadKind,
    /// The media type it is served as (what a browser plays or shows it by).
    pub served_as: &'static str,
    /// The extension its stored name gets.
    pub extension: &'static str,
    /// The extensions a file of this format is named with.
    pub names: &'static [&'static str],
    /// The media types a browser declares for it, and those a content sniffer (`infer`) names.
    pub types: &'static [&'static str],
}

const fn format(
    kind: UploadKind,
    served_as: &'static str,
    extension: &'static str,
    names: &'static [&'static str],
    types: &'static [&'static str],
) -> UploadFormat {
    UploadFormat {
        kind,
        served_as,
        extension,
        names,
        types,
    }
}

/// Every accepted format (DESIGN.md §6; the audio a browser plays: MP3, AAC/M4A, Ogg Vorbis,
/// Ogg Opus, WebM Opus, FLAC, WAV). WebM is declared `video/webm` by browsers even when it
/// holds only sound; the server's probe refuses one with a picture.
pub const FORMATS: [UploadFormat; 11] = [
    format(
        UploadKind::Audio,
        "audio/mpeg",
        "mp3",
        &["mp3"],
        &[
            "audio/mpeg",
            "audio/mp3",
            "audio/mpeg3",
            "audio/x-mpeg",
            "audio/x-mp3",
        ],
    ),
    format(
        UploadKind::Audio,
        "audio/mp4",
        "m4a",
        &["m4a"],
        &["audio/mp4", "audio/m4a", "audio/x-m4a"],
    ),
    format(
        UploadKind::Audio,
        "audio/aac",
        "aac",
        &["aac"],
        &["audio/aac", "audio/x-aac", "audio/aacp"],
    ),
    format(
        UploadKind::Audio,
        "audio/ogg",
        "ogg",
        &["ogg", "oga"],
        &[
            "audio/ogg",
            "application/ogg",
            "audio/vorbis",
            "audio/x-vorbis+ogg",
        ],
    ),
    format(
        UploadKind::Audio,
        "audio/ogg",
        "opus",
        &["opus"],
        &["audio/opus", "audio/x-opus+ogg"],
    ),
    format(
        UploadKind::Audio,
        "audio/webm",
        "webm",
        &["webm", "weba"],
        &["audio/webm", "video/webm"],
    ),
    format(
        UploadKind::Audio,
        "audio/flac",
        "flac",
        &["flac"],
        &["audio/flac", "audio/x-flac"],
    ),
    format(
        UploadKind::Audio,
        "audio/wav",
        "wav",
        &["wav", "wave"],
        &["audio/wav", "audio/x-wav", "audio/wave", "audio/vnd.wave"],
    ),
    format(
        UploadKind::Image,
        "image/jpeg",
        "jpg",
        &["jpg", "jpeg"],
        &["image/jpeg", "image/pjpeg"],
    ),
    format(
        UploadKind::Image,
        "image/png",
        "png",
        &["png"],
        &["image/png"],
    ),
    format(
        UploadKind::Image,
        "image/webp",
        "webp",
        &["webp"],
        &["image/webp"],
    ),
];

fn formats_of(kind: UploadKind) -> impl Iterator<Item = &'static UploadFormat> {
    FORMATS.iter().filter(move |format| format.kind == kind)
}

/// Input of `acceptedUploadTypes`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct AcceptedUploadTypesInput {
    pub kind: UploadKind,
}

/// What an upload of one kind accepts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct AcceptedUploadTypes {
    /// The file input's `accept` list: every extension (`.mp3`) and media type.
    pub accept: String,
    /// The extensions, for people (`mp3, m4a, …`).
    pub extensions: String,
}

/// `acceptedUploadTypes`: the picker's list and the names of the accepted formats of `kind`.
pub fn accepted_upload_types(input: AcceptedUploadTypesInput) -> AcceptedUploadTypes {
    let mut names: Vec<&str> = Vec::new();
    let mut types: Vec<&str> = Vec::new();
    for format in formats_of(input.kind) {
        for name in format.names {
            if !names.contains(name) {
                names.push(name);
            }
        }
        for media_type in format.types {
            if !types.contains(media_type) {
                types.push(media_type);
            }
        }
    }
    let accept = names
        .iter()
        .map(|name| format!(".{name}"))
        .chain(types.iter().map(|media_type| (*media_type).to_owned()))
        .collect::<Vec<_>>()
        .join(",");
    AcceptedUploadTypes {
        accept,
        extensions: names.join(", "),
    }
}

/// Input of `checkUploadFile`: what a file says of itself before any byte is read.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CheckUploadFileInput {
    pub kind: UploadKind,
    pub file_name: String,
    /// The media type the browser declares (`File.type`); blank when it does not know.
    #[serde(default)]
    pub file_type: Option<String>,
}

/// Output of `checkUploadFile`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum UploadFileCheck {
    /// Nothing it says rules it out (its bytes decide once they arrive).
    Accepted,
    /// Its name or declared type is of no accepted format: `found` names it (`.txt`,
    /// `video/mp4`), `accepted` lists the extensions that are.
    Refused { found: String, accepted: String },
}

/// `checkUploadFile`: refused when the name's extension, or the declared media type, is of no
/// accepted format of `kind`. A name without an extension and a blank or generic type
/// (`application/octet-stream`) say nothing, and pass. An extension is the text after the
/// last dot, 1 to 5 ASCII letters or digits with at least one letter (`ep.01` has none).
pub fn check_upload_file(input: CheckUploadFileInput) -> UploadFileCheck {
    let refused = |found: String| UploadFileCheck::Refused {
        found,
        accepted: accepted_upload_types(AcceptedUploadTypesInput { kind: input.kind }).extensions,
    };
    if let Some(extension) = extension_of(&input.file_name) {
        if !formats_of(input.kind).any(|format| format.names.contains(&extension.as_str())) {
            return refused(format!(".{extension}"));
        }
    }
    if let Some(declared) = input.file_type.as_deref().and_then(essence) {
        if declared != "application/octet-stream"
            && !formats_of(input.kind).any(|format| format.types.contains(&declared.as_str()))
        {
            return refused(declared);
        }
    }
    UploadFileCheck::Accepted
}

/// The accepted format of `kind` a content sniffer's media type names (`audio/opus`,
/// `video/webm`), if any: the server's last word, on the bytes themselves.
pub fn format_of_content(kind: UploadKind, sniffed: &str) -> Option<&'static UploadFormat> {
    let sniffed = essence(sniffed)?;
    formats_of(kind).find(|format| format.types.contains(&sniffed.as_str()))
}

/// The lower-case extension of a file name, when it has one.
fn extension_of(file_name: &str) -> Option<String> {
    let (stem, extension) = file_name.trim().rsplit_once('.')?;
    let looks_like_one = !stem.is_empty()
        && (1..=5).contains(&extension.len())
        && extension.bytes().all(|b| b.is_ascii_alphanumeric())
        && extension.bytes().any(|b| b.is_ascii_alphabetic());
    looks_like_one.then(|| extension.to_ascii_lowercase())
}

/// A media type without its parameters, lower case (`Audio/Ogg; codecs=opus` → `audio/ogg`);
/// `None` when blank.
fn essence(media_type: &str) -> Option<String> {
    let essence = media_type.split(';').next()?.trim().to_ascii_lowercase();
    (!essence.is_empty()).then_some(essence)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(kind: UploadKind, file_name: &str, file_type: &str) -> UploadFileCheck {
        check_upload_file(CheckUploadFileInput {
            kind,
            file_name: file_name.into(),
            file_type: Some(file_type.into()),
        })
    }

    fn refused(found: &str) -> UploadFileCheck {
        UploadFileCheck::Refused {
            found: found.into(),
            accepted: "mp3, m4a, aac, ogg, oga, opus, webm, weba, flac, wav, wave".into(),
        }
    }

    #[test]
    fn every_common_audio_format_is_accepted_by_name_and_declared_type() {
        use UploadKind::Audio;
        for (name, declared) in [
            ("ch1.mp3", "audio/mpeg"),
            ("ch2.opus", "audio/ogg"),
            ("ch2.opus", "audio/opus"),
            ("ch3.ogg", "audio/ogg"),
            ("ch4.webm", "video/webm"),
            ("ch4.weba", "audio/webm"),
            ("ch5.m4a", "audio/x-m4a"),
            ("ch6.aac", "audio/aac"),
            ("ch7.FLAC", "audio/flac"),
            ("ch8.wav", "audio/wav"),
            ("第1章 雨夜.mp3", ""),
            ("ep.01", ""),
            ("recording", "application/octet-stream"),
            ("ch9.opus", "audio/ogg; codecs=opus"),
        ] {
            assert_eq!(
                check(Audio, name, declared),
                UploadFileCheck::Accepted,
                "{name} {declared}"
            );
        }
    }

    #[test]
    fn a_file_of_another_type_is_refused_by_its_name_or_declared_type() {
        use UploadKind::Audio;
        assert_eq!(check(Audio, "notes.txt", "text/plain"), refused(".txt"));
        assert_eq!(check(Audio, "film.mp4", "video/mp4"), refused(".mp4"));
        assert_eq!(check(Audio, "song", "video/mp4"), refused("video/mp4"));
        assert_eq!(check(Audio, "cover.png", ""), refused(".png"));
        assert_eq!(check(Audio, "ch1.mp3", "image/png"), refused("image/png"));
        assert_eq!(
            check(UploadKind::Image, "ch1.mp3", "audio/mpeg"),
            UploadFileCheck::Refused {
                found: ".mp3".into(),
                accepted: "jpg, jpeg, png, webp".into()
            }
        );
    }

    #[test]
    fn the_picker_lists_names_and_types_and_the_sniffer_names_formats() {
        let audio = accepted_upload_types(AcceptedUploadTypesInput {
            kind: UploadKind::Audio,
        });
        assert!(audio.accept.starts_with(".mp3,.m4a,"), "{}", audio.accept);
        assert!(audio.accept.contains(".opus") && audio.accept.contains("video/webm"));
        assert_eq!(
            format_of_content(UploadKind::Audio, "audio/opus").map(|f| (f.served_as, f.extension)),
            Some(("audio/ogg", "opus"))
        );
        assert_eq!(
            format_of_content(UploadKind::Audio, "video/webm").map(|f| (f.served_as, f.extension)),
            Some(("audio/webm", "webm"))
        );
        assert_eq!(format_of_content(UploadKind::Audio, "image/png"), None);
        assert_eq!(format_of_content(UploadKind::Image, "audio/x-wav"), None);
    }
}

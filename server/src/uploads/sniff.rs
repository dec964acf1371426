//! What an uploaded file really is, from its first bytes (`infer`), whatever its name says.
use serde::Serialize;

/// What an upload is meant to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, utoipa::ToSchema)]
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

/// How many leading bytes the sniffers look at.
pub const SNIFF_BYTES: usize = 8192;

/// A recognised file: its media type (as served) and the extension its stored name gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sniffed {
    pub mime: &'static str,
    pub extension: &'static str,
}

/// The accepted types of each kind, by the type `infer` names, with the type served.
const AUDIO: [(&str, Sniffed); 6] = [
    ("audio/mpeg", sniffed("audio/mpeg", "mp3")),
    ("audio/m4a", sniffed("audio/mp4", "m4a")),
    ("audio/ogg", sniffed("audio/ogg", "ogg")),
    ("audio/x-flac", sniffed("audio/flac", "flac")),
    ("audio/x-wav", sniffed("audio/wav", "wav")),
    ("audio/aac", sniffed("audio/aac", "aac")),
];
const IMAGE: [(&str, Sniffed); 3] = [
    ("image/jpeg", sniffed("image/jpeg", "jpg")),
    ("image/png", sniffed("image/png", "png")),
    ("image/webp", sniffed("image/webp", "webp")),
];

const fn sniffed(mime: &'static str, extension: &'static str) -> Sniffed {
    Sniffed { mime, extension }
}

/// The accepted type `head` (a file's first bytes) is for `kind`; otherwise what it looks
/// like instead (`None`: nothing known).
pub fn sniff(head: &[u8], kind: UploadKind) -> Result<Sniffed, Option<&'static str>> {
    let found = infer::get(head).map(|found| found.mime_type());
    let accepted = match kind {
        UploadKind::Audio => &AUDIO[..],
        UploadKind::Image => &IMAGE[..],
    };
    found
        .and_then(|mime| accepted.iter().find(|(name, _)| *name == mime))
        .map(|(_, sniffed)| *sniffed)
        .ok_or(found)
}

/// The accepted types of `kind`, for messages (`mp3, m4a, …`).
pub fn accepted_extensions(kind: UploadKind) -> String {
    let accepted = match kind {
        UploadKind::Audio => &AUDIO[..],
        UploadKind::Image => &IMAGE[..],
    };
    accepted
        .iter()
        .map(|(_, sniffed)| sniffed.extension)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wav() -> Vec<u8> {
        let mut bytes = b"RIFF\x24\x00\x00\x00WAVEfmt ".to_vec();
        bytes.resize(64, 0);
        bytes
    }

    #[test]
    fn the_bytes_decide_not_the_name() {
        assert_eq!(
            sniff(&wav(), UploadKind::Audio),
            Ok(sniffed("audio/wav", "wav"))
        );
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        assert_eq!(
            sniff(&png, UploadKind::Image),
            Ok(sniffed("image/png", "png"))
        );
        // A PNG sent as audio, a WAV sent as an image, a text file as either.
        assert_eq!(sniff(&png, UploadKind::Audio), Err(Some("image/png")));
        assert_eq!(sniff(&wav(), UploadKind::Image), Err(Some("audio/x-wav")));
        assert_eq!(
            sniff(b"hello, I am a text file", UploadKind::Audio),
            Err(None)
        );
        assert_eq!(accepted_extensions(UploadKind::Image), "jpg, png, webp");
    }
}

//! What an uploaded file really is, from its first bytes (`infer`), whatever its name says;
//! which formats count as accepted is core's rule (`tingshu_core::upload::formats`).
use tingshu_core::upload::formats::{
    accepted_upload_types, format_of_content, AcceptedUploadTypesInput, UploadFormat,
};

pub use tingshu_core::upload::formats::UploadKind;

/// How many leading bytes the sniffers look at.
pub const SNIFF_BYTES: usize = 8192;

/// A recognised file: its media type (as served) and the extension its stored name gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sniffed {
    pub mime: &'static str,
    pub extension: &'static str,
}

impl From<&UploadFormat> for Sniffed {
    fn from(format: &UploadFormat) -> Self {
        Self {
            mime: format.served_as,
            extension: format.extension,
        }
    }
}

/// The accepted format `head` (a file's first bytes) is for `kind`; otherwise what it looks
/// like instead (`None`: nothing known).
pub fn sniff(head: &[u8], kind: UploadKind) -> Result<Sniffed, Option<&'static str>> {
    let found = infer::get(head).map(|found| found.mime_type());
    found
        .and_then(|mime| format_of_content(kind, mime))
        .map(Sniffed::from)
        .ok_or(found)
}

/// The accepted types of `kind`, for messages (`mp3, m4a, …`).
pub fn accepted_extensions(kind: UploadKind) -> String {
    accepted_upload_types(AcceptedUploadTypesInput { kind }).extensions
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wav() -> Vec<u8> {
        let mut bytes = b"RIFF\x24\x00\x00\x00WAVEfmt ".to_vec();
        bytes.resize(64, 0);
        bytes
    }

    fn sniffed(mime: &'static str, extension: &'static str) -> Sniffed {
        Sniffed { mime, extension }
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
        assert_eq!(
            accepted_extensions(UploadKind::Image),
            "jpg, jpeg, png, webp"
        );
    }

    #[test]
    fn ogg_opus_and_webm_are_audio() {
        let mut opus = b"OggS\0\x02".to_vec();
        opus.resize(28, 0);
        opus.extend_from_slice(b"OpusHead\x01\x01");
        opus.resize(64, 0);
        assert_eq!(
            sniff(&opus, UploadKind::Audio),
            Ok(sniffed("audio/ogg", "opus"))
        );
        let mut webm = b"\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\x82\x84webm".to_vec();
        // `infer` names WebM only past its first 256 bytes.
        webm.resize(300, 0);
        assert_eq!(
            sniff(&webm, UploadKind::Audio),
            Ok(sniffed("audio/webm", "webm"))
        );
    }
}

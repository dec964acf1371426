//! Whether a failed upload may succeed if tried again: only when what stopped it can pass (a
//! dropped line, a busy or full server), never when the file itself was refused.
use serde::{Deserialize, Serialize};

/// Input of `uploadRetryable`: the failure as the API client reports it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct UploadRetryableInput {
    /// The HTTP status (0: no answer at all).
    pub status_code: u16,
    /// The error's stable code, when the server sent one.
    #[serde(default)]
    pub code: Option<String>,
}

/// `uploadRetryable`: true for no answer (0), a timeout (408), too many requests (429), the
/// conflicts that pass (`upload_busy`, `upload_offset_mismatch`, `too_many_uploads`), a full
/// upload disk (507) and the other server faults (5xx). False for the file's own refusals — its
/// type (415), its size (413, or the 400 of a declared size over the limit), an unreadable file
/// (422) — and for an upload that takes no more bytes (`upload_closed`), a missing or forbidden
/// one (401, 403, 404).
pub fn upload_retryable(input: UploadRetryableInput) -> bool {
    match input.status_code {
        0 | 408 | 429 => true,
        409 => matches!(
            input.code.as_deref(),
            Some("upload_busy" | "upload_offset_mismatch" | "too_many_uploads")
        ),
        500..=599 => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn retryable(status_code: u16, code: &str) -> bool {
        upload_retryable(UploadRetryableInput {
            status_code,
            code: Some(code.into()),
        })
    }

    #[test]
    fn a_refused_file_is_not_tried_again_and_a_dropped_line_is() {
        assert!(retryable(0, "network"));
        assert!(retryable(503, "writes_unavailable"));
        assert!(retryable(507, "insufficient_storage"));
        assert!(retryable(409, "upload_busy"));
        assert!(!retryable(409, "upload_closed"));
        assert!(!retryable(415, "unsupported_media_type"));
        assert!(!retryable(413, "payload_too_large"));
        assert!(!retryable(400, "validation_error"));
        assert!(!retryable(422, "upload_failed"));
        assert!(!upload_retryable(UploadRetryableInput {
            status_code: 403,
            code: None
        }));
    }
}

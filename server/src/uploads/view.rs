//! What the console sees of an upload and of a stored file.
use serde::Serialize;
use tingshu_core::{i18n::texts::text, Lang};

use super::{probe::AudioTags, sniff::UploadKind};
use crate::entities::{asset, upload};

/// Where an upload stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum UploadStatus {
    /// Bytes are still expected (resumable from `received`).
    Receiving,
    /// Every byte arrived and the file is stored (`asset`).
    Complete,
    /// The bytes were refused (`error` says why) or the upload expired; nothing was kept.
    Failed,
    /// Stopped by its sender; nothing was kept.
    Cancelled,
}

impl UploadStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Receiving => "receiving",
            Self::Complete => "complete",
            Self::Failed => "failed",
            Self::Cancelled => "cancelled",
        }
    }

    pub fn parse(value: &str) -> Self {
        match value {
            "receiving" => Self::Receiving,
            "complete" => Self::Complete,
            "cancelled" => Self::Cancelled,
            _ => Self::Failed,
        }
    }
}

/// A stored file (audio or image).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssetView {
    pub id: i32,
    pub kind: UploadKind,
    pub mime: String,
    pub bytes: i64,
    pub sha256: String,
    /// Probed length of an audio file (0 for an image).
    pub duration_secs: f64,
    /// The name it was uploaded under.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub original_name: Option<String>,
    /// The tags the audio file carries.
    pub tags: AudioTags,
    pub created_at: i64,
}

impl From<&asset::Model> for AssetView {
    fn from(asset: &asset::Model) -> Self {
        Self {
            id: asset.id,
            kind: UploadKind::parse(&asset.kind).unwrap_or(UploadKind::Audio),
            mime: asset.mime.clone(),
            bytes: asset.bytes,
            sha256: asset.sha256.clone(),
            duration_secs: asset.duration_secs,
            original_name: asset.original_name.clone(),
            tags: asset
                .tags
                .as_deref()
                .and_then(|tags| serde_json::from_str(tags).ok())
                .unwrap_or_default(),
            created_at: asset.created_at,
        }
    }
}

/// An upload: what is sent, how much arrived, and what it became.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadView {
    pub id: String,
    pub kind: UploadKind,
    pub file_name: String,
    /// The declared size in bytes.
    pub size: i64,
    /// Bytes received so far (the offset to resume from).
    pub received: i64,
    pub status: UploadStatus,
    /// Why it failed, in the request's language.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The stored file, once complete.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub asset: Option<AssetView>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl UploadView {
    /// The view of `row`, its failure worded in `lang`.
    pub fn new(
        row: &upload::Model,
        received: i64,
        asset: Option<&asset::Model>,
        lang: Lang,
    ) -> Self {
        Self {
            id: row.id.clone(),
            kind: UploadKind::parse(&row.kind).unwrap_or(UploadKind::Audio),
            file_name: row.file_name.clone(),
            size: row.size,
            received,
            status: UploadStatus::parse(&row.status),
            error: row
                .error
                .as_deref()
                .map(|code| text(lang, &format!("api.upload.{code}")).to_owned()),
            asset: asset.map(AssetView::from),
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

//! The operator's view of storage: the backend in use and the space taken, a consistency check
//! between the database's files and the store's objects (orphan objects no file row names,
//! file rows whose object is gone), and the clean-up of orphans.
use std::collections::{HashMap, HashSet};

use futures_util::StreamExt;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect};
use serde::Serialize;

use super::{
    audit::{self, Actor, Change},
    now_ms,
};
use crate::{
    console::Console,
    entities::{asset, upload},
    error::{ApiError, ApiResult},
    storage::StorageKind,
    uploads::{view::UploadStatus, Swept, STAGING_DIR},
};

/// How many orphans and missing files a check lists (all are counted).
const LISTED_MAX: usize = 1000;
/// An orphan younger than this may be a file being stored right now: never cleaned. Uploads
/// idle this long are dropped by a clean-up too.
pub const ORPHAN_MIN_AGE: std::time::Duration = std::time::Duration::from_secs(3600);
const ORPHAN_MIN_AGE_MS: i64 = ORPHAN_MIN_AGE.as_millis() as i64;

/// Files of one kind.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KindTotal {
    pub kind: String,
    pub count: u64,
    pub bytes: i64,
}

/// The storage page's summary.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StorageSummary {
    pub kind: StorageKind,
    /// Where the files are (a folder or a bucket; never a credential).
    pub location: String,
    /// Stored files by kind.
    pub files: Vec<KindTotal>,
    /// Uploads in progress and the bytes their part files hold on this server's disk.
    pub receiving_uploads: u64,
    pub part_bytes: u64,
    /// Uploads that failed (refused bytes or expired).
    pub failed_uploads: u64,
    /// Free and total bytes of the disk holding the data folder.
    pub disk_free_bytes: Option<u64>,
    pub disk_total_bytes: Option<u64>,
}

/// An object of the store.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoredObjectView {
    pub key: String,
    pub bytes: u64,
    pub last_modified: i64,
}

/// A file row whose object is not in the store.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MissingObject {
    pub asset_id: i32,
    pub key: String,
    pub kind: String,
    pub original_name: Option<String>,
}

/// What a consistency check found.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StorageCheck {
    /// Objects in the store, and their bytes.
    pub objects: u64,
    pub object_bytes: u64,
    /// Objects no file names (cover sizes of a known image are not orphans).
    pub orphan_count: u64,
    pub orphan_bytes: u64,
    /// The first orphans, oldest first.
    pub orphans: Vec<StoredObjectView>,
    /// Files whose object is missing.
    pub missing_count: u64,
    pub missing: Vec<MissingObject>,
    pub checked_at: i64,
}

/// What a clean-up removed.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StorageCleanup {
    pub deleted: u64,
    pub bytes: u64,
    /// Orphans kept because they are younger than an hour (perhaps being stored right now).
    pub kept_recent: u64,
    /// Uploads idle for an hour, and part files of no open upload, dropped.
    pub uploads_dropped: u64,
    /// The bytes their part files held.
    pub upload_bytes: u64,
}

pub async fn summary(console: &Console) -> ApiResult<StorageSummary> {
    let db = console.db.reader();
    let totals: Vec<(String, i64, Option<i64>)> = asset::Entity::find()
        .select_only()
        .column(asset::Column::Kind)
        .column_as(asset::Column::Id.count(), "count")
        .column_as(total_bytes(), "bytes")
        .group_by(asset::Column::Kind)
        .into_tuple()
        .all(db)
        .await?;
    let uploads_in = |status: UploadStatus| {
        upload::Entity::find().filter(upload::Column::Status.eq(status.as_str()))
    };
    let receiving_uploads = uploads_in(UploadStatus::Receiving).count(db).await?;
    let failed_uploads = uploads_in(UploadStatus::Failed).count(db).await?;
    let staging = console.data_dir.join(STAGING_DIR);
    let part_bytes = std::fs::read_dir(&staging)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter_map(|entry| entry.metadata().ok())
                .map(|meta| meta.len())
                .sum()
        })
        .unwrap_or(0);
    let disk = rustix::fs::statvfs(console.data_dir.as_path()).ok();
    Ok(StorageSummary {
        kind: console.storage.kind(),
        location: console.storage.location().to_owned(),
        files: totals
            .into_iter()
            .map(|(kind, count, bytes)| KindTotal {
                kind,
                count: count.max(0) as u64,
                bytes: bytes.unwrap_or(0),
            })
            .collect(),
        receiving_uploads,
        part_bytes,
        failed_uploads,
        disk_free_bytes: disk
            .as_ref()
            .map(|stats| stats.f_bavail.saturating_mul(stats.f_frsize)),
        disk_total_bytes: disk.map(|stats| stats.f_blocks.saturating_mul(stats.f_frsize)),
    })
}

/// Whether `key` is a cover size (`covers/<id>/<size>.jpg`) of image `id`; answers the id.
fn cover_of(key: &str) -> Option<i32> {
    let rest = key.strip_prefix("covers/")?;
    let (id, _) = rest.split_once('/')?;
    id.parse().ok()
}

/// Lists the whole store and compares it with the file rows.
pub async fn check(console: &Console) -> ApiResult<StorageCheck> {
    let db = console.db.reader();
    let rows: Vec<(i32, String, String, Option<String>)> = asset::Entity::find()
        .select_only()
        .column(asset::Column::Id)
        .column(asset::Column::StorageKey)
        .column(asset::Column::Kind)
        .column(asset::Column::OriginalName)
        .into_tuple()
        .all(db)
        .await?;
    let by_key: HashMap<&str, i32> = rows
        .iter()
        .map(|(id, key, ..)| (key.as_str(), *id))
        .collect();
    let images: HashSet<i32> = rows
        .iter()
        .filter(|(_, _, kind, _)| kind == "image")
        .map(|(id, ..)| *id)
        .collect();
    let mut seen: HashSet<i32> = HashSet::new();
    let mut listing = console.storage.store().list(None);
    // The pieces of uploads in progress (several instances) are no file's, nor orphans.
    let pieces = format!("{}/", crate::uploads::PIECES_PREFIX);
    let (mut objects, mut object_bytes) = (0u64, 0u64);
    let mut orphans = Vec::new();
    while let Some(meta) = listing.next().await {
        let meta = meta.map_err(|error| {
            ApiError::Internal(anyhow::Error::new(error).context("listing the store"))
        })?;
        let key = meta.location.to_string();
        if key.starts_with(&pieces) {
            continue;
        }
        objects += 1;
        object_bytes += meta.size;
        if let Some(id) = by_key.get(key.as_str()) {
            seen.insert(*id);
        } else if !cover_of(&key).is_some_and(|id| images.contains(&id)) {
            orphans.push(StoredObjectView {
                key,
                bytes: meta.size,
                last_modified: meta.last_modified.timestamp_millis(),
            });
        }
    }
    orphans.sort_by_key(|orphan| orphan.last_modified);
    let missing: Vec<MissingObject> = rows
        .into_iter()
        .filter(|(id, ..)| !seen.contains(id))
        .map(|(asset_id, key, kind, original_name)| MissingObject {
            asset_id,
            key,
            kind,
            original_name,
        })
        .collect();
    Ok(StorageCheck {
        objects,
        object_bytes,
        orphan_count: orphans.len() as u64,
        orphan_bytes: orphans.iter().map(|orphan| orphan.bytes).sum(),
        missing_count: missing.len() as u64,
        missing: missing.into_iter().take(LISTED_MAX).collect(),
        orphans: orphans.into_iter().take(LISTED_MAX).collect(),
        checked_at: now_ms(),
    })
}

/// Removes every orphan older than an hour (found by a fresh check), and records what went.
/// `swept` is what the uploads' sweep dropped just before. The audit row is written last: when the
/// disk is too full for it, what was removed stays removed and is logged instead.
pub async fn clean(console: &Console, actor: &Actor, swept: Swept) -> ApiResult<StorageCleanup> {
    let found = check(console).await?;
    let cutoff = now_ms() - ORPHAN_MIN_AGE_MS;
    let (old, recent): (Vec<_>, Vec<_>) = found
        .orphans
        .into_iter()
        .partition(|orphan| orphan.last_modified < cutoff);
    let mut removed = Vec::new();
    for orphan in &old {
        match console.storage.delete(&orphan.key).await {
            Ok(()) => removed.push(orphan),
            Err(error) => tracing::warn!(key = %orphan.key, %error, "orphan not removed"),
        }
    }
    let cleanup = StorageCleanup {
        deleted: removed.len() as u64,
        bytes: removed.iter().map(|orphan| orphan.bytes).sum(),
        kept_recent: recent.len() as u64,
        uploads_dropped: swept.dropped,
        upload_bytes: swept.bytes,
    };
    if !removed.is_empty() || swept.dropped > 0 {
        let now = now_ms();
        let change = Change {
            action: "storage.clean",
            entity: "storage",
            entity_id: 0,
            before: Some(serde_json::json!({
                "keys": removed.iter().map(|orphan| orphan.key.as_str()).collect::<Vec<_>>()
            })),
            after: serde_json::to_value(&cleanup).ok(),
        };
        let recorded = async {
            let txn = console.db.begin_write().await?;
            audit::record(&txn, actor, change, now).await?;
            txn.commit().await
        };
        if let Err(error) = recorded.await {
            tracing::error!(%error, ?cleanup, "storage clean-up done but not recorded in the audit log");
        }
    }
    Ok(cleanup)
}

/// SUM of the files' bytes as a 64-bit integer (PostgreSQL sums a BIGINT column as NUMERIC).
pub(crate) fn total_bytes() -> sea_orm::sea_query::Expr {
    use sea_orm::sea_query::{Alias, Expr, ExprTrait, Func};
    Expr::expr(Func::sum(Expr::col(asset::Column::Bytes))).cast_as(Alias::new("BIGINT"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cover_sizes_name_their_image() {
        assert_eq!(cover_of("covers/12/large.jpg"), Some(12));
        assert_eq!(cover_of("covers/x/large.jpg"), None);
        assert_eq!(cover_of("audio/2026/11/a.mp3"), None);
    }
}

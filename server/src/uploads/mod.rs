//! Resumable uploads of audio and images, streamed to disk in chunks and stored whole or not
//! at all. The HTTP side is the tus 1.0 core protocol with its creation and termination
//! extensions (`routes::admin::uploads`), so a client resumes after a dropped connection by
//! asking how much arrived.
//!
//! The bytes of an upload in progress wait in `<DATA_DIR>/uploads/<id>.part`, never in memory
//! and never where listeners or the console's file lists look. When the last byte arrives the
//! file is sniffed (its bytes must be audio, or an image, whatever its name), probed (an audio
//! file must have a length; an image must decode, within `covers::MAX_PIXELS`), hashed,
//! written to the store under a generated name, and its `assets` row inserted; any failure on
//! the way leaves nothing stored. Uploads idle for a day are dropped.
//!
//! Part files share the disk with the database, so they keep a floor of free space of their own
//! (twice the database's reserve): an upload is refused at its start when the bytes it and the
//! open uploads still await would not fit above it, and stopped mid-way (507) when a chunk would
//! go below it. Freeing space never waits for the database: a part file is removed before its row
//! is marked, and while the disk is below the floor, uploads idle for half a minute are dropped.
//!
//! Several instances (PostgreSQL and an S3 store): each request's bytes are also kept in the
//! store and the row counts what was received, so an upload started through one instance is
//! resumed through any other (`shared`).
pub mod probe;
mod shared;
pub mod sniff;
pub mod view;
mod webm;

pub use shared::PREFIX as PIECES_PREFIX;

use std::{
    collections::HashSet,
    io::{Read, Seek},
    path::{Path, PathBuf},
    sync::{Arc, Mutex},
    time::Duration,
};

use axum::body::Body;
use futures_util::StreamExt;
use sea_orm::{
    sea_query::Expr, ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait,
    QueryFilter, QuerySelect,
};
use sha2::{Digest, Sha256};
use tingshu_core::{
    i18n::texts::{text, text_with},
    upload::formats::{check_upload_file, CheckUploadFileInput, UploadFileCheck},
    Lang,
};

use self::{
    sniff::{sniff, UploadKind, SNIFF_BYTES},
    view::{UploadStatus, UploadView},
};
use crate::clock::now_ms;
use crate::{
    console::audit::{self, Actor, Change},
    db::Db,
    entities::{asset, upload},
    error::{ApiError, ApiResult, Missing},
    storage::Storage,
};

/// Uploads one person may have open (receiving) at once.
pub const MAX_OPEN_UPLOADS: u64 = 100;
/// An upload that received nothing for this long is dropped.
pub const UPLOAD_IDLE_LIMIT: Duration = Duration::from_secs(24 * 3600);
/// While the staging disk is below its floor, an upload idle this long is dropped.
pub const UPLOAD_IDLE_LIMIT_WHEN_FULL: Duration = Duration::from_secs(30);
/// How often the staging disk's free space is looked at.
const DISK_WATCH_EVERY: Duration = Duration::from_secs(5);
/// Disk looks between two ordinary sweeps (ten minutes).
const WATCHES_PER_SWEEP: u32 = 120;
/// The folder of part files, under DATA_DIR.
pub const STAGING_DIR: &str = "uploads";

/// The largest file of each kind, in bytes.
#[derive(Debug, Clone, Copy)]
pub struct UploadLimits {
    pub audio_bytes: u64,
    pub image_bytes: u64,
}

impl UploadLimits {
    pub fn of(&self, kind: UploadKind) -> u64 {
        match kind {
            UploadKind::Audio => self.audio_bytes,
            UploadKind::Image => self.image_bytes,
        }
    }
}

/// The uploads feature: the database, the store finished files go to, the part files and
/// which uploads are receiving a request right now; cheap to clone.
#[derive(Clone)]
pub struct Uploads {
    db: Db,
    storage: Storage,
    staging: Arc<PathBuf>,
    busy: Arc<Mutex<HashSet<String>>>,
    /// Free bytes part files always leave on the staging disk.
    floor_bytes: u64,
    /// The configured limits, used when no site settings are attached.
    pub limits: UploadLimits,
    /// The site settings whose upload limits apply (changed without a restart).
    settings: Option<crate::settings::Settings>,
    /// Whether other instances may receive the same upload's requests (PostgreSQL and S3): each
    /// request's bytes are then kept in the store too.
    shared: bool,
}

/// An upload claimed by one request; released when dropped.
struct Claim {
    busy: Arc<Mutex<HashSet<String>>>,
    id: String,
}

impl Drop for Claim {
    fn drop(&mut self) {
        self.busy
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .remove(&self.id);
    }
}

impl Uploads {
    /// The staging folder `<data_dir>/uploads` (created when missing). Part files leave twice
    /// `db_reserve_bytes` free, so the database's writes keep their own reserve whatever uploads do.
    pub fn open(
        db: Db,
        storage: Storage,
        data_dir: &Path,
        limits: UploadLimits,
        db_reserve_bytes: u64,
    ) -> std::io::Result<Self> {
        let staging = data_dir.join(STAGING_DIR);
        std::fs::create_dir_all(&staging)?;
        // Other instances on the same PostgreSQL database and bucket may receive the rest of an
        // upload (a store on the local disk is one instance's: its uploads stay there).
        let shared = storage.kind() == crate::storage::StorageKind::S3
            && db.reader().get_database_backend() == sea_orm::DatabaseBackend::Postgres;
        Ok(Self {
            db,
            storage,
            staging: Arc::new(staging),
            busy: Arc::default(),
            floor_bytes: db_reserve_bytes.saturating_mul(2),
            limits,
            settings: None,
            shared,
        })
    }

    /// These uploads take their limits from the site settings.
    pub fn with_settings(self, settings: crate::settings::Settings) -> Self {
        Self {
            settings: Some(settings),
            ..self
        }
    }

    /// The largest file of `kind` now, in bytes: the site settings' limit, else the configured one.
    pub async fn limit_of(&self, kind: UploadKind) -> u64 {
        match &self.settings {
            Some(settings) => {
                let current = settings.current().await;
                let mb = match kind {
                    UploadKind::Audio => current.max_audio_mb,
                    UploadKind::Image => current.max_image_mb,
                };
                u64::from(mb) * 1024 * 1024
            }
            None => self.limits.of(kind),
        }
    }

    fn part(&self, id: &str) -> PathBuf {
        self.staging.join(format!("{id}.part"))
    }

    /// Bytes received so far: the row's count when instances share uploads, else the length
    /// of the part file (0 when there is none).
    fn received(&self, row: &upload::Model) -> i64 {
        if self.shared {
            return row.received;
        }
        std::fs::metadata(self.part(&row.id)).map_or(0, |meta| meta.len() as i64)
    }

    fn claim(&self, id: &str) -> Option<Claim> {
        let mut busy = self
            .busy
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        busy.insert(id.to_owned()).then(|| Claim {
            busy: self.busy.clone(),
            id: id.to_owned(),
        })
    }

    /// Bytes free on the staging disk (unknown: as much as asked).
    fn free_bytes(&self) -> u64 {
        rustix::fs::statvfs(self.staging.as_path())
            .map(|stats| stats.f_bavail.saturating_mul(stats.f_frsize))
            .unwrap_or(u64::MAX)
    }

    /// Whether `bytes` more would still leave the floor free.
    fn room_for(&self, bytes: u64) -> bool {
        self.free_bytes() >= bytes.saturating_add(self.floor_bytes)
    }

    /// Whether the staging disk is below its floor already.
    fn below_floor(&self) -> bool {
        !self.room_for(0)
    }
}

/// What a new upload declares.
#[derive(Debug, Clone)]
pub struct NewUpload {
    pub kind: UploadKind,
    pub file_name: String,
    /// The media type the sender's browser declares for the file, if any.
    pub file_type: Option<String>,
    pub size: u64,
}

/// Opens an upload for `actor`: checks the name, its extension and declared type against the
/// kind's accepted formats (415 before any byte, by core's `checkUploadFile`), the size against
/// the kind's limit, the sender's open uploads and the staging disk's space, then creates the
/// empty part file.
pub async fn create(
    uploads: &Uploads,
    actor: &Actor,
    new: NewUpload,
    lang: Lang,
) -> ApiResult<UploadView> {
    let file_name = new.file_name.trim().to_owned();
    if file_name.is_empty()
        || file_name.chars().count() > 255
        || file_name.chars().any(char::is_control)
    {
        return Err(ApiError::invalid_field(
            "fileName",
            text(lang, "api.upload.fileName").to_owned(),
            lang,
        ));
    }
    let declared = check_upload_file(CheckUploadFileInput {
        kind: new.kind,
        file_name: file_name.clone(),
        file_type: new.file_type.clone(),
    });
    if let UploadFileCheck::Refused { found, accepted } = declared {
        return Err(ApiError::Unsupported {
            message: text_with(lang, "api.upload.refusedType", &[("found", &found)]),
            fields: [(
                "file".to_owned(),
                text_with(
                    lang,
                    "api.upload.refusedTypeField",
                    &[("accepted", &accepted)],
                ),
            )]
            .into(),
        });
    }
    let limit = uploads.limit_of(new.kind).await;
    if new.size == 0 || new.size > limit {
        return Err(ApiError::invalid_field(
            "size",
            text_with(
                lang,
                "api.upload.size",
                &[("max", &(limit / (1024 * 1024)).to_string())],
            ),
            lang,
        ));
    }
    let open = upload::Entity::find()
        .filter(upload::Column::CreatedBy.eq(actor.id))
        .filter(upload::Column::Status.eq(UploadStatus::Receiving.as_str()))
        .count(uploads.db.reader())
        .await?;
    if open >= MAX_OPEN_UPLOADS {
        return Err(ApiError::Conflict {
            code: "too_many_uploads",
            message: text_with(
                lang,
                "api.upload.tooMany",
                &[("max", &MAX_OPEN_UPLOADS.to_string())],
            ),
            fields: Default::default(),
        });
    }
    if !uploads.room_for(new.size.saturating_add(awaited_bytes(uploads).await?)) {
        return Err(ApiError::InsufficientStorage);
    }
    let id = uuid::Uuid::new_v4().to_string();
    let part = uploads.part(&id);
    tokio::fs::File::create(&part)
        .await
        .map_err(|error| storage_error(error, "cannot create the part file"))?;
    let now = now_ms();
    let row = upload::ActiveModel {
        id: Set(id),
        kind: Set(new.kind.as_str().to_owned()),
        file_name: Set(file_name),
        size: Set(new.size as i64),
        received: Set(0),
        status: Set(UploadStatus::Receiving.as_str().to_owned()),
        error: Set(None),
        asset_id: Set(None),
        created_by: Set(actor.id),
        created_at: Set(now),
        updated_at: Set(now),
    };
    let txn = uploads.db.begin_write().await?;
    let inserted = row.insert(&txn).await;
    let committed = match inserted {
        Ok(row) => txn.commit().await.map(|()| row),
        Err(error) => Err(error.into()),
    };
    match committed {
        Ok(row) => Ok(UploadView::new(&row, 0, None, lang)),
        Err(error) => {
            let _ = tokio::fs::remove_file(&part).await;
            Err(error)
        }
    }
}

/// Bytes the open uploads still await: their declared sizes less what their part files hold.
async fn awaited_bytes(uploads: &Uploads) -> ApiResult<u64> {
    let open: Vec<(String, i64, i64)> = upload::Entity::find()
        .select_only()
        .column(upload::Column::Id)
        .column(upload::Column::Size)
        .column(upload::Column::Received)
        .filter(upload::Column::Status.eq(UploadStatus::Receiving.as_str()))
        .into_tuple()
        .all(uploads.db.reader())
        .await?;
    if uploads.shared {
        // Any instance may receive the rest: the rows' counts.
        return Ok(open
            .iter()
            .map(|(_, size, received)| size.saturating_sub(*received).max(0) as u64)
            .sum());
    }
    // One look at each part file: a missing one (stopped) awaits nothing.
    Ok(open
        .iter()
        .filter_map(|(id, size, _)| {
            let received = std::fs::metadata(uploads.part(id)).ok()?.len();
            Some((*size as u64).saturating_sub(received))
        })
        .sum())
}

/// The upload `id` of `owner` (someone else's is not found).
async fn owned(uploads: &Uploads, owner: i32, id: &str) -> ApiResult<upload::Model> {
    let missing = || ApiError::NotFound(Missing::Upload(id.to_owned()));
    if uuid::Uuid::parse_str(id).is_err() {
        return Err(missing());
    }
    upload::Entity::find_by_id(id.to_owned())
        .one(uploads.db.reader())
        .await?
        .filter(|row| row.created_by == owner)
        .ok_or_else(missing)
}

/// The upload `id` of `owner` as the console sees it.
pub async fn get(uploads: &Uploads, owner: i32, id: &str, lang: Lang) -> ApiResult<UploadView> {
    let row = owned(uploads, owner, id).await?;
    view_of(uploads, &row, lang).await
}

async fn view_of(uploads: &Uploads, row: &upload::Model, lang: Lang) -> ApiResult<UploadView> {
    let asset = match row.asset_id {
        Some(asset_id) => {
            asset::Entity::find_by_id(asset_id)
                .one(uploads.db.reader())
                .await?
        }
        None => None,
    };
    let received = match UploadStatus::parse(&row.status) {
        UploadStatus::Receiving => uploads.received(row),
        UploadStatus::Complete => row.size,
        _ => 0,
    };
    Ok(UploadView::new(row, received, asset.as_ref(), lang))
}

/// Appends `body` at `offset` to the upload `id` of `actor`; when the last byte arrives the
/// file is checked and stored. Answers the new offset and, once stored, the upload.
pub async fn append(
    uploads: &Uploads,
    actor: &Actor,
    id: &str,
    offset: u64,
    body: Body,
    lang: Lang,
) -> ApiResult<(u64, UploadView)> {
    let row = owned(uploads, actor.id, id).await?;
    let status = UploadStatus::parse(&row.status);
    if status != UploadStatus::Receiving {
        return Err(closed(status, lang));
    }
    let Some(_claim) = uploads.claim(id) else {
        return Err(ApiError::Conflict {
            code: "upload_busy",
            message: text(lang, "api.upload.busy").to_owned(),
            fields: Default::default(),
        });
    };
    let part = uploads.part(id);
    let received = uploads.received(&row) as u64;
    if uploads.shared {
        // What other instances received comes from the store first.
        shared::catch_up(uploads, &part, id, received).await?;
    } else if !part.exists() {
        return Err(closed(UploadStatus::Failed, lang));
    }
    if offset != received {
        return Err(offset_conflict(received as i64, lang));
    }
    let size = row.size as u64;
    let written = write_body(uploads, &part, offset, size - offset, body).await?;
    let now = now_ms();
    let new_offset = offset + written;
    if uploads.shared && written > 0 {
        acknowledge_shared(uploads, &part, id, offset, new_offset, lang).await?;
    }
    if new_offset < size {
        if !uploads.shared {
            mark(uploads, id, None, None, now).await?;
        }
        let mut view = UploadView::new(&row, new_offset as i64, None, lang);
        view.updated_at = now;
        return Ok((new_offset, view));
    }
    // The last byte: checked and stored by a task of its own, so a client that leaves (or a
    // request time limit) never stops it half way.
    let task_uploads = uploads.clone();
    let task_actor = actor.clone();
    let stored = tokio::spawn(async move { store(&task_uploads, &task_actor, row, lang).await })
        .await
        .map_err(|error| ApiError::Internal(anyhow::anyhow!("upload task: {error}")))??;
    Ok((size, stored))
}

/// Keeps bytes `from..to` of the part file in the store and moves the row's count on, unless
/// another request (on any instance) moved it first: then the part file is cut back and the
/// answer is the offset conflict with what was received.
async fn acknowledge_shared(
    uploads: &Uploads,
    part: &Path,
    id: &str,
    from: u64,
    to: u64,
    lang: Lang,
) -> ApiResult<()> {
    let kept = shared::keep_piece(uploads, part, id, from, to).await;
    let moved = match kept {
        Ok(()) => shared::acknowledge(uploads, id, from, to).await,
        Err(error) => {
            tracing::warn!(upload = %id, error = %format!("{error:#}"), "received bytes not kept");
            Err(ApiError::Unavailable)
        }
    };
    if matches!(moved, Ok(true)) {
        return Ok(());
    }
    if let Ok(file) = tokio::fs::OpenOptions::new().write(true).open(part).await {
        let _ = file.set_len(from).await;
    }
    moved?;
    let received = upload::Entity::find_by_id(id.to_owned())
        .one(uploads.db.reader())
        .await?
        .map_or(0, |row| row.received);
    Err(offset_conflict(received, lang))
}

/// 409: the request's offset is not what the upload received (`Upload-Offset` says what).
fn offset_conflict(received: i64, lang: Lang) -> ApiError {
    ApiError::Conflict {
        code: "upload_offset_mismatch",
        message: text_with(
            lang,
            "api.upload.offset",
            &[("received", &received.to_string())],
        ),
        fields: [("Upload-Offset".to_owned(), received.to_string())].into(),
    }
}

/// Writes the body at `offset` of the part file, at most `room` bytes; answers how many were
/// written. More than `room` leaves the file as it was (413), and so does a chunk that would
/// take the disk below the floor (507); a body cut short keeps what arrived, so the client
/// resumes from there.
async fn write_body(
    uploads: &Uploads,
    part: &Path,
    offset: u64,
    room: u64,
    body: Body,
) -> ApiResult<u64> {
    let mut file = tokio::fs::OpenOptions::new()
        .write(true)
        .open(part)
        .await
        .map_err(|error| storage_error(error, "cannot open the part file"))?;
    use tokio::io::{AsyncSeekExt, AsyncWriteExt};
    file.seek(std::io::SeekFrom::Start(offset))
        .await
        .map_err(|error| storage_error(error, "cannot seek the part file"))?;
    let mut stream = body.into_data_stream();
    let mut written = 0u64;
    let undo = |file: tokio::fs::File| async move {
        let _ = file.set_len(offset).await;
    };
    while let Some(frame) = stream.next().await {
        let Ok(bytes) = frame else {
            // The connection dropped: keep what arrived (the client asks for the offset).
            file.flush().await.ok();
            return Ok(written);
        };
        if written + bytes.len() as u64 > room {
            undo(file).await;
            return Err(ApiError::PayloadTooLarge);
        }
        if !uploads.room_for(bytes.len() as u64) {
            undo(file).await;
            return Err(ApiError::InsufficientStorage);
        }
        if let Err(error) = file.write_all(&bytes).await {
            undo(file).await;
            return Err(storage_error(error, "cannot write the part file"));
        }
        written += bytes.len() as u64;
    }
    if let Err(error) = file.flush().await {
        undo(file).await;
        return Err(storage_error(error, "cannot write the part file"));
    }
    Ok(written)
}

/// A complete part file checked, stored and recorded; on a refusal the upload is marked
/// failed with why, on a fault it is left to retry; either way nothing is stored.
async fn store(
    uploads: &Uploads,
    actor: &Actor,
    row: upload::Model,
    lang: Lang,
) -> ApiResult<UploadView> {
    let part = uploads.part(&row.id);
    let kind = UploadKind::parse(&row.kind).unwrap_or(UploadKind::Audio);
    let checked = {
        let part = part.clone();
        tokio::task::spawn_blocking(move || check(&part, kind))
            .await
            .map_err(|error| ApiError::Internal(anyhow::anyhow!("upload check: {error}")))?
    };
    let checked = match checked {
        Ok(checked) => checked,
        Err(Refusal::Io(error)) => return Err(storage_error(error, "cannot read the part file")),
        Err(refusal) => {
            let code = refusal.code();
            // The space first: the refusal stands even when the row cannot be marked now.
            let _ = tokio::fs::remove_file(&part).await;
            if let Err(error) = fail(uploads, &row, code).await {
                tracing::warn!(upload = %row.id, %error, "refused upload not marked failed");
            }
            return Err(ApiError::Unsupported {
                message: text(lang, &format!("api.upload.{code}")).to_owned(),
                fields: [("file".to_owned(), refusal.detail(kind, lang))].into(),
            });
        }
    };
    let now = now_ms();
    // The same bytes stored already: that file serves this upload too.
    let existing = asset::Entity::find()
        .filter(asset::Column::Sha256.eq(&checked.sha256))
        .filter(asset::Column::Kind.eq(kind.as_str()))
        .one(uploads.db.reader())
        .await?;
    let key = match &existing {
        Some(_) => None,
        None => {
            let key = format!(
                "{}/{}/{}.{}",
                kind.as_str(),
                chrono::Utc::now().format("%Y/%m"),
                uuid::Uuid::new_v4(),
                checked.sniffed.extension
            );
            uploads
                .storage
                .put_file(&part, &key)
                .await
                .map_err(|error| ApiError::Internal(error.context("storing an upload")))?;
            Some(key)
        }
    };
    let recorded = record(
        uploads,
        actor,
        &row,
        existing,
        key.as_deref(),
        &checked,
        now,
    )
    .await;
    match recorded {
        Ok(asset) => {
            let _ = tokio::fs::remove_file(&part).await;
            if uploads.shared {
                shared::forget_pieces(uploads, &row.id).await;
            }
            let mut done = row;
            done.status = UploadStatus::Complete.as_str().to_owned();
            done.asset_id = Some(asset.id);
            done.updated_at = now;
            Ok(UploadView::new(&done, done.size, Some(&asset), lang))
        }
        Err(error) => {
            if let Some(key) = &key {
                if let Err(cleanup) = uploads.storage.delete(key).await {
                    tracing::error!(%key, %cleanup, "stored file of a failed upload not removed");
                }
            }
            Err(error)
        }
    }
}

/// The asset row (new, or the existing one with the same bytes) and the upload marked
/// complete, in one transaction with the audit row.
async fn record(
    uploads: &Uploads,
    actor: &Actor,
    row: &upload::Model,
    existing: Option<asset::Model>,
    key: Option<&str>,
    checked: &Checked,
    now: i64,
) -> ApiResult<asset::Model> {
    let txn = uploads.db.begin_write().await?;
    let asset = match (existing, key) {
        (Some(existing), _) => existing,
        (None, Some(key)) => {
            let asset = asset::ActiveModel {
                storage_key: Set(key.to_owned()),
                mime: Set(checked.sniffed.mime.to_owned()),
                bytes: Set(row.size),
                sha256: Set(checked.sha256.clone()),
                duration_secs: Set(checked.duration_secs),
                created_at: Set(now),
                kind: Set(row.kind.clone()),
                original_name: Set(Some(row.file_name.clone())),
                tags: Set(serde_json::to_string(&checked.tags).ok()),
                created_by: Set(Some(actor.id)),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
            audit::record(
                &txn,
                actor,
                Change {
                    action: "asset.create",
                    entity: "asset",
                    entity_id: asset.id,
                    before: None,
                    after: serde_json::to_value(view::AssetView::from(&asset)).ok(),
                },
                now,
            )
            .await?;
            asset
        }
        (None, None) => return Err(ApiError::Internal(anyhow::anyhow!("no stored file"))),
    };
    upload::Entity::update_many()
        .col_expr(
            upload::Column::Status,
            Expr::value(UploadStatus::Complete.as_str()),
        )
        .col_expr(upload::Column::AssetId, Expr::value(asset.id))
        .col_expr(upload::Column::UpdatedAt, Expr::value(now))
        .filter(upload::Column::Id.eq(&row.id))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(asset)
}

/// Marks an upload failed with the code of why.
async fn fail(uploads: &Uploads, row: &upload::Model, code: &str) -> ApiResult<()> {
    mark(
        uploads,
        &row.id,
        Some(UploadStatus::Failed),
        Some(code),
        now_ms(),
    )
    .await
}

/// Sets the upload's time of last change and, when given, its status and failure code, in a
/// write transaction of its own.
async fn mark(
    uploads: &Uploads,
    id: &str,
    status: Option<UploadStatus>,
    error: Option<&str>,
    now: i64,
) -> ApiResult<()> {
    let mut update = upload::Entity::update_many()
        .col_expr(upload::Column::UpdatedAt, Expr::value(now))
        .filter(upload::Column::Id.eq(id));
    if let Some(status) = status {
        update = update.col_expr(upload::Column::Status, Expr::value(status.as_str()));
    }
    if let Some(error) = error {
        update = update.col_expr(upload::Column::Error, Expr::value(error));
    }
    let txn = uploads.db.begin_write().await?;
    update.exec(&txn).await?;
    txn.commit().await
}

/// Stops the upload `id` of `actor`: its part file is removed, then it is marked cancelled.
/// A finished upload is left as it is. The removal never waits for the database: when the row
/// cannot be written (a full disk), the upload is stopped all the same (it has no part file to
/// resume into) and the sweep marks it later.
pub async fn cancel(uploads: &Uploads, actor: &Actor, id: &str, lang: Lang) -> ApiResult<()> {
    let row = owned(uploads, actor.id, id).await?;
    if UploadStatus::parse(&row.status) != UploadStatus::Receiving {
        return Ok(());
    }
    let Some(_claim) = uploads.claim(id) else {
        return Err(ApiError::Conflict {
            code: "upload_busy",
            message: text(lang, "api.upload.busy").to_owned(),
            fields: Default::default(),
        });
    };
    let _ = tokio::fs::remove_file(uploads.part(id)).await;
    if uploads.shared {
        shared::forget_pieces(uploads, id).await;
    }
    if let Err(error) = mark(uploads, id, Some(UploadStatus::Cancelled), None, now_ms()).await {
        tracing::warn!(upload = %id, %error, "cancelled upload's part file removed, its row not marked");
    }
    Ok(())
}

/// What a sweep dropped: uploads (and stray part files), and the bytes freed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Swept {
    pub dropped: u64,
    pub bytes: u64,
}

/// Drops the uploads that received nothing for `idle_for` (by their row or their part file,
/// whichever moved last) and part files no open upload owns. Each part file is removed before
/// its row is marked failed `expired`, and a row that cannot be marked (a full disk) is left for
/// the next sweep, so the space comes back whether or not the database takes writes.
pub async fn sweep(uploads: &Uploads, idle_for: Duration) -> ApiResult<Swept> {
    let cutoff = now_ms() - idle_for.as_millis() as i64;
    let open = upload::Entity::find()
        .filter(upload::Column::Status.eq(UploadStatus::Receiving.as_str()))
        .all(uploads.db.reader())
        .await?;
    let mut swept = Swept::default();
    let mut owned = HashSet::new();
    for row in open {
        owned.insert(format!("{}.part", row.id));
        let part = uploads.part(&row.id);
        let on_disk = std::fs::metadata(&part).ok();
        let last_change = on_disk
            .as_ref()
            .and_then(|meta| meta.modified().ok())
            .map_or(row.updated_at, |modified| {
                row.updated_at.max(millis_of(modified))
            });
        if last_change >= cutoff {
            continue;
        }
        let Some(_claim) = uploads.claim(&row.id) else {
            continue;
        };
        if let Some(meta) = on_disk {
            if tokio::fs::remove_file(&part).await.is_ok() {
                swept.bytes += meta.len();
            }
        }
        if uploads.shared {
            shared::forget_pieces(uploads, &row.id).await;
        }
        swept.dropped += 1;
        if let Err(error) = fail(uploads, &row, "expired").await {
            tracing::warn!(upload = %row.id, %error, "idle upload's part file removed, its row not marked");
        }
    }
    let mut entries = tokio::fs::read_dir(uploads.staging.as_path())
        .await
        .map_err(|error| storage_error(error, "cannot list the part files"))?;
    while let Ok(Some(entry)) = entries.next_entry().await {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Ok(meta) = entry.metadata().await else {
            continue;
        };
        let idle = meta
            .modified()
            .is_ok_and(|modified| millis_of(modified) < cutoff);
        if name.ends_with(".part")
            && !owned.contains(&name)
            && idle
            && tokio::fs::remove_file(entry.path()).await.is_ok()
        {
            swept.dropped += 1;
            swept.bytes += meta.len();
        }
    }
    Ok(swept)
}

/// Looks at the staging disk every few seconds: below the floor, drops the uploads idle for
/// [`UPLOAD_IDLE_LIMIT_WHEN_FULL`]; every ten minutes, those idle for [`UPLOAD_IDLE_LIMIT`].
pub fn watch_the_disk(uploads: Uploads) {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(DISK_WATCH_EVERY);
        let mut looks = 0u32;
        loop {
            ticks.tick().await;
            let idle_for = if uploads.below_floor() {
                UPLOAD_IDLE_LIMIT_WHEN_FULL
            } else if looks.is_multiple_of(WATCHES_PER_SWEEP) {
                UPLOAD_IDLE_LIMIT
            } else {
                looks += 1;
                continue;
            };
            looks += 1;
            match sweep(&uploads, idle_for).await {
                Ok(Swept { dropped: 0, .. }) => {}
                Ok(Swept { dropped, bytes }) => {
                    tracing::info!(dropped, bytes, "idle uploads dropped");
                }
                Err(error) => tracing::warn!(%error, "idle uploads not swept"),
            }
        }
    });
}

fn millis_of(time: std::time::SystemTime) -> i64 {
    time.duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_millis() as i64)
}

/// A complete part file found to be what it claims.
struct Checked {
    sniffed: sniff::Sniffed,
    sha256: String,
    duration_secs: f64,
    tags: probe::AudioTags,
}

/// Why a complete part file is refused.
enum Refusal {
    /// Its bytes are not of an accepted type (what they look like instead, when known).
    WrongType(Option<&'static str>),
    /// It looks like audio but cannot be read as such.
    UnreadableAudio,
    /// It looks like an image but does not decode, or has too many pixels.
    Image(crate::covers::ImageRefusal),
    Io(std::io::Error),
}

impl Refusal {
    fn code(&self) -> &'static str {
        match self {
            Self::WrongType(_) => "wrongType",
            Self::UnreadableAudio => "unreadableAudio",
            Self::Image(refusal) => refusal.code(),
            Self::Io(_) => "io",
        }
    }

    /// The message of the `file` field: the accepted types, and what was found.
    fn detail(&self, kind: UploadKind, lang: Lang) -> String {
        let accepted = sniff::accepted_extensions(kind);
        match self {
            Self::WrongType(found) => text_with(
                lang,
                "api.upload.wrongTypeField",
                &[("accepted", &accepted), ("found", found.unwrap_or("?"))],
            ),
            Self::Image(refusal) => refusal.detail(lang),
            _ => text(lang, "api.upload.unreadableAudio").to_owned(),
        }
    }
}

/// Sniffs, probes and hashes the part file (blocking).
fn check(part: &Path, kind: UploadKind) -> Result<Checked, Refusal> {
    let mut file = std::fs::File::open(part).map_err(Refusal::Io)?;
    let mut head = vec![0u8; SNIFF_BYTES];
    let read = read_up_to(&mut file, &mut head).map_err(Refusal::Io)?;
    let sniffed = sniff(&head[..read], kind).map_err(Refusal::WrongType)?;
    let (duration_secs, tags) = match kind {
        UploadKind::Audio => {
            let probed = probe::probe_audio(part, sniffed.extension)
                .map_err(|_| Refusal::UnreadableAudio)?;
            (probed.duration_secs, probed.tags)
        }
        UploadKind::Image => {
            crate::covers::check_image(part).map_err(Refusal::Image)?;
            (0.0, probe::AudioTags::default())
        }
    };
    file.rewind().map_err(Refusal::Io)?;
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 256 * 1024];
    loop {
        let read = file.read(&mut buffer).map_err(Refusal::Io)?;
        if read == 0 {
            break;
        }
        hasher.update(&buffer[..read]);
    }
    Ok(Checked {
        sniffed,
        sha256: hex::encode(hasher.finalize()),
        duration_secs,
        tags,
    })
}

fn read_up_to(file: &mut std::fs::File, buffer: &mut [u8]) -> std::io::Result<usize> {
    let mut filled = 0;
    while filled < buffer.len() {
        match file.read(&mut buffer[filled..])? {
            0 => break,
            read => filled += read,
        }
    }
    Ok(filled)
}

/// The 409 of an upload that takes no more bytes.
fn closed(status: UploadStatus, lang: Lang) -> ApiError {
    ApiError::Conflict {
        code: "upload_closed",
        message: text_with(lang, "api.upload.closed", &[("status", status.as_str())]),
        fields: Default::default(),
    }
}

/// A disk error of the staging folder: 507 when the disk is full, else a 500.
fn storage_error(error: std::io::Error, context: &'static str) -> ApiError {
    if error.kind() == std::io::ErrorKind::StorageFull || error.raw_os_error() == Some(28) {
        ApiError::InsufficientStorage
    } else {
        ApiError::Internal(anyhow::Error::new(error).context(context))
    }
}

//! Resumable uploads of audio and images, streamed to disk in chunks and stored whole or not
//! at all. The HTTP side is the tus 1.0 core protocol with its creation and termination
//! extensions (`routes::admin::uploads`), so a client resumes after a dropped connection by
//! asking how much arrived.
//!
//! The bytes of an upload in progress wait in `<DATA_DIR>/uploads/<id>.part`, never in memory
//! and never where listeners or the console's file lists look. When the last byte arrives the
//! file is sniffed (its bytes must be audio, or an image, whatever its name), probed (an audio
//! file must have a length), hashed, written to the store under a generated name, and its
//! `assets` row inserted; any failure on the way leaves nothing stored. Uploads idle for a day
//! are dropped.
//!
//! Several instances: an upload's requests must reach the instance holding its part file
//! (sticky sessions, or a DATA_DIR shared by the instances).
pub mod probe;
pub mod sniff;
pub mod view;

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
    QueryFilter,
};
use sha2::{Digest, Sha256};
use tingshu_core::{
    i18n::texts::{text, text_with},
    Lang,
};

use self::{
    sniff::{sniff, UploadKind, SNIFF_BYTES},
    view::{UploadStatus, UploadView},
};
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
/// Free space the staging disk keeps beyond a new upload's size.
const STAGING_RESERVE_BYTES: u64 = 64 * 1024 * 1024;
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
    pub limits: UploadLimits,
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
    /// The staging folder `<data_dir>/uploads` (created when missing).
    pub fn open(
        db: Db,
        storage: Storage,
        data_dir: &Path,
        limits: UploadLimits,
    ) -> std::io::Result<Self> {
        let staging = data_dir.join(STAGING_DIR);
        std::fs::create_dir_all(&staging)?;
        Ok(Self {
            db,
            storage,
            staging: Arc::new(staging),
            busy: Arc::default(),
            limits,
        })
    }

    fn part(&self, id: &str) -> PathBuf {
        self.staging.join(format!("{id}.part"))
    }

    /// Bytes received so far: the length of the part file (0 when there is none).
    fn received(&self, id: &str) -> i64 {
        std::fs::metadata(self.part(id)).map_or(0, |meta| meta.len() as i64)
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
}

/// What a new upload declares.
#[derive(Debug, Clone)]
pub struct NewUpload {
    pub kind: UploadKind,
    pub file_name: String,
    pub size: u64,
}

/// Opens an upload for `actor`: checks the name, the size against the kind's limit, the
/// sender's open uploads and the staging disk's space, then creates the empty part file.
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
    let limit = uploads.limits.of(new.kind);
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
    if uploads.free_bytes() < new.size.saturating_add(STAGING_RESERVE_BYTES) {
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
        UploadStatus::Receiving => uploads.received(&row.id),
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
    let received = uploads.received(id) as u64;
    if !part.exists() {
        return Err(closed(UploadStatus::Failed, lang));
    }
    if offset != received {
        return Err(ApiError::Conflict {
            code: "upload_offset_mismatch",
            message: text_with(
                lang,
                "api.upload.offset",
                &[("received", &received.to_string())],
            ),
            fields: [("Upload-Offset".to_owned(), received.to_string())].into(),
        });
    }
    let size = row.size as u64;
    let written = write_body(&part, offset, size - offset, body).await?;
    let now = now_ms();
    let new_offset = offset + written;
    if new_offset < size {
        mark(uploads, id, None, None, now).await?;
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

/// Writes the body at `offset` of the part file, at most `room` bytes; answers how many were
/// written. More than `room` leaves the file as it was (413); a body cut short keeps what
/// arrived, so the client resumes from there.
async fn write_body(part: &Path, offset: u64, room: u64, body: Body) -> ApiResult<u64> {
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
            fail(uploads, &row, code).await?;
            let _ = tokio::fs::remove_file(&part).await;
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

/// Stops the upload `id` of `actor`: its part file is removed and it is marked cancelled.
/// A finished upload is left as it is.
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
    mark(uploads, id, Some(UploadStatus::Cancelled), None, now_ms()).await?;
    let _ = tokio::fs::remove_file(uploads.part(id)).await;
    Ok(())
}

/// Drops uploads idle for longer than [`UPLOAD_IDLE_LIMIT`] (part file removed, marked failed
/// `expired`), and part files no upload is receiving into; answers how many were dropped.
pub async fn sweep(uploads: &Uploads) -> ApiResult<usize> {
    let cutoff = now_ms() - UPLOAD_IDLE_LIMIT.as_millis() as i64;
    let stale = upload::Entity::find()
        .filter(upload::Column::Status.eq(UploadStatus::Receiving.as_str()))
        .filter(upload::Column::UpdatedAt.lt(cutoff))
        .all(uploads.db.reader())
        .await?;
    let mut dropped = 0;
    for row in stale {
        let Some(_claim) = uploads.claim(&row.id) else {
            continue;
        };
        fail(uploads, &row, "expired").await?;
        let _ = tokio::fs::remove_file(uploads.part(&row.id)).await;
        dropped += 1;
    }
    Ok(dropped)
}

/// Runs [`sweep`] every ten minutes.
pub fn sweep_every_ten_minutes(uploads: Uploads) {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(Duration::from_secs(600));
        loop {
            ticks.tick().await;
            match sweep(&uploads).await {
                Ok(0) => {}
                Ok(dropped) => tracing::info!(dropped, "idle uploads dropped"),
                Err(error) => tracing::warn!(%error, "idle uploads not swept"),
            }
        }
    });
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
    Io(std::io::Error),
}

impl Refusal {
    fn code(&self) -> &'static str {
        match self {
            Self::WrongType(_) => "wrongType",
            Self::UnreadableAudio => "unreadableAudio",
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
            let probed = probe::probe_audio(part).map_err(|_| Refusal::UnreadableAudio)?;
            (probed.duration_secs, probed.tags)
        }
        UploadKind::Image => (0.0, probe::AudioTags::default()),
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

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

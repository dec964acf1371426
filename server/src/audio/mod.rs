//! Chapter audio: who may hear a chapter (the core's `chapterAccess`), signed audio URLs
//! (the core's `signAudioUrl` / `verifyAudioUrl`, keyed by a key derived from the token
//! secret), the short-lived caches of chapter facts (`facts`) and open files (`files`), and
//! the ranged file response (`serve`).
pub mod facts;
pub mod files;
pub mod object;
pub mod repository;
pub mod serve;

use tingshu_core::{
    catalog::{
        access::{
            chapter_access, BookAccess, ChapterAccess, ChapterAccessInput, ChapterAccessKind,
        },
        denied_message,
        signed_url::{
            sign_audio_url, verify_audio_url, SignAudioUrlInput, SignatureCheck,
            VerifyAudioUrlInput, SIGNATURE_TTL_MS,
        },
    },
    Lang,
};

use std::{sync::Arc, time::SystemTime};

use self::{
    facts::{AudioFacts, ChapterAudio},
    files::{FileMeta, OpenAudioFile, OpenFiles},
    object::{StoredObject, StoredObjects},
};
use crate::{
    db::Db,
    entities::user,
    error::{ApiError, ApiResult},
    storage::Storage,
};

/// The audio feature: who may hear a chapter, its signed URLs and its bytes, with the
/// short-lived caches of chapter facts and open files. Built once at start-up; a clone costs
/// one reference count.
#[derive(Clone)]
pub struct Audio(Arc<AudioParts>);

struct AudioParts {
    db: Db,
    storage: Storage,
    facts: AudioFacts,
    files: OpenFiles,
    objects: StoredObjects,
    /// The key audio URLs are signed with: derived from the token secret, never the secret.
    url_key: String,
}

impl Audio {
    pub fn new(db: Db, storage: Storage, url_key: &str) -> Self {
        Self(Arc::new(AudioParts {
            db,
            storage,
            facts: AudioFacts::default(),
            files: OpenFiles::default(),
            objects: StoredObjects::default(),
            url_key: url_key.to_owned(),
        }))
    }

    pub fn db(&self) -> &Db {
        &self.0.db
    }

    /// The chapter facts kept a moment (a catalogue change forgets them).
    pub fn facts(&self) -> &AudioFacts {
        &self.0.facts
    }

    /// Lookups and misses of the open local files.
    pub fn files_stats(&self) -> &crate::metrics::CacheStats {
        self.0.files.stats()
    }

    /// Lookups and misses of the stored objects' metadata.
    pub fn objects_stats(&self) -> &crate::metrics::CacheStats {
        self.0.objects.stats()
    }

    /// The key that signs and verifies audio URLs.
    pub fn url_key(&self) -> &str {
        &self.0.url_key
    }

    /// The playable facts of chapter `id`; the 404 `no_audio` when it has none.
    pub async fn chapter(&self, id: i32, now_ms: i64) -> ApiResult<Arc<ChapterAudio>> {
        self.0
            .facts
            .chapter(self.0.db.reader(), id, now_ms)
            .await?
            .ok_or_else(|| no_audio(id))
    }
}

/// An audio file ready to be served: open on the local disk, or an object in another store.
#[derive(Clone)]
pub enum AudioSource {
    Local(Arc<OpenAudioFile>),
    Stored(StoredObject),
}

impl AudioSource {
    pub fn meta(&self) -> FileMeta {
        match self {
            Self::Local(open) => open.meta,
            Self::Stored(object) => object.file_meta(),
        }
    }

    pub fn modified(&self) -> Option<SystemTime> {
        self.meta().modified
    }
}

/// Answers an editor's request for a stored file (any chapter's audio, any uploaded file):
/// ranges and validators as for listeners, never cached by others (`private, no-cache`).
pub async fn serve_stored(
    audio: &Audio,
    key: &str,
    mime: &str,
    sha256: &str,
    method: &axum::http::Method,
    headers: &axum::http::HeaderMap,
) -> ApiResult<axum::response::Response> {
    let source = open_source(audio, key).await?;
    let mime = facts::mime_header(mime);
    let etag = serve::strong_etag(sha256);
    let file = serve::AudioFile {
        source,
        mime: &mime,
        etag: etag.as_ref(),
    };
    let now_ms = crate::clock::now_ms();
    serve::serve(method, headers, file, serve::CachePolicy::Bearer, now_ms).await
}

/// Opens the stored file `key`: on the local disk the file itself (kept open a minute, read
/// with positioned reads), elsewhere the object through the store. A missing file is the
/// 404 `audio_file`.
pub async fn open_source(audio: &Audio, key: &str) -> ApiResult<AudioSource> {
    let parts = &audio.0;
    let opened = if parts.storage.is_local() {
        let path = || parts.storage.local_path(key);
        parts.files.open(key, path).await.map(AudioSource::Local)
    } else {
        parts
            .objects
            .open(parts.storage.store(), key)
            .await
            .map(AudioSource::Stored)
    };
    opened.map_err(|error| {
        if error.kind() == std::io::ErrorKind::NotFound {
            ApiError::NotFound(crate::error::Missing::AudioFile)
        } else {
            ApiError::Internal(anyhow::Error::new(error).context("audio file"))
        }
    })
}

pub use tingshu_core::catalog::signed_url::SIGNATURE_TTL_MS as AUDIO_URL_TTL_MS;

/// Path of a chapter's audio endpoint (under the site root).
pub fn audio_path(chapter_id: i32) -> String {
    format!("/api/chapters/{chapter_id}/audio")
}

/// Where a chapter's audio can be fetched: the URL and, for a signed one, its expiry (ms).
///
/// Without `needs_signature` (free and campaign chapters) or without a user, the plain
/// endpoint path. Otherwise `?exp=&uid=&sig=` valid for 10 minutes from `now_ms`, so an
/// `<audio>` element (which cannot send a bearer token) can play it.
pub fn audio_url(
    audio: &Audio,
    chapter_id: i32,
    user_id: Option<i32>,
    needs_signature: bool,
    now_ms: i64,
) -> (String, Option<i64>) {
    match user_id {
        Some(user_id) if needs_signature => {
            let expires_at = now_ms + SIGNATURE_TTL_MS;
            (
                signed_audio_url(audio, chapter_id, user_id, expires_at),
                Some(expires_at),
            )
        }
        _ => (audio_path(chapter_id), None),
    }
}

/// The chapter's audio address signed for `user_id` until `expires_at` (ms).
pub fn signed_audio_url(audio: &Audio, chapter_id: i32, user_id: i32, expires_at: i64) -> String {
    let sig = sign_audio_url(SignAudioUrlInput {
        key: audio.url_key().to_owned(),
        chapter_id: chapter_id.into(),
        user_id: user_id.into(),
        expires_at,
    });
    format!(
        "{}?exp={expires_at}&uid={user_id}&sig={sig}",
        audio_path(chapter_id)
    )
}

/// The `exp`, `uid`, `sig` query parameters of a signed audio URL, as received.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SignatureParams {
    /// When the link expires (ms since the epoch).
    #[param(value_type = Option<i64>)]
    pub exp: Option<String>,
    /// The user the link was made for.
    #[param(value_type = Option<i32>)]
    pub uid: Option<String>,
    /// The link's signature (hex HMAC-SHA256).
    pub sig: Option<String>,
}

impl SignatureParams {
    /// Whether the request claims to be signed (any of the three present).
    pub fn present(&self) -> bool {
        self.exp.is_some() || self.uid.is_some() || self.sig.is_some()
    }

    /// The signed user id and the expiry (ms) when the signature is genuine and unexpired;
    /// otherwise the outcome of the check (a missing or malformed part is `invalid`).
    pub fn verify(
        &self,
        key: &str,
        chapter_id: i32,
        now_ms: i64,
    ) -> Result<(i32, i64), SignatureCheck> {
        let (Some(exp), Some(uid), Some(sig)) = (&self.exp, &self.uid, &self.sig) else {
            return Err(SignatureCheck::Invalid);
        };
        let (Ok(expires_at), Ok(user_id)) = (exp.parse::<i64>(), uid.parse::<i32>()) else {
            return Err(SignatureCheck::Invalid);
        };
        match verify_audio_url(VerifyAudioUrlInput {
            key: key.to_owned(),
            chapter_id: chapter_id.into(),
            user_id: user_id.into(),
            expires_at,
            signature: sig.clone(),
            now_ms,
        }) {
            SignatureCheck::Valid => Ok((user_id, expires_at)),
            other => Err(other),
        }
    }
}

/// Decides `chapterAccess` for one listener; reads purchases only when nothing else opens
/// the chapter.
pub async fn access_for(
    db: &Db,
    audio: &ChapterAudio,
    listener: Option<&user::Model>,
    now_ms: i64,
) -> ApiResult<ChapterAccess> {
    let campaign_ends_at = audio.campaign_end_at(now_ms);
    let open = audio.chapter_is_free
        || audio.book_access == BookAccess::Free
        || campaign_ends_at.is_some();
    let purchased = match listener {
        Some(user) if !open => {
            repository::purchased(db.reader(), user.id, audio.book_id, audio.chapter_id).await?
        }
        _ => false,
    };
    Ok(chapter_access(ChapterAccessInput {
        book_access: audio.book_access,
        chapter_is_free: audio.chapter_is_free,
        campaign_ends_at: campaign_ends_at.map(|ms| ms as f64),
        now_ms: now_ms as f64,
        user: listener.map(user::Model::premium),
        purchased,
    }))
}

/// The 404 of a chapter without playable audio (missing, unpublished or without a file).
pub fn no_audio(chapter_id: i32) -> ApiError {
    ApiError::NotFound(crate::error::Missing::Audio(chapter_id))
}

/// Refuses, exactly as the audio endpoint would, a listener who may not play a chapter.
pub async fn ensure_playable(
    audio: &Audio,
    listener: &user::Model,
    chapter_id: i32,
    lang: Lang,
    now_ms: i64,
) -> ApiResult<()> {
    let chapter = audio.chapter(chapter_id, now_ms).await?;
    let access = access_for(audio.db(), &chapter, Some(listener), now_ms).await?;
    if access.allowed {
        Ok(())
    } else {
        Err(denial_error(access.kind, lang))
    }
}

/// The API error of a refused chapter.
pub fn denial_error(kind: ChapterAccessKind, lang: Lang) -> ApiError {
    let Some(denial) = kind.denial() else {
        return ApiError::Internal(anyhow::anyhow!("{kind:?} is not a refusal"));
    };
    let message = denied_message(denial.code, lang);
    match denial.status {
        401 => ApiError::auth_required(message),
        _ => ApiError::Forbidden {
            status_message: denial.message.to_owned(),
            code: denial.code.to_owned(),
            message,
        },
    }
}

/// The 403 of a signature that is not `valid`.
pub fn signature_error(check: SignatureCheck, lang: Lang) -> ApiError {
    let code = check
        .error_code()
        .unwrap_or(tingshu_core::catalog::signed_url::INVALID_SIGNATURE);
    ApiError::Forbidden {
        status_message: match check {
            SignatureCheck::Expired => "Signature expired".to_owned(),
            _ => "Invalid signature".to_owned(),
        },
        code: code.to_owned(),
        message: denied_message(code, lang),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signature_params_need_all_three_well_formed_parts() {
        let key = "k";
        let sig = sign_audio_url(SignAudioUrlInput {
            key: key.into(),
            chapter_id: 5,
            user_id: 9,
            expires_at: 2_000,
        });
        let params = |exp: &str, uid: &str, sig: &str| SignatureParams {
            exp: Some(exp.into()),
            uid: Some(uid.into()),
            sig: Some(sig.into()),
        };
        assert_eq!(
            params("2000", "9", &sig).verify(key, 5, 1_000),
            Ok((9, 2_000))
        );
        assert_eq!(
            params("2000", "9", &sig).verify(key, 5, 2_000),
            Err(SignatureCheck::Expired)
        );
        assert_eq!(
            params("2000", "nine", &sig).verify(key, 5, 1_000),
            Err(SignatureCheck::Invalid)
        );
        let partial = SignatureParams {
            sig: Some(sig),
            ..Default::default()
        };
        assert!(partial.present());
        assert_eq!(partial.verify(key, 5, 1_000), Err(SignatureCheck::Invalid));
        assert!(!SignatureParams::default().present());
    }
}

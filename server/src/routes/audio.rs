//! `GET /api/chapters/{id}/audio`: the chapter's audio bytes with HTTP Range support.
//!
//! Public in the route table because an `<audio>` element cannot send a bearer token: the
//! handler checks access itself. Free and campaign chapters are open to anyone; otherwise
//! a signed URL (`?exp&uid&sig`, see `crate::audio::audio_url`) or a bearer token of a
//! user whom `chapterAccess` allows.
use crate::routes::registry::route;
use axum::{
    extract::State,
    http::{HeaderMap, Method},
    response::Response,
};
use tingshu_core::{auth::access::Access, catalog::access::ChapterAccessKind};

use super::registry::ApiRoutes;
use crate::{
    accounts,
    audio::{
        self,
        serve::{serve, AudioFile, CachePolicy},
        Audio, SignatureParams,
    },
    auth::MaybeSignedIn,
    error::{ApiResult, ErrorBody},
    extract::{Params, PathId, RequestLang},
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    api.add(Access::Public, route!(chapter_audio))
}

/// The chapter's audio, whole or a `Range` of it. Free and campaign chapters are open to
/// anyone; others need a signed link (`exp`, `uid`, `sig` from the chapter's `audio.url`)
/// or the bearer token of a listener allowed to hear it.
#[utoipa::path(get, path = "/chapters/{id}/audio", tag = "audio",
    params(("id" = i32, Path, description = "The chapter's id"), SignatureParams),
    responses(
        (status = 200, description = "The whole file", content(("audio/*"))),
        (status = 206, description = "The requested range", content(("audio/*"))),
        (status = 304, description = "The cached copy is current"),
        (status = 401, description = "Sign in, or the signed link is invalid or expired", body = ErrorBody),
        (status = 403, description = "Membership or a purchase is needed, or the account is disabled", body = ErrorBody),
        (status = 416, description = "The range is outside the file", body = ErrorBody)))]
#[tracing::instrument(skip_all, fields(chapter_id = id))]
// Its state is the audio feature alone (`Audio`), whatever router it is mounted in.
pub async fn chapter_audio(
    State(audio): State<Audio>,
    RequestLang(lang): RequestLang,
    MaybeSignedIn(caller): MaybeSignedIn,
    PathId(id): PathId,
    Params(signature): Params<SignatureParams>,
    method: Method,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let now_ms = crate::clock::now_ms();
    let chapter = audio.chapter(id, now_ms).await?;
    let for_anyone = audio::access_for(audio.db(), &chapter, None, now_ms).await?;
    let policy = match for_anyone.kind {
        ChapterAccessKind::Free => CachePolicy::Public,
        ChapterAccessKind::Campaign => CachePolicy::PublicUntil {
            ends_at: for_anyone.until.map_or(now_ms, |ms| ms as i64),
        },
        _ if signature.present() => {
            let (user_id, expires_at) = signature
                .verify(audio.url_key(), id, now_ms)
                .map_err(|check| audio::signature_error(check, lang))?;
            let user = accounts::repository::find_by_id(audio.db(), user_id)
                .await?
                .ok_or_else(|| {
                    audio::signature_error(
                        tingshu_core::catalog::signed_url::SignatureCheck::Invalid,
                        lang,
                    )
                })?;
            crate::auth::ensure_usable(&user, lang)?;
            let access = audio::access_for(audio.db(), &chapter, Some(&user), now_ms).await?;
            if !access.allowed {
                return Err(audio::denial_error(access.kind, lang));
            }
            CachePolicy::SignedUntil { expires_at }
        }
        _ => {
            let user = caller.map(|caller| caller.user);
            let access = audio::access_for(audio.db(), &chapter, user.as_ref(), now_ms).await?;
            if !access.allowed {
                return Err(audio::denial_error(access.kind, lang));
            }
            CachePolicy::Bearer
        }
    };
    let source = audio::open_source(&audio, &chapter.key).await?;
    let file = AudioFile {
        source,
        mime: &chapter.mime,
        etag: chapter.etag.as_ref(),
    };
    serve(&method, &headers, file, policy, now_ms).await
}

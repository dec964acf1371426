//! What the audio endpoint must know about a chapter (its access facts and its file), kept in
//! memory for a few seconds so a listener's stream of Range requests costs no database reads.
//!
//! A fact changed in the database (a chapter unpublished, a book made VIP, a campaign added)
//! reaches every server within [`FACTS_TTL`]. Campaign windows are kept whole and checked
//! against the clock of each request, so a campaign ends on time, never up to a TTL late.
//! Purchases and accounts are not cached: they are read per request, only for chapters that
//! need them.
use std::{sync::Arc, time::Duration};

use axum::http::HeaderValue;
use headers::ETag;
use moka::future::Cache;
use sea_orm::DatabaseConnection;
use tingshu_core::catalog::{
    access::BookAccess,
    campaign::{latest_end, CampaignWindow},
};

use super::{repository, serve::strong_etag};
use crate::{
    db::spelled::spelled,
    error::{ApiError, ApiResult},
    metrics::CacheStats,
};

/// How long the facts of a chapter are trusted before they are read again.
pub const FACTS_TTL: Duration = Duration::from_secs(10);
/// How many chapters' facts are kept at most (a few hundred bytes each).
const FACTS_CAPACITY: u64 = 100_000;

/// A playable chapter: published, with its book and an audio asset.
#[derive(Debug, Clone)]
pub struct ChapterAudio {
    pub chapter_id: i32,
    pub book_id: i32,
    pub chapter_is_free: bool,
    pub book_access: BookAccess,
    /// The book's limited-free campaigns, past ones excluded.
    pub campaigns: Vec<CampaignWindow>,
    /// The file's storage key (checked safe).
    pub key: String,
    pub mime: HeaderValue,
    /// The strong ETag from the asset's sha256, when it has a well-formed one.
    pub etag: Option<ETag>,
}

impl ChapterAudio {
    /// The latest end (ms) of a campaign running at `now_ms` (the core's `campaignEnd`).
    pub fn campaign_end_at(&self, now_ms: i64) -> Option<i64> {
        latest_end(&self.campaigns, now_ms as f64).map(|ends_at| ends_at as i64)
    }
}

/// A stored `(starts_at, ends_at)` in ms as the core's campaign window.
fn window((starts_at, ends_at): (i64, i64)) -> CampaignWindow {
    CampaignWindow {
        starts_at: Some(starts_at as f64),
        ends_at: ends_at as f64,
    }
}

/// The cache of chapters' audio facts; cheap to clone (shared).
#[derive(Clone)]
pub struct AudioFacts {
    /// `None` for a chapter that cannot be played (missing, unpublished, no audio).
    cache: Cache<i32, Option<Arc<ChapterAudio>>>,
    stats: Arc<CacheStats>,
}

impl Default for AudioFacts {
    fn default() -> Self {
        Self {
            cache: Cache::builder()
                .max_capacity(FACTS_CAPACITY)
                .time_to_live(FACTS_TTL)
                .build(),
            stats: Arc::default(),
        }
    }
}

impl AudioFacts {
    /// Lookups and misses of this cache.
    pub fn stats(&self) -> &CacheStats {
        &self.stats
    }

    /// Forgets every chapter's facts (after a catalogue write on this server).
    pub fn forget_all(&self) {
        self.cache.invalidate_all();
    }

    /// The chapter's facts, read from the database at most once per [`FACTS_TTL`] (concurrent
    /// misses for one chapter share a single read).
    pub async fn chapter(
        &self,
        db: &DatabaseConnection,
        chapter_id: i32,
        now_ms: i64,
    ) -> ApiResult<Option<Arc<ChapterAudio>>> {
        self.stats.looked_up();
        self.cache
            .try_get_with(chapter_id, async {
                self.stats.missed();
                load(db, chapter_id, now_ms).await
            })
            .await
            .map_err(|error: Arc<ApiError>| {
                ApiError::Internal(anyhow::anyhow!("chapter {chapter_id} audio facts: {error}"))
            })
    }
}

async fn load(
    db: &DatabaseConnection,
    chapter_id: i32,
    now_ms: i64,
) -> ApiResult<Option<Arc<ChapterAudio>>> {
    let Some((chapter, book, asset)) = repository::playable(db, chapter_id).await? else {
        return Ok(None);
    };
    let book_access: BookAccess = spelled(&format!("book {}", book.id), "access", &book.access)?;
    if crate::storage::storage_key(&asset.storage_key).is_none() {
        return Err(ApiError::Internal(anyhow::anyhow!(
            "asset {} has an unsafe storage key {:?}",
            asset.id,
            asset.storage_key
        )));
    }
    let campaigns = repository::campaign_windows(db, &book, now_ms)
        .await?
        .into_iter()
        .map(window)
        .collect();
    Ok(Some(Arc::new(ChapterAudio {
        chapter_id: chapter.id,
        book_id: book.id,
        chapter_is_free: chapter.is_free,
        book_access,
        campaigns,
        key: asset.storage_key,
        mime: mime_header(&asset.mime),
        etag: strong_etag(&asset.sha256),
    })))
}

/// A stored file's type as a header value (an unusable one is sent as octet-stream).
pub fn mime_header(mime: &str) -> HeaderValue {
    HeaderValue::from_str(mime)
        .unwrap_or_else(|_| HeaderValue::from_static("application/octet-stream"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_running_campaign_counts_and_the_latest_end_wins() {
        let facts = ChapterAudio {
            chapter_id: 1,
            book_id: 1,
            chapter_is_free: false,
            book_access: BookAccess::Vip,
            campaigns: [(100, 200), (150, 300), (500, 600)].map(window).to_vec(),
            key: "a.wav".into(),
            mime: HeaderValue::from_static("audio/wav"),
            etag: None,
        };
        assert_eq!(facts.campaign_end_at(99), None);
        assert_eq!(facts.campaign_end_at(100), Some(200));
        assert_eq!(facts.campaign_end_at(199), Some(300));
        assert_eq!(facts.campaign_end_at(300), None);
        assert_eq!(facts.campaign_end_at(550), Some(600));
        assert_eq!(facts.campaign_end_at(600), None);
    }
}

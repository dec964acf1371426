//! The site's settings (name, default language, registration, upload limits, access-log
//! retention, support contact): kept in `site_settings` (one row per setting, its value as
//! JSON; a missing row takes the configured default) and read through a cache of [`TTL`].
//! A change empties this instance's cache at once, and the other instances' when they hear of
//! it (`cluster`; without that, within [`TTL`]).
//! The default language is also kept where every request can read it without waiting
//! ([`DefaultLanguage`]), refreshed every [`TTL`].
use std::{
    sync::{
        atomic::{AtomicU8, Ordering},
        Arc,
    },
    time::Duration,
};

use moka::future::Cache;
use sea_orm::{sea_query::OnConflict, ActiveValue::Set, ConnectionTrait, DbErr, EntityTrait};
use serde_json::Value;
use tingshu_core::{
    offers::site_settings::{
        validate_site_settings, SiteSettings, SiteSettingsValidation, ValidateSiteSettingsInput,
    },
    Lang,
};

use crate::{
    cluster::{self, Peers},
    console::audit::{self, Actor, Change},
    db::Db,
    entities::site_setting,
    error::{ApiError, ApiResult},
    metrics::CacheStats,
};

/// How long the settings read from the database are trusted on one instance.
pub const TTL: Duration = Duration::from_secs(10);
/// The access-log retention before an administrator sets one, in days.
pub const DEFAULT_RETENTION_DAYS: u32 = 30;

/// The site settings feature: the database, the defaults and the cache; cheap to clone.
#[derive(Clone)]
pub struct Settings {
    db: Db,
    defaults: Arc<SiteSettings>,
    cache: Cache<(), Arc<SiteSettings>>,
    stats: Arc<CacheStats>,
    default_language: DefaultLanguage,
    /// The other instances, told of every change made here.
    peers: Peers,
}

/// The site's default language as last read, for a request that states none: read on every
/// request without waiting (the language middleware holds this handle only).
#[derive(Clone, Debug, Default)]
pub struct DefaultLanguage(Arc<AtomicU8>);

impl DefaultLanguage {
    /// The language now in force.
    pub fn get(&self) -> Lang {
        Lang::ALL
            .get(usize::from(self.0.load(Ordering::Relaxed)))
            .copied()
            .unwrap_or_default()
    }

    fn set(&self, lang: Lang) {
        let index = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0);
        self.0
            .store(u8::try_from(index).unwrap_or(0), Ordering::Relaxed);
    }
}

impl Settings {
    /// Settings over `db` whose unset values are `defaults`, trusted for `ttl`.
    pub fn new(db: Db, defaults: SiteSettings, ttl: Duration) -> Self {
        let default_language = DefaultLanguage::default();
        default_language.set(defaults.default_language);
        Self {
            db,
            default_language,
            defaults: Arc::new(defaults),
            cache: Cache::builder()
                .max_capacity(1)
                .time_to_live(ttl.max(Duration::from_millis(1)))
                .build(),
            stats: Arc::default(),
            peers: Peers::none(),
        }
    }

    /// The same settings, telling `peers` of every change made here.
    pub fn telling(self, peers: Peers) -> Self {
        Self { peers, ..self }
    }

    /// Lookups and misses of the settings' cache.
    pub fn stats(&self) -> &CacheStats {
        &self.stats
    }

    /// The settings now in force. A database failure is logged and answered with the
    /// defaults (and not kept), so a listener's request never fails on the settings.
    pub async fn current(&self) -> SiteSettings {
        self.stats.looked_up();
        let load = async {
            self.stats.missed();
            read(self.db.reader(), &self.defaults).await.map(Arc::new)
        };
        match self.cache.try_get_with((), load).await {
            Ok(settings) => {
                self.default_language.set(settings.default_language);
                (*settings).clone()
            }
            Err(error) => {
                tracing::error!(%error, "site settings unreadable; using the defaults");
                (*self.defaults).clone()
            }
        }
    }

    /// The handle through which requests read the default language (see [`Self::refresh_every`]).
    pub fn default_language(&self) -> DefaultLanguage {
        self.default_language.clone()
    }

    /// Reads the settings every `period`, so the default language that requests read
    /// follows a change made on another instance within about two periods.
    pub fn refresh_every(&self, period: Duration) {
        let settings = self.clone();
        crate::db::batches::every(
            Duration::ZERO,
            period.max(Duration::from_millis(1)),
            move || {
                let settings = settings.clone();
                async move {
                    settings.current().await;
                }
            },
        );
    }

    /// Forgets the settings kept on this instance.
    pub fn forget(&self) {
        self.cache.invalidate_all();
    }

    /// Replaces the settings with the form (checked by the core's `validateSiteSettings`),
    /// with its audit row in the same transaction.
    pub async fn update(
        &self,
        actor: &Actor,
        mut input: ValidateSiteSettingsInput,
        lang: Lang,
    ) -> ApiResult<SiteSettings> {
        input.lang = lang;
        let settings = match validate_site_settings(input) {
            SiteSettingsValidation::Valid { settings } => settings,
            SiteSettingsValidation::Invalid { errors } => {
                return Err(ApiError::invalid_form(&errors, lang))
            }
        };
        let now = crate::clock::now_ms();
        let txn = self.db.begin_write().await?;
        let before = read(&txn, &self.defaults).await?;
        let rows = fields(&settings)
            .into_iter()
            .map(|(key, value)| site_setting::ActiveModel {
                key: Set(key),
                value: Set(value.to_string()),
                updated_at: Set(now),
            });
        site_setting::Entity::insert_many(rows)
            .on_conflict(
                OnConflict::column(site_setting::Column::Key)
                    .update_columns([site_setting::Column::Value, site_setting::Column::UpdatedAt])
                    .to_owned(),
            )
            .exec(&txn)
            .await?;
        let change = Change {
            action: "settings.update",
            entity: "settings",
            entity_id: 0,
            before: serde_json::to_value(&before).ok(),
            after: serde_json::to_value(&settings).ok(),
        };
        audit::record(&txn, actor, change, now).await?;
        txn.commit().await?;
        self.forget();
        self.peers.tell(cluster::Change::Settings).await;
        self.default_language.set(settings.default_language);
        Ok(settings)
    }
}

/// The settings before an administrator changes any: the configured upload limits, the
/// site open to registration in Chinese, [`DEFAULT_RETENTION_DAYS`], no support contact.
pub fn defaults(config: &crate::config::Config) -> SiteSettings {
    let mb = |value: u64| u32::try_from(value).unwrap_or(u32::MAX);
    SiteSettings {
        site_name: "听书".to_owned(),
        default_language: Lang::Zh,
        registration_open: true,
        max_audio_mb: mb(config.max_audio_upload_mb),
        max_image_mb: mb(config.max_image_upload_mb),
        access_log_retention_days: DEFAULT_RETENTION_DAYS,
        support_contact: None,
    }
}

/// Each setting as its stored key and JSON value.
fn fields(settings: &SiteSettings) -> Vec<(String, Value)> {
    match serde_json::to_value(settings) {
        Ok(Value::Object(map)) => map.into_iter().collect(),
        _ => Vec::new(),
    }
}

/// The stored settings over `defaults` (an unknown key is ignored; a bad value keeps the
/// default, logged).
async fn read(db: &impl ConnectionTrait, defaults: &SiteSettings) -> Result<SiteSettings, DbErr> {
    let rows = site_setting::Entity::find().all(db).await?;
    let mut merged = match serde_json::to_value(defaults) {
        Ok(Value::Object(map)) => map,
        _ => return Ok(defaults.clone()),
    };
    for row in rows {
        if !merged.contains_key(&row.key) {
            continue;
        }
        match serde_json::from_str::<Value>(&row.value) {
            Ok(value) => {
                merged.insert(row.key, value);
            }
            Err(error) => tracing::error!(key = row.key, %error, "bad stored site setting"),
        }
    }
    Ok(
        serde_json::from_value(Value::Object(merged)).unwrap_or_else(|error| {
            tracing::error!(%error, "stored site settings unreadable; using the defaults");
            defaults.clone()
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_language_handle_keeps_what_was_set() {
        let handle = DefaultLanguage::default();
        assert_eq!(handle.get(), Lang::Zh);
        for lang in Lang::ALL {
            handle.set(lang);
            assert_eq!(handle.clone().get(), lang);
        }
    }

    #[test]
    fn every_setting_is_one_row() {
        let settings = SiteSettings {
            site_name: "听书".into(),
            default_language: Lang::Zh,
            registration_open: true,
            max_audio_mb: 500,
            max_image_mb: 10,
            access_log_retention_days: DEFAULT_RETENTION_DAYS,
            support_contact: None,
        };
        let keys: Vec<String> = fields(&settings).into_iter().map(|(k, _)| k).collect();
        assert_eq!(keys.len(), 7, "{keys:?}");
        assert!(keys.contains(&"accessLogRetentionDays".to_owned()));
    }
}

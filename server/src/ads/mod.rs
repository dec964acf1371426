//! Ads in the console (create, change, delete, list, each checked by the core's `validateAd`
//! and written with its audit row) and the ads listeners may see now (running and enabled;
//! the app hides them from members, who never see ads).
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait,
    QueryFilter, QueryOrder,
};
use serde::Serialize;
use tingshu_core::{
    offers::ads::{
        ad_visible, validate_ad, AdFields, AdSlot, AdValidation, AdVisibleInput, ValidateAdInput,
    },
    spelling::Spelling,
    Lang,
};

use crate::clock::now_ms;
use crate::{
    console::audit::{self, Actor, Change},
    db::Db,
    entities::ad_slot,
    error::{ApiError, ApiResult, Missing},
};

/// The ads feature: the database; cheap to clone.
#[derive(Clone)]
pub struct Ads {
    pub db: Db,
}

/// An ad as the console shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminAd {
    pub id: i32,
    pub slot: AdSlot,
    pub enabled: bool,
    pub image_url: Option<String>,
    pub text: Option<String>,
    pub link: String,
    pub starts_at: i64,
    pub ends_at: i64,
    pub hidden_for_members: bool,
    /// Whether a listener who is not a member sees it now.
    pub showing: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

/// An ad as listeners receive it (with `GET /api/site`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicAd {
    pub id: i32,
    pub slot: AdSlot,
    pub image_url: Option<String>,
    pub text: Option<String>,
    pub link: String,
    pub starts_at: i64,
    pub ends_at: i64,
}

fn showing(row: &ad_slot::Model, now: i64) -> bool {
    ad_visible(AdVisibleInput {
        enabled: row.enabled,
        starts_at: row.starts_at as f64,
        ends_at: row.ends_at as f64,
        now_ms: now as f64,
        member: false,
    })
}

fn view(row: ad_slot::Model, now: i64) -> ApiResult<AdminAd> {
    let slot = AdSlot::parse(&row.slot).ok_or_else(|| {
        ApiError::Internal(anyhow::anyhow!(
            "ad {} has an unknown slot {:?}",
            row.id,
            row.slot
        ))
    })?;
    Ok(AdminAd {
        showing: showing(&row, now),
        id: row.id,
        slot,
        enabled: row.enabled,
        image_url: row.image_url,
        text: row.text,
        link: row.link,
        starts_at: row.starts_at,
        ends_at: row.ends_at,
        hidden_for_members: row.hidden_for_members,
        created_at: row.created_at,
        updated_at: row.updated_at,
    })
}

/// Every ad, by place then latest start first.
pub async fn list(db: &impl ConnectionTrait) -> ApiResult<Vec<AdminAd>> {
    let now = now_ms();
    ad_slot::Entity::find()
        .order_by_asc(ad_slot::Column::Slot)
        .order_by_desc(ad_slot::Column::StartsAt)
        .order_by_desc(ad_slot::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|row| view(row, now))
        .collect()
}

/// The ads a listener who is not a member sees at `now` (the core's `adVisible`).
pub async fn running(db: &impl ConnectionTrait, now: i64) -> Result<Vec<PublicAd>, DbErr> {
    let rows = ad_slot::Entity::find()
        .filter(ad_slot::Column::Enabled.eq(true))
        .filter(ad_slot::Column::EndsAt.gt(now))
        .filter(ad_slot::Column::StartsAt.lte(now))
        .order_by_asc(ad_slot::Column::Slot)
        .order_by_desc(ad_slot::Column::StartsAt)
        .order_by_desc(ad_slot::Column::Id)
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .filter(|row| showing(row, now))
        .filter_map(|row| {
            Some(PublicAd {
                slot: AdSlot::parse(&row.slot)?,
                id: row.id,
                image_url: row.image_url,
                text: row.text,
                link: row.link,
                starts_at: row.starts_at,
                ends_at: row.ends_at,
            })
        })
        .collect())
}

fn checked(mut input: ValidateAdInput, lang: Lang) -> ApiResult<AdFields> {
    input.lang = lang;
    match validate_ad(input) {
        AdValidation::Valid { ad } => Ok(ad),
        AdValidation::Invalid { errors } => Err(ApiError::invalid_form(&errors, lang)),
    }
}

fn row(fields: &AdFields, now: i64) -> ad_slot::ActiveModel {
    ad_slot::ActiveModel {
        slot: Set(fields.slot.as_str().to_owned()),
        enabled: Set(fields.enabled),
        image_url: Set(fields.image_url.clone()),
        text: Set(fields.text.clone()),
        link: Set(fields.link.clone()),
        starts_at: Set(fields.starts_at),
        ends_at: Set(fields.ends_at),
        hidden_for_members: Set(fields.hidden_for_members),
        updated_at: Set(now),
        ..Default::default()
    }
}

fn as_json(ad: &AdminAd) -> Option<serde_json::Value> {
    serde_json::to_value(ad).ok()
}

async fn read(db: &impl ConnectionTrait, id: i32, now: i64) -> ApiResult<AdminAd> {
    let found = ad_slot::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or(ApiError::NotFound(Missing::Ad(id)))?;
    view(found, now)
}

impl Ads {
    /// Creates an ad from the form.
    pub async fn create(
        &self,
        actor: &Actor,
        input: ValidateAdInput,
        lang: Lang,
    ) -> ApiResult<AdminAd> {
        let fields = checked(input, lang)?;
        let now = now_ms();
        let txn = self.db.begin_write().await?;
        let id = ad_slot::ActiveModel {
            created_at: Set(now),
            ..row(&fields, now)
        }
        .insert(&txn)
        .await?
        .id;
        let created = read(&txn, id, now).await?;
        let change = Change {
            action: "ad.create",
            entity: "ad",
            entity_id: id,
            before: None,
            after: as_json(&created),
        };
        audit::record(&txn, actor, change, now).await?;
        txn.commit().await?;
        Ok(created)
    }

    /// Changes ad `id` to the form.
    pub async fn update(
        &self,
        actor: &Actor,
        id: i32,
        input: ValidateAdInput,
        lang: Lang,
    ) -> ApiResult<AdminAd> {
        let fields = checked(input, lang)?;
        let now = now_ms();
        let txn = self.db.begin_write().await?;
        let before = read(&txn, id, now).await?;
        ad_slot::ActiveModel {
            id: sea_orm::ActiveValue::Unchanged(id),
            ..row(&fields, now)
        }
        .update(&txn)
        .await?;
        let after = read(&txn, id, now).await?;
        let change = Change {
            action: "ad.update",
            entity: "ad",
            entity_id: id,
            before: as_json(&before),
            after: as_json(&after),
        };
        audit::record(&txn, actor, change, now).await?;
        txn.commit().await?;
        Ok(after)
    }

    /// Deletes ad `id`.
    pub async fn delete(&self, actor: &Actor, id: i32) -> ApiResult<()> {
        let now = now_ms();
        let txn = self.db.begin_write().await?;
        let before = read(&txn, id, now).await?;
        ad_slot::Entity::delete_by_id(id).exec(&txn).await?;
        let change = Change {
            action: "ad.delete",
            entity: "ad",
            entity_id: id,
            before: as_json(&before),
            after: None,
        };
        audit::record(&txn, actor, change, now).await?;
        txn.commit().await?;
        Ok(())
    }
}

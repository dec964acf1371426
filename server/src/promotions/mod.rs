//! Limited-free campaigns in the console: list, read, create, change, end now and delete,
//! each checked by the core's `validateCampaign` and written with its audit row in one
//! transaction; then the listeners' caches (list pages, counts, audio facts) are emptied so
//! `/api/limited-free`, book pages and audio access change at once on this instance.
//!
//! Overlapping campaigns (core `offers::campaign_form`): a book is free while ANY campaign
//! covering it runs, and shows the LATEST end among them.
use std::collections::HashMap;

use sea_orm::{
    sea_query::Expr, ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait,
    DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;
use tingshu_core::{
    catalog::campaign::{campaign_active, CampaignActiveInput},
    i18n::texts::text_with,
    offers::campaign_form::{
        validate_campaign, CampaignFields, CampaignValidation, ValidateCampaignInput,
    },
    Lang,
};

use crate::clock::now_ms;
use crate::{
    books::view::BookSummary,
    console::{
        audit::{self, Actor, Change},
        catalogue_changed, Console,
    },
    db::WriteTx,
    entities::{book, category, promotion, promotion_book, promotion_category},
    error::{ApiError, ApiResult, Missing},
    paging::{Page, Paging},
};

/// The campaigns feature: the console's catalogue handle (its database and the listeners'
/// caches a campaign change empties); cheap to clone.
#[derive(Clone)]
pub struct Promotions {
    pub console: Console,
}

/// The console list's page size when none is asked, and its largest.
pub const LIST_PAGE_SIZE: u64 = 20;
pub const LIST_MAX_PAGE_SIZE: u64 = 100;
/// The console list's `status` filter, as sent.
pub const STATUS_FILTERS: [&str; 3] = ["upcoming", "running", "ended"];

/// Where a campaign stands at a moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CampaignStatus {
    Upcoming,
    Running,
    Ended,
}

/// A book a campaign names.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CampaignBook {
    pub id: i32,
    pub title: String,
    pub published: bool,
}

/// A category a campaign names (every book filed in it is free).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CampaignCategory {
    pub id: i32,
    pub name_zh: String,
    pub name_en: String,
    pub name_ja: String,
}

/// A campaign as the console shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminCampaign {
    pub id: i32,
    pub name: String,
    /// ms since the epoch, inclusive.
    pub starts_at: i64,
    /// ms since the epoch, exclusive.
    pub ends_at: i64,
    /// When it was ended early from the console, if it was.
    pub ended_at: Option<i64>,
    pub status: CampaignStatus,
    pub books: Vec<CampaignBook>,
    pub categories: Vec<CampaignCategory>,
    pub created_at: i64,
    pub updated_at: i64,
}

/// The core's `campaignActive`, and before or after it.
pub fn status_at(starts_at: i64, ends_at: i64, now_ms: i64) -> CampaignStatus {
    let running = campaign_active(CampaignActiveInput {
        starts_at: Some(starts_at as f64),
        ends_at: ends_at as f64,
        now_ms: now_ms as f64,
    });
    match (running, now_ms < starts_at) {
        (true, _) => CampaignStatus::Running,
        (false, true) => CampaignStatus::Upcoming,
        (false, false) => CampaignStatus::Ended,
    }
}

/// The filter of a status at `now` (the SQL form of [`status_at`]).
fn status_filter(status: CampaignStatus, now: i64) -> Condition {
    match status {
        CampaignStatus::Upcoming => Condition::all().add(promotion::Column::StartsAt.gt(now)),
        CampaignStatus::Running => Condition::all()
            .add(promotion::Column::StartsAt.lte(now))
            .add(promotion::Column::EndsAt.gt(now)),
        CampaignStatus::Ended => Condition::all()
            .add(promotion::Column::StartsAt.lte(now))
            .add(promotion::Column::EndsAt.lte(now)),
    }
}

/// A page of campaigns, latest end first, optionally of one status.
pub async fn list(
    db: &impl ConnectionTrait,
    status: Option<CampaignStatus>,
    paging: Paging,
) -> ApiResult<Page<AdminCampaign>> {
    let now = now_ms();
    let mut query = promotion::Entity::find();
    if let Some(status) = status {
        query = query.filter(status_filter(status, now));
    }
    let total = query.clone().count(db).await?;
    let rows = query
        .order_by_desc(promotion::Column::EndsAt)
        .order_by_desc(promotion::Column::Id)
        .offset(paging.offset())
        .limit(paging.page_size)
        .all(db)
        .await?;
    let items = views(db, rows, now).await?;
    Ok(Page::new(items, total, paging))
}

/// Campaign `id`.
pub async fn get(db: &impl ConnectionTrait, id: i32) -> ApiResult<AdminCampaign> {
    read(db, id, now_ms())
        .await?
        .ok_or(ApiError::NotFound(Missing::Promotion(id)))
}

async fn read(
    db: &impl ConnectionTrait,
    id: i32,
    now: i64,
) -> Result<Option<AdminCampaign>, DbErr> {
    let Some(row) = promotion::Entity::find_by_id(id).one(db).await? else {
        return Ok(None);
    };
    Ok(views(db, vec![row], now).await?.pop())
}

/// The views of `rows`, with their books and categories (two queries each).
async fn views(
    db: &impl ConnectionTrait,
    rows: Vec<promotion::Model>,
    now: i64,
) -> Result<Vec<AdminCampaign>, DbErr> {
    let ids: Vec<i32> = rows.iter().map(|r| r.id).collect();
    let mut books: HashMap<i32, Vec<CampaignBook>> = HashMap::new();
    let named: Vec<(i32, i32, String, bool)> = promotion_book::Entity::find()
        .select_only()
        .column(promotion_book::Column::PromotionId)
        .column(book::Column::Id)
        .column(book::Column::Title)
        .column(book::Column::Published)
        .join(
            sea_orm::JoinType::InnerJoin,
            crate::books::repository::belongs::<promotion_book::Entity, book::Entity>(
                promotion_book::Column::BookId,
                book::Column::Id,
            ),
        )
        .filter(promotion_book::Column::PromotionId.is_in(ids.clone()))
        .order_by_asc(book::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    for (promotion_id, id, title, published) in named {
        books.entry(promotion_id).or_default().push(CampaignBook {
            id,
            title,
            published,
        });
    }
    let mut categories: HashMap<i32, Vec<CampaignCategory>> = HashMap::new();
    let filed: Vec<(i32, i32, String, String, String)> = promotion_category::Entity::find()
        .select_only()
        .column(promotion_category::Column::PromotionId)
        .column(category::Column::Id)
        .column(category::Column::NameZh)
        .column(category::Column::NameEn)
        .column(category::Column::NameJa)
        .join(
            sea_orm::JoinType::InnerJoin,
            crate::books::repository::belongs::<promotion_category::Entity, category::Entity>(
                promotion_category::Column::CategoryId,
                category::Column::Id,
            ),
        )
        .filter(promotion_category::Column::PromotionId.is_in(ids))
        .order_by_asc(category::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    for (promotion_id, id, name_zh, name_en, name_ja) in filed {
        categories
            .entry(promotion_id)
            .or_default()
            .push(CampaignCategory {
                id,
                name_zh,
                name_en,
                name_ja,
            });
    }
    Ok(rows
        .into_iter()
        .map(|row| AdminCampaign {
            status: status_at(row.starts_at, row.ends_at, now),
            books: books.remove(&row.id).unwrap_or_default(),
            categories: categories.remove(&row.id).unwrap_or_default(),
            id: row.id,
            name: row.name,
            starts_at: row.starts_at,
            ends_at: row.ends_at,
            ended_at: row.ended_at,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
        .collect())
}

fn checked(
    mut input: ValidateCampaignInput,
    creating: bool,
    now: i64,
    lang: Lang,
) -> ApiResult<CampaignFields> {
    input.lang = lang;
    input.now_ms = now as f64;
    input.creating = creating;
    match validate_campaign(input) {
        CampaignValidation::Valid { campaign } => Ok(campaign),
        CampaignValidation::Invalid { errors } => Err(ApiError::invalid_form(&errors, lang)),
    }
}

/// 400 on `bookIds` / `categoryIds` naming records that do not exist.
async fn ensure_exist(
    db: &impl ConnectionTrait,
    fields: &CampaignFields,
    lang: Lang,
) -> ApiResult<()> {
    let found: Vec<i32> = book::Entity::find()
        .select_only()
        .column(book::Column::Id)
        .filter(book::Column::Id.is_in(fields.book_ids.iter().copied()))
        .into_tuple()
        .all(db)
        .await?;
    let absent = missing(&fields.book_ids, &found);
    if !absent.is_empty() {
        let message = text_with(lang, "api.offers.noSuchBooks", &[("ids", &absent)]);
        return Err(ApiError::invalid_field("bookIds", message, lang));
    }
    let found: Vec<i32> = category::Entity::find()
        .select_only()
        .column(category::Column::Id)
        .filter(category::Column::Id.is_in(fields.category_ids.iter().copied()))
        .into_tuple()
        .all(db)
        .await?;
    let absent = missing(&fields.category_ids, &found);
    if !absent.is_empty() {
        let message = text_with(lang, "api.offers.noSuchCategories", &[("ids", &absent)]);
        return Err(ApiError::invalid_field("categoryIds", message, lang));
    }
    Ok(())
}

fn missing(wanted: &[i32], found: &[i32]) -> String {
    wanted
        .iter()
        .filter(|id| !found.contains(id))
        .map(i32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Replaces the books and categories of campaign `id`.
async fn set_members(
    db: &impl ConnectionTrait,
    id: i32,
    fields: &CampaignFields,
) -> Result<(), DbErr> {
    promotion_book::Entity::delete_many()
        .filter(promotion_book::Column::PromotionId.eq(id))
        .exec(db)
        .await?;
    promotion_category::Entity::delete_many()
        .filter(promotion_category::Column::PromotionId.eq(id))
        .exec(db)
        .await?;
    if !fields.book_ids.is_empty() {
        promotion_book::Entity::insert_many(fields.book_ids.iter().map(|&book_id| {
            promotion_book::ActiveModel {
                promotion_id: Set(id),
                book_id: Set(book_id),
            }
        }))
        .exec(db)
        .await?;
    }
    if !fields.category_ids.is_empty() {
        promotion_category::Entity::insert_many(fields.category_ids.iter().map(|&category_id| {
            promotion_category::ActiveModel {
                promotion_id: Set(id),
                category_id: Set(category_id),
            }
        }))
        .exec(db)
        .await?;
    }
    Ok(())
}

fn as_json(campaign: &AdminCampaign) -> Option<serde_json::Value> {
    serde_json::to_value(campaign).ok()
}

/// Campaign `id` as written so far in `txn`; 404 when there is none.
async fn stored(txn: &impl ConnectionTrait, id: i32, now: i64) -> ApiResult<AdminCampaign> {
    read(txn, id, now)
        .await?
        .ok_or(ApiError::NotFound(Missing::Promotion(id)))
}

impl Promotions {
    /// Ends a change of campaign `id`: its audit row (`promotion.<verb>`) in `txn`, the commit,
    /// then the listeners' caches emptied so `/limited-free`, book pages and audio see it at once.
    async fn finish(
        &self,
        txn: WriteTx,
        actor: &Actor,
        (verb, id): (&str, i32),
        before: Option<&AdminCampaign>,
        after: Option<&AdminCampaign>,
        now: i64,
    ) -> ApiResult<()> {
        let action = format!("promotion.{verb}");
        let change = Change {
            action: &action,
            entity: "promotion",
            entity_id: id,
            before: before.and_then(as_json),
            after: after.and_then(as_json),
        };
        audit::record(&txn, actor, change, now).await?;
        txn.commit().await?;
        catalogue_changed(&self.console, &[]).await;
        Ok(())
    }

    /// Creates a campaign from the form (a new one must end in the future).
    pub async fn create(
        &self,
        actor: &Actor,
        input: ValidateCampaignInput,
        lang: Lang,
    ) -> ApiResult<AdminCampaign> {
        let now = now_ms();
        let fields = checked(input, true, now, lang)?;
        let txn = self.console.db.begin_write().await?;
        ensure_exist(&txn, &fields, lang).await?;
        let id = promotion::ActiveModel {
            name: Set(fields.name.clone()),
            starts_at: Set(fields.starts_at),
            ends_at: Set(fields.ends_at),
            created_at: Set(now),
            updated_at: Set(now),
            ended_at: Set(None),
            ..Default::default()
        }
        .insert(&txn)
        .await?
        .id;
        set_members(&txn, id, &fields).await?;
        let created = stored(&txn, id, now).await?;
        self.finish(txn, actor, ("create", id), None, Some(&created), now)
            .await?;
        Ok(created)
    }

    /// Changes campaign `id` to the form.
    pub async fn update(
        &self,
        actor: &Actor,
        id: i32,
        input: ValidateCampaignInput,
        lang: Lang,
    ) -> ApiResult<AdminCampaign> {
        let now = now_ms();
        let fields = checked(input, false, now, lang)?;
        let txn = self.console.db.begin_write().await?;
        let before = stored(&txn, id, now).await?;
        ensure_exist(&txn, &fields, lang).await?;
        promotion::ActiveModel {
            id: sea_orm::ActiveValue::Unchanged(id),
            name: Set(fields.name.clone()),
            starts_at: Set(fields.starts_at),
            ends_at: Set(fields.ends_at),
            updated_at: Set(now),
            ..Default::default()
        }
        .update(&txn)
        .await?;
        set_members(&txn, id, &fields).await?;
        let after = stored(&txn, id, now).await?;
        self.finish(txn, actor, ("update", id), Some(&before), Some(&after), now)
            .await?;
        Ok(after)
    }

    /// Ends campaign `id` now (one not begun ends before it starts); an ended one is left as
    /// it is.
    pub async fn end_now(&self, actor: &Actor, id: i32) -> ApiResult<AdminCampaign> {
        let now = now_ms();
        let txn = self.console.db.begin_write().await?;
        let before = stored(&txn, id, now).await?;
        if before.status == CampaignStatus::Ended {
            return Ok(before);
        }
        promotion::Entity::update_many()
            .col_expr(
                promotion::Column::StartsAt,
                Expr::value(before.starts_at.min(now)),
            )
            .col_expr(promotion::Column::EndsAt, Expr::value(now))
            .col_expr(promotion::Column::EndedAt, Expr::value(now))
            .col_expr(promotion::Column::UpdatedAt, Expr::value(now))
            .filter(promotion::Column::Id.eq(id))
            .exec(&txn)
            .await?;
        let after = stored(&txn, id, now).await?;
        self.finish(txn, actor, ("end", id), Some(&before), Some(&after), now)
            .await?;
        Ok(after)
    }

    /// Deletes campaign `id` with its lists of books and categories.
    pub async fn delete(&self, actor: &Actor, id: i32) -> ApiResult<()> {
        let now = now_ms();
        let txn = self.console.db.begin_write().await?;
        let before = stored(&txn, id, now).await?;
        promotion_book::Entity::delete_many()
            .filter(promotion_book::Column::PromotionId.eq(id))
            .exec(&txn)
            .await?;
        promotion_category::Entity::delete_many()
            .filter(promotion_category::Column::PromotionId.eq(id))
            .exec(&txn)
            .await?;
        promotion::Entity::delete_by_id(id).exec(&txn).await?;
        self.finish(txn, actor, ("delete", id), Some(&before), None, now)
            .await
    }

    /// What listeners see of campaign `id` once it runs: the cards of up to `limit` of its
    /// listed books (named, then filed in its categories) as at its start (or now, if later).
    pub async fn preview(&self, id: i32, lang: Lang, limit: u64) -> ApiResult<Vec<BookSummary>> {
        let db = self.console.db.reader();
        let campaign = get(db, id).await?;
        let mut ids: Vec<i32> = campaign.books.iter().map(|b| b.id).collect();
        if !campaign.categories.is_empty() {
            let filed: Vec<i32> = book::Entity::find()
                .select_only()
                .column(book::Column::Id)
                .filter(book::Column::CategoryId.is_in(campaign.categories.iter().map(|c| c.id)))
                .filter(crate::books::repository::listed())
                .order_by_asc(book::Column::Id)
                .limit(limit)
                .into_tuple()
                .all(db)
                .await?;
            ids.extend(
                filed
                    .into_iter()
                    .filter(|id| !ids.contains(id))
                    .collect::<Vec<_>>(),
            );
        }
        ids.truncate(limit as usize);
        let at = campaign.starts_at.max(now_ms()).min(campaign.ends_at - 1);
        let mut cards = crate::books::summaries(db, lang, &ids, at).await?;
        cards.retain(|card| ids.contains(&card.id));
        Ok(cards)
    }
}

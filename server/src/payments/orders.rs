//! Orders and their state machine in the database: creation (one pending order per user and
//! item), payment (the grant of a membership or a purchase, exactly once), failure,
//! cancellation, expiry and refund. Every transition is a conditional update from the state
//! it leaves plus an `order_events` row, in one write transaction.
use sea_orm::{
    sea_query::{Expr, ExprTrait},
    ActiveModelTrait,
    ActiveValue::Set,
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, SqlErr,
};
use tingshu_core::{
    catalog::{access::BookAccess, purchase},
    format::currency::Currency,
    i18n::texts::text,
    payments::{
        membership::{self, Effect, Event, Membership, Source},
        order::{OrderKind, OrderState, Price, ORDER_TTL_MS},
    },
    spelling::Spelling,
    Lang,
};

use super::{provider::PaymentProvider, Payments};
use crate::{
    console::audit::{self, Actor, Change},
    db::Db,
    entities::{
        book, chapter, order, order_event, payment_event, plan, purchase as purchases,
        subscription, user,
    },
    error::{ApiError, ApiResult, Missing},
    people_admin::membership as admin_membership,
};

/// The default and largest page of an order list (the buyer's and the console's).
pub const LIST_DEFAULT_PAGE_SIZE: u64 = 20;
pub const LIST_MAX_PAGE_SIZE: u64 = 100;

/// What a buyer asks to buy.
#[derive(Debug, Clone)]
pub struct OrderRequest {
    pub kind: OrderKind,
    pub plan_code: Option<String>,
    pub book_id: Option<i32>,
    pub chapter_id: Option<i32>,
    pub currency: Currency,
    pub redirect: Option<String>,
    pub auto_renew: bool,
}

/// The item of an order, priced.
struct Item {
    plan_id: Option<i32>,
    book_id: Option<i32>,
    chapter_id: Option<i32>,
    key: String,
    title: String,
    amount: i64,
}

fn conflict(code: &'static str, key: &str, field: Option<&str>, lang: Lang) -> ApiError {
    let message = text(lang, key).to_owned();
    ApiError::Conflict {
        code,
        fields: field
            .map(|field| [(field.to_owned(), message.clone())].into())
            .unwrap_or_default(),
        message,
    }
}

/// The buyer already owns the book or chapter.
fn already_purchased(lang: Lang) -> ApiError {
    conflict(
        "already_purchased",
        "api.payments.alreadyPurchased",
        None,
        lang,
    )
}

fn not_for_sale(lang: Lang) -> ApiError {
    conflict(
        "not_for_sale",
        "api.payments.notForSale",
        Some("currency"),
        lang,
    )
}

/// A path of this site the buyer returns to (core's `safeRedirect`).
pub fn check_redirect(redirect: Option<String>, lang: Lang) -> ApiResult<Option<String>> {
    match redirect.filter(|r| !r.is_empty()) {
        None => Ok(None),
        Some(path) if tingshu_core::routing::redirect::is_local(&path) => Ok(Some(path)),
        Some(_) => Err(ApiError::invalid_field(
            "redirect",
            text(lang, "api.payments.badRedirect").to_owned(),
            lang,
        )),
    }
}

fn required(field: &str, lang: Lang) -> ApiError {
    ApiError::invalid_field(field, text(lang, "api.payments.required").to_owned(), lang)
}

pub fn membership_of(user: &user::Model) -> Membership {
    Membership {
        subscription_type: user.subscription_type.clone(),
        expires_at: user.subscription_expires_at,
    }
}

pub fn plan_prices(plan: &plan::Model) -> Price {
    Price {
        cny: plan.price_cny,
        usd: plan.price_usd,
        jpy: plan.price_jpy,
    }
}

/// Every plan on sale, in order.
pub async fn active_plans(db: &impl ConnectionTrait) -> Result<Vec<plan::Model>, DbErr> {
    plan::Entity::find()
        .filter(plan::Column::Active.eq(true))
        .order_by_asc(plan::Column::SortOrder)
        .order_by_asc(plan::Column::Id)
        .all(db)
        .await
}

async fn resolve_item(
    db: &impl ConnectionTrait,
    buyer: &user::Model,
    request: &OrderRequest,
    lang: Lang,
) -> ApiResult<Item> {
    let currency = request.currency;
    match request.kind {
        OrderKind::Plan => {
            let code = request
                .plan_code
                .as_deref()
                .ok_or_else(|| required("planCode", lang))?;
            let plan = plan::Entity::find()
                .filter(plan::Column::Code.eq(code))
                .filter(plan::Column::Active.eq(true))
                .one(db)
                .await?
                .ok_or_else(|| ApiError::NotFound(Missing::Plan(code.to_owned())))?;
            if membership_of(buyer).is_lifetime() {
                return Err(conflict(
                    "already_lifetime",
                    "api.payments.alreadyLifetime",
                    None,
                    lang,
                ));
            }
            Ok(Item {
                plan_id: Some(plan.id),
                book_id: None,
                chapter_id: None,
                key: format!("plan:{}", plan.id),
                title: plan.code.clone(),
                amount: plan_prices(&plan)
                    .in_currency(currency)
                    .ok_or_else(|| not_for_sale(lang))?,
            })
        }
        OrderKind::Book => {
            let id = request.book_id.ok_or_else(|| required("bookId", lang))?;
            let book = published_book(db, id).await?;
            let access = BookAccess::parse(&book.access);
            if access == Some(BookAccess::Free) {
                return Err(not_for_sale(lang));
            }
            let owned = purchases::Entity::find()
                .filter(purchases::Column::UserId.eq(buyer.id))
                .filter(purchases::Column::BookId.eq(id))
                .filter(purchases::Column::ChapterId.is_null())
                .count(db)
                .await?;
            if owned > 0 {
                return Err(already_purchased(lang));
            }
            let prices = Price {
                cny: book.price_cny,
                usd: book.price_usd,
                jpy: book.price_jpy,
            };
            Ok(Item {
                plan_id: None,
                book_id: Some(id),
                chapter_id: None,
                key: format!("book:{id}"),
                title: book.title.clone(),
                amount: prices
                    .in_currency(currency)
                    .ok_or_else(|| not_for_sale(lang))?,
            })
        }
        OrderKind::Chapter => {
            let id = request
                .chapter_id
                .ok_or_else(|| required("chapterId", lang))?;
            let chapter = chapter::Entity::find_by_id(id)
                .filter(chapter::Column::Published.eq(true))
                .one(db)
                .await?
                .ok_or(ApiError::NotFound(Missing::Chapter(id)))?;
            let book = published_book(db, chapter.book_id).await?;
            if chapter.is_free || BookAccess::parse(&book.access) == Some(BookAccess::Free) {
                return Err(not_for_sale(lang));
            }
            let owned: Vec<purchase::Purchase> = purchases::Entity::find()
                .filter(purchases::Column::UserId.eq(buyer.id))
                .filter(
                    purchases::Column::BookId
                        .eq(book.id)
                        .or(purchases::Column::ChapterId.eq(id)),
                )
                .all(db)
                .await?
                .into_iter()
                .map(|p| purchase::Purchase {
                    book_id: p.book_id,
                    chapter_id: p.chapter_id,
                })
                .collect();
            if purchase::covers(&owned, book.id, id) {
                return Err(already_purchased(lang));
            }
            let prices = Price {
                cny: chapter.price_cny,
                usd: chapter.price_usd,
                jpy: chapter.price_jpy,
            };
            Ok(Item {
                plan_id: None,
                book_id: Some(book.id),
                chapter_id: Some(id),
                key: format!("chapter:{id}"),
                title: format!("{} · {}", book.title, chapter.title),
                amount: prices
                    .in_currency(currency)
                    .ok_or_else(|| not_for_sale(lang))?,
            })
        }
    }
}

async fn published_book(db: &impl ConnectionTrait, id: i32) -> ApiResult<book::Model> {
    book::Entity::find_by_id(id)
        .filter(book::Column::Published.eq(true))
        .one(db)
        .await?
        .ok_or(ApiError::NotFound(Missing::Book(id)))
}

/// Records one transition; false (and nothing written) when the order was no longer `from`.
async fn transition(
    db: &impl ConnectionTrait,
    order_id: i32,
    from: OrderState,
    to: OrderState,
    cause: &str,
    now_ms: i64,
) -> Result<bool, DbErr> {
    debug_assert!(from.can_become(to), "{from:?} → {to:?}");
    let changed = order::Entity::update_many()
        .col_expr(order::Column::State, Expr::value(to.as_str()))
        .col_expr(order::Column::UpdatedAt, Expr::value(now_ms))
        .filter(order::Column::Id.eq(order_id))
        .filter(order::Column::State.eq(from.as_str()))
        .exec(db)
        .await?
        .rows_affected;
    if changed == 1 {
        event(db, order_id, Some(from), to, cause, now_ms).await?;
    }
    Ok(changed == 1)
}

async fn event(
    db: &impl ConnectionTrait,
    order_id: i32,
    from: Option<OrderState>,
    to: OrderState,
    cause: &str,
    now_ms: i64,
) -> Result<(), DbErr> {
    order_event::ActiveModel {
        order_id: Set(order_id),
        from_state: Set(from.map(|s| s.as_str().to_owned())),
        to_state: Set(to.as_str().to_owned()),
        cause: Set(cause.chars().take(255).collect()),
        at: Set(now_ms),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

fn is_unique_violation(error: &DbErr) -> bool {
    matches!(error.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}

fn state_of(order: &order::Model) -> OrderState {
    OrderState::parse(&order.state).unwrap_or(OrderState::Failed)
}

/// Creates a pending order for `request` (or answers the buyer's pending order for the same
/// item and price), then opens its checkout with `provider`.
pub async fn create(
    db: &Db,
    provider: &dyn PaymentProvider,
    buyer: &user::Model,
    request: OrderRequest,
    lang: Lang,
    now_ms: i64,
) -> ApiResult<order::Model> {
    let item = resolve_item(db.reader(), buyer, &request, lang).await?;
    // Two requests for the same item at once: the loser of the unique pending index tries
    // again and finds the winner's order.
    let order = crate::db::retry_conflicts(|| {
        insert_pending(db, provider.name(), buyer.id, &request, &item, now_ms)
    })
    .await?;
    if order.checkout_url.is_some() {
        return Ok(order);
    }
    // The provider is called outside any transaction: it may be far away.
    match provider.create_checkout(&order).await {
        Ok(checkout) => {
            let txn = db.begin_write().await?;
            // Only the first checkout of an order is kept (two requests may open one each).
            order::Entity::update_many()
                .col_expr(order::Column::ProviderRef, Expr::value(checkout.session_id))
                .col_expr(order::Column::CheckoutUrl, Expr::value(checkout.url))
                .col_expr(order::Column::UpdatedAt, Expr::value(now_ms))
                .filter(order::Column::Id.eq(order.id))
                .filter(order::Column::ProviderRef.is_null())
                .exec(&txn)
                .await?;
            txn.commit().await?;
            order::Entity::find_by_id(order.id)
                .one(db.reader())
                .await?
                .ok_or(ApiError::NotFound(Missing::Order(order.id)))
        }
        Err(error) => {
            tracing::error!(
                order = order.id,
                "the checkout could not be opened: {error:#}"
            );
            let txn = db.begin_write().await?;
            transition(
                &txn,
                order.id,
                OrderState::Pending,
                OrderState::Failed,
                "the checkout could not be opened",
                now_ms,
            )
            .await?;
            txn.commit().await?;
            Err(conflict(
                "checkout_failed",
                "api.payments.checkoutFailed",
                None,
                lang,
            ))
        }
    }
}

async fn insert_pending(
    db: &Db,
    provider: &str,
    user_id: i32,
    request: &OrderRequest,
    item: &Item,
    now_ms: i64,
) -> ApiResult<order::Model> {
    let txn = db.begin_write().await?;
    let pending = order::Entity::find()
        .filter(order::Column::UserId.eq(user_id))
        .filter(order::Column::ItemKey.eq(&item.key))
        .filter(order::Column::State.eq(OrderState::Pending.as_str()))
        .one(&txn)
        .await?;
    if let Some(pending) = pending {
        let same = pending.amount == item.amount
            && pending.currency == request.currency.as_str()
            && pending.provider == provider
            && pending.expires_at > now_ms;
        if same {
            txn.commit().await?;
            return Ok(pending);
        }
        let cause = if pending.expires_at <= now_ms {
            "expired: not paid within 30 minutes"
        } else {
            "replaced by a new order for the same item"
        };
        transition(
            &txn,
            pending.id,
            OrderState::Pending,
            OrderState::Cancelled,
            cause,
            now_ms,
        )
        .await?;
    }
    let inserted = order::ActiveModel {
        user_id: Set(user_id),
        kind: Set(request.kind.as_str().to_owned()),
        plan_id: Set(item.plan_id),
        book_id: Set(item.book_id),
        chapter_id: Set(item.chapter_id),
        item_key: Set(item.key.clone()),
        title: Set(item.title.chars().take(300).collect()),
        currency: Set(request.currency.as_str().to_owned()),
        amount: Set(item.amount),
        state: Set(OrderState::Pending.as_str().to_owned()),
        provider: Set(provider.to_owned()),
        provider_ref: Set(None),
        checkout_url: Set(None),
        redirect: Set(request.redirect.clone()),
        auto_renew: Set(request.kind == OrderKind::Plan && request.auto_renew),
        grant_added_ms: Set(None),
        grant_starts_at: Set(None),
        prev_subscription_type: Set(None),
        prev_expires_at: Set(None),
        paid_at: Set(None),
        expires_at: Set(now_ms + ORDER_TTL_MS),
        created_at: Set(now_ms),
        updated_at: Set(now_ms),
        ..Default::default()
    }
    .insert(&txn)
    .await
    .map_err(|error| {
        if is_unique_violation(&error) {
            ApiError::WriteConflict
        } else {
            error.into()
        }
    })?;
    event(
        &txn,
        inserted.id,
        None,
        OrderState::Pending,
        "created by the buyer",
        now_ms,
    )
    .await?;
    txn.commit().await?;
    Ok(inserted)
}

/// Whether `order` is pending though its provider reports it paid (the notification is on its
/// way): it is shown as being confirmed, and never cancelled for want of payment.
pub async fn paid_unconfirmed(payments: &Payments, order: &order::Model) -> bool {
    if state_of(order) != OrderState::Pending {
        return false;
    }
    match payments.get(&order.provider) {
        Some(provider) => provider.paid_unconfirmed(order).await,
        None => false,
    }
}

/// The view of `order`, saying whether a payment of it is being confirmed.
pub async fn view(payments: &Payments, order: &order::Model) -> super::view::OrderView {
    let mut view = super::view::OrderView::from(order);
    view.confirming = paid_unconfirmed(payments, order).await;
    view
}

/// Reads `id`, cancelling it first when it waited past its expiry (unless it was paid).
pub async fn find(payments: &Payments, id: i32, now_ms: i64) -> ApiResult<Option<order::Model>> {
    let db = &payments.db;
    let Some(found) = order::Entity::find_by_id(id).one(db.reader()).await? else {
        return Ok(None);
    };
    if state_of(&found) == OrderState::Pending
        && found.expires_at <= now_ms
        && !paid_unconfirmed(payments, &found).await
    {
        expire(db, found.id, now_ms).await?;
        return Ok(order::Entity::find_by_id(id).one(db.reader()).await?);
    }
    Ok(Some(found))
}

async fn expire(db: &Db, id: i32, now_ms: i64) -> ApiResult<bool> {
    let txn = db.begin_write().await?;
    let changed = order::Entity::find_by_id(id)
        .filter(order::Column::ExpiresAt.lte(now_ms))
        .one(&txn)
        .await?
        .is_some()
        && transition(
            &txn,
            id,
            OrderState::Pending,
            OrderState::Cancelled,
            "expired: not paid within 30 minutes",
            now_ms,
        )
        .await?;
    txn.commit().await?;
    Ok(changed)
}

/// Cancels pending orders whose time ran out (but not those paid and being confirmed); how many.
pub async fn expire_due(payments: &Payments, now_ms: i64) -> ApiResult<usize> {
    let db = &payments.db;
    let due = order::Entity::find()
        .filter(order::Column::State.eq(OrderState::Pending.as_str()))
        .filter(order::Column::ExpiresAt.lte(now_ms))
        .limit(500)
        .all(db.reader())
        .await?;
    let mut expired = 0;
    for order in due {
        if !paid_unconfirmed(payments, &order).await && expire(db, order.id, now_ms).await? {
            expired += 1;
        }
    }
    Ok(expired)
}

/// The buyer cancels a pending order; 409 when it is no longer pending.
pub async fn cancel(db: &Db, order: &order::Model, lang: Lang, now_ms: i64) -> ApiResult<()> {
    let txn = db.begin_write().await?;
    if !transition(
        &txn,
        order.id,
        OrderState::Pending,
        OrderState::Cancelled,
        "cancelled by the buyer",
        now_ms,
    )
    .await?
    {
        return Err(conflict(
            "invalid_transition",
            "api.payments.notPending",
            None,
            lang,
        ));
    }
    txn.commit().await?;
    Ok(())
}

/// What a notification did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Applied {
    /// The order changed to this state.
    Changed(OrderState),
    /// This notification was handled before (same provider and event id).
    Duplicate,
    /// The order was already final; nothing changed (recorded on the order).
    Ignored(OrderState),
}

/// Applies a verified notification: once per event id, and an order is paid once. The
/// paid user's account changes in the same transaction (membership or purchase).
pub async fn apply_notification(
    db: &Db,
    provider: &str,
    notification: &super::provider::Notification,
    now_ms: i64,
) -> ApiResult<(Applied, Option<order::Model>)> {
    use super::provider::Outcome;
    let txn = db.begin_write().await?;
    // Locked on PostgreSQL (concurrent deliveries take turns); SQLite's write lock serialises.
    let found = order::Entity::find()
        .filter(order::Column::Provider.eq(provider))
        .filter(order::Column::ProviderRef.eq(&notification.session_id))
        .lock_exclusive()
        .one(&txn)
        .await?;
    let Some(found) = found else {
        return Ok((Applied::Ignored(OrderState::Failed), None));
    };
    let seen = payment_event::ActiveModel {
        provider: Set(provider.to_owned()),
        event_id: Set(notification.event_id.chars().take(128).collect()),
        order_id: Set(Some(found.id)),
        received_at: Set(now_ms),
        ..Default::default()
    }
    .insert(&txn)
    .await;
    match seen {
        Err(error) if is_unique_violation(&error) => return Ok((Applied::Duplicate, Some(found))),
        other => other?,
    };
    let state = state_of(&found);
    if state == OrderState::Paid {
        // Another delivery of a payment already applied: nothing to record.
        txn.commit().await?;
        return Ok((Applied::Ignored(state), Some(found)));
    }
    if state != OrderState::Pending {
        let cause = match &notification.outcome {
            Outcome::Paid { .. } => {
                "payment notified after the order closed: refund it at the provider"
            }
            Outcome::Failed { .. } => "failure notified after the order closed",
        };
        event(&txn, found.id, Some(state), state, cause, now_ms).await?;
        txn.commit().await?;
        return Ok((Applied::Ignored(state), Some(found)));
    }
    let applied = match &notification.outcome {
        Outcome::Paid { amount, currency }
            if *amount == found.amount && *currency == found.currency =>
        {
            transition(
                &txn,
                found.id,
                OrderState::Pending,
                OrderState::Paid,
                "paid: notified by the provider",
                now_ms,
            )
            .await?;
            grant(&txn, &found, now_ms).await?;
            OrderState::Paid
        }
        Outcome::Paid { amount, currency } => {
            let cause = format!(
                "paid {amount} {currency}, not {} {}: refund it at the provider",
                found.amount, found.currency
            );
            transition(
                &txn,
                found.id,
                OrderState::Pending,
                OrderState::Failed,
                &cause,
                now_ms,
            )
            .await?;
            OrderState::Failed
        }
        Outcome::Failed { reason } => {
            transition(
                &txn,
                found.id,
                OrderState::Pending,
                OrderState::Failed,
                &format!("failed: {reason}"),
                now_ms,
            )
            .await?;
            OrderState::Failed
        }
    };
    txn.commit().await?;
    let after = order::Entity::find_by_id(found.id).one(db.reader()).await?;
    Ok((Applied::Changed(applied), after))
}

async fn locked_user(db: &impl ConnectionTrait, id: i32) -> ApiResult<user::Model> {
    user::Entity::find_by_id(id)
        .lock_exclusive()
        .one(db)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("the buyer {id} is gone")))
}

/// What a paid order gives: membership time, or the book or chapter.
async fn grant(db: &impl ConnectionTrait, order: &order::Model, now_ms: i64) -> ApiResult<()> {
    match OrderKind::parse(&order.kind) {
        Some(OrderKind::Plan) => {
            let plan_id = order.plan_id.unwrap_or_default();
            let plan = plan::Entity::find_by_id(plan_id)
                .one(db)
                .await?
                .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("plan {plan_id} is gone")))?;
            let buyer = locked_user(db, order.user_id).await?;
            let granted = membership::grant(
                &membership_of(&buyer),
                plan.months.map(|m| u32::try_from(m).unwrap_or(0)),
                now_ms,
            );
            set_membership(db, &buyer, &granted.after, now_ms).await?;
            let mut paid: order::ActiveModel = order.clone().into();
            paid.state = Set(OrderState::Paid.as_str().to_owned());
            paid.paid_at = Set(Some(now_ms));
            paid.grant_added_ms = Set(granted.added_ms);
            paid.grant_starts_at = Set(Some(granted.starts_at));
            paid.prev_subscription_type = Set(Some(granted.before.subscription_type.clone()));
            paid.prev_expires_at = Set(granted.before.expires_at);
            paid.updated_at = Set(now_ms);
            paid.update(db).await?;
            let renews = order.auto_renew && plan.months.is_some();
            let existing = subscription::Entity::find()
                .filter(subscription::Column::UserId.eq(order.user_id))
                .one(db)
                .await?;
            match existing {
                Some(row) => {
                    let mut row: subscription::ActiveModel = row.into();
                    row.plan_id = Set(plan.id);
                    row.auto_renew = Set(renews);
                    row.updated_at = Set(now_ms);
                    row.update(db).await?;
                }
                None => {
                    subscription::ActiveModel {
                        user_id: Set(order.user_id),
                        plan_id: Set(plan.id),
                        auto_renew: Set(renews),
                        renewed_for: Set(None),
                        updated_at: Set(now_ms),
                        ..Default::default()
                    }
                    .insert(db)
                    .await?;
                }
            }
        }
        Some(OrderKind::Book | OrderKind::Chapter) => {
            let mut paid: order::ActiveModel = order.clone().into();
            paid.state = Set(OrderState::Paid.as_str().to_owned());
            paid.paid_at = Set(Some(now_ms));
            paid.updated_at = Set(now_ms);
            paid.update(db).await?;
            purchases::ActiveModel {
                user_id: Set(order.user_id),
                book_id: Set(order.book_id),
                chapter_id: Set(order.chapter_id),
                order_id: Set(Some(order.id)),
                created_at: Set(now_ms),
                ..Default::default()
            }
            .insert(db)
            .await?;
        }
        None => {
            return Err(ApiError::Internal(anyhow::anyhow!(
                "order {} has kind {}",
                order.id,
                order.kind
            )));
        }
    }
    Ok(())
}

/// The membership the buyer's paid plan orders still grant, with every change an
/// administrator made since the first of them, replayed in time order (core's `replay`:
/// ties by time, then paid orders before administrators' changes, then by id) from the
/// membership before that first order. Changes made before it are already in that membership.
async fn membership_without_refunded(
    db: &impl ConnectionTrait,
    user_id: i32,
) -> ApiResult<Membership> {
    let orders = order::Entity::find()
        .filter(order::Column::UserId.eq(user_id))
        .filter(order::Column::Kind.eq(OrderKind::Plan.as_str()))
        .filter(order::Column::PaidAt.is_not_null())
        .order_by_asc(order::Column::PaidAt)
        .order_by_asc(order::Column::Id)
        .all(db)
        .await?;
    let Some(first) = orders.first() else {
        return Ok(Membership {
            subscription_type: "free".into(),
            expires_at: None,
        });
    };
    let base = Membership {
        subscription_type: first
            .prev_subscription_type
            .clone()
            .unwrap_or_else(|| "free".into()),
        expires_at: first.prev_expires_at,
    };
    let months: std::collections::HashMap<i32, Option<i32>> = plan::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|plan| (plan.id, plan.months))
        .collect();
    let mut events: Vec<Event> = orders
        .iter()
        .filter(|o| state_of(o) == OrderState::Paid)
        .map(|o| {
            let length = o.plan_id.and_then(|id| months.get(&id).copied().flatten());
            Event {
                at: o.paid_at.unwrap_or_default(),
                source: Source::Order(o.id),
                effect: Effect::Plan {
                    months: length.map(|m| u32::try_from(m).unwrap_or(0)),
                },
            }
        })
        .collect();
    let since = first.paid_at.unwrap_or_default();
    events.extend(admin_membership::changes_since(db, user_id, since).await?);
    Ok(membership::replay(&base, &events))
}

async fn set_membership(
    db: &impl ConnectionTrait,
    buyer: &user::Model,
    membership: &Membership,
    now_ms: i64,
) -> Result<(), DbErr> {
    let mut active: user::ActiveModel = buyer.clone().into();
    active.subscription_type = Set(membership.subscription_type.clone());
    active.subscription_expires_at = Set(membership.expires_at);
    active.updated_at = Set(now_ms);
    active.update(db).await?;
    Ok(())
}

/// Refunds a paid order: the provider gives the money back, then the order becomes
/// refunded and what it granted is taken back, in one transaction.
pub async fn refund(
    db: &Db,
    provider: &dyn PaymentProvider,
    order: &order::Model,
    actor: &Actor,
    reason: &str,
    lang: Lang,
    now_ms: i64,
) -> ApiResult<order::Model> {
    let cause = format!("refunded by {}: {reason}", actor.name);
    if state_of(order) != OrderState::Paid {
        return Err(conflict(
            "invalid_transition",
            "api.payments.notPaid",
            None,
            lang,
        ));
    }
    provider.refund(order).await.map_err(|error| {
        tracing::error!(
            order = order.id,
            "the provider refused the refund: {error:#}"
        );
        conflict("refund_failed", "api.payments.refundFailed", None, lang)
    })?;
    let txn = db.begin_write().await?;
    if !transition(
        &txn,
        order.id,
        OrderState::Paid,
        OrderState::Refunded,
        &cause,
        now_ms,
    )
    .await?
    {
        return Err(conflict(
            "invalid_transition",
            "api.payments.notPaid",
            None,
            lang,
        ));
    }
    match OrderKind::parse(&order.kind) {
        Some(OrderKind::Plan) => {
            let buyer = locked_user(&txn, order.user_id).await?;
            let after = membership_without_refunded(&txn, order.user_id).await?;
            set_membership(&txn, &buyer, &after, now_ms).await?;
            subscription::Entity::update_many()
                .col_expr(subscription::Column::AutoRenew, Expr::value(false))
                .col_expr(subscription::Column::UpdatedAt, Expr::value(now_ms))
                .filter(subscription::Column::UserId.eq(order.user_id))
                .exec(&txn)
                .await?;
        }
        _ => {
            purchases::Entity::delete_many()
                .filter(purchases::Column::OrderId.eq(order.id))
                .exec(&txn)
                .await?;
        }
    }
    let change = Change {
        action: "order.refund",
        entity: "order",
        entity_id: order.id,
        before: Some(serde_json::json!({"state": "paid"})),
        after: Some(serde_json::json!({"state": "refunded", "reason": reason})),
    };
    audit::record(&txn, actor, change, now_ms).await?;
    txn.commit().await?;
    Ok(order::Entity::find_by_id(order.id)
        .one(db.reader())
        .await?
        .unwrap_or_else(|| order.clone()))
}

/// The transitions of an order, oldest first.
pub async fn events(
    db: &impl ConnectionTrait,
    order_id: i32,
) -> Result<Vec<order_event::Model>, DbErr> {
    order_event::Entity::find()
        .filter(order_event::Column::OrderId.eq(order_id))
        .order_by_asc(order_event::Column::Id)
        .all(db)
        .await
}

//! The payment sweeps: every minute, pending orders past their 30 minutes are cancelled, and
//! memberships that renew themselves and end within a day are charged for their next period
//! (a renewal order paid through the provider's saved method, notified like any payment).
use std::time::Duration;

use sea_orm::{sea_query::Expr, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use tingshu_core::{
    format::currency::Currency,
    payments::order::{OrderKind, OrderState},
    spelling::Spelling,
    Lang,
};

use super::{
    orders::{self, OrderRequest},
    Payments,
};
use crate::{
    entities::{order, plan, subscription, user},
    error::ApiResult,
};

/// How long before the end of a period a membership that renews itself is charged.
pub const RENEW_AHEAD_MS: i64 = 24 * 60 * 60 * 1000;

/// Starts the sweeps (one task for the server's life).
pub fn sweep_every_minute(payments: Payments) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(60));
        loop {
            tick.tick().await;
            let now_ms = crate::clock::now_ms();
            if let Err(error) = orders::expire_due(&payments, now_ms).await {
                tracing::warn!("expiring unpaid orders failed: {error}");
            }
            if let Err(error) = renew_due(&payments, now_ms).await {
                tracing::warn!("renewing memberships failed: {error}");
            }
        }
    });
}

/// Charges the next period of every membership that renews itself and ends within a day
/// (once per period: the subscription remembers the expiry it was charged for).
pub async fn renew_due(payments: &Payments, now_ms: i64) -> ApiResult<usize> {
    let Some(provider) = payments.default_provider() else {
        return Ok(0);
    };
    let renewing = subscription::Entity::find()
        .filter(subscription::Column::AutoRenew.eq(true))
        .all(payments.db.reader())
        .await?;
    let mut charged = 0;
    for row in renewing {
        let Some(member) = user::Entity::find_by_id(row.user_id)
            .one(payments.db.reader())
            .await?
        else {
            continue;
        };
        let Some(ends_at) = member.subscription_expires_at else {
            continue;
        };
        if member.subscription_type != "premium"
            || ends_at <= now_ms
            || ends_at - now_ms > RENEW_AHEAD_MS
        {
            continue;
        }
        let Some(plan) = plan::Entity::find_by_id(row.plan_id)
            .one(payments.db.reader())
            .await?
        else {
            continue;
        };
        if row.renewed_for == Some(ends_at) {
            continue;
        }
        let key = format!("plan:{}", plan.id);
        let last_paid = order::Entity::find()
            .filter(order::Column::UserId.eq(member.id))
            .filter(order::Column::ItemKey.eq(&key))
            .filter(order::Column::State.eq(OrderState::Paid.as_str()))
            .order_by_desc(order::Column::Id)
            .one(payments.db.reader())
            .await?;
        let currency = last_paid
            .as_ref()
            .and_then(|o| Currency::parse(&o.currency))
            .unwrap_or(Currency::Cny);
        let request = OrderRequest {
            kind: OrderKind::Plan,
            plan_code: Some(plan.code.clone()),
            book_id: None,
            chapter_id: None,
            currency,
            redirect: None,
            auto_renew: true,
        };
        // Marked first: a charge that fails is not retried every minute of the last day.
        let txn = payments.db.begin_write().await?;
        subscription::Entity::update_many()
            .col_expr(subscription::Column::RenewedFor, Expr::value(ends_at))
            .filter(subscription::Column::Id.eq(row.id))
            .exec(&txn)
            .await?;
        txn.commit().await?;
        let renewal = orders::create(
            &payments.db,
            provider.as_ref(),
            &member,
            request,
            Lang::Zh,
            now_ms,
        )
        .await?;
        if provider
            .charge_saved_method(&renewal)
            .await
            .unwrap_or(false)
        {
            charged += 1;
        }
    }
    Ok(charged)
}

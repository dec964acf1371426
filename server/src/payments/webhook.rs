//! Receiving a provider's notification: the only way an order becomes paid or failed.
use axum::http::HeaderMap;
use tingshu_core::{i18n::texts::text, Lang};

use super::{
    orders::{self, Applied},
    provider::Refused,
    Payments,
};
use crate::error::{ApiError, ApiResult, Missing};

/// Verifies and applies a notification to `provider`'s webhook; the account of a buyer
/// whose order changed is read afresh by the next request.
pub async fn receive(
    payments: &Payments,
    provider: &str,
    headers: &HeaderMap,
    body: &[u8],
    lang: Lang,
) -> ApiResult<Applied> {
    let handler = payments
        .get(provider)
        .ok_or_else(|| ApiError::NotFound(Missing::Provider(provider.to_owned())))?;
    let now = chrono::Utc::now();
    let notification = handler
        .read_notification(headers, body, now.timestamp())
        .map_err(|refused| match refused {
            Refused::Signature(why) => {
                tracing::warn!(provider, why, "a payment notification with a bad signature");
                ApiError::invalid_field(
                    "signature",
                    text(lang, "api.payments.badSignature").to_owned(),
                    lang,
                )
            }
            Refused::Body(detail) => ApiError::BadJson(detail),
        })?;
    let (applied, order) = crate::db::retry_conflicts(|| {
        orders::apply_notification(
            &payments.db,
            provider,
            &notification,
            now.timestamp_millis(),
        )
    })
    .await?;
    let Some(order) = order else {
        return Err(ApiError::NotFound(Missing::Checkout(
            notification.session_id,
        )));
    };
    if matches!(applied, Applied::Changed(_)) {
        payments.callers.forget_account(order.user_id).await;
    }
    tracing::info!(provider, order = order.id, event = %notification.event_id, ?applied, "payment notification");
    Ok(applied)
}

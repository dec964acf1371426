//! A membership an administrator grants (a plan's length added the way a payment adds it,
//! until a date, or for life) or takes away, always with a reason kept in the audit log.
use sea_orm::{
    sea_query::Expr, ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter,
};
use serde_json::json;
use tingshu_core::{
    i18n::texts::text_with,
    payments::membership::{self as rules, Membership},
    people::membership_change::{
        validate_membership_change, MembershipAction, MembershipChange, MembershipChangeValidation,
        MembershipTerm, ValidateMembershipChangeInput,
    },
    spelling::Spelling,
    Lang,
};

use super::{actions::locked, now_ms, PeopleAdmin};
use crate::{
    console::audit::{self, Actor, Change},
    entities::{plan, subscription, user},
    error::{ApiError, ApiResult},
    payments::orders::membership_of,
};

/// Checks the form by core's `validateMembershipChange` for `action`, at `now`.
fn checked(
    mut input: ValidateMembershipChangeInput,
    action: MembershipAction,
    now: i64,
    lang: Lang,
) -> ApiResult<MembershipChange> {
    input.action = Some(action.as_str().to_owned());
    input.now_ms = now as f64;
    input.lang = lang;
    match validate_membership_change(input) {
        MembershipChangeValidation::Valid { change } => Ok(change),
        MembershipChangeValidation::Invalid { errors } => {
            Err(ApiError::invalid_form(&errors, lang))
        }
    }
}

fn membership_json(membership: &Membership) -> serde_json::Value {
    json!({
        "subscriptionType": membership.subscription_type,
        "subscriptionExpiresAt": membership.expires_at,
    })
}

/// Grants (`action` grant) or takes away (revoke) the membership of user `id`. Taking it away
/// also stops a renewing subscription, so nothing is charged for it later.
pub async fn change(
    people: &PeopleAdmin,
    actor: &Actor,
    id: i32,
    input: ValidateMembershipChangeInput,
    action: MembershipAction,
    lang: Lang,
) -> ApiResult<()> {
    let now = now_ms();
    let change = checked(input, action, now, lang)?;
    let txn = people.db.begin_write().await?;
    let target = locked(&txn, id).await?;
    let before = membership_of(&target);
    let after = match (change.action, change.term) {
        (MembershipAction::Revoke, _) => Membership {
            subscription_type: "free".into(),
            expires_at: None,
        },
        (MembershipAction::Grant, Some(MembershipTerm::Plan)) => {
            let plan_id = change.plan_id.unwrap_or_default();
            let Some(plan) = plan::Entity::find_by_id(plan_id).one(&txn).await? else {
                let message = text_with(
                    lang,
                    "api.people.noSuchPlan",
                    &[("id", &plan_id.to_string())],
                );
                return Err(ApiError::invalid_field("planId", message, lang));
            };
            let months = plan.months.map(|m| u32::try_from(m).unwrap_or(0));
            rules::grant(&before, months, now).after
        }
        (MembershipAction::Grant, Some(MembershipTerm::Until)) => Membership {
            subscription_type: "premium".into(),
            expires_at: change.expires_at,
        },
        (MembershipAction::Grant, _) => Membership {
            subscription_type: "premium".into(),
            expires_at: None,
        },
    };
    user::ActiveModel {
        id: Set(id),
        subscription_type: Set(after.subscription_type.clone()),
        subscription_expires_at: Set(after.expires_at),
        updated_at: Set(now),
        ..Default::default()
    }
    .update(&txn)
    .await?;
    if change.action == MembershipAction::Revoke {
        subscription::Entity::update_many()
            .col_expr(subscription::Column::AutoRenew, Expr::value(false))
            .col_expr(subscription::Column::UpdatedAt, Expr::value(now))
            .filter(subscription::Column::UserId.eq(id))
            .exec(&txn)
            .await?;
    }
    let mut after_json = membership_json(&after);
    after_json["reason"] = json!(change.reason);
    if let Some(term) = change.term {
        after_json["term"] = json!(term.as_str());
    }
    let audit_change = Change {
        action: match change.action {
            MembershipAction::Grant => "user.grantMembership",
            MembershipAction::Revoke => "user.revokeMembership",
        },
        entity: "user",
        entity_id: id,
        before: Some(membership_json(&before)),
        after: Some(after_json),
    };
    audit::record(&txn, actor, audit_change, now).await?;
    txn.commit().await?;
    people.callers.forget_account(id).await;
    Ok(())
}

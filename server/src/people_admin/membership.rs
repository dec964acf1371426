//! A membership an administrator grants (a plan's length added the way a payment adds it,
//! until a date, or for life) or takes away, always with a reason kept in the audit log; each
//! change is also recorded in `membership_changes`, so that a refund replays it (core's
//! `replay`) instead of undoing it.
use sea_orm::{
    sea_query::Expr, ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait,
    QueryFilter, QueryOrder,
};
use serde_json::json;
use tingshu_core::{
    i18n::texts::text_with,
    payments::membership::{self as rules, Effect, Event, Membership, Source},
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
    entities::{membership_change, plan, subscription, user},
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
    let months = match (change.action, change.term) {
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
            plan.months
        }
        _ => None,
    };
    let recorded = membership_change::ActiveModel {
        user_id: Set(id),
        action: Set(change.action.as_str().to_owned()),
        term: Set(change.term.map(|term| term.as_str().to_owned())),
        plan_id: Set(change.plan_id),
        months: Set(months),
        expires_at: Set(change.expires_at),
        reason: Set(change.reason.clone()),
        actor_id: Set(Some(actor.id)),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    // The change takes place by the very rule a refund replays it with.
    let after = rules::apply(&before, effect_of(&recorded)?, now);
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

/// What a recorded change does to a membership: a revocation makes it free; a grant adds the
/// plan's `months` (None: a lifetime plan), ends at `expires_at`, or lasts for life.
fn effect_of(recorded: &membership_change::Model) -> ApiResult<Effect> {
    let corrupt = || {
        ApiError::Internal(anyhow::anyhow!(
            "membership change {} is neither a grant nor a revocation",
            recorded.id
        ))
    };
    let action = MembershipAction::parse(&recorded.action).ok_or_else(corrupt)?;
    let term = recorded.term.as_deref().map(MembershipTerm::parse);
    Ok(match (action, term) {
        (MembershipAction::Revoke, _) => Effect::Revoke,
        (MembershipAction::Grant, Some(Some(MembershipTerm::Plan))) => Effect::Plan {
            months: recorded.months.map(|m| u32::try_from(m).unwrap_or(0)),
        },
        (MembershipAction::Grant, Some(Some(MembershipTerm::Until))) => recorded
            .expires_at
            .map_or(Effect::Lifetime, |expires_at| Effect::Until { expires_at }),
        (MembershipAction::Grant, Some(Some(MembershipTerm::Lifetime)) | None) => Effect::Lifetime,
        (MembershipAction::Grant, Some(None)) => return Err(corrupt()),
    })
}

/// The membership changes administrators made to user `user_id` at or after `since_ms`, as
/// events of its history (a refund replays them with the paid orders).
pub async fn changes_since(
    db: &impl ConnectionTrait,
    user_id: i32,
    since_ms: i64,
) -> ApiResult<Vec<Event>> {
    membership_change::Entity::find()
        .filter(membership_change::Column::UserId.eq(user_id))
        .filter(membership_change::Column::CreatedAt.gte(since_ms))
        .order_by_asc(membership_change::Column::CreatedAt)
        .order_by_asc(membership_change::Column::Id)
        .all(db)
        .await?
        .iter()
        .map(|recorded| {
            Ok(Event {
                at: recorded.created_at,
                source: Source::Admin(recorded.id),
                effect: effect_of(recorded)?,
            })
        })
        .collect()
}

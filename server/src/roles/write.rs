//! Creating, renaming and deleting roles. A role's name is unique (409 on `name`); the
//! built-in roles keep their names and stay; deleting the role that is the caller's last
//! source of `manage:users` is refused unless they are an administrator by type.
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait,
    QueryFilter,
};
use tingshu_core::{
    auth::{
        kinds::Permission,
        roles::{validate_role, RoleFields, RoleValidation, ValidateRoleInput},
    },
    i18n::texts::{text, text_with},
    Lang,
};

use super::{
    grants::{is_last_way_in, last_way_in},
    now_ms, read,
    view::AdminRole,
    Operator, Roles,
};
use crate::{
    console::{
        audit::{self, Change},
        is_unique_violation,
    },
    entities::role,
    error::{ApiError, ApiResult, Missing},
};

pub(crate) fn as_json(role: &AdminRole) -> serde_json::Value {
    serde_json::to_value(role).unwrap_or_default()
}

fn checked(mut input: ValidateRoleInput, lang: Lang) -> ApiResult<RoleFields> {
    input.lang = lang;
    match validate_role(input) {
        RoleValidation::Valid { role } => Ok(role),
        RoleValidation::Invalid { errors } => Err(ApiError::invalid_form(&errors, lang)),
    }
}

/// 409 on `name` when another role has it.
fn name_taken(name: &str, lang: Lang) -> ApiError {
    ApiError::Conflict {
        code: "already_taken",
        message: text_with(lang, "api.roles.nameTaken", &[("name", name)]),
        fields: [(
            "name".to_owned(),
            text(lang, "api.roles.nameTakenField").to_owned(),
        )]
        .into(),
    }
}

/// 409 `role_built_in`: the role's name is the server's own.
fn built_in(name: &str, lang: Lang) -> ApiError {
    ApiError::Conflict {
        code: "role_built_in",
        message: text_with(lang, "api.roles.builtIn", &[("name", name)]),
        fields: Default::default(),
    }
}

/// A unique violation (two administrators took one name at once) as that 409.
fn name_conflict(error: DbErr, name: &str, lang: Lang) -> ApiError {
    if is_unique_violation(&error) {
        name_taken(name, lang)
    } else {
        error.into()
    }
}

async fn ensure_name_free(
    db: &impl ConnectionTrait,
    name: &str,
    except: Option<i32>,
    lang: Lang,
) -> ApiResult<()> {
    let mut query = role::Entity::find().filter(role::Column::Name.eq(name));
    if let Some(id) = except {
        query = query.filter(role::Column::Id.ne(id));
    }
    if query.one(db).await?.is_some() {
        return Err(name_taken(name, lang));
    }
    Ok(())
}

/// Creates a role from the form, holding no permission yet.
pub async fn create(
    roles: &Roles,
    operator: &Operator,
    input: ValidateRoleInput,
    lang: Lang,
) -> ApiResult<AdminRole> {
    let fields = checked(input, lang)?;
    let now = now_ms();
    let txn = roles.db.begin_write().await?;
    ensure_name_free(&txn, &fields.name, None, lang).await?;
    let id = role::ActiveModel {
        name: Set(fields.name.clone()),
        description: Set(fields.description.clone()),
        ..Default::default()
    }
    .insert(&txn)
    .await
    .map_err(|e| name_conflict(e, &fields.name, lang))?
    .id;
    let created = read::one(&txn, id)
        .await?
        .ok_or(ApiError::NotFound(Missing::Role(id)))?;
    let change = Change {
        action: "role.create",
        entity: "role",
        entity_id: id,
        before: None,
        after: Some(as_json(&created)),
    };
    audit::record(&txn, &operator.actor, change, now).await?;
    txn.commit().await?;
    Ok(created)
}

/// Renames and describes role `id` (a built-in role keeps its name).
pub async fn update(
    roles: &Roles,
    operator: &Operator,
    id: i32,
    input: ValidateRoleInput,
    lang: Lang,
) -> ApiResult<AdminRole> {
    let fields = checked(input, lang)?;
    let now = now_ms();
    let txn = roles.db.begin_write().await?;
    let before = read::one(&txn, id)
        .await?
        .ok_or(ApiError::NotFound(Missing::Role(id)))?;
    if before.built_in && fields.name != before.name {
        return Err(built_in(&before.name, lang));
    }
    ensure_name_free(&txn, &fields.name, Some(id), lang).await?;
    role::ActiveModel {
        id: sea_orm::ActiveValue::Unchanged(id),
        name: Set(fields.name.clone()),
        description: Set(fields.description.clone()),
    }
    .update(&txn)
    .await
    .map_err(|e| name_conflict(e, &fields.name, lang))?;
    let after = read::one(&txn, id)
        .await?
        .ok_or(ApiError::NotFound(Missing::Role(id)))?;
    if after == before {
        txn.rollback().await?;
        return Ok(after);
    }
    let change = Change {
        action: "role.update",
        entity: "role",
        entity_id: id,
        before: Some(as_json(&before)),
        after: Some(as_json(&after)),
    };
    audit::record(&txn, &operator.actor, change, now).await?;
    let holders = read::holders(&txn, id).await?;
    txn.commit().await?;
    // The account check keeps its holders' role names.
    roles.forget_holders(&holders).await;
    Ok(after)
}

/// Deletes role `id`; its holders lose what it granted from their next request on.
pub async fn delete(roles: &Roles, operator: &Operator, id: i32, lang: Lang) -> ApiResult<()> {
    let now = now_ms();
    let txn = roles.db.begin_write().await?;
    let before = read::one(&txn, id)
        .await?
        .ok_or(ApiError::NotFound(Missing::Role(id)))?;
    if before.built_in {
        return Err(built_in(&before.name, lang));
    }
    if !operator.admin_by_type
        && before.permissions.contains(&Permission::ManageUsers)
        && is_last_way_in(&txn, operator.actor.id, id).await?
    {
        return Err(last_way_in(lang, None));
    }
    let holders = read::holders(&txn, id).await?;
    role::Entity::delete_by_id(id).exec(&txn).await?;
    let change = Change {
        action: "role.delete",
        entity: "role",
        entity_id: id,
        before: Some(as_json(&before)),
        after: None,
    };
    audit::record(&txn, &operator.actor, change, now).await?;
    txn.commit().await?;
    roles.forget_holders(&holders).await;
    Ok(())
}

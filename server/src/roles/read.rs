//! The roles with how many users hold each and what each may do, and the permissions with
//! the roles that hold them.
use std::collections::HashMap;

use sea_orm::{
    sea_query::{Expr, ExprTrait},
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use tingshu_core::{auth::kinds::Permission, spelling::Spelling, Lang};

use super::{
    view::{AdminPermission, AdminRole, RoleRef},
    BUILT_IN_ROLES,
};
use crate::entities::{permission, role, role_permission, user_role};

/// Every (role, permission) grant, the permission typed (a stored name outside core's set,
/// which start-up removes, is skipped).
async fn grants(
    db: &impl ConnectionTrait,
    role_id: Option<i32>,
) -> Result<Vec<(i32, Permission)>, DbErr> {
    let names: HashMap<i32, String> = permission::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|p| (p.id, p.name))
        .collect();
    let mut query = role_permission::Entity::find();
    if let Some(id) = role_id {
        query = query.filter(role_permission::Column::RoleId.eq(id));
    }
    Ok(query
        .all(db)
        .await?
        .into_iter()
        .filter_map(|row| {
            let name = names.get(&row.permission_id)?;
            Some((row.role_id, Permission::parse(name)?))
        })
        .collect())
}

/// How many users hold each role (of `role_id` only, when given).
async fn holder_counts(
    db: &impl ConnectionTrait,
    role_id: Option<i32>,
) -> Result<HashMap<i32, u64>, DbErr> {
    let mut query = user_role::Entity::find()
        .select_only()
        .column(user_role::Column::RoleId)
        .column_as(Expr::col(user_role::Column::UserId).count(), "n")
        .group_by(user_role::Column::RoleId);
    if let Some(id) = role_id {
        query = query.filter(user_role::Column::RoleId.eq(id));
    }
    Ok(query
        .into_tuple::<(i32, i64)>()
        .all(db)
        .await?
        .into_iter()
        .map(|(id, n)| (id, u64::try_from(n).unwrap_or(0)))
        .collect())
}

fn view(row: role::Model, counts: &HashMap<i32, u64>, grants: &[(i32, Permission)]) -> AdminRole {
    let held: Vec<Permission> = grants
        .iter()
        .filter(|(role_id, _)| *role_id == row.id)
        .map(|(_, p)| *p)
        .collect();
    AdminRole {
        user_count: counts.get(&row.id).copied().unwrap_or(0),
        permissions: Permission::ALL
            .iter()
            .copied()
            .filter(|p| held.contains(p))
            .collect(),
        built_in: BUILT_IN_ROLES.contains(&row.name.as_str()),
        id: row.id,
        name: row.name,
        description: row.description,
    }
}

/// Every role by id, with its holders counted and its permissions.
pub async fn list(db: &impl ConnectionTrait) -> Result<Vec<AdminRole>, DbErr> {
    let counts = holder_counts(db, None).await?;
    let grants = grants(db, None).await?;
    let rows = role::Entity::find()
        .order_by_asc(role::Column::Id)
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|r| view(r, &counts, &grants))
        .collect())
}

/// Role `id`, if there is one.
pub async fn one(db: &impl ConnectionTrait, id: i32) -> Result<Option<AdminRole>, DbErr> {
    let Some(row) = role::Entity::find_by_id(id).one(db).await? else {
        return Ok(None);
    };
    let counts = holder_counts(db, Some(id)).await?;
    let grants = grants(db, Some(id)).await?;
    Ok(Some(view(row, &counts, &grants)))
}

/// Every permission of core, in core's order, worded in `lang`, with the roles holding it.
pub async fn permissions(
    db: &impl ConnectionTrait,
    lang: Lang,
) -> Result<Vec<AdminPermission>, DbErr> {
    let grants = grants(db, None).await?;
    let roles: Vec<role::Model> = role::Entity::find()
        .order_by_asc(role::Column::Id)
        .all(db)
        .await?;
    Ok(Permission::ALL
        .iter()
        .map(|&permission| AdminPermission {
            permission,
            name: permission.name(lang).to_owned(),
            opens: permission.opens(lang).to_owned(),
            roles: roles
                .iter()
                .filter(|r| grants.contains(&(r.id, permission)))
                .map(|r| RoleRef {
                    id: r.id,
                    name: r.name.clone(),
                })
                .collect(),
        })
        .collect())
}

/// The users holding role `id`.
pub async fn holders(db: &impl ConnectionTrait, id: i32) -> Result<Vec<i32>, DbErr> {
    user_role::Entity::find()
        .select_only()
        .column(user_role::Column::UserId)
        .filter(user_role::Column::RoleId.eq(id))
        .into_tuple()
        .all(db)
        .await
}

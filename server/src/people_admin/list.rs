//! The console's user list: searched by name or e-mail (a prefix of the normalized columns,
//! so an index range), filtered by type, membership, status and role, sorted, paged.
use std::collections::HashMap;

use sea_orm::{
    sea_query::{Expr, ExprTrait, Query},
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, Order, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect,
};
use serde::Deserialize;
use tingshu_core::{
    auth::{
        account::{normalize_email, normalize_username},
        account_state::AccountStatus,
        kinds::UserType,
    },
    premium::{premium_status, PremiumStatusInput},
    spelling::Spelling,
    validation::FieldRule,
    Lang,
};

use super::view::{AdminUserRow, RoleRef};
use crate::{
    entities::{role, user, user_role},
    error::ApiResult,
    paging::{choice_param, param_error, whole_number_param, Page, Paging},
};

/// Users a page lists when `pageSize` is absent, and at most.
pub const LIST_DEFAULT_PAGE_SIZE: u64 = 20;
pub const LIST_MAX_PAGE_SIZE: u64 = 100;
/// Most characters of a search.
pub const SEARCH_MAX_CHARS: usize = 100;
/// The orders of the list.
pub const SORTS: [&str; 3] = ["created", "lastLogin", "name"];
/// The list's `order`.
pub const ORDERS: [&str; 2] = ["asc", "desc"];
/// The membership filter's values.
pub const MEMBERSHIPS: [&str; 3] = ["free", "premium", "expired"];

/// `?page&pageSize&q&type&membership&status&role&sort&order` of the user list, as sent.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AdminUserParams {
    /// From 1.
    #[param(value_type = Option<u32>, minimum = 1)]
    pub page: Option<String>,
    /// From 1 to 100; 20 when absent.
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    pub page_size: Option<String>,
    /// The start of a username or an e-mail address (case and look-alikes ignored), or a user id.
    pub q: Option<String>,
    /// `admin` or `user`.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub user_type: Option<String>,
    /// `free` (not a member), `premium` (a member now) or `expired` (a membership that ended).
    pub membership: Option<String>,
    /// `active` or `disabled`.
    pub status: Option<String>,
    /// A role id: users holding that role.
    #[param(value_type = Option<u32>, minimum = 1)]
    pub role: Option<String>,
    /// `created` (the default), `lastLogin` or `name`.
    pub sort: Option<String>,
    /// `desc` (the default) or `asc`.
    pub order: Option<String>,
}

/// A validated list request.
#[derive(Debug, Clone)]
pub struct AdminUserQuery {
    pub q: Option<String>,
    pub user_type: Option<String>,
    pub membership: Option<String>,
    pub status: Option<String>,
    pub role_id: Option<i32>,
    pub sort: &'static str,
    pub ascending: bool,
    pub paging: Paging,
}

fn spellings<T: Spelling>() -> Vec<&'static str> {
    T::ALL.iter().map(|v| v.as_str()).collect()
}

impl AdminUserQuery {
    /// Checks every parameter; a 400 names the first bad one and its rule in `lang`.
    pub fn parse(params: AdminUserParams, lang: Lang) -> ApiResult<Self> {
        let paging = Paging::parse_in(
            lang,
            params.page.as_deref(),
            params.page_size.as_deref(),
            LIST_DEFAULT_PAGE_SIZE,
            LIST_MAX_PAGE_SIZE,
        )?;
        let q = params
            .q
            .as_deref()
            .map(str::trim)
            .filter(|q| !q.is_empty())
            .map(str::to_owned);
        if q.as_ref()
            .is_some_and(|q| q.chars().count() > SEARCH_MAX_CHARS)
        {
            let rule = FieldRule::TooLong {
                max: SEARCH_MAX_CHARS,
            };
            return Err(param_error(lang, "q", rule));
        }
        let sort = choice_param(lang, "sort", params.sort.as_deref(), &SORTS)?;
        let sort = SORTS
            .into_iter()
            .find(|s| Some(*s) == sort.as_deref())
            .unwrap_or("created");
        let order = choice_param(lang, "order", params.order.as_deref(), &ORDERS)?;
        Ok(Self {
            q,
            user_type: choice_param(
                lang,
                "type",
                params.user_type.as_deref(),
                &spellings::<UserType>(),
            )?,
            membership: choice_param(
                lang,
                "membership",
                params.membership.as_deref(),
                &MEMBERSHIPS,
            )?,
            status: choice_param(
                lang,
                "status",
                params.status.as_deref(),
                &spellings::<AccountStatus>(),
            )?,
            role_id: whole_number_param(lang, "role", params.role.as_deref(), 1, i32::MAX as u64)?
                .map(|id| id as i32),
            sort,
            ascending: order.as_deref() == Some("asc"),
            paging,
        })
    }

    /// The filters, with memberships judged at `now_ms` the way core's `isPremium` does: a
    /// member is `premium` with no expiry or one after now; an expiry equal to now has passed.
    fn condition(&self, now_ms: i64) -> Condition {
        let mut condition = Condition::all();
        if let Some(q) = &self.q {
            condition = condition.add(search(q));
        }
        if let Some(user_type) = &self.user_type {
            condition = condition.add(user::Column::UserType.eq(user_type.as_str()));
        }
        if let Some(status) = &self.status {
            condition = condition.add(user::Column::Status.eq(status.as_str()));
        }
        let premium = user::Column::SubscriptionType.eq("premium");
        condition = match self.membership.as_deref() {
            Some("premium") => condition.add(premium).add(
                Condition::any()
                    .add(user::Column::SubscriptionExpiresAt.is_null())
                    .add(user::Column::SubscriptionExpiresAt.gt(now_ms)),
            ),
            Some("expired") => condition
                .add(premium)
                .add(user::Column::SubscriptionExpiresAt.lte(now_ms)),
            Some(_) => condition.add(user::Column::SubscriptionType.ne("premium")),
            None => condition,
        };
        if let Some(role_id) = self.role_id {
            condition = condition.add(
                user::Column::Id.in_subquery(
                    Query::select()
                        .column(user_role::Column::UserId)
                        .from(user_role::Entity)
                        .and_where(Expr::col(user_role::Column::RoleId).eq(role_id))
                        .to_owned(),
                ),
            );
        }
        condition
    }
}

/// Usernames and e-mail addresses starting with `q` (each compared in its normalized form,
/// as a range of its unique index), or the user whose id `q` is.
fn search(q: &str) -> Condition {
    let prefix = |column: user::Column, start: String| {
        let end = format!("{start}{}", char::MAX);
        Condition::all().add(column.gte(start)).add(column.lt(end))
    };
    let mut any = Condition::any()
        .add(prefix(user::Column::EmailNormalized, normalize_email(q)))
        .add(prefix(
            user::Column::UsernameNormalized,
            normalize_username(q),
        ));
    if let Ok(id) = q.parse::<i32>() {
        any = any.add(user::Column::Id.eq(id));
    }
    any
}

/// The roles of each of `ids`, by name.
pub async fn roles_of(
    db: &impl ConnectionTrait,
    ids: &[i32],
) -> ApiResult<HashMap<i32, Vec<RoleRef>>> {
    let held: Vec<(i32, i32)> = user_role::Entity::find()
        .select_only()
        .column(user_role::Column::UserId)
        .column(user_role::Column::RoleId)
        .filter(user_role::Column::UserId.is_in(ids.iter().copied()))
        .into_tuple()
        .all(db)
        .await?;
    let names: HashMap<i32, String> = role::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|r| (r.id, r.name))
        .collect();
    let mut by_user: HashMap<i32, Vec<RoleRef>> = HashMap::new();
    for (user_id, role_id) in held {
        if let Some(name) = names.get(&role_id) {
            by_user.entry(user_id).or_default().push(RoleRef {
                id: role_id,
                name: name.clone(),
            });
        }
    }
    for roles in by_user.values_mut() {
        roles.sort_by(|a, b| a.name.cmp(&b.name));
    }
    Ok(by_user)
}

/// The console's row of `user` with its `roles`, its membership judged at `now_ms`.
pub fn row(user: user::Model, roles: Vec<RoleRef>, now_ms: i64) -> AdminUserRow {
    let membership = premium_status(PremiumStatusInput {
        user: Some(user.premium()),
        now_ms: now_ms as f64,
        lang: Lang::En,
        timezone: None,
    })
    .kind;
    AdminUserRow {
        id: user.id,
        username: user.username,
        email: user.email,
        user_type: user.user_type,
        status: user.status,
        subscription_type: user.subscription_type,
        subscription_expires_at: user.subscription_expires_at,
        membership,
        roles,
        created_at: user.created_at,
        last_login_at: user.last_login_at,
    }
}

/// A page of the users matching `query` at `now_ms`.
pub async fn list(
    db: &impl ConnectionTrait,
    query: &AdminUserQuery,
    now_ms: i64,
) -> ApiResult<Page<AdminUserRow>> {
    let condition = query.condition(now_ms);
    let select = || {
        if condition.is_empty() {
            user::Entity::find()
        } else {
            user::Entity::find().filter(condition.clone())
        }
    };
    let order = if query.ascending {
        Order::Asc
    } else {
        Order::Desc
    };
    let column = match query.sort {
        "lastLogin" => user::Column::LastLoginAt,
        "name" => user::Column::UsernameNormalized,
        _ => user::Column::CreatedAt,
    };
    let total = select().count(db);
    let rows = select()
        .order_by(column, order.clone())
        .order_by(user::Column::Id, order)
        .limit(query.paging.page_size)
        .offset(query.paging.offset())
        .all(db);
    let (total, rows) = tokio::try_join!(total, rows)?;
    let ids: Vec<i32> = rows.iter().map(|u| u.id).collect();
    let mut roles = roles_of(db, &ids).await?;
    let items = rows
        .into_iter()
        .map(|u| {
            let held = roles.remove(&u.id).unwrap_or_default();
            row(u, held, now_ms)
        })
        .collect();
    Ok(Page::new(items, total, query.paging))
}

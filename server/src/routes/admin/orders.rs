//! `/api/admin/orders*` and `/api/admin/plans*` (`manage:orders`): every order with its
//! history, refunds, and the plans' prices.
use std::collections::HashMap;

use crate::routes::registry::route;
use axum::{extract::State, Json};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};
use serde::Deserialize;
use tingshu_core::{
    auth::{access::Access, kinds::Permission},
    catalog::chapter_form::{validate_prices, PricesValidation, ValidatePricesInput},
    format::currency::Currency,
    payments::order::OrderState,
    spelling::Spelling,
    Lang,
};

use crate::clock::now_ms;
use crate::{
    accounts::Client,
    auth::SignedIn,
    console::audit::{self, Actor, Change},
    entities::{order, plan, user},
    error::{success, ApiError, ApiResult, ErrorBody, Missing, Success},
    extract::{Body, Params, PathId, RequestLang},
    paging::{choice_param, Items, Page, Paging},
    payments::{
        orders, titles,
        view::{AdminOrder, OrderEventView, OrderView, PlanView},
    },
    routes::registry::ApiRoutes,
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let orders = || Access::Permission {
        permission: Permission::ManageOrders,
    };
    api.add(orders(), route!(list_admin_orders))
        .add(orders(), route!(get_admin_order))
        .add(orders(), route!(refund_admin_order))
        .add(orders(), route!(list_admin_plans))
        .add(orders(), route!(update_admin_plan))
}

/// `?page&pageSize&state` of the order list, as sent.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct OrderListParams {
    #[param(value_type = Option<u32>, minimum = 1)]
    page: Option<String>,
    #[param(value_type = Option<u32>, minimum = 1)]
    page_size: Option<String>,
    /// pending, paid, failed, cancelled or refunded.
    state: Option<String>,
}

async fn with_buyers(state: &AppState, rows: &[order::Model]) -> ApiResult<HashMap<i32, String>> {
    let ids: Vec<i32> = rows.iter().map(|o| o.user_id).collect();
    Ok(user::Entity::find()
        .filter(user::Column::Id.is_in(ids))
        .all(state.db.reader())
        .await?
        .into_iter()
        .map(|u| (u.id, u.username))
        .collect())
}

/// The console's view of `row` (`order`: its view, with whether it is being confirmed).
fn admin_order(
    row: &order::Model,
    order: OrderView,
    buyers: &HashMap<i32, String>,
    events: Vec<OrderEventView>,
) -> AdminOrder {
    AdminOrder {
        order,
        user_id: row.user_id,
        username: buyers.get(&row.user_id).cloned(),
        provider_ref: row.provider_ref.clone(),
        grant_added_ms: row.grant_added_ms,
        events,
    }
}

/// Every order, newest first, optionally of one state.
#[utoipa::path(get, path = "/admin/orders", tag = "admin", params(OrderListParams),
    responses((status = 200, body = Success<Page<AdminOrder>>)))]
async fn list_admin_orders(
    State(state): State<AppState>,
    client: Client,
    Params(params): Params<OrderListParams>,
) -> ApiResult<Json<Success<Page<AdminOrder>>>> {
    let lang = client.lang;
    let paging = Paging::parse_in(
        lang,
        params.page.as_deref(),
        params.page_size.as_deref(),
        orders::LIST_DEFAULT_PAGE_SIZE,
        orders::LIST_MAX_PAGE_SIZE,
    )?;
    let states: Vec<&str> = OrderState::ALL.iter().map(|s| s.as_str()).collect();
    let wanted = choice_param(lang, "state", params.state.as_deref(), &states)?;
    orders::expire_due(&state.payments, now_ms()).await?;
    let mut query = order::Entity::find().order_by_desc(order::Column::Id);
    if let Some(wanted) = wanted {
        query = query.filter(order::Column::State.eq(wanted));
    }
    let total = query.clone().count(state.db.reader()).await?;
    let rows = query
        .paginate(state.db.reader(), paging.page_size)
        .fetch_page(paging.page - 1)
        .await?;
    let buyers = with_buyers(&state, &rows).await?;
    let mut views = Vec::with_capacity(rows.len());
    for row in &rows {
        views.push(orders::view(&state.payments, row).await);
    }
    titles::name_in(state.db.reader(), lang, &mut views).await?;
    let items = rows
        .iter()
        .zip(views)
        .map(|(row, view)| admin_order(row, view, &buyers, Vec::new()))
        .collect();
    Ok(success(Page::new(items, total, paging)))
}

/// One order as the console shows it, what it bought named in `lang`.
async fn order_detail(state: &AppState, id: i32, lang: Lang) -> ApiResult<AdminOrder> {
    let row = orders::find(&state.payments, id, now_ms())
        .await?
        .ok_or(ApiError::NotFound(Missing::Order(id)))?;
    let buyers = with_buyers(state, std::slice::from_ref(&row)).await?;
    let events = orders::events(state.db.reader(), id)
        .await?
        .iter()
        .map(OrderEventView::from)
        .collect();
    let mut view = orders::view(&state.payments, &row).await;
    titles::name_in(state.db.reader(), lang, std::slice::from_mut(&mut view)).await?;
    Ok(admin_order(&row, view, &buyers, events))
}

/// One order with every transition (time and cause).
#[utoipa::path(get, path = "/admin/orders/{id}", tag = "admin",
    params(("id" = i32, Path, description = "The order's id")),
    responses((status = 200, body = Success<AdminOrder>),
        (status = 404, description = "No such order", body = ErrorBody)))]
async fn get_admin_order(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    PathId(id): PathId,
) -> ApiResult<Json<Success<AdminOrder>>> {
    Ok(success(order_detail(&state, id, lang).await?))
}

/// Why an order is refunded.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct RefundInput {
    /// Kept in the order's history (at most 200 characters).
    #[serde(default)]
    reason: Option<String>,
}

/// Refunds a paid order through its provider and takes back exactly what it granted (the
/// membership time, or the book or chapter).
#[utoipa::path(post, path = "/admin/orders/{id}/refund", tag = "admin",
    params(("id" = i32, Path, description = "The order's id")),
    request_body = RefundInput,
    responses((status = 200, body = Success<AdminOrder>),
        (status = 404, description = "No such order", body = ErrorBody),
        (status = 409, description = "The order is not paid", body = ErrorBody)))]
#[tracing::instrument(skip_all, fields(order = id))]
async fn refund_admin_order(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
    Body(input): Body<RefundInput>,
) -> ApiResult<Json<Success<AdminOrder>>> {
    let row = orders::find(&state.payments, id, now_ms())
        .await?
        .ok_or(ApiError::NotFound(Missing::Order(id)))?;
    let provider = state
        .payments
        .get(&row.provider)
        .ok_or_else(|| ApiError::NotFound(Missing::Provider(row.provider.clone())))?;
    let reason: String = input
        .reason
        .unwrap_or_default()
        .trim()
        .chars()
        .take(200)
        .collect();
    let actor = Actor::new(&caller, &client);
    orders::refund(
        &state.db,
        provider.as_ref(),
        &row,
        &actor,
        &reason,
        client.lang,
        now_ms(),
    )
    .await?;
    state.accounts.callers.forget_account(row.user_id).await;
    Ok(success(order_detail(&state, id, client.lang).await?))
}

/// Every plan, on sale or not, with its prices.
#[utoipa::path(get, path = "/admin/plans", tag = "admin",
    responses((status = 200, body = Success<Items<PlanView>>)))]
async fn list_admin_plans(
    State(state): State<AppState>,
    client: Client,
) -> ApiResult<Json<Success<Items<PlanView>>>> {
    let items = plan::Entity::find()
        .order_by_asc(plan::Column::SortOrder)
        .all(state.db.reader())
        .await?
        .iter()
        .map(|plan| PlanView::new(plan, Currency::for_lang(client.lang)))
        .collect();
    Ok(success(Items { items }))
}

/// A plan's prices (minor units; absent or 0: not sold in that currency) and whether it is on sale.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PlanInput {
    #[serde(default)]
    price_cny: Option<f64>,
    #[serde(default)]
    price_usd: Option<f64>,
    #[serde(default)]
    price_jpy: Option<f64>,
    active: bool,
}

/// Changes a plan's prices (minor units; empty: not sold in that currency) and sale state;
/// orders already made keep their price.
#[utoipa::path(put, path = "/admin/plans/{id}", tag = "admin",
    params(("id" = i32, Path, description = "The plan's id")),
    request_body = PlanInput,
    responses((status = 200, body = Success<PlanView>),
        (status = 404, description = "No such plan", body = ErrorBody)))]
async fn update_admin_plan(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
    Body(input): Body<PlanInput>,
) -> ApiResult<Json<Success<PlanView>>> {
    let lang = client.lang;
    let prices = match validate_prices(ValidatePricesInput {
        price_cny: input.price_cny,
        price_usd: input.price_usd,
        price_jpy: input.price_jpy,
        lang,
    }) {
        PricesValidation::Valid { prices } => prices,
        PricesValidation::Invalid { errors } => return Err(ApiError::invalid_form(&errors, lang)),
    };
    let txn = state.db.begin_write().await?;
    let before = plan::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or(ApiError::NotFound(Missing::Plan(id.to_string())))?;
    let mut row: plan::ActiveModel = before.clone().into();
    row.price_cny = sea_orm::Set(prices.price_cny);
    row.price_usd = sea_orm::Set(prices.price_usd);
    row.price_jpy = sea_orm::Set(prices.price_jpy);
    row.active = sea_orm::Set(input.active);
    row.updated_at = sea_orm::Set(now_ms());
    let after = sea_orm::ActiveModelTrait::update(row, &txn).await?;
    let view = |p: &plan::Model| serde_json::json!({"code": p.code, "prices": orders::plan_prices(p), "active": p.active});
    let change = Change {
        action: "plan.update",
        entity: "plan",
        entity_id: id,
        before: Some(view(&before)),
        after: Some(view(&after)),
    };
    audit::record(&txn, &Actor::new(&caller, &client), change, now_ms()).await?;
    txn.commit().await?;
    Ok(success(PlanView::new(&after, Currency::for_lang(lang))))
}

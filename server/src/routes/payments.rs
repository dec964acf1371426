//! Membership and payments for listeners: plans, orders (create, read, cancel, list), the
//! caller's membership and auto-renewal, premium offline download grants, the providers'
//! webhooks and the sandbox's hosted checkout page.
use crate::routes::registry::route;
use axum::{
    body::Bytes,
    extract::{rejection::FormRejection, Path, State},
    http::{header, HeaderMap, StatusCode},
    response::{Html, IntoResponse, Response},
    Form, Json,
};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use tingshu_core::{
    auth::access::Access,
    format::currency::{format_currency, Currency, FormatCurrencyInput},
    i18n::texts::text,
    payments::order::{OrderKind, OrderState},
    premium::{premium_status, PremiumStatusInput},
    spelling::Spelling,
    Lang,
};

use super::registry::ApiRoutes;
use crate::clock::now_ms;
use crate::{
    audio,
    auth::SignedIn,
    books,
    entities::{order, plan, subscription},
    error::{success, ApiError, ApiResult, ErrorBody, Missing, Success},
    extract::{Body, Params, PathId, RequestLang},
    paging::{Page, PageParams},
    payments::{
        orders::{self, Applied, OrderRequest},
        sandbox::{self, Sandbox},
        titles,
        view::{DownloadGrant, DownloadItem, MembershipView, OrderView, PlanView},
        webhook,
    },
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let me = || Access::Authenticated;
    api.add(Access::Public, route!(list_plans))
        .add(me(), route!(create_order))
        .add(me(), route!(get_order))
        .add(me(), route!(cancel_order))
        .add(me(), route!(list_my_orders))
        .add(me(), route!(my_membership))
        .add(me(), route!(set_auto_renew))
        .add(Access::Premium, route!(grant_downloads))
        .add(Access::Public, route!(payment_webhook))
        .add(Access::Public, route!(sandbox_checkout_page))
        .add(Access::Public, route!(sandbox_checkout_answer))
}

/// `?currency` of the plan list.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct CurrencyParams {
    /// CNY, USD or JPY; absent: the request language's currency (zh CNY, en USD, ja JPY).
    currency: Option<String>,
}

fn currency_or_lang(value: Option<&str>, lang: Lang) -> ApiResult<Currency> {
    match value {
        None | Some("") => Ok(Currency::for_lang(lang)),
        Some(code) => Currency::parse(code).ok_or_else(|| {
            ApiError::invalid_field(
                "currency",
                text(lang, "api.payments.notForSale").to_owned(),
                lang,
            )
        }),
    }
}

/// The membership plans on sale, priced in the language's currency (or `?currency`).
#[utoipa::path(get, path = "/plans", tag = "payments", params(CurrencyParams),
    responses((status = 200, body = Success<crate::paging::Items<PlanView>>)))]
async fn list_plans(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    Params(params): Params<CurrencyParams>,
) -> ApiResult<Json<Success<crate::paging::Items<PlanView>>>> {
    let currency = currency_or_lang(params.currency.as_deref(), lang)?;
    let items = orders::active_plans(state.db.reader())
        .await?
        .iter()
        .map(|plan| PlanView::new(plan, currency))
        .collect();
    Ok(success(crate::paging::Items { items }))
}

/// What to buy.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct CreateOrder {
    kind: OrderKind,
    /// For `plan`: `monthly`, `quarterly`, `yearly` or `lifetime`.
    #[serde(default)]
    plan_code: Option<String>,
    /// For `book`.
    #[serde(default)]
    book_id: Option<i32>,
    /// For `chapter`.
    #[serde(default)]
    chapter_id: Option<i32>,
    /// Absent: the request language's currency.
    #[serde(default)]
    currency: Option<Currency>,
    /// The app path to return to after paying (`/books/3`).
    #[serde(default)]
    redirect: Option<String>,
    /// For a timed plan: renew it before it ends (off by default).
    #[serde(default)]
    auto_renew: Option<bool>,
}

/// Creates a pending order and opens its checkout (`checkoutUrl`); the same item asked for
/// again while its order waits answers that order. Only the provider's notification marks it paid.
#[utoipa::path(post, path = "/orders", tag = "payments", request_body = CreateOrder,
    responses((status = 200, body = Success<OrderView>),
        (status = 404, description = "No such plan, book or chapter", body = ErrorBody),
        (status = 409, description = "Not for sale in this currency, already bought, or a lifetime member", body = ErrorBody),
        (status = 503, description = "No payment provider is available", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn create_order(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    RequestLang(lang): RequestLang,
    Body(input): Body<CreateOrder>,
) -> ApiResult<Json<Success<OrderView>>> {
    let provider = state
        .payments
        .default_provider()
        .ok_or_else(|| ApiError::Busy {
            retry_after_secs: 60,
            message: text(lang, "api.payments.noProvider").to_owned(),
        })?;
    let request = OrderRequest {
        kind: input.kind,
        plan_code: input.plan_code,
        book_id: input.book_id,
        chapter_id: input.chapter_id,
        currency: input.currency.unwrap_or_else(|| Currency::for_lang(lang)),
        redirect: orders::check_redirect(input.redirect, lang)?,
        auto_renew: input.auto_renew.unwrap_or(false),
    };
    let order = orders::create(
        &state.db,
        provider.as_ref(),
        &caller.user,
        request,
        lang,
        now_ms(),
    )
    .await?;
    Ok(success(
        order_view(&state, lang, OrderView::from(&order)).await?,
    ))
}

/// `view` with what it bought named in `lang`.
async fn order_view(state: &AppState, lang: Lang, mut view: OrderView) -> ApiResult<OrderView> {
    titles::name_in(state.db.reader(), lang, std::slice::from_mut(&mut view)).await?;
    Ok(view)
}

async fn own_order(state: &AppState, user_id: i32, id: i32) -> ApiResult<order::Model> {
    orders::find(&state.payments, id, now_ms())
        .await?
        .filter(|order| order.user_id == user_id)
        .ok_or(ApiError::NotFound(Missing::Order(id)))
}

/// One of the caller's orders (the payment pages poll it until it is final).
#[utoipa::path(get, path = "/orders/{id}", tag = "payments",
    params(("id" = i32, Path, description = "The order's id")),
    responses((status = 200, body = Success<OrderView>),
        (status = 404, description = "No such order of the caller", body = ErrorBody)))]
async fn get_order(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    RequestLang(lang): RequestLang,
    PathId(id): PathId,
) -> ApiResult<Json<Success<OrderView>>> {
    let order = own_order(&state, caller.user.id, id).await?;
    // The webhook forgets the buyer's cached account just after its commit; a poller that
    // sees the order settled a moment ago must read its account afresh on the next request.
    let settled_recently = order.state != OrderState::Pending.as_str()
        && now_ms() - order.updated_at < crate::auth::cache::TTL.as_millis() as i64;
    if settled_recently {
        state.accounts.callers.forget_account(caller.user.id).await;
    }
    let view = orders::view(&state.payments, &order).await;
    Ok(success(order_view(&state, lang, view).await?))
}

/// Cancels one of the caller's pending orders.
#[utoipa::path(post, path = "/orders/{id}/cancel", tag = "payments",
    params(("id" = i32, Path, description = "The order's id")),
    responses((status = 200, body = Success<OrderView>),
        (status = 404, description = "No such order of the caller", body = ErrorBody),
        (status = 409, description = "The order is no longer pending", body = ErrorBody)))]
async fn cancel_order(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    RequestLang(lang): RequestLang,
    PathId(id): PathId,
) -> ApiResult<Json<Success<OrderView>>> {
    let order = own_order(&state, caller.user.id, id).await?;
    if orders::paid_unconfirmed(&state.payments, &order).await {
        return Err(ApiError::Conflict {
            code: "payment_confirming",
            message: text(lang, "api.payments.confirming").to_owned(),
            fields: Default::default(),
        });
    }
    orders::cancel(&state.db, &order, lang, now_ms()).await?;
    let order = own_order(&state, caller.user.id, id).await?;
    Ok(success(
        order_view(&state, lang, OrderView::from(&order)).await?,
    ))
}

/// The caller's orders, newest first.
#[utoipa::path(get, path = "/me/orders", tag = "payments", params(PageParams),
    responses((status = 200, body = Success<Page<OrderView>>)))]
async fn list_my_orders(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    RequestLang(lang): RequestLang,
    Params(params): Params<PageParams>,
) -> ApiResult<Json<Success<Page<OrderView>>>> {
    let paging = params.paging(
        lang,
        orders::LIST_DEFAULT_PAGE_SIZE,
        orders::LIST_MAX_PAGE_SIZE,
    )?;
    orders::expire_due(&state.payments, now_ms()).await?;
    let query = order::Entity::find()
        .filter(order::Column::UserId.eq(caller.user.id))
        .order_by_desc(order::Column::Id);
    let total = query.clone().count(state.db.reader()).await?;
    let rows = query
        .paginate(state.db.reader(), paging.page_size)
        .fetch_page(paging.page - 1)
        .await?;
    let mut items = Vec::with_capacity(rows.len());
    for row in &rows {
        items.push(orders::view(&state.payments, row).await);
    }
    titles::name_in(state.db.reader(), lang, &mut items).await?;
    Ok(success(Page::new(items, total, paging)))
}

async fn membership_view(state: &AppState, user_id: i32, lang: Lang) -> ApiResult<MembershipView> {
    let db = state.db.reader();
    let user = crate::accounts::repository::find_by_id(&state.db, user_id)
        .await?
        .ok_or(ApiError::NotFound(Missing::Order(0)))?;
    let now = now_ms();
    let status = premium_status(PremiumStatusInput {
        user: Some(user.premium()),
        now_ms: now as f64,
        lang,
        timezone: Some(user.timezone.clone()),
    });
    let row = subscription::Entity::find()
        .filter(subscription::Column::UserId.eq(user_id))
        .one(db)
        .await?;
    let plan = match &row {
        Some(row) => plan::Entity::find_by_id(row.plan_id).one(db).await?,
        None => None,
    };
    let history = order::Entity::find()
        .filter(order::Column::UserId.eq(user_id))
        .filter(order::Column::Kind.eq(OrderKind::Plan.as_str()))
        .filter(
            order::Column::State.is_in([OrderState::Paid.as_str(), OrderState::Refunded.as_str()]),
        )
        .order_by_desc(order::Column::Id)
        .all(db)
        .await?;
    Ok(MembershipView {
        is_premium: user.premium().is_premium(now as f64),
        status,
        subscription_type: user.subscription_type.clone(),
        subscription_expires_at: user.subscription_expires_at,
        plan: plan
            .as_ref()
            .map(|plan| PlanView::new(plan, Currency::for_lang(lang))),
        auto_renew: row.is_some_and(|row| row.auto_renew),
        history: history.iter().map(OrderView::from).collect(),
    })
}

/// The caller's membership: status line, expiry, plan, auto-renewal and paid plans.
#[utoipa::path(get, path = "/me/membership", tag = "payments",
    responses((status = 200, body = Success<MembershipView>)))]
async fn my_membership(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    RequestLang(lang): RequestLang,
) -> ApiResult<Json<Success<MembershipView>>> {
    Ok(success(
        membership_view(&state, caller.user.id, lang).await?,
    ))
}

/// Whether the membership renews itself.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct AutoRenew {
    auto_renew: bool,
}

/// Turns the caller's auto-renewal on or off (a timed plan paid before is needed).
#[utoipa::path(put, path = "/me/subscription", tag = "payments", request_body = AutoRenew,
    responses((status = 200, body = Success<MembershipView>),
        (status = 409, description = "No timed plan to renew", body = ErrorBody)))]
async fn set_auto_renew(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    RequestLang(lang): RequestLang,
    Body(input): Body<AutoRenew>,
) -> ApiResult<Json<Success<MembershipView>>> {
    let row = subscription::Entity::find()
        .filter(subscription::Column::UserId.eq(caller.user.id))
        .one(state.db.reader())
        .await?;
    let plan = match &row {
        Some(row) => {
            plan::Entity::find_by_id(row.plan_id)
                .one(state.db.reader())
                .await?
        }
        None => None,
    };
    let renewable = plan.is_some_and(|plan| plan.months.is_some())
        && caller.user.subscription_expires_at.is_some();
    if input.auto_renew && !renewable || row.is_none() {
        let message = text(lang, "api.payments.noSubscription").to_owned();
        return Err(ApiError::Conflict {
            code: "no_subscription",
            message,
            fields: Default::default(),
        });
    }
    let txn = state.db.begin_write().await?;
    subscription::Entity::update_many()
        .col_expr(
            subscription::Column::AutoRenew,
            sea_orm::sea_query::Expr::value(input.auto_renew),
        )
        .col_expr(
            subscription::Column::UpdatedAt,
            sea_orm::sea_query::Expr::value(now_ms()),
        )
        .filter(subscription::Column::UserId.eq(caller.user.id))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(success(
        membership_view(&state, caller.user.id, lang).await?,
    ))
}

/// What to keep offline: a book, or chosen chapters of it.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DownloadRequest {
    book_id: i32,
    /// Absent: every published chapter with audio (at most 500).
    #[serde(default)]
    chapter_ids: Option<Vec<i32>>,
}

/// Longest an offline grant lasts before the member must come online to renew it.
const GRANT_TTL_MS: i64 = 7 * 24 * 60 * 60 * 1000;
/// Most chapters one grant covers.
const GRANT_MAX_CHAPTERS: usize = 500;

/// A premium member's permission to keep a book's chapters offline, with a signed address of
/// each audio file valid as long as the grant (at most 7 days, never past the membership).
/// Asked again while online, it renews the grant; refused (403) once membership lapses.
#[utoipa::path(post, path = "/me/downloads", tag = "payments", request_body = DownloadRequest,
    responses((status = 200, body = Success<DownloadGrant>),
        (status = 404, description = "No such book", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn grant_downloads(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    RequestLang(lang): RequestLang,
    Body(input): Body<DownloadRequest>,
) -> ApiResult<Json<Success<DownloadGrant>>> {
    use crate::entities::{asset, book, chapter};
    let now = now_ms();
    let book = book::Entity::find_by_id(input.book_id)
        .filter(book::Column::Published.eq(true))
        .one(state.db.reader())
        .await?
        .ok_or(ApiError::NotFound(Missing::Book(input.book_id)))?;
    if input
        .chapter_ids
        .as_ref()
        .is_some_and(|ids| ids.len() > GRANT_MAX_CHAPTERS)
    {
        return Err(ApiError::invalid_field(
            "chapterIds",
            tingshu_core::validation::describe_rule(
                &tingshu_core::validation::FieldRule::TooMany {
                    max: GRANT_MAX_CHAPTERS,
                },
                lang,
            ),
            lang,
        ));
    }
    let mut query = chapter::Entity::find()
        .filter(chapter::Column::BookId.eq(book.id))
        .filter(chapter::Column::Published.eq(true))
        .order_by_asc(chapter::Column::Idx);
    if let Some(ids) = &input.chapter_ids {
        query = query.filter(chapter::Column::Id.is_in(ids.iter().copied()));
    }
    let chapters = query.all(state.db.reader()).await?;
    let asset_ids: Vec<i32> = chapters.iter().filter_map(|c| c.asset_id).collect();
    let assets: std::collections::HashMap<i32, asset::Model> = asset::Entity::find()
        .filter(asset::Column::Id.is_in(asset_ids))
        .all(state.db.reader())
        .await?
        .into_iter()
        .map(|a| (a.id, a))
        .collect();
    let grant_expires_at = match caller.user.subscription_expires_at {
        Some(ends) => ends.min(now + GRANT_TTL_MS),
        None => now + GRANT_TTL_MS,
    };
    let mut items = Vec::new();
    let mut refused: Vec<i32> = input
        .chapter_ids
        .iter()
        .flatten()
        .copied()
        .filter(|id| !chapters.iter().any(|c| c.id == *id))
        .collect();
    for chapter in chapters.iter().take(GRANT_MAX_CHAPTERS) {
        let Some(file) = chapter.asset_id.and_then(|id| assets.get(&id)) else {
            refused.push(chapter.id);
            continue;
        };
        let Some(facts) = state
            .audio
            .facts()
            .chapter(state.db.reader(), chapter.id, now)
            .await?
        else {
            refused.push(chapter.id);
            continue;
        };
        let access = audio::access_for(&state.db, &facts, Some(&caller.user), now).await?;
        if !access.allowed {
            refused.push(chapter.id);
            continue;
        }
        let chapter_title = books::chapter_title(lang, chapter);
        items.push(DownloadItem {
            chapter_id: chapter.id,
            book_id: book.id,
            index: chapter.idx,
            title: chapter_title.title,
            title_lang: chapter_title.title_lang,
            duration_secs: chapter.duration_secs,
            bytes: file.bytes,
            mime: file.mime.clone(),
            url: audio::signed_audio_url(
                &state.audio,
                chapter.id,
                caller.user.id,
                grant_expires_at,
            ),
        });
    }
    let (book_title, book_title_lang) = books::localized_text(
        lang,
        &book.title,
        book.title_en.as_deref(),
        book.title_ja.as_deref(),
    );
    Ok(success(DownloadGrant {
        book_id: book.id,
        book_title,
        book_title_lang,
        grant_expires_at,
        items,
        refused,
    }))
}

/// How a notification was taken.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct Received {
    /// `changed` (the order moved), `duplicate` (handled before) or `ignored` (the order was
    /// already final).
    outcome: String,
}

/// A payment provider's signed notification (`Tingshu-Signature: t=…,v1=…` for the
/// sandbox): the only way an order becomes paid. Replays and duplicates change nothing.
#[utoipa::path(post, path = "/payments/{provider}/webhook", tag = "payments",
    params(("provider" = String, Path, description = "The provider's name (`sandbox`)")),
    request_body(content = String, description = "The provider's signed notification", content_type = "application/json"),
    responses((status = 200, body = Success<Received>),
        (status = 400, description = "Bad or stale signature, or an unreadable body", body = ErrorBody),
        (status = 404, description = "Unknown provider or checkout", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn payment_webhook(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    Path(provider): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Json<Success<Received>>> {
    let applied = webhook::receive(&state.payments, &provider, &headers, &body, lang).await?;
    let outcome = match applied {
        Applied::Changed(_) => "changed",
        Applied::Duplicate => "duplicate",
        Applied::Ignored(_) => "ignored",
    };
    Ok(success(Received {
        outcome: outcome.to_owned(),
    }))
}

async fn sandbox_order(
    state: &AppState,
    session: &str,
) -> ApiResult<(std::sync::Arc<Sandbox>, order::Model)> {
    let sandbox = state
        .payments
        .sandbox()
        .cloned()
        .ok_or_else(|| ApiError::NotFound(Missing::Provider(sandbox::NAME.to_owned())))?;
    let found = order::Entity::find()
        .filter(order::Column::Provider.eq(sandbox::NAME))
        .filter(order::Column::ProviderRef.eq(session))
        .one(state.db.reader())
        .await?
        .ok_or_else(|| ApiError::NotFound(Missing::Checkout(session.to_owned())))?;
    let current = orders::find(&state.payments, found.id, now_ms())
        .await?
        .unwrap_or(found);
    Ok((sandbox, current))
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// The sandbox's hosted checkout, labelled as a test payment: approve, decline or abandon.
#[utoipa::path(get, path = "/payments/sandbox/checkout/{session}", tag = "payments",
    params(("session" = String, Path, description = "The checkout session")),
    responses((status = 200, description = "The checkout page", content_type = "text/html", body = String),
        (status = 404, description = "Unknown checkout", body = ErrorBody)))]
async fn sandbox_checkout_page(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    Path(session): Path<String>,
) -> ApiResult<Response> {
    let (_, order) = sandbox_order(&state, &session).await?;
    let t = |key: &str| escape(text(lang, &format!("api.sandbox.{key}")));
    let amount = format_currency(FormatCurrencyInput {
        amount_minor: Some(order.amount as f64),
        lang,
        currency: Currency::parse(&order.currency),
    });
    let pending = order.state == OrderState::Pending.as_str();
    let actions = if pending {
        format!(
            r#"<form method="post"><button name="action" value="approve" class="approve">{}</button>
<button name="action" value="decline">{}</button>
<button name="action" value="abandon" class="quiet">{}</button></form>"#,
            t("approve"),
            t("decline"),
            t("abandon")
        )
    } else {
        format!("<p>{}</p>", t("closed"))
    };
    let page = format!(
        r#"<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>{title}</title><style>body{{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1f2937}}
.banner{{background:#fef3c7;border:2px dashed #b45309;color:#78350f;padding:.75rem;border-radius:.5rem;font-weight:600}}
.amount{{font-size:2rem;font-weight:700;margin:.5rem 0}}button{{font:inherit;padding:.75rem 1rem;margin:.25rem .25rem .25rem 0;border-radius:.5rem;border:1px solid #9ca3af;background:#fff;min-height:44px;cursor:pointer}}
.approve{{background:#15803d;color:#fff;border-color:#15803d}}.quiet{{border-color:transparent;text-decoration:underline}}</style></head>
<body><p class="banner" role="note">{banner}</p><h1>{title}</h1><p>{item}</p><p class="amount" data-testid="sandbox-amount">{amount}</p>{actions}</body></html>"#,
        lang = lang.tag(),
        title = t("title"),
        banner = t("banner"),
        item = item_name(&state, &order, lang).await?,
        amount = escape(&amount),
    );
    Ok(([(header::CACHE_CONTROL, "no-store")], Html(page)).into_response())
}

/// What the payer is buying, in their language, as escaped HTML: a plan by its name, a book
/// or chapter by its title (marked with its language when untranslated), else the order's own.
async fn item_name(state: &AppState, order: &order::Model, lang: Lang) -> ApiResult<String> {
    const PLANS: [&str; 4] = ["monthly", "quarterly", "yearly", "lifetime"];
    if let Some(code) = PLANS.iter().find(|code| **code == order.title) {
        if order.kind == OrderKind::Plan.as_str() {
            return Ok(escape(text(lang, &format!("api.sandbox.plans.{code}"))));
        }
    }
    // Only the names are wanted: the order's own view, without asking whether it is being confirmed.
    let mut view = crate::payments::view::OrderView::from(order);
    titles::name_in(state.db.reader(), lang, std::slice::from_mut(&mut view)).await?;
    let marked = |title: &crate::books::view::LocalTitle| {
        let text = escape(&title.title);
        if title.title_lang == lang {
            text
        } else {
            format!(r#"<span lang="{}">{text}</span>"#, title.title_lang.tag())
        }
    };
    Ok(match (&view.book, &view.chapter) {
        (Some(book), Some(chapter)) => format!("{} · {}", marked(book), marked(chapter)),
        (Some(book), None) => marked(book),
        (None, Some(chapter)) => marked(chapter),
        (None, None) => escape(&order.title),
    })
}

/// The answers the sandbox checkout takes (its form's buttons).
pub const SANDBOX_ACTIONS: [&str; 3] = ["approve", "decline", "abandon"];

/// The payer's answer on the sandbox checkout.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
struct SandboxAnswer {
    /// `approve`, `decline` or `abandon`.
    action: String,
}

/// The payer approves (a paid notification follows), declines (a failed one) or abandons
/// (nothing: the order waits until it expires); then returns to the app's result page.
#[utoipa::path(post, path = "/payments/sandbox/checkout/{session}", tag = "payments",
    params(("session" = String, Path, description = "The checkout session")),
    request_body(content = SandboxAnswer, content_type = "application/x-www-form-urlencoded"),
    responses((status = 303, description = "Back to the app's payment result page"),
        (status = 400, description = "Not approve, decline or abandon", body = ErrorBody),
        (status = 404, description = "Unknown checkout", body = ErrorBody)))]
async fn sandbox_checkout_answer(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    Path(session): Path<String>,
    form: Result<Form<SandboxAnswer>, FormRejection>,
) -> ApiResult<Response> {
    // A form that is not one (no `action`, not url-encoded) is the API's 400, as a bad JSON body.
    let Form(answer) = form.map_err(|rejection| match rejection.status() {
        status @ (StatusCode::UNSUPPORTED_MEDIA_TYPE | StatusCode::PAYLOAD_TOO_LARGE) => {
            ApiError::Rejected {
                status,
                detail: rejection.body_text(),
            }
        }
        _ => ApiError::BadJson(rejection.body_text()),
    })?;
    let (sandbox, order) = sandbox_order(&state, &session).await?;
    let pending = order.state == OrderState::Pending.as_str();
    let page = match answer.action.as_str() {
        "approve" => {
            if pending {
                sandbox.approve(&order, &session);
            }
            "success"
        }
        "decline" => {
            if pending {
                sandbox.decline(&session);
            }
            "failed"
        }
        "abandon" => "failed",
        _ => {
            return Err(ApiError::invalid_field(
                "action",
                text(lang, "api.sandbox.badAction").to_owned(),
                lang,
            ))
        }
    };
    let abandoned = if answer.action == "abandon" {
        "&reason=abandoned"
    } else {
        ""
    };
    let to = format!("/payment/{page}?order={}{abandoned}", order.id);
    Ok((StatusCode::SEE_OTHER, [(header::LOCATION, to)]).into_response())
}

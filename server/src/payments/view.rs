//! What the payment endpoints answer: plans with their prices, orders as their buyer and
//! the console see them, and a member's membership.
use serde::Serialize;
use tingshu_core::{
    format::currency::Currency,
    payments::order::{OrderKind, OrderState, Price},
    premium::PremiumStatus,
    spelling::Spelling,
    Lang,
};

use crate::{
    books::view::LocalTitle,
    entities::{order, order_event, plan},
};

/// A membership plan on sale.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanView {
    pub id: i32,
    /// `monthly`, `quarterly`, `yearly` or `lifetime`.
    pub code: String,
    /// Length in months; absent for lifetime.
    pub months: Option<i32>,
    /// The price in each currency (minor units; JPY has none).
    pub prices: Price,
    /// The currency of the request's language, and the price in it (absent: not sold in it).
    pub currency: Currency,
    pub price: Option<i64>,
    pub active: bool,
}

impl PlanView {
    pub fn new(plan: &plan::Model, currency: Currency) -> Self {
        let prices = super::orders::plan_prices(plan);
        Self {
            id: plan.id,
            code: plan.code.clone(),
            months: plan.months,
            prices,
            currency,
            price: prices.in_currency(currency),
            active: plan.active,
        }
    }
}

/// An order as its buyer sees it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderView {
    pub id: i32,
    pub kind: OrderKind,
    /// As recorded when ordered: the plan's code, the book's zh title or "book · chapter".
    pub title: String,
    /// The book bought (or whose chapter was bought), its title in the request language;
    /// absent for a plan.
    pub book: Option<LocalTitle>,
    /// The chapter bought alone, its title in the request language; absent otherwise.
    pub chapter: Option<LocalTitle>,
    pub plan_id: Option<i32>,
    pub book_id: Option<i32>,
    pub chapter_id: Option<i32>,
    pub currency: Currency,
    /// Minor units of `currency`.
    pub amount: i64,
    pub state: OrderState,
    pub provider: String,
    /// Where to pay, while pending.
    pub checkout_url: Option<String>,
    /// The app path the buyer returns to after paying.
    pub redirect: Option<String>,
    pub auto_renew: bool,
    pub created_at: i64,
    pub paid_at: Option<i64>,
    /// When a pending order is cancelled for want of payment.
    pub expires_at: i64,
    pub updated_at: i64,
    /// Pending, but paid at the provider: its notification is on its way (the order is neither
    /// payable again, nor cancelled, meanwhile).
    pub confirming: bool,
}

impl From<&order::Model> for OrderView {
    fn from(order: &order::Model) -> Self {
        let state = OrderState::parse(&order.state).unwrap_or(OrderState::Failed);
        Self {
            id: order.id,
            kind: OrderKind::parse(&order.kind).unwrap_or(OrderKind::Plan),
            title: order.title.clone(),
            book: None,
            chapter: None,
            plan_id: order.plan_id,
            book_id: order.book_id,
            chapter_id: order.chapter_id,
            currency: Currency::parse(&order.currency).unwrap_or(Currency::Cny),
            amount: order.amount,
            state,
            provider: order.provider.clone(),
            checkout_url: (state == OrderState::Pending)
                .then(|| order.checkout_url.clone())
                .flatten(),
            redirect: order.redirect.clone(),
            auto_renew: order.auto_renew,
            created_at: order.created_at,
            paid_at: order.paid_at,
            expires_at: order.expires_at,
            updated_at: order.updated_at,
            confirming: false,
        }
    }
}

/// One transition of an order.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderEventView {
    /// Absent for the creation.
    pub from: Option<OrderState>,
    pub to: OrderState,
    pub cause: String,
    pub at: i64,
}

impl From<&order_event::Model> for OrderEventView {
    fn from(event: &order_event::Model) -> Self {
        Self {
            from: event.from_state.as_deref().and_then(OrderState::parse),
            to: OrderState::parse(&event.to_state).unwrap_or(OrderState::Failed),
            cause: event.cause.clone(),
            at: event.at,
        }
    }
}

/// An order with its history and buyer, for the console.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrder {
    #[serde(flatten)]
    pub order: OrderView,
    pub user_id: i32,
    pub username: Option<String>,
    pub provider_ref: Option<String>,
    /// Membership time the payment added (ms); absent for lifetime or a purchase.
    pub grant_added_ms: Option<i64>,
    pub events: Vec<OrderEventView>,
}

/// The caller's membership: the status line from core, the plan and its renewal.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MembershipView {
    pub status: PremiumStatus,
    pub subscription_type: String,
    /// Ms since the epoch; absent: permanent (or never a member).
    pub subscription_expires_at: Option<i64>,
    pub is_premium: bool,
    /// The plan last paid for, with its renewal preference; absent when none.
    pub plan: Option<PlanView>,
    pub auto_renew: bool,
    /// Membership orders, newest first.
    pub history: Vec<OrderView>,
}

/// A download the caller may keep offline until `grantExpiresAt`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DownloadItem {
    pub chapter_id: i32,
    pub book_id: i32,
    pub index: i32,
    /// In the request language, falling back to the zh title.
    pub title: String,
    /// The language `title` is written in.
    pub title_lang: Lang,
    pub duration_secs: f64,
    /// Size of the audio file in bytes.
    pub bytes: i64,
    pub mime: String,
    /// A signed address of the audio, valid until the grant expires.
    pub url: String,
}

/// The server's permission to keep chapters offline: valid until `grantExpiresAt` (at most
/// 7 days, never past the membership); renewed while the member is online.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DownloadGrant {
    pub book_id: i32,
    /// In the request language, falling back to the zh title.
    pub book_title: String,
    /// The language `book_title` is written in.
    pub book_title_lang: Lang,
    pub grant_expires_at: i64,
    pub items: Vec<DownloadItem>,
    /// Chapters asked for that the caller may not keep (a paid book not bought) or that
    /// have no audio.
    pub refused: Vec<i32>,
}

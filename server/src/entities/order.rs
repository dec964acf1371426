//! The `orders` table: what a user buys (a plan, a book or a chapter), for how much, its state
//! (pending → paid | failed | cancelled; paid → refunded), the provider's checkout, and what a
//! paid membership granted (so a refund takes back exactly that).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "orders")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub user_id: i32,
    pub kind: String,
    pub plan_id: Option<i32>,
    pub book_id: Option<i32>,
    pub chapter_id: Option<i32>,
    /// `plan:3`, `book:12`, `chapter:40`: one pending order per user and item.
    pub item_key: String,
    /// What was bought, in the buyer's language when ordered.
    pub title: String,
    pub currency: String,
    pub amount: i64,
    pub state: String,
    pub provider: String,
    /// The provider's checkout session.
    pub provider_ref: Option<String>,
    /// Where the payer pays (the provider's hosted checkout).
    pub checkout_url: Option<String>,
    /// The app path the buyer returns to after paying.
    pub redirect: Option<String>,
    pub auto_renew: bool,
    /// Milliseconds of membership the payment added (None: lifetime or not a plan).
    pub grant_added_ms: Option<i64>,
    pub grant_starts_at: Option<i64>,
    pub prev_subscription_type: Option<String>,
    pub prev_expires_at: Option<i64>,
    pub paid_at: Option<i64>,
    /// When a pending order is cancelled for want of payment.
    pub expires_at: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

//! What the console's people endpoints answer: a user's list row and a user's whole page.
use serde::Serialize;
use tingshu_core::premium::PremiumKind;

/// A role as the console names it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleRef {
    pub id: i32,
    pub name: String,
}

/// One user of the console's list.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserRow {
    pub id: i32,
    pub username: String,
    pub email: String,
    /// `admin` or `user`.
    pub user_type: String,
    /// `active` or `disabled`.
    pub status: String,
    /// `free` or `premium` as stored.
    pub subscription_type: String,
    /// Membership end in ms; null with `premium` means lifetime.
    pub subscription_expires_at: Option<i64>,
    /// The membership now, by core's `premiumStatus`: free, member, lifetime, expired, …
    pub membership: PremiumKind,
    pub roles: Vec<RoleRef>,
    pub created_at: i64,
    pub last_login_at: Option<i64>,
}

/// One signed-in device of a user.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminSession {
    pub id: String,
    /// The browser and system read from the user agent ("Chrome 120 · Windows 10"); null
    /// when nothing is recognised.
    pub device: Option<String>,
    /// The browser's user agent as it sent it.
    pub user_agent: Option<String>,
    /// The address it signed in from.
    pub ip: Option<String>,
    pub created_at: i64,
    pub last_seen_at: i64,
    pub expires_at: i64,
    pub revoked_at: Option<i64>,
    /// `logout`, `password_changed`, `refresh_reused`, `disabled`, `admin`, `password_reset`.
    pub revoked_reason: Option<String>,
}

/// One order of a user, newest first.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserOrder {
    pub id: i32,
    /// `plan`, `book` or `chapter`.
    pub kind: String,
    pub title: String,
    pub currency: String,
    /// Minor units (fen, cents, yen).
    pub amount: i64,
    pub state: String,
    pub created_at: i64,
    pub paid_at: Option<i64>,
}

/// A book or chapter a user bought (or was given).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserPurchase {
    pub id: i32,
    pub book_id: Option<i32>,
    pub chapter_id: Option<i32>,
    /// The book's title in the caller's language, and the chapter's for a chapter.
    pub title: String,
    pub order_id: Option<i32>,
    pub created_at: i64,
}

/// How much a user listened.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListeningSummary {
    /// Hours listened: the position reached in every chapter (a finished one counts whole).
    pub hours: f64,
    /// Books the user started.
    pub books: u64,
    pub last_played_at: Option<i64>,
    pub last_book_id: Option<i32>,
    pub last_book_title: Option<String>,
}

/// A user's page in the console.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserDetail {
    #[serde(flatten)]
    pub user: AdminUserRow,
    pub language: String,
    pub timezone: String,
    pub updated_at: i64,
    /// The most recent sessions first (open and closed).
    pub sessions: Vec<AdminSession>,
    /// The latest orders.
    pub orders: Vec<AdminUserOrder>,
    /// The latest purchases.
    pub purchases: Vec<AdminUserPurchase>,
    pub listening: ListeningSummary,
}

/// The one-time reset link made for a user: shown once, never stored in clear.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasswordResetLink {
    /// The app path the user opens: `/reset-password?token=…`.
    pub path: String,
    pub expires_at: i64,
}

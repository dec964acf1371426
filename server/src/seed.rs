//! Demo data, created only in demo mode and only when absent: never touches real accounts
//! or real catalogue rows.
mod catalog;
mod translations;

pub use self::catalog::{demo_catalog, DEMO_BOOKS};
use tingshu_core::auth::account::normalize_email;

use crate::{
    accounts::{self, repository, AccountSettings},
    db::Db,
};

/// The documented demo administrator (README "Demo mode").
pub const DEMO_ADMIN_EMAIL: &str = "admin@demo.tingshu.app";
pub const DEMO_ADMIN_USERNAME: &str = "demo-admin";
pub const DEMO_ADMIN_PASSWORD: &str = "Tingshu-demo-2026";
/// The documented demo editor: the `editor` role (manage:books), same password.
pub const DEMO_EDITOR_EMAIL: &str = "editor@demo.tingshu.app";
pub const DEMO_EDITOR_USERNAME: &str = "demo-editor";

/// Creates the demo administrator and the demo editor, each unless an account with its email
/// already exists.
pub async fn demo_accounts(db: &Db, settings: &AccountSettings) -> anyhow::Result<()> {
    for (email, username, user_type, role) in [
        (DEMO_ADMIN_EMAIL, DEMO_ADMIN_USERNAME, "admin", "admin"),
        (DEMO_EDITOR_EMAIL, DEMO_EDITOR_USERNAME, "user", "editor"),
    ] {
        if repository::find_by_email(db, &normalize_email(email))
            .await?
            .is_some()
        {
            continue;
        }
        accounts::create_with_role(
            db,
            settings,
            email,
            username,
            DEMO_ADMIN_PASSWORD,
            user_type,
            role,
        )
        .await
        .map_err(|error| anyhow::anyhow!("cannot create the demo account {email}: {error}"))?;
        tracing::info!(email, role, "demo mode: created a demo account");
    }
    Ok(())
}

//! Demo data, created only in demo mode and only when absent: never touches real accounts
//! or real catalogue rows.
mod catalog;

pub use self::catalog::{demo_catalog, DEMO_BOOKS};
use crate::{
    accounts::{self, repository, AccountSettings},
    db::Db,
};

/// The documented demo administrator (README "Demo mode").
pub const DEMO_ADMIN_EMAIL: &str = "admin@demo.tingshu.app";
pub const DEMO_ADMIN_USERNAME: &str = "demo-admin";
pub const DEMO_ADMIN_PASSWORD: &str = "Tingshu-demo-2026";

/// Creates the demo administrator unless an account with its email already exists.
pub async fn demo_accounts(db: &Db, settings: &AccountSettings) -> anyhow::Result<()> {
    if repository::find_by_account(db, DEMO_ADMIN_EMAIL)
        .await?
        .is_some()
    {
        return Ok(());
    }
    accounts::create_admin(
        db,
        settings,
        DEMO_ADMIN_EMAIL,
        DEMO_ADMIN_USERNAME,
        DEMO_ADMIN_PASSWORD,
    )
    .await
    .map_err(|error| anyhow::anyhow!("cannot create the demo administrator: {error}"))?;
    tracing::info!(
        email = DEMO_ADMIN_EMAIL,
        "demo mode: created the demo administrator"
    );
    Ok(())
}

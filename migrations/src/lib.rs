//! The ordered list of schema migrations; the server applies them at start.
pub use sea_orm_migration::prelude::*;

mod m20261122_000001_create_feedback;
mod m20261122_000002_create_accounts;
mod m20261122_000003_create_catalog;
mod m20261122_000004_add_book_list_indexes;
mod m20261123_000006_add_auth_event_user_index;
mod m20261124_000007_create_book_listeners;
mod m20261125_000008_console_catalogue;
mod m20261125_000009_uploads_and_chapters;
mod m20261125_000010_orders_and_payments;
mod m20261126_000011_ratings_and_translations;
mod m20261128_000012_add_published_book_indexes;
mod m20261128_000013_renormalize_users;
mod m20261128_000014_add_auth_event_device;
mod m20261128_000015_add_book_cover_index;
mod m20261128_000016_people_admin;
mod m20261128_000017_access_log;
mod m20261128_000018_settings_ads;
mod m20261128_000019_daily_rollups;
mod m20261129_000020_create_membership_changes;
mod m20261129_000021_behavior_tracking;
mod m20261129_000022_anti_crawler_reports;
mod m20261202_000023_several_instances;

/// Every migration of the product, oldest first.
pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261122_000001_create_feedback::Migration),
            Box::new(m20261122_000002_create_accounts::Migration),
            Box::new(m20261122_000003_create_catalog::Migration),
            Box::new(m20261122_000004_add_book_list_indexes::Migration),
            Box::new(m20261123_000006_add_auth_event_user_index::Migration),
            Box::new(m20261124_000007_create_book_listeners::Migration),
            Box::new(m20261125_000008_console_catalogue::Migration),
            Box::new(m20261125_000009_uploads_and_chapters::Migration),
            Box::new(m20261125_000010_orders_and_payments::Migration),
            Box::new(m20261126_000011_ratings_and_translations::Migration),
            Box::new(m20261128_000012_add_published_book_indexes::Migration),
            Box::new(m20261128_000013_renormalize_users::Migration),
            Box::new(m20261128_000014_add_auth_event_device::Migration),
            Box::new(m20261128_000015_add_book_cover_index::Migration),
            Box::new(m20261128_000016_people_admin::Migration),
            Box::new(m20261128_000017_access_log::Migration),
            Box::new(m20261128_000018_settings_ads::Migration),
            Box::new(m20261128_000019_daily_rollups::Migration),
            Box::new(m20261129_000020_create_membership_changes::Migration),
            Box::new(m20261129_000021_behavior_tracking::Migration),
            Box::new(m20261129_000022_anti_crawler_reports::Migration),
            Box::new(m20261202_000023_several_instances::Migration),
        ]
    }
}

//! Behaviour tracking: raw events in `behavior_events` (kind, tracking session, user if signed
//! in, a visitor hash that rotates daily — never an address — the fields analytics rolls up
//! as columns, the rest as bounded JSON), their daily rollups (visitors and page views; top
//! pages; referrer sources), a listener's explicit preferences (one per type and key), and
//! the account setting that turns tracking off.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum BehaviorEvents {
    Table,
    Id,
    CreatedAt,
    Kind,
    SessionId,
    UserId,
    Visitor,
    PageType,
    PageUrl,
    ReferrerSource,
    ViewDuration,
    ScrollDepth,
    ClickCount,
    BookId,
    ChapterId,
    Query,
    Extra,
}

#[derive(DeriveIden)]
enum BehaviorDaily {
    Table,
    Day,
    Visitors,
    PageViews,
    Events,
}

#[derive(DeriveIden)]
enum BehaviorDailyPages {
    Table,
    Day,
    PageUrl,
    Views,
}

#[derive(DeriveIden)]
enum BehaviorDailySources {
    Table,
    Day,
    Source,
    Visits,
}

#[derive(DeriveIden)]
enum UserPreferences {
    Table,
    Id,
    UserId,
    PreferenceType,
    PreferenceKey,
    PreferenceValue,
    Weight,
    Source,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    TrackingEnabled,
}

const EVENTS_BY_TIME: &str = "idx_behavior_events_created";
const EVENTS_BY_USER: &str = "idx_behavior_events_user";
const PREFERENCES_UNIQUE: &str = "idx_user_preferences_user_type_key";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(BehaviorEvents::Table)
                    .if_not_exists()
                    .col(big_pk_auto(BehaviorEvents::Id))
                    .col(big_integer(BehaviorEvents::CreatedAt))
                    .col(string_len(BehaviorEvents::Kind, 16))
                    .col(string_len(BehaviorEvents::SessionId, 36))
                    .col(integer_null(BehaviorEvents::UserId))
                    .col(string_len(BehaviorEvents::Visitor, 64))
                    .col(string_len_null(BehaviorEvents::PageType, 32))
                    .col(text_null(BehaviorEvents::PageUrl))
                    .col(string_len_null(BehaviorEvents::ReferrerSource, 255))
                    .col(double_null(BehaviorEvents::ViewDuration))
                    .col(double_null(BehaviorEvents::ScrollDepth))
                    .col(integer_null(BehaviorEvents::ClickCount))
                    .col(integer_null(BehaviorEvents::BookId))
                    .col(integer_null(BehaviorEvents::ChapterId))
                    .col(text_null(BehaviorEvents::Query))
                    .col(text(BehaviorEvents::Extra))
                    .to_owned(),
            )
            .await?;
        // The daily rollup and the retention read by time; the caller's own events by user.
        manager
            .create_index(
                Index::create()
                    .name(EVENTS_BY_TIME)
                    .table(BehaviorEvents::Table)
                    .col(BehaviorEvents::CreatedAt)
                    .col(BehaviorEvents::Id)
                    .if_not_exists()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name(EVENTS_BY_USER)
                    .table(BehaviorEvents::Table)
                    .col(BehaviorEvents::UserId)
                    .col(BehaviorEvents::CreatedAt)
                    .if_not_exists()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(BehaviorDaily::Table)
                    .if_not_exists()
                    .col(big_integer(BehaviorDaily::Day).primary_key())
                    .col(big_integer(BehaviorDaily::Visitors).default(0))
                    .col(big_integer(BehaviorDaily::PageViews).default(0))
                    .col(big_integer(BehaviorDaily::Events).default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(BehaviorDailyPages::Table)
                    .if_not_exists()
                    .col(big_integer(BehaviorDailyPages::Day))
                    .col(string_len(BehaviorDailyPages::PageUrl, 512))
                    .col(big_integer(BehaviorDailyPages::Views).default(0))
                    .primary_key(
                        Index::create()
                            .col(BehaviorDailyPages::Day)
                            .col(BehaviorDailyPages::PageUrl),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(BehaviorDailySources::Table)
                    .if_not_exists()
                    .col(big_integer(BehaviorDailySources::Day))
                    .col(string_len(BehaviorDailySources::Source, 255))
                    .col(big_integer(BehaviorDailySources::Visits).default(0))
                    .primary_key(
                        Index::create()
                            .col(BehaviorDailySources::Day)
                            .col(BehaviorDailySources::Source),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(UserPreferences::Table)
                    .if_not_exists()
                    .col(pk_auto(UserPreferences::Id))
                    .col(integer(UserPreferences::UserId))
                    .col(string_len(UserPreferences::PreferenceType, 32))
                    .col(string_len(UserPreferences::PreferenceKey, 64))
                    .col(string_len(UserPreferences::PreferenceValue, 256))
                    .col(double(UserPreferences::Weight))
                    .col(string_len(UserPreferences::Source, 16))
                    .col(big_integer(UserPreferences::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name(PREFERENCES_UNIQUE)
                    .table(UserPreferences::Table)
                    .col(UserPreferences::UserId)
                    .col(UserPreferences::PreferenceType)
                    .col(UserPreferences::PreferenceKey)
                    .unique()
                    .if_not_exists()
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Users::Table)
                    .add_column(boolean(Users::TrackingEnabled).default(true))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Users::Table)
                    .drop_column(Users::TrackingEnabled)
                    .to_owned(),
            )
            .await?;
        for table in [
            UserPreferences::Table.into_iden(),
            BehaviorDailySources::Table.into_iden(),
            BehaviorDailyPages::Table.into_iden(),
            BehaviorDaily::Table.into_iden(),
            BehaviorEvents::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}

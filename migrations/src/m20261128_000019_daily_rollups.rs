//! Analytics: per-day rollups folded incrementally from the raw tables (each source read
//! past its own watermark), the last folded state of each progress row (so a row read twice
//! counts once), the (day, listener) set behind exact daily active counts, and the answer an
//! administrator gives to a listener's feedback.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum AnalyticsWatermarks {
    Table,
    Source,
    Mark,
}

#[derive(DeriveIden)]
enum AnalyticsProgressSeen {
    Table,
    UserId,
    ChapterId,
    PositionSecs,
    Completed,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum AnalyticsDayListeners {
    Table,
    Day,
    UserId,
}

#[derive(DeriveIden)]
enum AnalyticsDaily {
    Table,
    Day,
    ActiveListeners,
    Plays,
    ListenedSecs,
    Completions,
    NewUsers,
    MembersGained,
    MembersLost,
    BooksAdded,
    ChaptersAdded,
}

#[derive(DeriveIden)]
enum AnalyticsDailyRevenue {
    Table,
    Day,
    Currency,
    Orders,
    Revenue,
    Refunds,
}

#[derive(DeriveIden)]
enum AnalyticsDailyChapters {
    Table,
    Day,
    ChapterId,
    BookId,
    CategoryId,
    Plays,
    ListenedSecs,
    Completions,
}

#[derive(DeriveIden)]
enum AnalyticsDailyQueries {
    Table,
    Day,
    Normalized,
    TopBookId,
    Searches,
    NoResults,
}

#[derive(DeriveIden)]
enum Feedback {
    Table,
    Reply,
    RepliedBy,
    RepliedByName,
    RepliedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(AnalyticsWatermarks::Table)
                    .if_not_exists()
                    .col(string_len(AnalyticsWatermarks::Source, 32).primary_key())
                    .col(big_integer(AnalyticsWatermarks::Mark).default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AnalyticsProgressSeen::Table)
                    .if_not_exists()
                    .col(integer(AnalyticsProgressSeen::UserId))
                    .col(integer(AnalyticsProgressSeen::ChapterId))
                    .col(double(AnalyticsProgressSeen::PositionSecs))
                    .col(boolean(AnalyticsProgressSeen::Completed))
                    .col(big_integer(AnalyticsProgressSeen::UpdatedAt))
                    .primary_key(
                        Index::create()
                            .col(AnalyticsProgressSeen::UserId)
                            .col(AnalyticsProgressSeen::ChapterId),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AnalyticsDayListeners::Table)
                    .if_not_exists()
                    .col(big_integer(AnalyticsDayListeners::Day))
                    .col(integer(AnalyticsDayListeners::UserId))
                    .primary_key(
                        Index::create()
                            .col(AnalyticsDayListeners::Day)
                            .col(AnalyticsDayListeners::UserId),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AnalyticsDaily::Table)
                    .if_not_exists()
                    .col(big_integer(AnalyticsDaily::Day).primary_key())
                    .col(big_integer(AnalyticsDaily::ActiveListeners).default(0))
                    .col(big_integer(AnalyticsDaily::Plays).default(0))
                    .col(double(AnalyticsDaily::ListenedSecs).default(0.0))
                    .col(big_integer(AnalyticsDaily::Completions).default(0))
                    .col(big_integer(AnalyticsDaily::NewUsers).default(0))
                    .col(big_integer(AnalyticsDaily::MembersGained).default(0))
                    .col(big_integer(AnalyticsDaily::MembersLost).default(0))
                    .col(big_integer(AnalyticsDaily::BooksAdded).default(0))
                    .col(big_integer(AnalyticsDaily::ChaptersAdded).default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AnalyticsDailyRevenue::Table)
                    .if_not_exists()
                    .col(big_integer(AnalyticsDailyRevenue::Day))
                    .col(string_len(AnalyticsDailyRevenue::Currency, 3))
                    .col(big_integer(AnalyticsDailyRevenue::Orders).default(0))
                    .col(big_integer(AnalyticsDailyRevenue::Revenue).default(0))
                    .col(big_integer(AnalyticsDailyRevenue::Refunds).default(0))
                    .primary_key(
                        Index::create()
                            .col(AnalyticsDailyRevenue::Day)
                            .col(AnalyticsDailyRevenue::Currency),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AnalyticsDailyChapters::Table)
                    .if_not_exists()
                    .col(big_integer(AnalyticsDailyChapters::Day))
                    .col(integer(AnalyticsDailyChapters::ChapterId))
                    .col(integer(AnalyticsDailyChapters::BookId))
                    .col(integer(AnalyticsDailyChapters::CategoryId))
                    .col(big_integer(AnalyticsDailyChapters::Plays).default(0))
                    .col(double(AnalyticsDailyChapters::ListenedSecs).default(0.0))
                    .col(big_integer(AnalyticsDailyChapters::Completions).default(0))
                    .primary_key(
                        Index::create()
                            .col(AnalyticsDailyChapters::Day)
                            .col(AnalyticsDailyChapters::ChapterId),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AnalyticsDailyQueries::Table)
                    .if_not_exists()
                    .col(big_integer(AnalyticsDailyQueries::Day))
                    .col(string_len(AnalyticsDailyQueries::Normalized, 200))
                    .col(integer_null(AnalyticsDailyQueries::TopBookId))
                    .col(big_integer(AnalyticsDailyQueries::Searches).default(0))
                    .col(big_integer(AnalyticsDailyQueries::NoResults).default(0))
                    .primary_key(
                        Index::create()
                            .col(AnalyticsDailyQueries::Day)
                            .col(AnalyticsDailyQueries::Normalized),
                    )
                    .to_owned(),
            )
            .await?;
        // SQLite alters one column per statement.
        let columns = [
            ColumnDef::new(Feedback::Reply).text().null().to_owned(),
            ColumnDef::new(Feedback::RepliedBy)
                .integer()
                .null()
                .to_owned(),
            ColumnDef::new(Feedback::RepliedByName)
                .string_len(64)
                .null()
                .to_owned(),
            ColumnDef::new(Feedback::RepliedAt)
                .big_integer()
                .null()
                .to_owned(),
        ];
        for mut column in columns {
            manager
                .alter_table(
                    Table::alter()
                        .table(Feedback::Table)
                        .add_column(&mut column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [
            Feedback::RepliedAt,
            Feedback::RepliedByName,
            Feedback::RepliedBy,
            Feedback::Reply,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Feedback::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        for table in [
            AnalyticsDailyQueries::Table.into_iden(),
            AnalyticsDailyChapters::Table.into_iden(),
            AnalyticsDailyRevenue::Table.into_iden(),
            AnalyticsDaily::Table.into_iden(),
            AnalyticsDayListeners::Table.into_iden(),
            AnalyticsProgressSeen::Table.into_iden(),
            AnalyticsWatermarks::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}

//! Anti-crawler detection reports (spec §3, §7): what a browser saw (devtools, a debugger,
//! extensions, hooked functions, failed integrity checks), by a visitor hash that rotates
//! daily — never an address — for the console's security page; removed with the behaviour
//! retention.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum AntiCrawlerReports {
    Table,
    Id,
    ReceivedAt,
    Kind,
    VisitorId,
    Visitor,
    ReportedAt,
    Details,
}

const REPORTS_BY_TIME: &str = "idx_anti_crawler_reports_received";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(AntiCrawlerReports::Table)
                    .if_not_exists()
                    .col(big_pk_auto(AntiCrawlerReports::Id))
                    .col(big_integer(AntiCrawlerReports::ReceivedAt))
                    .col(string_len(AntiCrawlerReports::Kind, 16))
                    .col(string_len(AntiCrawlerReports::VisitorId, 64))
                    .col(string_len(AntiCrawlerReports::Visitor, 64))
                    .col(big_integer_null(AntiCrawlerReports::ReportedAt))
                    .col(text(AntiCrawlerReports::Details))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name(REPORTS_BY_TIME)
                    .table(AntiCrawlerReports::Table)
                    .col(AntiCrawlerReports::ReceivedAt)
                    .col(AntiCrawlerReports::Id)
                    .if_not_exists()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(AntiCrawlerReports::Table).to_owned())
            .await
    }
}

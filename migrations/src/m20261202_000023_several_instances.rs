//! What several instances share in the database: the budgets' buckets (one row per budget and
//! client address with the bucket's theoretical arrival time in microseconds, GCRA; a row whose
//! time has passed is a full bucket and is removed), and how many bytes of an upload in progress
//! were received (the instances' part files may each hold a different part).
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum BudgetBuckets {
    Table,
    Budget,
    Client,
    Tat,
}

#[derive(DeriveIden)]
enum Uploads {
    Table,
    Received,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(BudgetBuckets::Table)
                    .if_not_exists()
                    .col(string_len(BudgetBuckets::Budget, 16))
                    .col(string_len(BudgetBuckets::Client, 64))
                    .col(big_integer(BudgetBuckets::Tat))
                    .primary_key(
                        Index::create()
                            .col(BudgetBuckets::Budget)
                            .col(BudgetBuckets::Client),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Uploads::Table)
                    .add_column(big_integer(Uploads::Received).default(0))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Uploads::Table)
                    .drop_column(Uploads::Received)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(Table::drop().table(BudgetBuckets::Table).to_owned())
            .await
    }
}

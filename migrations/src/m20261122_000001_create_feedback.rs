//! Creates `feedback`: messages listeners send from the public feedback page.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Feedback {
    Table,
    Id,
    Category,
    Message,
    Contact,
    Language,
    UserAgent,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Feedback::Table)
                    .if_not_exists()
                    .col(pk_auto(Feedback::Id))
                    .col(string_len(Feedback::Category, 32))
                    .col(text(Feedback::Message))
                    .col(string_len_null(Feedback::Contact, 200))
                    .col(string_len(Feedback::Language, 8))
                    .col(string_len_null(Feedback::UserAgent, 512))
                    .col(big_integer(Feedback::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_feedback_created_at")
                    .table(Feedback::Table)
                    .col(Feedback::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(Feedback::Table).to_owned())
            .await
    }
}

//! Sign-in failures are counted per account (whatever name was typed): index them by user.
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum AuthEvents {
    Table,
    UserId,
    CreatedAt,
}

const INDEX: &str = "idx_auth_events_user";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(
                Index::create()
                    .name(INDEX)
                    .table(AuthEvents::Table)
                    .col(AuthEvents::UserId)
                    .col(AuthEvents::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name(INDEX)
                    .table(AuthEvents::Table)
                    .to_owned(),
            )
            .await
    }
}

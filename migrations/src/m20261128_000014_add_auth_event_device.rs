//! Device cookies (core `auth::device`): a failure from a known device names it, so only that
//! device's own failures count against it and the account's count only unknown devices'.
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum AuthEvents {
    Table,
    /// The known device (SHA-256 of its cookie's nonce, hex) an attempt came from, if any.
    Device,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(AuthEvents::Table)
                    .add_column(ColumnDef::new(AuthEvents::Device).string_len(64).null())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(AuthEvents::Table)
                    .drop_column(AuthEvents::Device)
                    .to_owned(),
            )
            .await
    }
}

//! The public cover route serves an image only when it is some book's cover: that question is
//! asked on every cover request, so it is answered from an index, not a walk of the books.
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Books {
    Table,
    CoverAssetId,
}

const INDEX: &str = "idx_books_cover_asset";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(
                Index::create()
                    .name(INDEX)
                    .table(Books::Table)
                    .col(Books::CoverAssetId)
                    .if_not_exists()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(Index::drop().name(INDEX).table(Books::Table).to_owned())
            .await
    }
}

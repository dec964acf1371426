//! Uploads and the console's chapters: resumable uploads (`uploads`: what is being received,
//! by whom, and how it ended), stored files know their kind, original name, probed tags and
//! uploader, chapters get English and Japanese titles, USD and JPY prices and a time of last
//! change, and a book knows the uploaded image its cover sizes were made from.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum Assets {
    Table,
    Kind,
    OriginalName,
    Tags,
    CreatedBy,
}

#[derive(DeriveIden, Clone, Copy)]
enum Books {
    Table,
    CoverAssetId,
}

#[derive(DeriveIden, Clone, Copy)]
enum Chapters {
    Table,
    TitleEn,
    TitleJa,
    PriceUsd,
    PriceJpy,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Uploads {
    Table,
    Id,
    Kind,
    FileName,
    Size,
    Status,
    Error,
    AssetId,
    CreatedBy,
    CreatedAt,
    UpdatedAt,
}

/// Adds `columns` to `table`, one statement each (SQLite adds one column per statement).
async fn add_columns(
    manager: &SchemaManager<'_>,
    table: impl IntoIden + Copy,
    columns: Vec<ColumnDef>,
) -> Result<(), DbErr> {
    for mut column in columns {
        manager
            .alter_table(
                Table::alter()
                    .table(table)
                    .add_column(&mut column)
                    .to_owned(),
            )
            .await?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        add_columns(
            manager,
            Assets::Table,
            vec![
                string_len(Assets::Kind, 16).default("audio").to_owned(),
                string_len_null(Assets::OriginalName, 255).to_owned(),
                text_null(Assets::Tags).to_owned(),
                integer_null(Assets::CreatedBy).to_owned(),
            ],
        )
        .await?;
        add_columns(
            manager,
            Chapters::Table,
            vec![
                string_len_null(Chapters::TitleEn, 200).to_owned(),
                string_len_null(Chapters::TitleJa, 200).to_owned(),
                big_integer_null(Chapters::PriceUsd).to_owned(),
                big_integer_null(Chapters::PriceJpy).to_owned(),
                big_integer(Chapters::UpdatedAt).default(0).to_owned(),
            ],
        )
        .await?;
        add_columns(
            manager,
            Books::Table,
            vec![integer_null(Books::CoverAssetId).to_owned()],
        )
        .await?;
        manager
            .create_table(
                Table::create()
                    .table(Uploads::Table)
                    .if_not_exists()
                    .col(string_len(Uploads::Id, 36).primary_key())
                    .col(string_len(Uploads::Kind, 16))
                    .col(string_len(Uploads::FileName, 255))
                    .col(big_integer(Uploads::Size))
                    .col(string_len(Uploads::Status, 16))
                    .col(text_null(Uploads::Error))
                    .col(integer_null(Uploads::AssetId))
                    .col(integer(Uploads::CreatedBy))
                    .col(big_integer(Uploads::CreatedAt))
                    .col(big_integer(Uploads::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_uploads_status_updated")
                    .table(Uploads::Table)
                    .col(Uploads::Status)
                    .col(Uploads::UpdatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_uploads_created_by")
                    .table(Uploads::Table)
                    .col(Uploads::CreatedBy)
                    .col(Uploads::Status)
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(Uploads::Table).to_owned())
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Books::Table)
                    .drop_column(Books::CoverAssetId)
                    .to_owned(),
            )
            .await?;
        for column in [
            Chapters::TitleEn,
            Chapters::TitleJa,
            Chapters::PriceUsd,
            Chapters::PriceJpy,
            Chapters::UpdatedAt,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Chapters::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        for column in [
            Assets::Kind,
            Assets::OriginalName,
            Assets::Tags,
            Assets::CreatedBy,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Assets::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}

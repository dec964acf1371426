//! The console's catalogue: a book can be unpublished (kept from listeners while it is
//! prepared), its subtitle and description have English and Japanese versions, and every
//! change made in the console is written to `audit_log` (who, what, before and after, when,
//! from which address). The console's title sort has an index.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Books {
    Table,
    Id,
    Title,
    Published,
    SubtitleEn,
    SubtitleJa,
    DescriptionEn,
    DescriptionJa,
}

#[derive(DeriveIden)]
enum AuditLog {
    Table,
    Id,
    ActorId,
    ActorName,
    Action,
    Entity,
    EntityId,
    Before,
    After,
    Ip,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per statement.
        let columns = [
            boolean(Books::Published).default(true).to_owned(),
            text_null(Books::SubtitleEn).to_owned(),
            text_null(Books::SubtitleJa).to_owned(),
            text_null(Books::DescriptionEn).to_owned(),
            text_null(Books::DescriptionJa).to_owned(),
        ];
        for mut column in columns {
            manager
                .alter_table(
                    Table::alter()
                        .table(Books::Table)
                        .add_column(&mut column)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_index(
                Index::create()
                    .name("idx_books_published")
                    .table(Books::Table)
                    .col(Books::Published)
                    .to_owned(),
            )
            .await?;
        // The console sorts every book by title.
        manager
            .create_index(
                Index::create()
                    .name("idx_books_title")
                    .table(Books::Table)
                    .col(Books::Title)
                    .col(Books::Id)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AuditLog::Table)
                    .if_not_exists()
                    .col(pk_auto(AuditLog::Id))
                    .col(integer_null(AuditLog::ActorId))
                    .col(string(AuditLog::ActorName))
                    .col(string(AuditLog::Action))
                    .col(string(AuditLog::Entity))
                    .col(string(AuditLog::EntityId))
                    .col(text_null(AuditLog::Before))
                    .col(text_null(AuditLog::After))
                    .col(string_null(AuditLog::Ip))
                    .col(big_integer(AuditLog::CreatedAt))
                    .to_owned(),
            )
            .await?;
        for (name, columns) in [
            ("idx_audit_log_created_at", vec![AuditLog::CreatedAt]),
            (
                "idx_audit_log_entity",
                vec![AuditLog::Entity, AuditLog::EntityId],
            ),
        ] {
            let mut index = Index::create();
            index.name(name).table(AuditLog::Table);
            for column in columns {
                index.col(column);
            }
            manager.create_index(index.to_owned()).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(AuditLog::Table).to_owned())
            .await?;
        manager
            .drop_index(
                Index::drop()
                    .name("idx_books_title")
                    .table(Books::Table)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_index(
                Index::drop()
                    .name("idx_books_published")
                    .table(Books::Table)
                    .to_owned(),
            )
            .await?;
        for column in [
            Books::Published,
            Books::SubtitleEn,
            Books::SubtitleJa,
            Books::DescriptionEn,
            Books::DescriptionJa,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Books::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}

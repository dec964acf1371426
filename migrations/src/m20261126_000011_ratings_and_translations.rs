//! Listeners' ratings and reviews of books (one per listener and book; an administrator can
//! hide a review), and English and Japanese names for authors, narrators and tags.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Ratings {
    Table,
    Id,
    UserId,
    BookId,
    Score,
    Review,
    Hidden,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Books {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Authors {
    Table,
}

#[derive(DeriveIden)]
enum Narrators {
    Table,
}

#[derive(DeriveIden)]
enum Tags {
    Table,
}

#[derive(DeriveIden)]
enum Translated {
    NameEn,
    NameJa,
    BioEn,
    BioJa,
}

/// The tables that gain translated columns, with the columns each gains.
fn translations() -> Vec<(DynIden, Vec<Translated>)> {
    let person = || {
        vec![
            Translated::NameEn,
            Translated::NameJa,
            Translated::BioEn,
            Translated::BioJa,
        ]
    };
    vec![
        (Authors::Table.into_iden(), person()),
        (Narrators::Table.into_iden(), person()),
        (
            Tags::Table.into_iden(),
            vec![Translated::NameEn, Translated::NameJa],
        ),
    ]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Ratings::Table)
                    .if_not_exists()
                    .col(pk_auto(Ratings::Id))
                    .col(integer(Ratings::UserId))
                    .col(integer(Ratings::BookId))
                    .col(small_integer(Ratings::Score))
                    .col(text_null(Ratings::Review))
                    .col(boolean(Ratings::Hidden).default(false))
                    .col(big_integer(Ratings::CreatedAt))
                    .col(big_integer(Ratings::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Ratings::Table, Ratings::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Ratings::Table, Ratings::BookId)
                            .to(Books::Table, Books::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_ratings_user_book")
                    .table(Ratings::Table)
                    .col(Ratings::UserId)
                    .col(Ratings::BookId)
                    .unique()
                    .to_owned(),
            )
            .await?;
        // The book page lists a book's reviews newest first.
        manager
            .create_index(
                Index::create()
                    .name("idx_ratings_book_created")
                    .table(Ratings::Table)
                    .col(Ratings::BookId)
                    .col(Ratings::CreatedAt)
                    .to_owned(),
            )
            .await?;
        // SQLite adds one column per statement.
        for (table, columns) in translations() {
            for column in columns {
                let mut definition = match column {
                    Translated::BioEn | Translated::BioJa => text_null(column),
                    Translated::NameEn | Translated::NameJa => string_null(column),
                };
                manager
                    .alter_table(
                        Table::alter()
                            .table(table.clone())
                            .add_column(&mut definition)
                            .to_owned(),
                    )
                    .await?;
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (table, columns) in translations() {
            for column in columns {
                manager
                    .alter_table(
                        Table::alter()
                            .table(table.clone())
                            .drop_column(column)
                            .to_owned(),
                    )
                    .await?;
            }
        }
        manager
            .drop_table(Table::drop().table(Ratings::Table).to_owned())
            .await
    }
}

//! `book_listeners`: who has listened to which book, so a book's play count grows once per
//! account, not once per chapter. Filled from the progress already saved.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum BookListeners {
    Table,
    UserId,
    BookId,
    FirstPlayedAt,
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

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(BookListeners::Table)
                    .if_not_exists()
                    .col(integer(BookListeners::UserId))
                    .col(integer(BookListeners::BookId))
                    .col(big_integer(BookListeners::FirstPlayedAt))
                    .primary_key(
                        Index::create()
                            .col(BookListeners::UserId)
                            .col(BookListeners::BookId),
                    )
                    .foreign_key(
                        &mut ForeignKey::create()
                            .from(BookListeners::Table, BookListeners::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade)
                            .to_owned(),
                    )
                    .foreign_key(
                        &mut ForeignKey::create()
                            .from(BookListeners::Table, BookListeners::BookId)
                            .to(Books::Table, Books::Id)
                            .on_delete(ForeignKeyAction::Cascade)
                            .to_owned(),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .get_connection()
            .execute_unprepared(
                "INSERT INTO book_listeners (user_id, book_id, first_played_at) \
                 SELECT user_id, book_id, MIN(updated_at) FROM play_progress \
                 GROUP BY user_id, book_id",
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(BookListeners::Table).to_owned())
            .await
    }
}

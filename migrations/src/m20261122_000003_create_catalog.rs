//! Creates the catalogue (categories, authors, narrators, books, tags, chapters, audio
//! assets, limited-free campaigns, purchases) and each listener's library (bookshelf,
//! favorites, progress, history), plus the search log.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Categories {
    Table,
    Id,
    Slug,
    NameZh,
    NameEn,
    NameJa,
    ParentId,
    SortOrder,
    CreatedAt,
}
#[derive(DeriveIden)]
enum Authors {
    Table,
    Id,
    Name,
    Bio,
}
#[derive(DeriveIden)]
enum Narrators {
    Table,
    Id,
    Name,
    Bio,
}
#[derive(DeriveIden)]
enum Books {
    Table,
    Id,
    Title,
    TitleEn,
    TitleJa,
    Subtitle,
    AuthorId,
    NarratorId,
    Description,
    CoverUrl,
    CategoryId,
    Language,
    Status,
    Access,
    PriceCny,
    PriceUsd,
    PriceJpy,
    ChapterCount,
    TotalDurationSecs,
    PlayCount,
    FavoriteCount,
    RatingAvg,
    RatingCount,
    IsDemo,
    CreatedAt,
    UpdatedAt,
}
#[derive(DeriveIden)]
enum Tags {
    Table,
    Id,
    Name,
}
#[derive(DeriveIden)]
enum BookTags {
    Table,
    BookId,
    TagId,
}
#[derive(DeriveIden)]
enum Assets {
    Table,
    Id,
    StorageKey,
    Mime,
    Bytes,
    Sha256,
    DurationSecs,
    CreatedAt,
}
#[derive(DeriveIden)]
enum Chapters {
    Table,
    Id,
    BookId,
    Idx,
    Title,
    DurationSecs,
    AssetId,
    IsFree,
    PriceCny,
    Published,
    CreatedAt,
}
#[derive(DeriveIden)]
enum Promotions {
    Table,
    Id,
    Name,
    StartsAt,
    EndsAt,
    CreatedAt,
}
#[derive(DeriveIden)]
enum PromotionBooks {
    Table,
    PromotionId,
    BookId,
}
#[derive(DeriveIden)]
enum Purchases {
    Table,
    Id,
    UserId,
    BookId,
    ChapterId,
    CreatedAt,
}
#[derive(DeriveIden)]
enum Bookshelf {
    Table,
    UserId,
    BookId,
    AddedAt,
}
#[derive(DeriveIden)]
enum Favorites {
    Table,
    UserId,
    BookId,
    AddedAt,
}
#[derive(DeriveIden)]
enum PlayProgress {
    Table,
    UserId,
    ChapterId,
    BookId,
    PositionSecs,
    DurationSecs,
    Completed,
    UpdatedAt,
}
#[derive(DeriveIden)]
enum PlayHistory {
    Table,
    UserId,
    BookId,
    ChapterId,
    PositionSecs,
    DurationSecs,
    UpdatedAt,
}
#[derive(DeriveIden)]
enum SearchQueries {
    Table,
    Id,
    Query,
    ResultCount,
    UserId,
    CreatedAt,
}
#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

fn fk(
    from: (impl IntoIden, impl IntoIden),
    to: (impl IntoIden, impl IntoIden),
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(from.0, from.1)
        .to(to.0, to.1)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

async fn index(
    manager: &SchemaManager<'_>,
    name: &str,
    table: impl IntoIden,
    columns: Vec<DynIden>,
    unique: bool,
) -> Result<(), DbErr> {
    let mut statement = Index::create();
    statement.name(name).table(table);
    for column in columns {
        statement.col(column);
    }
    if unique {
        statement.unique();
    }
    manager.create_index(statement.to_owned()).await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Categories::Table)
                    .if_not_exists()
                    .col(pk_auto(Categories::Id))
                    .col(string_len_uniq(Categories::Slug, 64))
                    .col(string_len(Categories::NameZh, 64))
                    .col(string_len(Categories::NameEn, 64))
                    .col(string_len(Categories::NameJa, 64))
                    .col(integer_null(Categories::ParentId))
                    .col(integer(Categories::SortOrder).default(0))
                    .col(big_integer(Categories::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Categories::Table, Categories::ParentId)
                            .to(Categories::Table, Categories::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Authors::Table)
                    .if_not_exists()
                    .col(pk_auto(Authors::Id))
                    .col(string_len(Authors::Name, 100))
                    .col(text_null(Authors::Bio))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Narrators::Table)
                    .if_not_exists()
                    .col(pk_auto(Narrators::Id))
                    .col(string_len(Narrators::Name, 100))
                    .col(text_null(Narrators::Bio))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Books::Table)
                    .if_not_exists()
                    .col(pk_auto(Books::Id))
                    .col(string_len(Books::Title, 200))
                    .col(string_len_null(Books::TitleEn, 200))
                    .col(string_len_null(Books::TitleJa, 200))
                    .col(string_len_null(Books::Subtitle, 200))
                    .col(integer(Books::AuthorId))
                    .col(integer_null(Books::NarratorId))
                    .col(text(Books::Description))
                    .col(string_len_null(Books::CoverUrl, 500))
                    .col(integer(Books::CategoryId))
                    .col(string_len(Books::Language, 8).default("zh"))
                    .col(string_len(Books::Status, 16).default("serialising"))
                    .col(string_len(Books::Access, 8).default("free"))
                    .col(big_integer_null(Books::PriceCny))
                    .col(big_integer_null(Books::PriceUsd))
                    .col(big_integer_null(Books::PriceJpy))
                    .col(integer(Books::ChapterCount).default(0))
                    .col(big_integer(Books::TotalDurationSecs).default(0))
                    .col(big_integer(Books::PlayCount).default(0))
                    .col(big_integer(Books::FavoriteCount).default(0))
                    .col(double(Books::RatingAvg).default(0.0))
                    .col(integer(Books::RatingCount).default(0))
                    .col(boolean(Books::IsDemo).default(false))
                    .col(big_integer(Books::CreatedAt))
                    .col(big_integer(Books::UpdatedAt))
                    .foreign_key(&mut fk(
                        (Books::Table, Books::AuthorId),
                        (Authors::Table, Authors::Id),
                    ))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Books::Table, Books::NarratorId)
                            .to(Narrators::Table, Narrators::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .foreign_key(&mut fk(
                        (Books::Table, Books::CategoryId),
                        (Categories::Table, Categories::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        for (name, column) in [
            ("idx_books_category", Books::CategoryId),
            ("idx_books_status", Books::Status),
            ("idx_books_access", Books::Access),
            ("idx_books_created", Books::CreatedAt),
            ("idx_books_updated", Books::UpdatedAt),
            ("idx_books_plays", Books::PlayCount),
            ("idx_books_rating", Books::RatingAvg),
            ("idx_books_author", Books::AuthorId),
            ("idx_books_narrator", Books::NarratorId),
        ] {
            index(manager, name, Books::Table, vec![column.into_iden()], false).await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(Tags::Table)
                    .if_not_exists()
                    .col(pk_auto(Tags::Id))
                    .col(string_len_uniq(Tags::Name, 64))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(BookTags::Table)
                    .if_not_exists()
                    .col(integer(BookTags::BookId))
                    .col(integer(BookTags::TagId))
                    .primary_key(Index::create().col(BookTags::BookId).col(BookTags::TagId))
                    .foreign_key(&mut fk(
                        (BookTags::Table, BookTags::BookId),
                        (Books::Table, Books::Id),
                    ))
                    .foreign_key(&mut fk(
                        (BookTags::Table, BookTags::TagId),
                        (Tags::Table, Tags::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        index(
            manager,
            "idx_book_tags_tag",
            BookTags::Table,
            vec![BookTags::TagId.into_iden(), BookTags::BookId.into_iden()],
            false,
        )
        .await?;
        manager
            .create_table(
                Table::create()
                    .table(Assets::Table)
                    .if_not_exists()
                    .col(pk_auto(Assets::Id))
                    .col(string_len_uniq(Assets::StorageKey, 300))
                    .col(string_len(Assets::Mime, 64))
                    .col(big_integer(Assets::Bytes))
                    .col(string_len_uniq(Assets::Sha256, 64))
                    .col(double(Assets::DurationSecs))
                    .col(big_integer(Assets::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Chapters::Table)
                    .if_not_exists()
                    .col(pk_auto(Chapters::Id))
                    .col(integer(Chapters::BookId))
                    .col(integer(Chapters::Idx))
                    .col(string_len(Chapters::Title, 200))
                    .col(double(Chapters::DurationSecs).default(0.0))
                    .col(integer_null(Chapters::AssetId))
                    .col(boolean(Chapters::IsFree).default(false))
                    .col(big_integer_null(Chapters::PriceCny))
                    .col(boolean(Chapters::Published).default(true))
                    .col(big_integer(Chapters::CreatedAt))
                    .foreign_key(&mut fk(
                        (Chapters::Table, Chapters::BookId),
                        (Books::Table, Books::Id),
                    ))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Chapters::Table, Chapters::AssetId)
                            .to(Assets::Table, Assets::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        index(
            manager,
            "idx_chapters_book_idx",
            Chapters::Table,
            vec![Chapters::BookId.into_iden(), Chapters::Idx.into_iden()],
            true,
        )
        .await?;
        manager
            .create_table(
                Table::create()
                    .table(Promotions::Table)
                    .if_not_exists()
                    .col(pk_auto(Promotions::Id))
                    .col(string_len(Promotions::Name, 200))
                    .col(big_integer(Promotions::StartsAt))
                    .col(big_integer(Promotions::EndsAt))
                    .col(big_integer(Promotions::CreatedAt))
                    .to_owned(),
            )
            .await?;
        index(
            manager,
            "idx_promotions_window",
            Promotions::Table,
            vec![
                Promotions::EndsAt.into_iden(),
                Promotions::StartsAt.into_iden(),
            ],
            false,
        )
        .await?;
        manager
            .create_table(
                Table::create()
                    .table(PromotionBooks::Table)
                    .if_not_exists()
                    .col(integer(PromotionBooks::PromotionId))
                    .col(integer(PromotionBooks::BookId))
                    .primary_key(
                        Index::create()
                            .col(PromotionBooks::PromotionId)
                            .col(PromotionBooks::BookId),
                    )
                    .foreign_key(&mut fk(
                        (PromotionBooks::Table, PromotionBooks::PromotionId),
                        (Promotions::Table, Promotions::Id),
                    ))
                    .foreign_key(&mut fk(
                        (PromotionBooks::Table, PromotionBooks::BookId),
                        (Books::Table, Books::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        index(
            manager,
            "idx_promotion_books_book",
            PromotionBooks::Table,
            vec![PromotionBooks::BookId.into_iden()],
            false,
        )
        .await?;
        manager
            .create_table(
                Table::create()
                    .table(Purchases::Table)
                    .if_not_exists()
                    .col(pk_auto(Purchases::Id))
                    .col(integer(Purchases::UserId))
                    .col(integer_null(Purchases::BookId))
                    .col(integer_null(Purchases::ChapterId))
                    .col(big_integer(Purchases::CreatedAt))
                    .foreign_key(&mut fk(
                        (Purchases::Table, Purchases::UserId),
                        (Users::Table, Users::Id),
                    ))
                    .foreign_key(&mut fk(
                        (Purchases::Table, Purchases::BookId),
                        (Books::Table, Books::Id),
                    ))
                    .foreign_key(&mut fk(
                        (Purchases::Table, Purchases::ChapterId),
                        (Chapters::Table, Chapters::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        index(
            manager,
            "idx_purchases_user",
            Purchases::Table,
            vec![Purchases::UserId.into_iden(), Purchases::BookId.into_iden()],
            false,
        )
        .await?;
        for (table, user, book, added, name) in [
            (
                Bookshelf::Table.into_iden(),
                Bookshelf::UserId.into_iden(),
                Bookshelf::BookId.into_iden(),
                Bookshelf::AddedAt.into_iden(),
                "idx_bookshelf_user_added",
            ),
            (
                Favorites::Table.into_iden(),
                Favorites::UserId.into_iden(),
                Favorites::BookId.into_iden(),
                Favorites::AddedAt.into_iden(),
                "idx_favorites_user_added",
            ),
        ] {
            manager
                .create_table(
                    Table::create()
                        .table(table.clone())
                        .if_not_exists()
                        .col(integer(user.clone()))
                        .col(integer(book.clone()))
                        .col(big_integer(added.clone()))
                        .primary_key(Index::create().col(user.clone()).col(book.clone()))
                        .foreign_key(&mut fk(
                            (table.clone(), user.clone()),
                            (Users::Table, Users::Id),
                        ))
                        .foreign_key(&mut fk(
                            (table.clone(), book.clone()),
                            (Books::Table, Books::Id),
                        ))
                        .to_owned(),
                )
                .await?;
            index(manager, name, table, vec![user, added], false).await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(PlayProgress::Table)
                    .if_not_exists()
                    .col(integer(PlayProgress::UserId))
                    .col(integer(PlayProgress::ChapterId))
                    .col(integer(PlayProgress::BookId))
                    .col(double(PlayProgress::PositionSecs))
                    .col(double(PlayProgress::DurationSecs))
                    .col(boolean(PlayProgress::Completed).default(false))
                    .col(big_integer(PlayProgress::UpdatedAt))
                    .primary_key(
                        Index::create()
                            .col(PlayProgress::UserId)
                            .col(PlayProgress::ChapterId),
                    )
                    .foreign_key(&mut fk(
                        (PlayProgress::Table, PlayProgress::UserId),
                        (Users::Table, Users::Id),
                    ))
                    .foreign_key(&mut fk(
                        (PlayProgress::Table, PlayProgress::ChapterId),
                        (Chapters::Table, Chapters::Id),
                    ))
                    .foreign_key(&mut fk(
                        (PlayProgress::Table, PlayProgress::BookId),
                        (Books::Table, Books::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        index(
            manager,
            "idx_progress_user_book",
            PlayProgress::Table,
            vec![
                PlayProgress::UserId.into_iden(),
                PlayProgress::BookId.into_iden(),
                PlayProgress::UpdatedAt.into_iden(),
            ],
            false,
        )
        .await?;
        manager
            .create_table(
                Table::create()
                    .table(PlayHistory::Table)
                    .if_not_exists()
                    .col(integer(PlayHistory::UserId))
                    .col(integer(PlayHistory::BookId))
                    .col(integer(PlayHistory::ChapterId))
                    .col(double(PlayHistory::PositionSecs))
                    .col(double(PlayHistory::DurationSecs))
                    .col(big_integer(PlayHistory::UpdatedAt))
                    .primary_key(
                        Index::create()
                            .col(PlayHistory::UserId)
                            .col(PlayHistory::BookId),
                    )
                    .foreign_key(&mut fk(
                        (PlayHistory::Table, PlayHistory::UserId),
                        (Users::Table, Users::Id),
                    ))
                    .foreign_key(&mut fk(
                        (PlayHistory::Table, PlayHistory::BookId),
                        (Books::Table, Books::Id),
                    ))
                    .foreign_key(&mut fk(
                        (PlayHistory::Table, PlayHistory::ChapterId),
                        (Chapters::Table, Chapters::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        index(
            manager,
            "idx_history_user_updated",
            PlayHistory::Table,
            vec![
                PlayHistory::UserId.into_iden(),
                PlayHistory::UpdatedAt.into_iden(),
            ],
            false,
        )
        .await?;
        manager
            .create_table(
                Table::create()
                    .table(SearchQueries::Table)
                    .if_not_exists()
                    .col(pk_auto(SearchQueries::Id))
                    .col(string_len(SearchQueries::Query, 200))
                    .col(integer(SearchQueries::ResultCount))
                    .col(integer_null(SearchQueries::UserId))
                    .col(big_integer(SearchQueries::CreatedAt))
                    .to_owned(),
            )
            .await?;
        index(
            manager,
            "idx_search_queries_created",
            SearchQueries::Table,
            vec![SearchQueries::CreatedAt.into_iden()],
            false,
        )
        .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            SearchQueries::Table.into_iden(),
            PlayHistory::Table.into_iden(),
            PlayProgress::Table.into_iden(),
            Favorites::Table.into_iden(),
            Bookshelf::Table.into_iden(),
            Purchases::Table.into_iden(),
            PromotionBooks::Table.into_iden(),
            Promotions::Table.into_iden(),
            Chapters::Table.into_iden(),
            Assets::Table.into_iden(),
            BookTags::Table.into_iden(),
            Tags::Table.into_iden(),
            Books::Table.into_iden(),
            Narrators::Table.into_iden(),
            Authors::Table.into_iden(),
            Categories::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}

//! Indexes for the book lists at catalogue scale (100,000 books): each filter the list
//! offers (status, access, category) followed by each sort key (plays, newest, updated,
//! rating), the id that breaks ties and the other two filters, so a filtered, sorted page
//! walks one index in order instead of sorting every matching book, and never reads a book
//! row to choose it; rating with its tie-breaker for the unfiltered rating order; and the
//! filter combinations, so that counting the books of a filtered list reads one index.
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy, PartialEq, Eq)]
enum Books {
    Table,
    Id,
    Status,
    Access,
    CategoryId,
    PlayCount,
    CreatedAt,
    UpdatedAt,
    RatingAvg,
    RatingCount,
}

/// (index name, columns) of every index this migration adds.
fn indexes() -> Vec<(String, Vec<Books>)> {
    let filters = [
        ("status", Books::Status),
        ("access", Books::Access),
        ("category", Books::CategoryId),
    ];
    let sorts: [(&str, &[Books]); 4] = [
        ("plays", &[Books::PlayCount]),
        ("created", &[Books::CreatedAt]),
        ("updated", &[Books::UpdatedAt]),
        ("rating", &[Books::RatingAvg, Books::RatingCount]),
    ];
    let mut all = Vec::new();
    for (filter_name, filter) in filters {
        for (sort_name, sort) in sorts {
            let mut columns = vec![filter];
            columns.extend_from_slice(sort);
            columns.push(Books::Id);
            // The other filters last: a list filtered on two of them walks this index in
            // order and checks the second filter without reading the book rows.
            columns.extend(filters.iter().map(|(_, f)| *f).filter(|f| *f != filter));
            all.push((format!("idx_books_{filter_name}_{sort_name}"), columns));
        }
    }
    all.push((
        "idx_books_rating_count".to_owned(),
        vec![Books::RatingAvg, Books::RatingCount, Books::Id],
    ));
    for (name, columns) in [
        (
            "idx_books_category_status_access",
            vec![Books::CategoryId, Books::Status, Books::Access],
        ),
        (
            "idx_books_category_access",
            vec![Books::CategoryId, Books::Access],
        ),
        (
            "idx_books_status_access",
            vec![Books::Status, Books::Access],
        ),
    ] {
        all.push((name.to_owned(), columns));
    }
    all
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (name, columns) in indexes() {
            let mut statement = Index::create();
            statement.name(&name).table(Books::Table).if_not_exists();
            for column in columns {
                statement.col(column);
            }
            manager.create_index(statement.to_owned()).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (name, _) in indexes() {
            manager
                .drop_index(Index::drop().name(&name).table(Books::Table).to_owned())
                .await?;
        }
        Ok(())
    }
}

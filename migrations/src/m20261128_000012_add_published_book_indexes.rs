//! Listeners only see published books, so every index their book lists walk ends with
//! `published`: a page is chosen on index entries alone, testing the flag there instead of
//! reading each book's row. The flag is never a leading column, and its own index goes:
//! without statistics (`sqlite_stat1`) SQLite assumed `published = ?` matched about ten
//! books, when it matches all of them, and chose that index over the list's order (sorting
//! 100,000 books for a page, 275 ms) and over looking a page's books up by id. With no index
//! to seek on the flag, the plans follow from the shape of the indexes alone, whatever the
//! statistics say.
//!
//! Each list index of `m20261122_000004` (filter, sort key, id, other filters), each sort
//! index of `m20261122_000003` and the author and narrator indexes (now ordered by plays,
//! as their pages and recommendations are) are made again with `published` last. The
//! indexes on two filters go: they offer a list filtered on both a seek on the two followed
//! by a sort of every match (33,000 finished free books), which a planner guessing without
//! statistics may prefer to the ordered walk; a count walks the first filter's index and
//! tests the other on its entries.
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Debug, Clone, Copy, PartialEq, Eq)]
enum Books {
    Table,
    Id,
    Published,
    Status,
    Access,
    CategoryId,
    AuthorId,
    NarratorId,
    PlayCount,
    CreatedAt,
    UpdatedAt,
    RatingAvg,
    RatingCount,
}

/// An index: its name and columns.
type Definition = (String, Vec<Books>);

/// The list indexes of `m20261122_000004` (without `published`) and the other indexes this
/// migration replaces, as they were.
fn before() -> Vec<Definition> {
    let mut all = filtered_lists(false);
    for (name, columns) in [
        ("idx_books_plays", vec![Books::PlayCount]),
        ("idx_books_created", vec![Books::CreatedAt]),
        ("idx_books_updated", vec![Books::UpdatedAt]),
        (
            "idx_books_rating_count",
            vec![Books::RatingAvg, Books::RatingCount, Books::Id],
        ),
        ("idx_books_author", vec![Books::AuthorId]),
        ("idx_books_narrator", vec![Books::NarratorId]),
        ("idx_books_published", vec![Books::Published]),
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

/// The indexes after this migration, each ending with `published`.
fn after() -> Vec<Definition> {
    let mut all = filtered_lists(true);
    for (name, columns) in [
        ("idx_books_plays", vec![Books::PlayCount, Books::Id]),
        ("idx_books_created", vec![Books::CreatedAt, Books::Id]),
        ("idx_books_updated", vec![Books::UpdatedAt, Books::Id]),
        (
            "idx_books_rating_count",
            vec![Books::RatingAvg, Books::RatingCount, Books::Id],
        ),
        (
            "idx_books_author",
            vec![Books::AuthorId, Books::PlayCount, Books::Id],
        ),
        (
            "idx_books_narrator",
            vec![Books::NarratorId, Books::PlayCount, Books::Id],
        ),
    ] {
        all.push((name.to_owned(), [columns, vec![Books::Published]].concat()));
    }
    all
}

/// For each filter (status, access, category) and sort (plays, newest, updated, rating):
/// (filter, sort key, id, the other filters), then `published` when `published` is set.
fn filtered_lists(published: bool) -> Vec<Definition> {
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
            columns.extend(filters.iter().map(|(_, f)| *f).filter(|f| *f != filter));
            if published {
                columns.push(Books::Published);
            }
            all.push((format!("idx_books_{filter_name}_{sort_name}"), columns));
        }
    }
    all
}

/// Drops the indexes `from` has and `to` has not or defines otherwise, then creates those
/// of `to` that are new or changed.
async fn replace(
    manager: &SchemaManager<'_>,
    from: Vec<Definition>,
    to: Vec<Definition>,
) -> Result<(), DbErr> {
    for (name, columns) in &from {
        if !to.iter().any(|(n, c)| n == name && c == columns) {
            manager
                .drop_index(
                    Index::drop()
                        .name(name)
                        .table(Books::Table)
                        .if_exists()
                        .to_owned(),
                )
                .await?;
        }
    }
    for (name, columns) in to {
        if from.iter().any(|(n, c)| *n == name && *c == columns) {
            continue;
        }
        let mut statement = Index::create();
        statement.name(&name).table(Books::Table);
        for column in columns {
            statement.col(column);
        }
        manager.create_index(statement.to_owned()).await?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        replace(manager, before(), after()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        replace(manager, after(), before()).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_ends_with_published_and_none_starts_with_it() {
        let after = after();
        assert_eq!(after.len(), 18);
        for (name, columns) in &after {
            assert_eq!(columns.last(), Some(&Books::Published), "{name}");
            assert_eq!(
                columns.iter().filter(|c| **c == Books::Published).count(),
                1
            );
        }
        // Everything replaced is dropped; nothing else is touched.
        let names: Vec<&str> = after.iter().map(|(n, _)| n.as_str()).collect();
        let dropped: Vec<String> = before()
            .into_iter()
            .map(|(n, _)| n)
            .filter(|n| !names.contains(&n.as_str()))
            .collect();
        assert_eq!(
            dropped,
            [
                "idx_books_published",
                "idx_books_category_status_access",
                "idx_books_category_access",
                "idx_books_status_access"
            ]
        );
    }
}

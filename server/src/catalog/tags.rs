//! `GET /api/tags`: every tag that some book carries, with how many books carry it.
//! (Its one query lives here rather than in `repository.rs` only to keep this change apart
//! from concurrent work there; it can move in with the other catalogue queries.)
use sea_orm::{
    sea_query::{Expr, ExprTrait},
    ConnectionTrait, DbErr, EntityTrait, JoinType, QuerySelect,
};
use serde::Serialize;

use crate::entities::{book_tag, tag};

/// A tag and the number of books carrying it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TagCount {
    pub id: i32,
    /// The spelling `?tag=` filters on.
    pub name: String,
    pub book_count: u64,
}

/// Tags carried by at least one book, the most used first, then by name.
#[tracing::instrument(skip(db))]
pub async fn tag_counts(db: &impl ConnectionTrait) -> Result<Vec<TagCount>, DbErr> {
    let rows: Vec<(i32, String, i64)> = book_tag::Entity::find()
        .select_only()
        .column(tag::Column::Id)
        .column(tag::Column::Name)
        .column_as(Expr::col(book_tag::Column::BookId).count(), "n")
        .join(
            JoinType::InnerJoin,
            book_tag::Entity::belongs_to(tag::Entity)
                .from(book_tag::Column::TagId)
                .to(tag::Column::Id)
                .into(),
        )
        .group_by(tag::Column::Id)
        .group_by(tag::Column::Name)
        .into_tuple()
        .all(db)
        .await?;
    let mut tags: Vec<TagCount> = rows
        .into_iter()
        .map(|(id, name, n)| TagCount {
            id,
            name,
            book_count: u64::try_from(n).unwrap_or(0),
        })
        .collect();
    tags.sort_by(|a, b| {
        b.book_count
            .cmp(&a.book_count)
            .then_with(|| a.name.cmp(&b.name))
    });
    Ok(tags)
}

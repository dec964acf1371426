//! Ratings and reviews as the API sends them (camelCase JSON).
use serde::{Deserialize, Serialize};

/// The caller's own rating of a book.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyRating {
    pub score: i32,
    pub review: Option<String>,
    /// True when an administrator hid the review from the list (the score still counts).
    pub hidden: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

/// `GET /api/books/{id}/rating`: the caller's rating, null when they have not rated the book.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Mine {
    pub mine: Option<MyRating>,
}

/// A book's aggregate rating after a change.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookRating {
    /// The average score, 0 to 5, one decimal (core's clamp).
    pub rating: f64,
    pub rating_count: i32,
}

/// `PUT` and `DELETE /api/books/{id}/rating`: the caller's rating now and the book's.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RatingSaved {
    pub mine: Option<MyRating>,
    pub book: BookRating,
}

/// Who wrote a review.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reviewer {
    pub name: String,
    pub avatar_url: Option<String>,
}

/// A review in a book's list.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub id: i32,
    pub score: i32,
    pub review: String,
    pub reviewer: Reviewer,
    pub created_at: i64,
    pub updated_at: i64,
}

/// `PUT /api/admin/reviews/{id}/hidden`: whether the review is kept out of the list.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Visibility {
    pub hidden: bool,
}

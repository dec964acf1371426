//! `/api/books/{id}/rating` (the caller's own rating: read, give or change, take back),
//! `/api/books/{id}/reviews` (public, newest first) and `/api/admin/reviews/{id}/hidden`
//! (`manage:books`: hide a review from the list or show it again).
use crate::routes::registry::route;
use axum::{extract::State, Json};
use tingshu_core::{
    auth::{access::Access, kinds::Permission},
    catalog::review::{validate_review, ReviewValidation, ValidateReviewInput},
};

use super::registry::ApiRoutes;
use crate::clock::now_ms;
use crate::{
    accounts::Client,
    auth::SignedIn,
    console::audit::Actor,
    db::retry_conflicts,
    error::{success, ApiError, ApiResult, ErrorBody, Success},
    extract::{Body, Params, PathId, RequestLang},
    paging::{Page, PageParams},
    ratings::{
        self,
        view::{Mine, RatingSaved, Review, Visibility},
    },
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let me = || Access::Authenticated;
    let moderators = || Access::Permission {
        permission: Permission::ManageBooks,
    };
    api.add(me(), route!(get_my_rating))
        .add(me(), route!(rate_book))
        .add(me(), route!(unrate_book))
        .add(Access::Public, route!(list_reviews))
        .add(moderators(), route!(set_review_hidden))
}

/// The caller's rating of a book; `mine` is null when they have not rated it.
#[utoipa::path(get, path = "/books/{id}/rating", tag = "ratings",
    params(("id" = i32, Path, description = "The book's id")),
    responses((status = 200, body = Success<Mine>)))]
#[tracing::instrument(skip_all)]
async fn get_my_rating(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    PathId(book_id): PathId,
) -> ApiResult<Json<Success<Mine>>> {
    let mine = ratings::get_mine(&state.db, caller.user.id, book_id).await?;
    Ok(success(Mine { mine }))
}

/// Rates a book 1–5 with an optional review (again changes it); answers the caller's
/// rating and the book's new average. 400 names the bad field.
#[utoipa::path(put, path = "/books/{id}/rating", tag = "ratings",
    params(("id" = i32, Path, description = "The book's id")),
    request_body = ValidateReviewInput,
    responses((status = 200, body = Success<RatingSaved>),
        (status = 400, description = "A field breaks its rule", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn rate_book(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    SignedIn(caller): SignedIn,
    PathId(book_id): PathId,
    Body(mut input): Body<ValidateReviewInput>,
) -> ApiResult<Json<Success<RatingSaved>>> {
    input.lang = lang;
    let fields = match validate_review(input) {
        ReviewValidation::Valid { review } => review,
        ReviewValidation::Invalid { errors } => return Err(ApiError::invalid_form(&errors, lang)),
    };
    let user_id = caller.user.id;
    let (mine, book) =
        retry_conflicts(|| ratings::rate(&state.db, user_id, book_id, &fields, now_ms())).await?;
    Ok(success(RatingSaved {
        mine: Some(mine),
        book,
    }))
}

/// Takes the caller's rating of a book back (idempotent); answers the book's new average.
#[utoipa::path(delete, path = "/books/{id}/rating", tag = "ratings",
    params(("id" = i32, Path, description = "The book's id")),
    responses((status = 200, body = Success<RatingSaved>)))]
#[tracing::instrument(skip_all)]
async fn unrate_book(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    PathId(book_id): PathId,
) -> ApiResult<Json<Success<RatingSaved>>> {
    let user_id = caller.user.id;
    let book = retry_conflicts(|| ratings::unrate(&state.db, user_id, book_id)).await?;
    Ok(success(RatingSaved { mine: None, book }))
}

/// A page of a book's reviews (those with text and not hidden), newest first.
#[utoipa::path(get, path = "/books/{id}/reviews", tag = "ratings",
    params(("id" = i32, Path, description = "The book's id"), PageParams),
    responses((status = 200, body = Success<Page<Review>>)))]
#[tracing::instrument(skip_all)]
async fn list_reviews(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    PathId(book_id): PathId,
    Params(params): Params<PageParams>,
) -> ApiResult<Json<Success<Page<Review>>>> {
    let paging = params.paging(lang, ratings::DEFAULT_PAGE_SIZE, ratings::MAX_PAGE_SIZE)?;
    Ok(success(ratings::reviews(&state.db, book_id, paging).await?))
}

/// Hides a review from the book's list, or shows it again (audited); its score still counts.
#[utoipa::path(put, path = "/admin/reviews/{id}/hidden", tag = "admin",
    params(("id" = i32, Path, description = "The review's id")),
    request_body = Visibility,
    responses((status = 200, body = Success<Visibility>)))]
#[tracing::instrument(skip_all)]
async fn set_review_hidden(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
    Body(visibility): Body<Visibility>,
) -> ApiResult<Json<Success<Visibility>>> {
    let actor = Actor::new(&caller, &client);
    retry_conflicts(|| ratings::set_hidden(&state.db, &actor, id, visibility.hidden, now_ms()))
        .await?;
    Ok(success(visibility))
}

//! `/api/admin/books*`: the console's books (`manage:books`): the list of every book, one book,
//! creation, changes, deletion and bulk publishing.
use crate::routes::registry::route;
use axum::{extract::State, Json};
use tingshu_core::{
    auth::{access::Access, kinds::Permission},
    catalog::edit::ValidateBookInput,
};

use crate::{
    accounts::Client,
    auth::SignedIn,
    console::{
        audit::Actor,
        books::{self, AdminBookParams, AdminBookQuery},
        view::{AdminBook, AdminBookRow, BulkRequest, BulkResult, CoverRequest},
    },
    error::{success, ApiResult, Nothing, Success},
    extract::{Body, Params, PathId, RequestLang},
    paging::Page,
    routes::registry::ApiRoutes,
    state::AppState,
};

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let books = || Access::Permission {
        permission: Permission::ManageBooks,
    };
    api.add(books(), route!(list_admin_books))
        .add(books(), route!(create_admin_book))
        .add(books(), route!(bulk_admin_books))
        .add(books(), route!(get_admin_book))
        .add(books(), route!(update_admin_book))
        .add(books(), route!(delete_admin_book))
        .add(books(), route!(set_admin_book_cover))
}

/// A page of every book, published or not: searched by title, author or id, filtered, sorted.
#[utoipa::path(get, path = "/admin/books", tag = "admin", params(AdminBookParams),
    responses((status = 200, body = Success<Page<AdminBookRow>>)))]
#[tracing::instrument(skip_all)]
async fn list_admin_books(
    State(state): State<AppState>,
    RequestLang(lang): RequestLang,
    Params(params): Params<AdminBookParams>,
) -> ApiResult<Json<Success<Page<AdminBookRow>>>> {
    let query = AdminBookQuery::parse(params, lang)?;
    Ok(success(
        books::list(state.db.reader(), &state.search, &query).await?,
    ))
}

/// Creates a book (not yet published) from the form; 400 names every bad field.
#[utoipa::path(post, path = "/admin/books", tag = "admin", request_body = ValidateBookInput,
    responses((status = 200, body = Success<AdminBook>)))]
#[tracing::instrument(skip_all)]
async fn create_admin_book(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    Body(input): Body<ValidateBookInput>,
) -> ApiResult<Json<Success<AdminBook>>> {
    let actor = Actor::new(&caller, &client);
    Ok(success(
        books::create(&state.console, &actor, input, client.lang).await?,
    ))
}

/// Publishes, unpublishes or deletes up to 500 books at once.
#[utoipa::path(post, path = "/admin/books/bulk", tag = "admin", request_body = BulkRequest,
    responses((status = 200, body = Success<BulkResult>)))]
#[tracing::instrument(skip_all)]
async fn bulk_admin_books(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    Body(request): Body<BulkRequest>,
) -> ApiResult<Json<Success<BulkResult>>> {
    let actor = Actor::new(&caller, &client);
    Ok(success(
        books::bulk(&state.console, &actor, request, client.lang).await?,
    ))
}

/// One book with every field an editor sets.
#[utoipa::path(get, path = "/admin/books/{id}", tag = "admin",
    params(("id" = i32, Path, description = "The book's id")),
    responses((status = 200, body = Success<AdminBook>)))]
#[tracing::instrument(skip_all)]
async fn get_admin_book(
    State(state): State<AppState>,
    PathId(id): PathId,
) -> ApiResult<Json<Success<AdminBook>>> {
    Ok(success(books::get(state.db.reader(), id).await?))
}

/// Changes a book to the form; 400 names every bad field.
#[utoipa::path(put, path = "/admin/books/{id}", tag = "admin",
    params(("id" = i32, Path, description = "The book's id")),
    request_body = ValidateBookInput,
    responses((status = 200, body = Success<AdminBook>)))]
#[tracing::instrument(skip_all)]
async fn update_admin_book(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
    Body(input): Body<ValidateBookInput>,
) -> ApiResult<Json<Success<AdminBook>>> {
    let actor = Actor::new(&caller, &client);
    Ok(success(
        books::update(&state.console, &actor, id, input, client.lang).await?,
    ))
}

/// Deletes a book with its chapters and every listener's shelf entries and progress for it.
#[utoipa::path(delete, path = "/admin/books/{id}", tag = "admin",
    params(("id" = i32, Path, description = "The book's id")),
    responses((status = 200, body = Success<Nothing>)))]
#[tracing::instrument(skip_all)]
async fn delete_admin_book(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
) -> ApiResult<Json<Success<Nothing>>> {
    let actor = Actor::new(&caller, &client);
    books::delete(&state.console, &actor, id).await?;
    Ok(success(Nothing))
}

/// Makes the book's cover from an uploaded image (the server makes and stores the standard
/// sizes), or removes it with `assetId: null`.
#[utoipa::path(put, path = "/admin/books/{id}/cover", tag = "admin",
    params(("id" = i32, Path, description = "The book's id")),
    request_body = CoverRequest,
    responses((status = 200, body = Success<AdminBook>)))]
#[tracing::instrument(skip_all)]
async fn set_admin_book_cover(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    client: Client,
    PathId(id): PathId,
    Body(request): Body<CoverRequest>,
) -> ApiResult<Json<Success<AdminBook>>> {
    let actor = Actor::new(&caller, &client);
    Ok(success(
        books::set_cover(&state.console, &actor, id, request.asset_id, client.lang).await?,
    ))
}

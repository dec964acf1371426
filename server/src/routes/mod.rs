//! The HTTP surface: the API route table, health, translations, and the app as the fallback.
use std::sync::Arc;

use axum::{extract::OriginalUri, http::Method, Router};

use utoipa_swagger_ui::{Config, SwaggerUi};

use crate::{
    error::{ApiError, Missing},
    state::AppState,
};

pub mod admin;
pub mod anti_crawler;
pub mod audio;
pub mod auth;
pub mod behavior;
pub mod catalog;
pub mod constraints;
pub mod contract;
pub mod covers;
pub mod feedback;
pub mod first_data;
pub mod health;
pub mod i18n;
pub mod library;
pub mod metrics;
pub mod page_files;
pub mod page_frame;
pub mod page_meta;
pub mod password_reset;
pub mod payments;
pub mod people;
pub mod ratings;
pub mod registry;
pub mod search;
pub mod site;
pub mod spa;

use registry::{ApiDocument, ApiParts, ApiRoutes, RouteEntry};

/// Largest JSON body any API endpoint reads (uploads stream through their own endpoints);
/// the edge sets it for every request.
pub const API_BODY_LIMIT: usize = 32 * 1024;

/// Every `/api` route, each with its access requirement, and their OpenAPI document; with
/// no state, the table and document only.
pub fn api(state: Option<AppState>) -> ApiParts {
    let api = ApiRoutes::new(state);
    let api = feedback::routes(api);
    let api = site::routes(api);
    let api = auth::routes(api);
    let api = password_reset::routes(api);
    let api = admin::routes(api);
    let api = catalog::routes(api);
    let api = library::routes(api);
    let api = ratings::routes(api);
    let api = people::routes(api);
    let api = search::routes(api);
    let api = audio::routes(api);
    let api = covers::routes(api);
    let api = payments::routes(api);
    let api = behavior::routes(api);
    let api = anti_crawler::routes(api);
    api.into_parts()
}

/// Every route of the server, with the app's files as the fallback; also the API route table.
/// The OpenAPI document is served at `/api/openapi.json`, its reference page at `/api/docs`.
pub fn router(state: AppState) -> (Router, Vec<RouteEntry>) {
    let ApiParts {
        router: api,
        table,
        document,
    } = api(Some(state.clone()));
    let api = api
        .fallback(api_not_found)
        .method_not_allowed_fallback(api_method_not_allowed);
    let router = Router::new()
        .merge(health::router())
        .merge(i18n::router())
        .merge(metrics::router(state.config.metrics_token.clone()))
        .route("/api/openapi.json", serve_document(document))
        .merge(SwaggerUi::new("/api/docs").config(Config::from("/api/openapi.json")))
        .nest("/api", api)
        .fallback_service(spa::service(state.config.static_dir.as_deref()).layer(
            axum::middleware::from_fn_with_state(
                (
                    state.clone(),
                    Arc::new(page_files::FirstPageFiles::of_build(
                        state.config.static_dir.as_deref(),
                    )),
                    Arc::new(page_frame::PageFrames::of(&state.catalogues)),
                ),
                page_meta::describe,
            ),
        ))
        .with_state(state);
    (router, table)
}

/// Serves `document` as JSON, built and written once, on its first request: a start builds
/// none of it (the handlers' operations and schemas touch memory and code that serving never
/// uses again), and the document's structures are dropped once written.
fn serve_document<S: Clone + Send + Sync + 'static>(
    document: ApiDocument,
) -> axum::routing::MethodRouter<S> {
    let json: Arc<tokio::sync::OnceCell<axum::body::Bytes>> = Arc::default();
    axum::routing::get(move || {
        let (json, document) = (json.clone(), document.clone());
        async move {
            let json = json
                .get_or_init(|| async move {
                    tokio::task::spawn_blocking(move || {
                        axum::body::Bytes::from(
                            serde_json::to_vec(&document.build())
                                .expect("the OpenAPI document serialises"),
                        )
                    })
                    .await
                    .expect("the OpenAPI document is built")
                })
                .await
                .clone();
            (
                [(axum::http::header::CONTENT_TYPE, "application/json")],
                json,
            )
        }
    })
}

/// The API's OpenAPI document, as `/api/openapi.json` serves it.
pub fn openapi_document() -> utoipa::openapi::OpenApi {
    api(None).document.build()
}

/// Unknown `/api/*` routes answer with the JSON error body, never with the app's page.
async fn api_not_found(method: Method, OriginalUri(uri): OriginalUri) -> ApiError {
    ApiError::NotFound(Missing::Route {
        method: method.to_string(),
        path: uri.path().to_owned(),
    })
}

async fn api_method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed
}

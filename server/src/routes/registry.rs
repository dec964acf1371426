//! The API's route table: every route is added with its access requirement, which the
//! access middleware enforces, the route × role test walks and the OpenAPI document states.
//! A handler's method, path, parameters and answers come from its `#[utoipa::path]`.
use axum::{
    extract::Request,
    http::{header, HeaderValue, Method},
    middleware::{self, Next},
    response::Response,
    routing::MethodRouter,
    Router,
};
use tingshu_core::auth::access::Access;
use utoipa::openapi::{
    path::{Operation, PathItem},
    OpenApi,
};
use utoipa_axum::router::UtoipaMethodRouter;

use super::contract;
use crate::{auth::middleware::require_access, state::AppState};

/// One registered API route.
#[derive(Debug, Clone)]
pub struct RouteEntry {
    pub method: Method,
    /// The path under `/api`, as written in the router (`/auth/me`, `/books/{id}`).
    pub path: String,
    pub access: Access,
}

/// Builds the `/api` router, remembers what it registered and documents it. Without a
/// state it only documents (`tingshu openapi`): the router stays empty.
pub struct ApiRoutes {
    state: Option<AppState>,
    router: Router<AppState>,
    table: Vec<RouteEntry>,
    document: OpenApi,
}

/// The parts [`ApiRoutes`] built: the router, its table and its OpenAPI document.
pub struct ApiParts {
    pub router: Router<AppState>,
    pub table: Vec<RouteEntry>,
    pub document: OpenApi,
}

impl ApiRoutes {
    pub fn new(state: Option<AppState>) -> Self {
        Self {
            state,
            router: Router::new(),
            table: Vec::new(),
            document: contract::document(),
        }
    }

    /// Adds one documented handler (`utoipa_axum::routes!(handler)`) behind the access
    /// middleware with `access`.
    pub fn add(self, access: Access, route: UtoipaMethodRouter<AppState>) -> Self {
        self.push(access, route, |route| route)
    }

    /// Like [`add`](Self::add), for endpoints `navigator.sendBeacon` calls: it cannot set
    /// headers, so an access token in `?token=` stands for the `Authorization` header
    /// (only when that header is absent, and only on these routes).
    pub fn add_beacon(self, access: Access, route: UtoipaMethodRouter<AppState>) -> Self {
        self.push(access, route, |route| {
            route.route_layer(middleware::from_fn(bearer_from_query))
        })
    }

    /// Like [`add_beacon`](Self::add_beacon), for media an `<audio>` element fetches itself
    /// (it cannot set headers either): `?token=` stands for the `Authorization` header.
    pub fn add_media(self, access: Access, route: UtoipaMethodRouter<AppState>) -> Self {
        self.add_beacon(access, route)
    }

    fn push(
        mut self,
        access: Access,
        (schemas, paths, route): UtoipaMethodRouter<AppState>,
        layer: impl FnOnce(MethodRouter<AppState>) -> MethodRouter<AppState>,
    ) -> Self {
        let mut documented = paths.paths.into_iter();
        let (path, mut item) = documented.next().expect("a handler with #[utoipa::path]");
        assert!(documented.next().is_none(), "one handler per route");
        let (method, operation) = only_operation(&mut item, &path);
        contract::describe_access(operation, &access, &path);
        if let Some(state) = &self.state {
            let route = layer(route.route_layer(middleware::from_fn_with_state(
                (state.clone(), access.clone()),
                require_access,
            )));
            self.router = self.router.route(&path, route);
        }
        let components = self
            .document
            .components
            .get_or_insert_with(Default::default);
        components.schemas.extend(schemas);
        self.document
            .paths
            .paths
            .entry(format!("/api{path}"))
            .or_default()
            .merge_operations(item);
        self.table.push(RouteEntry {
            method,
            path,
            access,
        });
        self
    }

    /// The parts, with the rules the server enforces written into the document.
    pub fn into_parts(mut self) -> ApiParts {
        let unmatched = super::constraints::state(&mut self.document);
        assert!(
            unmatched.is_empty(),
            "constraints naming nothing in the API document: {unmatched:?}"
        );
        ApiParts {
            router: self.router,
            table: self.table,
            document: self.document,
        }
    }
}

/// The one operation a handler documents, and its method.
fn only_operation<'a>(item: &'a mut PathItem, path: &str) -> (Method, &'a mut Operation) {
    let operations = [
        (Method::GET, &mut item.get),
        (Method::PUT, &mut item.put),
        (Method::POST, &mut item.post),
        (Method::DELETE, &mut item.delete),
        (Method::PATCH, &mut item.patch),
        (Method::HEAD, &mut item.head),
    ];
    let mut found = operations
        .into_iter()
        .filter_map(|(method, operation)| operation.as_mut().map(|op| (method, op)));
    let first = found
        .next()
        .unwrap_or_else(|| panic!("{path}: no GET, PUT, POST, DELETE, PATCH or HEAD operation"));
    assert!(found.next().is_none(), "{path}: one method per handler");
    first
}

/// Copies `?token=<access token>` into `Authorization: Bearer` when the header is absent.
async fn bearer_from_query(mut request: Request, next: Next) -> Response {
    if !request.headers().contains_key(header::AUTHORIZATION) {
        let token = request.uri().query().and_then(|query| {
            query
                .split('&')
                .filter_map(|pair| pair.split_once('='))
                .find(|(name, _)| *name == "token")
                .map(|(_, value)| value.to_owned())
        });
        // Access tokens are base64url JWTs: no percent-encoding to undo.
        if let Some(value) = token.and_then(|t| HeaderValue::from_str(&format!("Bearer {t}")).ok())
        {
            request.headers_mut().insert(header::AUTHORIZATION, value);
        }
    }
    next.run(request).await
}

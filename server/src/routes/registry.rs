//! The API's route table: every route is added with its access requirement, which the
//! access middleware enforces, the route × role test walks and the OpenAPI document states.
//! A handler's method, path, parameters and answers come from its `#[utoipa::path]`.
use std::sync::Arc;

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
    path::{HttpMethod, Operation, PathItem},
    OpenApi, RefOr, Schema,
};

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

/// One handler with `#[utoipa::path]`, as [`route!`] makes it: the route now, the handler's
/// documentation only when the OpenAPI document is built.
pub struct DocumentedRoute {
    /// The path under `/api`, as written in the handler's `#[utoipa::path]`.
    pub path: String,
    pub methods: Vec<HttpMethod>,
    pub route: MethodRouter<AppState>,
    /// The handler's operation (its tags in it) and the schemas it names.
    pub describe: fn() -> (Operation, Schemas),
}

/// The schemas an operation names, by name.
pub type Schemas = Vec<(String, RefOr<Schema>)>;

/// `route!(handler)`: the handler's route and, for later, its documentation. Unlike
/// `utoipa_axum::routes!`, the operation and its schemas are not built while the router is:
/// only the OpenAPI document needs them, and building them at every start took memory and
/// touched code a serving process never uses again.
macro_rules! route {
    ($handler:ident) => {
        utoipa_axum::paste! {{
            use utoipa_axum::PathItemExt as _;
            let methods = <[<__path_ $handler>] as utoipa::Path>::methods();
            let route = methods
                .iter()
                .fold(axum::routing::MethodRouter::new(), |route, method| {
                    route.on(method.to_method_filter(), $handler)
                });
            $crate::routes::registry::DocumentedRoute {
                path: <[<__path_ $handler>] as utoipa::Path>::path(),
                methods,
                route,
                describe: || {
                    let mut operation = <[<__path_ $handler>] as utoipa::Path>::operation();
                    let tags = <[<__path_ $handler>] as utoipa::__dev::Tags>::tags();
                    if !tags.is_empty() {
                        operation
                            .tags
                            .get_or_insert_with(Vec::new)
                            .extend(tags.iter().map(ToString::to_string));
                    }
                    let mut schemas = Vec::new();
                    <[<__path_ $handler>] as utoipa::__dev::SchemaReferences>::schemas(
                        &mut schemas,
                    );
                    (operation, schemas)
                },
            }
        }}
    };
}
pub(crate) use route;

/// Builds the `/api` router and remembers what it registered, for its table and its OpenAPI
/// document. Without a state it only remembers (`tingshu openapi`): the router stays empty.
pub struct ApiRoutes {
    state: Option<AppState>,
    router: Router<AppState>,
    table: Vec<RouteEntry>,
    described: Vec<Described>,
}

/// A registered route as the document describes it.
#[derive(Clone)]
struct Described {
    method: HttpMethod,
    path: String,
    access: Access,
    describe: fn() -> (Operation, Schemas),
}

/// The parts [`ApiRoutes`] built: the router, its table and its OpenAPI document (built when
/// asked for).
pub struct ApiParts {
    pub router: Router<AppState>,
    pub table: Vec<RouteEntry>,
    pub document: ApiDocument,
}

/// The API's OpenAPI document, built from the registered routes when asked for.
#[derive(Clone)]
pub struct ApiDocument {
    routes: Arc<[Described]>,
}

impl ApiDocument {
    /// The document, with the rules the server enforces written into it.
    pub fn build(&self) -> OpenApi {
        let mut document = contract::document();
        for route in self.routes.iter() {
            let (mut operation, schemas) = (route.describe)();
            contract::describe_access(&mut operation, &route.access, &route.path);
            document
                .components
                .get_or_insert_with(Default::default)
                .schemas
                .extend(schemas);
            document
                .paths
                .paths
                .entry(format!("/api{}", route.path))
                .or_default()
                .merge_operations(PathItem::new(route.method.clone(), operation));
        }
        let unmatched = super::constraints::state(&mut document);
        assert!(
            unmatched.is_empty(),
            "constraints naming nothing in the API document: {unmatched:?}"
        );
        document
    }
}

impl ApiRoutes {
    pub fn new(state: Option<AppState>) -> Self {
        Self {
            state,
            router: Router::new(),
            table: Vec::new(),
            described: Vec::new(),
        }
    }

    /// Adds one documented handler (`route!(handler)`) behind the access middleware with
    /// `access`.
    pub fn add(self, access: Access, route: DocumentedRoute) -> Self {
        self.push(access, route, |route| route)
    }

    /// Like [`add`](Self::add), for endpoints `navigator.sendBeacon` calls: it cannot set
    /// headers, so an access token in `?token=` stands for the `Authorization` header
    /// (only when that header is absent, and only on these routes).
    pub fn add_beacon(self, access: Access, route: DocumentedRoute) -> Self {
        self.push(access, route, |route| {
            route.route_layer(middleware::from_fn(bearer_from_query))
        })
    }

    /// Like [`add_beacon`](Self::add_beacon), for media an `<audio>` element fetches itself
    /// (it cannot set headers either): `?token=` stands for the `Authorization` header.
    pub fn add_media(self, access: Access, route: DocumentedRoute) -> Self {
        self.add_beacon(access, route)
    }

    fn push(
        mut self,
        access: Access,
        route: DocumentedRoute,
        layer: impl FnOnce(MethodRouter<AppState>) -> MethodRouter<AppState>,
    ) -> Self {
        let DocumentedRoute {
            path,
            methods,
            route,
            describe,
        } = route;
        let [documented] = methods.as_slice() else {
            panic!("{path}: one method per handler, not {}", methods.len())
        };
        let method = method_of(documented, &path);
        if let Some(state) = &self.state {
            let route = layer(route.route_layer(middleware::from_fn_with_state(
                (state.clone(), access.clone()),
                require_access,
            )));
            self.router = self.router.route(&path, route);
        }
        self.described.push(Described {
            method: documented.clone(),
            path: path.clone(),
            access: access.clone(),
            describe,
        });
        self.table.push(RouteEntry {
            method,
            path,
            access,
        });
        self
    }

    /// The parts.
    pub fn into_parts(self) -> ApiParts {
        ApiParts {
            router: self.router,
            table: self.table,
            document: ApiDocument {
                routes: self.described.into(),
            },
        }
    }
}

/// The HTTP method of a documented one.
fn method_of(method: &HttpMethod, path: &str) -> Method {
    match method {
        HttpMethod::Get => Method::GET,
        HttpMethod::Put => Method::PUT,
        HttpMethod::Post => Method::POST,
        HttpMethod::Delete => Method::DELETE,
        HttpMethod::Patch => Method::PATCH,
        HttpMethod::Head => Method::HEAD,
        HttpMethod::Options | HttpMethod::Trace => {
            panic!("{path}: OPTIONS and TRACE are not methods the API uses")
        }
    }
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

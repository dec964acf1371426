//! The API's route table: every route is added with its access requirement, which the
//! access middleware enforces and the route × role test walks.
use axum::{
    extract::Request,
    http::{header, HeaderValue, Method},
    middleware::{self, Next},
    response::Response,
    routing::{on, MethodFilter, MethodRouter},
    Router,
};
use tingshu_core::auth::access::Access;

use crate::{auth::middleware::require_access, state::AppState};

/// One registered API route.
#[derive(Debug, Clone)]
pub struct RouteEntry {
    pub method: Method,
    /// The path under `/api`, as written in the router (`/auth/me`, `/books/{id}`).
    pub path: &'static str,
    pub access: Access,
}

/// Builds the `/api` router and remembers what it registered.
pub struct ApiRoutes {
    state: AppState,
    router: Router<AppState>,
    table: Vec<RouteEntry>,
}

impl ApiRoutes {
    pub fn new(state: AppState) -> Self {
        Self {
            state,
            router: Router::new(),
            table: Vec::new(),
        }
    }

    /// Adds `handler` for `method path`, behind the access middleware with `access`.
    pub fn add<H, T>(self, method: Method, path: &'static str, access: Access, handler: H) -> Self
    where
        H: axum::handler::Handler<T, AppState>,
        T: 'static,
    {
        let route = self.guarded(&method, &access, handler);
        self.push(method, path, access, route)
    }

    /// Like [`add`](Self::add), for endpoints `navigator.sendBeacon` calls: it cannot set
    /// headers, so an access token in `?token=` stands for the `Authorization` header
    /// (only when that header is absent, and only on these routes).
    pub fn add_beacon<H, T>(
        self,
        method: Method,
        path: &'static str,
        access: Access,
        handler: H,
    ) -> Self
    where
        H: axum::handler::Handler<T, AppState>,
        T: 'static,
    {
        let route = self
            .guarded(&method, &access, handler)
            .route_layer(middleware::from_fn(bearer_from_query));
        self.push(method, path, access, route)
    }

    fn guarded<H, T>(&self, method: &Method, access: &Access, handler: H) -> MethodRouter<AppState>
    where
        H: axum::handler::Handler<T, AppState>,
        T: 'static,
    {
        let filter = MethodFilter::try_from(method.clone()).expect("an HTTP method axum can route");
        on(filter, handler).route_layer(middleware::from_fn_with_state(
            (self.state.clone(), access.clone()),
            require_access,
        ))
    }

    fn push(
        mut self,
        method: Method,
        path: &'static str,
        access: Access,
        route: MethodRouter<AppState>,
    ) -> Self {
        self.router = self.router.route(path, route);
        self.table.push(RouteEntry {
            method,
            path,
            access,
        });
        self
    }

    pub fn into_parts(self) -> (Router<AppState>, Vec<RouteEntry>) {
        (self.router, self.table)
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

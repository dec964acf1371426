//! The API's route table: every route is added with its access requirement, which the
//! access middleware enforces and the route × role test walks.
use axum::{
    http::Method,
    middleware,
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
    pub fn add<H, T>(
        mut self,
        method: Method,
        path: &'static str,
        access: Access,
        handler: H,
    ) -> Self
    where
        H: axum::handler::Handler<T, AppState>,
        T: 'static,
    {
        let filter = MethodFilter::try_from(method.clone()).expect("an HTTP method axum can route");
        let route: MethodRouter<AppState> = on(filter, handler).route_layer(
            middleware::from_fn_with_state((self.state.clone(), access.clone()), require_access),
        );
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

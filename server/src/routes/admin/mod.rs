//! `/api/admin/*`: the administration console's endpoints, each behind an admin permission.
pub mod security;

use super::registry::ApiRoutes;

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    security::routes(api)
}

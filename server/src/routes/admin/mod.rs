//! `/api/admin/*`: the administration console's endpoints, each behind an admin permission.
pub mod books;
pub mod categories;
pub mod chapters;
pub mod security;
pub mod uploads;

use super::registry::ApiRoutes;

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let api = books::routes(api);
    let api = categories::routes(api);
    let api = chapters::routes(api);
    let api = uploads::routes(api);
    security::routes(api)
}

//! `/api/admin/*`: the administration console's endpoints, each behind an admin permission.
pub mod books;
pub mod categories;
pub mod chapters;
pub mod files;
pub mod orders;
pub mod security;
pub mod storage;
pub mod transfer;
pub mod uploads;

use super::registry::ApiRoutes;

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let api = books::routes(api);
    let api = categories::routes(api);
    let api = chapters::routes(api);
    let api = files::routes(api);
    let api = orders::routes(api);
    let api = storage::routes(api);
    let api = transfer::routes(api);
    let api = uploads::routes(api);
    security::routes(api)
}

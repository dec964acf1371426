//! `/api/admin/*`: the administration console's endpoints, each behind an admin permission.
pub mod ads;
pub mod analytics;
pub mod books;
pub mod categories;
pub mod chapters;
pub mod files;
pub mod logs;
pub mod orders;
pub mod promotions;
pub mod reports;
pub mod roles;
pub mod security;
pub mod settings;
pub mod storage;
pub mod transfer;
pub mod uploads;
pub mod users;

use super::registry::ApiRoutes;

pub fn routes(api: ApiRoutes) -> ApiRoutes {
    let api = books::routes(api);
    let api = categories::routes(api);
    let api = chapters::routes(api);
    let api = files::routes(api);
    let api = logs::routes(api);
    let api = orders::routes(api);
    let api = roles::routes(api);
    let api = storage::routes(api);
    let api = transfer::routes(api);
    let api = uploads::routes(api);
    let api = users::routes(api);
    let api = settings::routes(api);
    let api = promotions::routes(api);
    let api = ads::routes(api);
    let api = analytics::routes(api);
    let api = reports::routes(api);
    security::routes(api)
}

//! The OpenAPI document of the API: its frame (title, bearer scheme, error shape) and what
//! every operation says about access and the errors any route may answer with.
use tingshu_core::auth::access::Access;
use utoipa::{
    openapi::{
        path::{Operation, ParameterIn},
        security::{HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme},
        Components, ContentBuilder, Info, OpenApi, Ref, RefOr, ResponseBuilder,
    },
    PartialSchema, ToSchema,
};

use super::first_data::FirstData;
use crate::error::ErrorBody;

/// Name of the bearer scheme in `components.securitySchemes`.
pub const BEARER: &str = "bearer";
/// The extension that states a route's access requirement as `Access` JSON.
pub const ACCESS_EXTENSION: &str = "x-access";

/// The error answers routes share, by component name: (status, name, description).
const ERRORS: [(&str, &str, &str); 8] = [
    (
        "400",
        "BadRequest",
        "The input broke a rule; `fields` names each bad field.",
    ),
    ("401", "Unauthenticated", "No valid access token."),
    ("403", "Forbidden", "Signed in, but not allowed."),
    ("404", "NotFound", "No such resource."),
    (
        "413",
        "PayloadTooLarge",
        "The body is larger than the endpoint accepts.",
    ),
    (
        "415",
        "UnsupportedMediaType",
        "The body is not sent as `application/json`.",
    ),
    (
        "500",
        "Internal",
        "Something went wrong on the server's side.",
    ),
    (
        "503",
        "Unavailable",
        "A dependency is unavailable or busy; retry shortly.",
    ),
];

/// The document before any route is added.
pub fn document() -> OpenApi {
    let mut info = Info::new("Tingshu API", env!("CARGO_PKG_VERSION"));
    info.description = Some(
        "Every answer is `{success: true, data}`; every error the `Error` body. \
         `x-access` states who may call an operation."
            .into(),
    );
    let mut components = Components::new();
    components.security_schemes.insert(
        BEARER.into(),
        RefOr::T(SecurityScheme::Http(
            HttpBuilder::new()
                .scheme(HttpAuthScheme::Bearer)
                .bearer_format("JWT")
                .build(),
        )),
    );
    components
        .schemas
        .insert(ErrorBody::name().into_owned(), ErrorBody::schema());
    // Sent in page shells rather than by an endpoint; described here so the app's type of it
    // comes from the same contract.
    let mut first_data = vec![(FirstData::name().into_owned(), FirstData::schema())];
    FirstData::schemas(&mut first_data);
    components.schemas.extend(first_data);
    for (_, name, description) in ERRORS {
        let response = ResponseBuilder::new()
            .description(description)
            .content(
                "application/json",
                ContentBuilder::new()
                    .schema(Some(Ref::from_schema_name(ErrorBody::name())))
                    .build(),
            )
            .build();
        components.responses.insert(name.into(), RefOr::T(response));
    }
    let mut document = OpenApi::new(info, utoipa::openapi::Paths::new());
    document.components = Some(components);
    document
}

/// States `access` on the operation (security and `x-access`) and adds the error answers
/// its access, path parameters, query and body make possible, unless it states them itself.
pub fn describe_access(operation: &mut Operation, access: &Access, path: &str) {
    let bearer = SecurityRequirement::new(BEARER, Vec::<String>::new());
    operation.security = Some(match access {
        // A guest may call it; a signed-in caller's token adds their own state.
        Access::Public => vec![SecurityRequirement::default(), bearer],
        _ => vec![bearer],
    });
    let extensions = operation.extensions.get_or_insert_with(Default::default);
    extensions.insert(
        ACCESS_EXTENSION.into(),
        serde_json::to_value(access).expect("Access is JSON"),
    );

    let has_query =
        operation.parameters.iter().flatten().any(
            |parameter| matches!(parameter, RefOr::T(p) if p.parameter_in == ParameterIn::Query),
        );
    let has_body = operation.request_body.is_some();
    let in_path = path.contains('{');
    let statuses = [
        ("400", in_path || has_query || has_body),
        ("401", *access != Access::Public),
        // A disabled account is refused on every guarded route, besides the role checks.
        ("403", *access != Access::Public),
        ("404", in_path),
        ("413", has_body),
        ("415", has_body),
        ("500", true),
        ("503", true),
    ];
    // OpenAPI requires a description on every answer; a handler's own may be left out.
    for (status, response) in operation.responses.responses.iter_mut() {
        if let RefOr::T(response) = response {
            if response.description.is_empty() {
                response.description = status
                    .parse::<axum::http::StatusCode>()
                    .ok()
                    .and_then(|code| code.canonical_reason())
                    .unwrap_or("The answer")
                    .to_owned();
            }
        }
    }
    for (status, applies) in statuses {
        if !applies || operation.responses.responses.contains_key(status) {
            continue;
        }
        let (_, name, _) = ERRORS
            .iter()
            .find(|(code, _, _)| *code == status)
            .expect("a shared error answer");
        operation
            .responses
            .responses
            .insert(status.into(), RefOr::Ref(Ref::from_response_name(*name)));
    }
}

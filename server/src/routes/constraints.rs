//! The rules the server enforces, written into the OpenAPI document: request body fields from
//! core's contract (`tingshu_core::contract`), query and path parameters from the constants
//! the handlers check them with. A fuzzer then generates input that passes validation and
//! reaches the handlers; a client generator learns the bounds.
use tingshu_core::{
    auth::{account_state::AccountStatus, kinds::UserType},
    catalog::{
        edit::PRICE_MAX_MINOR,
        query::{BOOK_ACCESS, BOOK_STATUSES, MAX_PAGE},
    },
    contract::{self, one_of, Constraint, FieldContract},
    feedback::FeedbackCategory,
    format::currency::Currency,
    payments::order::{OrderKind, OrderState},
    routing::redirect::{LOCAL_PATH_PATTERN, REDIRECT_MAX_CHARS},
    spelling::Spelling,
    tracking::event::{required_fields, BehaviorKind},
};
use utoipa::openapi::{
    path::Operation,
    schema::{AllOfBuilder, ArrayItems, ObjectBuilder, OneOfBuilder, SchemaType},
    Array, Object, OpenApi, RefOr, Required, Schema, Type,
};

use crate::{
    activity, analytics, catalog, console, covers::CoverSize, library, paging, payments,
    people_admin, promotions, ratings, search,
};

/// A parameter's rules: of every operation that has it (`path` `None`), or of one path's.
pub struct ParamContract {
    pub path: Option<&'static str>,
    pub name: &'static str,
    pub rules: Vec<Constraint>,
}

/// The largest page of each list endpoint, by path.
fn page_sizes() -> Vec<(&'static str, u64)> {
    vec![
        ("/api/limited-free", catalog::BOOKS_MAX_PAGE_SIZE),
        ("/api/books/{id}/chapters", catalog::CHAPTERS_MAX_PAGE_SIZE),
        ("/api/books/{id}/reviews", ratings::MAX_PAGE_SIZE),
        ("/api/me/bookshelf", library::MAX_PAGE_SIZE),
        ("/api/me/favorites", library::MAX_PAGE_SIZE),
        ("/api/me/history", library::MAX_PAGE_SIZE),
        ("/api/me/orders", payments::orders::LIST_MAX_PAGE_SIZE),
        ("/api/admin/orders", payments::orders::LIST_MAX_PAGE_SIZE),
        ("/api/admin/feedback", analytics::feedback::MAX_PAGE_SIZE),
        ("/api/admin/promotions", promotions::LIST_MAX_PAGE_SIZE),
        (
            "/api/admin/security/revoked-sessions",
            activity::security::REVOKED_MAX_PAGE_SIZE,
        ),
    ]
}

/// The rules of the body fields the server checks itself (core's [`contract::fields`] has
/// the forms core validates).
pub fn server_fields() -> Vec<FieldContract> {
    let field = |schema, field, rules| FieldContract {
        schema,
        field,
        rules,
    };
    let ids = |max: usize| {
        vec![
            Constraint::Required,
            Constraint::Items { min: 1, max },
            Constraint::Each(Box::new(contract::id())),
        ]
    };
    let seconds = || {
        vec![
            Constraint::Required,
            Constraint::Number {
                min: 0.0,
                max: library::MAX_PROGRESS_SECS,
            },
        ]
    };
    let price = || {
        vec![Constraint::Whole {
            min: 0,
            max: PRICE_MAX_MINOR as i64,
        }]
    };
    vec![
        // `library::ProgressReport::try_from`
        field("ProgressBody", "positionSecs", seconds()),
        field("ProgressBody", "durationSecs", seconds()),
        field(
            "ProgressBody",
            "updatedAt",
            vec![
                Constraint::Required,
                Constraint::Whole {
                    min: 1,
                    max: i64::MAX,
                },
            ],
        ),
        // `console::books::bulk`, `console::chapters::{bulk, add_batch}`
        field("BulkRequest", "ids", ids(console::books::BULK_MAX)),
        field(
            "ChapterBulk",
            "chapterIds",
            ids(console::chapters::CHAPTERS_MAX),
        ),
        field("ChapterBulk", "priceCny", price()),
        field("ChapterBulk", "priceUsd", price()),
        field("ChapterBulk", "priceJpy", price()),
        field(
            "ChapterOrder",
            "chapterIds",
            ids(console::chapters::CHAPTERS_MAX),
        ),
        field(
            "ChapterBatch",
            "chapters",
            vec![
                Constraint::Required,
                Constraint::Items {
                    min: 1,
                    max: console::chapters::CHAPTERS_MAX,
                },
            ],
        ),
        // `payments::orders` and the downloads grant
        field("DownloadRequest", "bookId", vec![contract::id()]),
        field(
            "DownloadRequest",
            "chapterIds",
            vec![Constraint::Each(Box::new(contract::id()))],
        ),
        field(
            "CreateOrder",
            "redirect",
            vec![
                Constraint::Pattern(LOCAL_PATH_PATTERN),
                Constraint::Chars {
                    min: 0,
                    max: REDIRECT_MAX_CHARS,
                },
            ],
        ),
        // `routes::payments::sandbox_checkout_answer`
        field(
            "SandboxAnswer",
            "action",
            vec![
                Constraint::Required,
                one_of(&super::payments::SANDBOX_ACTIONS),
            ],
        ),
        field("CreateOrder", "bookId", vec![contract::id()]),
        field("CreateOrder", "chapterId", vec![contract::id()]),
        field("PlanInput", "priceCny", price()),
        field("PlanInput", "priceUsd", price()),
        field("PlanInput", "priceJpy", price()),
        field("CoverRequest", "assetId", vec![contract::id()]),
    ]
}

/// Every query and path parameter's rules beyond what its type states.
pub fn params() -> Vec<ParamContract> {
    let every = |name, rules| ParamContract {
        path: None,
        name,
        rules,
    };
    let at = |path, name, rules| ParamContract {
        path: Some(path),
        name,
        rules,
    };
    let currencies: Vec<&str> = Currency::ALL.iter().map(|c| c.as_str()).collect();
    let feedback_categories: Vec<&str> = FeedbackCategory::ALL.iter().map(|c| c.as_str()).collect();
    let cover_sizes = CoverSize::ALL.map(CoverSize::as_str);
    let mut all = vec![
        every("id", vec![contract::id()]),
        at(
            "/api/covers/{id}/{size}",
            "size",
            vec![one_of(&cover_sizes)],
        ),
        every(
            "page",
            vec![Constraint::Whole {
                min: 1,
                max: MAX_PAGE as i64,
            }],
        ),
        at("/api/books", "status", vec![one_of(&BOOK_STATUSES)]),
        at("/api/search", "status", vec![one_of(&BOOK_STATUSES)]),
        at("/api/admin/books", "status", vec![one_of(&BOOK_STATUSES)]),
        at(
            "/api/admin/feedback",
            "status",
            vec![one_of(&analytics::feedback::STATUS_FILTERS)],
        ),
        at(
            "/api/admin/feedback",
            "category",
            vec![one_of(&feedback_categories)],
        ),
        at(
            "/api/admin/promotions",
            "status",
            vec![one_of(&promotions::STATUS_FILTERS)],
        ),
        at(
            "/api/admin/users",
            "status",
            vec![contract::spellings::<AccountStatus>()],
        ),
        at(
            "/api/admin/users",
            "type",
            vec![contract::spellings::<UserType>()],
        ),
        at(
            "/api/admin/users",
            "membership",
            vec![one_of(&people_admin::list::MEMBERSHIPS)],
        ),
        at(
            "/api/admin/users",
            "sort",
            vec![one_of(&people_admin::list::SORTS)],
        ),
        at(
            "/api/admin/users",
            "order",
            vec![one_of(&people_admin::list::ORDERS)],
        ),
        at(
            "/api/admin/access-logs",
            "method",
            vec![one_of(&activity::access_list::METHODS)],
        ),
        at(
            "/api/admin/access-logs",
            "status",
            vec![Constraint::Pattern(activity::access_list::STATUS_PATTERN)],
        ),
        every("access", vec![one_of(&BOOK_ACCESS)]),
        every("published", vec![one_of(&paging::YES_NO)]),
        every(
            "format",
            vec![one_of(&console::transfer::export::ExportFormat::NAMES)],
        ),
        at(
            "/api/search",
            "q",
            vec![
                Constraint::Required,
                Constraint::NotBlank,
                Constraint::Chars {
                    min: 1,
                    max: search::service::QUERY_MAX_CHARS,
                },
            ],
        ),
        at(
            "/api/search",
            "sort",
            vec![one_of(&search::service::SEARCH_SORTS)],
        ),
        at(
            "/api/books",
            "sort",
            vec![one_of(&catalog::BookSort::NAMES)],
        ),
        at(
            "/api/admin/books",
            "sort",
            vec![one_of(&console::books::SORTS)],
        ),
        at(
            "/api/admin/files",
            "kind",
            vec![one_of(&console::files::KINDS)],
        ),
        at("/api/admin/files", "used", vec![one_of(&paging::YES_NO)]),
        at(
            "/api/admin/files",
            "sort",
            vec![one_of(&console::files::SORTS)],
        ),
        at(
            "/api/admin/chapters",
            "audio",
            vec![one_of(&console::chapters::AUDIO_FILTERS)],
        ),
        at(
            "/api/admin/orders",
            "state",
            vec![contract::spellings::<OrderState>()],
        ),
        at("/api/plans", "currency", vec![one_of(&currencies)]),
        at(
            "/api/me/progress",
            "bookId",
            vec![Constraint::Required, contract::id()],
        ),
    ];
    for (path, max) in page_sizes() {
        all.push(at(
            path,
            "pageSize",
            vec![Constraint::Whole {
                min: 1,
                max: max as i64,
            }],
        ));
    }
    all
}

/// Writes every contract into `document`; answers the ones that name nothing in it (a renamed
/// schema, field or parameter), which the tests refuse.
pub fn state(document: &mut OpenApi) -> Vec<String> {
    let mut unmatched = Vec::new();
    let mut schemas = document
        .components
        .as_mut()
        .map(|components| &mut components.schemas);
    for field in contract::fields().into_iter().chain(server_fields()) {
        let object = schemas
            .as_deref_mut()
            .and_then(|schemas| schemas.get_mut(field.schema))
            .and_then(object_of);
        let Some(object) = object else {
            unmatched.push(format!("schema {}", field.schema));
            continue;
        };
        let Some(property) = object.properties.get_mut(field.field) else {
            unmatched.push(format!("{}.{}", field.schema, field.field));
            continue;
        };
        for rule in &field.rules {
            apply(property, rule);
        }
        if field.rules.contains(&Constraint::Required)
            && !object.required.iter().any(|r| r == field.field)
        {
            object.required.push(field.field.to_owned());
        }
    }
    if let Some(problem) = order_kinds(document) {
        unmatched.push(problem);
    }
    unmatched.extend(event_kinds(document));
    for param in params() {
        let mut matched = false;
        for (path, item) in document.paths.paths.iter_mut() {
            if param.path.is_some_and(|wanted| wanted != path) {
                continue;
            }
            for operation in operations(item) {
                let parameters = operation.parameters.iter_mut().flatten();
                for parameter in parameters.filter_map(|p| match p {
                    RefOr::T(parameter) => Some(parameter),
                    RefOr::Ref(_) => None,
                }) {
                    if parameter.name != param.name {
                        continue;
                    }
                    matched = true;
                    if param.rules.contains(&Constraint::Required) {
                        parameter.required = Required::True;
                    }
                    if let Some(schema) = parameter.schema.as_mut() {
                        for rule in &param.rules {
                            apply(schema, rule);
                        }
                    }
                }
            }
        }
        if !matched {
            unmatched.push(format!(
                "parameter {} of {}",
                param.name,
                param.path.unwrap_or("any operation")
            ));
        }
    }
    unmatched
}

/// The object a component describes: itself, or the first part of an `allOf`.
fn object_of(schema: &mut RefOr<Schema>) -> Option<&mut Object> {
    match schema {
        RefOr::T(Schema::Object(object)) => Some(object),
        RefOr::T(Schema::AllOf(all_of)) => all_of.items.iter_mut().find_map(object_of),
        _ => None,
    }
}

/// `POST /api/orders` names what it buys by its kind: a plan by `planCode`, a book by
/// `bookId`, a chapter by `chapterId` (`payments::orders`, which answers 400 naming the
/// missing one). States it as `allOf: [the body, oneOf: one shape per kind]`.
fn order_kinds(document: &mut OpenApi) -> Option<String> {
    let schemas = &mut document.components.as_mut()?.schemas;
    let Some(body) = schemas.get_mut("CreateOrder") else {
        return Some("schema CreateOrder".to_owned());
    };
    if !matches!(body, RefOr::T(Schema::Object(_))) {
        return None; // stated already
    }
    let id = || {
        let mut id = ObjectBuilder::new().schema_type(Type::Integer).build();
        apply_to_value(&mut id, &contract::id());
        id
    };
    let code = ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(r"\S"))
        .build();
    let kinds = [
        (OrderKind::Plan, "planCode", code),
        (OrderKind::Book, "bookId", id()),
        (OrderKind::Chapter, "chapterId", id()),
    ];
    let mut shapes = OneOfBuilder::new();
    for (kind, field, schema) in kinds {
        shapes = shapes.item(
            ObjectBuilder::new()
                .property(
                    "kind",
                    ObjectBuilder::new()
                        .schema_type(Type::String)
                        .enum_values(Some([kind.as_str()])),
                )
                .required("kind")
                .property(field, schema)
                .required(field),
        );
    }
    let whole = std::mem::replace(body, RefOr::T(Schema::Object(Object::new())));
    *body = RefOr::T(Schema::AllOf(
        AllOfBuilder::new().item(whole).item(shapes).build(),
    ));
    None
}

/// The component of the body of `POST /api/behavior/{kind}`: `BrowsingEventInput`, ….
pub fn event_schema(kind: BehaviorKind) -> String {
    let name = kind.as_str();
    format!("{}{}EventInput", name[..1].to_ascii_uppercase(), &name[1..])
}

/// Each `POST /api/behavior/{kind}` takes the shared event body with the fields its kind
/// requires (core's `required_fields`): one component per kind, copied from
/// `ValidateBehaviorEventInput` once its own rules are stated.
fn event_kinds(document: &mut OpenApi) -> Vec<String> {
    let mut unmatched = Vec::new();
    let Some(components) = document.components.as_mut() else {
        return vec!["components".to_owned()];
    };
    let Some(shared) = components
        .schemas
        .get("ValidateBehaviorEventInput")
        .cloned()
    else {
        return vec!["schema ValidateBehaviorEventInput".to_owned()];
    };
    for &kind in BehaviorKind::ALL {
        let mut schema = shared.clone();
        let Some(object) = object_of(&mut schema) else {
            unmatched.push("ValidateBehaviorEventInput as an object".to_owned());
            continue;
        };
        for &field in required_fields(kind) {
            let Some(property) = object.properties.get_mut(field) else {
                unmatched.push(format!("ValidateBehaviorEventInput.{field}"));
                continue;
            };
            apply(property, &Constraint::Required);
            let text = matches!(property, RefOr::T(Schema::Object(o))
                if matches!(&o.schema_type, SchemaType::Type(Type::String)));
            if text {
                apply(property, &Constraint::NotBlank);
            }
            if !object.required.iter().any(|r| r == field) {
                object.required.push(field.to_owned());
            }
        }
        components.schemas.insert(event_schema(kind), schema);
        let path = format!("/api/behavior/{}", kind.as_str());
        let body = document
            .paths
            .paths
            .get_mut(&path)
            .and_then(|item| item.post.as_mut())
            .and_then(|operation| operation.request_body.as_mut())
            .and_then(|body| match body {
                RefOr::T(body) => body.content.get_mut("application/json"),
                RefOr::Ref(_) => None,
            });
        match body {
            Some(RefOr::T(content)) => {
                content.schema = Some(RefOr::Ref(utoipa::openapi::Ref::from_schema_name(
                    event_schema(kind),
                )));
            }
            _ => unmatched.push(format!("the JSON body of POST {path}")),
        }
    }
    unmatched
}

fn operations(item: &mut utoipa::openapi::PathItem) -> impl Iterator<Item = &mut Operation> {
    [
        item.get.as_mut(),
        item.put.as_mut(),
        item.post.as_mut(),
        item.delete.as_mut(),
        item.patch.as_mut(),
        item.head.as_mut(),
        item.options.as_mut(),
    ]
    .into_iter()
    .flatten()
}

/// Writes `rule` into the schema of one field or parameter.
fn apply(schema: &mut RefOr<Schema>, rule: &Constraint) {
    // A nullable reference (`oneOf: [$ref, null]`) that must be present becomes the reference.
    if let (Constraint::Required, RefOr::T(Schema::OneOf(one_of))) = (rule, &*schema) {
        let not_null: Vec<_> = one_of
            .items
            .iter()
            .filter(|item| !is_null(item))
            .cloned()
            .collect();
        if let [only] = not_null.as_slice() {
            *schema = only.clone();
        }
        return;
    }
    match schema {
        RefOr::T(Schema::Object(object)) => apply_to_value(object, rule),
        RefOr::T(Schema::Array(array)) => apply_to_list(array, rule),
        _ => {}
    }
}

fn is_null(schema: &RefOr<Schema>) -> bool {
    matches!(schema, RefOr::T(Schema::Object(object))
        if object.schema_type == SchemaType::Type(Type::Null))
}

fn apply_to_value(object: &mut Object, rule: &Constraint) {
    match rule {
        Constraint::Required => {
            drop_null(&mut object.schema_type);
            object.default = None;
        }
        Constraint::NotBlank => {
            object.pattern.get_or_insert_with(|| r"\S".to_owned());
        }
        Constraint::NotEmpty => {
            object.min_length = Some(object.min_length.unwrap_or(0).max(1));
        }
        Constraint::Chars { min, max } => {
            if *min > 0 {
                object.min_length = Some(*min);
            }
            object.max_length = Some(*max);
        }
        Constraint::Pattern(pattern) => object.pattern = Some((*pattern).to_owned()),
        Constraint::Format(format) => {
            object.format = Some(utoipa::openapi::SchemaFormat::Custom((*format).to_owned()));
        }
        Constraint::OneOf(allowed) => {
            object.enum_values = Some(allowed.iter().map(|v| v.as_str().into()).collect());
        }
        Constraint::Whole { min, max } => {
            retype(&mut object.schema_type, Type::Integer);
            object.format = None;
            object.minimum = Some((*min).into());
            object.maximum = Some((*max).into());
        }
        Constraint::Number { min, max } => {
            object.minimum = Some((*min).into());
            object.maximum = Some((*max).into());
        }
        Constraint::Items { .. } | Constraint::Each(_) => {}
    }
}

fn apply_to_list(array: &mut Array, rule: &Constraint) {
    match rule {
        Constraint::Required => {
            drop_null(&mut array.schema_type);
            array.default = None;
        }
        Constraint::Items { min, max } => {
            if *min > 0 {
                array.min_items = Some(*min);
            }
            array.max_items = Some(*max);
        }
        Constraint::Each(inner) => {
            if let ArrayItems::RefOrSchema(items) = &mut array.items {
                apply(items, inner);
            }
        }
        _ => {}
    }
}

/// `[T, null]` becomes `T`.
fn drop_null(schema_type: &mut SchemaType) {
    if let SchemaType::Array(types) = schema_type {
        types.retain(|t| *t != Type::Null);
        if let [only] = types.as_slice() {
            *schema_type = SchemaType::Type(only.clone());
        }
    }
}

/// `number` becomes `integer`, keeping `null` when it was allowed.
fn retype(schema_type: &mut SchemaType, to: Type) {
    match schema_type {
        SchemaType::Type(t) if *t == Type::Number => *t = to,
        SchemaType::Array(types) => {
            for t in types.iter_mut().filter(|t| **t == Type::Number) {
                *t = to.clone();
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_event_kind_takes_a_body_requiring_its_own_fields() {
        let document = serde_json::to_value(crate::routes::openapi_document()).unwrap();
        for &kind in BehaviorKind::ALL {
            let name = event_schema(kind);
            let path = format!("/api/behavior/{}", kind.as_str());
            let body = &document["paths"][&path]["post"]["requestBody"]["content"]
                ["application/json"]["schema"]["$ref"];
            assert_eq!(body, &format!("#/components/schemas/{name}"), "{path}");
            let schema = &document["components"]["schemas"][&name];
            let required: Vec<&str> = schema["required"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r.as_str().unwrap())
                .collect();
            assert!(required.contains(&"sessionId"), "{name}: {required:?}");
            for field in required_fields(kind) {
                assert!(required.contains(field), "{name} requires {field}");
                let property = &schema["properties"][field];
                if property["type"] == "string" {
                    assert_eq!(property["pattern"], r"\S", "{name}.{field}");
                }
            }
            assert_eq!(schema["properties"]["scrollDepth"]["maximum"], 1.0);
        }
    }

    #[test]
    fn a_contract_naming_nothing_is_reported() {
        let mut document = crate::routes::openapi_document();
        // The document was built with every contract matched (else it panics); stating them
        // again still finds each one.
        assert_eq!(state(&mut document), Vec::<String>::new());
        document
            .components
            .as_mut()
            .unwrap()
            .schemas
            .remove("FeedbackInput");
        let unmatched = state(&mut document);
        assert_eq!(unmatched, ["schema FeedbackInput"; 3]);
    }

    #[test]
    fn a_required_field_is_no_longer_nullable_and_keeps_its_bounds() {
        let document = crate::routes::openapi_document();
        let json = serde_json::to_value(&document).unwrap();
        let book = &json["components"]["schemas"]["ValidateBookInput"];
        assert!(book["required"]
            .as_array()
            .unwrap()
            .contains(&"titleZh".into()));
        let title = &book["properties"]["titleZh"];
        assert_eq!(title["type"], "string");
        assert_eq!(title["maxLength"], 200);
        assert_eq!(book["properties"]["categoryId"]["type"], "integer");
        assert_eq!(book["properties"]["tags"]["maxItems"], 20);
        assert_eq!(book["properties"]["tags"]["items"]["maxLength"], 30);
        let id = &json["paths"]["/api/books/{id}"]["get"]["parameters"][0]["schema"];
        assert_eq!(id["minimum"], 1);
    }
}

//! The OpenAPI document against the route table and the router: every route documented
//! with its access, path parameters and error answers, and every documented operation routed.
use std::collections::BTreeSet;

use reqwest::Method;
use serde_json::Value;
use tingshu_core::auth::access::Access;

use crate::helpers::spawn_app;

async fn app_fallback_message() -> String {
    let app = spawn_app().await;
    let response = app
        .client
        .get(app.url("/api/no-such-route"))
        .header("accept-language", "en")
        .send()
        .await
        .unwrap();
    let body: Value = response.json().await.unwrap();
    body["message"].as_str().unwrap().to_owned()
}

async fn served_document(app: &crate::helpers::TestApp) -> Value {
    let response = app.get("/api/openapi.json").await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

/// Fails unless the served document lists `status` among the answers of `method path`
/// (`path` as documented, e.g. `/api/books/{id}`): a test that provokes a status calls it.
pub(crate) async fn assert_documented(
    app: &crate::helpers::TestApp,
    method: &str,
    path: &str,
    status: u16,
) {
    let document = served_document(app).await;
    let answers = &document["paths"][path][method.to_lowercase()]["responses"];
    assert!(
        answers.get(status.to_string()).is_some(),
        "{method} {path} answers {status} but does not document it: {answers}"
    );
}

/// Every (method, path) the document lists, as `GET /api/books/{id}`.
fn documented_operations(document: &Value) -> BTreeSet<(String, String)> {
    let mut operations = BTreeSet::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            operations.insert((method.to_uppercase(), path.clone()));
        }
    }
    operations
}

#[tokio::test]
async fn the_document_lists_exactly_the_registered_routes() {
    let app = spawn_app().await;
    let document = served_document(&app).await;
    assert_eq!(document["openapi"], "3.1.0");
    let registered: BTreeSet<(String, String)> = app
        .api_table
        .iter()
        .map(|route| (route.method.to_string(), format!("/api{}", route.path)))
        .collect();
    let documented = documented_operations(&document);
    let undocumented: Vec<_> = registered.difference(&documented).collect();
    let unregistered: Vec<_> = documented.difference(&registered).collect();
    assert!(
        undocumented.is_empty(),
        "registered, not documented: {undocumented:?}"
    );
    assert!(
        unregistered.is_empty(),
        "documented, not registered: {unregistered:?}"
    );
}

#[tokio::test]
async fn every_operation_has_its_own_id() {
    // Generated clients key operations by id: two handlers of one name would merge.
    let app = spawn_app().await;
    let document = served_document(&app).await;
    let mut seen = std::collections::BTreeMap::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let id = operation["operationId"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            assert!(!id.is_empty(), "{method} {path} has no operationId");
            if let Some(first) = seen.insert(id.clone(), format!("{method} {path}")) {
                panic!("operationId {id} is used by {first} and {method} {path}");
            }
        }
    }
}

#[tokio::test]
async fn every_operation_states_its_access_parameters_and_errors() {
    let app = spawn_app().await;
    let document = served_document(&app).await;
    for route in &app.api_table {
        let name = format!("{} /api{}", route.method, route.path);
        let operation =
            &document["paths"][format!("/api{}", route.path)][route.method.as_str().to_lowercase()];
        let stated: Access = serde_json::from_value(operation["x-access"].clone())
            .unwrap_or_else(|e| panic!("{name}: x-access is not an access requirement: {e}"));
        assert_eq!(stated, route.access, "{name}: x-access");

        let security = operation["security"].as_array().expect("security");
        let optional = security.iter().any(|s| s.as_object().unwrap().is_empty());
        let bearer = security.iter().any(|s| s.get("bearer").is_some());
        assert!(bearer, "{name}: names the bearer scheme");
        assert_eq!(
            optional,
            route.access == Access::Public,
            "{name}: optional security"
        );

        let responses = operation["responses"].as_object().unwrap();
        // A form's answer may be a redirect (the sandbox checkout sends the payer back).
        let success = responses
            .keys()
            .any(|status| status.starts_with('2') || status.starts_with('3'));
        assert!(success, "{name}: documents a success answer");
        let mut must = vec!["500", "503"];
        if route.access != Access::Public {
            must.extend(["401", "403"]);
        }
        for status in must {
            assert!(responses.contains_key(status), "{name}: documents {status}");
        }

        let parameters = operation["parameters"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let segments = route.path.split('/').filter(|s| s.starts_with('{'));
        for segment in segments {
            let param = segment.trim_matches(['{', '}']);
            let documented = parameters
                .iter()
                .any(|p| p["in"] == "path" && p["name"] == param && p["required"] == true);
            assert!(documented, "{name}: documents the path parameter {param}");
            assert!(responses.contains_key("404"), "{name}: documents 404");
        }
    }
}

#[tokio::test]
async fn every_documented_operation_is_routed() {
    // What the API's fallback answers, in English, so a route it catches is told apart.
    let fallback = app_fallback_message().await;
    assert!(fallback.starts_with("No API route"), "{fallback}");
    let app = spawn_app().await;
    let document = served_document(&app).await;
    for (method, path) in documented_operations(&document) {
        let concrete = path.replace("{id}", "1");
        let method = Method::from_bytes(method.as_bytes()).unwrap();
        let response = app
            .client
            .request(method.clone(), app.url(&concrete))
            .header("accept-language", "en")
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        let message = body["message"].as_str().unwrap_or_default();
        assert!(
            status != 405 && !message.starts_with("No API route"),
            "{method} {path}: answered {status} {message}"
        );
    }
}

#[tokio::test]
async fn every_error_answer_refers_to_the_error_shape() {
    let app = spawn_app().await;
    let document = served_document(&app).await;
    let components = &document["components"]["responses"];
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            for (status, response) in operation["responses"].as_object().unwrap() {
                if !(status.starts_with('4') || status.starts_with('5')) {
                    continue;
                }
                let response = match response["$ref"].as_str() {
                    Some(reference) => {
                        &components[reference.trim_start_matches("#/components/responses/")]
                    }
                    None => response,
                };
                assert_eq!(
                    response["content"]["application/json"]["schema"]["$ref"],
                    "#/components/schemas/Error",
                    "{method} {path} {status}"
                );
            }
        }
    }
}

#[tokio::test]
async fn the_reference_page_is_served_from_the_binary() {
    let app = spawn_app().await;
    let response = app.get("/api/docs/").await;
    assert_eq!(response.status(), 200);
    let page = response.text().await.unwrap();
    assert!(page.contains("swagger-ui"), "{page}");
    assert!(
        !page.contains("https://"),
        "no page asset from a CDN: {page}"
    );
    let initializer = app.get("/api/docs/swagger-initializer.js").await;
    assert_eq!(initializer.status(), 200);
    assert!(initializer
        .text()
        .await
        .unwrap()
        .contains("/api/openapi.json"));
    let bundle = app.get("/api/docs/swagger-ui-bundle.js").await;
    assert_eq!(bundle.status(), 200);
}

//! The two databases' migrations stay in step, and the committed OpenAPI document is current.

use crate::support;

use support::{Backend, TestApp};
use threshold_store::Db;

#[test]
fn both_databases_have_the_same_migration_versions() {
    assert_eq!(
        Db::migration_versions(threshold_store::Backend::Sqlite),
        Db::migration_versions(threshold_store::Backend::Postgres)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_databases_end_with_the_same_tables_and_columns() {
    let sqlite = TestApp::spawn(Backend::Sqlite).await;
    let postgres = TestApp::spawn(Backend::Postgres).await;
    let sqlite_schema = sqlite.db.schema().await.unwrap();
    assert!(sqlite_schema.iter().any(|(t, _)| t == "users"));
    assert_eq!(sqlite_schema, postgres.db.schema().await.unwrap());
}

#[test]
fn the_committed_openapi_document_is_current() {
    let generated = threshold_api::openapi::document().to_pretty_json().unwrap();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi.json");
    if std::env::var_os("UPDATE_OPENAPI").is_some() {
        std::fs::write(path, format!("{generated}\n")).unwrap();
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert_eq!(
        committed.trim_end(),
        generated,
        "api/openapi.json is stale: run `make openapi`"
    );
}

/// Generated clients key their operations by id: two calls with one id get one's types.
#[test]
fn every_operation_has_its_own_id() {
    let document: serde_json::Value =
        serde_json::from_str(&threshold_api::openapi::document().to_pretty_json().unwrap())
            .unwrap();
    let mut seen = std::collections::BTreeMap::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            if let Some(id) = operation["operationId"].as_str() {
                let previous = seen.insert(id.to_owned(), format!("{method} {path}"));
                assert!(
                    previous.is_none(),
                    "operationId `{id}` is used by {} and {method} {path}",
                    previous.unwrap_or_default()
                );
            }
        }
    }
}

/// CALLS-05: the response shapes the spec leaves out are defined by the API reference: every
/// operation documents its responses, and the login and /auth/me answers are among them.
#[test]
fn every_operation_documents_its_responses() {
    let document: serde_json::Value =
        serde_json::from_str(&threshold_api::openapi::document().to_pretty_json().unwrap())
            .unwrap();
    let paths = document["paths"].as_object().unwrap();
    for (path, item) in paths {
        for (method, operation) in item.as_object().unwrap() {
            let responses = operation["responses"].as_object();
            assert!(
                responses.is_some_and(|r| !r.is_empty()),
                "{method} {path} documents no response"
            );
        }
    }
    assert!(
        paths["/auth"]["post"]["responses"]
            .as_object()
            .is_some_and(|r| !r.is_empty())
    );
    assert!(
        paths["/auth/me"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
            .is_object(),
        "the /auth/me answer has a schema"
    );
}

/// Issue 25 (8): the server refuses control characters in every text of a JSON body, and
/// the document says so (a pattern on each request string), so `make fuzz` checks the real
/// contract: single-line fields refuse them all, multi-line ones (a reason) allow tab and
/// line breaks.
#[test]
fn request_texts_declare_that_control_characters_are_refused() {
    let document: serde_json::Value =
        serde_json::from_str(&threshold_api::openapi::document().to_pretty_json().unwrap())
            .unwrap();
    let schemas = &document["components"]["schemas"];
    let single = schemas["ClientDetails"]["properties"]["preferredName"]["pattern"]
        .as_str()
        .expect("a pattern on a request's text");
    let multi = schemas["StaffTransitionRequest"]["properties"]["reason"]["pattern"]
        .as_str()
        .expect("a pattern on a multi-line text");
    let matches = |pattern: &str, text: &str| regex::Regex::new(pattern).unwrap().is_match(text);
    assert!(matches(single, "Ann O'Neill"));
    assert!(!matches(single, "Ann\u{0}"));
    assert!(!matches(single, "Ann\nO"));
    assert!(!matches(single, "Ann\u{85}"));
    assert!(matches(multi, "Wrong file.\r\n\tSee notes"));
    assert!(!matches(multi, "Wrong\u{1b}[31m"));
    // A pattern of the field's own is kept.
    assert_eq!(
        schemas["EmailChangeRequest"]["properties"]["email"]["pattern"],
        r"^\S+@\S+\.\S+$"
    );
}

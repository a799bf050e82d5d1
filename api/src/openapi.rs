//! The OpenAPI 3.1 document, generated from the handlers' annotations, and the `/api` router
//! built from the same declarations so the two cannot disagree.

use axum::routing::get;
use axum::{Json, Router};
use serde_json::Value;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::app::AppState;
use crate::error::ErrorBody;
use crate::{
    address_lookup, application, assistant, auth, broker, cases, conversation, documents, feed,
    feedback, help, identity, open_banking, owners, payments, policies, progress, staff, users,
};

#[derive(OpenApi)]
#[openapi(
    info(title = "Threshold API", description = "Conveyancing for remortgaging and buying a home. All paths are relative to /api; /version is at the site root."),
    servers((url = "/api")),
    components(schemas(
        ErrorBody,
        threshold_engine::RemortgagingStatus,
        threshold_engine::BuyingStatus,
        cases::list::RemortgagingSortField,
        cases::list::BuyingSortField,
        cases::list::SortDirection,
    )),
    tags(
        (name = "auth", description = "Sign-in by e-mail link and sessions"),
        (name = "policies", description = "Privacy policy and terms"),
        (name = "users", description = "The user's own details"),
        (name = "cases", description = "Remortgaging and buying cases: create, lists, expanded case, quotes, invitations, cancel"),
        (name = "application", description = "The remortgaging application's sections: property details, ground rent, alterations, loans, submit"),
        (name = "feed", description = "The in-app notification feed"),
        (name = "help", description = "How cases proceed, for the help page"),
        (name = "assistant", description = "The assistant: questions about how cases proceed and the app, for users with `AI_BOT`"),
        (name = "documents", description = "A case's uploaded and generated documents: upload, download, delete, the quote PDF"),
        (name = "owners", description = "A remortgaging application's Owners and Transfer of Equity sections: co-owners, each owner's details, adult occupants, removed owners"),
        (name = "conversation", description = "One conversation per case: its threads, messages and read receipts"),
        (name = "feedback", description = "A customer's feedback at a point of their case"),
        (name = "address-lookup", description = "The addresses at a UK postcode, from the configured provider"),
        (name = "progress", description = "A customer's steps after submitting: identity, accepting the firm's documents"),
        (name = "broker", description = "A broker firm's settings, for its broker admin: the firm's signed webhooks and their delivery log"),
        (name = "staff", description = "The back office: conveyancers' second factor, work queue, case view and workflow steps"),
    )
)]
struct ApiDoc;

fn parts() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(auth::router())
        .merge(policies::router())
        .merge(users::router())
        .merge(cases::router())
        .merge(application::router())
        .merge(feed::router())
        .merge(documents::router())
        .merge(help::router())
        .merge(assistant::router())
        .merge(owners::router())
        .merge(conversation::router())
        .merge(feedback::router())
        .merge(address_lookup::router())
        .merge(progress::router())
        .merge(payments::router())
        .merge(identity::router())
        .merge(open_banking::router())
        .merge(staff::router())
        .merge(broker::router())
        .split_for_parts()
}

/// The document as served at `/api/openapi.json` and committed as `api/openapi.json`.
pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = parts().1;
    doc.info.version = crate::config::BUILD_RELEASE.trim().to_owned();
    section_keys_as_enum(&mut doc);
    declare_error_responses(&mut doc);
    declare_session_cookie(&mut doc);
    text_without_control_characters(doc)
}

/// The control characters a single-line text field refuses (Unicode `Cc`), and those a
/// multi-line one does (all but tab and line breaks): see `extract::control_character_problem`.
const SINGLE_LINE_TEXT: &str = "^[^\\u0000-\\u001F\\u007F-\\u009F]*$";
const MULTI_LINE_TEXT: &str = "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]*$";

/// The server refuses control characters in every text of every JSON body; the document says
/// so with a pattern on each string a request body holds (those without a pattern of their
/// own, an enum or a format), so a client, or `make fuzz`, knows the real contract.
/// Response schemas are left alone where no request uses them.
fn text_without_control_characters(doc: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    let Ok(mut json) = serde_json::to_value(&doc) else {
        return doc;
    };
    // The schemas request bodies name, and those they name in turn.
    let mut pending: Vec<String> = Vec::new();
    if let Some(paths) = json["paths"].as_object_mut() {
        for item in paths.values_mut() {
            let Some(item) = item.as_object_mut() else {
                continue;
            };
            for op in item.values_mut() {
                let schema = &mut op["requestBody"]["content"]["application/json"]["schema"];
                if !schema.is_null() {
                    add_text_patterns(schema, false, &mut pending);
                }
            }
        }
    }
    let mut done = std::collections::BTreeSet::new();
    while let Some(name) = pending.pop() {
        if !done.insert(name.clone()) {
            continue;
        }
        let schema = &mut json["components"]["schemas"][&name];
        if !schema.is_null() {
            add_text_patterns(schema, false, &mut pending);
        }
    }
    serde_json::from_value(json).unwrap_or(doc)
}

/// Adds the pattern to `schema` if it is a plain string, or to the strings inside it;
/// collects the names of the schemas it refers to.
fn add_text_patterns(schema: &mut Value, multi_line: bool, refs: &mut Vec<String>) {
    let Some(object) = schema.as_object_mut() else {
        return;
    };
    if let Some(name) = object
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| r.strip_prefix("#/components/schemas/"))
    {
        refs.push(name.to_owned());
    }
    let is_string = match object.get("type") {
        Some(Value::String(t)) => t == "string",
        Some(Value::Array(types)) => types.iter().any(|t| t == "string"),
        _ => false,
    };
    if is_string
        && !["pattern", "enum", "format"]
            .iter()
            .any(|k| object.contains_key(*k))
    {
        let pattern = if multi_line {
            MULTI_LINE_TEXT
        } else {
            SINGLE_LINE_TEXT
        };
        object.insert("pattern".into(), pattern.into());
    }
    if let Some(Value::Object(properties)) = object.get_mut("properties") {
        for (name, property) in properties.iter_mut() {
            let multi_line = crate::extract::MULTI_LINE_FIELDS.contains(&name.as_str());
            add_text_patterns(property, multi_line, refs);
        }
    }
    if let Some(items) = object.get_mut("items") {
        add_text_patterns(items, multi_line, refs);
    }
    for key in ["oneOf", "anyOf", "allOf"] {
        if let Some(Value::Array(options)) = object.get_mut(key) {
            for option in options {
                add_text_patterns(option, multi_line, refs);
            }
        }
    }
}

/// The error answers every operation may give, each a shared response of `ErrorBody`. They
/// are declared once here rather than on each handler, so a client generator or a fuzzer
/// can trust the document: an operation that cannot give one of them (a 401 on a public
/// call) simply never does.
const ERROR_RESPONSES: [(&str, &str, &str); 9] = [
    (
        "400",
        "BadRequest",
        "The request could not be read (malformed JSON or parameters)",
    ),
    (
        "401",
        "Unauthenticated",
        "Not signed in, or the session has ended (operations that need a session)",
    ),
    (
        "403",
        "Forbidden",
        "Signed in but not allowed, or a write from another site",
    ),
    (
        "404",
        "NotFound",
        "No such thing, or not one the caller may see",
    ),
    (
        "409",
        "Conflict",
        "The case is not in a state that allows this, or it changed meanwhile",
    ),
    (
        "413",
        "PayloadTooLarge",
        "The request body is larger than the limit",
    ),
    (
        "415",
        "UnsupportedMediaType",
        "The body is not of a type this operation accepts",
    ),
    (
        "422",
        "ValidationFailed",
        "Some fields are not valid; `fields` names each with its problem",
    ),
    ("429", "TooManyRequests", "Rate limited; try again later"),
];

fn declare_error_responses(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};
    let components = doc.components.get_or_insert_with(Default::default);
    for (_, name, description) in ERROR_RESPONSES {
        components.responses.insert(
            name.to_owned(),
            RefOr::T(
                ResponseBuilder::new()
                    .description(description)
                    .content(
                        "application/json",
                        ContentBuilder::new()
                            .schema(Some(Ref::from_schema_name("ErrorBody")))
                            .build(),
                    )
                    .build(),
            ),
        );
    }
    for item in doc.paths.paths.values_mut() {
        let operations = [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
        ];
        for op in operations.into_iter().flatten() {
            for (status, name, _) in ERROR_RESPONSES {
                op.responses
                    .responses
                    .entry(status.to_owned())
                    .or_insert_with(|| Ref::from_response_name(name).into());
            }
        }
    }
}

/// Sessions are HttpOnly cookies set by the sign-in calls; the document names the access
/// cookie as the security scheme (optional on every operation: public ones ignore it).
fn declare_session_cookie(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
    let components = doc.components.get_or_insert_with(Default::default);
    components.add_security_scheme(
        "session",
        SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
            crate::auth::cookies::ACCESS_COOKIE,
            "The session cookie set by POST /auth/magic-link (`__Host-` prefixed on https)",
        ))),
    );
}

/// Section and tile keys are the workflow files' data, not a Rust enum: the document lists
/// them as the enum of `SectionView.key`, read from the definitions, so the web app's types
/// know every key and the TOML stays their only source.
fn section_keys_as_enum(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::RefOr;
    use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
    let Ok(workflows) = threshold_workflows::Workflows::load() else {
        return;
    };
    let keys = workflows.section_keys();
    let Some(RefOr::T(Schema::Object(view))) = doc
        .components
        .as_mut()
        .and_then(|c| c.schemas.get_mut("SectionView"))
    else {
        return;
    };
    view.properties.insert(
        "key".to_owned(),
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some("The section's or tile's page address (spec §2)."))
            .enum_values(Some(keys))
            .into(),
    );
}

pub fn api_router(state: AppState) -> Router {
    let (router, _) = parts();
    let doc = document();
    router
        .route("/openapi.json", get(move || async move { Json(doc) }))
        .fallback(|| async { crate::error::ApiError::not_found() })
        .with_state(state)
}

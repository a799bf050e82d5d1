//! The remortgaging application's property calls (issue 12, calls 1–9 of the contract):
//! property details, ground rent, alterations, loans, the required-document slots and the
//! uploads that fill them, and submitting. Who may write (REM-APP-12..36, GUARD-*), what each
//! write does to the sections, and the buy-to-let documents that Review & Submit waits for.

use crate::support;

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};
use support::cases::{create_remortgaging, set_case};
use support::remortgage::{
    CARA, alterations_body, broker_case, complete_owners, customer_case, exec, hand_over,
    loans_body, property_body,
};
use support::{Backend, Client, Res, TestApp};

on_both_databases!(
    property_details_complete_their_section_and_start_the_required_documents,
    ground_rent_is_for_leasehold_properties_only,
    alterations_are_answered_added_and_removed_with_their_documents,
    loans_are_answered_added_and_removed,
    every_call_refuses_the_anonymous_staff_other_customers_and_other_firms,
    a_broker_writes_in_the_broker_stages_only,
    a_locked_section_refuses_its_writes,
    a_complete_application_submits_to_identity_verification,
    a_buy_to_let_case_waits_for_its_documents_before_review_and_submit,
    an_upload_fills_its_required_document_slot_and_deleting_it_empties_it,
    enum_16_17_18_every_property_alteration_and_charge_type_is_accepted,
);

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";
fn extension(held_by: &str) -> Value {
    json!({ "alterationType": "EXTENSION", "completedOn": "2019-05-01", "documentsHeldBy": held_by })
}

async fn expanded(client: &mut Client, id: i64) -> Value {
    let res = client
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    res.body
}

fn section(case: &Value, key: &str) -> String {
    case["view"]["sections"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["key"] == key)
        .unwrap_or_else(|| panic!("no section {key}"))["state"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// (documentType, id, documentId) of a group of `requiredDocuments`.
fn slots(group: &Value) -> Vec<(String, i64, Option<i64>)> {
    group
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["documentType"].as_str().unwrap().to_owned(),
                d["id"].as_i64().unwrap(),
                d["documentId"].as_i64(),
            )
        })
        .collect()
}

fn types(group: &Value) -> Vec<String> {
    slots(group).into_iter().map(|(t, ..)| t).collect()
}

fn upload(id: i64, document_type: &str, slot: Option<i64>) -> Form {
    let mut form = Form::new()
        .text("caseType", "REMORTGAGING")
        .text("caseId", id.to_string())
        .text("documentType", document_type.to_owned());
    if let Some(slot) = slot {
        form = form.text("requiredDocumentId", slot.to_string());
    }
    form.part("file", Part::bytes(PDF.to_vec()).file_name("scan.pdf"))
}

async fn wait_for_subject(app: &TestApp, to: &str, part: &str) {
    for _ in 0..200 {
        let found = threshold_api::mailbox::read_outbox(&app.outbox)
            .unwrap_or_default()
            .into_iter()
            .any(|m| m.to == to && m.subject.contains(part));
        if found {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("no e-mail to {to} with `{part}`");
}

fn assert_status(res: &Res, status: StatusCode, what: &str) {
    assert_eq!(res.status, status, "{what}: {:?}", res.body);
}

fn assert_conflict(res: &Res, code: &str, what: &str) {
    assert_status(res, StatusCode::CONFLICT, what);
    assert_eq!(res.body["error"]["code"], code, "{what}");
}

fn assert_invalid(res: &Res, field: &str, what: &str) {
    assert_status(res, StatusCode::UNPROCESSABLE_ENTITY, what);
    assert!(
        res.field_error(field).is_some(),
        "{what}: no problem named for {field}: {:?}",
        res.body
    );
}

// ---- the calls ----

/// CALLS-08: POST /property updates the expanded `property`; Property Details is complete.
async fn property_details_complete_their_section_and_start_the_required_documents(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = customer_case(&app).await;
    assert_eq!(
        section(&expanded(&mut cara, id).await, "property-details"),
        "NOT_STARTED"
    );

    let mut bad = property_body(id, "FREEHOLD");
    bad["landOwnership"] = json!("SHARED");
    assert_invalid(
        &cara.post("/api/property", bad).await,
        "landOwnership",
        "unknown ownership",
    );
    let mut bad = property_body(id, "FREEHOLD");
    bad["propertyType"] = json!("CASTLE");
    assert_invalid(
        &cara.post("/api/property", bad).await,
        "propertyType",
        "unknown type",
    );
    let mut bad = property_body(id, "FREEHOLD");
    bad.as_object_mut().unwrap().remove("tenure");
    assert_invalid(
        &cara.post("/api/property", bad).await,
        "tenure",
        "missing tenure",
    );
    // A purchase's Property takes the same call: this remortgage is not a buying case.
    let mut bad = property_body(id, "FREEHOLD");
    bad["caseType"] = json!("BUYING");
    assert_status(
        &cara.post("/api/property", bad).await,
        StatusCode::NOT_FOUND,
        "a remortgage named as buying",
    );
    let mut bad = property_body(id, "FREEHOLD");
    bad["caseType"] = json!("LEASE");
    assert_invalid(
        &cara.post("/api/property", bad).await,
        "caseType",
        "unknown type",
    );
    let mut bad = property_body(id, "FREEHOLD");
    bad["colour"] = json!("red");
    assert_invalid(
        &cara.post("/api/property", bad).await,
        "colour",
        "unknown field",
    );

    let res = cara
        .post("/api/property", property_body(id, "LEASEHOLD"))
        .await;
    assert_status(&res, StatusCode::NO_CONTENT, "property details");
    let case = expanded(&mut cara, id).await;
    assert_eq!(case["property"]["landOwnership"], "JOINT_TENANCY");
    assert_eq!(case["property"]["type"], "TERRACED");
    assert_eq!(case["property"]["tenure"], "LEASEHOLD");
    assert_eq!(
        section(&case, "property-details"),
        "IS_COMPLETE",
        "REM-APP-15"
    );
    // The write brought the required documents in: the statements, each an empty slot.
    let docs = slots(&case["requiredDocuments"]["documents"]);
    assert_eq!(
        docs.iter()
            .map(|(t, _, d)| (t.as_str(), *d))
            .collect::<Vec<_>>(),
        vec![("MORTGAGE_STATEMENT", None), ("BANK_STATEMENT", None)]
    );
    assert!(docs.iter().all(|(_, slot, _)| *slot > 0));
    assert_eq!(case["requiredDocuments"]["buyToLetDocuments"], json!([]));
    // Owners opens once the land ownership is known (REM-APP-17).
    assert_eq!(section(&case, "owners"), "NOT_STARTED");
    // Audited, by id only.
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    assert!(
        audit
            .iter()
            .any(|e| e.action == "case.property_details_updated"),
        "{audit:?}"
    );
}

/// CALLS-25, ENUM-10: a leasehold's ground rent, ANNUALLY and HALF_YEARLY both accepted.
async fn ground_rent_is_for_leasehold_properties_only(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = customer_case(&app).await;
    let path = format!("/api/remortgaging/{id}/ground-rent");
    let rent = json!({ "amount": 25_000, "frequency": "ANNUALLY" });
    // The case opened freehold (its key facts).
    assert_conflict(
        &cara.post(&path, rent.clone()).await,
        "not_leasehold",
        "freehold",
    );

    let res = cara
        .post("/api/property", property_body(id, "LEASEHOLD"))
        .await;
    assert_status(&res, StatusCode::NO_CONTENT, "leasehold");
    assert_invalid(
        &cara
            .post(&path, json!({ "amount": -1, "frequency": "ANNUALLY" }))
            .await,
        "amount",
        "negative amount",
    );
    assert_invalid(
        &cara
            .post(&path, json!({ "amount": 100, "frequency": "WEEKLY" }))
            .await,
        "frequency",
        "unknown frequency",
    );
    assert_invalid(
        &cara
            .post(&path, json!({ "amount": 1.5, "frequency": "ANNUALLY" }))
            .await,
        "amount",
        "pence are whole",
    );
    assert_eq!(expanded(&mut cara, id).await["groundRent"], Value::Null);
    assert_status(
        &cara.post(&path, rent).await,
        StatusCode::NO_CONTENT,
        "rent",
    );
    let res = cara
        .post(
            &path,
            json!({ "amount": 12_500, "frequency": "HALF_YEARLY" }),
        )
        .await;
    assert_status(&res, StatusCode::NO_CONTENT, "rent again");
    assert_eq!(
        expanded(&mut cara, id).await["groundRent"],
        json!({ "amount": 12_500, "frequency": "HALF_YEARLY" })
    );
    // A freehold has none.
    let res = cara
        .post("/api/property", property_body(id, "FREEHOLD"))
        .await;
    assert_status(&res, StatusCode::NO_CONTENT, "freehold again");
    assert_eq!(expanded(&mut cara, id).await["groundRent"], Value::Null);
    assert_eq!(
        cara.post(
            &format!("/api/remortgaging/{}/ground-rent", id + 1000),
            json!({ "amount": 1, "frequency": "ANNUALLY" })
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
}

/// CALLS-09, CALLS-22, ENUM-09, ENT-15 (alteration id): an EXTENSION is listed in the expanded
/// `alterations` and deleted by its id; the documents are held by OWNER or SOLICITOR.
async fn alterations_are_answered_added_and_removed_with_their_documents(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = customer_case(&app).await;
    let res = cara
        .post("/api/property", property_body(id, "FREEHOLD"))
        .await;
    assert_status(&res, StatusCode::NO_CONTENT, "property");
    complete_owners(&app, &mut cara, id).await;
    let case = expanded(&mut cara, id).await;
    assert_eq!(section(&case, "owners"), "IS_COMPLETE");
    assert_eq!(section(&case, "property-alterations"), "NOT_STARTED");

    let post = "/api/property/alterations";
    assert_invalid(
        &cara
            .post(post, alterations_body(id, false, Some(extension("OWNER"))))
            .await,
        "alteration",
        "an alteration with no",
    );
    let mut future = extension("OWNER");
    future["completedOn"] = json!("2999-01-01");
    assert_invalid(
        &cara
            .post(post, alterations_body(id, true, Some(future)))
            .await,
        "alteration.completedOn",
        "in the future",
    );
    let mut bad_date = extension("OWNER");
    bad_date["completedOn"] = json!("01/05/2019");
    assert_invalid(
        &cara
            .post(post, alterations_body(id, true, Some(bad_date)))
            .await,
        "alteration.completedOn",
        "not yyyy-mm-dd",
    );
    let mut bad_holder = extension("OWNER");
    bad_holder["documentsHeldBy"] = json!("NEIGHBOUR");
    assert_invalid(
        &cara
            .post(post, alterations_body(id, true, Some(bad_holder)))
            .await,
        "alteration.documentsHeldBy",
        "unknown holder",
    );

    // Yes, with none listed yet: not complete (REM-APP-24).
    let res = cara.post(post, alterations_body(id, true, None)).await;
    assert_status(&res, StatusCode::NO_CONTENT, "yes");
    assert_eq!(
        section(&expanded(&mut cara, id).await, "property-alterations"),
        "NOT_STARTED"
    );

    let res = cara
        .post(post, alterations_body(id, true, Some(extension("OWNER"))))
        .await;
    assert_status(&res, StatusCode::CREATED, "an owner's extension");
    let extension_id = res.body["id"].as_i64().unwrap();
    let windows = json!({ "alterationType": "WINDOWS_AND_DOORS", "documentsHeldBy": "SOLICITOR" });
    let res = cara
        .post(post, alterations_body(id, true, Some(windows)))
        .await;
    assert_status(&res, StatusCode::CREATED, "the solicitor's windows");
    let windows_id = res.body["id"].as_i64().unwrap();

    let case = expanded(&mut cara, id).await;
    assert_eq!(case["hasAlterations"], true);
    assert_eq!(
        case["alterations"],
        json!([
            { "id": extension_id, "alterationType": "EXTENSION", "completedOn": "2019-05-01",
              "documentsHeldBy": "OWNER" },
            { "id": windows_id, "alterationType": "WINDOWS_AND_DOORS", "completedOn": null,
              "documentsHeldBy": "SOLICITOR" },
        ])
    );
    assert_eq!(section(&case, "property-alterations"), "IS_COMPLETE");
    // Only the owner's alteration asks for documents.
    let groups = case["requiredDocuments"]["alterationDocuments"]
        .as_array()
        .unwrap();
    let owner: Vec<_> = groups
        .iter()
        .filter(|g| g["alterationId"] == extension_id)
        .collect();
    assert_eq!(
        types(&owner[0]["requiredDocuments"]),
        vec![
            "PLANNING_PERMISSION",
            "BUILDING_REGULATIONS_COMPLETION_CERTIFICATE"
        ]
    );
    let solicitor: Vec<_> = groups
        .iter()
        .filter(|g| g["alterationId"] == windows_id)
        .collect();
    assert_eq!(solicitor[0]["requiredDocuments"], json!([]));
    assert_eq!(section(&case, "documents"), "NOT_STARTED");

    assert_conflict(
        &cara.post(post, alterations_body(id, false, None)).await,
        "alterations_listed",
        "no, while listed",
    );
    let delete = |alteration: i64| {
        format!("/api/remortgaging/{id}/property/alterations/{alteration}/delete")
    };
    let res = cara.post(&delete(extension_id), json!({})).await;
    assert_status(&res, StatusCode::NO_CONTENT, "delete the extension");
    assert_status(
        &cara.post(&delete(extension_id), json!({})).await,
        StatusCode::NOT_FOUND,
        "delete it again",
    );
    assert_status(
        &cara.post(&delete(999_999), json!({})).await,
        StatusCode::NOT_FOUND,
        "an unknown alteration",
    );
    let case = expanded(&mut cara, id).await;
    assert_eq!(case["alterations"].as_array().unwrap().len(), 1);
    // Its documents went with it.
    assert!(
        case["requiredDocuments"]["alterationDocuments"]
            .as_array()
            .unwrap()
            .iter()
            .all(|g| g["requiredDocuments"] == json!([])),
        "{:?}",
        case["requiredDocuments"]
    );
    let res = cara.post(&delete(windows_id), json!({})).await;
    assert_status(&res, StatusCode::NO_CONTENT, "delete the windows");
    let res = cara.post(post, alterations_body(id, false, None)).await;
    assert_status(&res, StatusCode::NO_CONTENT, "no");
    let case = expanded(&mut cara, id).await;
    assert_eq!(case["hasAlterations"], false);
    assert_eq!(section(&case, "property-alterations"), "IS_COMPLETE");
}

/// CALLS-10, CALLS-64, ENT-15 (loan id): a loan is listed in the expanded `loans`, deleted by its
/// id, and the section recomputed.
async fn loans_are_answered_added_and_removed(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = customer_case(&app).await;
    let res = cara
        .post("/api/property", property_body(id, "FREEHOLD"))
        .await;
    assert_status(&res, StatusCode::NO_CONTENT, "property");
    complete_owners(&app, &mut cara, id).await;
    assert_eq!(
        section(&expanded(&mut cara, id).await, "financial-details"),
        "NOT_STARTED"
    );

    let loan =
        json!({ "chargeType": "SECURED_LOAN", "lenderName": "  Acme Loans ", "amount": 500_000 });
    assert_invalid(
        &cara
            .post("/api/loans", loans_body(id, false, Some(loan.clone())))
            .await,
        "loan",
        "a loan with no",
    );
    let mut long = loan.clone();
    long["lenderName"] = json!("x".repeat(101));
    assert_invalid(
        &cara
            .post("/api/loans", loans_body(id, true, Some(long)))
            .await,
        "loan.lenderName",
        "101 characters",
    );
    let mut negative = loan.clone();
    negative["amount"] = json!(-5);
    assert_invalid(
        &cara
            .post("/api/loans", loans_body(id, true, Some(negative)))
            .await,
        "loan.amount",
        "negative",
    );
    let mut unknown = loan.clone();
    unknown["chargeType"] = json!("IOU");
    assert_invalid(
        &cara
            .post("/api/loans", loans_body(id, true, Some(unknown)))
            .await,
        "loan.chargeType",
        "unknown charge",
    );

    let res = cara
        .post("/api/loans", loans_body(id, true, Some(loan)))
        .await;
    assert_status(&res, StatusCode::CREATED, "a loan");
    let loan_id = res.body["id"].as_i64().unwrap();
    let bare = json!({ "chargeType": "CHARGING_ORDER" });
    let res = cara
        .post("/api/loans", loans_body(id, true, Some(bare)))
        .await;
    assert_status(&res, StatusCode::CREATED, "a bare loan");
    let bare_id = res.body["id"].as_i64().unwrap();
    let case = expanded(&mut cara, id).await;
    assert_eq!(case["hasLoans"], true);
    assert_eq!(
        case["loans"],
        json!([
            { "id": loan_id, "chargeType": "SECURED_LOAN", "lenderName": "Acme Loans", "amount": 500_000 },
            { "id": bare_id, "chargeType": "CHARGING_ORDER", "lenderName": null, "amount": null },
        ])
    );
    assert_eq!(
        section(&case, "financial-details"),
        "IS_COMPLETE",
        "REM-APP-27"
    );
    assert_conflict(
        &cara.post("/api/loans", loans_body(id, false, None)).await,
        "loans_listed",
        "no, while listed",
    );
    for l in [loan_id, bare_id] {
        let res = cara.delete(&format!("/api/loans/{l}")).await;
        assert_status(&res, StatusCode::NO_CONTENT, "delete");
    }
    assert_status(
        &cara.delete(&format!("/api/loans/{loan_id}")).await,
        StatusCode::NOT_FOUND,
        "delete again",
    );
    let case = expanded(&mut cara, id).await;
    assert_eq!(case["loans"], json!([]));
    assert_eq!(section(&case, "financial-details"), "NOT_STARTED");
    let res = cara.post("/api/loans", loans_body(id, false, None)).await;
    assert_status(&res, StatusCode::NO_CONTENT, "no");
    assert_eq!(
        section(&expanded(&mut cara, id).await, "financial-details"),
        "IS_COMPLETE"
    );
}

/// Every call of this issue, as (method, path, body) for a case with one alteration and one
/// loan.
fn calls(id: i64, alteration: i64, loan: i64) -> Vec<(&'static str, String, Option<Value>)> {
    vec![
        (
            "POST",
            "/api/property".into(),
            Some(property_body(id, "LEASEHOLD")),
        ),
        (
            "POST",
            format!("/api/remortgaging/{id}/ground-rent"),
            Some(json!({ "amount": 100, "frequency": "ANNUALLY" })),
        ),
        (
            "POST",
            "/api/property/alterations".into(),
            Some(alterations_body(id, true, Some(extension("OWNER")))),
        ),
        (
            "POST",
            format!("/api/remortgaging/{id}/property/alterations/{alteration}/delete"),
            None,
        ),
        (
            "POST",
            "/api/loans".into(),
            Some(loans_body(
                id,
                true,
                Some(json!({ "chargeType": "MORTGAGE" })),
            )),
        ),
        ("DELETE", format!("/api/loans/{loan}"), None),
        ("POST", format!("/api/remortgaging/{id}/submit"), None),
    ]
}

async fn send(client: &mut Client, method: &str, path: &str, body: &Option<Value>) -> Res {
    match method {
        "DELETE" => client.delete(path).await,
        _ => client.post(path, body.clone().unwrap_or(json!({}))).await,
    }
}

/// A case with everything written up to the alterations and loans; returns (broker, Cara, id,
/// alteration id, loan id). Cara's property is leasehold.
async fn filled_case(app: &TestApp) -> (Client, Client, i64, i64, i64) {
    let (broker, mut cara, id) = customer_case(app).await;
    let res = cara
        .post("/api/property", property_body(id, "LEASEHOLD"))
        .await;
    assert_status(&res, StatusCode::NO_CONTENT, "property");
    complete_owners(app, &mut cara, id).await;
    let res = cara
        .post(
            "/api/property/alterations",
            alterations_body(id, true, Some(extension("OWNER"))),
        )
        .await;
    assert_status(&res, StatusCode::CREATED, "alteration");
    let alteration = res.body["id"].as_i64().unwrap();
    let res = cara
        .post(
            "/api/loans",
            loans_body(id, true, Some(json!({ "chargeType": "MORTGAGE" }))),
        )
        .await;
    assert_status(&res, StatusCode::CREATED, "loan");
    let loan = res.body["id"].as_i64().unwrap();
    (broker, cara, id, alteration, loan)
}

/// ROLES-15: another customer's writes to the case are 404 and change nothing.
async fn every_call_refuses_the_anonymous_staff_other_customers_and_other_firms(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, _cara, id, alteration, loan) = filled_case(&app).await;
    app.create_user("staff@firm.test", "ROLE_CONVEYANCER", true)
        .await;
    app.create_user("dave@example.test", "ROLE_USER", true)
        .await;
    let mut staff = app.sign_in("staff@firm.test").await;
    let mut dave = app.sign_in("dave@example.test").await;
    // firm() made a broker admin of another firm.
    let mut rival = app.sign_in("rival@other.test").await;
    let mut anonymous = app.client();
    for (method, path, body) in calls(id, alteration, loan) {
        let res = send(&mut anonymous, method, &path, &body).await;
        assert_status(
            &res,
            StatusCode::UNAUTHORIZED,
            &format!("anonymous {method} {path}"),
        );
        let res = send(&mut staff, method, &path, &body).await;
        assert_status(
            &res,
            StatusCode::FORBIDDEN,
            &format!("staff {method} {path}"),
        );
        let res = send(&mut dave, method, &path, &body).await;
        assert_status(
            &res,
            StatusCode::NOT_FOUND,
            &format!("another customer {method} {path}"),
        );
        let res = send(&mut rival, method, &path, &body).await;
        assert_status(
            &res,
            StatusCode::NOT_FOUND,
            &format!("another firm's broker {method} {path}"),
        );
    }
    // Nothing changed.
    let case = app
        .cases
        .open(
            &threshold_cases::Caller::System,
            threshold_engine::CaseType::Remortgaging,
            id,
        )
        .await
        .unwrap();
    assert_eq!(case.loaded.alterations.len(), 1);
    assert_eq!(case.loaded.loans.len(), 1);
    assert!(case.loaded.ground_rent.is_none());
}

async fn a_broker_writes_in_the_broker_stages_only(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = broker_case(&app).await;
    // BROKER_APPLICATION: the broker fills the sections without an accepted quote
    // (REM-APP-14).
    let res = broker
        .post("/api/property", property_body(id, "LEASEHOLD"))
        .await;
    assert_status(&res, StatusCode::NO_CONTENT, "broker: property");
    let res = broker
        .post(
            &format!("/api/remortgaging/{id}/ground-rent"),
            json!({ "amount": 100, "frequency": "ANNUALLY" }),
        )
        .await;
    assert_status(&res, StatusCode::NO_CONTENT, "broker: ground rent");
    complete_owners(&app, &mut cara, id).await;
    let res = broker
        .post(
            "/api/property/alterations",
            alterations_body(id, true, Some(extension("OWNER"))),
        )
        .await;
    assert_status(&res, StatusCode::CREATED, "broker: alteration");
    let alteration = res.body["id"].as_i64().unwrap();
    let res = broker
        .post(
            "/api/loans",
            loans_body(id, true, Some(json!({ "chargeType": "MORTGAGE" }))),
        )
        .await;
    assert_status(&res, StatusCode::CREATED, "broker: loan");
    let loan = res.body["id"].as_i64().unwrap();
    // ...and removes them again.
    let res = broker
        .post(
            "/api/loans",
            loans_body(id, true, Some(json!({ "chargeType": "OTHER" }))),
        )
        .await;
    assert_status(&res, StatusCode::CREATED, "broker: another loan");
    let other_loan = res.body["id"].as_i64().unwrap();
    let res = broker.delete(&format!("/api/loans/{other_loan}")).await;
    assert_status(&res, StatusCode::NO_CONTENT, "broker: delete a loan");
    let res = broker
        .post(
            "/api/property/alterations",
            alterations_body(id, true, Some(extension("SOLICITOR"))),
        )
        .await;
    assert_status(&res, StatusCode::CREATED, "broker: another alteration");
    let other_alteration = res.body["id"].as_i64().unwrap();
    let res = broker
        .post(
            &format!("/api/remortgaging/{id}/property/alterations/{other_alteration}/delete"),
            json!({}),
        )
        .await;
    assert_status(&res, StatusCode::NO_CONTENT, "broker: delete an alteration");
    let case = expanded(&mut broker, id).await;
    assert_eq!(section(&case, "property-alterations"), "IS_COMPLETE");
    assert_eq!(section(&case, "financial-details"), "IS_COMPLETE");
    // The broker does not submit.
    let res = broker
        .post(
            &format!("/api/remortgaging/{id}/submit"),
            json!({ "declarationConfirmed": true }),
        )
        .await;
    assert!(
        matches!(res.status, StatusCode::FORBIDDEN | StatusCode::CONFLICT),
        "{:?}",
        res.body
    );

    // Handed over: the application is Cara's now.
    hand_over(&mut broker, &mut cara, id).await;
    for (method, path, body) in calls(id, alteration, loan) {
        let res = send(&mut broker, method, &path, &body).await;
        if path.ends_with("/submit") {
            assert_status(&res, StatusCode::FORBIDDEN, "broker: submit");
        } else {
            assert_conflict(&res, "section_closed", &format!("broker {method} {path}"));
            assert_eq!(
                res.body["error"]["message"],
                "The application is with the customer now: only they can change it."
            );
        }
    }
    // Cara still may.
    let res = cara.delete(&format!("/api/loans/{loan}")).await;
    assert_status(&res, StatusCode::NO_CONTENT, "Cara: delete the loan");
}

async fn a_locked_section_refuses_its_writes(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    // A customer's own case whose quote she has not accepted: Property Details is locked
    // (REM-APP-13).
    app.create_user("erin@example.test", "ROLE_USER", true)
        .await;
    let mut erin = app.sign_in("erin@example.test").await;
    let mut body = support::cases::remortgaging_body("x@example.test", "X");
    body.as_object_mut().unwrap().remove("client");
    body.as_object_mut().unwrap().remove("brokerReference");
    body["property"]["tenure"] = json!("LEASEHOLD");
    let res = erin.post("/api/remortgaging/case", body).await;
    assert_status(&res, StatusCode::CREATED, "Erin's case");
    let erins = res.body["caseId"].as_i64().unwrap();
    assert_eq!(res.body["status"], "CUSTOMER_APPLICATION");
    let case = expanded(&mut erin, erins).await;
    assert_eq!(section(&case, "property-details"), "LOCKED");
    let res = erin
        .post("/api/property", property_body(erins, "LEASEHOLD"))
        .await;
    assert_conflict(
        &res,
        "section_closed",
        "property details, quote not accepted",
    );
    assert_eq!(
        res.body["error"]["message"],
        "This section is locked: complete the sections before it first."
    );
    let res = erin
        .post(
            &format!("/api/remortgaging/{erins}/ground-rent"),
            json!({ "amount": 100, "frequency": "ANNUALLY" }),
        )
        .await;
    assert_conflict(&res, "section_closed", "ground rent, quote not accepted");

    // Cara's case: the quote accepted, but the owners not complete (L3).
    let (_broker, mut cara, id) = customer_case(&app).await;
    let res = cara
        .post("/api/property", property_body(id, "FREEHOLD"))
        .await;
    assert_status(&res, StatusCode::NO_CONTENT, "property");
    let case = expanded(&mut cara, id).await;
    assert_eq!(
        section(&case, "property-alterations"),
        "LOCKED",
        "REM-APP-23"
    );
    assert_eq!(section(&case, "financial-details"), "LOCKED", "REM-APP-26");
    assert_conflict(
        &cara
            .post(
                "/api/property/alterations",
                alterations_body(id, false, None),
            )
            .await,
        "section_closed",
        "alterations",
    );
    assert_conflict(
        &cara.post("/api/loans", loans_body(id, false, None)).await,
        "section_closed",
        "loans",
    );
    // Rows added while open cannot be removed once the section locks again.
    complete_owners(&app, &mut cara, id).await;
    let res = cara
        .post(
            "/api/property/alterations",
            alterations_body(id, true, Some(extension("SOLICITOR"))),
        )
        .await;
    assert_status(&res, StatusCode::CREATED, "alteration");
    let alteration = res.body["id"].as_i64().unwrap();
    let res = cara
        .post(
            "/api/loans",
            loans_body(id, true, Some(json!({ "chargeType": "OTHER" }))),
        )
        .await;
    assert_status(&res, StatusCode::CREATED, "loan");
    let loan = res.body["id"].as_i64().unwrap();
    exec(
        &app,
        format!("UPDATE cases SET has_adult_occupants = NULL WHERE id = {id}"),
    )
    .await;
    assert_conflict(
        &cara
            .post(
                &format!("/api/remortgaging/{id}/property/alterations/{alteration}/delete"),
                json!({}),
            )
            .await,
        "section_closed",
        "delete alteration",
    );
    assert_conflict(
        &cara.delete(&format!("/api/loans/{loan}")).await,
        "section_closed",
        "delete loan",
    );
}

async fn a_complete_application_submits_to_identity_verification(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = customer_case(&app).await;
    let submit = format!("/api/remortgaging/{id}/submit");
    let res = cara
        .post(&submit, json!({ "declarationConfirmed": true }))
        .await;
    assert_conflict(&res, "not_ready", "nothing filled in");

    let res = cara
        .post("/api/property", property_body(id, "FREEHOLD"))
        .await;
    assert_status(&res, StatusCode::NO_CONTENT, "property");
    complete_owners(&app, &mut cara, id).await;
    let res = cara.post("/api/loans", loans_body(id, false, None)).await;
    assert_status(&res, StatusCode::NO_CONTENT, "no loans");
    let res = cara
        .post(&submit, json!({ "declarationConfirmed": true }))
        .await;
    assert_conflict(&res, "not_ready", "alterations unanswered");
    assert_eq!(
        res.body["error"]["message"],
        "Property Alterations is not complete."
    );
    let case = expanded(&mut cara, id).await;
    assert_eq!(case["view"]["readyToSubmit"], false);

    let res = cara
        .post(
            "/api/property/alterations",
            alterations_body(id, false, None),
        )
        .await;
    assert_status(&res, StatusCode::NO_CONTENT, "no alterations");
    let case = expanded(&mut cara, id).await;
    assert_eq!(case["view"]["readyToSubmit"], true, "{:?}", case["view"]);
    assert_eq!(section(&case, "review-and-submit"), "NOT_STARTED");
    // The documents are not a condition of submitting a live-in remortgage.
    assert_eq!(section(&case, "documents"), "NOT_STARTED");

    let res = cara
        .post(&submit, json!({ "declarationConfirmed": true }))
        .await;
    assert_status(&res, StatusCode::OK, "submit");
    assert_eq!(
        res.body,
        json!({ "caseId": id, "caseType": "REMORTGAGING", "status": "IDENTITY_VERIFICATION" })
    );
    let case = expanded(&mut cara, id).await;
    assert_eq!(case["status"], "IDENTITY_VERIFICATION");
    assert_eq!(case["view"]["submitted"], true);
    // Once submitted the sections are closed, and it is not submitted twice.
    assert_conflict(
        &cara.post("/api/loans", loans_body(id, false, None)).await,
        "section_closed",
        "after submitting",
    );
    assert_conflict(
        &cara
            .post(&submit, json!({ "declarationConfirmed": true }))
            .await,
        "wrong_status",
        "again",
    );
    // The customers and the broker hear of it (the workflow's effects).
    wait_for_subject(&app, CARA, "We have received your application").await;
    wait_for_subject(&app, "broker@firm.test", "has been submitted").await;
}

async fn a_buy_to_let_case_waits_for_its_documents_before_review_and_submit(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = customer_case(&app).await;
    // Test-only: the key facts refuse buy-to-let today (ineligible, spec §5), but spec §4
    // still defines its documents; a case that is buy-to-let gets them at its next write.
    set_case(&app, id, "property_usage", "BUY_TO_LET").await;
    let res = cara
        .post("/api/property", property_body(id, "FREEHOLD"))
        .await;
    assert_status(&res, StatusCode::NO_CONTENT, "property");
    complete_owners(&app, &mut cara, id).await;
    let res = cara
        .post(
            "/api/property/alterations",
            alterations_body(id, false, None),
        )
        .await;
    assert_status(&res, StatusCode::NO_CONTENT, "no alterations");
    let res = cara.post("/api/loans", loans_body(id, false, None)).await;
    assert_status(&res, StatusCode::NO_CONTENT, "no loans");
    let case = expanded(&mut cara, id).await;
    let btl = slots(&case["requiredDocuments"]["buyToLetDocuments"]);
    assert_eq!(
        btl.iter().map(|(t, ..)| t.as_str()).collect::<Vec<_>>(),
        vec![
            "TENANCY_AGREEMENT",
            "GAS_SAFETY_CERTIFICATE",
            "ENERGY_PERFORMANCE_CERTIFICATE"
        ]
    );
    assert_eq!(section(&case, "review-and-submit"), "LOCKED", "REM-APP-32");
    assert_eq!(case["view"]["readyToSubmit"], false, "REM-APP-35");
    let submit = format!("/api/remortgaging/{id}/submit");
    assert_conflict(
        &cara
            .post(&submit, json!({ "declarationConfirmed": true }))
            .await,
        "not_ready",
        "documents missing",
    );

    for (i, (t, slot, _)) in btl.iter().enumerate() {
        let res = cara
            .post_form("/api/document", upload(id, t, Some(*slot)))
            .await;
        assert_status(&res, StatusCode::CREATED, t);
        let case = expanded(&mut cara, id).await;
        let expected = if i + 1 == btl.len() {
            "NOT_STARTED"
        } else {
            "LOCKED"
        };
        assert_eq!(section(&case, "review-and-submit"), expected, "after {t}");
    }
    let res = cara
        .post(&submit, json!({ "declarationConfirmed": true }))
        .await;
    assert_status(&res, StatusCode::OK, "submit");
    assert_eq!(res.body["status"], "IDENTITY_VERIFICATION");
}

/// CALLS-12, CALLS-66, ENT-15 (document id): an upload answers its document id and fills its
/// `requiredDocuments` slot; deleting the document empties it.
async fn an_upload_fills_its_required_document_slot_and_deleting_it_empties_it(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = customer_case(&app).await;
    let res = cara
        .post("/api/property", property_body(id, "FREEHOLD"))
        .await;
    assert_status(&res, StatusCode::NO_CONTENT, "property");
    complete_owners(&app, &mut cara, id).await;
    let res = cara
        .post(
            "/api/property/alterations",
            alterations_body(id, true, Some(extension("OWNER"))),
        )
        .await;
    assert_status(&res, StatusCode::CREATED, "alteration");
    let case = expanded(&mut cara, id).await;
    let docs = slots(&case["requiredDocuments"]["documents"]);
    let alteration_docs =
        slots(&case["requiredDocuments"]["alterationDocuments"][0]["requiredDocuments"]);
    let (mortgage_slot, bank_slot) = (docs[0].1, docs[1].1);

    // A slot named: that slot is filled.
    let res = cara
        .post_form(
            "/api/document",
            upload(id, "MORTGAGE_STATEMENT", Some(mortgage_slot)),
        )
        .await;
    assert_status(&res, StatusCode::CREATED, "mortgage statement");
    let mortgage_doc = res.body["documentId"].as_i64().unwrap();
    // No slot named: the first empty one of the type.
    let res = cara
        .post_form("/api/document", upload(id, "BANK_STATEMENT", None))
        .await;
    assert_status(&res, StatusCode::CREATED, "bank statement");
    let bank_doc = res.body["documentId"].as_i64().unwrap();
    // A type of the workflow's that no slot asks for is simply stored (a live-in property's
    // tenancy agreement); one the workflow does not declare is refused.
    let res = cara
        .post_form("/api/document", upload(id, "TENANCY_AGREEMENT", None))
        .await;
    assert_status(&res, StatusCode::CREATED, "a tenancy agreement");
    let res = cara
        .post_form("/api/document", upload(id, "TA6", None))
        .await;
    assert_invalid(&res, "documentType", "a purchase's TA6");
    let case = expanded(&mut cara, id).await;
    assert_eq!(
        slots(&case["requiredDocuments"]["documents"]),
        vec![
            (
                "MORTGAGE_STATEMENT".to_owned(),
                mortgage_slot,
                Some(mortgage_doc)
            ),
            ("BANK_STATEMENT".to_owned(), bank_slot, Some(bank_doc)),
        ]
    );
    // The alteration's documents are still wanted (REM-APP-29).
    assert_eq!(section(&case, "documents"), "NOT_STARTED");
    for (t, slot, _) in &alteration_docs {
        let res = cara
            .post_form("/api/document", upload(id, t, Some(*slot)))
            .await;
        assert_status(&res, StatusCode::CREATED, t);
    }
    assert_eq!(
        section(&expanded(&mut cara, id).await, "documents"),
        "IS_COMPLETE"
    );

    // A slot of another case is not found; the type must be the slot's.
    let mut broker = app.sign_in("broker@firm.test").await;
    let other = create_remortgaging(&mut broker, "fay@example.test", "Fay").await;
    let mut fay = app.sign_in("fay@example.test").await;
    let res = fay
        .post_form(
            "/api/document",
            upload(other, "MORTGAGE_STATEMENT", Some(mortgage_slot)),
        )
        .await;
    assert_status(&res, StatusCode::NOT_FOUND, "another case's slot");
    let res = cara
        .post_form(
            "/api/document",
            upload(id, "BANK_STATEMENT", Some(mortgage_slot)),
        )
        .await;
    assert_invalid(&res, "documentType", "the slot's type");
    let res = cara
        .post_form("/api/document", upload(id, "BANK_STATEMENT", Some(-3)))
        .await;
    assert_invalid(&res, "requiredDocumentId", "not an id");

    // Deleting the document empties its slot again (DOCS-05).
    let res = cara.delete(&format!("/api/document/{mortgage_doc}")).await;
    assert_status(&res, StatusCode::NO_CONTENT, "delete");
    let case = expanded(&mut cara, id).await;
    assert_eq!(
        slots(&case["requiredDocuments"]["documents"])[0],
        ("MORTGAGE_STATEMENT".to_owned(), mortgage_slot, None)
    );
    assert_eq!(section(&case, "documents"), "NOT_STARTED");
    // A later write keeps the uploads of the slots it keeps.
    let res = cara.post("/api/loans", loans_body(id, false, None)).await;
    assert_status(&res, StatusCode::NO_CONTENT, "no loans");
    let case = expanded(&mut cara, id).await;
    assert_eq!(
        slots(&case["requiredDocuments"]["documents"])[1],
        ("BANK_STATEMENT".to_owned(), bank_slot, Some(bank_doc))
    );
}

/// ENUM-16, ENUM-17, ENUM-18: POST /property takes each of the 14 property types, POST
/// /property/alterations each of the 14 alteration types and POST /loans each of the 6 existing
/// charge types; the expanded case lists them as sent.
async fn enum_16_17_18_every_property_alteration_and_charge_type_is_accepted(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = customer_case(&app).await;
    for property_type in [
        "APARTMENT_FLAT",
        "CONVERTED",
        "COTTAGE",
        "DETACHED_HOUSE",
        "DETACHED_BUNGALOW",
        "LOFT",
        "MAISONETTE",
        "SEMI_DETACHED_HOUSE",
        "SEMI_DETACHED_BUNGALOW",
        "STATIC_CARAVAN",
        "STUDIO_APARTMENT",
        "TERRACED",
        "TOWNHOUSE",
        "VILLA",
    ] {
        let mut body = property_body(id, "FREEHOLD");
        body["propertyType"] = json!(property_type);
        let res = cara.post("/api/property", body).await;
        assert_status(&res, StatusCode::NO_CONTENT, property_type);
        assert_eq!(
            expanded(&mut cara, id).await["property"]["type"],
            property_type
        );
    }
    complete_owners(&app, &mut cara, id).await;
    let alteration_types = [
        "BASEMENT_CONVERSION",
        "BOILER",
        "CONSERVATORY",
        "ELECTRICAL",
        "EXTENSION",
        "GAS",
        "GARAGE",
        "GARAGE_CONVERSION",
        "HEATING",
        "INSULATION",
        "LOFT",
        "REMOVAL_OF_WALLS",
        "SOLAR",
        "WINDOWS_AND_DOORS",
    ];
    for alteration_type in alteration_types {
        let alteration =
            json!({ "alterationType": alteration_type, "documentsHeldBy": "SOLICITOR" });
        let res = cara
            .post(
                "/api/property/alterations",
                alterations_body(id, true, Some(alteration)),
            )
            .await;
        assert_status(&res, StatusCode::CREATED, alteration_type);
    }
    let charge_types = [
        "FURTHER_ADVANCE",
        "SECURED_LOAN",
        "MORTGAGE",
        "LEGAL_AID_BOARD_CHARGE",
        "CHARGING_ORDER",
        "OTHER",
    ];
    for charge_type in charge_types {
        let res = cara
            .post(
                "/api/loans",
                loans_body(id, true, Some(json!({ "chargeType": charge_type }))),
            )
            .await;
        assert_status(&res, StatusCode::CREATED, charge_type);
    }
    let case = expanded(&mut cara, id).await;
    let listed = |key: &str, field: &str| -> Vec<String> {
        case[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row[field].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(listed("alterations", "alterationType"), alteration_types);
    assert_eq!(listed("loans", "chargeType"), charge_types);
}

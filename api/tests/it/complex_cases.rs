//! Issue 33, part 2 (ELIG-03/04, CALLS-26): company-owned and buy-to-let remortgages. The
//! eligibility check refuses them (the firm takes none without review, as the spec); a
//! conveyancer takes one on with a written reason and a fresh code, audited, and it goes to the
//! broker; a company case then records its company and directors, a buy-to-let its documents,
//! before it can be submitted. Who may and who may not, and bad input by field, on both
//! databases.

use crate::support;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::cases::{firm, remortgaging_body};
use support::remortgage::{CARA, complete_owners, hand_over, property_body, submit};
use support::staff::{code, enrolled_conveyancer};
use support::{Backend, Client, TestApp};

on_both_databases!(
    a_company_case_is_taken_on_and_submitted_with_its_company,
    a_buy_to_let_case_taken_on_waits_for_its_documents,
    who_may_take_on_a_case_and_record_its_company,
);

/// A broker's remortgage for Cara with `edit` applied to the key facts: (broker, Cara, id, body).
async fn refused_case(app: &TestApp, edit: fn(&mut Value)) -> (Client, Client, i64) {
    firm(app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let mut body = remortgaging_body(CARA, "Cara Client");
    edit(&mut body);
    let res = broker.post("/api/remortgaging/case", body).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    assert_eq!(res.body["status"], "INELIGIBLE");
    let id = res.body["caseId"].as_i64().unwrap();
    (broker, app.sign_in(CARA).await, id)
}

fn company_owned(body: &mut Value) {
    body["isCompanyOwned"] = json!(true);
}

fn buy_to_let(body: &mut Value) {
    body["propertyUsage"] = json!("BUY_TO_LET");
}

async fn take_on(connie: &mut Client, secret: &str, id: i64) -> reqwest::StatusCode {
    let res = connie
        .post(
            &format!("/api/staff/cases/remortgaging/{id}/transition"),
            json!({ "transition": "take_on_for_broker",
                    "reason": "Reviewed: the lender lends to this company.",
                    "code": code(secret, 0) }),
        )
        .await;
    if res.status == StatusCode::OK {
        assert_eq!(res.body["status"], "BROKER_APPLICATION");
    }
    res.status
}

async fn expanded(client: &mut Client, id: i64) -> Value {
    client
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await
        .body
}

fn section(case: &Value, key: &str) -> Value {
    case["view"]["sections"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["key"] == key)
        .map(|s| s["state"].clone())
        .unwrap_or(Value::Null)
}

fn company_body(owner: i64) -> Value {
    json!({
        "registeredName": "Client Holdings Ltd",
        "companyNumber": "sc 123456",
        "registeredOffice": { "addressLine1": "2 Castle Street", "town": "Canterbury",
                              "postcode": "ct1 2ab" },
        "officers": [{ "ownerId": owner, "isDirector": true, "isGuarantor": true }],
    })
}

/// Everything but the company: property, owners, alterations (a company case has no
/// Financial Details to fill in).
async fn fill_in_company_case(app: &TestApp, cara: &mut Client, id: i64) {
    let res = cara
        .post("/api/property", property_body(id, "FREEHOLD"))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    complete_owners(app, cara, id).await;
    let res = cara
        .post(
            "/api/property/alterations",
            json!({ "caseType": "REMORTGAGING", "caseId": id, "hasAlterations": false }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
}

/// ELIG-03 refused, then taken on after review (reason and code, audited); CALLS-26 the
/// company recorded, REM-APP-25 Financial Details hidden, submitted once a director is named.
async fn a_company_case_is_taken_on_and_submitted_with_its_company(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = refused_case(&app, company_owned).await;
    let (mut connie, secret, _) = enrolled_conveyancer(&app).await;
    let staff_case = format!("/api/staff/cases/remortgaging/{id}");
    let offered: Vec<Value> = connie.get(&staff_case).await.body["transitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].clone())
        .collect();
    assert!(
        offered.contains(&json!("take_on_for_broker")),
        "{offered:?}"
    );
    // Without a reason, or without a fresh code, nothing moves.
    let path = format!("{staff_case}/transition");
    let res = connie
        .post(
            &path,
            json!({ "transition": "take_on_for_broker", "code": code(&secret, 0) }),
        )
        .await;
    assert!(res.field_error("reason").is_some(), "{:?}", res.body);
    let res = connie
        .post(
            &path,
            json!({ "transition": "take_on_for_broker", "reason": "ok" }),
        )
        .await;
    assert_eq!(res.body["error"]["code"], "step_up_required");
    assert_eq!(take_on(&mut connie, &secret, id).await, StatusCode::OK);
    let audited = app.db.audit_for("case", &id.to_string()).await.unwrap();
    assert!(audited.iter().any(|e| e.action == "case.transition"
        && e.detail.0["transition"] == "take_on_for_broker"
        && e.detail.0["reason"] == "Reviewed: the lender lends to this company."));
    // Taken on, it stays taken on when the key facts are saved again.
    let mut facts = remortgaging_body(CARA, "Cara Client");
    facts.as_object_mut().unwrap().remove("client");
    company_owned(&mut facts);
    let res = broker
        .post(&format!("/api/remortgaging/case/{id}"), facts.clone())
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "BROKER_APPLICATION");
    assert!(res.body["ineligibilityReason"].is_null());

    hand_over(&mut broker, &mut cara, id).await;
    let case = expanded(&mut cara, id).await;
    assert_eq!(case["isCompanyCase"], true);
    assert!(case["company"].is_null());
    assert_eq!(section(&case, "financial-details"), "HIDDEN");
    fill_in_company_case(&app, &mut cara, id).await;
    assert_eq!(
        expanded(&mut cara, id).await["view"]["readyToSubmit"],
        false
    );
    let res = cara
        .post(
            &format!("/api/remortgaging/{id}/submit"),
            json!({ "declarationConfirmed": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(
        res.body["error"]["message"],
        "Add the company's details and at least one director."
    );

    // Bad input, by field.
    let owner = case["propertyOwners"][0]["id"].as_i64().unwrap();
    let company_path = format!("/api/remortgaging/{id}/company");
    let good = company_body(owner);
    for (edit, field) in [
        (json!({ "registeredName": " " }), "registeredName"),
        (json!({ "companyNumber": "123456789" }), "companyNumber"),
        (json!({ "companyNumber": "S1234567" }), "companyNumber"),
        (
            json!({ "registeredOffice": { "addressLine1": "x", "town": "y", "postcode": "nope" } }),
            "registeredOffice.postcode",
        ),
        (
            json!({ "registeredOffice": { "addressLine1": "", "town": "y", "postcode": "CT1 1AA" } }),
            "registeredOffice.addressLine1",
        ),
        (json!({ "officers": [] }), "officers"),
        (
            json!({ "officers": [{ "ownerId": owner, "isGuarantor": true }] }),
            "officers",
        ),
        (
            json!({ "officers": [{ "ownerId": 999_999, "isDirector": true }] }),
            "officers[0].ownerId",
        ),
        (
            json!({ "officers": [{ "ownerId": owner, "isDirector": true },
                                 { "ownerId": owner, "isGuarantor": true }] }),
            "officers[1].ownerId",
        ),
    ] {
        let mut body = good.clone();
        for (k, v) in edit.as_object().unwrap() {
            body[k] = v.clone();
        }
        let res = cara.post(&company_path, body).await;
        assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{field}");
        assert!(res.field_error(field).is_some(), "{field}: {:?}", res.body);
    }
    let res = cara
        .post(&company_path, json!({ "registeredName": "x" }))
        .await;
    assert_eq!(
        res.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        res.body
    );

    let res = cara.post(&company_path, good).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let case = expanded(&mut cara, id).await;
    assert_eq!(
        case["company"],
        json!({
            "registeredName": "Client Holdings Ltd",
            "companyNumber": "SC123456",
            "registeredOffice": { "addressLine1": "2 Castle Street", "addressLine2": null,
                                  "town": "Canterbury", "postcode": "CT1 2AB" },
            "officers": [{ "ownerId": owner, "isDirector": true, "isGuarantor": true }],
        })
    );
    assert_eq!(case["view"]["readyToSubmit"], true);
    // The audit line counts the officers and names nobody.
    let recorded = app
        .db
        .audit_for("case", &id.to_string())
        .await
        .unwrap()
        .into_iter()
        .find(|e| e.action == "case.company_recorded")
        .unwrap();
    assert_eq!(
        recorded.detail.0,
        json!({ "directors": 1, "guarantors": 1 })
    );
    submit(&mut cara, id).await;
}

/// ELIG-04 refused, taken on; REM-APP-32/35: Review & Submit waits for the buy-to-let
/// documents (tenancy agreement, gas safety certificate, EPC).
async fn a_buy_to_let_case_taken_on_waits_for_its_documents(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = refused_case(&app, buy_to_let).await;
    let (mut connie, secret, _) = enrolled_conveyancer(&app).await;
    assert_eq!(take_on(&mut connie, &secret, id).await, StatusCode::OK);
    hand_over(&mut broker, &mut cara, id).await;
    support::remortgage::fill_in(&app, &mut cara, id).await;
    let case = expanded(&mut cara, id).await;
    let wanted: Vec<String> = case["requiredDocuments"]["buyToLetDocuments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["documentType"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(wanted.len(), 3, "{wanted:?}");
    assert_eq!(section(&case, "review-and-submit"), "LOCKED");
    assert_eq!(case["view"]["readyToSubmit"], false);
    for t in &wanted {
        support::upload_pdf(&mut cara, "REMORTGAGING", id, t).await;
    }
    let case = expanded(&mut cara, id).await;
    assert_ne!(section(&case, "review-and-submit"), "LOCKED");
    assert_eq!(case["view"]["readyToSubmit"], true);
    submit(&mut cara, id).await;
}

/// Authorization rows: the firm takes a case on (not its customer, its broker, another firm's
/// broker, anonymous; never a Scottish case); the case's party records the company (not
/// another customer, another firm's broker, staff, anonymous, nor the broker once the case is
/// the customer's).
async fn who_may_take_on_a_case_and_record_its_company(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = refused_case(&app, company_owned).await;
    let (mut connie, secret, _) = enrolled_conveyancer(&app).await;
    let path = format!("/api/staff/cases/remortgaging/{id}/transition");
    let body = json!({ "transition": "take_on_for_broker", "reason": "ok" });
    let mut rival = app.sign_in("rival@other.test").await;
    for (who, client) in [
        ("the customer", &mut cara),
        ("the broker", &mut broker),
        ("another firm's broker", &mut rival),
    ] {
        let res = client.post(&path, body.clone()).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{who}");
    }
    assert_eq!(
        app.client().post(&path, body.clone()).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(take_on(&mut connie, &secret, id).await, StatusCode::OK);
    // A property in Scotland is never taken on (the next step's code: each is used once).
    let mut scottish = remortgaging_body("sco@example.test", "Sco Client");
    scottish["jurisdiction"] = json!("SCOTLAND");
    let res = broker.post("/api/remortgaging/case", scottish).await;
    assert_eq!(res.body["status"], "INELIGIBLE", "{:?}", res.body);
    let other = res.body["caseId"].as_i64().unwrap();
    let res = connie
        .post(
            &format!("/api/staff/cases/remortgaging/{other}/transition"),
            json!({ "transition": "take_on_for_broker", "reason": "ok", "code": code(&secret, 1) }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(
        res.body["error"]["message"],
        "We cannot act on a property outside England and Wales."
    );

    // The broker records the company in the broker stage (the Owners section opens once the
    // property's details are in).
    let res = broker
        .post("/api/property", property_body(id, "FREEHOLD"))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let owner = expanded(&mut broker, id).await["propertyOwners"][0]["id"]
        .as_i64()
        .unwrap();
    let company_path = format!("/api/remortgaging/{id}/company");
    let res = broker.post(&company_path, company_body(owner)).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    app.create_user("stranger@example.test", "ROLE_USER", true)
        .await;
    let mut stranger = app.sign_in("stranger@example.test").await;
    for (who, client, status) in [
        ("another customer", &mut stranger, StatusCode::NOT_FOUND),
        ("another firm's broker", &mut rival, StatusCode::NOT_FOUND),
        ("staff", &mut connie, StatusCode::FORBIDDEN),
    ] {
        let res = client.post(&company_path, company_body(owner)).await;
        assert_eq!(res.status, status, "{who}: {:?}", res.body);
    }
    assert_eq!(
        app.client()
            .post(&company_path, company_body(owner))
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    hand_over(&mut broker, &mut cara, id).await;
    let res = broker.post(&company_path, company_body(owner)).await;
    assert_eq!(
        res.status,
        StatusCode::CONFLICT,
        "the broker's stage is over"
    );
    assert_eq!(res.body["error"]["code"], "section_closed");
    let res = cara.post(&company_path, company_body(owner)).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
}

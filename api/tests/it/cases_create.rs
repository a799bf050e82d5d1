//! Creating cases, their quote and expanded view, updating key facts, ineligibility
//! (issue 4; checklist LIST-47/48, CALLS-17/18/28/29/47/48/50/51, ELIG-01..06, QUOTE-03/09/10/11,
//! ENT-09/10/13, GUARD-01/02, STATUS-09).

use crate::support;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::cases::{
    buying_body, create_buying, create_remortgaging, firm, ids, remortgaging_body,
};
use support::{Backend, TestApp, pdf_text};

on_both_databases!(
    list_47_calls_17_a_broker_creates_a_remortgaging_case_with_a_quote_and_a_new_client_account,
    list_48_calls_28_a_broker_creates_a_buying_case_with_a_land_tax_estimate,
    calls_47_ent_09_the_expanded_case_carries_the_engine_view,
    calls_50_ent_10_the_buying_expanded_case_carries_the_engine_view,
    guard_01_02_non_numeric_and_unknown_ids_are_404,
    elig_01_to_05_ineligible_key_facts_make_an_ineligible_case_with_the_spec_text,
    elig_06_buying_ineligibility_says_purchasing,
    calls_18_29_updating_key_facts_re_quotes_and_is_audited,
    key_facts_are_validated_by_field,
    a_broker_must_name_the_client_and_a_customer_must_not,
    a_customer_creates_their_own_case,
    conveyancers_get_403_on_the_case_calls,
    quote_09_a_case_without_a_quote_has_no_latest_quote,
    a_transfer_of_equity_quote_says_what_its_land_tax_needs_and_charges_no_return_yet,
    issue_28_a_purchase_is_quoted_on_every_fact_that_changes_its_price,
    issue_28_a_staircasing_remortgage_is_taxed_above_80_percent,
);

/// CALLS-48: GET /remortgaging/{caseId}/quote/latest answers the latest quote with its id.
async fn list_47_calls_17_a_broker_creates_a_remortgaging_case_with_a_quote_and_a_new_client_account(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let res = broker
        .post(
            "/api/remortgaging/case",
            remortgaging_body("New.Client@Example.com", "Sam Smith"),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    assert_eq!(res.body["caseType"], "REMORTGAGING");
    assert_eq!(res.body["status"], "BROKER_APPLICATION");
    assert!(res.body["quote"]["totalAmount"].as_i64().unwrap() > 0);
    assert!(res.body["quote"]["landTaxEstimate"].is_null());
    let client = app
        .db
        .user_by_email("new.client@example.com")
        .await
        .unwrap()
        .expect("the client's account");
    assert_eq!(client.role, threshold_engine::Role::User);
    assert!(!client.is_onboarded);
    let id = res.body["caseId"].as_i64().unwrap();
    // QUOTE-11, ENT-13: the latest quote.
    let quote = broker
        .get(&format!("/api/remortgaging/{id}/quote/latest"))
        .await;
    assert_eq!(quote.status, StatusCode::OK);
    for key in [
        "id",
        "totalAmount",
        "deposit",
        "subtotal",
        "discount",
        "costBreakdown",
    ] {
        assert!(!quote.body[key].is_null(), "{key} missing");
    }
    let section = &quote.body["costBreakdown"][0];
    assert!(section["sectionTitle"].is_string() && section["costs"][0]["amount"].is_i64());
    // Every case change is audited.
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    let actions: Vec<_> = audit.iter().map(|a| a.action.as_str()).collect();
    assert_eq!(actions[0], "case.created");
    assert!(actions.contains(&"case.transition"));
}

/// CALLS-28, CALLS-51: the new purchase is listed; its latest quote carries the land tax estimate.
async fn list_48_calls_28_a_broker_creates_a_buying_case_with_a_land_tax_estimate(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let res = broker
        .post(
            "/api/buying/case",
            buying_body("jo@example.com", "Jo Jones"),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    assert_eq!(res.body["status"], "BROKER_APPLICATION");
    let id = res.body["caseId"].as_i64().unwrap();
    assert_eq!(ids(&broker.get("/api/buying/cases").await), vec![id]);
    // QUOTE-10: the estimate names the tax.
    let quote = broker.get(&format!("/api/buying/{id}/quote/latest")).await;
    assert_eq!(quote.status, StatusCode::OK);
    assert_eq!(
        quote.body["landTaxEstimate"]["landTaxType"],
        "STAMP_DUTY_LAND_TAX"
    );
    assert!(quote.body["landTaxEstimate"]["amount"].as_i64().unwrap() > 0);
    let mut wales = buying_body("wyn@example.com", "Wyn Jones");
    wales["jurisdiction"] = json!("WALES");
    wales["property"]["postcode"] = json!("CF10 1AA");
    let id = broker.post("/api/buying/case", wales).await.body["caseId"]
        .as_i64()
        .unwrap();
    let quote = broker.get(&format!("/api/buying/{id}/quote/latest")).await;
    assert_eq!(
        quote.body["landTaxEstimate"]["landTaxType"],
        "LAND_TRANSACTION_TAX"
    );
}

/// CALLS-47: GET /remortgaging/cases/{caseId}/expanded answers the ENT-09 fields.
async fn calls_47_ent_09_the_expanded_case_carries_the_engine_view(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_remortgaging(&mut broker, "sam@example.com", "Sam Smith").await;
    let res = broker
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let b = &res.body;
    for key in [
        "id",
        "status",
        "hasAlterations",
        "hasLoans",
        "hasAdultOccupants",
        "propertyUsage",
        "isCompanyCase",
        "remortgagingReason",
        "newLender",
        "alterations",
        "loans",
        "property",
        "propertyOwners",
        "requiredDocuments",
        "quote",
        "transferOfEquity",
        "documents",
        "view",
    ] {
        assert!(b.get(key).is_some(), "{key} missing");
    }
    assert_eq!(b["propertyOwners"][0]["user"]["email"], "sam@example.com");
    assert_eq!(b["property"]["postcode"], "CT1 1AA");
    assert_eq!(b["brokerReference"], "BR-1");
    // The engine's view: Key Facts complete, chip and message (STATUS-09), cancel offered.
    let view = &b["view"];
    assert_eq!(view["sections"][0]["label"], "Key Facts");
    assert_eq!(view["sections"][0]["state"], "IS_COMPLETE");
    assert_eq!(view["chip"]["colour"], "AMBER");
    assert_eq!(
        view["message"],
        "This application is currently being prepared by the broker."
    );
    assert_eq!(view["canCancel"], true);
    // The customer sees the same case, without the cancel and broker reference.
    let mut customer = app.sign_in("sam@example.com").await;
    let res = customer
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.body["view"]["canCancel"], false);
    assert!(res.body["brokerReference"].is_null());
}

/// CALLS-50: GET /buying/case/{caseId}/expanded (singular `case`) answers the ENT-10 fields.
async fn calls_50_ent_10_the_buying_expanded_case_carries_the_engine_view(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_buying(&mut broker, "jo@example.com", "Jo Jones").await;
    let res = broker.get(&format!("/api/buying/case/{id}/expanded")).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    for key in [
        "id",
        "status",
        "propertyUsage",
        "lender",
        "hasLoans",
        "depositAmount",
        "resultsInMultipleProperties",
        "isReplacingMainResidence",
        "property",
        "buyers",
        "sourceOfFunds",
        "donors",
        "isas",
        "loans",
        "quote",
        "requiredDocuments",
        "deposit",
        "searches",
        "documents",
        "view",
    ] {
        assert!(res.body.get(key).is_some(), "{key} missing");
    }
    assert_eq!(res.body["view"]["caseType"], "BUYING");
    // The singular `case` path is the buying one; the remortgaging path does not serve it.
    let wrong = broker
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(wrong.status, StatusCode::NOT_FOUND);
}

/// CALLS-47: an unknown case's expanded view is 404.
async fn guard_01_02_non_numeric_and_unknown_ids_are_404(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    for path in [
        "/api/remortgaging/cases/abc/expanded",
        "/api/remortgaging/cases/999999999/expanded",
        "/api/buying/case/abc/expanded",
        "/api/buying/case/-1/expanded",
        "/api/remortgaging/abc/quote/latest",
        "/api/buying/999999999/quote/latest",
    ] {
        let res = broker.get(path).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(res.body["error"]["code"], "not_found");
    }
}

async fn elig_01_to_05_ineligible_key_facts_make_an_ineligible_case_with_the_spec_text(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let cases = [
        (
            "jurisdiction",
            json!("SCOTLAND"),
            "NOT_ENGLAND_OR_WALES",
            "only support remortgaging properties in England or Wales",
        ),
        (
            "jurisdiction",
            json!("NORTHERN_IRELAND"),
            "NOT_ENGLAND_OR_WALES",
            "England or Wales",
        ),
        (
            "isDependentOnSale",
            json!(true),
            "DEPENDENT_ON_SALE",
            "a little more complex",
        ),
        (
            "isCompanyOwned",
            json!(true),
            "COMPANY_OWNED",
            "a little more complex, and we're not quite ready for you just yet",
        ),
        (
            "propertyUsage",
            json!("BUY_TO_LET"),
            "BUY_TO_LET",
            "a little more complex, and we're not quite ready for you just yet",
        ),
        (
            "isResidential",
            json!(false),
            "NON_RESIDENTIAL",
            "a little more complex, and we're not quite ready for you just yet",
        ),
    ];
    for (field, value, reason, text) in cases {
        let mut body = remortgaging_body("sam@example.com", "Sam Smith");
        body[field] = value;
        let res = broker.post("/api/remortgaging/case", body).await;
        assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
        assert_eq!(res.body["status"], "INELIGIBLE", "{field}");
        assert_eq!(res.body["ineligibilityReason"], reason);
        let message = res.body["ineligibilityMessage"].as_str().unwrap();
        assert!(message.contains(text), "{message}");
        assert!(res.body["quote"].is_null());
        // STATUS-05: red chip; the sections are disabled.
        let id = res.body["caseId"].as_i64().unwrap();
        let view = broker
            .get(&format!("/api/remortgaging/cases/{id}/expanded"))
            .await
            .body["view"]
            .clone();
        assert_eq!(view["chip"]["colour"], "RED");
        assert_eq!(view["sections"][0]["state"], "IS_DISABLED");
    }
}

async fn elig_06_buying_ineligibility_says_purchasing(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let mut body = buying_body("jo@example.com", "Jo Jones");
    body["propertyUsage"] = json!("BUY_TO_LET");
    let res = broker.post("/api/buying/case", body).await;
    assert_eq!(res.body["status"], "INELIGIBLE");
    assert_eq!(
        res.body["ineligibilityMessage"],
        "Purchasing a buy-to-let property is a little more complex, and we're not quite ready for you just yet."
    );
}

/// CALLS-29: POST /buying/case/{caseId} sets the deposit, lender and land tax answers; the
/// expanded purchase reflects them.
async fn calls_18_29_updating_key_facts_re_quotes_and_is_audited(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_remortgaging(&mut broker, "sam@example.com", "Sam Smith").await;
    let before = broker
        .get(&format!("/api/remortgaging/{id}/quote/latest"))
        .await
        .body
        .clone();
    let mut body = remortgaging_body("x@example.com", "x");
    body.as_object_mut().unwrap().remove("client");
    body["property"]["tenure"] = json!("LEASEHOLD");
    body["newLender"] = json!("HALIFAX");
    let res = broker
        .post(&format!("/api/remortgaging/case/{id}"), body.clone())
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let after = &res.body["quote"];
    assert_ne!(after["id"], before["id"]);
    assert!(after["totalAmount"].as_i64() > before["totalAmount"].as_i64());
    let expanded = broker
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(expanded.body["newLender"], "HALIFAX");
    assert_eq!(expanded.body["quote"]["id"], after["id"]);
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    assert!(audit.iter().any(|a| a.action == "case.key_facts_updated"));
    // `client` is not part of an update.
    body["client"] = json!({ "preferredName": "A B", "email": "a@b.co" });
    let res = broker
        .post(&format!("/api/remortgaging/case/{id}"), body.clone())
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.field_error("client").is_some());
    // The required documents follow the new facts in the same write: a buy-to-let (which
    // also rules the case out) needs its tenancy papers.
    body.as_object_mut().unwrap().remove("client");
    let expanded_path = format!("/api/remortgaging/cases/{id}/expanded");
    let before = broker.get(&expanded_path).await.body;
    assert_eq!(before["requiredDocuments"]["buyToLetDocuments"], json!([]));
    body["propertyUsage"] = json!("BUY_TO_LET");
    let res = broker
        .post(&format!("/api/remortgaging/case/{id}"), body)
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let after = broker.get(&expanded_path).await.body;
    assert_eq!(after["status"], "INELIGIBLE");
    assert!(
        !after["requiredDocuments"]["buyToLetDocuments"]
            .as_array()
            .unwrap()
            .is_empty(),
        "{after}"
    );
    // Buying: a new price re-quotes.
    let bid = create_buying(&mut broker, "jo@example.com", "Jo Jones").await;
    let mut body = buying_body("x@example.com", "x");
    body.as_object_mut().unwrap().remove("client");
    body["purchasePrice"] = json!(90_000_000);
    body["depositAmount"] = json!(9_000_000);
    body["lender"] = json!("NO_LENDER");
    body["resultsInMultipleProperties"] = json!(true);
    body["isReplacingMainResidence"] = json!(false);
    let res = broker.post(&format!("/api/buying/case/{bid}"), body).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert!(
        res.body["quote"]["landTaxEstimate"]["amount"]
            .as_i64()
            .unwrap()
            > 0
    );
    let purchase = broker
        .get(&format!("/api/buying/case/{bid}/expanded"))
        .await;
    assert_eq!(purchase.body["depositAmount"], 9_000_000);
    assert_eq!(purchase.body["lender"], "NO_LENDER");
    assert_eq!(purchase.body["resultsInMultipleProperties"], true);
    assert_eq!(purchase.body["isReplacingMainResidence"], false);
}

async fn key_facts_are_validated_by_field(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let mut body = remortgaging_body("sam@example.com", "Sam Smith");
    body["property"]["postcode"] = json!("nope");
    body["newLender"] = json!("NOT_A_BANK");
    body["propertyValue"] = json!(0);
    body["jurisdiction"] = json!("MARS");
    let res = broker.post("/api/remortgaging/case", body).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    for field in [
        "property.postcode",
        "newLender",
        "propertyValue",
        "jurisdiction",
    ] {
        assert!(res.field_error(field).is_some(), "{field}: {:?}", res.body);
    }
    let mut body = remortgaging_body("not-an-email", "Sam Smith");
    body["surprise"] = json!(1);
    let res = broker.post("/api/remortgaging/case", body).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.field_error("surprise").is_some());
    let res = broker
        .post(
            "/api/remortgaging/case",
            remortgaging_body("not-an-email", "Sam Smith"),
        )
        .await;
    assert!(res.field_error("client.email").is_some(), "{:?}", res.body);
}

async fn a_broker_must_name_the_client_and_a_customer_must_not(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    app.create_user("cust@example.com", "ROLE_USER", true).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let mut body = remortgaging_body("a@b.co", "Al");
    body.as_object_mut().unwrap().remove("client");
    let res = broker.post("/api/remortgaging/case", body).await;
    assert!(res.field_error("client").is_some(), "{:?}", res.body);
    // Issue 25 (8): a client is a customer. A broker of this firm or another, or the
    // firm's conveyancer, is refused by name (it used to be made the case's party).
    app.create_user("conveyancer@threshold.test", "ROLE_CONVEYANCER", true)
        .await;
    for address in [
        "loner@firm.test",
        "rival@other.test",
        "broker@firm.test",
        "conveyancer@threshold.test",
    ] {
        let res = broker
            .post("/api/remortgaging/case", remortgaging_body(address, "Lo"))
            .await;
        assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{address}");
        assert!(res.field_error("client.email").is_some(), "{:?}", res.body);
    }
    let mut loner = app.sign_in("loner@firm.test").await;
    let list = loner.get("/api/remortgaging/cases").await;
    assert_eq!(list.body["totalCount"], 0);
    // A customer with an account is named like a new address.
    let res = broker
        .post(
            "/api/remortgaging/case",
            remortgaging_body("cust@example.com", "Cu"),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let mut customer = app.sign_in("cust@example.com").await;
    let res = customer
        .post("/api/remortgaging/case", remortgaging_body("a@b.co", "Al"))
        .await;
    assert!(res.field_error("client").is_some(), "{:?}", res.body);
}

async fn a_customer_creates_their_own_case(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("cust@example.com", "ROLE_USER", true).await;
    let mut customer = app.sign_in("cust@example.com").await;
    let mut body = remortgaging_body("a@b.co", "Al");
    body.as_object_mut().unwrap().remove("client");
    let res = customer.post("/api/remortgaging/case", body).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    assert_eq!(res.body["status"], "CUSTOMER_APPLICATION");
    let id = res.body["caseId"].as_i64().unwrap();
    let list = customer.get("/api/remortgaging/cases").await;
    assert_eq!(list.body["totalCount"], 1);
    assert_eq!(list.body["cases"][0]["id"], id);
    // STATUS-12: the customer's message.
    assert_eq!(
        list.body["cases"][0]["statusMessage"],
        "Please continue with the application and submit it for review."
    );
}

async fn conveyancers_get_403_on_the_case_calls(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("conv@example.com", "ROLE_CONVEYANCER", true)
        .await;
    let mut conv = app.sign_in("conv@example.com").await;
    for path in [
        "/api/remortgaging/cases",
        "/api/buying/cases",
        "/api/case-overviews",
        "/api/managed-brokers",
        "/api/remortgaging/cases/1/expanded",
    ] {
        assert_eq!(conv.get(path).await.status, StatusCode::FORBIDDEN, "{path}");
    }
    let res = conv
        .post("/api/remortgaging/case", remortgaging_body("a@b.co", "Al"))
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    let res = conv
        .post(
            "/api/broker-cancel-case",
            json!({ "caseId": 1, "caseType": "REMORTGAGING" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    // Anonymous callers are 401.
    assert_eq!(
        app.client().get("/api/remortgaging/cases").await.status,
        StatusCode::UNAUTHORIZED
    );
}

async fn quote_09_a_case_without_a_quote_has_no_latest_quote(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let mut body = remortgaging_body("sam@example.com", "Sam Smith");
    body["jurisdiction"] = json!("SCOTLAND");
    let id = broker.post("/api/remortgaging/case", body).await.body["caseId"]
        .as_i64()
        .unwrap();
    let res = broker
        .get(&format!("/api/remortgaging/{id}/quote/latest"))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
}

/// Issue 28.3: a remortgage with a transfer of equity can carry land tax (FA 2003 Sch 4 para 8),
/// but a new case knows neither the shares nor the mortgage balance: its quote shows no figure,
/// no land tax return charge, and a note naming what the estimate needs.
async fn a_transfer_of_equity_quote_says_what_its_land_tax_needs_and_charges_no_return_yet(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let mut body = remortgaging_body("toe@example.com", "Tia Transfer");
    body["remortgagingReason"] = json!("REMORTGAGE_TRANSFER_OF_EQUITY");
    let res = broker.post("/api/remortgaging/case", body).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let id = res.body["caseId"].as_i64().unwrap();
    let quote = broker
        .get(&format!("/api/remortgaging/{id}/quote/latest"))
        .await;
    assert_eq!(quote.status, StatusCode::OK);
    assert!(quote.body["landTaxEstimate"].is_null());
    let notes = quote.body["notes"].to_string();
    assert!(
        notes.contains("we need the mortgage balance and each owner's share"),
        "{notes}"
    );
    let labels = quote.body["costBreakdown"].to_string();
    assert!(labels.contains("Transfer of equity"), "{labels}");
    assert!(!labels.contains("Land Tax return"), "{labels}");
}

/// Issue 28.2: the start form's answers price the purchase before the quote exists (completion
/// 1 March 2027, England). SDLT rates from 1 April 2025 (FA 2003 s.55; HMRC "Stamp Duty Land
/// Tax: residential property rates"): first-time buyer relief, 0% to £300,000 (FA 2003
/// Sch 6ZA); the higher rates for an additional home, 5% on the whole price (FA 2003 Sch 4ZA,
/// 5% from 31 October 2024); the 2% surcharge for a buyer not UK resident (FA 2003 Sch 9A). In
/// Wales (LTT) there is no non-resident surcharge.
async fn issue_28_a_purchase_is_quoted_on_every_fact_that_changes_its_price(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let mut quote = async |price: i64, facts: Value| {
        let mut body = buying_body("price@example.com", "Pat Price");
        body["purchasePrice"] = json!(price);
        body["depositAmount"] = json!(price / 10);
        for (key, value) in facts.as_object().unwrap() {
            body[key] = value.clone();
        }
        let res = broker.post("/api/buying/case", body).await;
        assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
        res.body["quote"].clone()
    };
    let tax = |q: &Value| q["landTaxEstimate"]["amount"].as_i64().unwrap();
    let standard = quote(30_000_000, json!({ "buyersUkResident": true })).await;
    assert_eq!(tax(&standard), 500_000, "£5,000 at the standard rates");
    assert_eq!(
        standard["landTaxEstimate"]["assumptions"],
        "The estimate assumes England, UK-resident buyers and no multiple property ownership."
    );
    let first = quote(30_000_000, json!({ "isFirstTimeBuyer": true })).await;
    assert_eq!(tax(&first), 0, "first-time buyer relief to £300,000");
    let additional = quote(
        45_000_000,
        json!({ "resultsInMultipleProperties": true, "isReplacingMainResidence": false }),
    )
    .await;
    assert_eq!(tax(&additional), 3_500_000, "£12,500 + 5% of £450,000");
    let replacing = quote(
        45_000_000,
        json!({ "resultsInMultipleProperties": true, "isReplacingMainResidence": true }),
    )
    .await;
    assert_eq!(
        tax(&replacing),
        1_250_000,
        "replacing a main home: standard rates"
    );
    let abroad = quote(30_000_000, json!({ "buyersUkResident": false })).await;
    assert_eq!(tax(&abroad), 1_100_000, "£5,000 + 2% of £300,000");
    assert!(
        abroad["landTaxEstimate"]["assumptions"]
            .as_str()
            .unwrap()
            .contains("not resident in the UK"),
        "{abroad:?}"
    );
    // The firm's fees: a new build costs more to act on than a resale.
    let new_build = quote(30_000_000, json!({ "isNewBuild": true })).await;
    assert!(
        new_build["totalAmount"].as_i64() > standard["totalAmount"].as_i64(),
        "{new_build:?}"
    );
    // Wales: Land Transaction Tax, no surcharge for a buyer resident abroad.
    let wales = |resident: bool| json!({ "jurisdiction": "WALES", "buyersUkResident": resident });
    let home = quote(30_000_000, wales(true)).await;
    let away = quote(30_000_000, wales(false)).await;
    assert_eq!(
        home["landTaxEstimate"]["landTaxType"],
        "LAND_TRANSACTION_TAX"
    );
    assert_eq!(tax(&home), tax(&away));
    // The quote's PDF says what the screen says: the figure and the facts it rests on.
    let body = json!({ "caseId": abroad["caseId"], "caseType": "BUYING" });
    let res = broker.post("/api/quote/create-pdf", body).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let doc = res.body["documentId"].as_i64().unwrap();
    let (_, _, bytes) = broker.get_bytes(&format!("/api/document/{doc}")).await;
    let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let text = words(&pdf_text(&bytes));
    assert!(text.contains("£11,000.00"), "{text}");
    let assumed = abroad["landTaxEstimate"]["assumptions"].as_str().unwrap();
    assert!(text.contains(&words(assumed)), "{assumed}: {text}");
}

/// Issue 28 (3): a shared-ownership owner buying a further share is taxed on its price only once
/// their share goes above 80%, unless a market value election was made when the lease was
/// granted (FA 2003 Sch 9 para 4A; HMRC SDLTM27060); England needs a return only when tax is due
/// (SDLTM27080), Wales's relief is claimed in a return from £40,000 (LTTA 2017 Sch 15 para 6,
/// s.46). The start form's facts price it, and the expanded case keeps them.
async fn issue_28_a_staircasing_remortgage_is_taxed_above_80_percent(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let mut reader = app.sign_in("broker@firm.test").await;
    let mut quote = async |staircasing: Value, extra: Value| {
        let mut body = remortgaging_body("stair@example.com", "Sam Stair");
        body["remortgagingReason"] = json!("SHARED_OWNERSHIP_STAIRCASING");
        body["staircasing"] = staircasing;
        for (key, value) in extra.as_object().unwrap() {
            body[key] = value.clone();
        }
        broker.post("/api/remortgaging/case", body).await
    };
    let share = |before: f64, after: f64, price: i64, election: Option<bool>| {
        json!({ "shareBefore": before, "shareAfter": after, "sharePrice": price,
                "marketValueElectionMade": election })
    };
    let returns = |q: &Value| q["costBreakdown"].to_string().contains("return");
    // 25% → 50%: within 80%, no tax and, in England, no return.
    let res = quote(share(25.0, 50.0, 7_500_000, None), json!({})).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let within = &res.body["quote"];
    assert_eq!(within["landTaxEstimate"]["amount"], 0, "{within:?}");
    assert!(!returns(within), "{within:?}");
    // 50% → 100% for £150,000: tax on the price, £0 to £125,000 and 2% above: £500, a return.
    let res = quote(share(50.0, 100.0, 15_000_000, Some(false)), json!({})).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let above = &res.body["quote"];
    assert_eq!(above["landTaxEstimate"]["amount"], 50_000, "{above:?}");
    assert!(returns(above), "{above:?}");
    let id = res.body["caseId"].as_i64().unwrap();
    let case = reader
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(
        case.body["staircasing"],
        json!({ "shareBefore": 50.0, "shareAfter": 100.0, "sharePrice": 15_000_000,
                "marketValueElectionMade": false })
    );
    // A market value election made when the lease was granted: nothing more to pay.
    let res = quote(share(50.0, 100.0, 15_000_000, Some(true)), json!({})).await;
    assert_eq!(res.body["quote"]["landTaxEstimate"]["amount"], 0);
    assert!(!returns(&res.body["quote"]));
    // Wales: relief claimed in a return.
    let res = quote(
        share(50.0, 100.0, 15_000_000, Some(false)),
        json!({ "jurisdiction": "WALES", "property": { "addressLine1": "1 Heol Fawr",
                "town": "Cardiff", "postcode": "CF10 1AA", "tenure": "LEASEHOLD" } }),
    )
    .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    assert!(returns(&res.body["quote"]), "{:?}", res.body["quote"]);
    // Bad facts, each named.
    let res = quote(share(60.0, 60.0, 0, None), json!({})).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    for field in ["staircasing.shareAfter", "staircasing.sharePrice"] {
        assert!(res.field_error(field).is_some(), "{field}: {:?}", res.body);
    }
    let res = quote(share(37.555, 101.0, 100, None), json!({})).await;
    for field in ["staircasing.shareBefore", "staircasing.shareAfter"] {
        assert!(res.field_error(field).is_some(), "{field}: {:?}", res.body);
    }
    let res = quote(
        share(25.0, 50.0, 100, None),
        json!({ "remortgagingReason": "END_OF_CURRENT_DEAL" }),
    )
    .await;
    assert!(res.field_error("staircasing").is_some(), "{:?}", res.body);
}

//! Issue 28 (4), "Money right": one truthful set of up-front payment terms (workflows/fees.toml)
//! in the quote, its PDF and the client care letter; and the buyer's express request to start
//! work within the 14-day cancellation period (Consumer Contracts Regulations 2013, reg. 36),
//! which the payment needs and which only the firm's staff read back.

use crate::support;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::pdf_text;
use support::purchase::submitted_purchase;
use support::remortgage::submitted_remortgage;
use support::staff::enrolled_conveyancer;
use support::{Backend, TestApp};
use threshold_engine::quote::ExpressRequest;
use threshold_workflows::Workflows;

use crate::purchase_completion::{accept, awaiting_deposit, draft_and_issue};

on_both_databases!(
    the_payment_needs_the_express_request_and_only_staff_see_it,
    the_quote_its_pdf_and_the_letter_state_the_same_terms,
    a_remortgage_quote_promises_no_up_front_payment,
);

fn wording() -> ExpressRequest {
    Workflows::load()
        .unwrap()
        .fees
        .buying
        .express_request
        .unwrap()
}

/// `POST /deposit-payment`'s body with the express request ticked under the current wording.
pub fn pay_body(id: i64) -> Value {
    json!({ "caseId": id, "startWorkRequested": true, "wordingVersion": wording().version })
}

/// Text as a PDF lays it out, lines joined: for finding a paragraph that wraps.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

async fn the_payment_needs_the_express_request_and_only_staff_see_it(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut bea, mut connie, id) = awaiting_deposit(&app).await;
    let requests = format!("/api/staff/cases/buying/{id}/work-start-requests");
    let res = bea
        .get(&format!("/api/buying/{id}/work-start-request"))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["text"], wording().text);
    assert_eq!(res.body["version"], wording().version);
    assert!(res.body["requestedAt"].is_null());

    // Refused, naming the field, without the tick or under another wording.
    let res = bea
        .post("/api/deposit-payment", json!({ "caseId": id }))
        .await;
    assert_eq!(
        res.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        res.body
    );
    let unticked =
        json!({ "caseId": id, "startWorkRequested": false, "wordingVersion": wording().version });
    let res = bea.post("/api/deposit-payment", unticked).await;
    assert_eq!(
        res.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        res.body
    );
    assert!(
        res.field_error("startWorkRequested").is_some(),
        "{:?}",
        res.body
    );
    let stale = json!({ "caseId": id, "startWorkRequested": true, "wordingVersion": "1999-01-01" });
    let res = bea.post("/api/deposit-payment", stale).await;
    assert_eq!(
        res.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        res.body
    );
    assert!(
        res.field_error("wordingVersion").is_some(),
        "{:?}",
        res.body
    );
    let res = connie.get(&requests).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body, json!([]), "nothing recorded when refused");

    // Recorded with the payment: who, when, which wording; audited.
    let res = bea.post("/api/deposit-payment", pay_body(id)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let res = connie.get(&requests).await;
    let list = res.body.as_array().unwrap();
    assert_eq!(list.len(), 1, "{list:?}");
    assert_eq!(list[0]["wordingVersion"], wording().version);
    assert!(list[0]["requestedAt"].is_string());
    assert!(!list[0]["name"].as_str().unwrap().is_empty());
    let mine = bea
        .get(&format!("/api/buying/{id}/work-start-request"))
        .await;
    assert_eq!(mine.body["requestedAt"], list[0]["requestedAt"]);
    // Asking again keeps the first request.
    let res = bea.post("/api/deposit-payment", pay_body(id)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(
        connie.get(&requests).await.body.as_array().unwrap().len(),
        1
    );
    let case = connie
        .get(&format!("/api/staff/cases/buying/{id}"))
        .await
        .body;
    let audited = case["audit"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == "case.work_start_requested")
        .count();
    assert_eq!(audited, 1, "{:?}", case["audit"]);

    // Staff only: the buyer, the broker and anyone signed out are refused.
    assert_eq!(bea.get(&requests).await.status, StatusCode::FORBIDDEN);
    assert_eq!(broker.get(&requests).await.status, StatusCode::FORBIDDEN);
    assert_eq!(
        app.client().get(&requests).await.status,
        StatusCode::UNAUTHORIZED
    );
    let wording_path = format!("/api/buying/{id}/work-start-request");
    let res = app.client().get(&wording_path).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    app.create_user("stranger@example.test", "ROLE_USER", true)
        .await;
    let mut stranger = app.sign_in("stranger@example.test").await;
    assert_eq!(
        stranger.get(&wording_path).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(stranger.get(&requests).await.status, StatusCode::FORBIDDEN);
    // Another firm's broker learns nothing of the case, not even that it exists.
    let mut rival = app.sign_in("rival@other.test").await;
    assert_eq!(rival.get(&wording_path).await.status, StatusCode::NOT_FOUND);
    assert_eq!(rival.get(&requests).await.status, StatusCode::FORBIDDEN);
}

async fn the_quote_its_pdf_and_the_letter_state_the_same_terms(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let terms = Workflows::load().unwrap().fees.buying.deposit_terms;
    let (mut broker, mut bea, id) = submitted_purchase(&app).await;
    let quote = bea.get(&format!("/api/buying/{id}/quote/latest")).await;
    assert_eq!(quote.status, StatusCode::OK, "{:?}", quote.body);
    assert_eq!(quote.body["depositTerms"], terms);
    assert_eq!(quote.body["deposit"], 30_000);

    let res = broker
        .post(
            "/api/quote/create-pdf",
            json!({ "caseId": id, "caseType": "BUYING" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let pdf = res.body["documentId"].as_i64().unwrap();
    let (_, _, bytes) = broker.get_bytes(&format!("/api/document/{pdf}")).await;
    let text = flat(&pdf_text(&bytes));
    assert!(text.contains(&terms), "{text}");
    // Where the model cancellation form is (its address may break across lines).
    assert!(
        text.contains("model cancellation form in Threshold"),
        "{text}"
    );

    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let (letter, _) = draft_and_issue(&mut connie, id, "CLIENT_CARE_LETTER").await;
    let (_, _, bytes) = bea.get_bytes(&format!("/api/document/{letter}")).await;
    let text = flat(&pdf_text(&bytes));
    assert!(text.contains(&terms), "{text}");
    assert!(text.contains("cancellation form"), "{text}");
    assert!(!text.to_lowercase().contains("not refundable"), "{text}");
    assert_eq!(accept(&mut bea, letter).await["status"], "AWAITING_DEPOSIT");
}

async fn a_remortgage_quote_promises_no_up_front_payment(backend: Backend) {
    // Nothing ever asks a remortgage client for a payment before completion: the quote said
    // £300 "paid when you accept" before; it now asks for none.
    let app = TestApp::spawn(backend).await;
    let (_, mut cara, id) = submitted_remortgage(&app).await;
    let quote = cara
        .get(&format!("/api/remortgaging/{id}/quote/latest"))
        .await;
    assert_eq!(quote.status, StatusCode::OK, "{:?}", quote.body);
    assert_eq!(quote.body["deposit"], 0);
    let terms = Workflows::load().unwrap().fees.remortgaging.deposit_terms;
    assert_eq!(quote.body["depositTerms"], terms);
}

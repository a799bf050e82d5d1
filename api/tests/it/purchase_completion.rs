//! A submitted purchase carried to completion (issue 14, the buying half; BUY-POST-03..21,
//! FLOW-02 after submission): the client care letter drafted, issued and accepted, the
//! up-front payment (the local stand-in, and Stripe Checkout with its signed webhook against a
//! local fake of Stripe's API), identity, the contract pack (the firm uploads the seller's
//! TA6), the three searches and their summaries, the report on title, the completion
//! statement and completion. Every move by the workflow, through the real calls.

use crate::support;

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};
use support::cases::case_column_set;
use support::purchase::{BEA, expanded, submitted_purchase};
use support::staff::enrolled_conveyancer;
use support::stripe::{WEBHOOK_SECRET, app_with_stripe, completed_event, deliver, fake_stripe};
use support::{Backend, Client, PDF, TestApp, pdf_text, tile};

on_both_databases!(
    buy_post_the_firm_and_the_buyer_carry_a_purchase_to_completion,
    buy_post_12_stripe_checkout_and_its_signed_webhook_record_the_payment,
    the_payment_and_search_calls_are_refused_to_everyone_else,
);

async fn upload(client: &mut Client, id: i64, document_type: &str) -> i64 {
    support::upload_pdf(client, "BUYING", id, document_type).await["documentId"]
        .as_i64()
        .unwrap()
}

/// The conveyancer drafts a document of the purchase and issues it; returns its id.
pub(crate) async fn draft_and_issue(connie: &mut Client, id: i64, kind: &str) -> (i64, Value) {
    let base = format!("/api/staff/cases/buying/{id}");
    let res = connie
        .post(
            &format!("{base}/documents"),
            support::staff::draft_body(kind),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{kind}: {:?}", res.body);
    let doc = res.body["documentId"].as_i64().unwrap();
    let res = connie
        .post(&format!("{base}/documents/{doc}/issue"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{kind}: {:?}", res.body);
    (doc, res.body)
}

/// The buyers have signed, the deposit is held: the firm exchanges contracts, and the case,
/// its completion statement accepted, moves on to PENDING_COMPLETION with the last task. Bea
/// buys without a mortgage: no mortgage deed (workflows/tests/tasks.rs has a lender's case).
/// Exchange fixes the completion date (Standard Conditions of Sale 6.1.1: the contract's date):
/// it is agreed on the case and Bea is told it; answers it.
async fn exchange_contracts(app: &TestApp, connie: &mut Client, id: i64) -> chrono::NaiveDate {
    let open = crate::legal_file::open_tasks(connie, "buying", id).await;
    assert_eq!(
        open,
        [
            "contract_signed",
            "transfer_signed",
            "exchange_deposit_held",
            "contracts_exchanged"
        ]
    );
    let today = chrono::Utc::now().date_naive();
    let fixed = today + chrono::Days::new(21);
    let exchange = format!("/api/staff/cases/buying/{id}/tasks/contracts_exchanged");
    // Not exchanged before everything it waits for.
    let res = connie.post(&exchange, json!({ "reference": fixed })).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    // The deposit is held only once the client ledger holds it (Standard Conditions of Sale
    // 2.2.1: 10 % of the price, or Bea's own deposit where that is less).
    let held = format!("/api/staff/cases/buying/{id}/tasks/exchange_deposit_held");
    let res = connie.post(&held, json!({})).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    let refusal = res.body["error"]["message"].as_str().unwrap();
    assert!(
        refusal.contains(": record the exchange deposit of £"),
        "{refusal}"
    );
    let before: Vec<&str> = open[..3].iter().map(String::as_str).collect();
    crate::legal_file::record_tasks(connie, "buying", id, &before).await;
    // The completion date it fixes is a date, today or later.
    for (given, problem) in [
        ("EX-1".to_owned(), "must be a date (YYYY-MM-DD)"),
        (
            (today - chrono::Days::new(1)).to_string(),
            "has passed: completion is today or later",
        ),
    ] {
        let res = connie.post(&exchange, json!({ "reference": given })).await;
        assert_eq!(
            res.field_error("reference"),
            Some(problem),
            "{:?}",
            res.body
        );
    }
    let res = connie
        .post(
            &exchange,
            json!({ "reference": fixed, "note": "Attendance note EX-1" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let mail = app.mail_with_subject(BEA, "Completion date agreed").await;
    assert!(
        mail.text.contains(&fixed.format("%d/%m/%Y").to_string()),
        "{}",
        mail.text
    );
    fixed
}

/// Issue 29: the firm raises its enquiries with the seller's solicitor, records each reply
/// (one answered by a follow-up, which is then withdrawn), and cannot leave the review with
/// one open. The list's ENQUIRES_RAISED_AT and ENQUIRES_RESPONDED_AT are written (spec §2).
async fn enquiries_answered_before_the_report(app: &TestApp, connie: &mut Client, id: i64) {
    let base = format!("/api/staff/cases/buying/{id}/enquiries");
    assert!(!case_column_set(app, id, "enquires_raised_at").await);
    let mut raised = vec![];
    for question in [
        "Please confirm the boiler was serviced in the last year.",
        "Please supply the FENSA certificate for the\nrear windows.",
    ] {
        let res = connie.post(&base, json!({ "question": question })).await;
        assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
        let last = res.body["enquiries"].as_array().unwrap().last().unwrap();
        assert_eq!(last["question"], question);
        assert_eq!(last["outcome"], Value::Null);
        raised.push(last["id"].as_i64().unwrap());
    }
    assert!(case_column_set(app, id, "enquires_raised_at").await);
    assert!(!case_column_set(app, id, "enquires_responded_at").await);
    let refused = step(connie, id, "enquiries_resolved").await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert_eq!(
        refused.body["error"]["message"],
        "2 enquiries are still open: record the seller's solicitor's replies first."
    );
    // A reply that does not answer: a follow-up is raised in its place.
    let res = connie
        .post(
            &format!("{base}/{}/answer", raised[0]),
            json!({ "answer": "We are taking our client's instructions.",
                    "followUp": "Please confirm the date of the last service." }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let enquiries = res.body["enquiries"].as_array().unwrap().clone();
    assert_eq!(enquiries.len(), 3);
    assert_eq!(enquiries[0]["outcome"], "FOLLOWED_UP");
    assert!(enquiries[0]["answeredByName"].is_string(), "{enquiries:?}");
    assert_eq!(enquiries[2]["followUpOf"], raised[0]);
    let follow_up = enquiries[2]["id"].as_i64().unwrap();
    assert!(case_column_set(app, id, "enquires_responded_at").await);
    let res = connie
        .post(
            &format!("{base}/{}/answer", raised[1]),
            json!({ "answer": "Attached." }),
        )
        .await;
    assert_eq!(res.body["enquiries"][1]["outcome"], "SATISFIED");
    let res = connie
        .post(&format!("{base}/999999/answer"), json!({ "answer": "?" }))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{:?}", res.body);
    // Closed once: a second reply to it is a conflict.
    let res = connie
        .post(
            &format!("{base}/{}/answer", raised[1]),
            json!({ "answer": "Again." }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    let refused = step(connie, id, "enquiries_resolved").await;
    assert_eq!(
        refused.body["error"]["message"],
        "One enquiry is still open: record the seller's solicitor's reply first."
    );
    // Withdrawn only with a reason.
    let withdraw = format!("{base}/{follow_up}/withdraw");
    let res = connie.post(&withdraw, json!({})).await;
    assert_eq!(
        res.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        res.body
    );
    assert!(
        res.body["error"]["fields"]["reason"].is_string(),
        "{:?}",
        res.body
    );
    let res = connie
        .post(
            &withdraw,
            json!({ "reason": "Answered by the TA6's replies." }),
        )
        .await;
    assert_eq!(res.body["enquiries"][2]["outcome"], "WITHDRAWN");
    // The case page lists them; the audit trail names each change, not its words.
    let view = connie
        .get(&format!("/api/staff/cases/buying/{id}"))
        .await
        .body;
    assert_eq!(view["enquiries"].as_array().unwrap().len(), 3);
    let audited: Vec<String> = app
        .db
        .audit_for("case", &id.to_string())
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.action.starts_with("case.enquiry_"))
        .map(|e| {
            assert!(!e.detail.0.to_string().contains("boiler"));
            e.action
        })
        .collect();
    assert_eq!(audited.len(), 5, "{audited:?}");
}

/// The conveyancer takes a step of the workflow; its answer, whatever it is.
async fn step(connie: &mut Client, id: i64, transition: &str) -> support::Res {
    connie
        .post(
            &format!("/api/staff/cases/buying/{id}/transition"),
            json!({ "transition": transition }),
        )
        .await
}

/// A step that must be taken; the case's status after it.
async fn take(connie: &mut Client, id: i64, transition: &str) -> Value {
    let res = step(connie, id, transition).await;
    assert_eq!(res.status, StatusCode::OK, "{transition}: {:?}", res.body);
    res.body["status"].clone()
}

pub(crate) async fn accept(bea: &mut Client, doc: i64) -> Value {
    let res = bea
        .post(&format!("/api/document/{doc}/accept"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    res.body
}

/// Bea's purchase with its client care letter issued and accepted: AWAITING_DEPOSIT.
pub(crate) async fn awaiting_deposit(app: &TestApp) -> (Client, Client, Client, i64) {
    let (broker, mut bea, id) = submitted_purchase(app).await;
    let (mut connie, ..) = enrolled_conveyancer(app).await;
    let (letter, _) = draft_and_issue(&mut connie, id, "CLIENT_CARE_LETTER").await;
    assert_eq!(accept(&mut bea, letter).await["status"], "AWAITING_DEPOSIT");
    (broker, bea, connie, id)
}

/// CALLS-13 (the client care letter), CALLS-14, CALLS-15: on an accepted letter POST
/// /deposit-payment starts the local payment; POST /local-payment-response (PAID) sets
/// `deposit.paidAt`.
async fn buy_post_the_firm_and_the_buyer_carry_a_purchase_to_completion(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut bea, id) = submitted_purchase(&app).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let staff_case = format!("/api/staff/cases/buying/{id}");
    let case = bea.get(&expanded(id)).await.body;
    // BUY-POST-06: locked while preparing; BUY-POST-10: the deposit waits for the letter.
    assert_eq!(tile(&case, "client-care-letter"), "LOCKED");
    assert_eq!(tile(&case, "deposit"), "LOCKED");

    // The firm drafts only a purchase's documents for a purchase.
    let res = connie
        .post(
            &format!("{staff_case}/documents"),
            json!({ "documentType": "MORTGAGE_REPORT" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        res.field_error("documentType")
            .unwrap()
            .contains("CLIENT_CARE_LETTER")
    );
    let (letter, moved) = draft_and_issue(&mut connie, id, "CLIENT_CARE_LETTER").await;
    assert_eq!(moved["status"], "CLIENT_CARE_LETTER_ACCEPTANCE");
    let (status, _, bytes) = bea.get_bytes(&format!("/api/document/{letter}")).await;
    assert_eq!(status, StatusCode::OK);
    let text = pdf_text(&bytes);
    assert!(text.contains("Client Care Letter"), "{text}");
    // Paid once the letter is accepted (the Deposit tile opens then), not "due now".
    assert!(
        text.contains("Up-front payment, once you have accepted this letter"),
        "{text}"
    );
    let case = bea.get(&expanded(id)).await.body;
    // BUY-POST-08, BUY-POST-10: a letter nobody has accepted; the deposit still waits.
    assert_eq!(tile(&case, "client-care-letter"), "NOT_STARTED");
    assert_eq!(tile(&case, "deposit"), "LOCKED");
    let res = bea
        .post("/api/deposit-payment", crate::work_start::pay_body(id))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "section_closed");

    // BUY-POST-09/05: Bea accepts; the only buyer, so the case waits for the payment.
    assert_eq!(accept(&mut bea, letter).await["status"], "AWAITING_DEPOSIT");
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(tile(&case, "client-care-letter"), "IS_COMPLETE");
    assert_eq!(tile(&case, "deposit"), "NOT_STARTED");
    // BUY-POST-13/15: identity and searches wait for the payment.
    assert_eq!(tile(&case, "identification"), "LOCKED");
    assert_eq!(tile(&case, "searches"), "LOCKED");
    let quoted = case["quote"]["deposit"].as_i64().unwrap();
    assert!(quoted > 0);

    // BUY-POST-12: with no provider configured, the local stand-in; a cancelled one changes
    // nothing, a confirmed one records the payment and moves the case on.
    let res = bea
        .post("/api/deposit-payment", crate::work_start::pay_body(id))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["provider"], "LOCAL");
    assert_eq!(res.body["amount"], quoted);
    assert_eq!(res.body["redirectUrl"], Value::Null);
    let reference = res.body["reference"].as_str().unwrap().to_owned();
    let res = bea
        .post(
            "/api/local-payment-response",
            json!({ "reference": reference, "outcome": "CANCELLED" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "AWAITING_DEPOSIT");
    let res = bea
        .post(
            "/api/local-payment-response",
            json!({ "reference": reference, "outcome": "PAID" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "IDENTITY_VERIFICATION");
    // BUY-POST-11: paidAt set, the tile complete, the broker's list shows it paid.
    let case = bea.get(&expanded(id)).await.body;
    assert!(case["deposit"]["paidAt"].as_str().is_some());
    assert_eq!(tile(&case, "deposit"), "IS_COMPLETE");
    assert_eq!(tile(&case, "identification"), "NOT_STARTED");
    let list = broker.get("/api/buying/cases?hasPaidDeposit=true").await;
    assert_eq!(list.status, StatusCode::OK, "{:?}", list.body);
    assert!(
        list.body["cases"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["case"]["id"] == id && c["hasPaidDeposit"] == true),
        "{:?}",
        list.body
    );
    let res = bea
        .post("/api/deposit-payment", crate::work_start::pay_body(id))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.body["error"]["code"], "already_paid");
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    for action in ["case.deposit_payment_started", "case.deposit_paid"] {
        assert!(audit.iter().any(|a| a.action == action), "{action}");
    }

    // BUY-POST-14: identity, as for a remortgage.
    upload(&mut bea, id, "PHOTO_ID").await;
    upload(&mut bea, id, "SELFIE").await;
    let res = bea
        .post(
            "/api/identity",
            json!({ "caseId": id, "caseType": "BUYING" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let buyer = bea.get(&expanded(id)).await.body["buyers"][0]["id"]
        .as_i64()
        .unwrap();
    // The buyer has sent their ID: only the firm can act now, and the step it waits for names
    // buyers, not owners (issue 26.13).
    let staff_view = connie.get(&staff_case).await.body;
    assert_eq!(staff_view["waitsOn"], "firm");
    let verify = staff_view["transitions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "identity_verified")
        .cloned()
        .unwrap();
    assert_eq!(
        verify["reason"],
        "Every buyer's identity must be verified first."
    );
    // Nothing is drafted at this stage but what it issues (none here): no completion
    // statement at identity verification.
    assert_eq!(staff_view["draftable"], json!([]));
    // Issue 29: verified, Bea's identity leaves the case here until the firm's AML checks are
    // recorded; the last of them moves it on.
    let res = connie
        .post(
            &format!("{staff_case}/identity/{buyer}"),
            support::staff::verified(),
        )
        .await;
    assert_eq!(res.body["status"], "IDENTITY_VERIFICATION");
    assert_eq!(
        crate::legal_file::record_open_tasks(&mut connie, "buying", id).await,
        [
            "aml_risk_assessment",
            "sanctions_and_pep_screening",
            "source_of_funds_reviewed"
        ]
    );
    assert_eq!(
        bea.get(&expanded(id)).await.body["status"],
        "AWAITING_MEMORANDUM_OF_SALE"
    );
    assert_eq!(
        take(&mut connie, id, "memorandum_of_sale_received").await,
        "AWAITING_CONTRACT_PACK"
    );

    // The contract pack: refused until the firm has uploaded the seller's TA6.
    let refused = step(&mut connie, id, "contract_pack_received").await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert_eq!(
        refused.body["error"]["message"],
        "Upload the seller's property information form (TA6) from the contract pack first."
    );
    assert!(!case_column_set(&app, id, "ta6_uploaded_at").await);
    let ta6 = upload(&mut connie, id, "TA6").await;
    // The buying list's TA6_UPLOADED_AT sort field (spec §2) is the upload's.
    assert!(case_column_set(&app, id, "ta6_uploaded_at").await);
    assert_eq!(
        take(&mut connie, id, "contract_pack_received").await,
        "AWAITING_SEARCHES"
    );
    // The buyers see the firm's upload, and cannot delete it.
    let res = bea.delete(&format!("/api/document/{ta6}")).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);

    // BUY-POST-16: the three searches and a summary of each; the last one moves the case.
    let record = |doc: i64, kind: &str| json!({ "documentId": doc, "kind": kind });
    let res = connie
        .post(&format!("{staff_case}/searches"), record(ta6, "DOCUMENT"))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "a TA6 is not a search");
    let mut last = Value::Null;
    for search in [
        "LOCAL_AUTHORITY_SEARCH",
        "DRAINAGE_AND_WATER_SEARCH",
        "ENVIRONMENTAL_SEARCH",
    ] {
        for kind in ["DOCUMENT", "SUMMARY"] {
            let case = bea.get(&expanded(id)).await.body;
            assert_eq!(tile(&case, "searches"), "NOT_STARTED");
            let doc = upload(&mut connie, id, search).await;
            let res = connie
                .post(&format!("{staff_case}/searches"), record(doc, kind))
                .await;
            assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
            last = res.body;
            if search == "LOCAL_AUTHORITY_SEARCH" && kind == "DOCUMENT" {
                let res = connie
                    .post(&format!("{staff_case}/searches"), record(doc, kind))
                    .await;
                assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
            }
        }
    }
    assert_eq!(last["status"], "CONTRACT_PACK_REVIEW");
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(tile(&case, "searches"), "IS_COMPLETE");
    assert_eq!(case["searches"]["documents"].as_array().unwrap().len(), 3);
    assert_eq!(case["searches"]["summaries"].as_array().unwrap().len(), 3);
    // BUY-POST-17: the pack is complete from the report-on-title stages onward.
    assert_eq!(tile(&case, "contract-pack"), "NOT_STARTED");
    enquiries_answered_before_the_report(&app, &mut connie, id).await;
    // The buyer and the broker follow them: each question, its reply, how it closed.
    for client in [&mut bea, &mut broker] {
        let enquiries = client.get(&expanded(id)).await.body["enquiries"].clone();
        assert_eq!(enquiries.as_array().unwrap().len(), 3, "{enquiries:?}");
        assert_eq!(enquiries[0]["outcome"], "FOLLOWED_UP");
        assert_eq!(enquiries[1]["answer"], "Attached.");
        assert_eq!(enquiries[2]["outcome"], "WITHDRAWN");
        assert!(enquiries[0].get("raisedByName").is_none(), "{enquiries:?}");
    }
    assert_eq!(
        take(&mut connie, id, "enquiries_resolved").await,
        "PREPARE_REPORT_ON_TITLE"
    );
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(tile(&case, "contract-pack"), "IS_COMPLETE");

    // The report on title, then the completion statement, each accepted by Bea. Issue 29:
    // the report states the file's facts and the conveyancer's findings, nothing else; it is
    // not drafted without them.
    let res = connie
        .post(
            &format!("{staff_case}/documents"),
            json!({ "documentType": "REPORT_ON_TITLE", "lenderFindings": " ",
                    "searchFindings": "x".repeat(5001) }),
        )
        .await;
    assert_eq!(
        res.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        res.body
    );
    assert!(
        res.field_error("titleFindings")
            .unwrap()
            .starts_with("is required")
    );
    assert!(res.field_error("searchFindings").unwrap().contains("5000"));
    let res = connie
        .post(
            &format!("{staff_case}/documents"),
            json!({ "documentType": "COMPLETION_STATEMENT", "titleFindings": "Clear." }),
        )
        .await;
    assert_eq!(
        res.field_error("titleFindings"),
        Some("is not part of this document")
    );
    let (report, moved) = draft_and_issue(&mut connie, id, "REPORT_ON_TITLE").await;
    assert_eq!(moved["status"], "REPORT_ON_TITLE_ACCEPTANCE");
    let (_, _, bytes) = bea.get_bytes(&format!("/api/document/{report}")).await;
    let text = pdf_text(&bytes)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(text.contains("Report on Title"));
    for recorded in [
        "registered proprietor (title WYK123456)",
        "no planning entries",
        "We have the results of these searches: the local authority search, the drainage and water search, the environmental search.",
        "Enquiry 2: Please supply the FENSA certificate for the rear windows. Reply: Attached.",
        "Enquiry 3: Please confirm the date of the last service. Withdrawn.",
        "You are buying without a mortgage.",
    ] {
        assert!(text.contains(recorded), "{recorded} not in {text}");
    }
    assert!(
        !text.contains("The seller is the registered owner"),
        "{text}"
    );
    assert_eq!(
        accept(&mut bea, report).await["status"],
        "PREPARE_COMPLETION_STATEMENT"
    );
    let (statement, _) = draft_and_issue(&mut connie, id, "COMPLETION_STATEMENT").await;
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(tile(&case, "completion-statement"), "NOT_STARTED");
    // Issue 29: accepted, the statement waits for the exchange of contracts, the firm's move.
    assert_eq!(
        accept(&mut bea, statement).await["status"],
        "COMPLETION_STATEMENT_ACCEPTANCE"
    );
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(tile(&case, "completion-statement"), "IS_COMPLETE");
    assert_eq!(
        case["view"]["message"],
        "The completion statement is accepted. We are exchanging contracts and will confirm the completion date."
    );
    let fixed = exchange_contracts(&app, &mut connie, id).await;
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(case["status"], "PENDING_COMPLETION");
    assert_eq!(case["completionDate"], fixed.to_string());
    // The date agreed with the lender and the seller's solicitor, then completion.
    let agreed = chrono::Utc::now().date_naive() + chrono::Duration::days(7);
    let res = connie
        .post(
            &format!("{staff_case}/transition"),
            json!({ "transition": "agree_completion_date", "completionDate": agreed }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "PENDING_COMPLETION");
    assert_eq!(
        bea.get(&expanded(id)).await.body["completionDate"],
        agreed.to_string()
    );
    // Completing before the agreed day must be confirmed (issue 26.13).
    let refused = step(&mut connie, id, "complete").await;
    assert!(
        refused.field_error("earlyCompletionConfirmed").is_some(),
        "{:?}",
        refused.body
    );
    let complete = json!({ "transition": "complete", "earlyCompletionConfirmed": true });
    // Issue 28.1: not while the client ledger holds money for Bea (her up-front payment).
    let ledger = connie.get(&format!("{staff_case}/ledger")).await.body;
    let held = ledger["clientBalancePence"].as_i64().unwrap();
    assert!(held > 0, "{ledger:?}");
    let refused = connie
        .post(&format!("{staff_case}/transition"), complete.clone())
        .await;
    assert!(refused.status.is_client_error(), "{:?}", refused.body);
    assert!(
        refused.body.to_string().contains(&format!(
            "The client ledger holds {} for the clients",
            support::pounds(held)
        )),
        "{:?}",
        refused.body
    );
    // The firm takes its bill from what it holds: the ledger is at zero, the case completes.
    let res = connie
        .post(
            &format!("{staff_case}/ledger"),
            json!({ "direction": "PAID", "kind": "FIRM_BILL", "amountPence": held,
                    "counterparty": "The firm's office account",
                    "entryDate": chrono::Utc::now().date_naive() }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    // Not before the pre-completion tasks: completion information, OS1, K16 (no lender, so no
    // certificate of title).
    let refused = connie
        .post(&format!("{staff_case}/transition"), complete.clone())
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{:?}", refused.body);
    assert!(
        refused
            .body
            .to_string()
            .contains("The legal file needs first: Completion information"),
        "{:?}",
        refused.body
    );
    let before = crate::legal_file::open_tasks(&mut connie, "buying", id).await;
    assert_eq!(
        before,
        [
            "completion_information",
            "priority_search",
            "bankruptcy_search"
        ]
    );
    let names: Vec<&str> = before.iter().map(String::as_str).collect();
    crate::legal_file::record_tasks(&mut connie, "buying", id, &names).await;
    let res = connie
        .post(&format!("{staff_case}/transition"), complete)
        .await;
    assert_eq!(res.body["status"], "COMPLETED", "{:?}", res.body);
    // Issue 29: after completion, the SDLT return (a purchase in England at £400,000), the
    // registration and the file closed.
    crate::legal_file::work_the_file_after_completion(
        &app,
        &mut connie,
        &mut bea,
        "buying",
        id,
        &[
            "sdlt_return",
            "seller_charge_discharged",
            "registration_applied",
            "registration_completed",
            "file_closed",
        ],
    )
    .await;
}

async fn buy_post_12_stripe_checkout_and_its_signed_webhook_record_the_payment(backend: Backend) {
    let stripe = fake_stripe().await;
    let app = app_with_stripe(backend, &stripe).await;
    let (_broker, mut bea, _connie, id) = awaiting_deposit(&app).await;
    let res = bea
        .post("/api/deposit-payment", crate::work_start::pay_body(id))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["provider"], "STRIPE");
    assert_eq!(
        res.body["redirectUrl"],
        "https://checkout.stripe.test/c/pay/cs_test_0"
    );
    let reference = res.body["reference"].as_str().unwrap().to_owned();
    let amount = res.body["amount"].as_i64().unwrap();
    // What Stripe was asked: pounds, the quote's amount, the buyer's way back.
    let form = stripe.created(0);
    let field = |name: &str| {
        form.iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    assert_eq!(field("mode"), Some("payment"));
    assert_eq!(field("line_items[0][price_data][currency]"), Some("gbp"));
    assert_eq!(
        field("line_items[0][price_data][unit_amount]"),
        Some(amount.to_string().as_str())
    );
    assert_eq!(field("client_reference_id"), Some(id.to_string().as_str()));
    assert_eq!(field("customer_email"), Some(BEA));
    assert!(
        field("success_url")
            .unwrap()
            .ends_with(&format!("/buying/{id}/deposit?payment=success"))
    );
    // The local stand-in is off where Stripe is configured.
    let res = bea
        .post(
            "/api/local-payment-response",
            json!({ "reference": reference, "outcome": "PAID" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);

    // A forged or unsigned event changes nothing.
    let payload = completed_event(&reference, "evt_threshold_1", Some(amount), Some(id));
    let forged = stripe_webhook::Webhook::generate_test_header(&payload, "whsec_wrong", None);
    assert_eq!(
        deliver(&app, &payload, &forged).await,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        deliver(&app, &payload, "t=1,v1=00").await,
        StatusCode::BAD_REQUEST
    );
    let stale = stripe_webhook::Webhook::generate_test_header(
        &payload,
        WEBHOOK_SECRET,
        Some(chrono::Utc::now().timestamp() - 3600),
    );
    assert_eq!(
        deliver(&app, &payload, &stale).await,
        StatusCode::BAD_REQUEST
    );
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(case["deposit"]["paidAt"], Value::Null);

    // Stripe's signed event: the worker records the payment; delivered twice, once.
    let signed = stripe_webhook::Webhook::generate_test_header(&payload, WEBHOOK_SECRET, None);
    assert_eq!(
        deliver(&app, &payload, &signed).await,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        deliver(&app, &payload, &signed).await,
        StatusCode::NO_CONTENT
    );
    let mut case = Value::Null;
    for _ in 0..200 {
        case = bea.get(&expanded(id)).await.body;
        if case["status"] == "IDENTITY_VERIFICATION" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(case["status"], "IDENTITY_VERIFICATION", "{case:?}");
    assert_eq!(tile(&case, "deposit"), "IS_COMPLETE");
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    assert_eq!(
        audit
            .iter()
            .filter(|a| a.action == "case.deposit_paid")
            .count(),
        1
    );
    // An event for a session that is not ours is acknowledged and ignored.
    let other = completed_event("cs_test_elsewhere", "evt_threshold_2", Some(amount), None);
    let signed = stripe_webhook::Webhook::generate_test_header(&other, WEBHOOK_SECRET, None);
    assert_eq!(deliver(&app, &other, &signed).await, StatusCode::NO_CONTENT);
}

async fn the_payment_and_search_calls_are_refused_to_everyone_else(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut bea, mut connie, id) = awaiting_deposit(&app).await;
    let pay = crate::work_start::pay_body(id);
    // Anonymous, another customer, another firm's broker, the case's broker, staff.
    let mut anonymous = app.client();
    assert_eq!(
        anonymous
            .post("/api/deposit-payment", pay.clone())
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    app.create_user("stranger@example.test", "ROLE_USER", true)
        .await;
    let mut stranger = app.sign_in("stranger@example.test").await;
    assert_eq!(
        stranger
            .post("/api/deposit-payment", pay.clone())
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let mut other_broker = app.sign_in("rival@other.test").await;
    assert_eq!(
        other_broker
            .post("/api/deposit-payment", pay.clone())
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        broker
            .post("/api/deposit-payment", pay.clone())
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    let res = connie.post("/api/deposit-payment", pay.clone()).await;
    assert!(
        matches!(res.status, StatusCode::FORBIDDEN | StatusCode::NOT_FOUND),
        "{:?}",
        res.body
    );
    // Bad input: a clear 422 naming the field.
    let res = bea
        .post("/api/deposit-payment", json!({ "caseId": "x" }))
        .await;
    assert_eq!(
        res.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        res.body
    );
    let res = bea
        .post(
            "/api/local-payment-response",
            json!({ "reference": "r", "outcome": "MAYBE" }),
        )
        .await;
    assert_eq!(
        res.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        res.body
    );

    // Bea's payment is hers: nobody else confirms it.
    let reference = bea.post("/api/deposit-payment", pay).await.body["reference"]
        .as_str()
        .unwrap()
        .to_owned();
    let confirm = json!({ "reference": reference, "outcome": "PAID" });
    for client in [&mut stranger, &mut broker, &mut other_broker, &mut connie] {
        let res = client
            .post("/api/local-payment-response", confirm.clone())
            .await;
        assert!(
            matches!(res.status, StatusCode::NOT_FOUND | StatusCode::FORBIDDEN),
            "{:?}",
            res.body
        );
    }
    assert_eq!(
        anonymous
            .post("/api/local-payment-response", confirm.clone())
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    // Stripe is not configured: its webhook is not there.
    let res = reqwest::Client::new()
        .post(format!("{}/api/webhooks/stripe", app.base))
        .header("stripe-signature", "t=1,v1=00")
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    // An unsigned one is refused as such.
    let res = reqwest::Client::new()
        .post(format!("{}/api/webhooks/stripe", app.base))
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);

    // Recording searches is the firm's, and a purchase's only.
    let search = json!({ "documentId": 1, "kind": "DOCUMENT" });
    let path = format!("/api/staff/cases/buying/{id}/searches");
    assert_eq!(
        anonymous.post(&path, search.clone()).await.status,
        StatusCode::UNAUTHORIZED
    );
    for client in [&mut bea, &mut broker, &mut stranger, &mut other_broker] {
        assert_eq!(
            client.post(&path, search.clone()).await.status,
            StatusCode::FORBIDDEN
        );
    }
    // Before the payment the searches are not open.
    let doc = upload(&mut connie, id, "LOCAL_AUTHORITY_SEARCH").await;
    let res = connie
        .post(&path, json!({ "documentId": doc, "kind": "DOCUMENT" }))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    let res = connie
        .post(&path, json!({ "documentId": doc, "kind": "OTHER" }))
        .await;
    assert_eq!(
        res.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        res.body
    );
    let res = connie
        .post(
            "/api/staff/cases/remortgaging/1/searches",
            json!({ "documentId": doc, "kind": "DOCUMENT" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    // A staff session without its second factor may not upload.
    app.create_user("fresh@threshold.test", "ROLE_CONVEYANCER", true)
        .await;
    let mut fresh = app.sign_in("fresh@threshold.test").await;
    let form = Form::new()
        .text("caseType", "BUYING")
        .text("caseId", id.to_string())
        .text("documentType", "TA6")
        .part("file", Part::bytes(PDF.to_vec()).file_name("ta6.pdf"));
    let res = fresh.post_form("/api/document", form).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(res.body["error"]["code"], "second_factor_required");

    // Enquiries (issue 29; who may not is in staff.rs): none before the contract pack is
    // awaited, none on a remortgage, and bad input named.
    let enquiries = format!("/api/staff/cases/buying/{id}/enquiries");
    let question = json!({ "question": "Is there a boundary dispute?" });
    let res = connie.post(&enquiries, question.clone()).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    let remortgage =
        support::cases::create_remortgaging(&mut broker, "rory@example.test", "Rory R").await;
    let res = connie
        .post(
            &format!("/api/staff/cases/remortgaging/{remortgage}/enquiries"),
            question,
        )
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    for (path, body, field) in [
        (enquiries.clone(), json!({ "question": "  " }), "question"),
        (
            enquiries.clone(),
            json!({ "question": "x".repeat(2001) }),
            "question",
        ),
        (
            enquiries.clone(),
            json!({ "question": "Bell \u{7}" }),
            "question",
        ),
        (
            enquiries.clone(),
            json!({ "question": "Q", "urgent": true }),
            "urgent",
        ),
        (
            format!("{enquiries}/1/answer"),
            json!({ "answer": "" }),
            "answer",
        ),
        (
            format!("{enquiries}/1/answer"),
            json!({ "answer": "x".repeat(5001) }),
            "answer",
        ),
        (
            format!("{enquiries}/1/answer"),
            json!({ "answer": "No", "followUp": " " }),
            "followUp",
        ),
        (
            format!("{enquiries}/1/withdraw"),
            json!({ "reason": "x".repeat(2001) }),
            "reason",
        ),
    ] {
        let res = connie.post(&path, body).await;
        assert_eq!(
            res.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{path}: {:?}",
            res.body
        );
        assert!(
            res.body["error"]["fields"][field].is_string(),
            "{field}: {:?}",
            res.body
        );
    }
    let res = connie
        .post(&format!("{enquiries}/x/answer"), json!({ "answer": "No" }))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
}

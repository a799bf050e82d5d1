//! The client ledger and the completion statement it makes (issue 28, item 1): a cash
//! purchase, a purchase with a gift and a mortgage advance, and a remortgage paying off two
//! existing charges with their daily interest. Every figure of the statement follows from what
//! was recorded; a statement lacking one is refused, naming it.

use crate::support;

use chrono::{Days, NaiveDate, Utc};
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};
use support::cases::accept_latest;
use support::cases::set_case;
use support::purchase::{expanded, submitted_purchase};
use support::remortgage::{customer_case, exec, fill_in, submit, submitted_remortgage};
use support::staff::enrolled_conveyancer;
use support::{Backend, Client, TestApp, pdf_text, pounds};

on_both_databases!(
    a_cash_purchase_statement_counts_what_the_buyer_sent,
    a_purchase_with_a_gift_takes_the_advance_from_the_recorded_offer,
    a_remortgage_redeems_each_charge_with_its_daily_interest,
    a_transfer_of_equity_on_divorce_is_charged_no_land_tax,
);

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";

/// The statement's lines as (label, pence).
fn lines(ledger: &Value, key: &str) -> Vec<(String, i64)> {
    ledger["statement"][key]
        .as_array()
        .unwrap_or_else(|| panic!("a statement: {ledger}"))
        .iter()
        .map(|l| {
            (
                l["label"].as_str().unwrap().to_owned(),
                l["amountPence"].as_i64().unwrap(),
            )
        })
        .collect()
}

async fn record(connie: &mut Client, base: &str, body: Value) -> Value {
    let res = connie.post(&format!("{base}/ledger"), body).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    res.body
}

/// The firm uploads the lender's offer and records it with this advance, as in the back office
/// (a purchase's offer too: `record_mortgage_offer` is in both workflow files).
async fn record_offer(connie: &mut Client, case_type: &str, id: i64, advance: i64) {
    let form = Form::new()
        .text("caseType", case_type.to_owned())
        .text("caseId", id.to_string())
        .text("documentType", "MORTGAGE_OFFER")
        .part("file", Part::bytes(PDF.to_vec()).file_name("offer.pdf"));
    let res = connie.post_form("/api/document", form).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let mut offer = support::staff::offer(res.body["documentId"].as_i64().unwrap());
    offer["amount"] = json!(advance);
    let path = format!(
        "/api/staff/cases/{}/{id}/mortgage-offer",
        case_type.to_lowercase()
    );
    let res = connie.post(&path, offer).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
}

/// Drafts the statement; its PDF's text.
async fn drafted_text(connie: &mut Client, base: &str) -> String {
    let draft = json!({ "documentType": "COMPLETION_STATEMENT" });
    let res = connie.post(&format!("{base}/documents"), draft).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let doc = res.body["documentId"].as_i64().unwrap();
    let (_, _, bytes) = connie.get_bytes(&format!("/api/document/{doc}")).await;
    pdf_text(&bytes)
}

/// A purchase ready for its statement: the quote's land tax and bill.
async fn purchase(app: &TestApp) -> (Client, i64, i64, (i64, String), i64) {
    let (_broker, mut bea, id) = submitted_purchase(app).await;
    let (connie, ..) = enrolled_conveyancer(app).await;
    set_case(app, id, "status", "PREPARE_COMPLETION_STATEMENT").await;
    let case = bea.get(&expanded(id)).await.body;
    let price = case["purchasePrice"].as_i64().unwrap();
    let estimate = &case["quote"]["landTaxEstimate"];
    let tax = (
        estimate["amount"].as_i64().unwrap(),
        estimate["label"].as_str().unwrap().to_owned(),
    );
    let bill = case["quote"]["totalAmount"].as_i64().unwrap();
    (connie, id, price, tax, bill)
}

/// An existing mortgage on the home, as the owners' Loans answers record one.
async fn add_charge(app: &TestApp, id: i64, lender: &str) {
    exec(
        app,
        format!(
            "INSERT INTO loans (case_id, charge_type, lender_name, amount, created_at) \
             VALUES ({id}, 'MORTGAGE', '{lender}', 1, '2026-11-01T00:00:00Z')"
        ),
    )
    .await;
}

fn today() -> NaiveDate {
    Utc::now().date_naive()
}

async fn a_cash_purchase_statement_counts_what_the_buyer_sent(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut connie, id, price, (tax, tax_line), bill) = purchase(&app).await;
    let base = format!("/api/staff/cases/buying/{id}");
    // Every field is checked, each named: a word that is not the ledger's, then the figures.
    for (field, bad) in [("direction", "IN"), ("kind", "CASH")] {
        let mut body = json!({ "direction": "RECEIVED", "kind": "GIFT", "amountPence": 100,
                               "counterparty": "Dora", "entryDate": today() });
        body[field] = json!(bad);
        let res = connie.post(&format!("{base}/ledger"), body).await;
        assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(res.field_error(field).is_some(), "{field}: {:?}", res.body);
    }
    let res = connie
        .post(
            &format!("{base}/ledger"),
            json!({ "direction": "RECEIVED", "kind": "GIFT", "amountPence": 0,
                    "counterparty": " ", "entryDate": today() + Days::new(1) }),
        )
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    for field in ["amountPence", "counterparty", "entryDate"] {
        assert!(res.field_error(field).is_some(), "{field}: {:?}", res.body);
    }
    let res = connie
        .post(
            &format!("{base}/ledger"),
            json!({ "amountPence": 100, "counterparty": "Dora", "entryDate": today() }),
        )
        .await;
    for field in ["direction", "kind"] {
        assert!(res.field_error(field).is_some(), "{field}: {:?}", res.body);
    }
    let res = connie
        .post(
            &format!("{base}/ledger"),
            json!({ "direction": "PAID", "kind": "GIFT", "amountPence": 100,
                    "counterparty": "Dora", "entryDate": today() }),
        )
        .await;
    assert_eq!(res.field_error("kind"), Some("GIFT is money RECEIVED"));

    let funds = 5_000_000;
    let ledger = record(
        &mut connie,
        &base,
        json!({ "direction": "RECEIVED", "kind": "CLIENT_FUNDS", "amountPence": funds,
                "counterparty": "Bea", "reference": "BEA-1", "entryDate": today() }),
    )
    .await;
    assert_eq!(ledger["entries"][0]["kind"], "CLIENT_FUNDS");
    assert_eq!(ledger["clientBalancePence"], funds);
    // No offer is recorded: a cash purchase, no advance.
    let mut expected = vec![(
        "Purchase price, paid to the seller's solicitors".to_owned(),
        -price,
    )];
    if tax > 0 {
        expected.push((tax_line, -tax));
    }
    expected.push((
        "Our fees and disbursements (HM Land Registry, searches), as quoted".into(),
        -bill,
    ));
    assert_eq!(lines(&ledger, "lines"), expected);
    assert_eq!(lines(&ledger, "received")[0].1, funds);
    let balance = -(price + tax + bill - funds);
    assert_eq!(ledger["statement"]["balancePence"], balance);

    let text = drafted_text(&mut connie, &base).await;
    for expected in [
        "Purchase price, paid to the seller's solicitors",
        &format!("-{}", pounds(price)),
        "What you have sent us so far",
        "Balance you need to pay us",
        &pounds(-balance),
        "sort code 00-00-00",
        &format!("reference Case {id}"),
    ] {
        assert!(text.contains(expected), "{expected} in {text}");
    }
    assert!(!text.contains("Mortgage advance"), "{text}");
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    assert!(
        audit
            .iter()
            .any(|e| e.action == "case.ledger_entry_recorded" && e.detail.0["amount"] == funds)
    );
}

async fn a_purchase_with_a_gift_takes_the_advance_from_the_recorded_offer(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut connie, id, price, (tax, _), bill) = purchase(&app).await;
    let base = format!("/api/staff/cases/buying/{id}");
    let advance = price * 3 / 4;
    record_offer(&mut connie, "BUYING", id, advance).await;
    let gift = 2_000_000;
    let ledger = record(
        &mut connie,
        &base,
        json!({ "direction": "RECEIVED", "kind": "GIFT", "amountPence": gift,
                "counterparty": "Dora (the buyer's mother)", "entryDate": today() }),
    )
    .await;
    let got = lines(&ledger, "lines");
    assert_eq!(
        got[1],
        (
            "Mortgage advance from Nationwide Building Society".into(),
            advance
        )
    );
    assert_eq!(got[2], ("Gifts received".into(), gift));
    // The gift is not the buyer's own money: nothing is listed as sent by them.
    assert!(lines(&ledger, "received").is_empty());
    let balance = -(price - advance - gift + tax + bill);
    assert_eq!(ledger["statement"]["balancePence"], balance);
    let text = drafted_text(&mut connie, &base).await;
    assert!(text.contains(&pounds(-balance)), "{text}");
    assert!(text.contains("Gifts received"), "{text}");
}

async fn a_remortgage_redeems_each_charge_with_its_daily_interest(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = submitted_remortgage(&app).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let base = format!("/api/staff/cases/remortgaging/{id}");
    set_case(&app, id, "status", "PREPARE_COMPLETION_STATEMENT").await;
    let completion = today() + Days::new(10);
    set_case(&app, id, "completion_date", completion).await;
    let advance = 25_000_000;
    record_offer(&mut connie, "REMORTGAGING", id, advance).await;
    for lender in ["Barclays", "Together"] {
        add_charge(&app, id, lender).await;
    }
    let ledger = connie.get(&format!("{base}/ledger")).await.body;
    let charges: Vec<i64> = ledger["charges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["loanId"].as_i64().unwrap())
        .collect();
    assert_eq!(charges.len(), 2, "{ledger}");
    // Without the lenders' figures the statement is refused, naming each charge.
    let draft = json!({ "documentType": "COMPLETION_STATEMENT" });
    let res = connie.post(&format!("{base}/documents"), draft).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "statement_incomplete");
    for c in &charges {
        let field = format!("redemptionStatements.{c}");
        assert!(res.field_error(&field).is_some(), "{field}: {:?}", res.body);
    }
    let res = connie
        .post(
            &format!("{base}/redemption-statements"),
            json!({ "loanId": 0, "amountPence": -1, "asAt": today() + Days::new(1),
                    "dailyInterestPence": 0, "validUntil": today() }),
        )
        .await;
    for field in ["loanId", "amountPence", "asAt", "validUntil"] {
        assert!(res.field_error(field).is_some(), "{field}: {:?}", res.body);
    }
    let as_at = today() - Days::new(2);
    let figures = [
        (charges[0], 15_000_000, 2_100),
        (charges[1], 3_000_000, 650),
    ];
    for (loan, amount, daily) in figures {
        let res = connie
            .post(
                &format!("{base}/redemption-statements"),
                json!({ "loanId": loan, "amountPence": amount, "asAt": as_at,
                        "dailyInterestPence": daily, "validUntil": completion + Days::new(5) }),
            )
            .await;
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    }
    let ledger = connie.get(&format!("{base}/ledger")).await.body;
    let got = lines(&ledger, "lines");
    let quote = cara
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await
        .body["quote"]["totalAmount"]
        .as_i64()
        .unwrap();
    // Twelve days from the figures' date to completion.
    let first = 15_000_000 + 12 * 2_100;
    let second = 3_000_000 + 12 * 650;
    let amounts: Vec<i64> = got.iter().map(|(_, a)| *a).collect();
    assert_eq!(amounts, [advance, -first, -second, -quote]);
    assert!(
        got[1].0.starts_with("Redemption of the loan from Barclays"),
        "{got:?}"
    );
    let balance = advance - first - second - quote;
    assert_eq!(ledger["statement"]["balancePence"], balance);
    let text = drafted_text(&mut connie, &base).await;
    for expected in [
        pounds(first),
        pounds(second),
        "Balance due to you".into(),
        pounds(balance),
    ] {
        assert!(text.contains(&expected), "{expected} in {text}");
    }
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    assert_eq!(
        audit
            .iter()
            .filter(|e| e.action == "case.redemption_statement_recorded")
            .count(),
        2
    );
}

/// Issue 28: a remortgage that takes an ex-partner off the title under a court order. The reason
/// re-quotes the case (a transfer on divorce or dissolution is exempt from land tax, FA 2003
/// Sch 3 para 3, and needs no return, s.77A), the owner accepts the new quote, and the statement
/// charges that quote — HM Land Registry's transfer-of-equity fee within it — with no land tax.
async fn a_transfer_of_equity_on_divorce_is_charged_no_land_tax(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = customer_case(&app).await;
    set_case(
        &app,
        id,
        "remortgaging_reason",
        "REMORTGAGE_TRANSFER_OF_EQUITY",
    )
    .await;
    fill_in(&app, &mut cara, id).await;
    let res = cara
        .post(
            &format!("/api/remortgaging/{id}/transfer-of-equity"),
            json!({ "reason": "COURT_ORDER" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["requoted"], true);
    accept_latest(&mut cara, "REMORTGAGING", id).await;
    submit(&mut cara, id).await;
    let quote = cara
        .get(&format!("/api/remortgaging/{id}/quote/latest"))
        .await
        .body;
    assert_eq!(quote["landTaxEstimate"]["amount"], 0, "{quote:?}");
    let fees = quote["costBreakdown"].to_string();
    assert!(fees.contains("transfer of equity"), "{fees}");
    let bill = quote["totalAmount"].as_i64().unwrap();

    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let base = format!("/api/staff/cases/remortgaging/{id}");
    set_case(&app, id, "status", "PREPARE_COMPLETION_STATEMENT").await;
    let completion = today() + Days::new(7);
    set_case(&app, id, "completion_date", completion).await;
    let advance = 22_000_000;
    record_offer(&mut connie, "REMORTGAGING", id, advance).await;
    add_charge(&app, id, "Barclays").await;
    let ledger = connie.get(&format!("{base}/ledger")).await.body;
    let loan = ledger["charges"][0]["loanId"].as_i64().unwrap();
    let res = connie
        .post(
            &format!("{base}/redemption-statements"),
            json!({ "loanId": loan, "amountPence": 18_000_000, "asAt": today(),
                    "dailyInterestPence": 0, "validUntil": completion }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let got = lines(&res.body, "lines");
    let amounts: Vec<i64> = got.iter().map(|(_, a)| *a).collect();
    assert_eq!(amounts, [advance, -18_000_000, -bill], "{got:?}");
    assert!(
        !got.iter().any(|(label, _)| label.contains("Land Tax")),
        "{got:?}"
    );
    let balance = advance - 18_000_000 - bill;
    assert_eq!(res.body["statement"]["balancePence"], balance);
    let text = drafted_text(&mut connie, &base).await;
    for expected in [pounds(bill), "Balance due to you".into(), pounds(balance)] {
        assert!(text.contains(&expected), "{expected} in {text}");
    }
}

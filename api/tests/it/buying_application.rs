//! A purchase's application (issue 13): Property, Buyer Details, Purchase & Financing (deposit,
//! lender, sources of funds, ISAs), Stamp Duty Land Tax (an answer that changes the price re-quotes),
//! Loans, the required documents they ask for, and submitting to PREPARE_CLIENT_CARE_LETTER.
//! Gift donors and their own invitation (INVITE-03/06/12). Who may and who may not, on both
//! databases. BUY-APP-07..18, FLOW-02, DOCS-06..08.

use crate::support;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::cases::{accept_latest, create_buying, firm};
use support::purchase::{
    BEA, GINA, about_you, accepted_purchase, add_donor, add_source, buyer_details, expanded,
    upload_everything, with_buyer_details,
};
use support::{Backend, TestApp};

on_both_databases!(
    issue_26_a_buyer_s_address_is_given_in_full_with_its_postcode,
    a_buyer_completes_every_section_and_submits,
    purchase_and_financing_is_validated_and_keeps_its_rules,
    the_land_tax_answers_re_quote_the_case,
    a_co_buyer_is_invited_and_gives_their_own_details,
    strangers_staff_and_late_brokers_are_refused,
    a_gift_donor_is_invited_confirms_and_sees_only_their_gift,
    donors_are_refused_to_strangers_and_need_a_gift_source,
    a_donor_uploads_the_evidence_of_their_gift_and_finds_it_on_return,
    calls_74_a_buyer_deletes_a_previous_legal_name_from_buyer_details,
    the_other_buying_calls_are_refused_to_strangers_staff_and_late_brokers,
    calls_32_a_buying_invitee_may_decline_and_nobody_else_may_answer,
);

const BEN: &str = "ben@example.test";
fn section(case: &Value, key: &str) -> String {
    case["view"]["sections"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["key"] == key)
        .map(|s| s["state"].as_str().unwrap().to_owned())
        .expect("the section")
}

fn required_types(case: &Value, group: &str) -> Vec<String> {
    case["requiredDocuments"][group]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["documentType"].as_str().unwrap().to_owned())
        .collect()
}

/// CALLS-08 (a purchase's Property), CALLS-11: POST /isas adds a LIFETIME_ISA to the expanded
/// `isas`.
async fn a_buyer_completes_every_section_and_submits(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut bea, id) = accepted_purchase(&app).await;
    let case = bea.get(&expanded(id)).await.body;
    // BUY-APP-07: the property is there from the key facts; BUY-APP-08: buyers not yet valid.
    assert_eq!(section(&case, "property"), "IS_COMPLETE");
    assert_eq!(section(&case, "buyer-details"), "NOT_STARTED");
    assert_eq!(section(&case, "purchase-and-financing"), "LOCKED");
    let res = bea
        .post(
            "/api/property",
            json!({ "caseType": "BUYING", "caseId": id, "landOwnership": "SOLE_OWNER",
                    "propertyType": "DETACHED_HOUSE", "tenure": "FREEHOLD" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let applicant = case["buyers"][0]["id"].as_i64().unwrap();
    about_you(&app, &mut bea, BEA).await;
    buyer_details(&mut bea, id, applicant, true).await;
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(case["property"]["landOwnership"], "SOLE_OWNER");
    assert_eq!(section(&case, "buyer-details"), "IS_COMPLETE");
    // The key facts gave a deposit: BUY-APP-10 is met with no gift or ISA source.
    assert_eq!(section(&case, "purchase-and-financing"), "IS_COMPLETE");
    assert_eq!(section(&case, "stamp-duty-land-tax"), "NOT_STARTED");

    // Savings and a Lifetime ISA (BUY-APP-12: the ISA must be listed).
    add_source(&mut bea, id, "SAVINGS").await;
    add_source(&mut bea, id, "LIFETIME_ISA").await;
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(section(&case, "purchase-and-financing"), "NOT_STARTED");
    let res = bea
        .post(
            "/api/isas",
            json!({ "caseType": "BUYING", "caseId": id, "isaType": "LIFETIME_ISA",
                    "amount": 1_600_000, "applicantId": applicant }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let res = bea
        .post(
            &format!("/api/buying/{id}/purchase-and-financing"),
            json!({ "depositAmount": 6_000_000, "lender": "HALIFAX" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(section(&case, "purchase-and-financing"), "IS_COMPLETE");
    assert_eq!(case["depositAmount"], 6_000_000);
    assert_eq!(case["isas"][0]["isaType"], "LIFETIME_ISA");
    assert_eq!(case["isas"][0]["applicantId"], applicant);
    assert_eq!(case["sourceOfFunds"].as_array().unwrap().len(), 2);
    // DOCS-06..08: the evidence each source asks for, in its group.
    assert_eq!(
        required_types(&case, "sourceOfFundsDocuments"),
        ["SAVINGS_STATEMENT"]
    );
    assert_eq!(
        required_types(&case, "isaDocuments"),
        ["LIFETIME_ISA_STATEMENT"]
    );
    assert_eq!(required_types(&case, "statements"), ["BANK_STATEMENT"]);

    // BUY-APP-14, then BUY-APP-15/16.
    let res = bea
        .post(
            &format!("/api/buying/{id}/stamp-duty-land-tax"),
            json!({ "resultsInMultipleProperties": false, "isReplacingMainResidence": true,
                    "isFirstTimeBuyer": false }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(section(&case, "stamp-duty-land-tax"), "IS_COMPLETE");
    assert_eq!(section(&case, "loans"), "NOT_STARTED");
    assert_eq!(section(&case, "documents"), "LOCKED");
    let res = bea
        .post(
            "/api/loans",
            json!({ "caseType": "BUYING", "caseId": id, "hasLoans": false }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(section(&case, "documents"), "NOT_STARTED");
    assert_eq!(section(&case, "review-and-submit"), "LOCKED");
    // Not ready: the server refuses whatever the page shows.
    let res = bea
        .post(
            &format!("/api/buying/{id}/submit"),
            json!({ "declarationConfirmed": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);

    upload_everything(&mut bea, id).await;
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(section(&case, "documents"), "IS_COMPLETE");
    assert_eq!(section(&case, "review-and-submit"), "NOT_STARTED");
    assert_eq!(case["view"]["readyToSubmit"], true);
    let res = bea
        .post(
            &format!("/api/buying/{id}/submit"),
            json!({ "declarationConfirmed": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "PREPARE_CLIENT_CARE_LETTER");
    // Submitted: the application is closed to further changes.
    let res = bea
        .post(
            &format!("/api/buying/{id}/purchase-and-financing"),
            json!({ "depositAmount": 5_000_000 }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    for action in [
        "case.source_of_funds_added",
        "case.isa_added",
        "case.purchase_financing_updated",
        "case.land_tax_answers_updated",
    ] {
        assert!(
            audit.iter().any(|a| a.action == action),
            "{action} in {audit:?}"
        );
    }
}

/// CALLS-65, ENT-15 (ISA id): an ISA deleted by its id is gone, and Purchase & Financing is
/// incomplete again while its ISA source remains.
async fn purchase_and_financing_is_validated_and_keeps_its_rules(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut bea, id) = with_buyer_details(&app).await;
    let pf = format!("/api/buying/{id}/purchase-and-financing");
    // The purchase price is £400,000.
    for (body, field, problem) in [
        (
            json!({ "depositAmount": -1 }),
            "depositAmount",
            "must be 0 or more",
        ),
        (
            json!({ "depositAmount": 40_000_001 }),
            "depositAmount",
            "must not be more than the purchase price",
        ),
        (
            json!({ "depositAmount": 100, "lender": "NOT_A_BANK" }),
            "lender",
            "is not a lender from GET /lenders",
        ),
    ] {
        let res = bea.post(&pf, body).await;
        assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(res.field_error(field), Some(problem), "{:?}", res.body);
    }
    let res = bea
        .post(
            &format!("/api/buying/{id}/sources-of-funds"),
            json!({ "sourceType": "LOTTERY" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    // An ISA needs its source first.
    let isa = json!({ "caseType": "BUYING", "caseId": id, "isaType": "HELP_TO_BUY_ISA" });
    let res = bea.post("/api/isas", isa.clone()).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.body["error"]["code"], "no_isa_source");
    let source = add_source(&mut bea, id, "HELP_TO_BUY_ISA").await;
    let res = bea.post("/api/isas", isa.clone()).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let isa_id = res.body["id"].as_i64().unwrap();
    // A remortgage has no ISAs; an ISA of someone who is not a buyer is refused.
    let mut wrong_type = isa.clone();
    wrong_type["caseType"] = json!("REMORTGAGING");
    let res = bea.post("/api/isas", wrong_type).await;
    assert_eq!(
        res.field_error("caseType"),
        Some("must be BUYING for this call")
    );
    let mut stranger = isa.clone();
    stranger["applicantId"] = json!(999_999);
    let res = bea.post("/api/isas", stranger).await;
    assert_eq!(
        res.field_error("applicantId"),
        Some("must be a buyer of the case")
    );
    // The last ISA source stays while its ISA is listed.
    let gone = format!("/api/buying/{id}/sources-of-funds/{source}");
    let res = bea.delete(&gone).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.body["error"]["code"], "isas_listed");
    assert_eq!(
        required_types(&bea.get(&expanded(id)).await.body, "isaDocuments"),
        ["HELP_TO_BUY_STATEMENT"]
    );
    assert_eq!(
        section(&bea.get(&expanded(id)).await.body, "purchase-and-financing"),
        "IS_COMPLETE"
    );
    let res = bea.delete(&format!("/api/isas/{isa_id}")).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    // CALLS-65: the ISA source remains without its ISA: incomplete again.
    let case = bea.get(&expanded(id)).await.body;
    assert!(case["isas"].as_array().unwrap().is_empty());
    assert_eq!(section(&case, "purchase-and-financing"), "NOT_STARTED");
    let res = bea.delete(&gone).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let case = bea.get(&expanded(id)).await.body;
    assert!(case["isas"].as_array().unwrap().is_empty());
    assert!(case["sourceOfFunds"].as_array().unwrap().is_empty());
    assert!(required_types(&case, "isaDocuments").is_empty());
    // Unknown rows are 404, not another case's.
    assert_eq!(
        bea.delete(&format!("/api/isas/{isa_id}")).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(bea.delete(&gone).await.status, StatusCode::NOT_FOUND);
    // A gift needs its donor (BUY-APP-11): the section is not complete with GIFTS alone.
    add_source(&mut bea, id, "GIFTS").await;
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(section(&case, "purchase-and-financing"), "NOT_STARTED");
    assert_eq!(
        required_types(&case, "sourceOfFundsDocuments"),
        ["GIFT_STATEMENT"]
    );
}

/// Issue 28.2: a Stamp Duty Land Tax answer, or a buyer's residence, that changes the price
/// re-quotes the case. The buyer sees the quote they accepted beside the new one and accepts
/// again before going on; the broker is told by e-mail. An answer the quote already assumed
/// changes nothing. FA 2003 Sch 6ZA (first-time buyer relief), Sch 4ZA (higher rates for an
/// additional home), Sch 9A (2% surcharge for a buyer not UK resident).
async fn the_land_tax_answers_re_quote_the_case(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut bea, id) = with_buyer_details(&app).await;
    let sdlt = format!("/api/buying/{id}/stamp-duty-land-tax");
    let latest = format!("/api/buying/{id}/quote/latest");
    let answer = |multiple: bool, replacing: bool, first: bool| {
        json!({ "resultsInMultipleProperties": multiple, "isReplacingMainResidence": replacing,
                "isFirstTimeBuyer": first })
    };
    let accepted = bea.get(&latest).await.body;
    let standard = accepted["landTaxEstimate"]["amount"].as_i64().unwrap();
    // £400,000 in England, as the quote assumed: nothing changes, the quote stays accepted.
    let res = bea.post(&sdlt, answer(false, true, false)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["requoted"], false);
    assert_eq!(res.body["estimate"]["landTaxType"], "STAMP_DUTY_LAND_TAX");
    assert_eq!(res.body["estimate"]["amount"], standard);
    assert_eq!(bea.get(&latest).await.body["id"], accepted["id"]);
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(section(&case, "quote"), "IS_COMPLETE");

    // The higher rates for an additional home: a new quote, waiting to be accepted.
    let res = bea.post(&sdlt, answer(true, false, false)).await;
    assert_eq!(res.body["requoted"], true, "{:?}", res.body);
    let higher = res.body["estimate"]["amount"].as_i64().unwrap();
    assert!(higher > standard, "{higher} > {standard}");
    let quote = bea.get(&latest).await.body;
    assert!(quote["acceptedAt"].is_null(), "{quote:?}");
    assert_eq!(quote["landTaxEstimate"]["amount"], higher);
    assert_eq!(quote["previous"]["landTaxAmount"], standard, "{quote:?}");
    assert_eq!(quote["previous"]["totalAmount"], accepted["totalAmount"]);
    assert_eq!(quote["previous"]["acceptedAt"], accepted["acceptedAt"]);
    let assumptions = quote["landTaxEstimate"]["assumptions"].as_str().unwrap();
    assert!(assumptions.contains("the higher rates"), "{assumptions}");
    let case = bea.get(&expanded(id)).await.body;
    assert_ne!(section(&case, "quote"), "IS_COMPLETE");
    assert_eq!(case["resultsInMultipleProperties"], true);
    assert_eq!(case["isReplacingMainResidence"], false);
    let mail = app
        .mail_with_subject("broker@firm.test", "has changed")
        .await;
    assert_eq!(mail.subject, format!("The quote for case {id} has changed"));
    // Accepting the new quote goes on; it no longer shows the old one.
    accept_latest(&mut bea, "BUYING", id).await;
    let quote = bea.get(&latest).await.body;
    assert!(quote["previous"].is_null(), "{quote:?}");
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(section(&case, "quote"), "IS_COMPLETE");

    // First-time buyer relief (no additional home): less than the standard rates.
    let res = bea.post(&sdlt, answer(false, true, true)).await;
    let first_time = res.body["estimate"]["amount"].as_i64().unwrap();
    assert!(first_time < standard, "{first_time} < {standard}");
    accept_latest(&mut bea, "BUYING", id).await;
    // A buyer who is not UK resident pays the surcharge: their Buyer Details re-quote too.
    let applicant = case["buyers"][0]["id"].as_i64().unwrap();
    let before = bea.get(&latest).await.body["id"].clone();
    buyer_details(&mut bea, id, applicant, false).await;
    let quote = bea.get(&latest).await.body;
    assert_ne!(quote["id"], before);
    let non_resident = quote["landTaxEstimate"]["amount"].as_i64().unwrap();
    assert!(non_resident > first_time, "{non_resident} > {first_time}");
    let res = bea
        .post(&sdlt, json!({ "resultsInMultipleProperties": true }))
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
}

/// CALLS-30, CALLS-32, CALLS-73: a co-buyer added by POST /buying/applicant is in the expanded
/// `buyers`, answers `{accepted:true}`, and is removed again.
async fn a_co_buyer_is_invited_and_gives_their_own_details(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut bea, id) = with_buyer_details(&app).await;
    let res = bea
        .post(
            "/api/buying/applicant",
            json!({ "caseId": id, "preferredName": "Ben Buyer", "email": BEN }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let ben_applicant = res.body["id"].as_i64().unwrap();
    let mails = app.mails_to(BEN, 1).await;
    assert_eq!(
        mails[0].subject,
        "You have been added as a buyer on a purchase"
    );
    // A new buyer with nothing yet: Buyer Details is open again, the later sections locked.
    let case = bea.get(&expanded(id)).await.body;
    assert!(
        case["buyers"]
            .as_array()
            .unwrap()
            .iter()
            .any(|b| b["id"] == ben_applicant),
        "{:?}",
        case["buyers"]
    );
    assert_eq!(section(&case, "buyer-details"), "NOT_STARTED");
    assert_eq!(section(&case, "purchase-and-financing"), "LOCKED");
    let mut ben = app.sign_in(BEN).await;
    let res = ben
        .post(
            &format!("/api/buying/{id}/invitation/respond"),
            json!({ "accepted": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    // Each buyer completes their own details only.
    let bea_applicant = case["buyers"][0]["id"].as_i64().unwrap();
    let res = ben
        .post(
            &format!("/api/buying/{id}/applicant/{bea_applicant}"),
            json!({ "addressLine1": "Elsewhere", "town": "Leeds", "postcode": "LS1 1AA" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    about_you(&app, &mut ben, BEN).await;
    buyer_details(&mut ben, id, ben_applicant, true).await;
    let case = ben.get(&expanded(id)).await.body;
    assert_eq!(section(&case, "buyer-details"), "IS_COMPLETE");
    // ENT-12: Bea's details are withheld from Ben.
    let bea_seen = case["buyers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["id"] == bea_applicant)
        .unwrap();
    assert_eq!(bea_seen["redacted"], true, "{bea_seen:?}");
    assert!(bea_seen["user"]["nationalInsuranceNumber"].is_null());
    // The lead stays; Ben can be taken off.
    let bea_user = app.db.user_by_email(BEA).await.unwrap().unwrap().id;
    let ben_user = app.db.user_by_email(BEN).await.unwrap().unwrap().id;
    let res = ben
        .delete(&format!("/api/buying/{id}/applicants/{bea_user}"))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.body["error"]["code"], "lead_owner");
    let res = bea
        .delete(&format!("/api/buying/{id}/applicants/{ben_user}"))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let buyers = bea.get(&expanded(id)).await.body["buyers"].clone();
    assert_eq!(buyers.as_array().unwrap().len(), 1, "{buyers:?}");
    assert_eq!(buyers[0]["id"], bea_applicant);
}

async fn strangers_staff_and_late_brokers_are_refused(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, _bea, id) = with_buyer_details(&app).await;
    app.create_user("conveyancer@threshold.test", "ROLE_CONVEYANCER", true)
        .await;
    app.create_user("eve@example.test", "ROLE_USER", true).await;
    let mut staff = app.sign_in("conveyancer@threshold.test").await;
    let mut strangers = [
        app.sign_in("eve@example.test").await,
        app.sign_in("rival@other.test").await,
    ];
    let mut anonymous = app.client();
    let calls: Vec<(String, Value)> = vec![
        (
            format!("/api/buying/{id}/purchase-and-financing"),
            json!({ "depositAmount": 100 }),
        ),
        (
            format!("/api/buying/{id}/sources-of-funds"),
            json!({ "sourceType": "SAVINGS" }),
        ),
        (
            "/api/isas".into(),
            json!({ "caseType": "BUYING", "caseId": id, "isaType": "LIFETIME_ISA" }),
        ),
        (
            format!("/api/buying/{id}/stamp-duty-land-tax"),
            json!({ "resultsInMultipleProperties": false, "isReplacingMainResidence": false,
                    "isFirstTimeBuyer": true }),
        ),
        (
            "/api/buying/applicant".into(),
            json!({ "caseId": id, "preferredName": "Zed Zee", "email": "zed@example.test" }),
        ),
        (
            format!("/api/buying/{id}/submit"),
            json!({ "declarationConfirmed": true }),
        ),
    ];
    for (path, body) in &calls {
        for stranger in strangers.iter_mut() {
            let res = stranger.post(path, body.clone()).await;
            assert_eq!(res.status, StatusCode::NOT_FOUND, "{path}: {:?}", res.body);
        }
        assert_eq!(
            staff.post(path, body.clone()).await.status,
            StatusCode::FORBIDDEN,
            "{path}"
        );
        assert_eq!(
            anonymous.post(path, body.clone()).await.status,
            StatusCode::UNAUTHORIZED,
            "{path}"
        );
        // The case is the customer's now: its broker may no longer change the application,
        // nor submit it.
        let res = broker.post(path, body.clone()).await;
        assert!(
            res.status == StatusCode::CONFLICT || res.status == StatusCode::FORBIDDEN,
            "{path}: {} {:?}",
            res.status,
            res.body
        );
    }
    assert_eq!(
        staff.delete("/api/isas/1").await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        anonymous.delete("/api/isas/1").await.status,
        StatusCode::UNAUTHORIZED
    );
    // Nothing a refused caller sent was written.
    let case = app.db.user_by_email("zed@example.test").await.unwrap();
    assert!(case.is_none());
    let mut bea = app.sign_in(BEA).await;
    let case = bea.get(&expanded(id)).await.body;
    assert!(case["sourceOfFunds"].as_array().unwrap().is_empty());
    assert_eq!(case["depositAmount"], 4_000_000);
}

/// The kinds of this person's unarchived feed items, once there are any.
async fn feed_kinds(app: &TestApp, email: &str) -> Vec<String> {
    let user = app.db.user_by_email(email).await.unwrap().unwrap();
    for _ in 0..200 {
        let kinds: Vec<String> = app
            .db
            .feed_items(user.id)
            .await
            .unwrap()
            .into_iter()
            .map(|i| i.kind)
            .collect();
        if !kinds.is_empty() {
            return kinds;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    vec![]
}

/// CALLS-31, CALLS-33, CALLS-54, CALLS-72, ENUM-22, ENT-15 (donor id): a donor added (and
/// invited), answering their own invitation, reading their gift, then deleted: Purchase &
/// Financing incomplete again.
async fn a_gift_donor_is_invited_confirms_and_sees_only_their_gift(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut bea, id) = with_buyer_details(&app).await;
    let gifts_source = add_source(&mut bea, id, "GIFTS").await;
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(section(&case, "purchase-and-financing"), "NOT_STARTED");
    let donor = add_donor(&mut bea, id).await;
    // BUY-APP-11: a donor for the gift completes the section.
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(section(&case, "purchase-and-financing"), "IS_COMPLETE");
    assert_eq!(case["gifts"][0]["status"], "INVITED");
    assert_eq!(case["gifts"][0]["giftAmount"], 2_500_000);
    // ENUM-22: the donor is a DONOR party, kept apart from the APPLICANT buyers.
    let party_types = |key: &str| -> Vec<String> {
        case[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["partyType"].as_str().unwrap_or_default().to_owned())
            .collect()
    };
    assert_eq!(party_types("donors"), ["DONOR"]);
    assert_eq!(party_types("buyers"), ["APPLICANT"]);
    // INVITE-03/06: one e-mail and one donor-invitation feed item, to the donor alone.
    let mails = app.mails_to(GINA, 1).await;
    assert_eq!(
        mails[0].subject,
        "Please confirm your gift towards a purchase"
    );
    // Issue 26: its link leads to the donor's own gift, never to the buyers' case.
    let to_gift = format!("redirectTo=%2Fgift%2F{id}");
    assert!(
        mails[0].links.iter().any(|l| l.ends_with(&to_gift)),
        "{:?}",
        mails[0].links
    );
    assert!(!mails[0].text.contains("buying"), "{}", mails[0].text);
    assert_eq!(feed_kinds(&app, GINA).await, ["case-donor-invitation"]);

    // The donor sees their gift, never the buyer's case.
    let mut gina = app.sign_in(GINA).await;
    assert_eq!(gina.get(&expanded(id)).await.status, StatusCode::NOT_FOUND);
    let res = gina.get(&format!("/api/donor-evidence/buying/{id}")).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let gifts = res.body["gifts"].as_array().unwrap();
    assert_eq!(gifts.len(), 1);
    assert_eq!(gifts[0]["donorId"], donor);
    assert_eq!(gifts[0]["buyerName"], "Someone");
    assert_eq!(gifts[0]["propertyAddressLine1"], "2 Castle Road");
    // INVITE-12: no remortgaging donor path.
    assert_eq!(
        gina.get(&format!("/api/donor-evidence/remortgaging/{id}"))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let respond = format!("/api/buying/{id}/donor/invitation/respond");
    let res = gina.post(&respond, json!({ "accepted": true })).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "ACCEPTED");
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(case["gifts"][0]["status"], "ACCEPTED");
    // The quote, Bea's sign-in link, then the gift's news.
    let mails = app.mails_to(BEA, 3).await;
    assert!(
        mails
            .iter()
            .any(|m| m.subject == "Your gift donor has confirmed their gift"),
        "{mails:?}"
    );
    // A new amount asks the donor again; then they decline.
    let res = bea
        .post(
            &format!("/api/buying/{id}/donor/{donor}"),
            json!({ "giftAmount": 3_000_000 }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(case["gifts"][0]["status"], "INVITED");
    // ... by e-mail, and in their feed (the first item was archived when they answered, so
    // the one there now is the new question), as when first invited.
    let mails = app.mails_to(GINA, 2).await;
    assert_eq!(
        mails[0].subject,
        "Please confirm your gift towards a purchase"
    );
    assert_eq!(feed_kinds(&app, GINA).await, ["case-donor-invitation"]);
    let res = gina.post(&respond, json!({ "accepted": false })).await;
    assert_eq!(res.body["status"], "DECLINED", "{:?}", res.body);
    // The gift source stays while its donor is listed; the donor can be removed.
    let res = bea
        .delete(&format!("/api/buying/{id}/sources-of-funds/{gifts_source}"))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.body["error"]["code"], "donors_listed");
    let res = bea.delete(&format!("/api/buying/{id}/donor/{donor}")).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let case = bea.get(&expanded(id)).await.body;
    assert!(case["gifts"].as_array().unwrap().is_empty());
    assert_eq!(section(&case, "purchase-and-financing"), "NOT_STARTED");
    // No longer a donor: nothing to see or answer.
    assert_eq!(
        gina.get(&format!("/api/donor-evidence/buying/{id}"))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        gina.post(&respond, json!({ "accepted": true }))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    for action in [
        "case.donor_added",
        "case.gift_accepted",
        "case.donor_gift_changed",
        "case.gift_declined",
        "case.donor_removed",
    ] {
        assert!(
            audit.iter().any(|a| a.action == action),
            "{action} in {audit:?}"
        );
    }
}

/// A gift statement (a one-page PDF) for the purchase, as the upload form sends it.
fn evidence_form(id: i64, document_type: &str) -> reqwest::multipart::Form {
    reqwest::multipart::Form::new()
        .text("caseType", "BUYING")
        .text("caseId", id.to_string())
        .text("documentType", document_type.to_owned())
        .part(
            "file",
            reqwest::multipart::Part::bytes(b"%PDF-1.4\n%%EOF\n".to_vec())
                .file_name("gift-statement.pdf"),
        )
}

async fn a_donor_uploads_the_evidence_of_their_gift_and_finds_it_on_return(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut bea, id) = with_buyer_details(&app).await;
    add_source(&mut bea, id, "GIFTS").await;
    let donor = add_donor(&mut bea, id).await;
    let mut gina = app.sign_in(GINA).await;
    // A later sign-in knows Gina backs this purchase, though she has no case of her own.
    let res = gina.get("/api/case-overviews").await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["buying"]["totalCount"], 0);
    assert_eq!(
        res.body["gifts"],
        json!([{ "caseId": id, "caseType": "BUYING", "status": "INVITED" }])
    );
    // Evidence comes after the gift is confirmed, and it is a gift statement only.
    let res = gina
        .post_form("/api/document", evidence_form(id, "GIFT_STATEMENT"))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "gift_not_accepted");
    let respond = format!("/api/buying/{id}/donor/invitation/respond");
    let res = gina.post(&respond, json!({ "accepted": true })).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    // A bank statement is the buyers' to give, not the donor's (the workflow's
    // `document_types` say who uploads each).
    let res = gina
        .post_form("/api/document", evidence_form(id, "BANK_STATEMENT"))
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    assert!(res.field_error("documentType").is_some(), "{:?}", res.body);
    let res = gina
        .post_form("/api/document", evidence_form(id, "GIFT_STATEMENT"))
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let document = res.body["documentId"].as_i64().unwrap();

    // Gina sees her gift with its evidence and can read it back; still nothing of the case.
    let res = gina.get(&format!("/api/donor-evidence/buying/{id}")).await;
    let gift = &res.body["gifts"][0];
    assert_eq!(gift["status"], "ACCEPTED");
    assert_eq!(gift["documents"][0]["documentId"], document);
    assert_eq!(gift["documents"].as_array().unwrap().len(), 1);
    let (status, _, bytes) = gina.get_bytes(&format!("/api/document/{document}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(bytes.starts_with(b"%PDF"));
    assert_eq!(gina.get(&expanded(id)).await.status, StatusCode::NOT_FOUND);
    // Her document list is of her own cases: none.
    assert_eq!(gina.get("/api/documents").await.body["cases"], json!([]));

    // The buyers see it under the gift, and it fills their own gift-statement slot.
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(case["gifts"][0]["donorId"], donor);
    assert_eq!(case["gifts"][0]["documents"][0]["documentId"], document);
    let slot = case["requiredDocuments"]["sourceOfFundsDocuments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["documentType"] == "GIFT_STATEMENT")
        .cloned()
        .unwrap();
    assert_eq!(slot["documentId"], document, "{slot}");

    // Nobody else reads it: another customer, another firm's broker, anonymous.
    app.create_user("stranger@example.test", "ROLE_USER", true)
        .await;
    let mut stranger = app.sign_in("stranger@example.test").await;
    let mut rival = app.sign_in("rival@other.test").await;
    let mut anonymous = app.client();
    let path = format!("/api/document/{document}");
    for client in [&mut stranger, &mut rival] {
        assert_eq!(client.get_bytes(&path).await.0, StatusCode::NOT_FOUND);
        assert_eq!(client.delete(&path).await.status, StatusCode::NOT_FOUND);
        let res = client
            .post_form("/api/document", evidence_form(id, "GIFT_STATEMENT"))
            .await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{:?}", res.body);
    }
    assert_eq!(anonymous.get_bytes(&path).await.0, StatusCode::UNAUTHORIZED);

    // Gina takes it back; removed as a donor, she can no longer upload or read.
    assert_eq!(gina.delete(&path).await.status, StatusCode::NO_CONTENT);
    let res = gina
        .post_form("/api/document", evidence_form(id, "GIFT_STATEMENT"))
        .await;
    let second = res.body["documentId"].as_i64().unwrap();
    let res = bea.delete(&format!("/api/buying/{id}/donor/{donor}")).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let res = gina
        .post_form("/api/document", evidence_form(id, "GIFT_STATEMENT"))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{:?}", res.body);
    assert_eq!(
        gina.get_bytes(&format!("/api/document/{second}")).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        gina.get("/api/case-overviews").await.body["gifts"],
        json!([])
    );
}

/// CALLS-33, CALLS-54: strangers and the buyer get 404 on the donor's evidence and invitation.
async fn donors_are_refused_to_strangers_and_need_a_gift_source(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut bea, id) = with_buyer_details(&app).await;
    let donor_body =
        json!({ "preferredName": "Gina Giver", "email": GINA, "giftAmount": 2_500_000 });
    let res = bea
        .post(&format!("/api/buying/{id}/donor"), donor_body.clone())
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.body["error"]["code"], "no_gift_source");
    add_source(&mut bea, id, "GIFTS").await;
    for (body, field) in [
        (
            json!({ "preferredName": "G", "email": GINA, "giftAmount": 1 }),
            "preferredName",
        ),
        (
            json!({ "preferredName": "Gina", "email": "nope", "giftAmount": 1 }),
            "email",
        ),
        (
            json!({ "preferredName": "Gina", "email": GINA, "giftAmount": 0 }),
            "giftAmount",
        ),
    ] {
        let res = bea.post(&format!("/api/buying/{id}/donor"), body).await;
        assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(res.field_error(field).is_some(), "{field}: {:?}", res.body);
    }
    // A buyer cannot be their own donor.
    let res = bea
        .post(
            &format!("/api/buying/{id}/donor"),
            json!({ "preferredName": "Bea", "email": BEA, "giftAmount": 100 }),
        )
        .await;
    assert_eq!(res.body["error"]["code"], "already_on_case");
    let donor = add_donor(&mut bea, id).await;

    app.create_user("conveyancer@threshold.test", "ROLE_CONVEYANCER", true)
        .await;
    app.create_user("eve@example.test", "ROLE_USER", true).await;
    let mut staff = app.sign_in("conveyancer@threshold.test").await;
    let mut anonymous = app.client();
    let evidence = format!("/api/donor-evidence/buying/{id}");
    let respond = format!("/api/buying/{id}/donor/invitation/respond");
    let gift = format!("/api/buying/{id}/donor/{donor}");
    for mut stranger in [
        app.sign_in("eve@example.test").await,
        app.sign_in("rival@other.test").await,
    ] {
        assert_eq!(stranger.get(&evidence).await.status, StatusCode::NOT_FOUND);
        let res = stranger.post(&respond, json!({ "accepted": true })).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND);
        let res = stranger.post(&gift, json!({ "giftAmount": 1 })).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND);
        assert_eq!(stranger.delete(&gift).await.status, StatusCode::NOT_FOUND);
    }
    assert_eq!(staff.get(&evidence).await.status, StatusCode::FORBIDDEN);
    assert_eq!(
        staff
            .post(&respond, json!({ "accepted": true }))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        anonymous.get(&evidence).await.status,
        StatusCode::UNAUTHORIZED
    );
    // The broker sees the gifts, but the application is the customer's now.
    let res = broker.get(&evidence).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.body["gifts"].as_array().unwrap().len(), 1);
    let res = broker.post(&gift, json!({ "giftAmount": 1 })).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    // A buyer is not the donor: answering the donor's invitation is not theirs.
    let res = bea.post(&respond, json!({ "accepted": true })).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(case["gifts"][0]["status"], "INVITED");
}

/// The rows of the authorization table the calls above leave out: Property, a buyer's own
/// details, the tenancy split, adding a donor and every delete, for another customer, another
/// firm's broker, staff, anonymous and the case's broker after the broker stages.
/// ROLES-15: another customer's writes to the purchase are 404 and change nothing.
async fn the_other_buying_calls_are_refused_to_strangers_staff_and_late_brokers(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut bea, id) = with_buyer_details(&app).await;
    let applicant = bea.get(&expanded(id)).await.body["buyers"][0]["id"]
        .as_i64()
        .unwrap();
    let bea_user = app.db.user_by_email(BEA).await.unwrap().unwrap().id;
    let source = add_source(&mut bea, id, "LIFETIME_ISA").await;
    let res = bea
        .post(
            "/api/isas",
            json!({ "caseType": "BUYING", "caseId": id, "isaType": "LIFETIME_ISA" }),
        )
        .await;
    let isa = res.body["id"].as_i64().unwrap();
    add_source(&mut bea, id, "GIFTS").await;
    app.create_user("conveyancer@threshold.test", "ROLE_CONVEYANCER", true)
        .await;
    app.create_user("eve@example.test", "ROLE_USER", true).await;
    let mut staff = app.sign_in("conveyancer@threshold.test").await;
    let mut strangers = [
        app.sign_in("eve@example.test").await,
        app.sign_in("rival@other.test").await,
    ];
    let mut anonymous = app.client();
    let posts: Vec<(String, Value)> = vec![
        (
            "/api/property".into(),
            json!({ "caseType": "BUYING", "caseId": id, "landOwnership": "SOLE_OWNER",
                    "propertyType": "DETACHED_HOUSE", "tenure": "FREEHOLD" }),
        ),
        (
            format!("/api/buying/{id}/applicant/{applicant}"),
            json!({ "addressLine1": "Elsewhere", "town": "Leeds", "postcode": "LS1 1AA" }),
        ),
        (
            "/api/tenancy-split".into(),
            json!({ "caseType": "BUYING", "caseId": id,
                    "shares": [{ "applicantId": applicant, "percentage": 50 }] }),
        ),
        (
            format!("/api/buying/{id}/donor"),
            json!({ "preferredName": "Zed Zee", "email": "zed@example.test", "giftAmount": 100 }),
        ),
    ];
    let deletes = [
        format!("/api/buying/{id}/sources-of-funds/{source}"),
        format!("/api/isas/{isa}"),
        format!("/api/buying/{id}/applicants/{bea_user}"),
    ];
    for (path, body) in &posts {
        for stranger in strangers.iter_mut() {
            let res = stranger.post(path, body.clone()).await;
            assert_eq!(res.status, StatusCode::NOT_FOUND, "{path}: {:?}", res.body);
        }
        assert_eq!(
            staff.post(path, body.clone()).await.status,
            StatusCode::FORBIDDEN,
            "{path}"
        );
        assert_eq!(
            anonymous.post(path, body.clone()).await.status,
            StatusCode::UNAUTHORIZED,
            "{path}"
        );
        let res = broker.post(path, body.clone()).await;
        assert_eq!(res.status, StatusCode::CONFLICT, "{path}: {:?}", res.body);
    }
    for path in &deletes {
        for stranger in strangers.iter_mut() {
            let res = stranger.delete(path).await;
            assert_eq!(res.status, StatusCode::NOT_FOUND, "{path}: {:?}", res.body);
        }
        assert_eq!(
            staff.delete(path).await.status,
            StatusCode::FORBIDDEN,
            "{path}"
        );
        assert_eq!(
            anonymous.delete(path).await.status,
            StatusCode::UNAUTHORIZED,
            "{path}"
        );
        let res = broker.delete(path).await;
        assert_eq!(res.status, StatusCode::CONFLICT, "{path}: {:?}", res.body);
    }
    // Nothing a refused caller sent was written.
    assert!(
        app.db
            .user_by_email("zed@example.test")
            .await
            .unwrap()
            .is_none()
    );
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(case["sourceOfFunds"].as_array().unwrap().len(), 2);
    assert_eq!(case["isas"].as_array().unwrap().len(), 1);
    assert_eq!(case["buyers"][0]["user"]["address"]["line1"], "3 Elm Row");
    assert_eq!(case["buyers"][0]["user"]["address"]["town"], "Leeds");
    assert_eq!(case["buyers"][0]["user"]["address"]["postcode"], "LS6 2AA");
    assert!(case["property"]["landOwnership"].is_null());
}

/// CALLS-74: a buyer deletes one of their previous legal names from Buyer Details; the current
/// one stays; another customer and a co-buyer cannot.
async fn calls_74_a_buyer_deletes_a_previous_legal_name_from_buyer_details(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut bea, id) = with_buyer_details(&app).await;
    let user = app.db.user_by_email(BEA).await.unwrap().unwrap();
    let res = bea
        .post(
            &format!("/api/users/{}", user.id),
            json!({ "preferredName": "Someone", "firstName": "Some", "surname": "Two",
                    "phoneNumber": "07700 900123", "dateOfBirth": "1980-01-02" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let buyer = bea.get(&expanded(id)).await.body["buyers"][0].clone();
    let applicant = buyer["id"].as_i64().unwrap();
    let names = buyer["user"]["legalNames"].as_array().unwrap().clone();
    let id_of = |ended: bool| {
        names
            .iter()
            .find(|n| n["until"].is_null() != ended)
            .unwrap()["id"]
            .as_i64()
            .unwrap()
    };
    let path = |name: i64| format!("/api/buying/{id}/applicant/{applicant}/legal-name/{name}");
    let res = bea.delete(&path(id_of(false))).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "current_legal_name");
    app.create_user("eve@example.test", "ROLE_USER", true).await;
    let mut eve = app.sign_in("eve@example.test").await;
    assert_eq!(
        eve.delete(&path(id_of(true))).await.status,
        StatusCode::NOT_FOUND
    );
    // A co-buyer on the same case may not delete Bea's names either.
    let res = bea
        .post(
            "/api/buying/applicant",
            json!({ "caseId": id, "preferredName": "Ben Buyer", "email": BEN }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let mut ben = app.sign_in(BEN).await;
    let res = ben
        .post(
            &format!("/api/buying/{id}/invitation/respond"),
            json!({ "accepted": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let res = ben.delete(&path(id_of(true))).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    // The remortgaging path does not reach a purchase.
    let wrong = format!(
        "/api/remortgaging/{id}/applicant/{applicant}/legal-name/{}",
        id_of(true)
    );
    assert_eq!(bea.delete(&wrong).await.status, StatusCode::NOT_FOUND);
    let res = bea.delete(&path(id_of(true))).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let buyer = bea.get(&expanded(id)).await.body["buyers"][0].clone();
    assert_eq!(buyer["user"]["legalNames"].as_array().unwrap().len(), 1);
    assert_eq!(buyer["user"]["legalNames"][0]["surname"], "Two");
}

/// CALLS-32: the invitee of a purchase may answer `{accepted:false}` too (the case goes back to
/// the broker); someone who was not invited gets 404 and the case does not move.
async fn calls_32_a_buying_invitee_may_decline_and_nobody_else_may_answer(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_buying(&mut broker, BEA, "Bea Buyer").await;
    let res = broker
        .post(
            "/api/quote/send",
            json!({ "caseId": id, "caseType": "BUYING" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let respond = format!("/api/buying/{id}/invitation/respond");
    app.create_user("eve@example.test", "ROLE_USER", true).await;
    let mut eve = app.sign_in("eve@example.test").await;
    let res = eve.post(&respond, json!({ "accepted": true })).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{:?}", res.body);
    let res = broker.get(&expanded(id)).await;
    assert_eq!(res.body["status"], "BROKER_APPLICATION_INVITE");
    let mut bea = app.sign_in(BEA).await;
    let res = bea.post(&respond, json!({ "accepted": false })).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "BROKER_APPLICATION");
    assert_eq!(
        broker.get(&expanded(id)).await.body["status"],
        "BROKER_APPLICATION"
    );
}

/// Issue 26, item 7 (BUY-APP-08): identity checks and the land tax return need a buyer's full
/// address, so the town and postcode are required (422 naming each) and the postcode is a UK
/// one, kept upper-case; a buyer cannot "live at the property" they are buying.
async fn issue_26_a_buyer_s_address_is_given_in_full_with_its_postcode(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut bea, id) = accepted_purchase(&app).await;
    let case = bea.get(&expanded(id)).await.body;
    let applicant = case["buyers"][0]["id"].as_i64().unwrap();
    about_you(&app, &mut bea, BEA).await;
    let path = format!("/api/buying/{id}/applicant/{applicant}");
    let base = json!({ "addressLine1": "3 Elm Row", "addressLine2": "Headingley",
                       "town": "Leeds", "postcode": "ls6 2aa", "occupation": "Nurse",
                       "nationalInsuranceNumber": "QQ123456C", "isUkResident": true });
    let without = |field: &str| {
        let mut body = base.clone();
        body.as_object_mut().unwrap().remove(field);
        body
    };
    let with = |field: &str, value: Value| {
        let mut body = base.clone();
        body[field] = value;
        body
    };
    for (body, field) in [
        (without("postcode"), "postcode"),
        (with("postcode", json!("  ")), "postcode"),
        (with("postcode", json!("NOT A CODE")), "postcode"),
        (without("town"), "town"),
        (with("livesAtProperty", json!(true)), "livesAtProperty"),
    ] {
        let res = bea.post(&path, body).await;
        assert_eq!(
            res.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{field}: {:?}",
            res.body
        );
        assert!(res.field_error(field).is_some(), "{field}: {:?}", res.body);
    }
    let case = bea.get(&expanded(id)).await.body;
    assert!(case["buyers"][0]["user"]["address"]["line1"].is_null());
    let res = bea.post(&path, base.clone()).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let case = bea.get(&expanded(id)).await.body;
    let address = &case["buyers"][0]["user"]["address"];
    assert_eq!(address["line1"], "3 Elm Row");
    assert_eq!(address["line2"], "Headingley");
    assert_eq!(address["town"], "Leeds");
    assert_eq!(address["postcode"], "LS6 2AA");
}

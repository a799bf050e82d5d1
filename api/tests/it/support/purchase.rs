//! A purchase taken along its workflow by the real calls, for tests that need a case at a
//! later stage: Bea Buyer's case, opened by a broker, quoted and accepted, filled in, submitted.

use reqwest::StatusCode;
use serde_json::json;

use super::cases::{create_buying, firm};
use super::{Client, TestApp};

pub const BEA: &str = "bea@example.test";

pub fn expanded(id: i64) -> String {
    format!("/api/buying/case/{id}/expanded")
}

/// A broker's purchase for Bea, quoted and accepted: CUSTOMER_APPLICATION. Returns (broker,
/// Bea, case id).
pub async fn accepted_purchase(app: &TestApp) -> (Client, Client, i64) {
    firm(app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_buying(&mut broker, BEA, "Bea Buyer").await;
    let res = broker
        .post(
            "/api/quote/send",
            json!({ "caseId": id, "caseType": "BUYING" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let mut bea = app.sign_in(BEA).await;
    let quote = bea.get(&format!("/api/buying/{id}/quote/latest")).await;
    let res = bea
        .post(
            &format!("/api/quote/{}/accept", quote.body["id"]),
            json!({ "caseId": id, "caseType": "BUYING" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "CUSTOMER_APPLICATION");
    (broker, bea, id)
}

/// The profile half of a buyer's details (onboarding's).
pub async fn about_you(app: &TestApp, client: &mut Client, email: &str) {
    let user = app.db.user_by_email(email).await.unwrap().unwrap();
    let res = client
        .post(
            &format!("/api/users/{}", user.id),
            json!({ "preferredName": "Someone", "firstName": "Some", "surname": "One",
                    "phoneNumber": "07700 900123", "dateOfBirth": "1980-01-02" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
}

/// A buyer's case details, complete (a buyer also needs occupation, NI number and residence).
pub async fn buyer_details(client: &mut Client, id: i64, applicant: i64, uk_resident: bool) {
    let res = client
        .post(
            &format!("/api/buying/{id}/applicant/{applicant}"),
            json!({ "addressLine1": "3 Elm Row", "town": "Leeds", "postcode": "ls6 2aa",
                    "occupation": "Nurse",
                    "nationalInsuranceNumber": "QQ 12 34 56 C", "isUkResident": uk_resident }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
}

/// Bea's case up to an open Purchase & Financing section.
pub async fn with_buyer_details(app: &TestApp) -> (Client, Client, i64) {
    let (broker, mut bea, id) = accepted_purchase(app).await;
    let case = bea.get(&expanded(id)).await.body;
    let applicant = case["buyers"][0]["id"].as_i64().unwrap();
    about_you(app, &mut bea, BEA).await;
    buyer_details(&mut bea, id, applicant, true).await;
    (broker, bea, id)
}

/// Uploads a small PDF into every required slot of the case.
pub async fn upload_everything(client: &mut Client, id: i64) {
    let case = client.get(&expanded(id)).await.body;
    for group in [
        "documents",
        "sourceOfFundsDocuments",
        "isaDocuments",
        "buyToLetDocuments",
        "statements",
    ] {
        for slot in case["requiredDocuments"][group].as_array().unwrap() {
            let form = reqwest::multipart::Form::new()
                .text("caseType", "BUYING")
                .text("caseId", id.to_string())
                .text(
                    "documentType",
                    slot["documentType"].as_str().unwrap().to_owned(),
                )
                .text("requiredDocumentId", slot["id"].to_string())
                .part(
                    "file",
                    reqwest::multipart::Part::bytes(b"%PDF-1.4\n%%EOF\n".to_vec())
                        .file_name("evidence.pdf"),
                );
            let res = client.post_form("/api/document", form).await;
            assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
        }
    }
}

/// Bea's purchase, every section complete and submitted: PREPARE_CLIENT_CARE_LETTER.
/// Returns (broker, Bea, case id).
pub async fn submitted_purchase(app: &TestApp) -> (Client, Client, i64) {
    submitted_purchase_with(app, &[]).await
}

/// Bea's purchase as [`submitted_purchase`], paid for also from these sources of funds (each
/// £20,000, its evidence uploaded).
pub async fn submitted_purchase_with(app: &TestApp, sources: &[&str]) -> (Client, Client, i64) {
    let (broker, mut bea, id) = with_buyer_details(app).await;
    for source_type in sources {
        add_source(&mut bea, id, source_type).await;
    }
    let calls = [
        (
            "/api/property".to_owned(),
            json!({ "caseType": "BUYING", "caseId": id, "landOwnership": "SOLE_OWNER",
                    "propertyType": "DETACHED_HOUSE", "tenure": "FREEHOLD" }),
        ),
        (
            format!("/api/buying/{id}/stamp-duty-land-tax"),
            json!({ "resultsInMultipleProperties": false, "isReplacingMainResidence": true,
                    "isFirstTimeBuyer": false }),
        ),
        (
            "/api/loans".to_owned(),
            json!({ "caseType": "BUYING", "caseId": id, "hasLoans": false }),
        ),
    ];
    for (path, body) in calls {
        let res = bea.post(&path, body).await;
        assert!(res.status.is_success(), "{path}: {:?}", res.body);
    }
    upload_everything(&mut bea, id).await;
    let res = bea
        .post(
            &format!("/api/buying/{id}/submit"),
            json!({ "declarationConfirmed": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "PREPARE_CLIENT_CARE_LETTER");
    (broker, bea, id)
}

/// A gift donor's address.
pub const GINA: &str = "gina@example.test";

/// Adds a source of funds of this type (£20,000) to the purchase; its id.
pub async fn add_source(client: &mut Client, id: i64, source_type: &str) -> i64 {
    let res = client
        .post(
            &format!("/api/buying/{id}/sources-of-funds"),
            json!({ "sourceType": source_type, "amount": 2_000_000 }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    res.body["id"].as_i64().unwrap()
}

/// Adds Gina Giver as a gift donor of £25,000 (she is invited); the donor id.
pub async fn add_donor(client: &mut Client, id: i64) -> i64 {
    let res = client
        .post(
            &format!("/api/buying/{id}/donor"),
            json!({ "preferredName": "Gina Giver", "email": GINA, "giftAmount": 2_500_000 }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    res.body["id"].as_i64().unwrap()
}

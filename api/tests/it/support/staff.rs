//! The back office's staff: a conveyancer with an authenticator, and the codes it shows.

use reqwest::StatusCode;
use serde_json::{Value, json};
use totp_rs::{Algorithm, Secret, TOTP};

use super::{Client, TestApp};

pub const CONNIE: &str = "connie@threshold.test";

/// The firm verifies a person's identity, having ticked everything it compared.
pub fn verified() -> Value {
    json!({
        "decision": "VERIFIED",
        "checks": {
            "photoMatches": true,
            "nameMatches": true,
            "dateOfBirthMatches": true,
            "documentInDate": true,
            "addressMatches": true,
        },
    })
}

/// A lender's offer as the firm records it from the uploaded offer `document_id`: dated a week
/// ago, expiring in six months.
pub fn offer(document_id: i64) -> Value {
    let today = chrono::Utc::now().date_naive();
    json!({
        "documentId": document_id,
        "lender": "Nationwide Building Society",
        "amount": 18_500_000,
        "offerDate": today - chrono::Days::new(7),
        "expiresOn": today + chrono::Days::new(180),
        "specialConditions": "The existing charge is repaid at completion.",
    })
}

/// Issue 29: the firm drafts and issues a remortgage's client care letter while identities are
/// checked (the case stays in IDENTITY_VERIFICATION). Returns the letter's id.
pub async fn client_care_letter_issued(connie: &mut Client, id: i64) -> i64 {
    let base = format!("/api/staff/cases/remortgaging/{id}");
    let res = connie
        .post(
            &format!("{base}/documents"),
            draft_body("CLIENT_CARE_LETTER"),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let letter = res.body["documentId"].as_i64().unwrap();
    let res = connie
        .post(&format!("{base}/documents/{letter}/issue"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "IDENTITY_VERIFICATION");
    letter
}

/// The letter issued ([`client_care_letter_issued`]) and accepted by each owner, so the case
/// may leave identity verification. Returns the letter's id.
pub async fn client_care_letter_accepted(
    connie: &mut Client,
    owners: &mut [&mut Client],
    id: i64,
) -> i64 {
    let letter = client_care_letter_issued(connie, id).await;
    for owner in owners.iter_mut() {
        let res = owner
            .post(&format!("/api/document/{letter}/accept"), json!({}))
            .await;
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    }
    letter
}

/// What the back office sends to draft a document of this type: a report carries the
/// conveyancer's findings (issue 29), the rest only its type.
pub fn draft_body(document_type: &str) -> Value {
    match document_type {
        "REPORT_ON_TITLE" => json!({
            "documentType": document_type,
            "titleFindings": "The seller is the registered proprietor (title WYK123456); no restrictions.",
            "searchFindings": "The local search shows no planning entries affecting the property.",
        }),
        "MORTGAGE_REPORT" => json!({
            "documentType": document_type,
            "lenderFindings": "The offer names both owners and this property; its figures match.",
        }),
        _ => json!({ "documentType": document_type }),
    }
}

/// The code an authenticator app shows `offset` 30-second steps from now.
pub fn code(secret: &str, offset: i64) -> String {
    let totp = TOTP::new(
        Algorithm::SHA1,
        6,
        0,
        30,
        Secret::Encoded(secret.to_owned()).to_bytes().unwrap(),
        None,
        "test".into(),
    )
    .unwrap();
    let at = chrono::Utc::now().timestamp() + offset * 30;
    totp.generate(at as u64)
}

/// A conveyancer signed in by e-mail link who has set up an authenticator (with the code of
/// the step before now, so the next steps are free for the test); returns (client, secret,
/// recovery codes).
pub async fn enrolled_conveyancer(app: &TestApp) -> (Client, String, Vec<String>) {
    enrolled_staff(app, CONNIE, "ROLE_CONVEYANCER").await
}

/// A member of staff with `role`, signed in and enrolled as [`enrolled_conveyancer`] is.
pub async fn enrolled_staff(
    app: &TestApp,
    email: &str,
    role: &str,
) -> (Client, String, Vec<String>) {
    app.create_user(email, role, true).await;
    let mut connie = app.sign_in(email).await;
    let res = connie.post("/api/staff/factor/enrolment", json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert!(res.body["qrSvg"].as_str().unwrap().contains("<svg"));
    let secret = res.body["secret"].as_str().unwrap().to_owned();
    assert!(
        res.body["otpauthUri"]
            .as_str()
            .unwrap()
            .starts_with("otpauth://totp/Threshold:")
    );
    // Keep clear of a 30-second boundary, so that "the step before now" a test replays right
    // after this is still the step used here.
    let into_step = chrono::Utc::now().timestamp().rem_euclid(30);
    if into_step >= 25 {
        tokio::time::sleep(std::time::Duration::from_secs((31 - into_step) as u64)).await;
    }
    let res = connie
        .post(
            "/api/staff/factor/enrolment/confirm",
            json!({ "code": code(&secret, -1) }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let recovery: Vec<String> = serde_json::from_value(res.body["recoveryCodes"].clone()).unwrap();
    (connie, secret, recovery)
}

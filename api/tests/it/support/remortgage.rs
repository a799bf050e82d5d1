//! A remortgage taken along its workflow by the real calls, for tests that need a case at a
//! later stage: Cara Client's case, opened by a broker, handed over, filled in, submitted.

use reqwest::StatusCode;
use serde_json::{Value, json};

use super::cases::{create_remortgaging, firm, set_case};
use super::{Client, TestApp};

pub const CARA: &str = "cara@example.test";

// ---- fixtures ----

/// A broker's case for Cara, still in BROKER_APPLICATION; returns (broker, Cara, case id).
pub async fn broker_case(app: &TestApp) -> (Client, Client, i64) {
    firm(app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_remortgaging(&mut broker, CARA, "Cara Client").await;
    let cara = app.sign_in(CARA).await;
    (broker, cara, id)
}

/// The broker sends the quote and Cara accepts it: the case is hers (CUSTOMER_APPLICATION).
pub async fn hand_over(broker: &mut Client, cara: &mut Client, id: i64) {
    let case_ref = json!({ "caseId": id, "caseType": "REMORTGAGING" });
    let res = broker.post("/api/quote/send", case_ref.clone()).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let quote = cara
        .get(&format!("/api/remortgaging/{id}/quote/latest"))
        .await;
    let quote_id = quote.body["id"].as_i64().unwrap();
    let res = cara
        .post(&format!("/api/quote/{quote_id}/accept"), case_ref)
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "CUSTOMER_APPLICATION");
}

/// A case in CUSTOMER_APPLICATION with Cara's quote accepted; returns (broker, Cara, id).
pub async fn customer_case(app: &TestApp) -> (Client, Client, i64) {
    let (mut broker, mut cara, id) = broker_case(app).await;
    hand_over(&mut broker, &mut cara, id).await;
    (broker, cara, id)
}

/// Runs one statement on the app's database (fixtures for what no call of this issue sets).
pub async fn exec(app: &TestApp, sql: String) {
    match &app.db {
        threshold_store::Db::Sqlite(pool) => {
            sqlx::query(sqlx::AssertSqlSafe(sql))
                .execute(pool)
                .await
                .unwrap();
        }
        threshold_store::Db::Postgres(pool) => {
            sqlx::query(sqlx::AssertSqlSafe(sql))
                .execute(pool)
                .await
                .unwrap();
        }
    }
}

/// Makes the Owners section complete: Cara's profile through the onboarding call, and the two
/// answers the owners calls (issue 12's other half, R2) will give, set directly here: her
/// address on the case and the adult-occupants question.
pub async fn complete_owners(app: &TestApp, cara: &mut Client, id: i64) {
    let user = app.db.user_by_email(CARA).await.unwrap().unwrap();
    let res = cara
        .post(
            &format!("/api/users/{}", user.id),
            json!({ "preferredName": "Cara", "firstName": "Cara", "surname": "Client",
                    "phoneNumber": "07700 900123", "dateOfBirth": "1980-01-02" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    // Test-only: POST /remortgaging/{caseId}/applicant/{applicantId} (R2) sets the address.
    exec(
        app,
        format!("UPDATE applicants SET address_line1 = '1 High Street' WHERE case_id = {id}"),
    )
    .await;
    // Test-only: POST /remortgaging/{caseId}/property-occupant (R2) answers this.
    set_case(app, id, "has_adult_occupants", false).await;
}

pub fn property_body(id: i64, tenure: &str) -> Value {
    json!({ "caseType": "REMORTGAGING", "caseId": id, "landOwnership": "JOINT_TENANCY",
            "propertyType": "TERRACED", "tenure": tenure })
}

pub fn alterations_body(id: i64, has: bool, alteration: Option<Value>) -> Value {
    let mut body = json!({ "caseType": "REMORTGAGING", "caseId": id, "hasAlterations": has });
    if let Some(a) = alteration {
        body["alteration"] = a;
    }
    body
}

pub fn loans_body(id: i64, has: bool, loan: Option<Value>) -> Value {
    let mut body = json!({ "caseType": "REMORTGAGING", "caseId": id, "hasLoans": has });
    if let Some(l) = loan {
        body["loan"] = l;
    }
    body
}

/// A case Cara has filled in and submitted: IDENTITY_VERIFICATION. Returns (broker, Cara, id).
pub async fn submitted_remortgage(app: &TestApp) -> (Client, Client, i64) {
    let (broker, mut cara, id) = customer_case(app).await;
    fill_in_and_submit(app, &mut cara, id).await;
    (broker, cara, id)
}

/// Cara fills in every section of her case in CUSTOMER_APPLICATION (every owner's address
/// with hers) and submits it, with the declaration: IDENTITY_VERIFICATION.
pub async fn fill_in_and_submit(app: &TestApp, cara: &mut Client, id: i64) {
    fill_in(app, cara, id).await;
    submit(cara, id).await;
}

/// Cara submits her completed application, with the declaration: IDENTITY_VERIFICATION.
pub async fn submit(cara: &mut Client, id: i64) {
    let res = cara
        .post(
            &format!("/api/remortgaging/{id}/submit"),
            json!({ "declarationConfirmed": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "IDENTITY_VERIFICATION");
}

/// Cara fills in every section of her case in CUSTOMER_APPLICATION: ready to submit.
pub async fn fill_in(app: &TestApp, cara: &mut Client, id: i64) {
    let res = cara
        .post("/api/property", property_body(id, "FREEHOLD"))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    complete_owners(app, cara, id).await;
    for (path, body) in [
        ("/api/loans", loans_body(id, false, None)),
        (
            "/api/property/alterations",
            alterations_body(id, false, None),
        ),
    ] {
        let res = cara.post(path, body).await;
        assert_eq!(res.status, StatusCode::NO_CONTENT, "{path}: {:?}", res.body);
    }
}

pub const DAN: &str = "dan@example.test";

/// Dan added by Cara as a co-owner and signed in, having accepted: returns Dan and his
/// applicant id.
pub async fn dan_joins(app: &TestApp, cara: &mut Client, id: i64) -> (Client, i64) {
    let res = cara
        .post(
            "/api/remortgaging/applicant",
            json!({ "caseId": id, "preferredName": "Dan Owner", "email": DAN }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let applicant = res.body["id"].as_i64().unwrap();
    let mut dan = app.sign_in(DAN).await;
    let res = dan
        .post(
            &format!("/api/remortgaging/{id}/invitation/respond"),
            json!({ "accepted": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    (dan, applicant)
}

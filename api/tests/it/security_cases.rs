//! Security round 1 on the case side (issue 10 items 2 and 9, and the low ones): a broker who
//! names someone's e-mail learns nothing of them until they accept; the same answer for every
//! address; broker-only fields; the BUYING feature on the server; bounds on money and dates;
//! lenders for the app's roles only.

use crate::support;

use reqwest::StatusCode;
use serde_json::json;
use support::cases::{buying_body, create_remortgaging, firm, remortgaging_body};
use support::{Backend, TestApp};

on_both_databases!(
    a_broker_sees_an_existing_customer_only_as_typed_until_they_accept,
    a_customers_address_gets_the_same_answer_as_a_new_one,
    customers_cannot_set_the_broker_reference,
    buying_needs_the_feature_on_the_server,
    money_and_dates_have_bounds,
    staff_get_no_lenders,
);

async fn a_broker_sees_an_existing_customer_only_as_typed_until_they_accept(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    // Vic has an account with her own details and legal name.
    let vic = app.create_user("vic@example.test", "ROLE_USER", true).await;
    let mut vic_client = app.sign_in("vic@example.test").await;
    let res = vic_client
        .post(
            &format!("/api/users/{}", vic.id),
            json!({ "preferredName": "Victoria", "firstName": "Victoria", "surname": "Secretsmith",
                    "phoneNumber": "07700 900123", "dateOfBirth": "1980-05-01" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    // A broker of any firm names her address.
    let mut rival = app.sign_in("rival@other.test").await;
    let id = create_remortgaging(&mut rival, "vic@example.test", "Typed Name").await;
    let case = rival
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    let owner = &case.body["propertyOwners"][0];
    assert_eq!(owner["redacted"], true);
    assert_eq!(owner["user"]["preferredName"], "Typed Name");
    assert_eq!(owner["user"]["email"], "vic@example.test");
    assert!(owner["user"]["dateOfBirth"].is_null());
    assert!(owner["user"]["phoneNumber"].is_null());
    assert_eq!(owner["user"]["legalNames"], json!([]));
    let list = rival.get("/api/remortgaging/cases").await;
    let listed = &list.body["cases"][0]["propertyOwners"][0]["user"];
    assert_eq!(listed["preferredName"], "Typed Name");
    assert_eq!(listed["legalNames"], json!([]));
    // Her legal name does not find the case either.
    let search = rival
        .get("/api/remortgaging/cases?propertyOwnerName=secretsmith")
        .await;
    assert_eq!(search.body["totalCount"], 0);
    // Once she accepts, the broker sees her as she is.
    let res = rival
        .post(
            "/api/quote/send",
            json!({ "caseId": id, "caseType": "REMORTGAGING" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let res = vic_client
        .post(
            &format!("/api/remortgaging/{id}/invitation/respond"),
            json!({ "accepted": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let case = rival
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    let owner = &case.body["propertyOwners"][0];
    assert_eq!(owner["redacted"], false);
    assert_eq!(owner["user"]["preferredName"], "Victoria");
    assert_eq!(owner["user"]["dateOfBirth"], "1980-05-01");
}

/// A new address and a customer's who has an account get the same answer. (A broker's or
/// the firm's address is refused since issue 25, finding 8: a client is a customer; see
/// cases_create::a_broker_must_name_the_client_and_a_customer_must_not.)
async fn a_customers_address_gets_the_same_answer_as_a_new_one(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    app.create_user("known@example.test", "ROLE_USER", true)
        .await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let mut answers = vec![];
    for email in ["new@example.test", "known@example.test"] {
        let res = broker
            .post(
                "/api/remortgaging/case",
                remortgaging_body(email, "Any Name"),
            )
            .await;
        assert_eq!(res.status, StatusCode::CREATED, "{email}: {:?}", res.body);
        let mut body = res.body.clone();
        body.as_object_mut().unwrap().remove("caseId");
        body["quote"].as_object_mut().unwrap().remove("id");
        body["quote"].as_object_mut().unwrap().remove("caseId");
        body["quote"].as_object_mut().unwrap().remove("createdAt");
        answers.push(body);
    }
    assert!(answers.windows(2).all(|w| w[0] == w[1]), "{answers:#?}");
}

async fn customers_cannot_set_the_broker_reference(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_remortgaging(&mut broker, "cara@example.test", "Cara").await;
    let mut cara = app.sign_in("cara@example.test").await;
    let mut body = remortgaging_body("cara@example.test", "Cara");
    body.as_object_mut().unwrap().remove("client");
    body["brokerReference"] = json!("HACKED");
    let res = cara
        .post(&format!("/api/remortgaging/case/{id}"), body.clone())
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    body.as_object_mut().unwrap().remove("brokerReference");
    cara.post(&format!("/api/remortgaging/case/{id}"), body)
        .await;
    let case = broker
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(case.body["brokerReference"], "BR-1");
}

async fn buying_needs_the_feature_on_the_server(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("nobuy@example.test", "ROLE_USER", true)
        .await;
    let mut customer = app.sign_in("nobuy@example.test").await;
    let mut body = buying_body("x@example.test", "X");
    body.as_object_mut().unwrap().remove("client");
    let res = customer.post("/api/buying/case", body).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
}

async fn money_and_dates_have_bounds(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let cases = [
        ("purchasePrice", json!(9_223_372_036_854_775_807_i64)),
        ("depositAmount", json!(50_000_000)),
        ("targetMoveInDate", json!("9999-12-31")),
    ];
    for (field, value) in cases {
        let mut body = buying_body("b@example.test", "B");
        body[field] = value;
        let res = broker.post("/api/buying/case", body).await;
        assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{field}");
        assert!(
            res.body["error"]["fields"][field].is_string(),
            "{field}: {:?}",
            res.body
        );
    }
    let mut body = remortgaging_body("r@example.test", "R");
    body["currentDealEndDate"] = json!("9999-12-31");
    body["loanAmount"] = json!(99_000_000_000_i64);
    let res = broker.post("/api/remortgaging/case", body).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.body["error"]["fields"]["currentDealEndDate"].is_string());
    assert!(res.body["error"]["fields"]["loanAmount"].is_string());
}

async fn staff_get_no_lenders(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("conveyancer@threshold.test", "ROLE_CONVEYANCER", true)
        .await;
    let mut staff = app.sign_in("conveyancer@threshold.test").await;
    assert_eq!(
        staff.get("/api/lenders").await.status,
        StatusCode::FORBIDDEN
    );
}

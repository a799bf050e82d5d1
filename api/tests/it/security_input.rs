//! Issue 10, Medium #4: control characters are refused at the boundary, with 422 naming the
//! field, in every text field of every JSON body and in the e-mail parser.

use crate::support;

use reqwest::StatusCode;
use serde_json::json;
use support::{Backend, TestApp};

on_both_databases!(
    a_nul_in_an_e_mail_address_is_refused_naming_the_field,
    control_characters_in_names_are_refused_and_nothing_is_stored,
    nested_fields_are_named_by_their_path,
    an_address_the_mailer_cannot_send_to_is_refused_up_front,
    a_body_is_an_object_and_whole_numbers_may_be_written_as_floats,
);

const CONTROL: &str = "must not contain control characters";

async fn a_nul_in_an_e_mail_address_is_refused_naming_the_field(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let mut client = app.client();
    let res = client
        .post("/api/auth", json!({ "username": "ann\u{0}@example.com" }))
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(res.field_error("username"), Some(CONTROL));
    let res = client
        .post("/api/auth/signup", json!({ "preferredName": "Ann", "email": "ann@exam\u{7f}ple.com", "termsAndConditionsVersion": 2, "privacyPolicyVersion": 2 }))
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(res.field_error("email"), Some(CONTROL));
}

async fn control_characters_in_names_are_refused_and_nothing_is_stored(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let user = app.create_user("ann@example.com", "ROLE_USER", false).await;
    let mut ann = app.sign_in("ann@example.com").await;
    let about_you = |first_name: &str| {
        json!({
            "preferredName": "Ann",
            "firstName": first_name,
            "surname": "Smith",
            "phoneNumber": "07700 900123",
            "dateOfBirth": "1980-01-02",
        })
    };
    let path = format!("/api/users/{}", user.id);
    for bad in ["An\u{0}n", "Ann\nSmith", "Ann\u{1b}[2J", "Ann\u{9b}"] {
        let res = ann.post(&path, about_you(bad)).await;
        assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad:?}");
        assert_eq!(res.field_error("firstName"), Some(CONTROL), "{bad:?}");
    }
    let stored = app.db.user_by_id(user.id).await.unwrap().unwrap();
    assert!(!stored.is_onboarded);
    // Letters of every script are text, not control characters.
    let res = ann.post(&path, about_you("Zoë-Ørsted")).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);

    let res = app
        .client()
        .post("/api/auth/signup", json!({ "preferredName": "Bob\u{0}", "email": "bob@example.com", "termsAndConditionsVersion": 2, "privacyPolicyVersion": 2 }))
        .await;
    assert_eq!(res.field_error("preferredName"), Some(CONTROL));
}

async fn nested_fields_are_named_by_their_path(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("broker@firm.test", "ROLE_BROKER", true)
        .await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let mut body = support::cases::remortgaging_body("kim@example.test", "Kim Owner");
    body["property"]["addressLine1"] = json!("1 High Street\u{0}");
    let res = broker.post("/api/remortgaging/case", body).await;
    assert_eq!(
        res.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        res.body
    );
    assert_eq!(res.field_error("property.addressLine1"), Some(CONTROL));
    let mut body = support::cases::remortgaging_body("kim@example.test", "Kim\u{8}Owner");
    body["property"]["addressLine1"] = json!("1 High Street");
    let res = broker.post("/api/remortgaging/case", body).await;
    assert_eq!(res.field_error("client.preferredName"), Some(CONTROL));
}

async fn an_address_the_mailer_cannot_send_to_is_refused_up_front(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let res = app
        .client()
        .post("/api/auth", json!({ "username": "ann(x)@example.com" }))
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        res.field_error("username"),
        Some("Is not a valid email address")
    );
}

/// Issue 25 (8), schemathesis' contract findings: `[]` was read as an empty body (serde takes
/// an array for a struct's fields), and `1.6e16`, an integer to JSON Schema, was refused.
async fn a_body_is_an_object_and_whole_numbers_may_be_written_as_floats(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let mut client = app.client();
    for body in [
        json!([]),
        json!(["REMORTGAGING", 1]),
        json!("text"),
        json!(7),
    ] {
        let res = client.post("/api/auth/logout", body.clone()).await;
        assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(res.field_error("body"), Some("must be a JSON object"));
    }
    assert_eq!(
        client.post("/api/auth/logout", json!({})).await.status,
        StatusCode::NO_CONTENT
    );
    // A case id written 1.6e16 is read as the integer it is (no such case: 404, not 422).
    support::cases::firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = support::cases::create_remortgaging(&mut broker, "al@example.com", "Al A").await;
    let raw = format!(r#"{{"caseId": {id}.0e0, "caseType": "REMORTGAGING"}}"#);
    let res = broker
        .send(
            reqwest::Method::POST,
            "/api/quote/send",
            Some(serde_json::from_str(&raw).unwrap()),
            Default::default(),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let res = broker
        .post(
            "/api/broker-cancel-case",
            json!({ "caseId": 1.6e16, "caseType": "REMORTGAGING" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{:?}", res.body);
    // A fraction is still no id.
    let res = broker
        .post(
            "/api/broker-cancel-case",
            json!({ "caseId": 1.5, "caseType": "REMORTGAGING" }),
        )
        .await;
    assert!(res.field_error("caseId").is_some(), "{:?}", res.body);
}

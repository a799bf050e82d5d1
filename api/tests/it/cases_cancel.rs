//! Broker cancel: broker statuses only, brokers only, atomic and audited (issue 4; checklist
//! CANCEL-01/02/05/06, CALLS-16, ROLES-14, STATUS-04/16).

use crate::support;

use reqwest::StatusCode;
use serde_json::json;
use support::cases::{create_buying, create_remortgaging, firm, set_case};
use support::{Backend, TestApp};

on_both_databases!(
    cancel_05_calls_16_a_broker_cancels_a_case_in_a_broker_status,
    cancel_01_broker_application_invite_can_be_cancelled_too,
    cancel_06_outside_the_broker_statuses_the_cancel_is_refused,
    cancel_06_roles_14_customers_cannot_cancel,
    cancel_of_a_case_that_is_not_yours_is_404,
    cancel_validates_the_case_type,
    a_buying_case_cancels_the_same_way,
);

fn cancel_body(id: i64, case_type: &str) -> serde_json::Value {
    json!({ "caseId": id, "caseType": case_type })
}

async fn cancel_05_calls_16_a_broker_cancels_a_case_in_a_broker_status(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_remortgaging(&mut broker, "a@example.com", "Al A").await;
    let res = broker
        .post("/api/broker-cancel-case", cancel_body(id, "REMORTGAGING"))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(
        res.body,
        json!({ "caseId": id, "caseType": "REMORTGAGING", "status": "CANCELLED" })
    );
    let list = broker.get("/api/remortgaging/cases").await;
    let item = &list.body["cases"][0];
    assert_eq!(item["status"], "CANCELLED");
    assert_eq!(item["statusMessage"], "This case has been cancelled.");
    assert_eq!(item["statusChip"]["colour"], "RED");
    assert_eq!(item["canCancel"], false);
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    let last = audit.last().unwrap();
    assert_eq!(last.action, "case.transition");
    assert_eq!(last.detail.0["transition"], "broker_cancel");
    assert_eq!(last.detail.0["from"], "BROKER_APPLICATION");
    // A second cancel is refused.
    let res = broker
        .post("/api/broker-cancel-case", cancel_body(id, "REMORTGAGING"))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.body["error"]["code"], "cannot_cancel");
}

async fn cancel_01_broker_application_invite_can_be_cancelled_too(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut manager = app.sign_in("manager@firm.test").await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_remortgaging(&mut broker, "a@example.com", "Al A").await;
    set_case(&app, id, "status", "BROKER_APPLICATION_INVITE").await;
    let list = broker.get("/api/remortgaging/cases").await;
    assert_eq!(list.body["cases"][0]["canCancel"], true);
    // The manager of the case's broker may cancel it.
    let res = manager
        .post("/api/broker-cancel-case", cancel_body(id, "REMORTGAGING"))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
}

/// CANCEL-06: outside the broker statuses the broker's cancel is refused; the status is unchanged.
async fn cancel_06_outside_the_broker_statuses_the_cancel_is_refused(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_remortgaging(&mut broker, "a@example.com", "Al A").await;
    for status in [
        "CUSTOMER_APPLICATION",
        "IDENTITY_VERIFICATION",
        "COMPLETED",
        "INELIGIBLE",
    ] {
        set_case(&app, id, "status", status).await;
        let list = broker.get("/api/remortgaging/cases").await;
        assert_eq!(list.body["cases"][0]["canCancel"], false, "{status}");
        let res = broker
            .post("/api/broker-cancel-case", cancel_body(id, "REMORTGAGING"))
            .await;
        assert_eq!(res.status, StatusCode::CONFLICT, "{status}");
        assert_eq!(
            res.body["error"]["message"],
            "This case can no longer be cancelled."
        );
        let list = broker.get("/api/remortgaging/cases").await;
        assert_eq!(list.body["cases"][0]["status"], status);
    }
}

/// CANCEL-06: a customer's POST /broker-cancel-case is refused; the status is unchanged.
async fn cancel_06_roles_14_customers_cannot_cancel(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_remortgaging(&mut broker, "a@example.com", "Al A").await;
    let mut customer = app.sign_in("a@example.com").await;
    let res = customer
        .post("/api/broker-cancel-case", cancel_body(id, "REMORTGAGING"))
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    let list = customer.get("/api/remortgaging/cases").await;
    assert_eq!(list.body["cases"][0]["status"], "BROKER_APPLICATION");
    assert_eq!(list.body["cases"][0]["canCancel"], false);
    // Issue 25 (8): a customer is refused for being a customer, whatever the case (it was a
    // 404 for another's case and a 409 for their own past the broker statuses).
    app.create_user("stranger@example.com", "ROLE_USER", true)
        .await;
    let mut stranger = app.sign_in("stranger@example.com").await;
    let res = stranger
        .post("/api/broker-cancel-case", cancel_body(id, "REMORTGAGING"))
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    set_case(&app, id, "status", "CUSTOMER_APPLICATION").await;
    let res = customer
        .post("/api/broker-cancel-case", cancel_body(id, "REMORTGAGING"))
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    let res = customer
        .post(
            "/api/broker-cancel-case",
            cancel_body(999_999, "REMORTGAGING"),
        )
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
}

async fn cancel_of_a_case_that_is_not_yours_is_404(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let mut loner = app.sign_in("loner@firm.test").await;
    let mut rival = app.sign_in("rival@other.test").await;
    let id = create_remortgaging(&mut broker, "a@example.com", "Al A").await;
    for client in [&mut loner, &mut rival] {
        let res = client
            .post("/api/broker-cancel-case", cancel_body(id, "REMORTGAGING"))
            .await;
        assert_eq!(res.status, StatusCode::NOT_FOUND);
    }
    // The right id under the wrong type is unknown too.
    let res = broker
        .post("/api/broker-cancel-case", cancel_body(id, "BUYING"))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
}

async fn cancel_validates_the_case_type(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let res = broker
        .post("/api/broker-cancel-case", cancel_body(1, "HOUSEBOAT"))
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.field_error("caseType").is_some());
    let res = broker
        .post(
            "/api/broker-cancel-case",
            json!({ "caseId": "x", "caseType": "BUYING" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.field_error("caseId").is_some());
}

async fn a_buying_case_cancels_the_same_way(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_buying(&mut broker, "a@example.com", "Al A").await;
    let res = broker
        .post("/api/broker-cancel-case", cancel_body(id, "BUYING"))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let list = broker.get("/api/buying/cases?status=CANCELLED").await;
    assert_eq!(list.body["cases"][0]["case"]["id"], id);
}

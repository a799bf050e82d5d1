//! The case page's context in the expanded case (issue 15): where the case stands and who it
//! waits on (`view.stage`, from the workflow files), the broker's work contact, the property
//! and the quote — and still only for the people who could read the case before.

use crate::support;

use reqwest::StatusCode;
use serde_json::json;
use support::cases::{create_buying, create_remortgaging, firm, remortgaging_body};
use support::{Backend, TestApp};
use threshold_engine::CaseType;
use threshold_workflows::{Stage, Workflows};

on_both_databases!(
    a_customer_sees_where_the_case_stands_and_how_to_reach_their_broker,
    a_cancelled_case_is_closed_and_waits_on_no_one,
    a_case_a_customer_started_alone_has_no_broker_and_waits_on_them,
    the_context_stays_with_the_people_who_may_read_the_case,
    the_broker_and_the_customer_each_read_their_own_next_step,
);

/// The workflow file's stage for a status: its `guide` (the customer's next step on the case
/// page) and `broker_guide` (the broker's).
fn stage(case_type: CaseType, status: &str) -> Stage {
    Workflows::load()
        .unwrap()
        .stages(case_type)
        .into_iter()
        .find(|s| s.status.as_str() == status)
        .unwrap()
}

async fn a_customer_sees_where_the_case_stands_and_how_to_reach_their_broker(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    app.exec("UPDATE users SET phone_number = '01632 960000' WHERE email = 'broker@firm.test'")
        .await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_remortgaging(&mut broker, "a@example.com", "Al A").await;
    let mut customer = app.sign_in("a@example.com").await;
    let res = customer
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(
        res.body["view"]["stage"],
        json!({
            "guide": stage(CaseType::Remortgaging, "BROKER_APPLICATION").guide,
            "waitsOn": "broker",
            "closed": false,
        })
    );
    assert_eq!(
        res.body["broker"],
        json!({
            "preferredName": "Test Person",
            "firmName": "Firm",
            "email": "broker@firm.test",
            "phoneNumber": "01632 960000",
        })
    );
    assert_eq!(res.body["property"]["addressLine1"], "1 High Street");
    assert!(res.body["quote"]["totalAmount"].as_i64().unwrap() > 0);
    // No more than before: the broker's own notes stay the broker's.
    assert_eq!(res.body["brokerReference"], json!(null));
    assert_eq!(res.body["invitations"], json!([]));

    // The broker sees the same stage and contact on a purchase, told to them.
    let buy = create_buying(&mut broker, "a@example.com", "Al A").await;
    let res = broker
        .get(&format!("/api/buying/case/{buy}/expanded"))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["view"]["stage"]["waitsOn"], "broker");
    assert_eq!(
        res.body["view"]["stage"]["guide"],
        stage(CaseType::Buying, "BROKER_APPLICATION").broker_guide
    );
    assert_eq!(res.body["broker"]["firmName"], "Firm");
}

/// Issue 26: each party reads the next step written for them. The same case in the same status
/// tells the customer the workflow file's `guide` and the broker its `broker_guide`.
async fn the_broker_and_the_customer_each_read_their_own_next_step(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_remortgaging(&mut broker, "a@example.com", "Al A").await;
    let res = broker
        .post(
            "/api/quote/send",
            json!({ "caseType": "REMORTGAGING", "caseId": id }),
        )
        .await;
    assert!(res.status.is_success(), "{:?}", res.body);
    let mut customer = app.sign_in("a@example.com").await;
    let path = format!("/api/remortgaging/cases/{id}/expanded");
    let for_customer = customer.get(&path).await;
    let for_broker = broker.get(&path).await;
    for res in [&for_customer, &for_broker] {
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
        assert_eq!(res.body["status"], "BROKER_APPLICATION_INVITE");
        assert_eq!(res.body["view"]["stage"]["waitsOn"], "customer");
    }
    let customers = stage(CaseType::Remortgaging, "BROKER_APPLICATION_INVITE").guide;
    let brokers = stage(CaseType::Remortgaging, "BROKER_APPLICATION_INVITE").broker_guide;
    assert_ne!(customers, brokers);
    assert_eq!(for_customer.body["view"]["stage"]["guide"], customers);
    assert_eq!(for_broker.body["view"]["stage"]["guide"], brokers);
}

async fn a_cancelled_case_is_closed_and_waits_on_no_one(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_buying(&mut broker, "a@example.com", "Al A").await;
    let res = broker
        .post(
            "/api/broker-cancel-case",
            json!({ "caseId": id, "caseType": "BUYING" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let mut customer = app.sign_in("a@example.com").await;
    for client in [&mut broker, &mut customer] {
        let res = client.get(&format!("/api/buying/case/{id}/expanded")).await;
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
        assert_eq!(
            res.body["view"]["stage"],
            json!({ "guide": null, "waitsOn": null, "closed": true })
        );
        assert_eq!(res.body["broker"]["email"], "broker@firm.test");
    }
}

async fn a_case_a_customer_started_alone_has_no_broker_and_waits_on_them(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("cust@example.com", "ROLE_USER", true).await;
    let mut customer = app.sign_in("cust@example.com").await;
    let mut body = remortgaging_body("a@b.co", "Al");
    body.as_object_mut().unwrap().remove("client");
    let res = customer.post("/api/remortgaging/case", body).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let id = res.body["caseId"].as_i64().unwrap();
    let res = customer
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["broker"], json!(null));
    assert_eq!(res.body["view"]["stage"]["waitsOn"], "customer");
    assert_eq!(res.body["view"]["stage"]["closed"], false);
}

async fn the_context_stays_with_the_people_who_may_read_the_case(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    app.create_user("other@example.com", "ROLE_USER", true)
        .await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let rem = create_remortgaging(&mut broker, "a@example.com", "Al A").await;
    let buy = create_buying(&mut broker, "a@example.com", "Al A").await;
    let paths = [
        format!("/api/remortgaging/cases/{rem}/expanded"),
        format!("/api/buying/case/{buy}/expanded"),
    ];
    let mut other = app.sign_in("other@example.com").await;
    let mut rival = app.sign_in("rival@other.test").await;
    let mut anonymous = app.client();
    app.create_user("conveyancer@threshold.test", "ROLE_CONVEYANCER", true)
        .await;
    let mut staff = app.sign_in("conveyancer@threshold.test").await;
    for path in &paths {
        for (who, client) in [
            ("another customer", &mut other),
            ("another firm", &mut rival),
        ] {
            let res = client.get(path).await;
            assert_eq!(res.status, StatusCode::NOT_FOUND, "{who}: {path}");
            assert!(res.body.get("broker").is_none(), "{who}: {path}");
        }
        let res = anonymous.get(path).await;
        assert_eq!(res.status, StatusCode::UNAUTHORIZED, "{path}");
        // Staff read cases in the back office, not through the customer app's calls.
        let res = staff.get(path).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "staff: {path}");
        assert!(res.body.get("broker").is_none(), "staff: {path}");
    }
}

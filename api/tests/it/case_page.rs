//! The customer's case page and submission (issue 26 item 9): the declaration before Submit,
//! kept in the audit trail with who and when; and the case handler a customer may see (the
//! assigned conveyancer's name, never their e-mail, and the firm's telephone).

use crate::support;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::remortgage::{CARA, customer_case, fill_in, submitted_remortgage};
use support::staff::{CONNIE, enrolled_conveyancer};
use support::{Backend, TestApp};

on_both_databases!(
    submit_needs_the_declaration_and_the_audit_trail_keeps_it,
    a_customer_sees_the_handler_by_name_and_the_firm_s_telephone,
);

const DECLARATION: &str = "I confirm the information I have given is true and complete to the \
    best of my knowledge, and I will tell you if anything changes before completion.";

/// REM-APP-36 with issue 26: no submit without the declaration (422 naming
/// `declarationConfirmed`, the case stays); with it, the case moves and the transition's audit
/// event holds the customer, the time and the words declared. A broker is refused before any
/// word about the declaration.
async fn submit_needs_the_declaration_and_the_audit_trail_keeps_it(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = customer_case(&app).await;
    fill_in(&app, &mut cara, id).await;
    let submit = format!("/api/remortgaging/{id}/submit");
    for body in [json!({}), json!({ "declarationConfirmed": false })] {
        let res = cara.post(&submit, body.clone()).await;
        assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert!(
            res.field_error("declarationConfirmed").is_some(),
            "{:?}",
            res.body
        );
    }
    let res = cara
        .post(&submit, json!({ "declarationConfirmed": "yes" }))
        .await;
    assert!(res.status.is_client_error(), "{:?}", res.body);
    let res = broker
        .post(&submit, json!({ "declarationConfirmed": true }))
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    let res = cara
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(res.body["status"], "CUSTOMER_APPLICATION");

    let before = chrono::Utc::now();
    let res = cara
        .post(&submit, json!({ "declarationConfirmed": true }))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "IDENTITY_VERIFICATION");
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    let submitted = audit
        .iter()
        .find(|e| e.action == "case.transition" && e.detail.0["transition"] == "submit_application")
        .expect("the submit is audited");
    let cara_id = app.db.user_by_email(CARA).await.unwrap().unwrap().id;
    assert_eq!(submitted.actor_user_id, Some(cara_id));
    assert!(submitted.at >= before - chrono::Duration::seconds(1));
    assert_eq!(submitted.detail.0["reason"], DECLARATION);
}

/// Issue 26: the customer's case names who handles it (the assigned conveyancer's name only)
/// and gives the firm's telephone and hours; before anyone is assigned, the firm's team. The
/// case stays 404 to another customer.
async fn a_customer_sees_the_handler_by_name_and_the_firm_s_telephone(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = submitted_remortgage(&app).await;
    let path = format!("/api/remortgaging/cases/{id}/expanded");
    let handler = |body: &Value| body["caseHandler"].clone();
    let res = cara.get(&path).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(
        handler(&res.body),
        json!({
            "name": null,
            "firmName": app.config.firm_name,
            "phoneNumber": app.config.firm_phone_number,
            "openingHours": app.config.firm_opening_hours,
        })
    );

    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let members = connie.get("/api/staff/members").await.body;
    let connie_id = members[0]["id"].as_str().unwrap().to_owned();
    let res = connie
        .post(
            &format!("/api/staff/cases/remortgaging/{id}/assignee"),
            json!({ "userId": connie_id }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let res = cara.get(&path).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(handler(&res.body)["name"], members[0]["name"]);
    assert_eq!(handler(&res.body)["phoneNumber"], "020 7946 0000");
    // Only what a customer may see: the name, never the conveyancer's e-mail or id.
    let shown = res.body.to_string();
    assert!(!shown.contains(CONNIE), "{shown}");
    assert!(!shown.contains(&connie_id), "{shown}");

    app.create_user("eve@example.test", "ROLE_USER", true).await;
    let mut eve = app.sign_in("eve@example.test").await;
    assert_eq!(eve.get(&path).await.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.client().get(&path).await.status,
        StatusCode::UNAUTHORIZED
    );
}

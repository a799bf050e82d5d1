//! Issue 33, part 3 (CALLS-69): the names on a remortgage's title register. The firm records
//! the registered proprietors from the official copies; the Owners section lists them beside
//! the owners; a name that is no owner is explained with its evidence (a death certificate,
//! a marriage certificate, a deed poll) by `DELETE /remortgaging/{caseId}/title-register-names/
//! {id}`, and the application cannot be submitted until every name is accounted for. Who may
//! and who may not, bad input by field, and the audit trail, on both databases.

use crate::support;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::remortgage::{customer_case, dan_joins, fill_in, submit};
use support::staff::enrolled_conveyancer;
use support::{Backend, Client, TestApp};

on_both_databases!(
    the_owners_account_for_every_registered_name_before_submitting,
    who_may_record_and_explain_the_names,
);

async fn upload(client: &mut Client, id: i64, document_type: &str) -> i64 {
    support::upload_pdf(client, "REMORTGAGING", id, document_type).await["documentId"]
        .as_i64()
        .unwrap()
}

async fn record(connie: &mut Client, id: i64, full_name: &str) -> i64 {
    let res = connie
        .post(
            &format!("/api/staff/cases/remortgaging/{id}/title-register-names"),
            json!({ "fullName": full_name }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    res.body["id"].as_i64().unwrap()
}

fn explain(id: i64, name: i64, query: &str) -> String {
    format!("/api/remortgaging/{id}/title-register-names/{name}?{query}")
}

async fn expanded(client: &mut Client, id: i64) -> Value {
    client
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await
        .body
}

/// CALLS-69: the register's names beside the owners; one no owner is explained with the
/// certificate its explanation asks for, and only then may the application go in.
async fn the_owners_account_for_every_registered_name_before_submitting(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = customer_case(&app).await;
    fill_in(&app, &mut cara, id).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let staff_case = format!("/api/staff/cases/remortgaging/{id}");
    assert_eq!(
        connie.get(&staff_case).await.body["mayRecordTitleRegisterNames"],
        true
    );
    // Cara's legal name is Cara Client; the register also names her late husband.
    let hers = record(&mut connie, id, "CARA CLIENT").await;
    let his = record(&mut connie, id, "Robert James Client").await;
    let case = expanded(&mut cara, id).await;
    assert_eq!(
        case["titleRegisterNames"],
        json!([{ "id": hers, "fullName": "CARA CLIENT", "isOwner": true },
               { "id": his, "fullName": "Robert James Client", "isOwner": false }])
    );
    assert_eq!(case["view"]["readyToSubmit"], false);
    let res = cara
        .post(
            &format!("/api/remortgaging/{id}/submit"),
            json!({ "declarationConfirmed": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(
        res.body["error"]["message"],
        "A name on the title register is not one of the owners: tell us why in the Owners \
         section before submitting."
    );
    // Bad input, by field.
    for (query, field) in [
        ("evidenceDocumentId=1", "explanation"),
        ("explanation=DIVORCED&evidenceDocumentId=1", "explanation"),
        ("explanation=DECEASED", "evidenceDocumentId"),
        (
            "explanation=DECEASED&evidenceDocumentId=abc",
            "evidenceDocumentId",
        ),
        (
            "explanation=DECEASED&evidenceDocumentId=999999",
            "evidenceDocumentId",
        ),
    ] {
        let res = cara.delete(&explain(id, his, query)).await;
        assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{query}");
        assert!(res.field_error(field).is_some(), "{query}: {:?}", res.body);
    }
    // The evidence must be the explanation's own document.
    let statement = upload(&mut cara, id, "BANK_STATEMENT").await;
    let marriage = upload(&mut cara, id, "MARRIAGE_CERTIFICATE").await;
    for (explanation, doc) in [("DECEASED", statement), ("DECEASED", marriage)] {
        let query = format!("explanation={explanation}&evidenceDocumentId={doc}");
        let res = cara.delete(&explain(id, his, &query)).await;
        assert_eq!(
            res.field_error("evidenceDocumentId"),
            Some("must be a DEATH_CERTIFICATE document"),
            "{:?}",
            res.body
        );
    }
    let res = cara
        .delete(&explain(
            id,
            999_999,
            "explanation=DECEASED&evidenceDocumentId=1",
        ))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    // With the death certificate the name is explained, and gone from the owners' list.
    let death = upload(&mut cara, id, "DEATH_CERTIFICATE").await;
    let query = format!("explanation=DECEASED&evidenceDocumentId={death}");
    let res = cara.delete(&explain(id, his, &query)).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let case = expanded(&mut cara, id).await;
    assert_eq!(
        case["titleRegisterNames"],
        json!([{ "id": hers, "fullName": "CARA CLIENT", "isOwner": true }])
    );
    assert_eq!(case["view"]["readyToSubmit"], true);
    let res = cara.delete(&explain(id, his, &query)).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    // The firm sees the comparison: her name beside her, his with its explanation and proof.
    let view = connie.get(&staff_case).await.body;
    assert_eq!(view["titleRegisterNames"][0]["ownerName"], "Cara Client");
    assert!(view["titleRegisterNames"][0]["explanation"].is_null());
    let explained = &view["titleRegisterNames"][1];
    assert!(explained["ownerName"].is_null());
    assert_eq!(explained["explanation"], "DECEASED");
    assert_eq!(explained["evidenceDocumentId"], death);
    // An explained name stays on file; one recorded in error comes off.
    let res = connie
        .delete(&format!("{staff_case}/title-register-names/{his}"))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    let typo = record(&mut connie, id, "Cara Clinet").await;
    assert_eq!(
        expanded(&mut cara, id).await["view"]["readyToSubmit"],
        false
    );
    let res = connie
        .delete(&format!("{staff_case}/title-register-names/{typo}"))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    // The audit trail names the rows and the explanation, never the names.
    let audited: Vec<String> = app
        .db
        .audit_for("case", &id.to_string())
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.action.starts_with("case.title_register_name_"))
        .map(|e| {
            let detail = e.detail.0.to_string();
            assert!(
                !detail.contains("Client") && !detail.contains("CLIENT"),
                "{detail}"
            );
            e.action
        })
        .collect();
    assert_eq!(audited.len(), 5, "{audited:?}");
    assert!(audited.contains(&"case.title_register_name_explained".to_owned()));
    // Deleting the evidence takes the explanation's proof away: the name needs explaining again.
    let res = cara.delete(&format!("/api/document/{death}")).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let case = expanded(&mut cara, id).await;
    assert_eq!(case["titleRegisterNames"].as_array().unwrap().len(), 2);
    assert_eq!(case["view"]["readyToSubmit"], false);
    let death = upload(&mut cara, id, "DEATH_CERTIFICATE").await;
    let query = format!("explanation=DECEASED&evidenceDocumentId={death}");
    let res = cara.delete(&explain(id, his, &query)).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    submit(&mut cara, id).await;
    // Submitted, the Owners section is closed to the explanation.
    let other = record(&mut connie, id, "Someone Else").await;
    let query = format!("explanation=DECEASED&evidenceDocumentId={death}");
    let res = cara.delete(&explain(id, other, &query)).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "section_closed");
}

/// Authorization rows: the firm records (not the customer, a broker, anonymous, nor on a
/// purchase); the case's owners explain (not another customer, another firm's broker, staff,
/// anonymous, nor the case's broker once the case is the customer's).
async fn who_may_record_and_explain_the_names(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = customer_case(&app).await;
    fill_in(&app, &mut cara, id).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let record_path = format!("/api/staff/cases/remortgaging/{id}/title-register-names");
    let body = json!({ "fullName": "Robert Client" });
    for (who, client) in [("the customer", &mut cara), ("the broker", &mut broker)] {
        let res = client.post(&record_path, body.clone()).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{who}");
    }
    assert_eq!(
        app.client().post(&record_path, body.clone()).await.status,
        StatusCode::UNAUTHORIZED
    );
    for (bad, why) in [
        (json!({ "fullName": "  " }), "is required"),
        (
            json!({ "fullName": "x".repeat(201) }),
            "must be at most 200 characters",
        ),
    ] {
        let res = connie.post(&record_path, bad).await;
        assert_eq!(res.field_error("fullName"), Some(why), "{:?}", res.body);
    }
    let res = connie.post(&record_path, json!({})).await;
    assert!(res.field_error("fullName").is_some(), "{:?}", res.body);
    // A purchase's title is the seller's: no such step.
    let purchase = support::cases::create_buying(&mut broker, "bea@example.test", "Bea").await;
    let res = connie
        .post(
            &format!("/api/staff/cases/buying/{purchase}/title-register-names"),
            body.clone(),
        )
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    let name = record(&mut connie, id, "Robert Client").await;
    let death = upload(&mut cara, id, "DEATH_CERTIFICATE").await;
    let path = explain(
        id,
        name,
        &format!("explanation=DECEASED&evidenceDocumentId={death}"),
    );
    // Strangers to the case see nothing; staff use the back office; the broker's part of the
    // application ended when the case became the customer's.
    let mut rival = app.sign_in("rival@other.test").await;
    app.create_user("stranger@example.test", "ROLE_USER", true)
        .await;
    let mut stranger = app.sign_in("stranger@example.test").await;
    for (who, client, status) in [
        ("another customer", &mut stranger, StatusCode::NOT_FOUND),
        ("another firm's broker", &mut rival, StatusCode::NOT_FOUND),
        ("staff", &mut connie, StatusCode::FORBIDDEN),
        ("the case's broker", &mut broker, StatusCode::CONFLICT),
    ] {
        assert_eq!(client.delete(&path).await.status, status, "{who}");
    }
    assert_eq!(
        app.client().delete(&path).await.status,
        StatusCode::UNAUTHORIZED
    );
    // A co-owner may explain as well as the lead.
    let (mut dan, _) = dan_joins(&app, &mut cara, id).await;
    let res = dan.delete(&path).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
}

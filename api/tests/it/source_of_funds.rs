//! Issue 33, part 1 (FLAG-02, FLAG-03): the source-of-funds review. A buyer with `SOF` says how
//! each source of funds was built up (`PUT /buying/{caseId}/sources-of-funds/{sourceId}/
//! details`); the firm accepts each against its answers and evidence or asks for more with a
//! reason the buyer reads (told by e-mail); the AML task `source_of_funds_reviewed` waits until every source is
//! accepted. Who may and who may not, bad input by field, the audit trail, on both databases.

use crate::support;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::purchase::{BEA, expanded, submitted_purchase_with};
use support::staff::enrolled_conveyancer;
use support::{Backend, Client, TestApp};

on_both_databases!(
    a_buyer_answers_and_the_firm_reviews_each_source,
    who_may_answer_and_review,
    answers_and_reviews_are_checked_field_by_field,
);

fn details_path(id: i64, source: i64) -> String {
    format!("/api/buying/{id}/sources-of-funds/{source}/details")
}

fn review_path(id: i64, source: i64) -> String {
    format!("/api/staff/cases/buying/{id}/sources-of-funds/{source}/review")
}

fn answers() -> Value {
    json!({ "origin": "Saved from my salary as a nurse", "builtUpOver": "About four years",
            "accountHolder": "Bea Buyer" })
}

async fn sources(client: &mut Client, id: i64) -> Vec<Value> {
    client.get(&expanded(id)).await.body["sourceOfFunds"]
        .as_array()
        .unwrap()
        .clone()
}

async fn source(client: &mut Client, id: i64, source_id: i64) -> Value {
    sources(client, id)
        .await
        .into_iter()
        .find(|f| f["id"] == source_id)
        .unwrap()
}

/// The purchase's first source the buyers are asked about, and its id.
async fn asked_source(client: &mut Client, id: i64) -> i64 {
    sources(client, id)
        .await
        .iter()
        .find(|f| f["asksDetails"] == true)
        .expect("a source the buyers describe")["id"]
        .as_i64()
        .unwrap()
}

async fn record_review_task(connie: &mut Client, id: i64) -> support::Res {
    connie
        .post(
            &format!("/api/staff/cases/buying/{id}/tasks/source_of_funds_reviewed"),
            json!({}),
        )
        .await
}

/// FLAG-02: Bea (with SOF) answers, the firm asks for more, she answers again, the firm
/// accepts; the task waits for every source and the answers close once accepted.
async fn a_buyer_answers_and_the_firm_reviews_each_source(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut bea, id) = submitted_purchase_with(&app, &["SAVINGS"]).await;
    app.set_features(BEA, &["BUYING", "SOF"]).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let savings = asked_source(&mut bea, id).await;

    // Its evidence is uploaded (the application's Documents section): only the answers lack.
    let before = source(&mut bea, id, savings).await;
    assert_eq!(before["state"], "DETAILS_NEEDED", "{before:?}");
    assert_eq!(before["details"], Value::Null);
    assert!(
        before["evidenceType"]
            .as_str()
            .unwrap()
            .ends_with("_STATEMENT")
            || before["evidenceType"]
                .as_str()
                .unwrap()
                .ends_with("_EVIDENCE")
    );

    let res = bea.put(&details_path(id, savings), answers()).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let answered = source(&mut bea, id, savings).await;
    assert_eq!(answered["state"], "READY_FOR_REVIEW");
    assert_eq!(
        answered["details"]["origin"],
        "Saved from my salary as a nurse"
    );
    assert_eq!(answered["details"]["accountHolder"], "Bea Buyer");

    // The task waits for every source accepted.
    let res = record_review_task(&mut connie, id).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert!(
        res.body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("not accepted yet")
    );

    // The firm asks for more: Bea reads what it needs.
    let reason = "The statement shows 3 months: please upload 12 months.";
    let res = connie
        .post(
            &review_path(id, savings),
            json!({ "outcome": "MORE_NEEDED", "reason": reason }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let asked = source(&mut bea, id, savings).await;
    assert_eq!(asked["state"], "MORE_NEEDED");
    assert_eq!(asked["review"]["outcome"], "MORE_NEEDED");
    assert_eq!(asked["review"]["reason"], reason);
    // She hears of it by e-mail, which says where to look and not what the firm wrote.
    let mail = app
        .mail_with_subject(BEA, "We need more about your source of funds")
        .await;
    assert!(mail.text.contains("Source of funds"), "{}", mail.text);
    assert!(!mail.text.contains("12 months"), "{}", mail.text);

    // New answers put it back with the firm, which accepts it; then the answers are closed.
    let more = json!({ "origin": "Salary, and a bonus in 2024", "builtUpOver": "Four years",
                       "accountHolder": "Bea Buyer" });
    let res = bea.put(&details_path(id, savings), more.clone()).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    assert_eq!(
        source(&mut bea, id, savings).await["state"],
        "READY_FOR_REVIEW"
    );
    let res = connie
        .post(&review_path(id, savings), json!({ "outcome": "ACCEPTED" }))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let accepted = source(&mut bea, id, savings).await;
    assert_eq!(accepted["state"], "ACCEPTED");
    assert_eq!(accepted["review"]["reason"], Value::Null);
    let res = bea.put(&details_path(id, savings), more).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    let res = connie
        .post(&review_path(id, savings), json!({ "outcome": "ACCEPTED" }))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);

    // Every other source accepted, the task is recorded.
    crate::source_of_funds::accept_every_source(&mut connie, id).await;
    let res = record_review_task(&mut connie, id).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);

    // The audit trail names the source and the outcome, never the answers.
    let audit = connie
        .get(&format!("/api/staff/cases/buying/{id}"))
        .await
        .body["audit"]
        .clone();
    let actions: Vec<&str> = audit
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|a| a["action"].as_str())
        .filter(|a| a.starts_with("case.source_of_funds_"))
        .collect();
    assert!(
        actions.contains(&"case.source_of_funds_described"),
        "{actions:?}"
    );
    assert!(
        actions.contains(&"case.source_of_funds_reviewed"),
        "{actions:?}"
    );
    assert!(
        !audit.to_string().contains("salary"),
        "answers in the audit trail"
    );
}

/// Accepts every source of the purchase not accepted yet, as the back office's "Accept" does.
pub(crate) async fn accept_every_source(connie: &mut Client, id: i64) {
    let case = connie
        .get(&format!("/api/staff/cases/buying/{id}"))
        .await
        .body;
    for f in case["expanded"]["sourceOfFunds"].as_array().unwrap() {
        if f["state"] != "ACCEPTED" {
            let source_id = f["id"].as_i64().unwrap();
            let res = connie
                .post(
                    &review_path(id, source_id),
                    json!({ "outcome": "ACCEPTED" }),
                )
                .await;
            assert_eq!(res.status, StatusCode::NO_CONTENT, "{f:?}: {:?}", res.body);
        }
    }
}

/// FLAG-03 on the server, and the authorization rows: the buyers and their broker with SOF may
/// answer; without SOF, a stranger, another firm's broker, staff or nobody may not. Only the
/// firm's conveyancers review.
async fn who_may_answer_and_review(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut bea, id) = submitted_purchase_with(&app, &["SAVINGS"]).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let savings = asked_source(&mut bea, id).await;
    let path = details_path(id, savings);

    // Without SOF: refused, with the reason.
    let res = bea.put(&path, answers()).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "feature_off");
    assert_eq!(source(&mut bea, id, savings).await["details"], Value::Null);

    // With SOF: the buyer and the case's broker may.
    app.set_features(BEA, &["BUYING", "SOF"]).await;
    app.set_features("broker@firm.test", &["SOF"]).await;
    assert_eq!(
        bea.put(&path, answers()).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        broker.put(&path, answers()).await.status,
        StatusCode::NO_CONTENT
    );

    // Strangers with SOF see no such case; staff use the back office; nobody signed in, 401.
    let mut rival = app.sign_in("rival@other.test").await;
    app.create_user("stranger@example.test", "ROLE_USER", true)
        .await;
    let mut stranger = app.sign_in("stranger@example.test").await;
    app.set_features("rival@other.test", &["SOF"]).await;
    app.set_features("stranger@example.test", &["BUYING", "SOF"])
        .await;
    for (who, client) in [("rival broker", &mut rival), ("stranger", &mut stranger)] {
        assert_eq!(
            client.put(&path, answers()).await.status,
            StatusCode::NOT_FOUND,
            "{who}"
        );
    }
    app.set_features(support::staff::CONNIE, &["SOF"]).await;
    assert_eq!(
        connie.put(&path, answers()).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.client().put(&path, answers()).await.status,
        StatusCode::UNAUTHORIZED
    );

    // The review: the firm's alone.
    let review = review_path(id, savings);
    let accept = json!({ "outcome": "ACCEPTED" });
    for (who, client) in [
        ("buyer", &mut bea),
        ("broker", &mut broker),
        ("rival broker", &mut rival),
        ("stranger", &mut stranger),
    ] {
        assert_eq!(
            client.post(&review, accept.clone()).await.status,
            StatusCode::FORBIDDEN,
            "{who}"
        );
    }
    assert_eq!(
        app.client().post(&review, accept.clone()).await.status,
        StatusCode::UNAUTHORIZED
    );
    let staff_case = connie
        .get(&format!("/api/staff/cases/buying/{id}"))
        .await
        .body;
    assert_eq!(staff_case["mayReviewSourcesOfFunds"], true);
    assert_eq!(
        connie.post(&review, accept).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(source(&mut bea, id, savings).await["state"], "ACCEPTED");
}

/// Bad input gets a 4xx naming the field: blank, missing or long answers, an unknown source,
/// an unknown outcome, a request for more without a reason or with one too long, and an
/// acceptance before the evidence is uploaded.
async fn answers_and_reviews_are_checked_field_by_field(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut bea, id) = submitted_purchase_with(&app, &["SAVINGS"]).await;
    app.set_features(BEA, &["BUYING", "SOF"]).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let savings = asked_source(&mut bea, id).await;
    let path = details_path(id, savings);

    let long = "x".repeat(501);
    for (body, field) in [
        (
            json!({ "origin": " ", "builtUpOver": "4 years", "accountHolder": "Bea" }),
            "origin",
        ),
        (
            json!({ "origin": "Salary", "builtUpOver": long, "accountHolder": "Bea" }),
            "builtUpOver",
        ),
        (
            json!({ "origin": "Salary", "builtUpOver": "4 years" }),
            "accountHolder",
        ),
    ] {
        let res = bea.put(&path, body).await;
        assert_eq!(
            res.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{field}: {:?}",
            res.body
        );
        assert!(res.field_error(field).is_some(), "{field}: {:?}", res.body);
    }
    assert_eq!(source(&mut bea, id, savings).await["details"], Value::Null);
    assert_eq!(
        bea.put(&details_path(id, 999_999), answers()).await.status,
        StatusCode::NOT_FOUND
    );

    let review = review_path(id, savings);
    let res = connie.post(&review, json!({ "outcome": "MAYBE" })).await;
    assert_eq!(
        res.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        res.body
    );
    let res = connie
        .post(&review, json!({ "outcome": "MORE_NEEDED", "reason": "  " }))
        .await;
    assert_eq!(
        res.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        res.body
    );
    assert!(res.field_error("reason").is_some(), "{:?}", res.body);
    let res = connie
        .post(
            &review,
            json!({ "outcome": "MORE_NEEDED", "reason": "x".repeat(1001) }),
        )
        .await;
    assert!(res.field_error("reason").is_some(), "{:?}", res.body);
    assert_eq!(
        connie
            .post(&review_path(id, 999_999), json!({ "outcome": "ACCEPTED" }))
            .await
            .status,
        StatusCode::NOT_FOUND
    );

    // Its evidence taken away, the source cannot be accepted.
    let slot_type = source(&mut bea, id, savings).await["evidenceType"]
        .as_str()
        .unwrap()
        .to_owned();
    let case = bea.get(&expanded(id)).await.body;
    let document = case["requiredDocuments"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|g| g.as_array().unwrap().clone())
        .find(|slot| slot["documentType"] == slot_type.as_str())
        .unwrap()["documentId"]
        .as_i64()
        .unwrap();
    let res = bea.delete(&format!("/api/document/{document}")).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    assert_eq!(
        source(&mut bea, id, savings).await["state"],
        "DETAILS_NEEDED"
    );
    bea.put(&path, answers()).await;
    assert_eq!(
        source(&mut bea, id, savings).await["state"],
        "EVIDENCE_NEEDED"
    );
    let res = connie.post(&review, json!({ "outcome": "ACCEPTED" })).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
}

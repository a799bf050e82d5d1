//! POST /feedback (FEEDBACK-01..11): a customer's rating and comment at a point of their
//! case, once per case and person (issue 26: never asked again at a later point); dismissing sends no rating and an empty message; the points given
//! show in the expanded case as `feedbackGiven`.

use crate::support;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::cases::{create_remortgaging, firm};
use support::{Backend, Client, TestApp};

on_both_databases!(
    feedback_is_given_once_per_case_and_shows_in_the_case,
    a_dismissal_counts_as_an_answer,
    feedback_is_validated_by_field,
    only_the_case_s_customers_give_feedback,
);

const CARA: &str = "cara@example.test";

fn feedback(id: i64, point: &str, rating: Value, message: &str) -> Value {
    json!({ "caseType": "REMORTGAGING", "caseId": id, "feedbackPoint": point,
            "rating": rating, "message": message })
}

/// A broker's case for Cara (who is signed in): (broker, Cara, case id).
async fn case(app: &TestApp) -> (Client, Client, i64) {
    firm(app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_remortgaging(&mut broker, CARA, "Cara Client").await;
    let cara = app.sign_in(CARA).await;
    (broker, cara, id)
}

async fn given(client: &mut Client, id: i64) -> Value {
    let res = client
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    res.body["feedbackGiven"].clone()
}

/// CALLS-39, ENUM-20: a valid POST /feedback is 2xx; FEEDBACK-11 and issue 26: a customer who
/// has answered is not asked again on that case, at that point or any later one (409 JSON).
async fn feedback_is_given_once_per_case_and_shows_in_the_case(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = case(&app).await;
    assert_eq!(given(&mut cara, id).await, json!([]));
    let res = cara
        .post(
            "/api/feedback",
            feedback(id, "SUBMIT_APPLICATION", json!(5), "Very easy, thank you"),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    assert_eq!(given(&mut cara, id).await, json!(["SUBMIT_APPLICATION"]));
    for point in [
        "SUBMIT_APPLICATION",
        "ACCEPT_COMPLETION_STATEMENT",
        "POST_COMPLETION",
    ] {
        let res = cara
            .post("/api/feedback", feedback(id, point, json!(4), ""))
            .await;
        assert_eq!(res.status, StatusCode::CONFLICT, "{point}");
        assert_eq!(res.body["error"]["code"], "feedback_given", "{point}");
    }
    assert_eq!(given(&mut cara, id).await, json!(["SUBMIT_APPLICATION"]));
    // The points are the caller's: the broker has given none.
    assert_eq!(given(&mut broker, id).await, json!([]));
    // Audited without the comment.
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    let entries: Vec<_> = audit
        .iter()
        .filter(|e| e.action == "case.feedback_given")
        .collect();
    assert_eq!(entries.len(), 1);
    assert!(!entries[0].detail.0.to_string().contains("easy"));
}

/// FEEDBACK-11, ENUM-20: a dismissal (which may leave the rating out altogether) is an answer
/// for the whole case: ACCEPT_COMPLETION_STATEMENT, an accepted point, is then refused too.
async fn a_dismissal_counts_as_an_answer(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = case(&app).await;
    let res = cara
        .post(
            "/api/feedback",
            json!({ "caseType": "REMORTGAGING", "caseId": id,
                    "feedbackPoint": "POST_COMPLETION", "message": "" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    assert_eq!(given(&mut cara, id).await, json!(["POST_COMPLETION"]));
    for (rating, message) in [(Value::Null, ""), (json!(5), "Changed my mind")] {
        let res = cara
            .post(
                "/api/feedback",
                feedback(id, "ACCEPT_COMPLETION_STATEMENT", rating, message),
            )
            .await;
        assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
        assert_eq!(res.body["error"]["code"], "feedback_given");
    }
}

/// CALLS-39, CONST-02: a rating outside 1..5 or a message over 5000 characters is 4xx; exactly
/// 5000 is fine.
async fn feedback_is_validated_by_field(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = case(&app).await;
    let point = "SUBMIT_APPLICATION";
    let cases = [
        (
            feedback(id, point, Value::Null, "Lovely"),
            "rating",
            Some("Please rate your experience"),
        ),
        (
            json!({ "caseType": "REMORTGAGING", "caseId": id, "feedbackPoint": point,
                    "message": "Lovely" }),
            "rating",
            Some("Please rate your experience"),
        ),
        (feedback(id, point, json!(0), ""), "rating", None),
        (feedback(id, point, json!(6), ""), "rating", None),
        (feedback(id, point, json!("5"), ""), "rating", None),
        (
            feedback(id, point, json!(5), &"x".repeat(5001)),
            "message",
            Some("Message must be less than 5000 characters"),
        ),
        (feedback(id, "LATER", json!(5), ""), "feedbackPoint", None),
        (
            json!({ "caseType": "SELLING", "caseId": id, "feedbackPoint": point, "rating": 5,
                    "message": "" }),
            "caseType",
            None,
        ),
    ];
    for (body, field, text) in cases {
        let res = cara.post("/api/feedback", body).await;
        assert_eq!(
            res.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{field}: {:?}",
            res.body
        );
        let problem = res.field_error(field);
        assert!(problem.is_some(), "{field}: {:?}", res.body);
        if let Some(text) = text {
            assert_eq!(problem, Some(text));
        }
    }
    // Nothing was recorded; exactly 5000 characters are fine.
    assert_eq!(given(&mut cara, id).await, json!([]));
    let res = cara
        .post(
            "/api/feedback",
            feedback(id, point, json!(1), &"x".repeat(5000)),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
}

async fn only_the_case_s_customers_give_feedback(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, _cara, id) = case(&app).await;
    let body = feedback(id, "SUBMIT_APPLICATION", json!(5), "");
    let res = broker.post("/api/feedback", body.clone()).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    app.create_user("eve@example.test", "ROLE_USER", true).await;
    let mut eve = app.sign_in("eve@example.test").await;
    assert_eq!(
        eve.post("/api/feedback", body.clone()).await.status,
        StatusCode::NOT_FOUND
    );
    let mut rival = app.sign_in("rival@other.test").await;
    assert_eq!(
        rival.post("/api/feedback", body.clone()).await.status,
        StatusCode::NOT_FOUND
    );
    app.create_user("conveyancer@threshold.test", "ROLE_CONVEYANCER", true)
        .await;
    let mut staff = app.sign_in("conveyancer@threshold.test").await;
    assert_eq!(
        staff.post("/api/feedback", body.clone()).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.client()
            .post("/api/feedback", body.clone())
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    let mut other = body.clone();
    other["caseId"] = json!(999_999);
    let mut cara = app.sign_in(CARA).await;
    assert_eq!(
        cara.post("/api/feedback", other).await.status,
        StatusCode::NOT_FOUND
    );
    // A buying case id sent as remortgaging is not found either.
    let mut buying = body;
    buying["caseType"] = json!("BUYING");
    assert_eq!(
        cara.post("/api/feedback", buying).await.status,
        StatusCode::NOT_FOUND
    );
}

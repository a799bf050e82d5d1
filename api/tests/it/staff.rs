//! The back office (issue 14): staff sign-in with a TOTP second factor, who may reach `/staff`,
//! the work queue and assignment, and moving a submitted remortgage as the workflow allows
//! (STATUS-01: through the case service, with the engine's refusals and the audit trail).

use crate::support;

use reqwest::header::HeaderMap;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::cases::create_buying;
use support::remortgage::{CARA, submitted_remortgage};
use support::staff::{CONNIE, code, enrolled_conveyancer};
use support::{Backend, Client, TestApp, pdf_text};

on_both_databases!(
    a_staff_session_proves_the_second_factor_before_anything_else,
    wrong_replayed_and_too_many_codes_are_refused,
    concurrent_wrong_codes_are_checked_at_most_five_times,
    only_verified_staff_reach_the_back_office,
    status_01_the_conveyancer_moves_a_case_only_as_the_workflow_allows,
    the_queue_filters_by_type_status_and_assignee,
    a_staff_session_ends_after_thirty_idle_minutes,
    a_purchase_completion_statement_pays_the_seller_from_deposit_and_mortgage,
    the_authenticator_secret_is_sealed_at_rest,
    deleting_a_document_takes_a_reason_and_a_fresh_code,
);

async fn a_staff_session_proves_the_second_factor_before_anything_else(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user(CONNIE, "ROLE_CONVEYANCER", true).await;
    let mut connie = app.sign_in(CONNIE).await;
    // Signed in by link only: nothing but the factor calls.
    let res = connie.get("/api/staff/cases").await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(res.body["error"]["code"], "second_factor_required");
    let res = connie.get("/api/staff/factor").await;
    assert_eq!(
        res.body,
        json!({ "enrolled": false, "verified": false, "recoveryCodesLeft": 0 })
    );
    let res = connie
        .post("/api/staff/factor/verify", json!({ "code": "123456" }))
        .await;
    assert_eq!(res.body["error"]["code"], "not_enrolled");
    let res = connie.post("/api/staff/factor/enrolment", json!({})).await;
    let secret = res.body["secret"].as_str().unwrap().to_owned();
    // Enrolment is only confirmed by a right code.
    let wrong = if code(&secret, 0) == "000000" {
        "111111"
    } else {
        "000000"
    };
    let res = connie
        .post(
            "/api/staff/factor/enrolment/confirm",
            json!({ "code": wrong }),
        )
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.field_error("code").is_some(), "{:?}", res.body);
    let res = connie
        .post(
            "/api/staff/factor/enrolment/confirm",
            json!({ "code": code(&secret, 0) }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let recovery = res.body["recoveryCodes"].as_array().unwrap().clone();
    assert_eq!(recovery.len(), 10);
    // The session that enrolled is verified; the queue opens.
    assert_eq!(connie.get("/api/staff/cases").await.status, StatusCode::OK);
    let res = connie.get("/api/staff/factor").await;
    assert_eq!(
        res.body,
        json!({ "enrolled": true, "verified": true, "recoveryCodesLeft": 10 })
    );
    // An authenticator is never replaced by starting again.
    let res = connie.post("/api/staff/factor/enrolment", json!({})).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.body["error"]["code"], "already_enrolled");

    // A new sign-in starts unverified; the next step's code verifies it.
    let mut again = app.sign_in(CONNIE).await;
    assert_eq!(
        again.get("/api/staff/cases").await.status,
        StatusCode::FORBIDDEN
    );
    let res = again
        .post(
            "/api/staff/factor/verify",
            json!({ "code": code(&secret, 1) }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    assert_eq!(again.get("/api/staff/cases").await.status, StatusCode::OK);

    // A recovery code works once, however it is typed.
    let first = recovery[0].as_str().unwrap();
    let mut third = app.sign_in(CONNIE).await;
    let res = third
        .post(
            "/api/staff/factor/verify",
            json!({ "recoveryCode": first.to_uppercase().replace('-', " ") }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let mut fourth = app.sign_in(CONNIE).await;
    let res = fourth
        .post("/api/staff/factor/verify", json!({ "recoveryCode": first }))
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.field_error("recoveryCode").is_some());
    assert_eq!(
        fourth.get("/api/staff/factor").await.body["recoveryCodesLeft"],
        9
    );
    // Every step is in the audit trail.
    let connie_user = app.db.user_by_email(CONNIE).await.unwrap().unwrap();
    let audit = app
        .db
        .audit_for("user", &connie_user.id.to_string())
        .await
        .unwrap();
    assert!(audit.iter().any(|e| e.action == "staff.factor_enrolled"));
}

async fn wrong_replayed_and_too_many_codes_are_refused(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_connie, secret, _) = enrolled_conveyancer(&app).await;
    let mut other = app.sign_in(CONNIE).await;
    // The code already used to enrol is refused: each step works once.
    let res = other
        .post(
            "/api/staff/factor/verify",
            json!({ "code": code(&secret, -1) }),
        )
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "replayed");
    // Neither, both, or not six digits.
    for body in [
        json!({}),
        json!({ "code": "123456", "recoveryCode": "abcd-efgh-jkmn" }),
        json!({ "code": "12345" }),
    ] {
        let res = other.post("/api/staff/factor/verify", body.clone()).await;
        assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    }
    // Wrong codes lock the factor, even for the right one, for five minutes.
    let right = code(&secret, 0);
    let wrong = if right == "999999" {
        "999998"
    } else {
        "999999"
    };
    for _ in 0..5 {
        other
            .post("/api/staff/factor/verify", json!({ "code": wrong }))
            .await;
    }
    let res = other
        .post("/api/staff/factor/verify", json!({ "code": right }))
        .await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", res.body);
    assert_eq!(
        other.get("/api/staff/cases").await.status,
        StatusCode::FORBIDDEN
    );
}

/// Issue 25 (3): the attempt is counted before the code is checked, in one conditional
/// UPDATE, so 40 wrong codes sent at once are checked at most five times (each a 422); the
/// others are refused unchecked (429). Five minutes later the right code works again.
async fn concurrent_wrong_codes_are_checked_at_most_five_times(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_connie, secret, _) = enrolled_conveyancer(&app).await;
    let other = app.sign_in(CONNIE).await;
    let right = code(&secret, 0);
    let wrong = if right == "999999" {
        "999998"
    } else {
        "999999"
    };
    let answers = futures::future::join_all((0..40).map(|_| {
        let mut client = other.clone();
        async move {
            client
                .post("/api/staff/factor/verify", json!({ "code": wrong }))
                .await
                .status
        }
    }))
    .await;
    let checked = answers
        .iter()
        .filter(|s| **s == StatusCode::UNPROCESSABLE_ENTITY)
        .count();
    let refused = answers
        .iter()
        .filter(|s| **s == StatusCode::TOO_MANY_REQUESTS)
        .count();
    assert!(
        checked <= 5,
        "{checked} wrong codes were checked: {answers:?}"
    );
    assert_eq!(checked + refused, 40, "{answers:?}");
    // Recovery codes share the count.
    let mut other = other;
    let res = other
        .post(
            "/api/staff/factor/verify",
            json!({ "recoveryCode": "abcd-efgh-jkmn" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", res.body);
    // The lock runs out five minutes after the latest attempt.
    app.exec("UPDATE staff_factors SET last_failure_at = '2000-01-01 00:00:00+00:00'")
        .await;
    let res = other
        .post("/api/staff/factor/verify", json!({ "code": right }))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
}

/// Every back-office call, as (method, path, body).
fn staff_calls(id: i64) -> Vec<(&'static str, String, Option<Value>)> {
    vec![
        ("GET", "/api/staff/cases".into(), None),
        ("GET", "/api/staff/members".into(), None),
        ("GET", format!("/api/staff/cases/remortgaging/{id}"), None),
        (
            "GET",
            format!("/api/staff/cases/remortgaging/{id}/audit.csv"),
            None,
        ),
        (
            "GET",
            format!("/api/staff/cases/remortgaging/{id}/work-start-requests"),
            None,
        ),
        (
            "POST",
            format!("/api/staff/cases/remortgaging/{id}/assignee"),
            Some(json!({ "userId": null })),
        ),
        (
            "POST",
            format!("/api/staff/cases/remortgaging/{id}/transition"),
            Some(json!({ "transition": "return_application", "reason": "Test" })),
        ),
    ]
}

/// The firm's steps on a submitted case (their outcomes are tested in remortgage_completion).
fn firm_steps(id: i64) -> Vec<(&'static str, String, Option<Value>)> {
    let base = format!("/api/staff/cases/remortgaging/{id}");
    vec![
        (
            "POST",
            format!("{base}/identity/1"),
            Some(support::staff::verified()),
        ),
        (
            "POST",
            format!("{base}/mortgage-offer"),
            Some(support::staff::offer(1)),
        ),
        (
            "POST",
            format!("{base}/htb-redemption-letter"),
            Some(json!({})),
        ),
        (
            "POST",
            format!("{base}/documents"),
            Some(json!({ "documentType": "MORTGAGE_REPORT" })),
        ),
        ("POST", format!("{base}/documents/1/issue"), Some(json!({}))),
        ("GET", format!("{base}/ledger"), None),
        (
            "POST",
            format!("{base}/ledger"),
            Some(json!({
                "direction": "RECEIVED", "kind": "CLIENT_FUNDS", "amountPence": 100,
                "counterparty": "Cara", "entryDate": "2026-11-01",
            })),
        ),
        (
            "POST",
            format!("{base}/redemption-statements"),
            Some(json!({
                "loanId": 1, "amountPence": 100, "asAt": "2026-11-01",
                "dailyInterestPence": 1, "validUntil": "2026-12-01",
            })),
        ),
        ("POST", format!("{base}/tasks/file_closed"), Some(json!({}))),
        ("POST", format!("{base}/screening"), Some(json!({}))),
        (
            "POST",
            format!("/api/staff/cases/buying/{id}/enquiries"),
            Some(json!({ "question": "Is there a boundary dispute?" })),
        ),
        (
            "POST",
            format!("/api/staff/cases/buying/{id}/enquiries/1/answer"),
            Some(json!({ "answer": "No." })),
        ),
        (
            "POST",
            format!("/api/staff/cases/buying/{id}/enquiries/1/withdraw"),
            Some(json!({ "reason": "Raised in error" })),
        ),
        (
            "DELETE",
            format!("{base}/documents/1"),
            Some(json!({ "reason": "Wrong file", "code": "123456" })),
        ),
        (
            "POST",
            format!("{base}/title-register-names"),
            Some(json!({ "fullName": "Cara Client" })),
        ),
        (
            "DELETE",
            format!("{base}/title-register-names/1"),
            Some(json!({})),
        ),
        ("GET", format!("{base}/conversation"), None),
        ("GET", format!("{base}/conversation/events"), None),
        (
            "POST",
            format!("{base}/conversation/parties"),
            Some(json!({ "body": "Hello" })),
        ),
        (
            "PUT",
            format!("{base}/conversation/parties/read"),
            Some(json!({ "upTo": 1 })),
        ),
    ]
}

async fn send(client: &mut Client, method: &str, path: &str, body: &Option<Value>) -> StatusCode {
    match (method, body) {
        ("GET", _) => client.get(path).await.status,
        ("DELETE", Some(body)) => {
            client
                .send(Method::DELETE, path, Some(body.clone()), HeaderMap::new())
                .await
                .status
        }
        ("PUT", Some(body)) => {
            client
                .send(Method::PUT, path, Some(body.clone()), HeaderMap::new())
                .await
                .status
        }
        (_, Some(body)) => client.post(path, body.clone()).await.status,
        _ => unreachable!(),
    }
}

async fn only_verified_staff_reach_the_back_office(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = submitted_remortgage(&app).await;
    let mut rival = app.sign_in("rival@other.test").await;
    let mut broker = app.sign_in("broker@firm.test").await;
    app.create_user("stranger@example.test", "ROLE_USER", true)
        .await;
    let mut stranger = app.sign_in("stranger@example.test").await;
    app.create_user("adam@threshold.test", "ROLE_ADMIN", true)
        .await;
    let mut admin_without_factor = app.sign_in("adam@threshold.test").await;
    let mut anonymous = app.client();
    for (method, path, body) in staff_calls(id).into_iter().chain(firm_steps(id)) {
        assert_eq!(
            send(&mut anonymous, method, &path, &body).await,
            StatusCode::UNAUTHORIZED,
            "anonymous {method} {path}"
        );
        for (who, client) in [
            ("the customer", &mut cara),
            ("another customer", &mut stranger),
            ("the case's broker", &mut broker),
            ("another firm's broker", &mut rival),
            ("staff without a second factor", &mut admin_without_factor),
        ] {
            assert_eq!(
                send(client, method, &path, &body).await,
                StatusCode::FORBIDDEN,
                "{who}: {method} {path}"
            );
        }
    }
    // The factor calls are staff-only too.
    assert_eq!(
        cara.get("/api/staff/factor").await.status,
        StatusCode::FORBIDDEN
    );
    // The customer app stays closed to staff (ROLES-04/05), verified or not.
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let res = connie
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    // Documents: a staff session must have proven the factor to download one.
    let doc_id = upload_statement(&mut cara, id).await;
    let res = admin_without_factor
        .get(&format!("/api/document/{doc_id}"))
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(res.body["error"]["code"], "second_factor_required");
    let (status, _, bytes) = connie.get_bytes(&format!("/api/document/{doc_id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(bytes.starts_with(b"%PDF"));
    // Every call answers a verified conveyancer (the move itself is tested below).
    for (method, path, body) in staff_calls(id) {
        assert!(
            send(&mut connie, method, &path, &body).await.is_success(),
            "{method} {path}"
        );
    }
    // An unknown case or case type is a 404.
    for path in [
        "/api/staff/cases/remortgaging/999999",
        "/api/staff/cases/mortgages/1",
        "/api/staff/cases/remortgaging/abc",
    ] {
        assert_eq!(
            connie.get(path).await.status,
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
}

async fn upload_statement(cara: &mut Client, id: i64) -> i64 {
    use reqwest::multipart::{Form, Part};
    let form = Form::new()
        .text("caseType", "REMORTGAGING")
        .text("caseId", id.to_string())
        .text("documentType", "BANK_STATEMENT")
        .part(
            "file",
            Part::bytes(b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n".to_vec())
                .file_name("statement.pdf"),
        );
    let res = cara.post_form("/api/document", form).await;
    assert!(res.status.is_success(), "{:?}", res.body);
    res.body["documentId"].as_i64().unwrap()
}

fn transition<'a>(case: &'a Value, name: &str) -> &'a Value {
    case["transitions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == name)
        .unwrap_or_else(|| panic!("no transition {name}: {}", case["transitions"]))
}

async fn status_01_the_conveyancer_moves_a_case_only_as_the_workflow_allows(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = submitted_remortgage(&app).await;
    let (mut connie, secret, _) = enrolled_conveyancer(&app).await;
    let path = format!("/api/staff/cases/remortgaging/{id}");
    let case = connie.get(&path).await;
    assert_eq!(case.status, StatusCode::OK, "{:?}", case.body);
    let case = case.body;
    assert_eq!(case["status"], "IDENTITY_VERIFICATION");
    assert_eq!(case["waitsOn"], "customer");
    // Everything of the case, never redacted.
    let owner = &case["expanded"]["propertyOwners"][0];
    assert_eq!(owner["redacted"], false);
    assert_eq!(owner["user"]["email"], CARA);
    assert!(
        case["diagram"]
            .as_str()
            .unwrap()
            .contains("class IDENTITY_VERIFICATION current")
    );
    // The engine's steps for a conveyancer now, each allowed or with its reason.
    let verified = transition(&case, "identity_verified");
    assert_eq!(verified["allowed"], false);
    assert!(verified["reason"].as_str().is_some());
    let returned = transition(&case, "return_application");
    assert_eq!(returned["allowed"], true);
    assert_eq!(returned["requiresReason"], true);
    assert_eq!(transition(&case, "cancel")["stepUp"], true);
    assert!(
        case["transitions"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["name"] != "submit_application"),
        "a customer's step is not offered to staff"
    );

    let poster = connie.clone();
    let post = |body: Value| {
        let mut connie = poster.clone();
        let path = format!("{path}/transition");
        async move { connie.post(&path, body).await }
    };
    // A refused guard: the engine's reason, nothing moves.
    let res = post(json!({ "transition": "identity_verified" })).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.body["error"]["code"], "not_ready");
    // A step from another status, an unknown step, a missing reason.
    let res = post(json!({ "transition": "submit_application" })).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    let res = post(json!({ "transition": "teleport" })).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.field_error("transition").is_some());
    let res = post(json!({ "transition": "return_application" })).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.field_error("reason").is_some());
    // Cancelling needs a fresh code as well as a reason.
    let res = post(json!({ "transition": "cancel", "reason": "Duplicate" })).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(res.body["error"]["code"], "step_up_required");

    // Return it to the customer, with a reason: the case service moves it.
    let res = post(json!({ "transition": "return_application",
                           "reason": "=Please add the second owner's details." }))
    .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body, json!({ "status": "CUSTOMER_APPLICATION" }));
    let mine = cara
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(mine.body["status"], "CUSTOMER_APPLICATION");
    // Submitting is the customer's step from here: the firm may not take it for them.
    let res = post(json!({ "transition": "submit_application" })).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "forbidden");
    // The audit trail names the conveyancer, the move and the reason.
    let case = connie.get(&path).await.body;
    let last = &case["audit"][0];
    assert_eq!(last["action"], "case.transition");
    assert_eq!(last["actorRole"], "ROLE_CONVEYANCER");
    assert_eq!(last["detail"]["transition"], "return_application");
    assert_eq!(last["detail"]["from"], "IDENTITY_VERIFICATION");
    let (status, headers, csv) = connie.get_bytes(&format!("{path}/audit.csv")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/csv")
    );
    let csv = String::from_utf8(csv).unwrap();
    assert!(csv.starts_with("at,actor,role,action,transition,from,to,reason,detail,message\n"));
    assert!(
        csv.contains("return_application,IDENTITY_VERIFICATION,CUSTOMER_APPLICATION,'=Please"),
        "a formula is neutralised: {csv}"
    );

    // Cancel with a wrong code, then with the next step's code.
    let right = code(&secret, 1);
    let wrong = if right == "000000" {
        "000001"
    } else {
        "000000"
    };
    let res = post(json!({ "transition": "cancel", "reason": "Duplicate", "code": wrong })).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.field_error("code").is_some());
    let res = post(json!({ "transition": "cancel", "reason": "Duplicate", "code": right })).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "CANCELLED");
    // A closed case offers nothing more.
    let case = connie.get(&path).await.body;
    assert_eq!(case["transitions"], json!([]));
    the_audit_trail_is_append_only(&app, id).await;
}

/// Whatever a statement tries, the database keeps every audit line (the triggers of the
/// append-only migration).
async fn the_audit_trail_is_append_only(app: &TestApp, case_id: i64) {
    for sql in [
        "UPDATE audit_events SET action = 'forged'",
        "DELETE FROM audit_events",
    ] {
        let refused = threshold_store::on_db!(&app.db, pool =>
            sqlx::query(sql).execute(pool).await.map(|r| r.rows_affected()));
        let err = refused.expect_err(sql).to_string();
        assert!(err.contains("append-only"), "{sql}: {err}");
    }
    let kept = app
        .db
        .audit_for("case", &case_id.to_string())
        .await
        .unwrap();
    assert!(kept.iter().all(|e| e.action != "forged"));
    assert!(!kept.is_empty());
}

async fn the_queue_filters_by_type_status_and_assignee(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, _cara, id) = submitted_remortgage(&app).await;
    let buying = create_buying(&mut broker, "bea@example.test", "Bea Buyer").await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let queue = connie
        .get("/api/staff/cases?status=IDENTITY_VERIFICATION")
        .await;
    assert_eq!(queue.status, StatusCode::OK, "{:?}", queue.body);
    assert_eq!(queue.body["totalCount"], 1);
    let item = &queue.body["items"][0];
    assert_eq!(item["id"], id);
    assert_eq!(item["caseType"], "REMORTGAGING");
    assert_eq!(item["waitsOn"], "customer");
    assert_eq!(item["names"], json!(["Cara"]));
    assert_eq!(item["assignee"], Value::Null);
    assert!(item["lastMovedAt"].as_str().is_some());
    let queue = connie.get("/api/staff/cases?caseType=BUYING").await;
    assert_eq!(queue.body["items"][0]["id"], buying);
    assert_eq!(queue.body["items"][0]["caseType"], "BUYING");
    let res = connie.get("/api/staff/cases?caseType=LEASING").await;
    assert!(res.field_error("caseType").is_some(), "{:?}", res.body);
    let res = connie.get("/api/staff/cases?assignee=nobody").await;
    assert!(res.field_error("assignee").is_some(), "{:?}", res.body);
    // Who it waits on: the customer has to verify their identity, the broker to finish the
    // purchase's application. Identity Verification passes to the firm once every identity is
    // sent (issue 26.13), so the filter, which runs on the status, lists it under both; the
    // row says who it waits on now (the customer, above).
    let count = async |connie: &mut Client, query: &str| {
        let res = connie.get(&format!("/api/staff/cases?{query}")).await;
        assert_eq!(res.status, StatusCode::OK, "{query}: {:?}", res.body);
        res.body["totalCount"].as_i64().unwrap()
    };
    assert_eq!(count(&mut connie, "waitsOn=customer").await, 1);
    assert_eq!(count(&mut connie, "waitsOn=firm").await, 1);
    assert_eq!(
        count(&mut connie, "waitsOn=customer&status=IDENTITY_VERIFICATION").await,
        1
    );
    assert_eq!(
        count(&mut connie, "waitsOn=firm&status=IDENTITY_VERIFICATION").await,
        1
    );
    assert_eq!(
        count(&mut connie, "waitsOn=seller&status=IDENTITY_VERIFICATION").await,
        0
    );
    assert_eq!(
        count(&mut connie, "caseType=BUYING&waitsOn=broker").await,
        1
    );
    assert_eq!(
        count(&mut connie, "caseType=BUYING&waitsOn=customer").await,
        0
    );
    let res = connie.get("/api/staff/cases?waitsOn=everyone").await;
    assert!(res.field_error("waitsOn").is_some(), "{:?}", res.body);

    // Assign it to Connie: her queue has it, the unassigned queue does not.
    let members = connie.get("/api/staff/members").await.body;
    let connie_id = members[0]["id"].as_str().unwrap().to_owned();
    assert_eq!(members[0]["role"], "ROLE_CONVEYANCER");
    let assign = format!("/api/staff/cases/remortgaging/{id}/assignee");
    let res = connie.post(&assign, json!({ "userId": connie_id })).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let mine = connie.get("/api/staff/cases?assignee=me").await.body;
    assert_eq!(mine["totalCount"], 1);
    assert_eq!(mine["items"][0]["assignee"]["id"], connie_id.as_str());
    let unassigned = connie
        .get("/api/staff/cases?assignee=unassigned")
        .await
        .body;
    assert_eq!(unassigned["totalCount"], 0);
    // Only staff may be assigned; an unknown case is a 404.
    let cara_id = app.db.user_by_email(CARA).await.unwrap().unwrap().id;
    let res = connie
        .post(&assign, json!({ "userId": cara_id.to_string() }))
        .await;
    assert!(res.field_error("userId").is_some(), "{:?}", res.body);
    let res = connie
        .post(
            &format!("/api/staff/cases/buying/{id}/assignee"),
            json!({ "userId": null }),
        )
        .await;
    assert_eq!(
        res.status,
        StatusCode::NOT_FOUND,
        "a remortgage named as buying"
    );
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    assert!(audit.iter().any(|e| e.action == "case.assigned"));
}

async fn a_staff_session_ends_after_thirty_idle_minutes(backend: Backend) {
    // Customers may stay idle for two hours here; staff never more than thirty minutes.
    let app = TestApp::spawn_with(backend, |c| c.session_idle_minutes = 120).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    app.create_user("cus@example.test", "ROLE_USER", true).await;
    let mut customer = app.sign_in("cus@example.test").await;
    assert_eq!(connie.get("/api/staff/cases").await.status, StatusCode::OK);
    let at = chrono::Utc::now() - chrono::Duration::minutes(31);
    threshold_store::on_db!(&app.db, pool => sqlx::query("UPDATE sessions SET last_used_at = $1")
        .bind(at).execute(pool).await.map(|_| ()))
    .unwrap();
    assert_eq!(
        connie.get("/api/staff/cases").await.status,
        StatusCode::UNAUTHORIZED
    );
    let res = connie.post("/api/auth/refresh", json!({})).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED, "no refresh either");
    assert_eq!(customer.get("/api/auth/me").await.status, StatusCode::OK);
}

async fn a_purchase_completion_statement_pays_the_seller_from_deposit_and_mortgage(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    // £400,000 with a £40,000 deposit from Halifax (support::cases::buying_body); the statement
    // charges the quote Bea accepted.
    let (mut broker, _bea, id) = support::purchase::accepted_purchase(&app).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let base = format!("/api/staff/cases/buying/{id}/documents");
    let res = connie
        .post(&base, json!({ "documentType": "MORTGAGE_REPORT" }))
        .await;
    assert!(
        res.field_error("documentType").is_some(),
        "a purchase has no mortgage report"
    );
    // Not before the case is preparing it (issue 26, item 13): the workflow issues it later.
    let draft = json!({ "documentType": "COMPLETION_STATEMENT" });
    let res = connie.post(&base, draft.clone()).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "not_now");
    support::cases::set_case(&app, id, "status", "PREPARE_COMPLETION_STATEMENT").await;
    let res = connie.post(&base, draft).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    assert_eq!(res.body["isDraft"], true);
    let doc = res.body["documentId"].as_i64().unwrap();
    let (status, _, bytes) = connie.get_bytes(&format!("/api/document/{doc}")).await;
    assert_eq!(status, StatusCode::OK);
    let text = pdf_text(&bytes);
    for expected in [
        "Completion Statement",
        "Purchase price, paid to the seller",
        "-£400,000.00",
        // Issue 28 (1): no advance without a recorded offer, never price less deposit.
        "Balance you need to pay us",
        "How to pay",
        // The firm's own document: who it is and how to complain (issue 28, item 5).
        "Threshold Conveyancing LLP",
        "Legal Ombudsman",
    ] {
        assert!(text.contains(expected), "{expected} in {text}");
    }
    assert!(!text.contains("Your deposit and other funds"), "{text}");
    // The buyers never see the draft.
    let (status, ..) = broker.get_bytes(&format!("/api/document/{doc}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{status}");
}

/// The authenticator secret never rests in clear: what enrolment stores is sealed for its
/// staff member (another account's row does not open it), a secret stored in clear before
/// sealing existed is sealed at start-up, and codes keep working throughout.
async fn the_authenticator_secret_is_sealed_at_rest(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut connie, secret, _) = enrolled_conveyancer(&app).await;
    let user = app.db.user_by_email(CONNIE).await.unwrap().unwrap();
    let stored = app
        .db
        .staff_factor(user.id)
        .await
        .unwrap()
        .unwrap()
        .totp_secret;
    assert!(stored.starts_with("v1:"), "{stored}");
    assert!(!stored.contains(&secret));
    assert_eq!(app.secrets.open(user.id, &stored).unwrap(), secret);
    let other = app
        .create_user("ada@threshold.test", "ROLE_ADMIN", true)
        .await;
    assert!(app.secrets.open(other.id, &stored).is_err());

    // An installation from before sealing: Ada's secret in clear is sealed once, and her
    // authenticator's codes still pass.
    let plain = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    let now = chrono::Utc::now();
    assert!(
        app.db
            .begin_staff_enrolment(other.id, plain, now)
            .await
            .unwrap()
    );
    app.db.use_totp_step(other.id, 0, true, now).await.unwrap();
    let sealed = threshold_api::staff::seal_stored_secrets(&app.db, &app.secrets)
        .await
        .unwrap();
    assert_eq!(sealed, 1, "Connie's was sealed already");
    let stored = app
        .db
        .staff_factor(other.id)
        .await
        .unwrap()
        .unwrap()
        .totp_secret;
    assert!(
        stored.starts_with("v1:") && !stored.contains(plain),
        "{stored}"
    );
    let mut ada = app.sign_in("ada@threshold.test").await;
    let res = ada
        .post(
            "/api/staff/factor/verify",
            json!({ "code": code(plain, 0) }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    assert_eq!(connie.get("/api/staff/cases").await.status, StatusCode::OK);
}

/// Deleting a case's document destroys evidence: the firm gives a reason and a fresh code from
/// its authenticator (step-up), a used code is refused, and the trail keeps who and why.
async fn deleting_a_document_takes_a_reason_and_a_fresh_code(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = submitted_remortgage(&app).await;
    let (mut connie, secret, _) = enrolled_conveyancer(&app).await;
    let statement = upload_statement(&mut cara, id).await;
    let second = upload_statement(&mut cara, id).await;
    let now = code(&secret, 0);
    let res = delete_document(
        &mut connie,
        id,
        statement,
        json!({ "reason": "  ", "code": now }),
    )
    .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.field_error("reason").is_some(), "{:?}", res.body);
    let res = delete_document(
        &mut connie,
        id,
        statement,
        json!({ "reason": "x".repeat(2001), "code": now }),
    )
    .await;
    assert!(res.field_error("reason").is_some(), "{:?}", res.body);
    let res = delete_document(
        &mut connie,
        id,
        statement,
        json!({ "reason": "Wrong file" }),
    )
    .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(res.body["error"]["code"], "step_up_required");
    let res = delete_document(
        &mut connie,
        id,
        statement,
        json!({ "reason": "Wrong file", "code": "12345" }),
    )
    .await;
    assert!(res.field_error("code").is_some(), "{:?}", res.body);
    let res = delete_document(
        &mut connie,
        id,
        statement,
        json!({ "reason": "Wrong file", "colour": "red" }),
    )
    .await;
    assert!(res.field_error("colour").is_some(), "{:?}", res.body);
    // Not a document of this case.
    let res = delete_document(
        &mut connie,
        id,
        999_999,
        json!({ "reason": "Wrong file", "code": now }),
    )
    .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    // Nothing went so far: the owner still has it.
    assert_eq!(
        cara.get_bytes(&format!("/api/document/{statement}"))
            .await
            .0,
        StatusCode::OK
    );

    let res = delete_document(
        &mut connie,
        id,
        statement,
        json!({ "reason": "The statement is someone else's", "code": now }),
    )
    .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    for client in [&mut cara, &mut connie] {
        assert_eq!(
            client
                .get(&format!("/api/document/{statement}"))
                .await
                .status,
            StatusCode::NOT_FOUND
        );
    }
    // The same code again is a replay.
    let res = delete_document(
        &mut connie,
        id,
        second,
        json!({ "reason": "Duplicate", "code": now }),
    )
    .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.field_error("code").is_some(), "{:?}", res.body);
    // The trail: who, which document and why, in the view and the CSV.
    let case = connie
        .get(&format!("/api/staff/cases/remortgaging/{id}"))
        .await
        .body;
    let line = case["audit"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["action"] == "document.deleted")
        .expect("the deletion is in the trail");
    assert_eq!(line["actorRole"], "ROLE_CONVEYANCER");
    assert_eq!(line["detail"]["documentId"], statement);
    assert_eq!(line["detail"]["reason"], "The statement is someone else's");
    let (_, _, csv) = connie
        .get_bytes(&format!("/api/staff/cases/remortgaging/{id}/audit.csv"))
        .await;
    let csv = String::from_utf8(csv).unwrap();
    let row = csv
        .lines()
        .find(|l| l.contains("document.deleted"))
        .expect("the deletion is in the CSV");
    assert!(row.contains("The statement is someone else's"), "{row}");
    assert!(
        row.contains(&format!("\"\"documentId\"\":{statement}")),
        "{row}"
    );
}

async fn delete_document(connie: &mut Client, id: i64, doc: i64, body: Value) -> support::Res {
    let path = format!("/api/staff/cases/remortgaging/{id}/documents/{doc}");
    connie
        .send(Method::DELETE, &path, Some(body), HeaderMap::new())
        .await
}

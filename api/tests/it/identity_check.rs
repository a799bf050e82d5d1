//! Identity checked by a provider (issue 14: "behind a provider trait with the manual review
//! as the default, so an electronic ID provider can be added by configuration"). With Onfido
//! configured, an owner starts Onfido's hosted check (against a local fake of Onfido's API)
//! and Onfido's signed webhook reports the outcome: approved verifies the owner; declined
//! leaves the decision to the firm; a superseded or abandoned check changes nothing. Without
//! it, the firm's review of uploads stays the only way (REM-POST-16 in remortgage_completion).

use crate::support;

use std::sync::{Arc, Mutex};

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode as AxumStatus};
use axum::routing::{get, post};
use hmac::{Hmac, Mac};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sha2::Sha256;
use support::remortgage::submitted_remortgage;
use support::staff::enrolled_conveyancer;
use support::{Backend, Client, TestApp, tile};

on_both_databases!(
    an_owner_is_verified_by_onfidos_hosted_check_and_its_signed_webhook,
    the_identity_check_calls_are_refused_to_everyone_else,
    without_a_provider_the_firm_reviews_uploads,
);

const TOKEN: &str = "api_sandbox.threshold-test";
const WORKFLOW: &str = "wf-threshold-identity";
const WEBHOOK_TOKEN: &str = "onfido-webhook-token";

/// What the fake Onfido was asked: (resource, JSON body).
type Seen = Arc<Mutex<Vec<(String, Value)>>>;

/// Onfido's API as far as Threshold uses it: `POST /v3.6/applicants`,
/// `POST /v3.6/workflow_runs` and `GET /v3.6/workflow_runs/{id}`, JSON, authenticated with
/// `Token token=…`.
async fn fake_onfido() -> (String, Seen) {
    async fn create(
        State(seen): State<Seen>,
        Path(resource): Path<String>,
        headers: HeaderMap,
        body: String,
    ) -> (AxumStatus, String) {
        if headers.get("authorization").and_then(|v| v.to_str().ok())
            != Some(&format!("Token token={TOKEN}"))
        {
            let error = json!({ "error": { "type": "authorization_error",
                "message": "Please provide a valid token" } });
            return (AxumStatus::UNAUTHORIZED, error.to_string());
        }
        let body: Value = serde_json::from_str(&body).unwrap();
        let mut seen = seen.lock().unwrap();
        let n = seen.iter().filter(|(r, _)| *r == resource).count();
        let answer = match resource.as_str() {
            "applicants" => json!({ "id": format!("applicant-{n}"),
                "first_name": body["first_name"], "last_name": body["last_name"] }),
            "workflow_runs" => json!({ "id": format!("run-{n}"), "status": "awaiting_input",
                "workflow_id": body["workflow_id"], "applicant_id": body["applicant_id"],
                "dashboard_url": format!("https://dashboard.onfido.test/results/run-{n}"),
                "link": { "url": format!("https://onfido.test/l/run-{n}"),
                          "completed_redirect_url": body["link"]["completed_redirect_url"] } }),
            _ => return (AxumStatus::NOT_FOUND, "{}".into()),
        };
        seen.push((resource, body));
        (AxumStatus::CREATED, answer.to_string())
    }
    /// A finished run: the declined one gives its reasons (as the workflow's outcome task
    /// sets them), the others none.
    async fn read(
        State(seen): State<Seen>,
        Path(run): Path<String>,
        headers: HeaderMap,
    ) -> (AxumStatus, String) {
        if headers.get("authorization").and_then(|v| v.to_str().ok())
            != Some(&format!("Token token={TOKEN}"))
        {
            return (AxumStatus::UNAUTHORIZED, "{}".into());
        }
        let reasons = match run.as_str() {
            "run-1" => json!(["document_expired", "Selfie does not match the document"]),
            _ => json!([]),
        };
        seen.lock()
            .unwrap()
            .push((format!("GET workflow_runs/{run}"), Value::Null));
        let answer = json!({ "id": run, "status": "declined", "reasons": reasons });
        (AxumStatus::OK, answer.to_string())
    }
    let seen = Seen::default();
    let app = Router::new()
        .route("/v3.6/{resource}", post(create))
        .route("/v3.6/workflow_runs/{run}", get(read))
        .with_state(seen.clone());
    (support::serve_fake(app).await, seen)
}

async fn with_onfido(backend: Backend) -> (TestApp, Seen) {
    let (url, seen) = fake_onfido().await;
    let app = TestApp::spawn_with(backend, |c| {
        c.onfido_api_token = Some(TOKEN.into());
        c.onfido_workflow_id = Some(WORKFLOW.into());
        c.onfido_webhook_token = Some(WEBHOOK_TOKEN.into());
        c.onfido_api_url = url;
    })
    .await;
    (app, seen)
}

/// A `workflow_run.completed` event, as Onfido sends it.
fn completed(run: &str, status: &str) -> String {
    json!({ "payload": { "resource_type": "workflow_run", "action": "workflow_run.completed",
        "object": { "id": run, "status": status, "completed_at_iso8601": "2026-11-25T10:00:00Z",
                    "href": format!("https://api.eu.onfido.com/v3.6/workflow_runs/{run}") } } })
    .to_string()
}

fn sign(body: &str, token: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(token.as_bytes()).unwrap();
    mac.update(body.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

/// Posts a webhook as Onfido's servers do: no browser, no cookies, no Origin.
async fn deliver(app: &TestApp, body: &str, signature: Option<&str>) -> StatusCode {
    let mut req = reqwest::Client::new()
        .post(format!("{}/api/webhooks/onfido", app.base))
        .header("content-type", "application/json")
        .body(body.to_owned());
    if let Some(signature) = signature {
        req = req.header("x-sha2-signature", signature);
    }
    req.send().await.unwrap().status()
}

async fn expanded(cara: &mut Client, id: i64) -> Value {
    let res = cara
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    res.body
}

async fn owner(cara: &mut Client, id: i64) -> Value {
    let owners = expanded(cara, id).await["propertyOwners"].clone();
    assert_eq!(owners.as_array().map(Vec::len), Some(1), "{owners:?}");
    owners[0].clone()
}

/// Waits for the webhook's job to record what it was told (`count` checks have a result).
async fn recorded(app: &TestApp, count: i64) {
    for _ in 0..200 {
        if app
            .scalar("SELECT COUNT(*) FROM identity_checks WHERE result IS NOT NULL")
            .await
            >= count
        {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the webhook's job did not record {count} checks");
}

async fn an_owner_is_verified_by_onfidos_hosted_check_and_its_signed_webhook(backend: Backend) {
    let (app, seen) = with_onfido(backend).await;
    let config = app.client().get("/runtime-config.json").await;
    assert_eq!(config.body["identityProvider"], "ONFIDO");
    let (_broker, mut cara, id) = submitted_remortgage(&app).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let case = json!({ "caseId": id, "caseType": "REMORTGAGING" });

    // Uploads are not reviewed where the provider checks identities.
    let res = cara.post("/api/identity", case.clone()).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "electronic_check");

    // Cara starts her check: Onfido knows her by her legal name and brings her back here.
    let res = cara.post("/api/identity/check", case.clone()).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["redirectUrl"], "https://onfido.test/l/run-0");
    {
        let seen = seen.lock().unwrap();
        let (_, applicant) = &seen[0];
        assert_eq!(applicant["first_name"], "Cara");
        assert_eq!(applicant["last_name"], "Client");
        assert_eq!(applicant["email"], "cara@example.test");
        let (resource, run) = &seen[1];
        assert_eq!(resource, "workflow_runs");
        assert_eq!(run["workflow_id"], WORKFLOW);
        assert_eq!(run["applicant_id"], "applicant-0");
        assert_eq!(
            run["link"]["completed_redirect_url"],
            format!("{}/remortgaging/{id}/identification?check=done", app.base)
        );
    }
    // She starts again (the first link lost): only the newest run counts from now on.
    let res = cara.post("/api/identity/check", case.clone()).await;
    assert_eq!(res.body["redirectUrl"], "https://onfido.test/l/run-1");

    // Unsigned, forged or stale-token reports are refused and change nothing.
    let approved_0 = completed("run-0", "approved");
    assert_eq!(
        deliver(&app, &approved_0, None).await,
        StatusCode::BAD_REQUEST
    );
    let forged = sign(&approved_0, "not-the-token");
    assert_eq!(
        deliver(&app, &approved_0, Some(&forged)).await,
        StatusCode::BAD_REQUEST
    );
    // The superseded run's approval is kept, and verifies nobody.
    let signed = sign(&approved_0, WEBHOOK_TOKEN);
    assert_eq!(
        deliver(&app, &approved_0, Some(&signed)).await,
        StatusCode::NO_CONTENT
    );
    recorded(&app, 1).await;
    assert_eq!(
        owner(&mut cara, id).await["identitySubmittedAt"],
        Value::Null
    );

    // Onfido declines the newest run: submitted, and the firm decides.
    let declined = completed("run-1", "declined");
    let signed = sign(&declined, WEBHOOK_TOKEN);
    assert_eq!(
        deliver(&app, &declined, Some(&signed)).await,
        StatusCode::NO_CONTENT
    );
    recorded(&app, 2).await;
    let cara_row = owner(&mut cara, id).await;
    assert_ne!(cara_row["identitySubmittedAt"], Value::Null);
    assert_eq!(cara_row["identityVerifiedAt"], Value::Null);
    // While it waits for the firm she cannot start another.
    let res = cara.post("/api/identity/check", case.clone()).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    let applicant = cara_row["id"].as_i64().unwrap();
    // The firm sees what Onfido said about her latest check.
    let staff_view = connie
        .get(&format!("/api/staff/cases/remortgaging/{id}"))
        .await;
    assert_eq!(staff_view.status, StatusCode::OK, "{:?}", staff_view.body);
    let checks = staff_view.body["identityChecks"].as_array().unwrap();
    assert_eq!(checks.len(), 1, "{checks:?}");
    assert_eq!(checks[0]["applicantId"], applicant);
    assert_eq!(checks[0]["provider"], "ONFIDO");
    assert_eq!(checks[0]["result"], "declined");
    assert_ne!(checks[0]["completedAt"], Value::Null);
    // Onfido's page for that run, and its reasons, read from Onfido with the verdict.
    assert_eq!(
        checks[0]["dashboardUrl"],
        "https://dashboard.onfido.test/results/run-1"
    );
    assert_eq!(
        checks[0]["reasons"],
        json!(["document_expired", "Selfie does not match the document"])
    );
    let res = connie
        .post(
            &format!("/api/staff/cases/remortgaging/{id}/identity/{applicant}"),
            json!({ "decision": "REJECTED",
                    "reason": "The check could not read your passport: take it again in daylight." }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);

    // The firm's own AML checks are done (issue 29): the verdict alone moves the case on.
    crate::legal_file::record_open_tasks(&mut connie, "remortgaging", id).await;
    support::staff::client_care_letter_accepted(&mut connie, &mut [&mut cara], id).await;
    // Her third run is approved (Onfido tells us twice): verified once, and the step is done.
    let res = cara.post("/api/identity/check", case.clone()).await;
    assert_eq!(res.body["redirectUrl"], "https://onfido.test/l/run-2");
    let approved = completed("run-2", "approved");
    let signed = sign(&approved, WEBHOOK_TOKEN);
    for _ in 0..2 {
        assert_eq!(
            deliver(&app, &approved, Some(&signed)).await,
            StatusCode::NO_CONTENT
        );
    }
    recorded(&app, 3).await;
    let view = expanded(&mut cara, id).await;
    let cara_row = &view["propertyOwners"][0];
    assert_ne!(cara_row["identityVerifiedAt"], Value::Null);
    assert_eq!(cara_row["identityRejectionReason"], Value::Null);
    assert_eq!(tile(&view, "identification"), "IS_COMPLETE");
    assert_ne!(view["status"], "IDENTITY_VERIFICATION");
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    let checked: Vec<_> = audit
        .iter()
        .filter(|a| a.action == "case.identity_checked")
        .collect();
    assert_eq!(checked.len(), 2, "declined, then approved: {checked:?}");
    assert_eq!(
        audit
            .iter()
            .filter(|a| a.action == "case.identity_check_started")
            .count(),
        3
    );

    // Another event, or a run that is not ours, is acknowledged and ignored.
    let started =
        completed("run-2", "approved").replace("workflow_run.completed", "workflow_run.started");
    let signed = sign(&started, WEBHOOK_TOKEN);
    assert_eq!(
        deliver(&app, &started, Some(&signed)).await,
        StatusCode::NO_CONTENT
    );
    let elsewhere = completed("run-elsewhere", "approved");
    let signed = sign(&elsewhere, WEBHOOK_TOKEN);
    assert_eq!(
        deliver(&app, &elsewhere, Some(&signed)).await,
        StatusCode::NO_CONTENT
    );
    // Verified: nothing more to start.
    let res = cara.post("/api/identity/check", case).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    // Onfido was asked for reasons only about the run it did not approve.
    let asked: Vec<String> = seen
        .lock()
        .unwrap()
        .iter()
        .map(|(r, _)| r.clone())
        .filter(|r| r.starts_with("GET "))
        .collect();
    assert_eq!(asked, ["GET workflow_runs/run-1"]);
}

async fn the_identity_check_calls_are_refused_to_everyone_else(backend: Backend) {
    let (app, seen) = with_onfido(backend).await;
    let (mut broker, mut cara, id) = submitted_remortgage(&app).await;
    app.create_user("stranger@example.test", "ROLE_USER", true)
        .await;
    let mut stranger = app.sign_in("stranger@example.test").await;
    let mut rival = app.sign_in("rival@other.test").await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let mut anonymous = app.client();
    let case = json!({ "caseId": id, "caseType": "REMORTGAGING" });
    for (who, client, expected) in [
        ("another customer", &mut stranger, StatusCode::NOT_FOUND),
        ("another firm's broker", &mut rival, StatusCode::NOT_FOUND),
        ("the case's broker", &mut broker, StatusCode::FORBIDDEN),
        (
            "staff, in the customer app",
            &mut connie,
            StatusCode::FORBIDDEN,
        ),
        ("anonymous", &mut anonymous, StatusCode::UNAUTHORIZED),
    ] {
        let res = client.post("/api/identity/check", case.clone()).await;
        assert_eq!(res.status, expected, "{who}: {:?}", res.body);
    }
    assert!(
        seen.lock().unwrap().is_empty(),
        "nobody else reached Onfido"
    );
    // Bad input names its field.
    let res = cara
        .post(
            "/api/identity/check",
            json!({ "caseId": id, "caseType": "LEASING" }),
        )
        .await;
    assert!(res.field_error("caseType").is_some(), "{:?}", res.body);
    let res = cara
        .post("/api/identity/check", json!({ "caseId": "x" }))
        .await;
    assert_eq!(
        res.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        res.body
    );
    // A session is not a signature: the webhook refuses a signed-in browser's call.
    let body: Value = serde_json::from_str(&completed("run-0", "approved")).unwrap();
    let res = cara.post("/api/webhooks/onfido", body).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{:?}", res.body);
}

async fn without_a_provider_the_firm_reviews_uploads(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let config = app.client().get("/runtime-config.json").await;
    assert_eq!(config.body["identityProvider"], "MANUAL");
    let (_broker, mut cara, id) = submitted_remortgage(&app).await;
    let res = cara
        .post(
            "/api/identity/check",
            json!({ "caseId": id, "caseType": "REMORTGAGING" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "manual_review");
    // Onfido's webhook is not there; an unsigned call is refused as such.
    let body = completed("run-0", "approved");
    let signed = sign(&body, WEBHOOK_TOKEN);
    assert_eq!(
        deliver(&app, &body, Some(&signed)).await,
        StatusCode::NOT_FOUND
    );
    assert_eq!(deliver(&app, &body, None).await, StatusCode::BAD_REQUEST);
}

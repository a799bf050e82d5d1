//! Sanctions and PEP screening through a provider (issue 29: "PEP and sanctions screening of
//! every client and donor (a provider behind configuration … and a local default where the
//! firm records its own check with evidence)"; MLR 2017 regs. 28 and 35). With OpenSanctions
//! configured (a local fake of its `/match/{dataset}` API), one back-office step screens the
//! case's clients, keeps the report as the task's evidence and records the task when nobody
//! matched; a possible match leaves it to the conveyancer. Without a provider the step is
//! refused and the firm uploads its own report (legal_file.rs).

use crate::support;

use std::sync::{Arc, Mutex};

use crate::legal_file::task;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode as AxumStatus};
use axum::routing::post;
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::remortgage::submitted_remortgage;
use support::staff::enrolled_conveyancer;
use support::{Backend, TestApp};

on_both_databases!(
    the_clients_are_screened_and_the_task_recorded_when_nobody_matches,
    a_possible_match_leaves_the_task_to_the_conveyancer,
    the_screening_is_refused_to_everyone_but_the_firm,
    without_a_provider_the_firm_uploads_its_own_report,
);

const KEY: &str = "os-test-key";

/// The fake's state: the bodies it was sent, whether the first client is on a list, whether
/// it answers at all.
#[derive(Default)]
struct Fake {
    seen: Vec<Value>,
    listed: bool,
    down: bool,
}
type Shared = Arc<Mutex<Fake>>;

/// OpenSanctions' matching API as far as Threshold uses it: `POST /match/{dataset}` with
/// `Authorization: ApiKey …`, one result list per query.
async fn fake_opensanctions() -> (String, Shared) {
    async fn screen(
        State(fake): State<Shared>,
        Path(dataset): Path<String>,
        headers: HeaderMap,
        body: String,
    ) -> (AxumStatus, String) {
        let mut fake = fake.lock().unwrap();
        if fake.down {
            return (AxumStatus::SERVICE_UNAVAILABLE, "{}".into());
        }
        if headers.get("authorization").and_then(|v| v.to_str().ok())
            != Some(&format!("ApiKey {KEY}"))
        {
            return (
                AxumStatus::FORBIDDEN,
                json!({ "detail": "bad key" }).to_string(),
            );
        }
        assert_eq!(dataset, "default");
        let body: Value = serde_json::from_str(&body).unwrap();
        let responses: serde_json::Map<String, Value> = body["queries"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(q, query)| {
                let name = query["properties"]["name"][0].as_str().unwrap_or_default();
                // A weak candidate (not a match) for everyone; a listed one for q0 when set.
                let mut results =
                    vec![json!({ "id": "NK-weak", "caption": format!("{name} Other"),
                    "schema": "Person", "score": 0.41, "match": false, "features": {},
                    "properties": { "topics": ["role.pep"] } })];
                if fake.listed && q == "q0" {
                    results.push(json!({ "id": "NK-listed", "caption": name,
                        "schema": "Person", "score": 0.93, "match": true, "features": {},
                        "properties": { "topics": ["sanction", "role.pep"] } }));
                }
                (
                    q.clone(),
                    json!({ "status": 200, "results": results,
                            "total": { "value": results.len(), "relation": "eq" },
                            "query": query }),
                )
            })
            .collect();
        fake.seen.push(body);
        (
            AxumStatus::OK,
            json!({ "responses": responses, "limit": 5 }).to_string(),
        )
    }
    let fake = Shared::default();
    let app = Router::new()
        .route("/match/{dataset}", post(screen))
        .with_state(fake.clone());
    (support::serve_fake(app).await, fake)
}

async fn with_opensanctions(backend: Backend) -> (TestApp, Shared) {
    let (url, fake) = fake_opensanctions().await;
    let app = TestApp::spawn_with(backend, |c| {
        c.opensanctions_api_key = Some(KEY.into());
        c.opensanctions_api_url = Some(url);
    })
    .await;
    (app, fake)
}

fn screening(id: i64) -> String {
    format!("/api/staff/cases/remortgaging/{id}/screening")
}

/// The SCREENING_REPORTs on the case, as the firm sees its uploads.
async fn reports(connie: &mut support::Client, id: i64) -> Vec<i64> {
    let view = connie
        .get(&format!("/api/staff/cases/remortgaging/{id}"))
        .await
        .body;
    view["expanded"]["documents"]["documents"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["documentType"] == "SCREENING_REPORT")
        .map(|d| d["documentId"].as_i64().unwrap())
        .collect()
}

async fn the_clients_are_screened_and_the_task_recorded_when_nobody_matches(backend: Backend) {
    let (app, fake) = with_opensanctions(backend).await;
    let (_broker, mut cara, id) = submitted_remortgage(&app).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let view = connie
        .get(&format!("/api/staff/cases/remortgaging/{id}"))
        .await;
    assert_eq!(view.body["screeningProvider"], "OPENSANCTIONS");
    assert_eq!(
        task(&view.body["tasks"], "sanctions_and_pep_screening")["state"],
        "OPEN"
    );

    let res = connie.post(&screening(id), json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["provider"], "OPENSANCTIONS");
    // Cara, by her legal name, with her date of birth; a weak candidate is no match.
    assert_eq!(
        res.body["clients"],
        json!([{ "name": "Cara Client", "matches": [] }])
    );
    assert_eq!(res.body["taskDone"], true);
    assert_eq!(
        task(&res.body["tasks"], "sanctions_and_pep_screening")["state"],
        "DONE"
    );
    let sent = fake.lock().unwrap().seen.clone();
    assert_eq!(
        sent,
        [json!({ "queries": { "q0": { "schema": "Person",
            "properties": { "name": ["Cara Client"], "birthDate": ["1980-01-02"] } } } })]
    );

    // The report is the firm's evidence: a PDF on the file, which the customer never sees.
    let report = res.body["documentId"].as_i64().unwrap();
    assert_eq!(reports(&mut connie, id).await, [report]);
    let (status, headers, bytes) = connie.get_bytes(&format!("/api/document/{report}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["content-type"], "application/pdf");
    assert!(bytes.starts_with(b"%PDF"));
    let (status, ..) = cara.get_bytes(&format!("/api/document/{report}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Audited without the names screened.
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    let screened = audit
        .iter()
        .find(|a| a.action == "case.clients_screened")
        .expect("audited");
    assert_eq!(screened.detail["clients"], 1);
    assert_eq!(screened.detail["possibleMatches"], 0);
    assert!(!screened.detail.to_string().contains("Cara"));

    // Once is enough.
    let res = connie.post(&screening(id), json!({})).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(fake.lock().unwrap().seen.len(), 1);
}

async fn a_possible_match_leaves_the_task_to_the_conveyancer(backend: Backend) {
    let (app, fake) = with_opensanctions(backend).await;
    let (_broker, _cara, id) = submitted_remortgage(&app).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;

    // The provider does not answer: a 502, and nothing is kept.
    fake.lock().unwrap().down = true;
    let res = connie.post(&screening(id), json!({})).await;
    assert_eq!(res.status, StatusCode::BAD_GATEWAY, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "screening_unavailable");
    assert!(reports(&mut connie, id).await.is_empty());

    {
        let mut fake = fake.lock().unwrap();
        fake.down = false;
        fake.listed = true;
    }
    let res = connie.post(&screening(id), json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["taskDone"], false);
    assert_eq!(
        res.body["clients"][0]["matches"],
        json!([{ "caption": "Cara Client", "score": 0.93, "topics": ["sanction", "role.pep"] }])
    );
    let screening_task = task(&res.body["tasks"], "sanctions_and_pep_screening");
    assert_eq!(screening_task["state"], "OPEN");
    assert_eq!(screening_task["evidenceUploaded"], true);

    // The conveyancer rules the candidate out and records the task by hand, with the report
    // already on the file.
    let res = connie
        .post(
            &format!("/api/staff/cases/remortgaging/{id}/tasks/sanctions_and_pep_screening"),
            json!({ "note": "Candidate ruled out: different date of birth and nationality." }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(
        task(&res.body["tasks"], "sanctions_and_pep_screening")["state"],
        "DONE"
    );
}

async fn the_screening_is_refused_to_everyone_but_the_firm(backend: Backend) {
    let (app, fake) = with_opensanctions(backend).await;
    let (mut broker, mut cara, id) = submitted_remortgage(&app).await;
    app.create_user("stranger@example.test", "ROLE_USER", true)
        .await;
    let mut stranger = app.sign_in("stranger@example.test").await;
    let mut rival = app.sign_in("rival@other.test").await;
    let mut anonymous = app.client();
    for (who, client, expected) in [
        ("the case's customer", &mut cara, StatusCode::FORBIDDEN),
        ("another customer", &mut stranger, StatusCode::FORBIDDEN),
        ("the case's broker", &mut broker, StatusCode::FORBIDDEN),
        ("another firm's broker", &mut rival, StatusCode::FORBIDDEN),
        ("anonymous", &mut anonymous, StatusCode::UNAUTHORIZED),
    ] {
        let res = client.post(&screening(id), json!({})).await;
        assert_eq!(res.status, expected, "{who}: {:?}", res.body);
    }
    assert!(
        fake.lock().unwrap().seen.is_empty(),
        "nobody else reached the provider"
    );
    // Staff: an unknown case is 404; a body with anything in it names the field.
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let res = connie.post(&screening(id + 1000), json!({})).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{:?}", res.body);
    let res = connie.post(&screening(id), json!({ "force": true })).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.field_error("force").is_some(), "{:?}", res.body);
}

async fn without_a_provider_the_firm_uploads_its_own_report(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, _cara, id) = submitted_remortgage(&app).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let view = connie
        .get(&format!("/api/staff/cases/remortgaging/{id}"))
        .await;
    assert_eq!(view.body["screeningProvider"], Value::Null);
    let res = connie.post(&screening(id), json!({})).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "no_screening_provider");
}

//! Issue 33, part 1 (FLAG-02): with TrueLayer configured, a buyer with `SOF` shares a source of
//! funds' bank statements by connecting their bank instead of uploading them. Tested against a
//! local fake of TrueLayer's auth server and Data API (v1): the consent's state is ours, used
//! once; the code is exchanged; 12 months of each account's transactions become one statement
//! PDF in the source's evidence slot. Who may and who may not, and the refusals, on both
//! databases.

use crate::support;

use std::sync::{Arc, Mutex};

use axum::Router;
use axum::extract::{Form, Path, Query, State};
use axum::http::{HeaderMap, StatusCode as AxumStatus};
use axum::routing::{get, post};
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::purchase::{BEA, expanded, submitted_purchase_with};
use support::staff::enrolled_conveyancer;
use support::{Backend, Client, TestApp};

on_both_databases!(
    a_buyer_shares_twelve_months_of_statements_through_their_bank,
    who_may_connect_a_bank_and_what_comes_back_refused,
);

const CLIENT_ID: &str = "threshold-test-client";
const CLIENT_SECRET: &str = "tl-secret";
const CODE: &str = "one-time-code";
const ACCESS: &str = "tl-access-token";

/// What the fake TrueLayer was asked: the path, and the form or query.
type Seen = Arc<Mutex<Vec<(String, Value)>>>;

async fn fake_truelayer() -> (String, Seen) {
    async fn token(
        State(seen): State<Seen>,
        Form(form): Form<std::collections::HashMap<String, String>>,
    ) -> (AxumStatus, String) {
        seen.lock()
            .unwrap()
            .push(("/connect/token".into(), json!(form)));
        let good = form.get("grant_type").map(String::as_str) == Some("authorization_code")
            && form.get("client_id").map(String::as_str) == Some(CLIENT_ID)
            && form.get("client_secret").map(String::as_str) == Some(CLIENT_SECRET)
            && form.get("code").map(String::as_str) == Some(CODE);
        if !good {
            return (
                AxumStatus::BAD_REQUEST,
                json!({ "error": "invalid_grant" }).to_string(),
            );
        }
        let answer = json!({ "access_token": ACCESS, "expires_in": 3600,
                             "token_type": "Bearer", "refresh_token": "r" });
        (AxumStatus::OK, answer.to_string())
    }
    fn authorised(headers: &HeaderMap) -> bool {
        headers.get("authorization").and_then(|v| v.to_str().ok())
            == Some(&format!("Bearer {ACCESS}"))
    }
    async fn accounts(headers: HeaderMap) -> (AxumStatus, String) {
        if !authorised(&headers) {
            return (AxumStatus::UNAUTHORIZED, "{}".into());
        }
        let answer = json!({ "status": "Succeeded", "results": [{
            "account_id": "acc-1", "account_type": "SAVINGS", "display_name": "Easy Saver",
            "currency": "GBP",
            "account_number": { "number": "12345678", "sort_code": "20-00-00", "iban": "GB00" },
            "provider": { "display_name": "Barclays", "provider_id": "ob-barclays" },
            "update_timestamp": "2026-12-01T09:00:00Z" }] });
        (AxumStatus::OK, answer.to_string())
    }
    async fn transactions(
        State(seen): State<Seen>,
        Path(account): Path<String>,
        Query(query): Query<std::collections::HashMap<String, String>>,
        headers: HeaderMap,
    ) -> (AxumStatus, String) {
        if !authorised(&headers) || account != "acc-1" {
            return (AxumStatus::UNAUTHORIZED, "{}".into());
        }
        seen.lock().unwrap().push((
            format!("/data/v1/accounts/{account}/transactions"),
            json!(query),
        ));
        let answer = json!({ "status": "Succeeded", "results": [
            { "timestamp": "2026-06-30T00:00:00+00:00", "description": "SALARY ACME LTD",
              "transaction_type": "CREDIT", "amount": 1234.56, "currency": "GBP",
              "running_balance": { "amount": 20034.56, "currency": "GBP" } },
            { "timestamp": "2026-03-01T00:00:00+00:00", "description": "RENT",
              "transaction_type": "DEBIT", "amount": -950.0, "currency": "GBP",
              "running_balance": { "amount": 18800.0, "currency": "GBP" } }] });
        (AxumStatus::OK, answer.to_string())
    }
    let seen = Seen::default();
    let app = Router::new()
        .route("/connect/token", post(token))
        .route("/data/v1/accounts", get(accounts))
        .route(
            "/data/v1/accounts/{account}/transactions",
            get(transactions),
        )
        .with_state(seen.clone());
    (support::serve_fake(app).await, seen)
}

async fn with_truelayer(backend: Backend) -> (TestApp, Seen, String) {
    let (url, seen) = fake_truelayer().await;
    let fake = url.clone();
    let app = TestApp::spawn_with(backend, move |c| {
        c.truelayer_client_id = Some(CLIENT_ID.into());
        c.truelayer_client_secret = Some(CLIENT_SECRET.into());
        c.truelayer_auth_url = fake.clone();
        c.truelayer_api_url = fake;
    })
    .await;
    (app, seen, url)
}

async fn savings(client: &mut Client, id: i64) -> Value {
    client.get(&expanded(id)).await.body["sourceOfFunds"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["sourceType"] == "SAVINGS")
        .unwrap()
        .clone()
}

fn connect_path(id: i64, source: i64) -> String {
    format!("/api/buying/{id}/sources-of-funds/{source}/open-banking")
}

/// The buyer coming back from their bank, as a browser does (the redirect not followed).
async fn come_back(client: &Client, query: &str) -> (StatusCode, String) {
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let cookie = client
        .cookies
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("; ");
    let res = http
        .get(format!("{}/api/open-banking/callback?{query}", client.base))
        .header("cookie", cookie)
        .send()
        .await
        .unwrap();
    let location = res
        .headers()
        .get("location")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (res.status(), location)
}

/// The `state` of the auth link the buyer is sent to.
fn state_of(auth_url: &str) -> String {
    url::Url::parse(auth_url)
        .unwrap()
        .query_pairs()
        .find(|(k, _)| k == "state")
        .unwrap()
        .1
        .into_owned()
}

/// The document in the savings' evidence slot.
async fn evidence(bea: &mut Client, id: i64) -> Option<i64> {
    bea.get(&expanded(id)).await.body["requiredDocuments"]["sourceOfFundsDocuments"]
        .as_array()
        .and_then(|slots| {
            slots
                .iter()
                .find(|s| s["documentType"] == "SAVINGS_STATEMENT")
                .and_then(|s| s["documentId"].as_i64())
        })
}

async fn a_buyer_shares_twelve_months_of_statements_through_their_bank(backend: Backend) {
    let (app, seen, fake) = with_truelayer(backend).await;
    let (_broker, mut bea, id) = submitted_purchase_with(&app, &["SAVINGS"]).await;
    app.set_features(BEA, &["BUYING", "SOF"]).await;
    let source = savings(&mut bea, id).await;
    assert_eq!(source["openBanking"], true, "{source:?}");
    let source_id = source["id"].as_i64().unwrap();
    let uploaded = evidence(&mut bea, id).await;

    let res = bea.post(&connect_path(id, source_id), json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let link = res.body["authUrl"].as_str().unwrap().to_owned();
    assert!(link.starts_with(&fake), "{link}");
    let pairs: Vec<(String, String)> = url::Url::parse(&link)
        .unwrap()
        .query_pairs()
        .into_owned()
        .collect();
    for (k, v) in [
        ("response_type", "code"),
        ("client_id", CLIENT_ID),
        ("scope", "info accounts balance transactions"),
        (
            "redirect_uri",
            &format!("{}/api/open-banking/callback", app.config.public_url),
        ),
    ] {
        assert!(pairs.contains(&(k.into(), v.into())), "{k}: {pairs:?}");
    }
    let state = state_of(&link);

    let (status, location) = come_back(&bea, &format!("code={CODE}&state={state}")).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(
        location,
        format!("/buying/{id}/source-of-funds?openBanking=connected")
    );
    // Twelve months of history asked for (spec: bank statements with 12 months' history).
    let asked = seen.lock().unwrap().clone();
    let (_, query) = asked
        .iter()
        .find(|(p, _)| p.ends_with("/transactions"))
        .unwrap();
    let from = chrono::DateTime::parse_from_rfc3339(query["from"].as_str().unwrap()).unwrap();
    let to = chrono::DateTime::parse_from_rfc3339(query["to"].as_str().unwrap()).unwrap();
    assert!((to - from).num_days() >= 365, "{query:?}");

    // The statement is the source's evidence now, a PDF of what the bank shared.
    let statement = evidence(&mut bea, id).await.unwrap();
    assert_ne!(Some(statement), uploaded);
    let (status, headers, bytes) = bea.get_bytes(&format!("/api/document/{statement}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["content-type"], "application/pdf");
    let text = support::pdf_text(&bytes);
    for expected in [
        "Bank statement",
        "Easy Saver",
        "Barclays",
        "ending 5678",
        "SALARY ACME LTD",
        "£1,234.56",
        "£950.00",
        "£20,034.56",
        "through TrueLayer",
    ] {
        assert!(text.contains(expected), "{expected} not in {text}");
    }
    assert!(
        !text.contains("12345678"),
        "the full account number is not shown"
    );
    // The firm reviews it like an upload; the audit trail names the document, not the account.
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let view = connie.get(&format!("/api/staff/cases/buying/{id}")).await;
    assert!(
        view.body["uploads"]
            .as_array()
            .unwrap()
            .iter()
            .any(|u| u["documentId"] == statement || u["id"] == statement),
        "{:?}",
        view.body["uploads"]
    );
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    let collected = audit
        .iter()
        .find(|e| e.action == "document.collected_by_open_banking")
        .unwrap();
    assert_eq!(collected.detail.0["documentId"], statement);
    for e in &audit {
        let detail = e.detail.0.to_string();
        assert!(
            !detail.contains("5678") && !detail.contains(ACCESS),
            "{detail}"
        );
    }
    // The state is used once.
    let (_, location) = come_back(&bea, &format!("code={CODE}&state={state}")).await;
    assert_eq!(location, "/buying?openBanking=failed");
}

async fn who_may_connect_a_bank_and_what_comes_back_refused(backend: Backend) {
    // Without a provider there is no offer: the buyer uploads.
    let plain = TestApp::spawn(backend).await;
    let (_broker, mut bea, id) = submitted_purchase_with(&plain, &["SAVINGS"]).await;
    plain.set_features(BEA, &["BUYING", "SOF"]).await;
    let source = savings(&mut bea, id).await;
    assert_eq!(source["openBanking"], false);
    let res = bea
        .post(&connect_path(id, source["id"].as_i64().unwrap()), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "open_banking_off");

    let (app, seen, _) = with_truelayer(backend).await;
    let (_broker, mut bea, id) = submitted_purchase_with(&app, &["SAVINGS", "PENSION"]).await;
    let sources = bea.get(&expanded(id)).await.body["sourceOfFunds"].clone();
    let source_id = savings(&mut bea, id).await["id"].as_i64().unwrap();
    let path = connect_path(id, source_id);
    // Without SOF the page is off.
    let res = bea.post(&path, json!({})).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "feature_off");
    app.set_features(BEA, &["BUYING", "SOF"]).await;
    // A pension's evidence is the scheme's statement, not a bank's.
    let pension = sources
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["sourceType"] == "PENSION")
        .unwrap();
    assert_eq!(pension["openBanking"], false);
    let res = bea
        .post(
            &connect_path(id, pension["id"].as_i64().unwrap()),
            json!({}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    let res = bea.post(&connect_path(id, 999_999), json!({})).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);

    // Strangers see nothing; staff review, they do not connect a buyer's bank.
    app.create_user("stranger@example.test", "ROLE_USER", true)
        .await;
    app.set_features("stranger@example.test", &["BUYING", "SOF"])
        .await;
    let mut stranger = app.sign_in("stranger@example.test").await;
    let mut rival = app.sign_in("rival@other.test").await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    // Each with the feature, so that what refuses them is the case, not the page.
    for email in ["rival@other.test", support::staff::CONNIE] {
        app.set_features(email, &["BUYING", "SOF"]).await;
    }
    for (who, client, status) in [
        ("another customer", &mut stranger, StatusCode::NOT_FOUND),
        ("another firm's broker", &mut rival, StatusCode::NOT_FOUND),
        ("staff", &mut connie, StatusCode::FORBIDDEN),
    ] {
        let res = client.post(&path, json!({})).await;
        assert_eq!(res.status, status, "{who}: {:?}", res.body);
    }
    assert_eq!(
        app.client().post(&path, json!({})).await.status,
        StatusCode::UNAUTHORIZED
    );

    // Declined at the bank, someone else's state, a forged one: nothing kept.
    let before = evidence(&mut bea, id).await;
    let link = bea.post(&path, json!({})).await.body["authUrl"]
        .as_str()
        .unwrap()
        .to_owned();
    let state = state_of(&link);
    let (_, location) = come_back(&stranger, &format!("code={CODE}&state={state}")).await;
    assert_eq!(location, "/buying?openBanking=failed");
    let (_, location) = come_back(&bea, "code=x&state=forged").await;
    assert_eq!(location, "/buying?openBanking=failed");
    let (_, location) = come_back(&bea, &format!("error=access_denied&state={state}")).await;
    assert_eq!(
        location,
        format!("/buying/{id}/source-of-funds?openBanking=failed")
    );
    // A bad code: TrueLayer refuses it.
    let link = bea.post(&path, json!({})).await.body["authUrl"]
        .as_str()
        .unwrap()
        .to_owned();
    let (_, location) = come_back(&bea, &format!("code=wrong&state={}", state_of(&link))).await;
    assert_eq!(
        location,
        format!("/buying/{id}/source-of-funds?openBanking=failed")
    );
    assert_eq!(evidence(&mut bea, id).await, before);
    assert!(
        !seen
            .lock()
            .unwrap()
            .iter()
            .any(|(p, _)| p.ends_with("/transactions")),
        "no account was read"
    );
    let (status, _) = come_back(&app.client(), "code=x&state=y").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

//! A local fake of Stripe's API as far as Threshold uses it, and Stripe's signed webhook
//! events: `POST /v1/checkout/sessions` (form-encoded, bearer-authenticated, answering a
//! Checkout Session object built from Stripe's own fixture), `POST
//! /v1/checkout/sessions/{id}/expire` (only an open session; Stripe refuses any other) and
//! `GET /v1/checkout/sessions/{id}`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode as AxumStatus};
use axum::routing::{get, post};
use reqwest::StatusCode;
use serde_json::{Value, json};

use super::TestApp;

pub const STRIPE_KEY: &str = "sk_test_threshold";
pub const WEBHOOK_SECRET: &str = "whsec_threshold_test";

#[derive(Default)]
pub struct Seen {
    /// Each Checkout Session's form fields, in the order they were created.
    pub created: Vec<Vec<(String, String)>>,
    /// The sessions Threshold expired.
    pub expired: Vec<String>,
    /// Every session by id, as Stripe holds it now.
    pub sessions: HashMap<String, Value>,
}

#[derive(Clone, Default)]
pub struct FakeStripe {
    /// `http://127.0.0.1:PORT/`, for `STRIPE_API_URL`.
    pub url: String,
    pub seen: Arc<Mutex<Seen>>,
}

impl FakeStripe {
    /// The form of the `n`th session created.
    pub fn created(&self, n: usize) -> Vec<(String, String)> {
        self.seen.lock().unwrap().created[n].clone()
    }

    pub fn created_count(&self) -> usize {
        self.seen.lock().unwrap().created.len()
    }

    pub fn expired(&self) -> Vec<String> {
        self.seen.lock().unwrap().expired.clone()
    }

    /// Sets a session's status on Stripe's side (`complete`, `expired`), as the buyer's
    /// payment or Stripe's own clock would.
    pub fn set_status(&self, id: &str, status: &str) {
        let mut seen = self.seen.lock().unwrap();
        seen.sessions.get_mut(id).unwrap()["status"] = json!(status);
    }
}

fn authorised(headers: &HeaderMap) -> bool {
    headers.get("authorization").and_then(|v| v.to_str().ok())
        == Some(&format!("Bearer {STRIPE_KEY}"))
}

fn stripe_error(status: AxumStatus, message: &str) -> (AxumStatus, String) {
    let error = json!({ "error": { "type": "invalid_request_error", "message": message } });
    (status, error.to_string())
}

fn fixture() -> Value {
    serde_json::from_str(include_str!("../fixtures/stripe/checkout_session.json")).unwrap()
}

async fn create(
    State(seen): State<Arc<Mutex<Seen>>>,
    headers: HeaderMap,
    body: String,
) -> (AxumStatus, String) {
    if !authorised(&headers) {
        return stripe_error(AxumStatus::UNAUTHORIZED, "Invalid API Key provided");
    }
    let form: Vec<(String, String)> = serde_urlencoded::from_str(&body).unwrap();
    let field = |name: &str| {
        form.iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let mut session = fixture();
    let mut seen = seen.lock().unwrap();
    let n = seen.created.len();
    let id = format!("cs_test_threshold_{n}");
    session["id"] = json!(id);
    session["url"] = json!(format!("https://checkout.stripe.test/c/pay/cs_test_{n}"));
    session["amount_total"] = json!(
        field("line_items[0][price_data][unit_amount]")
            .parse::<i64>()
            .unwrap()
    );
    session["currency"] = json!(field("line_items[0][price_data][currency]"));
    session["client_reference_id"] = json!(field("client_reference_id"));
    session["metadata"] = json!({ "caseId": field("metadata[caseId]") });
    session["success_url"] = json!(field("success_url"));
    session["cancel_url"] = json!(field("cancel_url"));
    if let Ok(at) = field("expires_at").parse::<i64>() {
        session["expires_at"] = json!(at);
    }
    session["mode"] = json!("payment");
    session["payment_status"] = json!("unpaid");
    session["status"] = json!("open");
    seen.created.push(form);
    seen.sessions.insert(id, session.clone());
    (AxumStatus::OK, session.to_string())
}

async fn expire(
    State(seen): State<Arc<Mutex<Seen>>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> (AxumStatus, String) {
    if !authorised(&headers) {
        return stripe_error(AxumStatus::UNAUTHORIZED, "Invalid API Key provided");
    }
    let mut seen = seen.lock().unwrap();
    let Some(session) = seen.sessions.get_mut(&id) else {
        return stripe_error(AxumStatus::NOT_FOUND, "No such checkout.session");
    };
    if session["status"] != "open" {
        return stripe_error(
            AxumStatus::BAD_REQUEST,
            "Only Checkout Sessions with a status in [\"open\"] can be expired.",
        );
    }
    session["status"] = json!("expired");
    let answer = session.to_string();
    seen.expired.push(id);
    (AxumStatus::OK, answer)
}

async fn retrieve(
    State(seen): State<Arc<Mutex<Seen>>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> (AxumStatus, String) {
    if !authorised(&headers) {
        return stripe_error(AxumStatus::UNAUTHORIZED, "Invalid API Key provided");
    }
    match seen.lock().unwrap().sessions.get(&id) {
        Some(session) => (AxumStatus::OK, session.to_string()),
        None => stripe_error(AxumStatus::NOT_FOUND, "No such checkout.session"),
    }
}

/// Starts the fake on a loopback port.
pub async fn fake_stripe() -> FakeStripe {
    let seen = Arc::new(Mutex::new(Seen::default()));
    let app = Router::new()
        .route("/v1/checkout/sessions", post(create))
        .route("/v1/checkout/sessions/{id}", get(retrieve))
        .route("/v1/checkout/sessions/{id}/expire", post(expire))
        .with_state(seen.clone());
    FakeStripe {
        url: format!("{}/", super::serve_fake(app).await),
        seen,
    }
}

/// The app with Stripe configured against this fake.
pub async fn app_with_stripe(backend: super::Backend, stripe: &FakeStripe) -> TestApp {
    let url = stripe.url.clone();
    TestApp::spawn_with(backend, |c| {
        c.stripe_secret_key = Some(STRIPE_KEY.into());
        c.stripe_webhook_secret = Some(WEBHOOK_SECRET.into());
        c.stripe_api_url = Some(url);
    })
    .await
}

/// A `checkout.session.completed` event for this session, as Stripe sends it: paid, for
/// `amount` pence (none: as the fixture has it), naming `case_id` in its metadata (none: no
/// metadata).
pub fn completed_event(
    session_id: &str,
    event_id: &str,
    amount: Option<i64>,
    case_id: Option<i64>,
) -> String {
    let mut session = fixture();
    session["id"] = json!(session_id);
    session["mode"] = json!("payment");
    session["payment_status"] = json!("paid");
    session["status"] = json!("complete");
    if let Some(amount) = amount {
        session["amount_total"] = json!(amount);
        session["currency"] = json!("gbp");
    }
    session["payment_intent"] = json!(format!("pi_for_{session_id}"));
    if let Some(id) = case_id {
        session["metadata"] = json!({ "caseId": id.to_string() });
        session["client_reference_id"] = json!(id.to_string());
    }
    json!({
        "id": event_id, "object": "event", "api_version": null, "created": 1_700_000_000,
        "data": { "object": session }, "livemode": false, "pending_webhooks": 1,
        "request": { "id": null, "idempotency_key": null },
        "type": "checkout.session.completed"
    })
    .to_string()
}

/// Posts a webhook as Stripe's servers do: no browser, no cookies, no Origin.
pub async fn deliver(app: &TestApp, payload: &str, signature: &str) -> StatusCode {
    reqwest::Client::new()
        .post(format!("{}/api/webhooks/stripe", app.base))
        .header("content-type", "application/json")
        .header("stripe-signature", signature)
        .body(payload.to_owned())
        .send()
        .await
        .unwrap()
        .status()
}

/// Posts the event signed with the webhook secret, now.
pub async fn deliver_signed(app: &TestApp, payload: &str) -> StatusCode {
    let signed = stripe_webhook::Webhook::generate_test_header(payload, WEBHOOK_SECRET, None);
    deliver(app, payload, &signed).await
}

//! Issue 32 (2): a broker firm's signed outbound webhooks. A local receiver checks each
//! delivery's signature as docs/api/webhooks.md tells a firm to, fails the first on purpose and
//! takes the retry; the firm's admin sees the log and replays a delivery; only that admin may.
//! The receiver listens on 127.0.0.1 over http, which only `WEBHOOK_ALLOW_PRIVATE_TARGETS`
//! permits; without it such targets are refused, at registration and at delivery.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode as AxumStatus};
use hmac::{Hmac, Mac};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sha2::Sha256;

use crate::support::cases::{create_remortgaging, firm};
use crate::support::remortgage::CARA;
use crate::support::staff::enrolled_conveyancer;
use crate::support::worker::wait_for;
use crate::support::{Backend, Client, TestApp, serve_fake};

/// How old a signed timestamp the receiver accepts (the tolerance the docs suggest).
const TOLERANCE_SECS: i64 = 300;

/// The check docs/api/webhooks.md describes: `t` and `v1` from `Threshold-Signature`, the hex
/// HMAC-SHA256 of `"<t>.<body>"` keyed with the secret, compared in constant time, and a
/// timestamp no older than the tolerance.
fn verify(secret: &str, header: &str, body: &[u8]) -> bool {
    let mut t = None;
    let mut v1 = None;
    for part in header.split(',') {
        match part.split_once('=') {
            Some(("t", value)) => t = value.parse::<i64>().ok(),
            Some(("v1", value)) => v1 = hex::decode(value).ok(),
            _ => {}
        }
    }
    let (Some(t), Some(v1)) = (t, v1) else {
        return false;
    };
    if (chrono::Utc::now().timestamp() - t).abs() > TOLERANCE_SECS {
        return false;
    }
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{t}.").as_bytes());
    mac.update(body);
    mac.verify_slice(&v1).is_ok()
}

/// One request the receiver got.
#[derive(Clone, Debug)]
struct Received {
    event_id: String,
    signature: String,
    body: Bytes,
    verified: bool,
    /// What the receiver answered.
    status: u16,
}

impl Received {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap()
    }
}

#[derive(Clone, Default)]
struct Receiver {
    secret: Arc<Mutex<String>>,
    got: Arc<Mutex<Vec<Received>>>,
}

impl Receiver {
    /// Serves the receiver on a loopback port; returns its hook's URL. It answers 500 to the
    /// first request on purpose, 400 to a signature that does not verify, 200 otherwise.
    async fn start(&self) -> String {
        let me = self.clone();
        let app = axum::Router::new().route(
            "/hook",
            axum::routing::post(move |headers: HeaderMap, body: Bytes| {
                let me = me.clone();
                async move {
                    let header = |name: &str| {
                        headers
                            .get(name)
                            .and_then(|v| v.to_str().ok())
                            .unwrap_or_default()
                            .to_owned()
                    };
                    let signature = header("threshold-signature");
                    let verified = verify(&me.secret.lock().unwrap(), &signature, &body);
                    let mut got = me.got.lock().unwrap();
                    let status = match (got.is_empty(), verified) {
                        (true, _) => AxumStatus::INTERNAL_SERVER_ERROR,
                        (false, false) => AxumStatus::BAD_REQUEST,
                        (false, true) => AxumStatus::OK,
                    };
                    got.push(Received {
                        event_id: header("threshold-event-id"),
                        signature,
                        body,
                        verified,
                        status: status.as_u16(),
                    });
                    status
                }
            }),
        );
        format!("{}/hook", serve_fake(app).await)
    }

    fn got(&self) -> Vec<Received> {
        self.got.lock().unwrap().clone()
    }

    /// The accepted deliveries of this event type.
    fn accepted(&self, event_type: &str) -> Vec<Received> {
        self.got()
            .into_iter()
            .filter(|r| r.status == 200 && r.json()["type"] == event_type)
            .collect()
    }
}

async fn register(admin: &mut Client, url: &str, events: &[&str]) -> Value {
    let res = admin
        .post(
            "/api/broker/webhooks",
            json!({ "url": url, "events": events }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    res.body
}

async fn signed_events_reach_the_firms_receiver_at_least_once(backend: Backend) {
    let app = TestApp::spawn_with(backend, |c| {
        c.job_retry_base_ms = 50;
        c.webhook_allow_private_targets = true;
    })
    .await;
    firm(&app).await;
    let receiver = Receiver::default();
    let url = receiver.start().await;
    let mut admin = app.sign_in("admin@firm.test").await;
    let endpoint = register(
        &mut admin,
        &url,
        &["case.created", "case.status_changed", "quote.sent"],
    )
    .await;
    let secret = endpoint["secret"].as_str().unwrap().to_owned();
    assert!(secret.starts_with("whsec_"), "{secret}");
    *receiver.secret.lock().unwrap() = secret.clone();

    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_remortgaging(&mut broker, CARA, "Cara Client").await;
    let res = broker
        .post(
            "/api/quote/send",
            json!({ "caseId": id, "caseType": "REMORTGAGING" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    // The first delivery fails on purpose (500) and comes again, same event id.
    let retried = || {
        let got = receiver.got();
        got.iter()
            .skip(1)
            .any(|r| r.event_id == got[0].event_id && r.status == 200)
    };
    wait_for(
        "the quote's event and the retry",
        Duration::from_secs(30),
        async || !receiver.accepted("quote.sent").is_empty() && retried(),
    )
    .await;
    let got = receiver.got();
    assert_eq!(got[0].status, 500);
    assert!(got.iter().all(|r| r.verified), "every delivery is signed");
    let retried = &got[0].event_id;
    let created = receiver.accepted("case.created");
    assert_eq!(created.len(), 1);
    let event = created[0].json();
    assert_eq!(event["id"], json!(created[0].event_id));
    assert_eq!(event["data"]["caseId"], id);
    assert_eq!(event["data"]["caseType"], "REMORTGAGING");
    let sent = receiver.accepted("quote.sent")[0].json();
    assert_eq!(sent["data"]["status"], "BROKER_APPLICATION_INVITE");
    assert_eq!(sent["data"]["previousStatus"], "BROKER_APPLICATION");
    let changed = receiver.accepted("case.status_changed");
    assert!(
        changed
            .iter()
            .any(|r| r.json()["data"]["status"] == "BROKER_APPLICATION_INVITE"),
        "{changed:?}"
    );
    for r in receiver.got() {
        let text = String::from_utf8_lossy(&r.body).to_lowercase();
        assert!(!text.contains("cara"), "no personal data: {text}");
    }

    // A body changed in transit, or the wrong secret, does not verify.
    let sample = &created[0];
    assert!(verify(&secret, &sample.signature, &sample.body));
    let tampered = String::from_utf8_lossy(&sample.body).replace("REMORTGAGING", "BUYING");
    assert!(!verify(&secret, &sample.signature, tampered.as_bytes()));
    assert!(!verify("whsec_another", &sample.signature, &sample.body));

    // The admin's log: the failed try and the retry, then delivered.
    let endpoint_id = endpoint["id"].as_str().unwrap();
    let log = admin
        .get(&format!("/api/broker/webhooks/{endpoint_id}/deliveries"))
        .await;
    assert_eq!(log.status, StatusCode::OK, "{:?}", log.body);
    let deliveries = log.body["deliveries"].as_array().unwrap();
    let first = deliveries
        .iter()
        .find(|d| d["eventId"] == json!(retried))
        .expect("the retried delivery is in the log");
    assert_eq!(first["attempts"], 2);
    assert_eq!(first["lastStatus"], 200);
    assert!(first["deliveredAt"].is_string());
    assert!(first["lastError"].is_null());

    // Replayed: sent again with the same event id.
    let before = receiver.got().len();
    let delivery_id = first["id"].as_i64().unwrap();
    let res = admin
        .post(
            &format!("/api/broker/webhooks/deliveries/{delivery_id}/replay"),
            json!({}),
        )
        .await;
    assert_eq!(res.status, StatusCode::ACCEPTED, "{:?}", res.body);
    wait_for("the replay", Duration::from_secs(30), async || {
        receiver.got().len() > before
    })
    .await;
    let replay = receiver.got()[before].clone();
    assert_eq!(&replay.event_id, retried);
    assert!(replay.verified);

    // A deleted endpoint receives nothing more.
    let res = admin
        .delete(&format!("/api/broker/webhooks/{endpoint_id}"))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let list = admin.get("/api/broker/webhooks").await;
    assert_eq!(list.body["endpoints"], json!([]));
}

async fn only_the_firms_broker_admin_manages_its_webhooks(backend: Backend) {
    let app = TestApp::spawn_with(backend, |c| c.webhook_allow_private_targets = true).await;
    firm(&app).await;
    let mut admin = app.sign_in("admin@firm.test").await;
    // Nothing listens there: each try fails at once, and the log says so.
    let endpoint = register(&mut admin, "http://127.0.0.1:9/hook", &["case.created"]).await;
    let endpoint_id = endpoint["id"].as_str().unwrap().to_owned();
    let list = admin.get("/api/broker/webhooks").await;
    assert_eq!(list.status, StatusCode::OK);
    assert_eq!(list.body["endpoints"][0]["id"], json!(endpoint_id));
    assert_eq!(list.body["endpoints"][0]["events"], json!(["case.created"]));
    assert!(
        !list.body.to_string().contains("whsec_"),
        "no secrets listed"
    );
    let stored = app
        .scalar("SELECT COUNT(*) FROM broker_webhook_endpoints WHERE sealed_secret LIKE 'v1:%'")
        .await;
    assert_eq!(stored, 1, "sealed at rest");

    let mut broker = app.sign_in("broker@firm.test").await;
    create_remortgaging(&mut broker, CARA, "Cara Client").await;
    let deliveries = format!("/api/broker/webhooks/{endpoint_id}/deliveries");
    wait_for("a failed try", Duration::from_secs(30), async || {
        let log = admin.get(&deliveries).await;
        log.body["deliveries"][0]["lastError"].is_string()
    })
    .await;
    let log = admin.get(&deliveries).await;
    let delivery = &log.body["deliveries"][0];
    assert_eq!(delivery["eventType"], "case.created");
    assert_eq!(delivery["lastError"], "could not connect to the endpoint");
    assert!(delivery["deliveredAt"].is_null());
    let replay = format!(
        "/api/broker/webhooks/deliveries/{}/replay",
        delivery["id"].as_i64().unwrap()
    );
    let one = format!("/api/broker/webhooks/{endpoint_id}");
    let new = json!({ "url": "https://crm.example.test/hook", "events": ["case.created"] });

    // The firm's broker and manager, a customer and staff: 403 on every call.
    let mut manager = app.sign_in("manager@firm.test").await;
    let mut cara = app.sign_in(CARA).await;
    let (mut connie, _, _) = enrolled_conveyancer(&app).await;
    for (who, client) in [
        ("broker", &mut broker),
        ("manager", &mut manager),
        ("customer", &mut cara),
        ("staff", &mut connie),
    ] {
        assert_eq!(
            client.get("/api/broker/webhooks").await.status,
            403,
            "{who}"
        );
        let res = client.post("/api/broker/webhooks", new.clone()).await;
        assert_eq!(res.status, 403, "{who}");
        assert_eq!(client.get(&deliveries).await.status, 403, "{who}");
        assert_eq!(client.post(&replay, json!({})).await.status, 403, "{who}");
        assert_eq!(client.delete(&one).await.status, 403, "{who}");
    }
    // Anonymous: 401.
    let mut anonymous = app.client();
    assert_eq!(anonymous.get("/api/broker/webhooks").await.status, 401);
    assert_eq!(
        anonymous
            .post("/api/broker/webhooks", new.clone())
            .await
            .status,
        401
    );
    // Another firm's admin sees none of it.
    let mut rival = app.sign_in("rival@other.test").await;
    let theirs = rival.get("/api/broker/webhooks").await;
    assert_eq!(theirs.status, StatusCode::OK);
    assert_eq!(theirs.body["endpoints"], json!([]));
    assert_eq!(rival.get(&deliveries).await.status, 404);
    assert_eq!(rival.post(&replay, json!({})).await.status, 404);
    assert_eq!(rival.delete(&one).await.status, 404);
    assert_eq!(
        admin.get("/api/broker/webhooks").await.body["endpoints"]
            .as_array()
            .unwrap()
            .len(),
        1,
        "still there"
    );

    // What the admin sends is checked, by field.
    for (body, field) in [
        (
            json!({ "url": "ftp://crm.example.test/hook", "events": ["case.created"] }),
            "url",
        ),
        (
            json!({ "url": "not a url", "events": ["case.created"] }),
            "url",
        ),
        (
            json!({ "url": "https://crm.example.test/hook", "events": ["case.deleted"] }),
            "events",
        ),
        (
            json!({ "url": "https://crm.example.test/hook", "events": [] }),
            "events",
        ),
    ] {
        let res = admin.post("/api/broker/webhooks", body.clone()).await;
        assert_eq!(res.status, 422, "{body}");
        assert!(res.field_error(field).is_some(), "{body}: {:?}", res.body);
    }
    // At most ten at once.
    for _ in 1..10 {
        register(
            &mut admin,
            "https://crm.example.test/hook",
            &["quote.accepted"],
        )
        .await;
    }
    let res = admin.post("/api/broker/webhooks", new.clone()).await;
    assert_eq!(res.status, 409, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "too_many_webhooks");
    assert_eq!(admin.delete(&one).await.status, 204);
    assert_eq!(admin.delete(&one).await.status, 404, "deleted already");
    assert_eq!(admin.get(&deliveries).await.status, 404);
    register(
        &mut admin,
        "https://crm.example.test/hook",
        &["quote.accepted"],
    )
    .await;
}

async fn internal_targets_are_refused_unless_allowed(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut admin = app.sign_in("admin@firm.test").await;
    for url in [
        "https://127.0.0.1/hook",
        "https://localhost/hook",
        "https://10.1.2.3/hook",
        "https://172.16.0.9/hook",
        "https://192.168.1.20/hook",
        "https://169.254.169.254/latest/meta-data/",
        "https://100.64.0.1/hook",
        "https://0.0.0.0/hook",
        "https://224.0.0.1/hook",
        "https://[::1]/hook",
        "https://[fd00::7]/hook",
        "https://[fe80::1]/hook",
        "https://[::ffff:127.0.0.1]/hook",
    ] {
        let res = admin
            .post(
                "/api/broker/webhooks",
                json!({ "url": url, "events": ["case.created"] }),
            )
            .await;
        assert_eq!(res.status, 422, "{url}");
        let problem = res.field_error("url").unwrap_or_default();
        assert!(problem.contains("public address"), "{url}: {problem}");
    }
    let res = admin
        .post(
            "/api/broker/webhooks",
            json!({ "url": "http://8.8.8.8/hook", "events": ["case.created"] }),
        )
        .await;
    assert_eq!(res.status, 422);
    assert_eq!(res.field_error("url"), Some("must start with https://"));
    let count = "SELECT COUNT(*) FROM broker_webhook_endpoints";
    assert_eq!(app.scalar(count).await, 0);

    // A public address at registration that names this machine by the time of delivery (a
    // rebound DNS name): the delivery is refused, not sent (nothing listens on port 9 either,
    // which would read "could not connect").
    let endpoint = register(&mut admin, "https://8.8.8.8/hook", &["case.created"]).await;
    app.exec("UPDATE broker_webhook_endpoints SET url = 'https://127.0.0.1:9/hook'")
        .await;
    let mut broker = app.sign_in("broker@firm.test").await;
    create_remortgaging(&mut broker, CARA, "Cara Client").await;
    let deliveries = format!(
        "/api/broker/webhooks/{}/deliveries",
        endpoint["id"].as_str().unwrap()
    );
    wait_for("a refused try", Duration::from_secs(30), async || {
        let log = admin.get(&deliveries).await;
        log.body["deliveries"][0]["lastError"].is_string()
    })
    .await;
    let log = admin.get(&deliveries).await;
    assert_eq!(
        log.body["deliveries"][0]["lastError"],
        "refused: the endpoint's host is not a public address"
    );
    assert!(log.body["deliveries"][0]["lastStatus"].is_null());
}

on_both_databases!(
    signed_events_reach_the_firms_receiver_at_least_once,
    only_the_firms_broker_admin_manages_its_webhooks,
    internal_targets_are_refused_unless_allowed,
);

//! Broker firms' webhooks (issue 32): the relay's pass that queues each new delivery as a job,
//! and the job that POSTs it to the firm's endpoint, signed. The queue tries a failed delivery
//! again with exponential backoff for about a day (`queue::retry`); every try is recorded on
//! the delivery for the firm's admin. How a receiver checks the signature: docs/api/webhooks.md.

use std::sync::OnceLock;
use std::time::Duration;

use apalis::prelude::BoxDynError;
use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use threshold_store::webhooks::DeliveryAttempt;
use threshold_store::{Db, WebhookEndpointId};

use crate::queue::{Job, JobQueue, WorkerDeps};
use crate::relay::RelayError;

/// The header with the timestamp and signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`.
pub const SIGNATURE_HEADER: &str = "Threshold-Signature";
/// The header with the event's id, the receiver's key to drop a repeated delivery.
pub const EVENT_ID_HEADER: &str = "Threshold-Event-Id";
/// The header with the event's type.
pub const EVENT_TYPE_HEADER: &str = "Threshold-Event-Type";
/// How long a receiver has to answer: a slow one must not hold a worker.
const TIMEOUT: Duration = Duration::from_secs(10);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// How many new deliveries one relay pass queues at most.
const BATCH: i64 = 100;

/// Opens an endpoint's sealed signing secret (the API's key, which the workers share).
pub trait WebhookSecrets: Send + Sync {
    fn open(&self, endpoint: WebhookEndpointId, sealed: &str) -> anyhow::Result<String>;
}

/// `v1`: the hex HMAC-SHA256, keyed with the endpoint's secret, of `"<timestamp>.<body>"`.
pub fn sign(secret: &str, timestamp: i64, body: &str) -> String {
    let mut mac =
        Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(format!("{timestamp}.").as_bytes());
    mac.update(body.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

/// The [`SIGNATURE_HEADER`]'s value.
pub fn signature_header(secret: &str, timestamp: i64, body: &str) -> String {
    format!("t={timestamp},v1={}", sign(secret, timestamp, body))
}

/// Sends one delivery (see [`threshold_store::webhooks`]).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct WebhookDelivery {
    pub delivery_id: i64,
}

impl Job for WebhookDelivery {
    const QUEUE: &'static str = "broker-webhook";

    async fn run(self, deps: WorkerDeps) -> Result<(), BoxDynError> {
        let Some(d) = deps.db.webhook_delivery_to_send(self.delivery_id).await? else {
            return Ok(());
        };
        // Delivered already (a job run twice), or the admin deleted the endpoint since.
        if d.delivered || d.endpoint_disabled {
            return Ok(());
        }
        let secret = deps.webhook_secrets.open(d.endpoint_id, &d.sealed_secret)?;
        let body = serde_json::to_string(&d.payload.0)?;
        let sent = client()
            .post(&d.url)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header(
                SIGNATURE_HEADER,
                signature_header(&secret, Utc::now().timestamp(), &body),
            )
            .header(EVENT_ID_HEADER, &d.event_id)
            .header(EVENT_TYPE_HEADER, &d.event_type)
            .body(body)
            .send()
            .await;
        let (status, error) = match sent {
            Ok(r) if r.status().is_success() => (Some(i32::from(r.status().as_u16())), None),
            Ok(r) => (
                Some(i32::from(r.status().as_u16())),
                Some(format!("the endpoint answered {}", r.status().as_u16())),
            ),
            Err(e) => (None, Some(failure(&e).to_owned())),
        };
        deps.db
            .record_webhook_attempt(
                self.delivery_id,
                DeliveryAttempt {
                    status,
                    error: error.as_deref(),
                },
                Utc::now(),
            )
            .await?;
        // An error makes the queue try again later; it names no URL, secret or body.
        error.map_or(Ok(()), |e| Err(e.into()))
    }
}

/// What the admin's log says of a delivery that got no answer (reqwest's own message names
/// the URL, which may carry the firm's token).
fn failure(e: &reqwest::Error) -> &'static str {
    if e.is_timeout() {
        "the endpoint did not answer in time"
    } else if e.is_connect() {
        "could not connect to the endpoint"
    } else {
        "the request to the endpoint failed"
    }
}

/// One client for every delivery: short timeouts, and no redirects (a delivery goes to the
/// address the admin registered, nowhere else).
fn client() -> &'static reqwest::Client {
    static CLIENT: OnceLock<reqwest::Client> = OnceLock::new();
    CLIENT.get_or_init(|| {
        reqwest::Client::builder()
            .timeout(TIMEOUT)
            .connect_timeout(CONNECT_TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent("Threshold-Webhooks/1")
            .build()
            .expect("an HTTP client")
    })
}

/// The relay's pass: every delivery not yet queued becomes a job (at most once per delivery:
/// a relay killed before marking it pushes the same key again, a no-op).
pub async fn queue_new_deliveries(
    db: &Db,
    queue: &JobQueue,
    now: DateTime<Utc>,
) -> Result<usize, RelayError> {
    let ids = db.unqueued_webhook_deliveries(BATCH).await?;
    for &delivery_id in &ids {
        queue
            .push_once(
                WebhookDelivery { delivery_id },
                &format!("webhook-delivery-{delivery_id}"),
            )
            .await?;
        db.mark_webhook_queued(delivery_id, now).await?;
    }
    Ok(ids.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_is_the_hmac_of_the_timestamp_and_body() {
        // `printf '1700000000.{}' | openssl dgst -sha256 -hmac whsec_test`
        assert_eq!(
            signature_header("whsec_test", 1_700_000_000, "{}"),
            "t=1700000000,v1=35495024f4ef3f94e5a93e22221544c4b75e9a42300cd965ab81cb85cd994e91"
        );
        assert_ne!(
            sign("whsec_test", 1_700_000_000, "{}"),
            sign("whsec_other", 1_700_000_000, "{}")
        );
        assert_ne!(
            sign("whsec_test", 1_700_000_000, "{}"),
            sign("whsec_test", 1_700_000_001, "{}")
        );
    }
}

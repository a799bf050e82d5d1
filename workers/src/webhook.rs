//! Broker firms' webhooks (issue 32): the relay's pass that queues each new delivery as a job,
//! and the job that POSTs it to the firm's endpoint, signed. The queue tries a failed delivery
//! again with exponential backoff for about a day (`queue::retry`); every try is recorded on
//! the delivery for the firm's admin. Each delivery goes only to public addresses, checked as it
//! is sent ([`crate::webhook_target`]). How a receiver checks the signature: docs/api/webhooks.md.

use std::net::SocketAddr;
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
use crate::webhook_target::{self, TargetError};

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
        let (status, error) = match target(&d.url, deps.webhook_allow_private).await {
            Err(refused) => (None, Some(refused.to_owned())),
            Ok((url, addrs)) => {
                let sent = client(&url, &addrs)?
                    .post(url)
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
                match sent {
                    Ok(r) if r.status().is_success() => {
                        (Some(i32::from(r.status().as_u16())), None)
                    }
                    Ok(r) => (
                        Some(i32::from(r.status().as_u16())),
                        Some(format!("the endpoint answered {}", r.status().as_u16())),
                    ),
                    Err(e) => (None, Some(failure(&e).to_owned())),
                }
            }
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

/// The endpoint's URL and the addresses to send to, resolved and checked now (see
/// [`webhook_target`]); or why not, in the words of the admin's log.
async fn target(
    raw: &str,
    allow_private: bool,
) -> Result<(url::Url, Vec<SocketAddr>), &'static str> {
    let url = url::Url::parse(raw).map_err(|_| "the endpoint's URL is not valid")?;
    match webhook_target::resolve(&url, allow_private).await {
        Ok(addrs) => Ok((url, addrs)),
        Err(TargetError::Unresolved) => Err("could not find the endpoint's host"),
        Err(TargetError::NotPublic) => Err("refused: the endpoint's host is not a public address"),
        Err(TargetError::NotHttps | TargetError::NoHost) => Err("the endpoint's URL is not valid"),
    }
}

/// A client for one delivery, pinned to the addresses just checked (a second DNS answer, which
/// could name an internal address, is never asked for, nor is a proxy, which would resolve the
/// name itself); short timeouts, and no redirects (a delivery goes to the address the admin
/// registered, nowhere else).
fn client(url: &url::Url, addrs: &[SocketAddr]) -> Result<reqwest::Client, reqwest::Error> {
    let mut builder = reqwest::Client::builder()
        .no_proxy()
        .timeout(TIMEOUT)
        .connect_timeout(CONNECT_TIMEOUT)
        .redirect(reqwest::redirect::Policy::none())
        .user_agent("Threshold-Webhooks/1");
    if let Some(url::Host::Domain(name)) = url.host() {
        builder = builder.resolve_to_addrs(name, addrs);
    }
    builder.build()
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

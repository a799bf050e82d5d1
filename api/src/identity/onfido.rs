//! Onfido, an electronic identity provider: the person takes Onfido's hosted check (an Onfido
//! Studio workflow run: their document and a face video, on Onfido's page), and Onfido's signed
//! webhook reports the outcome.
//!
//! Onfido's API as used here (v3.6, `Authorization: Token token=…`):
//! - `POST /v3.6/applicants` `{first_name, last_name, email}` → `{id}`;
//! - `POST /v3.6/workflow_runs` `{workflow_id, applicant_id, link: {completed_redirect_url,
//!   expired_redirect_url}}` → `{id, status, dashboard_url, link: {url}}`;
//! - the webhook: `{payload: {resource_type, action, object: {id, status}}}`, signed in
//!   `X-SHA2-Signature` (hex HMAC-SHA256 of the body with the webhook's token);
//! - `GET /v3.6/workflow_runs/{id}` → `{id, status, reasons}`: why a run ended as it did,
//!   read by the worker that records a verdict other than approval.

use std::time::Duration;

use axum::http::HeaderMap;
use futures::future::BoxFuture;
use hmac::{Hmac, Mac};
use serde::Deserialize;
use serde_json::json;
use sha2::Sha256;
use threshold_workers::IdentityRuns;

use super::provider::{
    BadWebhook, ElectronicCheck, FinishedCheck, HostedCheck, Person, ProviderError, web_address,
};
use crate::config::Config;

/// The header Onfido signs its webhook calls in.
pub const SIGNATURE_HEADER: &str = "x-sha2-signature";

#[derive(Clone)]
pub struct Onfido {
    http: reqwest::Client,
    base: url::Url,
    token: String,
    workflow_id: String,
    /// Without it no webhook is believed.
    webhook_token: Option<String>,
}

#[derive(Deserialize)]
struct Created {
    id: String,
}

#[derive(Deserialize)]
struct RunLink {
    url: String,
}

#[derive(Deserialize)]
struct WorkflowRun {
    id: String,
    link: RunLink,
    dashboard_url: Option<String>,
}

/// A finished run, as far as its reasons.
#[derive(Deserialize)]
struct FinishedRun {
    #[serde(default)]
    reasons: Option<Vec<String>>,
}

#[derive(Deserialize)]
struct Event {
    payload: Payload,
}

#[derive(Deserialize)]
struct Payload {
    action: String,
    object: EventObject,
}

#[derive(Deserialize)]
struct EventObject {
    id: String,
    status: String,
}

/// How many of a run's reasons are kept, and how long each may be: Onfido's are short labels
/// set in its workflow; anything beyond is not a reason the firm can read.
const MAX_REASONS: usize = 20;
const MAX_REASON_CHARS: usize = 200;

impl Onfido {
    /// Onfido, where both its API token and workflow are configured; none where neither is.
    pub fn from_config(config: &Config) -> anyhow::Result<Option<Self>> {
        let token = config.onfido_api_token.clone().filter(|t| !t.is_empty());
        let workflow = config.onfido_workflow_id.clone().filter(|w| !w.is_empty());
        let (token, workflow_id) = match (token, workflow) {
            (Some(token), Some(workflow)) => (token, workflow),
            (None, None) => return Ok(None),
            _ => anyhow::bail!("ONFIDO_API_TOKEN and ONFIDO_WORKFLOW_ID are set together"),
        };
        let mut base = url::Url::parse(&config.onfido_api_url)?;
        if !base.path().ends_with('/') {
            base.set_path(&format!("{}/", base.path()));
        }
        Ok(Some(Onfido {
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(10))
                .build()?,
            base,
            token,
            workflow_id,
            webhook_token: config.onfido_webhook_token.clone(),
        }))
    }

    /// Makes the person an Onfido applicant and starts the workflow for them; they come back
    /// to `return_url` when done (or when the link has expired).
    async fn start_run(
        &self,
        person: &Person<'_>,
        return_url: &str,
    ) -> Result<HostedCheck, ProviderError> {
        let applicant: Created = self
            .post(
                "applicants",
                json!({
                    "first_name": person.first_name,
                    "last_name": person.last_name,
                    "email": person.email,
                }),
            )
            .await?;
        let run: WorkflowRun = self
            .post(
                "workflow_runs",
                json!({
                    "workflow_id": self.workflow_id,
                    "applicant_id": applicant.id,
                    "link": {
                        "completed_redirect_url": return_url,
                        "expired_redirect_url": return_url,
                    },
                }),
            )
            .await?;
        Ok(HostedCheck {
            reference: run.id,
            url: run.link.url,
            dashboard_url: run.dashboard_url.filter(|u| web_address(u)),
        })
    }

    /// Whether `signature` (hex, from `X-SHA2-Signature`) is the webhook token's HMAC of the
    /// body; compared in constant time. False where no webhook token is configured.
    fn signed(&self, body: &[u8], signature: &str) -> bool {
        let (Some(token), Ok(given)) = (&self.webhook_token, hex::decode(signature.trim())) else {
            return false;
        };
        let mut mac = Hmac::<Sha256>::new_from_slice(token.as_bytes()).expect("any key length");
        mac.update(body);
        mac.verify_slice(&given).is_ok()
    }

    /// Why the run `reference` ended as it did: its reasons, trimmed to what a person reads.
    async fn run_reasons(&self, reference: &str) -> Result<Vec<String>, ProviderError> {
        let mut path = self.url("workflow_runs/")?;
        path.path_segments_mut()
            .map_err(|()| ProviderError("the Onfido address cannot take a path".into()))?
            .pop_if_empty()
            .push(reference);
        let run: FinishedRun = self.send("workflow_runs", self.http.get(path)).await?;
        Ok(run
            .reasons
            .unwrap_or_default()
            .into_iter()
            .map(|r| r.trim().chars().take(MAX_REASON_CHARS).collect::<String>())
            .filter(|r| !r.is_empty())
            .take(MAX_REASONS)
            .collect())
    }

    fn url(&self, resource: &str) -> Result<url::Url, ProviderError> {
        self.base
            .join(&format!("v3.6/{resource}"))
            .map_err(|e| ProviderError(e.to_string()))
    }

    async fn post<T: serde::de::DeserializeOwned>(
        &self,
        resource: &str,
        body: serde_json::Value,
    ) -> Result<T, ProviderError> {
        let url = self.url(resource)?;
        self.send(resource, self.http.post(url).json(&body)).await
    }

    /// Sends an authenticated request about `resource` and reads its JSON answer.
    async fn send<T: serde::de::DeserializeOwned>(
        &self,
        resource: &str,
        request: reqwest::RequestBuilder,
    ) -> Result<T, ProviderError> {
        let response = request
            .header("Authorization", format!("Token token={}", self.token))
            .send()
            .await
            .map_err(|e| ProviderError(e.without_url().to_string()))?;
        let status = response.status();
        if !status.is_success() {
            // Onfido's error body names the fields it refused; never the person's details.
            return Err(ProviderError(format!("{resource}: HTTP {status}")));
        }
        response
            .json()
            .await
            .map_err(|e| ProviderError(format!("{resource}: {}", e.without_url())))
    }
}

impl ElectronicCheck for Onfido {
    fn name(&self) -> &'static str {
        "ONFIDO"
    }

    fn start<'a>(
        &'a self,
        person: &'a Person<'a>,
        return_url: &'a str,
    ) -> BoxFuture<'a, Result<HostedCheck, ProviderError>> {
        Box::pin(self.start_run(person, return_url))
    }

    fn finished_check(
        &self,
        headers: &HeaderMap,
        body: &[u8],
    ) -> Result<Option<FinishedCheck>, BadWebhook> {
        let signature = headers
            .get(SIGNATURE_HEADER)
            .and_then(|v| v.to_str().ok())
            .ok_or(BadWebhook)?;
        if !self.signed(body, signature) {
            return Err(BadWebhook);
        }
        let event: Event = serde_json::from_slice(body).map_err(|_| BadWebhook)?;
        if event.payload.action != "workflow_run.completed" {
            return Ok(None);
        }
        Ok(Some(FinishedCheck {
            reference: event.payload.object.id,
            result: event.payload.object.status,
        }))
    }
}

impl IdentityRuns for Onfido {
    fn reasons<'a>(
        &'a self,
        reference: &'a str,
    ) -> BoxFuture<'a, Result<Vec<String>, Box<dyn std::error::Error + Send + Sync>>> {
        Box::pin(async move { Ok(self.run_reasons(reference).await?) })
    }
}

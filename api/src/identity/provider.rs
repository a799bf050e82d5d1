//! Who checks an owner's or buyer's identity. By default the firm itself: the person uploads a
//! photo ID and a selfie and a conveyancer reviews them. With Onfido configured, the person
//! takes Onfido's hosted check instead (an Onfido Studio workflow run: their document and a
//! face video, on Onfido's page), and Onfido's signed webhook reports the outcome.
//!
//! Onfido's API as used here (v3.6, `Authorization: Token token=…`):
//! - `POST /v3.6/applicants` `{first_name, last_name, email}` → `{id}`;
//! - `POST /v3.6/workflow_runs` `{workflow_id, applicant_id, link: {completed_redirect_url,
//!   expired_redirect_url}}` → `{id, status, dashboard_url, link: {url}}`;
//! - the webhook: `{payload: {resource_type, action, object: {id, status}}}`, signed in
//!   `X-SHA2-Signature` (hex HMAC-SHA256 of the body with the webhook's token).

use std::time::Duration;

use hmac::{Hmac, Mac};
use serde::Deserialize;
use serde_json::json;
use sha2::Sha256;

use crate::config::Config;

#[derive(Clone)]
pub enum IdentityProvider {
    /// Uploads, reviewed by the firm's conveyancers.
    ManualReview,
    Onfido(Onfido),
}

#[derive(Clone)]
pub struct Onfido {
    http: reqwest::Client,
    base: url::Url,
    token: String,
    workflow_id: String,
    /// Without it no webhook is believed.
    webhook_token: Option<String>,
}

/// The person, as the provider records them (their current legal name).
pub struct Person<'a> {
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub email: &'a str,
}

/// A check begun with the provider.
pub struct HostedCheck {
    /// The provider's reference (a workflow run id), which its webhook names.
    pub reference: String,
    /// Where the person takes the check.
    pub url: String,
    /// The provider's own page for the check, where the firm reads its reasons.
    pub dashboard_url: Option<String>,
}

#[derive(Debug, thiserror::Error)]
#[error("the identity provider could not start the check: {0}")]
pub struct ProviderError(String);

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

impl IdentityProvider {
    pub fn from_config(config: &Config) -> anyhow::Result<Self> {
        let token = config.onfido_api_token.clone().filter(|t| !t.is_empty());
        let workflow = config.onfido_workflow_id.clone().filter(|w| !w.is_empty());
        let (token, workflow_id) = match (token, workflow) {
            (Some(token), Some(workflow)) => (token, workflow),
            (None, None) => return Ok(Self::ManualReview),
            _ => anyhow::bail!("ONFIDO_API_TOKEN and ONFIDO_WORKFLOW_ID are set together"),
        };
        let mut base = url::Url::parse(&config.onfido_api_url)?;
        if !base.path().ends_with('/') {
            base.set_path(&format!("{}/", base.path()));
        }
        Ok(Self::Onfido(Onfido {
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(10))
                .build()?,
            base,
            token,
            workflow_id,
            webhook_token: config.onfido_webhook_token.clone(),
        }))
    }

    /// MANUAL or ONFIDO, as the browser app reads it.
    pub fn name(&self) -> &'static str {
        match self {
            Self::ManualReview => "MANUAL",
            Self::Onfido(_) => "ONFIDO",
        }
    }
}

impl Onfido {
    /// Makes the person an Onfido applicant and starts the workflow for them; they come back
    /// to `return_url` when done (or when the link has expired).
    pub async fn start(
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
    pub fn signed(&self, body: &[u8], signature: &str) -> bool {
        let (Some(token), Ok(given)) = (&self.webhook_token, hex::decode(signature.trim())) else {
            return false;
        };
        let mut mac = Hmac::<Sha256>::new_from_slice(token.as_bytes()).expect("any key length");
        mac.update(body);
        mac.verify_slice(&given).is_ok()
    }

    async fn post<T: serde::de::DeserializeOwned>(
        &self,
        resource: &str,
        body: serde_json::Value,
    ) -> Result<T, ProviderError> {
        let url = self
            .base
            .join(&format!("v3.6/{resource}"))
            .map_err(|e| ProviderError(e.to_string()))?;
        let response = self
            .http
            .post(url)
            .header("Authorization", format!("Token token={}", self.token))
            .json(&body)
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

/// An http(s) address: the firm's browser opens the provider's links, so nothing else (a
/// `javascript:` one) is kept.
fn web_address(url: &str) -> bool {
    url::Url::parse(url).is_ok_and(|u| matches!(u.scheme(), "https" | "http"))
}

#[cfg(test)]
mod tests {
    use super::web_address;

    #[test]
    fn only_web_addresses_are_kept_as_the_providers_links() {
        assert!(web_address("https://dashboard.onfido.com/results/abc"));
        assert!(web_address("http://127.0.0.1:9000/results/abc"));
        assert!(!web_address("javascript:alert(1)"));
        assert!(!web_address("data:text/html,hi"));
        assert!(!web_address("/results/abc"));
    }
}

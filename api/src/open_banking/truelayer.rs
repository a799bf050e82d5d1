//! TrueLayer's Data API (v1), as used to collect a buyer's bank statements with their consent:
//! - the auth link `{auth}/?response_type=code&client_id&redirect_uri&scope&providers&state`,
//!   where the buyer picks their bank and consents; TrueLayer sends them back to
//!   `redirect_uri?code&state` (or `?error&state`);
//! - `POST {auth}/connect/token` (form: `grant_type=authorization_code`, `client_id`,
//!   `client_secret`, `redirect_uri`, `code`) → `{access_token}`;
//! - `GET {api}/data/v1/accounts` → `{results: [{account_id, display_name, account_type,
//!   currency, account_number: {number, sort_code}, provider: {display_name}}]}`;
//! - `GET {api}/data/v1/accounts/{id}/transactions?from&to` → `{results: [{timestamp,
//!   description, amount, currency, running_balance: {amount}}]}` (amounts in pounds, money
//!   out negative).
//!
//! The access token lives for this request only: nothing of it is stored or logged.

use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::Deserialize;

use crate::config::Config;

/// What the buyer is asked to share: account details and their transactions.
const SCOPE: &str = "info accounts balance transactions";
/// Every UK bank TrueLayer reaches (open banking and its own OAuth connections).
const PROVIDERS: &str = "uk-ob-all uk-oauth-all";

#[derive(Clone)]
pub struct TrueLayer {
    http: reqwest::Client,
    auth: url::Url,
    api: url::Url,
    client_id: String,
    client_secret: String,
}

/// The provider refused, failed or answered what we cannot read: the buyer uploads instead.
#[derive(Debug, thiserror::Error)]
#[error("TrueLayer: {0}")]
pub struct TrueLayerError(String);

impl From<reqwest::Error> for TrueLayerError {
    fn from(err: reqwest::Error) -> Self {
        // Without the URL: it may carry the code.
        Self(err.without_url().to_string())
    }
}

#[derive(Deserialize)]
struct Token {
    access_token: String,
}

#[derive(Deserialize)]
struct Results<T> {
    results: Vec<T>,
}

/// One account the buyer shared.
#[derive(Debug, Clone, Deserialize)]
pub struct Account {
    pub account_id: String,
    pub display_name: Option<String>,
    pub currency: Option<String>,
    pub account_number: Option<AccountNumber>,
    pub provider: Option<Provider>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct AccountNumber {
    pub number: Option<String>,
    pub sort_code: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Provider {
    pub display_name: Option<String>,
}

/// One settled transaction.
#[derive(Debug, Clone, Deserialize)]
pub struct Transaction {
    pub timestamp: DateTime<Utc>,
    pub description: String,
    /// Pounds, money out negative.
    pub amount: f64,
    pub running_balance: Option<Balance>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Balance {
    pub amount: f64,
}

impl TrueLayer {
    /// The client, when the firm has configured one.
    pub fn from_config(config: &Config) -> anyhow::Result<Option<Self>> {
        let (Some(id), Some(secret)) = (
            config.truelayer_client_id.as_deref(),
            config.truelayer_client_secret.as_deref(),
        ) else {
            return Ok(None);
        };
        Ok(Some(Self {
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(30))
                .build()?,
            auth: url::Url::parse(&config.truelayer_auth_url)?,
            api: url::Url::parse(&config.truelayer_api_url)?,
            client_id: id.to_owned(),
            client_secret: secret.to_owned(),
        }))
    }

    /// Where the buyer goes to pick their bank and consent.
    pub fn auth_link(&self, redirect_uri: &str, state: &str) -> String {
        let mut link = self.auth.clone();
        link.query_pairs_mut()
            .append_pair("response_type", "code")
            .append_pair("client_id", &self.client_id)
            .append_pair("redirect_uri", redirect_uri)
            .append_pair("scope", SCOPE)
            .append_pair("providers", PROVIDERS)
            .append_pair("state", state);
        link.to_string()
    }

    /// The access token for the code the buyer came back with.
    pub async fn exchange(&self, code: &str, redirect_uri: &str) -> Result<String, TrueLayerError> {
        let form = serde_urlencoded::to_string([
            ("grant_type", "authorization_code"),
            ("client_id", &self.client_id),
            ("client_secret", &self.client_secret),
            ("redirect_uri", redirect_uri),
            ("code", code),
        ])
        .map_err(|e| TrueLayerError(e.to_string()))?;
        let token: Token = self
            .http
            .post(self.url(&self.auth, "connect/token")?)
            .header(
                reqwest::header::CONTENT_TYPE,
                "application/x-www-form-urlencoded",
            )
            .body(form)
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        Ok(token.access_token)
    }

    pub async fn accounts(&self, token: &str) -> Result<Vec<Account>, TrueLayerError> {
        let url = self.url(&self.api, "data/v1/accounts")?;
        Ok(self.get::<Account>(url, token).await?)
    }

    /// The account's settled transactions between `from` and `to`, oldest first.
    pub async fn transactions(
        &self,
        token: &str,
        account_id: &str,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<Transaction>, TrueLayerError> {
        let mut url = self.url(&self.api, "data/v1/accounts/")?;
        url.path_segments_mut()
            .map_err(|_| TrueLayerError("the API URL cannot take a path".into()))?
            .pop_if_empty()
            .extend([account_id, "transactions"]);
        url.query_pairs_mut()
            .append_pair("from", &from.to_rfc3339())
            .append_pair("to", &to.to_rfc3339());
        let mut list = self.get::<Transaction>(url, token).await?;
        list.sort_by_key(|t| t.timestamp);
        Ok(list)
    }

    async fn get<T: serde::de::DeserializeOwned>(
        &self,
        url: url::Url,
        token: &str,
    ) -> Result<Vec<T>, reqwest::Error> {
        let page: Results<T> = self
            .http
            .get(url)
            .bearer_auth(token)
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        Ok(page.results)
    }

    fn url(&self, base: &url::Url, path: &str) -> Result<url::Url, TrueLayerError> {
        base.join(path)
            .map_err(|e| TrueLayerError(format!("bad URL: {e}")))
    }
}

//! Sanctions and politically-exposed-person screening of a case's clients (Money Laundering
//! Regulations 2017, regs. 28 and 35; the UK sanctions list under the Sanctions and
//! Anti-Money Laundering Act 2018) through OpenSanctions' matching API — the hosted one with
//! `OPENSANCTIONS_API_KEY`, or a firm's own yente server at `OPENSANCTIONS_API_URL`. Without
//! either the firm screens by its own means and uploads the report to the task
//! `sanctions_and_pep_screening` (the local default).
//!
//! One `POST /match/{dataset}` screens everyone: `{"queries": {"q0": {"schema": "Person",
//! "properties": {"name": […], "birthDate": […]}}, …}}`, answered with
//! `{"responses": {"q0": {"results": [{"caption", "score", "match", "properties": {"topics"}}]}}}`;
//! a result with `match: true` is a candidate the firm must rule out. The key travels as
//! `Authorization: ApiKey …`.

use std::collections::BTreeMap;
use std::time::Duration;

use chrono::NaiveDate;
use serde::Deserialize;
use serde_json::json;

use crate::config::Config;

/// OpenSanctions' hosted API, used when only a key is configured.
const HOSTED: &str = "https://api.opensanctions.org";

/// How the case view and the audit trail name the provider.
pub const PROVIDER: &str = "OPENSANCTIONS";

/// A client of the firm as screened: their full legal name and, when known, date of birth
/// (which tells same-named people apart).
pub struct Person<'a> {
    pub name: &'a str,
    pub birth_date: Option<NaiveDate>,
}

/// A listed person the provider says may be the client: the firm rules each one out (or not).
#[derive(Debug, Clone, PartialEq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Candidate {
    /// The listed person's name.
    pub caption: String,
    /// How closely they match, 0 to 1.
    pub score: f64,
    /// Why they are listed: `sanction`, `role.pep`, `role.rca`, `crime`, `debarment`, …
    pub topics: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
#[error("the screening provider could not answer: {0}")]
pub struct ScreeningError(String);

#[derive(Clone)]
pub struct OpenSanctions {
    http: reqwest::Client,
    url: url::Url,
    key: Option<String>,
}

#[derive(Deserialize)]
struct Answer {
    responses: BTreeMap<String, Response>,
}

#[derive(Deserialize)]
struct Response {
    results: Vec<Found>,
}

#[derive(Deserialize)]
struct Found {
    caption: String,
    score: f64,
    #[serde(rename = "match")]
    is_match: bool,
    #[serde(default)]
    properties: Properties,
}

#[derive(Deserialize, Default)]
struct Properties {
    #[serde(default)]
    topics: Vec<String>,
}

impl OpenSanctions {
    /// The configured provider, if any: a key (the hosted API), a URL (a yente server), or both.
    pub fn from_config(config: &Config) -> anyhow::Result<Option<Self>> {
        let (url, key) = (&config.opensanctions_api_url, &config.opensanctions_api_key);
        if url.is_none() && key.is_none() {
            return Ok(None);
        }
        let base = url.as_deref().unwrap_or(HOSTED).trim_end_matches('/');
        let url = url::Url::parse(&format!("{base}/match/{}", config.opensanctions_dataset))?;
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(20))
            .build()?;
        Ok(Some(Self {
            http,
            url,
            key: key.clone(),
        }))
    }

    /// Screens everyone at once; for each person, in order, the candidates to rule out.
    pub async fn screen(
        &self,
        people: &[Person<'_>],
    ) -> Result<Vec<Vec<Candidate>>, ScreeningError> {
        let queries: serde_json::Map<String, serde_json::Value> = people
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let mut properties = json!({ "name": [p.name] });
                if let Some(born) = p.birth_date {
                    properties["birthDate"] = json!([born.to_string()]);
                }
                (
                    format!("q{i}"),
                    json!({ "schema": "Person", "properties": properties }),
                )
            })
            .collect();
        let mut request = self
            .http
            .post(self.url.clone())
            .json(&json!({ "queries": queries }));
        if let Some(key) = &self.key {
            request = request.header("authorization", format!("ApiKey {key}"));
        }
        let response = request
            .send()
            .await
            .map_err(|e| ScreeningError(e.without_url().to_string()))?;
        if !response.status().is_success() {
            return Err(ScreeningError(format!("HTTP {}", response.status())));
        }
        let mut answer: Answer = response
            .json()
            .await
            .map_err(|e| ScreeningError(e.without_url().to_string()))?;
        (0..people.len())
            .map(|i| {
                let response = answer
                    .responses
                    .remove(&format!("q{i}"))
                    .ok_or_else(|| ScreeningError(format!("no answer for query q{i}")))?;
                Ok(response
                    .results
                    .into_iter()
                    .filter(|r| r.is_match)
                    .map(|r| Candidate {
                        caption: r.caption,
                        score: r.score,
                        topics: r.properties.topics,
                    })
                    .collect())
            })
            .collect()
    }
}

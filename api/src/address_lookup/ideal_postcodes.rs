//! The address provider: Ideal Postcodes' REST API (Royal Mail's Postcode Address File).
//! `GET /v1/postcodes/{postcode}` lists a postcode's addresses, `GET /v1/udprn/{udprn}` reads
//! one; both answer `{"result", "code", "message"}`, with HTTP 404 (codes 404x) for "not found".
//! The key travels as the `api_key` query parameter, so errors are logged without their URL.

use std::time::Duration;

use serde::Deserialize;

use super::FoundAddress;

/// Why a lookup found nothing usable.
#[derive(Debug)]
pub enum LookupError {
    /// The postcode or address id is unknown to the provider.
    NotFound,
    /// The provider could not answer (network, bad key, no lookups left): logged, and the
    /// customer types the address instead.
    Unavailable(String),
}

#[derive(Clone)]
pub struct IdealPostcodes {
    http: reqwest::Client,
    base: url::Url,
    key: String,
}

#[derive(Deserialize)]
struct Envelope<T> {
    result: Option<T>,
    code: i64,
    #[serde(default)]
    message: String,
}

/// The fields of a provider address that the case needs.
#[derive(Deserialize)]
struct PafAddress {
    udprn: u64,
    line_1: String,
    #[serde(default)]
    line_2: String,
    #[serde(default)]
    line_3: String,
    post_town: String,
    #[serde(default)]
    county: String,
    postcode: String,
    #[serde(default)]
    country: String,
}

impl IdealPostcodes {
    pub fn new(base: &str, key: String) -> anyhow::Result<Self> {
        let mut base = url::Url::parse(base)?;
        if !base.path().ends_with('/') {
            base.set_path(&format!("{}/", base.path()));
        }
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(5))
            .build()?;
        Ok(Self { http, base, key })
    }

    /// Every delivery address at a postcode (already normalised, e.g. `SW1A 2AA`).
    pub async fn by_postcode(&self, postcode: &str) -> Result<Vec<FoundAddress>, LookupError> {
        let compact: String = postcode.split_whitespace().collect();
        let found: Vec<PafAddress> = self.get(&["v1", "postcodes", &compact]).await?;
        Ok(found.into_iter().map(FoundAddress::from).collect())
    }

    /// One address by its Royal Mail delivery point number.
    pub async fn by_id(&self, udprn: u64) -> Result<FoundAddress, LookupError> {
        let found: PafAddress = self.get(&["v1", "udprn", &udprn.to_string()]).await?;
        Ok(found.into())
    }

    async fn get<T: serde::de::DeserializeOwned>(
        &self,
        segments: &[&str],
    ) -> Result<T, LookupError> {
        let mut url = self.base.clone();
        url.path_segments_mut()
            .map_err(|()| LookupError::Unavailable("address lookup URL cannot take a path".into()))?
            .pop_if_empty()
            .extend(segments);
        url.query_pairs_mut().append_pair("api_key", &self.key);
        let response = self
            .http
            .get(url)
            .send()
            .await
            .map_err(|err| LookupError::Unavailable(err.without_url().to_string()))?;
        let status = response.status();
        let envelope: Envelope<T> = response
            .json()
            .await
            .map_err(|err| LookupError::Unavailable(err.without_url().to_string()))?;
        match (envelope.code, envelope.result) {
            (2000, Some(result)) => Ok(result),
            // 404x: the postcode (4040) or address (4044) is not known.
            _ if status == reqwest::StatusCode::NOT_FOUND => Err(LookupError::NotFound),
            (code, _) => Err(LookupError::Unavailable(format!(
                "HTTP {status}, code {code}: {}",
                envelope.message
            ))),
        }
    }
}

impl From<PafAddress> for FoundAddress {
    fn from(a: PafAddress) -> Self {
        let non_empty = |s: String| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
        let line2 = [a.line_2, a.line_3]
            .into_iter()
            .filter_map(non_empty)
            .collect::<Vec<_>>()
            .join(", ");
        let town = title_case(&a.post_town);
        let formatted = [
            a.line_1.clone(),
            line2.clone(),
            town.clone(),
            a.postcode.clone(),
        ]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(", ");
        FoundAddress {
            id: a.udprn.to_string(),
            address_line1: a.line_1,
            address_line2: non_empty(line2),
            town,
            county: non_empty(a.county),
            postcode: a.postcode,
            country: non_empty(a.country),
            formatted_address: formatted,
        }
    }
}

/// Royal Mail writes post towns in capitals ("LONDON"); addresses read better as "London".
fn title_case(raw: &str) -> String {
    raw.split(' ')
        .map(|word| {
            let lower = word.to_lowercase();
            let mut chars = lower.chars();
            match chars.next() {
                Some(first) => first.to_uppercase().chain(chars).collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::title_case;

    #[test]
    fn post_towns_read_as_names() {
        assert_eq!(title_case("LONDON"), "London");
        assert_eq!(title_case("NEWCASTLE UPON TYNE"), "Newcastle Upon Tyne");
        assert_eq!(title_case(""), "");
    }
}

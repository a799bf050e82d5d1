//! Who checks an owner's or buyer's identity. By default the firm itself: the person uploads a
//! photo ID and a selfie and a conveyancer reviews them. Where an electronic provider is
//! configured (Onfido, see `onfido`), the person takes the provider's hosted check instead and
//! its signed webhook reports the outcome. Another provider is one more [`ElectronicCheck`]
//! chosen in [`IdentityProvider::from_config`]; nothing else in the product names one.

use std::sync::Arc;

use axum::http::HeaderMap;
use futures::future::BoxFuture;
use threshold_workers::IdentityRuns;

use super::onfido::Onfido;
use crate::config::Config;

/// The identity check a case's owners take: the firm's review of uploads, or an electronic
/// provider's.
#[derive(Clone)]
pub struct IdentityProvider {
    electronic: Option<Arc<dyn ElectronicCheck>>,
}

/// An electronic identity check, taken on the provider's hosted page and reported back by its
/// webhook. Its [`IdentityRuns`] are the provider's reasons for a verdict.
pub trait ElectronicCheck: IdentityRuns {
    /// How the checks' records and the browser app name the provider (ONFIDO).
    fn name(&self) -> &'static str;

    /// Starts a check for the person; the provider brings them back to `return_url`.
    fn start<'a>(
        &'a self,
        person: &'a Person<'a>,
        return_url: &'a str,
    ) -> BoxFuture<'a, Result<HostedCheck, ProviderError>>;

    /// Reads a call to the provider's webhook: the check it reports finished, `None` for an
    /// event of no interest, or [`BadWebhook`] where it is not the provider's signed event.
    fn finished_check(
        &self,
        headers: &HeaderMap,
        body: &[u8],
    ) -> Result<Option<FinishedCheck>, BadWebhook>;
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

/// A check the provider reports finished: its reference and result (approved, declined,
/// review, abandoned or error).
pub struct FinishedCheck {
    pub reference: String,
    pub result: String,
}

#[derive(Debug, thiserror::Error)]
#[error("the identity provider could not start the check: {0}")]
pub struct ProviderError(pub(super) String);

/// A webhook call that is not the provider's signed event.
#[derive(Debug)]
pub struct BadWebhook;

impl IdentityProvider {
    /// The firm reviews uploads (the default).
    pub fn manual_review() -> Self {
        Self { electronic: None }
    }

    pub fn from_config(config: &Config) -> anyhow::Result<Self> {
        Ok(match Onfido::from_config(config)? {
            Some(onfido) => Self {
                electronic: Some(Arc::new(onfido)),
            },
            None => Self::manual_review(),
        })
    }

    /// The electronic check owners take, if one is configured.
    pub fn electronic(&self) -> Option<&dyn ElectronicCheck> {
        self.electronic.as_deref()
    }

    /// Where the workers read the provider's reasons for a verdict (none for the firm's own
    /// review).
    pub fn runs(&self) -> Option<Arc<dyn IdentityRuns>> {
        self.electronic
            .clone()
            .map(|check| check as Arc<dyn IdentityRuns>)
    }

    /// MANUAL or the provider's name, as the browser app reads it.
    pub fn name(&self) -> &'static str {
        self.electronic().map_or("MANUAL", |check| check.name())
    }
}

/// An http(s) address: the firm's browser opens the provider's links, so nothing else (a
/// `javascript:` one) is kept.
pub(super) fn web_address(url: &str) -> bool {
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

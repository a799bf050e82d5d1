//! Who takes the money: Stripe Checkout (a real integration, `async-stripe`) or, with no key
//! configured, the local stand-in.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use stripe_checkout::checkout_session::{
    CreateCheckoutSession, CreateCheckoutSessionLineItems, CreateCheckoutSessionLineItemsPriceData,
    ExpireCheckoutSession, ProductData, RetrieveCheckoutSession,
};
use stripe_checkout::{CheckoutSessionMode, CheckoutSessionStatus};
use stripe_types::Currency;

use crate::config::Config;

#[derive(Clone)]
pub enum PaymentProvider {
    /// Nothing is charged: the buyer confirms the test payment in the app.
    Local,
    Stripe {
        /// Boxed: the client is large, and most installations run without it.
        client: Box<stripe::Client>,
        /// The webhook endpoint's signing secret; without it no webhook is believed.
        webhook_secret: Option<String>,
    },
}

/// What the buyer is asked to pay, and where they come back to.
pub struct Checkout<'a> {
    pub case_id: i64,
    pub amount: i64,
    pub payer_email: &'a str,
    pub return_url: &'a str,
    pub firm: &'a str,
    /// Until when it can be paid (Stripe allows 30 minutes to 24 hours from now).
    pub expires_at: DateTime<Utc>,
}

/// A payment begun with the provider.
pub struct Started {
    /// The provider's reference (a Checkout Session id), which its webhook names.
    pub reference: String,
    /// Where the browser goes to pay (none for the local stand-in).
    pub redirect_url: Option<String>,
    /// Until when it can be paid, as the provider says.
    pub expires_at: DateTime<Utc>,
}

/// Where a payment that is no longer offered stands with the provider.
#[derive(Debug, PartialEq, Eq)]
pub enum Expired {
    /// Nobody can pay it any more.
    Expired,
    /// It was paid (or a payment on it is under way) before it could be expired: the
    /// provider's word on it is coming.
    Completed,
}

#[derive(Debug, thiserror::Error)]
#[error("the payment provider could not start the payment: {0}")]
pub struct ProviderError(String);

impl PaymentProvider {
    pub fn from_config(config: &Config) -> anyhow::Result<Self> {
        let Some(key) = config.stripe_secret_key.clone().filter(|k| !k.is_empty()) else {
            return Ok(Self::Local);
        };
        // Stripe's HTTPS client uses the process's default TLS provider, which rustls cannot
        // choose by itself when two are linked in; ring, as the rest of Threshold. A second
        // App in one process (the tests) finds it installed already.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let mut builder = stripe::ClientBuilder::new(key);
        if let Some(url) = &config.stripe_api_url {
            builder = builder.url(url);
        }
        Ok(Self::Stripe {
            client: Box::new(builder.build()?),
            webhook_secret: config.stripe_webhook_secret.clone(),
        })
    }

    /// STRIPE or LOCAL, as stored with the payment and shown to the browser.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Local => "LOCAL",
            Self::Stripe { .. } => "STRIPE",
        }
    }

    pub async fn start(&self, c: &Checkout<'_>) -> Result<Started, ProviderError> {
        let client = match self {
            Self::Local => {
                return Ok(Started {
                    reference: format!("local_{}", uuid::Uuid::new_v4().simple()),
                    redirect_url: None,
                    expires_at: c.expires_at,
                });
            }
            Self::Stripe { client, .. } => client,
        };
        let mut price = CreateCheckoutSessionLineItemsPriceData::new(Currency::GBP);
        price.unit_amount = Some(c.amount);
        price.product_data = Some(ProductData::new(format!(
            "{}: up-front payment, case {}",
            c.firm, c.case_id
        )));
        let mut item = CreateCheckoutSessionLineItems::new();
        item.price_data = Some(price);
        item.quantity = Some(1);
        let separator = if c.return_url.contains('?') { '&' } else { '?' };
        let session = CreateCheckoutSession::new()
            .mode(CheckoutSessionMode::Payment)
            .line_items(vec![item])
            .client_reference_id(c.case_id.to_string())
            .customer_email(c.payer_email)
            .metadata(HashMap::from([(
                "caseId".to_owned(),
                c.case_id.to_string(),
            )]))
            .success_url(format!("{}{separator}payment=success", c.return_url))
            .cancel_url(format!("{}{separator}payment=cancelled", c.return_url))
            .expires_at(c.expires_at.timestamp())
            .send(client.as_ref())
            .await
            .map_err(|e| ProviderError(e.to_string()))?;
        Ok(Started {
            reference: session.id.as_str().to_owned(),
            redirect_url: session.url,
            expires_at: DateTime::from_timestamp(session.expires_at, 0).unwrap_or(c.expires_at),
        })
    }

    /// Makes sure nobody can pay the payment `reference` any more: Stripe expires its Checkout
    /// Session (`POST /v1/checkout/sessions/{id}/expire`). One Stripe will not expire (expired
    /// already, or completed) is looked up to tell which. The local stand-in has nothing to
    /// expire.
    pub async fn expire(&self, reference: &str) -> Result<Expired, ProviderError> {
        let Self::Stripe { client, .. } = self else {
            return Ok(Expired::Expired);
        };
        let status = match ExpireCheckoutSession::new(reference)
            .send(client.as_ref())
            .await
        {
            Ok(session) => session.status,
            Err(refused) => {
                let session = RetrieveCheckoutSession::new(reference)
                    .send(client.as_ref())
                    .await
                    .map_err(|e| ProviderError(format!("{refused}; then {e}")))?;
                session.status
            }
        };
        match status {
            Some(CheckoutSessionStatus::Expired) => Ok(Expired::Expired),
            Some(CheckoutSessionStatus::Complete) => Ok(Expired::Completed),
            other => Err(ProviderError(format!(
                "the Checkout Session is still {other:?}"
            ))),
        }
    }
}

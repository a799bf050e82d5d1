//! `POST /webhooks/stripe`: Stripe tells us a Checkout Session is paid. The request carries
//! no session of ours; it is believed only with a valid `Stripe-Signature` (HMAC with the
//! endpoint's secret, at most five minutes old). The payment is recorded by a background job
//! (queued once per event), so a slow database never makes Stripe wait or retry.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use chrono::DateTime;
use stripe_checkout::CheckoutSessionPaymentStatus;
use stripe_webhook::{EventObject, Webhook};
use threshold_workers::DepositPaymentConfirmed;

use super::PaymentProvider;
use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};

/// Outside the browser's same-origin rule: Stripe's servers call it.
pub const STRIPE_WEBHOOK_PATH: &str = "/webhooks/stripe";

#[utoipa::path(post, path = "/webhooks/stripe", tag = "payments",
    request_body(content = String, content_type = "application/json", description = "A Stripe event, signed"),
    params(("Stripe-Signature" = String, Header, description = "Stripe's signature of the body")),
    responses(
        (status = 204, description = "Received (a paid session's payment is recorded shortly, as the case's payment or, where the case did not expect it, as an unexpected payment for the firm to refund; other events are ignored)"),
        (status = 400, description = "`bad_signature`: missing, wrong or stale signature, or not a Stripe event", body = ErrorBody),
        (status = 404, description = "Stripe is not configured here", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn stripe_webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<StatusCode> {
    let bad = || {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_signature",
            "The Stripe-Signature header does not match this body.",
        )
    };
    // An unsigned request is refused as such, whether or not Stripe is configured here.
    let signature = headers
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok())
        .ok_or_else(bad)?;
    let PaymentProvider::Stripe {
        webhook_secret: Some(secret),
        ..
    } = &state.payments
    else {
        return Err(ApiError::not_found());
    };
    let payload = std::str::from_utf8(&body).map_err(|_| bad())?;
    let event = Webhook::construct_event(payload, signature, secret).map_err(|e| {
        tracing::warn!(error = %e, "a Stripe webhook was refused");
        bad()
    })?;
    let session = match event.data.object {
        EventObject::CheckoutSessionCompleted(s)
            if s.payment_status == CheckoutSessionPaymentStatus::Paid =>
        {
            s
        }
        // Bank debits settle later: Stripe says so with this event.
        EventObject::CheckoutSessionAsyncPaymentSucceeded(s) => s,
        _ => return Ok(StatusCode::NO_CONTENT),
    };
    // What the firm needs to refund it, should it be a payment Threshold did not expect.
    let case_id = session
        .metadata
        .as_ref()
        .and_then(|m| m.get("caseId"))
        .or(session.client_reference_id.as_ref())
        .and_then(|id| id.parse().ok());
    let job = DepositPaymentConfirmed {
        reference: session.id.as_str().to_owned(),
        case_id,
        amount: session.amount_total,
        currency: session.currency.map(|c| c.to_string()),
        payment_id: session
            .payment_intent
            .as_ref()
            .map(|p| p.id().as_str().to_owned()),
        paid_at: DateTime::from_timestamp(event.created, 0),
    };
    state
        .queue
        .push_once(job, &format!("stripe-event:{}", event.id.as_str()))
        .await
        .map_err(ApiError::internal)?;
    Ok(StatusCode::NO_CONTENT)
}

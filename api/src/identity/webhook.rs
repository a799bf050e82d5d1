//! `POST /webhooks/onfido`: Onfido tells us a workflow run (an owner's identity check) has
//! ended. The request carries no session of ours; it is believed only with a valid
//! `X-SHA2-Signature`. The outcome is recorded by a background job, queued once per run and
//! status, so a slow database never makes Onfido wait or retry.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use threshold_workers::IdentityCheckCompleted;

use super::onfido::SIGNATURE_HEADER;
use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};

/// Outside the browser's same-origin rule: Onfido's servers call it.
pub const ONFIDO_WEBHOOK_PATH: &str = "/webhooks/onfido";

#[utoipa::path(post, path = "/webhooks/onfido", tag = "progress",
    request_body(content = String, content_type = "application/json", description = "An Onfido event, signed"),
    params(("X-SHA2-Signature" = String, Header, description = "Onfido's signature of the body")),
    responses(
        (status = 204, description = "Received (a completed run's outcome is recorded shortly; other events are ignored)"),
        (status = 400, description = "`bad_signature`: missing or wrong signature, or not an Onfido event", body = ErrorBody),
        (status = 404, description = "Onfido is not configured here", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn onfido_webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<StatusCode> {
    let bad = || {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_signature",
            "The X-SHA2-Signature header does not match this body.",
        )
    };
    let Some(provider) = state.identity.electronic() else {
        // An unsigned request is refused as such, whether or not Onfido is configured here.
        return Err(if headers.contains_key(SIGNATURE_HEADER) {
            ApiError::not_found()
        } else {
            bad()
        });
    };
    let Some(check) = provider.finished_check(&headers, &body).map_err(|_| {
        tracing::warn!("an identity provider's webhook was refused");
        bad()
    })?
    else {
        return Ok(StatusCode::NO_CONTENT);
    };
    let key = format!(
        "{}-run:{}:{}",
        provider.name().to_ascii_lowercase(),
        check.reference,
        check.result
    );
    let job = IdentityCheckCompleted {
        reference: check.reference,
        result: check.result,
    };
    state
        .queue
        .push_once(job, &key)
        .await
        .map_err(ApiError::internal)?;
    Ok(StatusCode::NO_CONTENT)
}

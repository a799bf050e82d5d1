//! /broker/webhooks: the endpoints a broker firm's admin registers to keep the firm's CRM in
//! step with its cases (issue 32), and their delivery log. Only the firm's `ROLE_BROKER_ADMIN`
//! may; another firm's endpoints are unknown (404). The signing secret is shown once, at
//! registration, and kept sealed under the installation's key (see `staff::sealed`). The
//! events, payload and signature: docs/api/webhooks.md.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use threshold_engine::WebhookEvent;
use threshold_store::WebhookEndpointId;
use threshold_store::audit::AuditEvent;
use threshold_store::webhooks::{
    NewWebhookEndpoint, WebhookDelivery as StoredDelivery, WebhookEndpoint,
};
use threshold_workers::webhook_target::{self, TargetError};
use threshold_workers::{WebhookDelivery, WebhookSecrets};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, CurrentSession};
use crate::staff::{SecretBox, webhook_owner};

/// Active endpoints a firm may have at once.
pub const MAX_ENDPOINTS: i64 = 10;
/// How many deliveries the log shows (newest first).
const LOG_LENGTH: i64 = 50;
const MAX_URL_LENGTH: usize = 2048;
const SECRET_PREFIX: &str = "whsec_";

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct NewWebhookRequest {
    /// Where events are POSTed: https, to a host that resolves only to public addresses (not
    /// loopback, private, link-local or other internal ones). At most 2048 characters.
    pub url: String,
    /// The events to receive, at least one: `case.created`, `case.status_changed`,
    /// `quote.sent`, `quote.accepted`, `quote.declined`, `application.submitted`,
    /// `document.issued`, `completion_date.agreed`, `case.completed`, `case.cancelled`.
    pub events: Vec<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookView {
    pub id: uuid::Uuid,
    pub url: String,
    pub events: Vec<String>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookCreated {
    #[serde(flatten)]
    pub endpoint: WebhookView,
    /// The signing secret (`whsec_…`): shown this once, never again.
    pub secret: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookList {
    pub endpoints: Vec<WebhookView>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryView {
    /// The delivery's id (to replay it).
    pub id: i64,
    /// The event's id, the same in every try (`Threshold-Event-Id`).
    pub event_id: String,
    pub event_type: String,
    /// Tries so far.
    pub attempts: i32,
    /// The endpoint's last HTTP status; null when it has not answered.
    pub last_status: Option<i32>,
    /// Why the last try failed; null once delivered.
    pub last_error: Option<String>,
    pub last_attempt_at: Option<DateTime<Utc>>,
    pub delivered_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryLog {
    pub deliveries: Vec<DeliveryView>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_webhooks, create_webhook))
        .routes(routes!(delete_webhook))
        .routes(routes!(webhook_deliveries))
        .routes(routes!(replay_delivery))
}

/// The workers open the secrets with the API's key.
impl WebhookSecrets for SecretBox {
    fn open(&self, endpoint: WebhookEndpointId, sealed: &str) -> anyhow::Result<String> {
        SecretBox::open(self, webhook_owner(endpoint), sealed)
    }
}

#[utoipa::path(post, path = "/broker/webhooks", tag = "broker", request_body = NewWebhookRequest,
    responses(
        (status = 201, description = "Registered; `secret` is shown this once", body = WebhookCreated),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a broker firm's admin", body = ErrorBody),
        (status = 409, description = "`too_many_webhooks`: the firm has 10 endpoints already", body = ErrorBody),
        (status = 422, description = "`url` not a URL, not https, its host not found or not a public address; `events` empty or naming an unknown event", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn create_webhook(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiJson(body): ApiJson<NewWebhookRequest>,
) -> ApiResult<(StatusCode, Json<WebhookCreated>)> {
    let firm_id = firm_admin(&session)?;
    let events = validate(&body, state.config.webhook_allow_private_targets).await?;
    let id = WebhookEndpointId::new_random();
    let secret = format!("{SECRET_PREFIX}{}", threshold_store::tokens::new_token());
    let events_json = serde_json::to_string(&events).map_err(ApiError::internal)?;
    let now = Utc::now();
    let created = state
        .db
        .create_webhook_endpoint(
            &NewWebhookEndpoint {
                id,
                firm_id,
                url: &body.url,
                events: &events_json,
                sealed_secret: &state.secrets.seal(webhook_owner(id), &secret),
                created_by: session.user.id,
            },
            MAX_ENDPOINTS,
            now,
        )
        .await?;
    if !created {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "too_many_webhooks",
            format!("A firm can have at most {MAX_ENDPOINTS} webhook endpoints. Delete one first."),
        ));
    }
    audit(&state, &session, "broker.webhook_created", id).await?;
    let endpoint = WebhookView {
        id: id.0,
        url: body.url,
        events,
        created_at: now,
    };
    Ok((
        StatusCode::CREATED,
        Json(WebhookCreated { endpoint, secret }),
    ))
}

#[utoipa::path(get, path = "/broker/webhooks", tag = "broker",
    responses(
        (status = 200, description = "The firm's endpoints, oldest first, without their secrets", body = WebhookList),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a broker firm's admin", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn list_webhooks(
    State(state): State<AppState>,
    session: CurrentSession,
) -> ApiResult<Json<WebhookList>> {
    let firm_id = firm_admin(&session)?;
    let endpoints = state.db.webhook_endpoints(firm_id).await?;
    Ok(Json(WebhookList {
        endpoints: endpoints.into_iter().map(view).collect(),
    }))
}

#[utoipa::path(delete, path = "/broker/webhooks/{webhookId}", tag = "broker",
    params(("webhookId" = String, Path, description = "The endpoint's id (a UUID)")),
    responses(
        (status = 204, description = "Deleted: it receives nothing more; deliveries still due are dropped"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a broker firm's admin", body = ErrorBody),
        (status = 404, description = "Unknown endpoint, or another firm's", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn delete_webhook(
    State(state): State<AppState>,
    session: CurrentSession,
    Path(raw_id): Path<String>,
) -> ApiResult<StatusCode> {
    let firm_id = firm_admin(&session)?;
    let id = endpoint_id(&raw_id)?;
    if !state
        .db
        .disable_webhook_endpoint(firm_id, id, Utc::now())
        .await?
    {
        return Err(ApiError::not_found());
    }
    audit(&state, &session, "broker.webhook_deleted", id).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(get, path = "/broker/webhooks/{webhookId}/deliveries", tag = "broker",
    params(("webhookId" = String, Path, description = "The endpoint's id (a UUID)")),
    responses(
        (status = 200, description = "The endpoint's 50 most recent deliveries, newest first", body = DeliveryLog),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a broker firm's admin", body = ErrorBody),
        (status = 404, description = "Unknown endpoint, another firm's, or deleted", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn webhook_deliveries(
    State(state): State<AppState>,
    session: CurrentSession,
    Path(raw_id): Path<String>,
) -> ApiResult<Json<DeliveryLog>> {
    let firm_id = firm_admin(&session)?;
    let id = endpoint_id(&raw_id)?;
    if !state.db.is_firm_webhook_endpoint(firm_id, id).await? {
        return Err(ApiError::not_found());
    }
    let deliveries = state.db.webhook_deliveries(id, LOG_LENGTH).await?;
    Ok(Json(DeliveryLog {
        deliveries: deliveries.into_iter().map(delivery_view).collect(),
    }))
}

#[utoipa::path(post, path = "/broker/webhooks/deliveries/{deliveryId}/replay", tag = "broker",
    params(("deliveryId" = String, Path, description = "The delivery's id (numeric)")),
    responses(
        (status = 202, description = "Queued: sent again soon, with the same event id, and retried as a new delivery would be"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a broker firm's admin", body = ErrorBody),
        (status = 404, description = "Unknown delivery, another firm's, or its endpoint deleted", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn replay_delivery(
    State(state): State<AppState>,
    session: CurrentSession,
    Path(raw_id): Path<String>,
) -> ApiResult<StatusCode> {
    let firm_id = firm_admin(&session)?;
    let delivery_id = raw_id
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(ApiError::not_found)?;
    if !state
        .db
        .reopen_webhook_delivery(firm_id, delivery_id)
        .await?
    {
        return Err(ApiError::not_found());
    }
    state
        .queue
        .push(WebhookDelivery { delivery_id })
        .await
        .map_err(ApiError::internal)?;
    Ok(StatusCode::ACCEPTED)
}

/// The caller's firm, if they are its broker admin (403 for anyone else: its brokers and
/// managers, customers, staff).
fn firm_admin(session: &CurrentSession) -> ApiResult<i64> {
    match session.firm_id {
        Some(firm) if session.user.role == threshold_engine::Role::BrokerAdmin => Ok(firm),
        _ => Err(ApiError::forbidden(
            "Only your firm's broker admin can manage its webhooks.",
        )),
    }
}

/// An endpoint id from the path: anything but a UUID is an unknown endpoint.
fn endpoint_id(raw: &str) -> ApiResult<WebhookEndpointId> {
    raw.parse().map_err(|_| ApiError::not_found())
}

/// The events, each once and in the order given, or 422 naming the fields.
async fn validate(body: &NewWebhookRequest, allow_private: bool) -> ApiResult<Vec<String>> {
    let mut problems = BTreeMap::new();
    if let Err(problem) = check_url(&body.url, allow_private).await {
        problems.insert("url".to_owned(), problem);
    }
    let mut events: Vec<String> = vec![];
    for event in &body.events {
        if WebhookEvent::named(event).is_none() {
            problems.insert(
                "events".to_owned(),
                format!("`{event}` is not a known event"),
            );
        } else if !events.contains(event) {
            events.push(event.clone());
        }
    }
    if body.events.is_empty() {
        problems.insert("events".to_owned(), "Choose at least one event".to_owned());
    }
    if problems.is_empty() {
        Ok(events)
    } else {
        Err(ApiError::invalid_fields(problems))
    }
}

/// Why a URL cannot receive events: see [`webhook_target`]. The host is resolved now (as it is
/// again at each delivery) unless private targets are allowed, when a test's or a developer's
/// name need not resolve yet.
async fn check_url(raw: &str, allow_private: bool) -> Result<(), String> {
    if raw.len() > MAX_URL_LENGTH {
        return Err("must be at most 2048 characters".to_owned());
    }
    let url = url::Url::parse(raw)
        .map_err(|_| "must be a URL, such as https://crm.example.com/threshold".to_owned())?;
    let checked = if allow_private {
        webhook_target::check_url(&url, true)
    } else {
        webhook_target::resolve(&url, false).await.map(drop)
    };
    checked.map_err(|e| match e {
        TargetError::Unresolved => "must name a host that can be found".to_owned(),
        e => e.to_string(),
    })
}

fn view(e: WebhookEndpoint) -> WebhookView {
    WebhookView {
        id: e.id.0,
        url: e.url,
        events: serde_json::from_str(&e.events).unwrap_or_default(),
        created_at: e.created_at,
    }
}

fn delivery_view(d: StoredDelivery) -> DeliveryView {
    DeliveryView {
        id: d.id,
        event_id: d.event_id,
        event_type: d.event_type,
        attempts: d.attempts,
        last_status: d.last_status,
        last_error: d.last_error,
        last_attempt_at: d.last_attempt_at,
        delivered_at: d.delivered_at,
        created_at: d.created_at,
    }
}

async fn audit(
    state: &AppState,
    session: &CurrentSession,
    action: &str,
    id: WebhookEndpointId,
) -> ApiResult<()> {
    state
        .db
        .record_audit(
            &AuditEvent {
                actor: Some(session.user.id),
                action,
                subject_type: "broker_webhook",
                subject_id: id.to_string(),
                detail: serde_json::json!({}),
            },
            Utc::now(),
        )
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_webhook_url_is_https_to_a_public_address() {
        assert_eq!(check_url("https://8.8.8.8/hook?k=1", false).await, Ok(()));
        for internal in [
            "https://127.0.0.1/hook",
            "https://localhost/hook",
            "https://10.0.0.7/hook",
            "https://[fd00::1]/hook",
        ] {
            let problem = check_url(internal, false).await.unwrap_err();
            assert!(problem.contains("public address"), "{internal}: {problem}");
        }
        assert!(check_url("http://8.8.8.8/hook", false).await.is_err());
        assert_eq!(check_url("http://127.0.0.1:8080/hook", true).await, Ok(()));
        assert_eq!(
            check_url("https://crm.example.test/hook", true).await,
            Ok(())
        );
        assert!(check_url("ftp://crm.example.com/", true).await.is_err());
        assert!(check_url("crm.example.com", true).await.is_err());
        let long = format!("https://a.example/{}", "x".repeat(2048));
        assert!(check_url(&long, true).await.is_err());
    }
}

//! Broker firms' webhooks (issue 32): the endpoints a firm's broker admin registers, and one
//! delivery row per event and subscribed endpoint, written in the transaction of the case
//! change it reports (an outbox: a change is never committed without its events). The
//! workers' relay queues each new delivery as a job; the job records its tries here.
//!
//! An event says only what the firm's brokers already see: the case's id, type and status.

use chrono::{DateTime, Utc};
use serde_json::{Value, json};

use threshold_engine::WebhookEvent;

use crate::{BeginWrite, Db, StoreError, UserId, WebhookEndpointId, on_db};

/// The events a transition raises: a status change whenever the status moves, and the events
/// its workflow file names (`kind = "webhook"` effects, carried by the `TransitionRecord`).
pub fn transition_events(from: &str, to: &str, named: &[WebhookEvent]) -> Vec<WebhookEvent> {
    (from != to)
        .then_some(WebhookEvent::StatusChanged)
        .into_iter()
        .chain(named.iter().copied())
        .collect()
}

/// A new event's id and body: `{id, type, createdAt, data: {caseId, caseType, status,
/// previousStatus?}}` (see docs/api/webhooks.md).
pub fn event_payload(
    event_type: &str,
    case_id: i64,
    case_type: &str,
    status: &str,
    previous_status: Option<&str>,
    now: DateTime<Utc>,
) -> (String, Value) {
    let id = uuid::Uuid::new_v4().to_string();
    let mut data = json!({ "caseId": case_id, "caseType": case_type, "status": status });
    if let Some(previous) = previous_status {
        data["previousStatus"] = json!(previous);
    }
    let payload = json!({
        "id": id,
        "type": event_type,
        "createdAt": now.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        "data": data,
    });
    (id, payload)
}

/// One delivery per active endpoint of the case's firm that subscribes to the event. The
/// events column is a JSON array of [`WebhookEvent`] names, so the quoted name matches only
/// itself (`_` in a LIKE pattern matches one character, and no two names differ only there).
pub const ENQUEUE_SQL: &str = "INSERT INTO broker_webhook_deliveries \
     (endpoint_id, event_id, event_type, payload, attempts, created_at) \
     SELECT e.id, $2, $3, $4, 0, $5 FROM broker_webhook_endpoints e \
     JOIN cases c ON c.firm_id = e.firm_id \
     WHERE c.id = $1 AND e.disabled_at IS NULL AND e.events LIKE $6";

/// Writes one event's deliveries inside an open transaction.
macro_rules! enqueue_webhook_event {
    ($tx:expr, $case_id:expr, $event:expr, $case_type:expr, $status:expr, $previous:expr, $now:expr) => {{
        let event: &str = $event.as_str();
        let (event_id, payload) =
            $crate::webhooks::event_payload(event, $case_id, $case_type, $status, $previous, $now);
        sqlx::query($crate::webhooks::ENQUEUE_SQL)
            .bind($case_id)
            .bind(event_id)
            .bind(event)
            .bind(sqlx::types::Json(payload))
            .bind($now)
            .bind(format!("%\"{event}\"%"))
            .execute(&mut *$tx)
            .await?;
    }};
}
pub(crate) use enqueue_webhook_event;

/// Writes the events of one transition (a `TransitionRecord`) inside an open transaction.
macro_rules! enqueue_transition_events {
    ($tx:expr, $case_id:expr, $case_type:expr, $t:expr, $now:expr) => {{
        let t = $t;
        for event in $crate::webhooks::transition_events(&t.from, &t.to, &t.webhook_events) {
            $crate::webhooks::enqueue_webhook_event!(
                $tx,
                $case_id,
                event,
                $case_type,
                &t.to,
                Some(t.from.as_str()),
                $now
            );
        }
    }};
}
pub(crate) use enqueue_transition_events;

/// An endpoint to register.
#[derive(Clone, Debug)]
pub struct NewWebhookEndpoint<'a> {
    pub id: WebhookEndpointId,
    pub firm_id: i64,
    pub url: &'a str,
    /// A JSON array of event types.
    pub events: &'a str,
    /// The signing secret, sealed under the installation's key.
    pub sealed_secret: &'a str,
    pub created_by: UserId,
}

/// A registered endpoint, without its secret.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct WebhookEndpoint {
    pub id: WebhookEndpointId,
    pub url: String,
    /// A JSON array of event types.
    pub events: String,
    pub created_at: DateTime<Utc>,
}

/// One event's delivery to one endpoint, as the admin's log shows it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct WebhookDelivery {
    pub id: i64,
    pub event_id: String,
    pub event_type: String,
    pub attempts: i32,
    pub last_status: Option<i32>,
    pub last_error: Option<String>,
    pub last_attempt_at: Option<DateTime<Utc>>,
    pub delivered_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

/// What sending a delivery needs.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct DeliveryToSend {
    pub endpoint_id: WebhookEndpointId,
    pub url: String,
    pub sealed_secret: String,
    pub endpoint_disabled: bool,
    pub event_id: String,
    pub event_type: String,
    pub payload: sqlx::types::Json<Value>,
    pub delivered: bool,
}

/// How one try of a delivery went.
#[derive(Clone, Copy, Debug)]
pub struct DeliveryAttempt<'a> {
    /// The receiver's HTTP status, when it answered.
    pub status: Option<i32>,
    /// Why it failed (None: delivered).
    pub error: Option<&'a str>,
}

const ENDPOINT_COLUMNS: &str = "id, url, events, created_at";
const DELIVERY_COLUMNS: &str = "id, event_id, event_type, attempts, last_status, last_error, \
     last_attempt_at, delivered_at, created_at";

impl Db {
    /// Registers an endpoint unless the firm has `limit` active ones already (false).
    #[tracing::instrument(skip_all, fields(firm_id = e.firm_id))]
    pub async fn create_webhook_endpoint(
        &self,
        e: &NewWebhookEndpoint<'_>,
        limit: i64,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        on_db!(self, pool => {
            // A write transaction: two requests at once cannot both take the last place.
            let mut tx = pool.begin_write().await?;
            let (active,): (i64,) = sqlx::query_as(
                "SELECT COUNT(*) FROM broker_webhook_endpoints \
                 WHERE firm_id = $1 AND disabled_at IS NULL",
            )
            .bind(e.firm_id)
            .fetch_one(&mut *tx)
            .await?;
            if active >= limit {
                return Ok(false);
            }
            sqlx::query(
                "INSERT INTO broker_webhook_endpoints \
                 (id, firm_id, url, events, sealed_secret, created_by_user_id, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(e.id)
            .bind(e.firm_id)
            .bind(e.url)
            .bind(e.events)
            .bind(e.sealed_secret)
            .bind(e.created_by)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(true)
        })
    }

    /// The firm's active endpoints, oldest first.
    pub async fn webhook_endpoints(
        &self,
        firm_id: i64,
    ) -> Result<Vec<WebhookEndpoint>, StoreError> {
        let sql = format!(
            "SELECT {ENDPOINT_COLUMNS} FROM broker_webhook_endpoints \
             WHERE firm_id = $1 AND disabled_at IS NULL ORDER BY created_at, id"
        );
        Ok(
            on_db!(self, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(firm_id)
            .fetch_all(pool)
            .await)?,
        )
    }

    /// Whether this is an active endpoint of the firm.
    pub async fn is_firm_webhook_endpoint(
        &self,
        firm_id: i64,
        id: WebhookEndpointId,
    ) -> Result<bool, StoreError> {
        let (n,): (i64,) = on_db!(self, pool => sqlx::query_as(
            "SELECT COUNT(*) FROM broker_webhook_endpoints \
             WHERE id = $1 AND firm_id = $2 AND disabled_at IS NULL",
        )
        .bind(id)
        .bind(firm_id)
        .fetch_one(pool)
        .await)?;
        Ok(n > 0)
    }

    /// Disables one of the firm's endpoints (its log stays); false when it is not theirs or
    /// was disabled already.
    pub async fn disable_webhook_endpoint(
        &self,
        firm_id: i64,
        id: WebhookEndpointId,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = on_db!(self, pool => sqlx::query(
            "UPDATE broker_webhook_endpoints SET disabled_at = $3 \
             WHERE id = $1 AND firm_id = $2 AND disabled_at IS NULL",
        )
        .bind(id)
        .bind(firm_id)
        .bind(now)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done > 0)
    }

    /// An endpoint's most recent deliveries, newest first.
    pub async fn webhook_deliveries(
        &self,
        endpoint: WebhookEndpointId,
        limit: i64,
    ) -> Result<Vec<WebhookDelivery>, StoreError> {
        let sql = format!(
            "SELECT {DELIVERY_COLUMNS} FROM broker_webhook_deliveries \
             WHERE endpoint_id = $1 ORDER BY id DESC LIMIT $2"
        );
        Ok(
            on_db!(self, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(endpoint)
            .bind(limit)
            .fetch_all(pool)
            .await)?,
        )
    }

    /// Makes one of the firm's deliveries (to an active endpoint) due again, to be sent anew
    /// with the same event id; false when it is not theirs.
    pub async fn reopen_webhook_delivery(
        &self,
        firm_id: i64,
        delivery_id: i64,
    ) -> Result<bool, StoreError> {
        let done = on_db!(self, pool => sqlx::query(
            "UPDATE broker_webhook_deliveries SET delivered_at = NULL WHERE id = $1 AND endpoint_id \
             IN (SELECT id FROM broker_webhook_endpoints WHERE firm_id = $2 AND disabled_at IS NULL)",
        )
        .bind(delivery_id)
        .bind(firm_id)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done > 0)
    }

    /// Deliveries the relay has not queued yet, oldest first.
    pub async fn unqueued_webhook_deliveries(&self, limit: i64) -> Result<Vec<i64>, StoreError> {
        let rows: Vec<(i64,)> = on_db!(self, pool => sqlx::query_as(
            "SELECT id FROM broker_webhook_deliveries WHERE queued_at IS NULL ORDER BY id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(pool)
        .await)?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    /// The relay has queued the delivery's job.
    pub async fn mark_webhook_queued(&self, id: i64, now: DateTime<Utc>) -> Result<(), StoreError> {
        on_db!(self, pool => sqlx::query(
            "UPDATE broker_webhook_deliveries SET queued_at = $2 WHERE id = $1",
        )
        .bind(id)
        .bind(now)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(())
    }

    /// What sending the delivery needs (None: it is gone).
    pub async fn webhook_delivery_to_send(
        &self,
        id: i64,
    ) -> Result<Option<DeliveryToSend>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT e.id AS endpoint_id, e.url, e.sealed_secret, \
             e.disabled_at IS NOT NULL AS endpoint_disabled, d.event_id, d.event_type, d.payload, \
             d.delivered_at IS NOT NULL AS delivered \
             FROM broker_webhook_deliveries d \
             JOIN broker_webhook_endpoints e ON e.id = d.endpoint_id WHERE d.id = $1",
        )
        .bind(id)
        .fetch_optional(pool)
        .await)?)
    }

    /// Records one try of a delivery (delivered when it has no error).
    pub async fn record_webhook_attempt(
        &self,
        id: i64,
        attempt: DeliveryAttempt<'_>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let delivered_at = attempt.error.is_none().then_some(now);
        on_db!(self, pool => sqlx::query(
            "UPDATE broker_webhook_deliveries SET attempts = attempts + 1, last_status = $2, \
             last_error = $3, last_attempt_at = $4, delivered_at = COALESCE($5, delivered_at) \
             WHERE id = $1",
        )
        .bind(id)
        .bind(attempt.status)
        .bind(attempt.error)
        .bind(now)
        .bind(delivered_at)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transition_raises_a_status_change_and_the_events_its_file_names() {
        let accepted = [WebhookEvent::QuoteAccepted];
        assert_eq!(
            transition_events(
                "BROKER_APPLICATION_INVITE",
                "CUSTOMER_APPLICATION",
                &accepted
            ),
            [WebhookEvent::StatusChanged, WebhookEvent::QuoteAccepted]
        );
        let agreed = [WebhookEvent::CompletionDateAgreed];
        assert_eq!(
            transition_events("PENDING_COMPLETION", "PENDING_COMPLETION", &agreed),
            [WebhookEvent::CompletionDateAgreed]
        );
        assert_eq!(
            transition_events("SEARCHES", "ENQUIRIES", &[]),
            [WebhookEvent::StatusChanged]
        );
    }

    #[test]
    fn an_event_carries_the_case_and_no_more() {
        let (id, payload) = event_payload(
            "case.created",
            7,
            "REMORTGAGING",
            "BROKER_APPLICATION",
            None,
            Utc::now(),
        );
        assert_eq!(payload["id"], json!(id));
        assert_eq!(payload["type"], "case.created");
        assert_eq!(
            payload["data"],
            json!({ "caseId": 7, "caseType": "REMORTGAGING", "status": "BROKER_APPLICATION" })
        );
    }
}

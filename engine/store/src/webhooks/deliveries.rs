//! Sending the deliveries: the relay queues them, and each job reads one and records its tries.

use chrono::{DateTime, Utc};
use serde_json::Value;

use crate::{Db, StoreError, WebhookEndpointId, on_db};

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

impl Db {
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

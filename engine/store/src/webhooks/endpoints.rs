//! The endpoints a firm's broker admin registers, and the log of their deliveries.

use chrono::{DateTime, Utc};

use crate::{BeginWrite, Db, StoreError, UserId, WebhookEndpointId, on_db};

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
}

//! Keys shared by every server process, made on first use.

use crate::BeginWrite;
use crate::{Db, StoreError, UserId, WebhookEndpointId, on_db, tokens};

impl Db {
    /// The named secret, created (256 random bits) the first time any process asks.
    pub async fn app_secret(&self, name: &str) -> Result<String, StoreError> {
        self.first_stored(name, &tokens::new_token()).await
    }

    /// The named value, stored as `candidate` if nobody stored one first.
    pub async fn first_stored(&self, name: &str, candidate: &str) -> Result<String, StoreError> {
        on_db!(self, pool => sqlx::query(
            "INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
        )
        .bind(name)
        .bind(candidate)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        let (value,): (String,) = on_db!(self, pool => sqlx::query_as(
            "SELECT value FROM app_secrets WHERE name = $1",
        )
        .bind(name)
        .fetch_one(pool)
        .await)?;
        Ok(value)
    }

    /// Every broker webhook endpoint's sealed signing secret (disabled ones too: a replay of
    /// their log still signs), by endpoint.
    pub async fn webhook_endpoint_secrets(
        &self,
    ) -> Result<Vec<(WebhookEndpointId, String)>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT id, sealed_secret FROM broker_webhook_endpoints ORDER BY created_at",
        )
        .fetch_all(pool)
        .await)?)
    }

    /// Replaces every staff member's sealed authenticator secret, every webhook endpoint's
    /// sealed signing secret and the named key check in one transaction (a key rotation: all
    /// sealed under the new key, or none).
    pub async fn reseal_secrets(
        &self,
        sealed: &[(UserId, String)],
        webhooks: &[(WebhookEndpointId, String)],
        check_name: &str,
        check_value: &str,
    ) -> Result<(), StoreError> {
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            for (user, value) in sealed {
                sqlx::query("UPDATE staff_factors SET totp_secret = $2 WHERE user_id = $1")
                    .bind(*user)
                    .bind(value)
                    .execute(&mut *tx)
                    .await?;
            }
            for (endpoint, value) in webhooks {
                sqlx::query("UPDATE broker_webhook_endpoints SET sealed_secret = $2 WHERE id = $1")
                    .bind(*endpoint)
                    .bind(value)
                    .execute(&mut *tx)
                    .await?;
            }
            sqlx::query(
                "INSERT INTO app_secrets (name, value) VALUES ($1, $2) \
                 ON CONFLICT (name) DO UPDATE SET value = excluded.value",
            )
            .bind(check_name)
            .bind(check_value)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(())
        })
    }
}

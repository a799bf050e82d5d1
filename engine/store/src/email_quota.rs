//! The per-address e-mail quota (keyed by a hash, not the address itself), so the product
//! cannot be used to flood someone's inbox.

use chrono::{DateTime, Duration, Utc};

use crate::{Db, StoreError, on_db};

impl Db {
    /// Takes one e-mail from the address's hourly quota: true if it may be sent. A single
    /// upsert, so concurrent workers cannot both take the last one.
    #[tracing::instrument(skip_all)]
    pub async fn take_email_quota(
        &self,
        email_hash: &str,
        cap: i64,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let window_opened_before = now - Duration::hours(1);
        let (sent,): (i64,) = on_db!(self, pool => sqlx::query_as(
            "INSERT INTO email_quota (email_hash, window_start, sent) VALUES ($1, $2, 1) \
             ON CONFLICT (email_hash) DO UPDATE SET \
               sent = CASE WHEN email_quota.window_start <= $3 THEN 1 ELSE email_quota.sent + 1 END, \
               window_start = CASE WHEN email_quota.window_start <= $3 THEN $2 ELSE email_quota.window_start END \
             RETURNING CAST(sent AS BIGINT)",
        )
        .bind(email_hash)
        .bind(now)
        .bind(window_opened_before)
        .fetch_one(pool)
        .await)?;
        Ok(sent <= cap)
    }
}

impl Db {
    /// Gives back a quota slot taken for an e-mail that could not be sent, so retries of
    /// the same e-mail do not use up the address's hourly allowance.
    #[tracing::instrument(skip_all)]
    pub async fn release_email_quota(&self, email_hash: &str) -> Result<(), StoreError> {
        on_db!(self, pool => sqlx::query("UPDATE email_quota SET sent = sent - 1 WHERE email_hash = $1 AND sent > 0")
            .bind(email_hash)
            .execute(pool)
            .await
            .map(|_| ()))?;
        Ok(())
    }
}

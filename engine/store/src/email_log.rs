//! A log of e-mails sent per address (by hash, not the address itself), for the silent
//! per-address cap that stops the product being used to flood someone's inbox.

use chrono::{DateTime, Utc};

use crate::{Db, StoreError, on_db};

impl Db {
    #[tracing::instrument(skip_all)]
    pub async fn emails_sent_since(
        &self,
        email_hash: &str,
        since: DateTime<Utc>,
    ) -> Result<i64, StoreError> {
        let (count,): (i64,) = on_db!(self, pool => sqlx::query_as(
            "SELECT COUNT(*) FROM email_log WHERE email_hash = $1 AND sent_at > $2",
        )
        .bind(email_hash)
        .bind(since)
        .fetch_one(pool)
        .await)?;
        Ok(count)
    }

    #[tracing::instrument(skip_all)]
    pub async fn log_email_sent(
        &self,
        email_hash: &str,
        kind: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_db!(self, pool => sqlx::query("INSERT INTO email_log (email_hash, kind, sent_at) VALUES ($1, $2, $3)")
            .bind(email_hash)
            .bind(kind)
            .bind(now)
            .execute(pool)
            .await.map(|r| r.rows_affected()))?;
        Ok(())
    }
}

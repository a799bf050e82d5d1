//! Open-banking consents (issue 33, the `SOF` feature): a buyer sent to the provider to share a
//! source of funds' bank statements. The state that comes back with them is stored as its
//! hash and taken once, by the same user, while fresh; nothing the provider gives is kept here.

use chrono::{DateTime, Utc};
use serde_json::json;

use crate::BeginWrite;
use crate::{Db, StoreError, UserId, on_db};

/// A consent taken back from the provider: the case and source it was for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct OpenBankingConsent {
    pub case_id: i64,
    pub source_id: i64,
}

impl Db {
    /// Records a consent about to be asked for, audited.
    #[tracing::instrument(skip_all, fields(case_id, source_id))]
    pub async fn start_open_banking_consent(
        &self,
        state_hash: &str,
        consent: OpenBankingConsent,
        user: UserId,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            sqlx::query(
                "INSERT INTO open_banking_consents (state_hash, case_id, source_id, user_id, \
                 created_at) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(state_hash)
            .bind(consent.case_id)
            .bind(consent.source_id)
            .bind(user)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                 VALUES ($1, 'case.open_banking_consent_started', 'case', $2, $3, $4)",
            )
            .bind(user)
            .bind(consent.case_id.to_string())
            .bind(sqlx::types::Json(json!({ "sourceOfFundsId": consent.source_id })))
            .bind(now)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(())
        })
    }

    /// Takes the consent with this state once: None when there is none, it was taken, it is
    /// another user's, or it was started before `fresh_since`.
    #[tracing::instrument(skip_all)]
    pub async fn take_open_banking_consent(
        &self,
        state_hash: &str,
        user: UserId,
        fresh_since: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<Option<OpenBankingConsent>, StoreError> {
        Ok(
            on_db!(self, pool => sqlx::query_as::<_, OpenBankingConsent>(
            "UPDATE open_banking_consents SET used_at = $4 WHERE state_hash = $1 \
             AND user_id = $2 AND created_at >= $3 AND used_at IS NULL \
             RETURNING case_id, source_id",
        )
        .bind(state_hash)
        .bind(user)
        .bind(fresh_since)
        .bind(now)
        .fetch_optional(pool)
        .await)?,
        )
    }
}

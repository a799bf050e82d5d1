//! The outbox itself: effects due, waiting and handed on.

use chrono::{DateTime, Utc};
use serde_json::Value;

use crate::{Db, StoreError, on_db};

/// An effect whose time has come and that no relay has handed on yet.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct DueEffect {
    pub id: i64,
    pub case_id: i64,
    pub effect: sqlx::types::Json<Value>,
    /// The status the transition moved the case to (a reminder applies only while it stays).
    pub set_in_status: Option<String>,
}

impl Db {
    /// Effects not yet relayed whose due time (if any) has passed, oldest first.
    #[tracing::instrument(skip_all)]
    pub async fn due_effects(
        &self,
        now: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<DueEffect>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT id, case_id, effect, set_in_status FROM case_effects \
             WHERE done_at IS NULL AND (due_at IS NULL OR due_at <= $1) ORDER BY id LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(pool)
        .await)?)
    }

    /// Effects not yet relayed, due or not (the metrics' `effects_waiting`).
    pub async fn effects_waiting(&self) -> Result<i64, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_scalar(
            "SELECT COUNT(*) FROM case_effects WHERE done_at IS NULL",
        )
        .fetch_one(pool)
        .await)?)
    }

    /// The relay has handed the effect on (its job is queued, or it needed none).
    pub async fn mark_effect_done(&self, id: i64, now: DateTime<Utc>) -> Result<(), StoreError> {
        on_db!(self, pool => sqlx::query("UPDATE case_effects SET done_at = $2 WHERE id = $1")
            .bind(id)
            .bind(now)
            .execute(pool)
            .await
            .map(|r| r.rows_affected()))?;
        Ok(())
    }
}

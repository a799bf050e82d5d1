//! The audit trail: who changed what, written in the same transaction as the change
//! where the change has one, and never holding personal data in `detail`.

use chrono::{DateTime, Utc};
use serde_json::Value;

use crate::{Db, StoreError, UserId, on_db};

/// One audit entry.
#[derive(Clone, Debug)]
pub struct AuditEvent<'a> {
    pub actor: Option<UserId>,
    pub action: &'a str,
    pub subject_type: &'a str,
    pub subject_id: String,
    pub detail: Value,
}

/// A stored audit entry, for reading back.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct StoredAuditEvent {
    pub id: i64,
    pub actor_user_id: Option<UserId>,
    pub action: String,
    pub subject_type: String,
    pub subject_id: String,
    pub detail: sqlx::types::Json<Value>,
    pub at: DateTime<Utc>,
}

impl Db {
    #[tracing::instrument(skip_all, fields(action = event.action))]
    pub async fn record_audit(
        &self,
        event: &AuditEvent<'_>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_db!(self, pool => sqlx::query(
            "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(event.actor)
        .bind(event.action)
        .bind(event.subject_type)
        .bind(&event.subject_id)
        .bind(sqlx::types::Json(&event.detail))
        .bind(now)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?;
        Ok(())
    }

    #[tracing::instrument(skip_all)]
    pub async fn audit_for(
        &self,
        subject_type: &str,
        subject_id: &str,
    ) -> Result<Vec<StoredAuditEvent>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT id, actor_user_id, action, subject_type, subject_id, detail, at FROM audit_events \
             WHERE subject_type = $1 AND subject_id = $2 ORDER BY id",
        )
        .bind(subject_type)
        .bind(subject_id)
        .fetch_all(pool)
        .await)?)
    }
}

/// One move of a case between statuses, from its audit trail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusMove {
    pub from: String,
    pub to: String,
    pub at: DateTime<Utc>,
}

#[derive(serde::Deserialize)]
struct MoveDetail {
    from: String,
    to: String,
}

impl Db {
    /// The case's moves between statuses, oldest first (every transition is audited in the
    /// transaction that makes it, so the trail is the history; the timeline reads it).
    #[tracing::instrument(skip_all)]
    pub async fn status_moves(&self, case_id: i64) -> Result<Vec<StatusMove>, StoreError> {
        let rows: Vec<(sqlx::types::Json<Value>, DateTime<Utc>)> = on_db!(self, pool => sqlx::query_as(
            "SELECT detail, at FROM audit_events \
             WHERE subject_type = 'case' AND subject_id = $1 AND action = 'case.transition' \
             ORDER BY id",
        )
        .bind(case_id.to_string())
        .fetch_all(pool)
        .await)?;
        Ok(rows
            .into_iter()
            .filter_map(|(detail, at)| {
                let m: MoveDetail = serde_json::from_value(detail.0).ok()?;
                Some(StatusMove {
                    from: m.from,
                    to: m.to,
                    at,
                })
            })
            .collect())
    }
}

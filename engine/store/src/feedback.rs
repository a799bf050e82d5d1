//! Feedback (spec §3 "Feedback"): a customer's rating and comment at a point of their case,
//! asked once per case, person and point. The comment is personal data: stored here only,
//! never in the audit trail or the logs.

use chrono::{DateTime, Utc};
use serde_json::json;

use crate::BeginWrite;
use crate::{Db, StoreError, UserId, on_db};

/// One answer (or dismissal: no rating, empty message).
#[derive(Clone, Debug)]
pub struct NewFeedback<'a> {
    pub case_id: i64,
    pub user_id: UserId,
    pub feedback_point: &'a str,
    pub rating: Option<i32>,
    pub message: &'a str,
}

impl Db {
    /// Records the feedback, audited, in one transaction; false when this person has already
    /// answered or dismissed this point on this case.
    #[tracing::instrument(skip_all, fields(case_id = f.case_id))]
    pub async fn record_feedback(
        &self,
        f: &NewFeedback<'_>,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let added = sqlx::query(
                "INSERT INTO feedback (case_id, user_id, feedback_point, rating, message, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6) \
                 ON CONFLICT (case_id, user_id, feedback_point) DO NOTHING",
            )
            .bind(f.case_id)
            .bind(f.user_id)
            .bind(f.feedback_point)
            .bind(f.rating)
            .bind(f.message)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if added == 0 {
                return Ok(false);
            }
            sqlx::query(
                "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                 VALUES ($1, 'case.feedback_given', 'case', $2, $3, $4)",
            )
            .bind(f.user_id)
            .bind(f.case_id.to_string())
            .bind(sqlx::types::Json(json!({
                "feedbackPoint": f.feedback_point,
                "dismissed": f.rating.is_none(),
            })))
            .bind(now)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(true)
        })
    }

    /// The points this person has answered or dismissed on this case, in the order given.
    #[tracing::instrument(skip_all, fields(case_id))]
    pub async fn feedback_given(
        &self,
        case_id: i64,
        user_id: UserId,
    ) -> Result<Vec<String>, StoreError> {
        let rows: Vec<(String,)> = on_db!(self, pool => sqlx::query_as(
            "SELECT feedback_point FROM feedback WHERE case_id = $1 AND user_id = $2 ORDER BY id",
        )
        .bind(case_id)
        .bind(user_id)
        .fetch_all(pool)
        .await)?;
        Ok(rows.into_iter().map(|(p,)| p).collect())
    }
}

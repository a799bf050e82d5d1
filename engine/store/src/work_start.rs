//! A buyer's express request that the firm start work within the 14-day cancellation period
//! (Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013,
//! reg. 36): without it a client who cancels in time owes nothing for work done meanwhile
//! (reg. 36(6)). Recorded once per buyer and wording, audited, for the firm to show.

use chrono::{DateTime, Utc};
use serde_json::json;

use crate::BeginWrite;
use crate::{Db, StoreError, UserId, on_db};

/// A recorded request, with the buyer's name for the firm.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct WorkStartRequest {
    pub user_id: UserId,
    pub preferred_name: String,
    /// The version of the statement they ticked (`buying.express_request.version`).
    pub wording_version: String,
    pub requested_at: DateTime<Utc>,
}

impl Db {
    /// Records that `user` asked for work to start under the wording `version`, with an audit
    /// entry in the same transaction. Asking again under the same wording keeps the first time.
    #[tracing::instrument(skip_all, fields(case_id))]
    pub async fn record_work_start_request(
        &self,
        case_id: i64,
        user: UserId,
        version: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let inserted = sqlx::query(
                "INSERT INTO work_start_requests (case_id, user_id, wording_version, requested_at) \
                 VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (case_id, user_id, wording_version) DO NOTHING",
            )
            .bind(case_id)
            .bind(user)
            .bind(version)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if inserted > 0 {
                sqlx::query(
                    "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                     VALUES ($1, 'case.work_start_requested', 'case', $2, $3, $4)",
                )
                .bind(user)
                .bind(case_id.to_string())
                .bind(sqlx::types::Json(json!({ "wordingVersion": version })))
                .bind(now)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok(())
        })
    }

    /// The case's requests, oldest first.
    #[tracing::instrument(skip_all)]
    pub async fn work_start_requests(
        &self,
        case_id: i64,
    ) -> Result<Vec<WorkStartRequest>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as::<_, WorkStartRequest>(
            "SELECT w.user_id, u.preferred_name, w.wording_version, w.requested_at \
             FROM work_start_requests w JOIN users u ON u.id = w.user_id \
             WHERE w.case_id = $1 ORDER BY w.requested_at, w.id",
        )
        .bind(case_id)
        .fetch_all(pool)
        .await)?)
    }
}

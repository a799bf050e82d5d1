//! The cases a user is a party to, with their statuses: what the date-of-birth lock reads.

use crate::{Db, StoreError, UserId, on_db};

/// One case a user is a party to (owner, buyer…) and its current status.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct PartyCaseStatus {
    pub case_id: i64,
    pub case_type: String,
    pub status: String,
}

impl Db {
    /// The cases this user is a party to, with their current status.
    #[tracing::instrument(skip_all)]
    pub async fn party_case_statuses(
        &self,
        user_id: UserId,
    ) -> Result<Vec<PartyCaseStatus>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT DISTINCT c.id AS case_id, c.case_type, c.status FROM cases c \
             JOIN applicants a ON a.case_id = c.id WHERE a.user_id = $1 ORDER BY c.id",
        )
        .bind(user_id)
        .fetch_all(pool)
        .await)?)
    }

    /// The status a case left by its latest recorded transition, if that transition led to
    /// `status` (the case's current status).
    #[tracing::instrument(skip_all)]
    pub async fn status_before(
        &self,
        case_id: i64,
        status: &str,
    ) -> Result<Option<String>, StoreError> {
        let detail: Option<sqlx::types::Json<serde_json::Value>> = on_db!(self, pool => sqlx::query_scalar(
            "SELECT detail FROM audit_events WHERE subject_type = 'case' AND subject_id = $1 \
             AND action = 'case.transition' ORDER BY id DESC LIMIT 1",
        )
        .bind(case_id.to_string())
        .fetch_optional(pool)
        .await)?;
        Ok(detail.and_then(|d| {
            (d.0["to"].as_str() == Some(status))
                .then(|| d.0["from"].as_str().map(str::to_owned))
                .flatten()
        }))
    }
}

//! Case assignment and the case audit trail as staff read it.

use chrono::{DateTime, Utc};
use serde_json::Value;
use threshold_engine::Role;

use crate::BeginWrite;
use crate::{Db, StoreError, UserId, on_db};

/// A conveyancer or administrator, for assigning cases.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct StaffMember {
    pub id: UserId,
    pub preferred_name: String,
    #[sqlx(try_from = "String")]
    pub role: Role,
}

/// One line of a case's audit trail, with who did it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct CaseAuditLine {
    pub at: DateTime<Utc>,
    pub action: String,
    pub actor_user_id: Option<UserId>,
    pub actor_name: Option<String>,
    pub actor_role: Option<String>,
    pub detail: sqlx::types::Json<Value>,
}

impl Db {
    /// Every conveyancer and administrator, by name.
    #[tracing::instrument(skip_all)]
    pub async fn staff_members(&self) -> Result<Vec<StaffMember>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT id, preferred_name, role FROM users \
             WHERE role IN ('ROLE_CONVEYANCER', 'ROLE_ADMIN') ORDER BY preferred_name, id",
        )
        .fetch_all(pool)
        .await)?)
    }

    /// Assigns a case to a staff member (or to nobody), with its audit line, at once; false
    /// when there is no such case of this type.
    #[tracing::instrument(skip_all)]
    pub async fn assign_case(
        &self,
        case_id: i64,
        case_type: &str,
        assignee: Option<UserId>,
        by: UserId,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let detail = serde_json::json!({
            "caseType": case_type,
            "assignee": assignee.map(|a| a.to_string()),
        });
        Ok(on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let done = sqlx::query(
                "UPDATE cases SET assignee_id = $3 WHERE id = $1 AND case_type = $2",
            )
            .bind(case_id)
            .bind(case_type)
            .bind(assignee)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if done == 1 {
                sqlx::query(
                    "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                     VALUES ($1, 'case.assigned', 'case', $2, $3, $4)",
                )
                .bind(by)
                .bind(case_id.to_string())
                .bind(sqlx::types::Json(&detail))
                .bind(now)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            done == 1
        }))
    }

    /// The case's audit trail, newest first, with each actor's name and role.
    #[tracing::instrument(skip_all)]
    pub async fn case_audit_trail(&self, case_id: i64) -> Result<Vec<CaseAuditLine>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT e.at, e.action, e.actor_user_id, u.preferred_name AS actor_name, u.role AS actor_role, e.detail \
             FROM audit_events e LEFT JOIN users u ON u.id = e.actor_user_id \
             WHERE e.subject_type = 'case' AND e.subject_id = $1 ORDER BY e.id DESC",
        )
        .bind(case_id.to_string())
        .fetch_all(pool)
        .await)?)
    }
}

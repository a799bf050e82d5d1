//! The back office's records: each staff member's authenticator (TOTP, RFC 6238) and recovery
//! codes, the second factor a session has proven, case assignment and the case audit trail as
//! staff read it.

use chrono::{DateTime, Utc};
use serde_json::Value;
use threshold_engine::Role;

use crate::BeginWrite;
use crate::{Db, SessionId, StoreError, UserId, on_db, tokens};

/// A staff member's authenticator.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct StaffFactor {
    /// The shared secret (base32, as authenticator apps take it), sealed by the API.
    pub totp_secret: String,
    /// None while enrolment waits for the first code.
    pub confirmed_at: Option<DateTime<Utc>>,
}

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
    #[tracing::instrument(skip_all)]
    pub async fn staff_factor(&self, user: UserId) -> Result<Option<StaffFactor>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT totp_secret, confirmed_at FROM staff_factors WHERE user_id = $1",
        )
        .bind(user)
        .fetch_optional(pool)
        .await)?)
    }

    /// Every stored authenticator secret, as stored (for sealing those kept before sealing).
    #[tracing::instrument(skip_all)]
    pub async fn staff_factor_secrets(&self) -> Result<Vec<(UserId, String)>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT user_id, totp_secret FROM staff_factors",
        )
        .fetch_all(pool)
        .await)?)
    }

    /// Replaces a stored secret with its sealed form, if it is still `old`.
    #[tracing::instrument(skip_all)]
    pub async fn replace_totp_secret(
        &self,
        user: UserId,
        old: &str,
        new: &str,
    ) -> Result<bool, StoreError> {
        let done = on_db!(self, pool => sqlx::query(
            "UPDATE staff_factors SET totp_secret = $3 WHERE user_id = $1 AND totp_secret = $2",
        )
        .bind(user)
        .bind(old)
        .bind(new)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Starts (or starts again) enrolment with a new secret; false when the staff member
    /// already has a confirmed authenticator, which this never replaces.
    #[tracing::instrument(skip_all)]
    pub async fn begin_staff_enrolment(
        &self,
        user: UserId,
        secret: &str,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = on_db!(self, pool => sqlx::query(
            "INSERT INTO staff_factors (user_id, totp_secret, created_at) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id) DO UPDATE SET totp_secret = excluded.totp_secret, \
             created_at = excluded.created_at, last_step = NULL, failures = 0 \
             WHERE staff_factors.confirmed_at IS NULL",
        )
        .bind(user)
        .bind(secret)
        .bind(now)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Accepts a code of time step `step` at most once: true when `step` is newer than every
    /// step accepted before (a replayed or older code is refused). `enrolling` accepts only
    /// an unconfirmed authenticator and confirms it; otherwise only a confirmed one.
    #[tracing::instrument(skip_all)]
    pub async fn use_totp_step(
        &self,
        user: UserId,
        step: i64,
        enrolling: bool,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        // Confirming stamps the time; an ordinary sign-in only moves the step on.
        let done = if enrolling {
            on_db!(self, pool => sqlx::query(
                "UPDATE staff_factors SET last_step = $2, confirmed_at = $3, failures = 0 WHERE user_id = $1 \
                 AND confirmed_at IS NULL AND (last_step IS NULL OR last_step < $2)",
            )
            .bind(user)
            .bind(step)
            .bind(now)
            .execute(pool)
            .await.map(|r| r.rows_affected()))?
        } else {
            on_db!(self, pool => sqlx::query(
                "UPDATE staff_factors SET last_step = $2, failures = 0 WHERE user_id = $1 \
                 AND confirmed_at IS NOT NULL AND (last_step IS NULL OR last_step < $2)",
            )
            .bind(user)
            .bind(step)
            .execute(pool)
            .await.map(|r| r.rows_affected()))?
        };
        Ok(done == 1)
    }

    /// Takes one attempt at a code, counted before the code is checked: false while the factor
    /// is locked (`max` attempts, the latest less than `locked_for` ago). Counting first, in
    /// one conditional UPDATE, is what keeps concurrent guesses to `max`: a read-then-check-
    /// then-count let 36 of 40 simultaneous wrong codes be checked. A right code (or recovery
    /// code) sets the count back to zero; an attempt after the lock has run out starts again
    /// at one.
    #[tracing::instrument(skip_all)]
    pub async fn take_factor_attempt(
        &self,
        user: UserId,
        max: i32,
        locked_for: chrono::Duration,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = on_db!(self, pool => sqlx::query(
            "UPDATE staff_factors SET \
             failures = CASE WHEN failures >= $2 THEN 1 ELSE failures + 1 END, \
             last_failure_at = $3 \
             WHERE user_id = $1 AND (failures < $2 OR last_failure_at IS NULL OR last_failure_at <= $4)",
        )
        .bind(user)
        .bind(max)
        .bind(now)
        .bind(now - locked_for)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Replaces the staff member's recovery codes (given in clear, stored as hashes).
    #[tracing::instrument(skip_all)]
    pub async fn replace_recovery_codes(
        &self,
        user: UserId,
        codes: &[String],
    ) -> Result<(), StoreError> {
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            sqlx::query("DELETE FROM staff_recovery_codes WHERE user_id = $1")
                .bind(user)
                .execute(&mut *tx)
                .await?;
            for code in codes {
                sqlx::query("INSERT INTO staff_recovery_codes (code_hash, user_id) VALUES ($1, $2)")
                    .bind(tokens::hash(code))
                    .bind(user)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
        });
        Ok(())
    }

    /// Uses up one recovery code; false when it is not one of theirs or was used.
    #[tracing::instrument(skip_all)]
    pub async fn use_recovery_code(
        &self,
        user: UserId,
        code: &str,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let done = sqlx::query(
                "UPDATE staff_recovery_codes SET used_at = $3 \
                 WHERE code_hash = $1 AND user_id = $2 AND used_at IS NULL",
            )
            .bind(tokens::hash(code))
            .bind(user)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if done == 1 {
                sqlx::query("UPDATE staff_factors SET failures = 0 WHERE user_id = $1")
                    .bind(user)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            done
        });
        Ok(done == 1)
    }

    #[tracing::instrument(skip_all)]
    pub async fn recovery_codes_left(&self, user: UserId) -> Result<i64, StoreError> {
        let (n,): (i64,) = on_db!(self, pool => sqlx::query_as(
            "SELECT COUNT(*) FROM staff_recovery_codes WHERE user_id = $1 AND used_at IS NULL",
        )
        .bind(user)
        .fetch_one(pool)
        .await)?;
        Ok(n)
    }

    /// Records that this session has proven the second factor.
    #[tracing::instrument(skip_all)]
    pub async fn mark_second_factor(
        &self,
        session: SessionId,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_db!(self, pool => sqlx::query("UPDATE sessions SET second_factor_at = $2 WHERE id = $1")
            .bind(session)
            .bind(now)
            .execute(pool)
            .await.map(|r| r.rows_affected()))?;
        Ok(())
    }

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

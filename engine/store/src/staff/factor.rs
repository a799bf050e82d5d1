//! Each staff member's authenticator (TOTP, RFC 6238) and recovery codes, and the second
//! factor a session has proven.

use chrono::{DateTime, Utc};

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
}

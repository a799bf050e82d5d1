//! An administrator's changes to accounts, at the command line (`threshold user …`) or in the
//! back office (`/staff/users`): disable and enable, change the role, reset a staff member's
//! second factor. Each is one transaction with its audit event, whose actor is the
//! administrator signed in to the back office (none at the command line).

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use serde_json::json;
use threshold_engine::Role;

use super::{User, user_columns};
use crate::BeginWrite;
use crate::{Db, StoreError, UserId, on_db};

impl Db {
    /// Every account, staff first, then by e-mail address.
    #[tracing::instrument(skip_all)]
    pub async fn list_users(&self) -> Result<Vec<User>, StoreError> {
        let sql = concat!(
            "SELECT ",
            user_columns!(),
            " FROM users ORDER BY CASE WHEN role IN ('ROLE_ADMIN', 'ROLE_CONVEYANCER') \
             THEN 0 ELSE 1 END, email"
        );
        Ok(on_db!(self, pool => sqlx::query_as(sql).fetch_all(pool).await)?)
    }

    /// The accounts with a confirmed authenticator (the back office's list shows who has one).
    #[tracing::instrument(skip_all)]
    pub async fn users_with_second_factor(&self) -> Result<HashSet<UserId>, StoreError> {
        let rows: Vec<(UserId,)> = on_db!(self, pool => sqlx::query_as(
            "SELECT user_id FROM staff_factors WHERE confirmed_at IS NOT NULL",
        )
        .fetch_all(pool)
        .await)?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    /// Disables (or enables again) an account. Disabling ends every session and every unused
    /// sign-in link at once, so nothing already in a browser or an inbox still works. False
    /// when the account was already so.
    #[tracing::instrument(skip_all)]
    pub async fn set_user_disabled(
        &self,
        id: UserId,
        disabled: bool,
        actor: Option<UserId>,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let (update, action) = if disabled {
            (
                "UPDATE users SET disabled_at = $2, updated_at = $2 \
                 WHERE id = $1 AND disabled_at IS NULL",
                "user.disabled",
            )
        } else {
            (
                "UPDATE users SET disabled_at = NULL, updated_at = $2 \
                 WHERE id = $1 AND disabled_at IS NOT NULL",
                "user.enabled",
            )
        };
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let changed = sqlx::query(update)
                .bind(id)
                .bind(now)
                .execute(&mut *tx)
                .await?
                .rows_affected()
                > 0;
            if changed && disabled {
                sqlx::query(
                    "UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL",
                )
                .bind(id)
                .bind(now)
                .execute(&mut *tx)
                .await?;
                sqlx::query(
                    "UPDATE magic_links SET revoked_at = $2 \
                     WHERE user_id = $1 AND used_at IS NULL AND revoked_at IS NULL",
                )
                .bind(id)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            }
            if changed {
                sqlx::query(AUDIT)
                    .bind(actor)
                    .bind(action)
                    .bind(id.to_string())
                    .bind(sqlx::types::Json(json!({})))
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok(changed)
        })
    }

    /// Sets an account's enabled features (BUYING, AI_BOT, SOF), audited; false when they
    /// were those already.
    #[tracing::instrument(skip_all)]
    pub async fn set_user_features(
        &self,
        id: UserId,
        features: &[String],
        actor: Option<UserId>,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let after = features.join(",");
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let before: Option<(String,)> =
                sqlx::query_as("SELECT enabled_features FROM users WHERE id = $1")
                    .bind(id)
                    .fetch_optional(&mut *tx)
                    .await?;
            let Some((before,)) = before else {
                return Err(StoreError::NotFound);
            };
            if before == after {
                return Ok(false);
            }
            sqlx::query("UPDATE users SET enabled_features = $2, updated_at = $3 WHERE id = $1")
                .bind(id)
                .bind(&after)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            sqlx::query(AUDIT)
                .bind(actor)
                .bind("user.features_changed")
                .bind(id.to_string())
                .bind(sqlx::types::Json(json!({ "from": before, "to": after })))
                .bind(now)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok(true)
        })
    }

    /// Gives an account another role; false when it had that role already.
    #[tracing::instrument(skip_all)]
    pub async fn set_user_role(
        &self,
        id: UserId,
        role: Role,
        actor: Option<UserId>,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let before: Option<(String,)> = sqlx::query_as("SELECT role FROM users WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
            let Some((before,)) = before else {
                return Err(StoreError::NotFound);
            };
            if before == role.as_str() {
                return Ok(false);
            }
            sqlx::query("UPDATE users SET role = $2, updated_at = $3 WHERE id = $1")
                .bind(id)
                .bind(role.as_str())
                .bind(now)
                .execute(&mut *tx)
                .await?;
            sqlx::query(AUDIT)
                .bind(actor)
                .bind("user.role_changed")
                .bind(id.to_string())
                .bind(sqlx::types::Json(json!({ "from": before, "to": role })))
                .bind(now)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok(true)
        })
    }

    /// Forgets a staff member's authenticator and recovery codes and ends their sessions: at
    /// their next sign-in they enrol a new authenticator. False when they had none.
    #[tracing::instrument(skip_all)]
    pub async fn reset_staff_factor(
        &self,
        id: UserId,
        actor: Option<UserId>,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let had = sqlx::query("DELETE FROM staff_factors WHERE user_id = $1")
                .bind(id)
                .execute(&mut *tx)
                .await?
                .rows_affected()
                > 0;
            sqlx::query("DELETE FROM staff_recovery_codes WHERE user_id = $1")
                .bind(id)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL",
            )
            .bind(id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            if had {
                sqlx::query(AUDIT)
                    .bind(actor)
                    .bind("staff.factor_reset")
                    .bind(id.to_string())
                    .bind(sqlx::types::Json(json!({})))
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok(had)
        })
    }
}

/// The audit event of an administrator's change (no actor when made at the command line).
const AUDIT: &str = "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, \
                     detail, at) VALUES ($1, $2, 'user', $3, $4, $5)";

//! Undoing a confirmed change through the link to the old address.

use chrono::{DateTime, Utc};
use serde_json::json;

use crate::BeginWrite;
use crate::{Db, StoreError, UserId, on_db, tokens};

/// An undone change.
#[derive(Clone, Debug)]
pub struct UndoneEmailChange {
    pub user_id: UserId,
    /// The address the account uses again.
    pub email: String,
    /// How many sessions were ended (all of the user's).
    pub sessions_ended: u64,
}

/// Why an undo failed.
#[derive(Debug, thiserror::Error)]
pub enum UndoEmailChangeError {
    /// Unknown, used, closed by another undo, or expired.
    #[error("the undo link is not valid")]
    Invalid,
    /// Another account has the old address now (nothing was consumed).
    #[error("the old address belongs to another account")]
    Taken,
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<sqlx::Error> for UndoEmailChangeError {
    fn from(err: sqlx::Error) -> Self {
        Self::Store(err.into())
    }
}

impl Db {
    /// Mints the undo link's token of a confirmed change (replacing one minted by an attempt
    /// that never mailed it) and returns it: the only time it exists in clear. None when the
    /// undo window is closed or its link was mailed already.
    #[tracing::instrument(skip_all)]
    pub async fn mint_email_change_undo_token(
        &self,
        request_id: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<String>, StoreError> {
        let token = tokens::new_token();
        let minted = on_db!(self, pool => sqlx::query(
            "UPDATE email_changes SET undo_token_hash = $2 WHERE request_id = $1 \
             AND used_at IS NOT NULL AND old_email IS NOT NULL AND undo_mailed_at IS NULL \
             AND undo_used_at IS NULL AND undo_revoked_at IS NULL AND undo_expires_at > $3",
        )
        .bind(request_id)
        .bind(tokens::hash(&token))
        .bind(now)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        Ok((minted > 0).then_some(token))
    }

    /// The SMTP server accepted the undo link sent to the old address.
    pub async fn mark_email_change_undo_mailed(
        &self,
        request_id: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_db!(self, pool => sqlx::query(
            "UPDATE email_changes SET undo_mailed_at = $2 WHERE request_id = $1",
        )
        .bind(request_id)
        .bind(now)
        .execute(pool)
        .await
        .map(|_| ()))?;
        Ok(())
    }

    /// Redeems an undo link: consumes it, puts the old address back, closes the user's other
    /// undo links, open requests and unused sign-in links, ends every session of the user, and
    /// audits it, all in one transaction. An old address another account took meanwhile
    /// consumes nothing.
    #[tracing::instrument(skip_all)]
    pub async fn undo_email_change(
        &self,
        token: &str,
        now: DateTime<Utc>,
    ) -> Result<UndoneEmailChange, UndoEmailChangeError> {
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let found: Option<(i64, UserId, Option<String>)> = sqlx::query_as(
                "UPDATE email_changes SET undo_used_at = $2 WHERE undo_token_hash = $1 \
                 AND undo_used_at IS NULL AND undo_revoked_at IS NULL AND undo_expires_at > $2 \
                 RETURNING id, user_id, old_email",
            )
            .bind(tokens::hash(token))
            .bind(now)
            .fetch_optional(&mut *tx)
            .await?;
            let Some((id, user_id, Some(old_email))) = found else {
                return Err(UndoEmailChangeError::Invalid);
            };
            let moved = sqlx::query("UPDATE users SET email = $2, updated_at = $3 WHERE id = $1")
                .bind(user_id)
                .bind(&old_email)
                .bind(now)
                .execute(&mut *tx)
                .await;
            match moved {
                Ok(done) if done.rows_affected() == 1 => {}
                Ok(_) => return Err(UndoEmailChangeError::Invalid),
                Err(sqlx::Error::Database(db)) if db.is_unique_violation() => {
                    return Err(UndoEmailChangeError::Taken);
                }
                Err(err) => return Err(err.into()),
            }
            // A later change's undo link went to an address the owner may not hold: it must not
            // take the account back there.
            sqlx::query(
                "UPDATE email_changes SET undo_revoked_at = $2 WHERE user_id = $1 AND id <> $3 \
                 AND undo_used_at IS NULL AND undo_revoked_at IS NULL AND undo_expires_at IS NOT NULL",
            )
            .bind(user_id)
            .bind(now)
            .bind(id)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "UPDATE email_changes SET revoked_at = $2 \
                 WHERE user_id = $1 AND used_at IS NULL AND revoked_at IS NULL",
            )
            .bind(user_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "UPDATE magic_links SET revoked_at = $2 \
                 WHERE user_id = $1 AND used_at IS NULL AND revoked_at IS NULL",
            )
            .bind(user_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            let ended = sqlx::query(
                "UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL",
            )
            .bind(user_id)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            sqlx::query(
                "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                 VALUES ($1, 'user.email_change_undone', 'user', $2, $3, $4)",
            )
            .bind(user_id)
            .bind(user_id.to_string())
            .bind(sqlx::types::Json(json!({ "fields": ["email"] })))
            .bind(now)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                 VALUES ($1, 'session.revoked_all', 'user', $2, $3, $4)",
            )
            .bind(user_id)
            .bind(user_id.to_string())
            .bind(sqlx::types::Json(json!({
                "reason": "email_change_undone",
                "sessions": ended,
            })))
            .bind(now)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(UndoneEmailChange {
                user_id,
                email: old_email,
                sessions_ended: ended,
            })
        })
    }
}

//! Confirming a change through the link to the new address.

use chrono::{DateTime, Utc};
use serde_json::json;

use super::EMAIL_CHANGE_UNDO_LIFETIME;
use crate::BeginWrite;
use crate::{Db, SessionId, StoreError, UserId, on_db, tokens};

/// A confirmed change.
#[derive(Clone, Debug)]
pub struct ConfirmedEmailChange {
    pub user_id: UserId,
    pub new_email: String,
    /// The request, whose job mails the undo link to the old address.
    pub request_id: String,
    /// How many of the user's other sessions were ended.
    pub sessions_ended: u64,
}

/// Why a confirmation failed.
#[derive(Debug, thiserror::Error)]
pub enum ConfirmEmailChangeError {
    /// Unknown, used, replaced by a newer request, or expired.
    #[error("the link is not valid")]
    Invalid,
    /// Another account has this address now (nothing was consumed).
    #[error("the address belongs to another account")]
    Taken,
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<sqlx::Error> for ConfirmEmailChangeError {
    fn from(err: sqlx::Error) -> Self {
        Self::Store(err.into())
    }
}

impl Db {
    /// Redeems a link: consumes it and moves the account to the new address, records the old
    /// one and opens its undo window, revokes the user's other open requests and unused
    /// sign-in links, ends every session of the user but `keep` (the confirming browser's, if
    /// it is theirs), and audits it, all in one transaction. An address another account took
    /// meanwhile consumes nothing.
    #[tracing::instrument(skip_all)]
    pub async fn confirm_email_change(
        &self,
        token: &str,
        keep: Option<SessionId>,
        now: DateTime<Utc>,
    ) -> Result<ConfirmedEmailChange, ConfirmEmailChangeError> {
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let found: Option<(i64, UserId, String, String)> = sqlx::query_as(
                "UPDATE email_changes SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL \
                 AND revoked_at IS NULL AND expires_at > $2 RETURNING id, user_id, new_email, request_id",
            )
            .bind(tokens::hash(token))
            .bind(now)
            .fetch_optional(&mut *tx)
            .await?;
            let Some((id, user_id, new_email, request_id)) = found else {
                return Err(ConfirmEmailChangeError::Invalid);
            };
            let old_email: Option<String> =
                sqlx::query_scalar("SELECT email FROM users WHERE id = $1")
                    .bind(user_id)
                    .fetch_optional(&mut *tx)
                    .await?;
            let Some(old_email) = old_email else {
                return Err(ConfirmEmailChangeError::Invalid);
            };
            let moved = sqlx::query("UPDATE users SET email = $2, updated_at = $3 WHERE id = $1")
                .bind(user_id)
                .bind(&new_email)
                .bind(now)
                .execute(&mut *tx)
                .await;
            match moved {
                Ok(done) if done.rows_affected() == 1 => {}
                Ok(_) => return Err(ConfirmEmailChangeError::Invalid),
                Err(sqlx::Error::Database(db)) if db.is_unique_violation() => {
                    return Err(ConfirmEmailChangeError::Taken);
                }
                Err(err) => return Err(err.into()),
            }
            sqlx::query(
                "UPDATE email_changes SET old_email = $2, undo_expires_at = $3 WHERE id = $1",
            )
            .bind(id)
            .bind(&old_email)
            .bind(now + EMAIL_CHANGE_UNDO_LIFETIME)
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
            // A sign-in link mailed to the old address must not open the account any more.
            sqlx::query(
                "UPDATE magic_links SET revoked_at = $2 \
                 WHERE user_id = $1 AND used_at IS NULL AND revoked_at IS NULL",
            )
            .bind(user_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            // Whoever holds another session (a copied cookie, perhaps) is out from now on.
            let ended = match keep {
                Some(keep) => sqlx::query(
                    "UPDATE sessions SET revoked_at = $2 \
                     WHERE user_id = $1 AND revoked_at IS NULL AND id <> $3",
                )
                .bind(user_id)
                .bind(now)
                .bind(keep)
                .execute(&mut *tx)
                .await?,
                None => sqlx::query(
                    "UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL",
                )
                .bind(user_id)
                .bind(now)
                .execute(&mut *tx)
                .await?,
            }
            .rows_affected();
            sqlx::query(
                "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                 VALUES ($1, 'user.email_changed', 'user', $2, $3, $4)",
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
                "reason": "email_changed",
                "sessions": ended,
                "keptCurrent": keep.is_some(),
            })))
            .bind(now)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(ConfirmedEmailChange {
                user_id,
                new_email,
                request_id,
                sessions_ended: ended,
            })
        })
    }
}

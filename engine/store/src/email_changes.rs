//! Changing a user's e-mail address: a request, a single-use link to the new address (its
//! token stored as SHA-256 only, like sign-in links), and its confirmation, which ends the
//! user's other sessions. The old address then gets a single-use link (hashed the same way)
//! that undoes the change for [`EMAIL_CHANGE_UNDO_LIFETIME`]: it puts the old address back and
//! ends every session.

use chrono::{DateTime, Duration, Utc};
use serde_json::json;

use crate::BeginWrite;
use crate::{Db, SessionId, StoreError, UserId, on_db, tokens};

/// How long a confirmation link works.
pub const EMAIL_CHANGE_LIFETIME: Duration = Duration::hours(24);

/// How long the old address can undo a confirmed change.
pub const EMAIL_CHANGE_UNDO_LIFETIME: Duration = Duration::days(7);

/// A request waiting for its link to be opened.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct PendingEmailChange {
    pub new_email: String,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

/// What the worker needs to mail a request.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct EmailChangeToMail {
    pub user_id: UserId,
    pub new_email: String,
    pub expires_at: DateTime<Utc>,
    pub mailed_at: Option<DateTime<Utc>>,
    pub notice_mailed_at: Option<DateTime<Utc>>,
    /// Used, revoked by a newer request, or expired: no link or notice to send any more.
    pub closed: bool,
    /// The address the confirmed change replaced (None until confirmed).
    pub old_email: Option<String>,
    pub undo_expires_at: Option<DateTime<Utc>>,
    pub undo_mailed_at: Option<DateTime<Utc>>,
    /// Confirmed, and its undo link neither used, revoked nor expired.
    pub undo_open: bool,
}

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

/// An undone change.
#[derive(Clone, Debug)]
pub struct UndoneEmailChange {
    pub user_id: UserId,
    /// The address the account uses again.
    pub email: String,
    /// How many sessions were ended (all of the user's).
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
    /// Records a request (revoking the user's earlier open ones), audited without the
    /// address, in one transaction. The worker mails it later under `request_id`.
    #[tracing::instrument(skip_all)]
    pub async fn request_email_change(
        &self,
        user_id: UserId,
        new_email: &str,
        request_id: &str,
        now: DateTime<Utc>,
    ) -> Result<PendingEmailChange, StoreError> {
        let expires_at = now + EMAIL_CHANGE_LIFETIME;
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            sqlx::query(
                "UPDATE email_changes SET revoked_at = $2 \
                 WHERE user_id = $1 AND used_at IS NULL AND revoked_at IS NULL",
            )
            .bind(user_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO email_changes (user_id, request_id, new_email, created_at, expires_at) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(user_id)
            .bind(request_id)
            .bind(new_email)
            .bind(now)
            .bind(expires_at)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                 VALUES ($1, 'user.email_change_requested', 'user', $2, $3, $4)",
            )
            .bind(user_id)
            .bind(user_id.to_string())
            .bind(sqlx::types::Json(json!({ "fields": ["email"] })))
            .bind(now)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
        });
        Ok(PendingEmailChange {
            new_email: new_email.to_owned(),
            created_at: now,
            expires_at,
        })
    }

    /// How many changes this user asked for since `since` (a per-account cap).
    pub async fn email_changes_since(
        &self,
        user_id: UserId,
        since: DateTime<Utc>,
    ) -> Result<i64, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_scalar(
            "SELECT COUNT(*) FROM email_changes WHERE user_id = $1 AND created_at > $2",
        )
        .bind(user_id)
        .bind(since)
        .fetch_one(pool)
        .await)?)
    }

    /// The user's open request, if any.
    #[tracing::instrument(skip_all)]
    pub async fn pending_email_change(
        &self,
        user_id: UserId,
        now: DateTime<Utc>,
    ) -> Result<Option<PendingEmailChange>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT new_email, created_at, expires_at FROM email_changes \
             WHERE user_id = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $2 \
             ORDER BY id DESC LIMIT 1",
        )
        .bind(user_id)
        .bind(now)
        .fetch_optional(pool)
        .await)?)
    }

    /// A request as the worker sees it.
    #[tracing::instrument(skip_all)]
    pub async fn email_change_to_mail(
        &self,
        request_id: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<EmailChangeToMail>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT user_id, new_email, expires_at, mailed_at, notice_mailed_at, \
             (used_at IS NOT NULL OR revoked_at IS NOT NULL OR expires_at <= $2) AS closed, \
             old_email, undo_expires_at, undo_mailed_at, \
             (used_at IS NOT NULL AND old_email IS NOT NULL AND undo_used_at IS NULL \
              AND undo_revoked_at IS NULL AND undo_expires_at IS NOT NULL AND undo_expires_at > $2) AS undo_open \
             FROM email_changes WHERE request_id = $1",
        )
        .bind(request_id)
        .bind(now)
        .fetch_optional(pool)
        .await)?)
    }

    /// Mints the request's link token (replacing one minted by an attempt that never mailed
    /// it) and returns it: the only time it exists in clear. None when the request is closed
    /// or its link was mailed already.
    #[tracing::instrument(skip_all)]
    pub async fn mint_email_change_token(
        &self,
        request_id: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<String>, StoreError> {
        let token = tokens::new_token();
        let minted = on_db!(self, pool => sqlx::query(
            "UPDATE email_changes SET token_hash = $2 WHERE request_id = $1 AND mailed_at IS NULL \
             AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $3",
        )
        .bind(request_id)
        .bind(tokens::hash(&token))
        .bind(now)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        Ok((minted > 0).then_some(token))
    }

    /// The SMTP server accepted the link (`notice` false) or the notice to the old address
    /// (`notice` true).
    pub async fn mark_email_change_mailed(
        &self,
        request_id: &str,
        notice: bool,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let sql = if notice {
            "UPDATE email_changes SET notice_mailed_at = $2 WHERE request_id = $1"
        } else {
            "UPDATE email_changes SET mailed_at = $2 WHERE request_id = $1"
        };
        on_db!(self, pool => sqlx::query(sql)
            .bind(request_id)
            .bind(now)
            .execute(pool)
            .await
            .map(|_| ()))?;
        Ok(())
    }

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

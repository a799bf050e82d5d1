//! Changing a user's e-mail address: a request, a single-use link to the new address (its
//! token stored as SHA-256 only, like sign-in links), and its confirmation.

use chrono::{DateTime, Duration, Utc};
use serde_json::json;

use crate::BeginWrite;
use crate::{Db, StoreError, UserId, on_db, tokens};

/// How long a confirmation link works.
pub const EMAIL_CHANGE_LIFETIME: Duration = Duration::hours(24);

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
    /// Used, revoked by a newer request, or expired: nothing more to send.
    pub closed: bool,
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
             (used_at IS NOT NULL OR revoked_at IS NOT NULL OR expires_at <= $2) AS closed \
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

    /// Redeems a link: consumes it and moves the account to the new address, revokes the
    /// user's other open requests and unused sign-in links, and audits it, all in one
    /// transaction. An address another account took meanwhile consumes nothing. Returns the
    /// user and the new address.
    #[tracing::instrument(skip_all)]
    pub async fn confirm_email_change(
        &self,
        token: &str,
        now: DateTime<Utc>,
    ) -> Result<(UserId, String), ConfirmEmailChangeError> {
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let found: Option<(UserId, String)> = sqlx::query_as(
                "UPDATE email_changes SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL \
                 AND revoked_at IS NULL AND expires_at > $2 RETURNING user_id, new_email",
            )
            .bind(tokens::hash(token))
            .bind(now)
            .fetch_optional(&mut *tx)
            .await?;
            let Some((user_id, new_email)) = found else {
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
            tx.commit().await?;
            Ok((user_id, new_email))
        })
    }
}

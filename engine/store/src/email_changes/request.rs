//! A request for a new address, and its link to that address.

use chrono::{DateTime, Utc};
use serde_json::json;

use super::EMAIL_CHANGE_LIFETIME;
use crate::BeginWrite;
use crate::{Db, StoreError, UserId, on_db, tokens};

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
}

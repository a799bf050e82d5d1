//! A user's sessions as the settings page lists them, and ending them.

use chrono::{DateTime, Utc};

use super::SessionPolicy;
use crate::{Db, SessionId, StoreError, UserId, on_db, tokens};

/// A session as its owner sees it on the settings page.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct SessionInfo {
    pub id: SessionId,
    pub user_agent: Option<String>,
    pub created_at: DateTime<Utc>,
    pub last_used_at: DateTime<Utc>,
}

impl Db {
    /// Ends one of the user's sessions; false if it is not theirs or already over.
    #[tracing::instrument(skip_all)]
    pub async fn revoke_session(
        &self,
        user_id: UserId,
        session_id: SessionId,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = on_db!(self, pool => sqlx::query(
            "UPDATE sessions SET revoked_at = $3 WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL",
        )
        .bind(session_id)
        .bind(user_id)
        .bind(now)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Ends every session of the user (log out everywhere).
    #[tracing::instrument(skip_all)]
    pub async fn revoke_all_sessions(
        &self,
        user_id: UserId,
        now: DateTime<Utc>,
    ) -> Result<u64, StoreError> {
        let done = on_db!(self, pool => sqlx::query(
            "UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL",
        )
        .bind(user_id)
        .bind(now)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?;
        Ok(done)
    }

    /// The user's sessions that can still be used, most recently used first.
    #[tracing::instrument(skip_all)]
    pub async fn active_sessions(
        &self,
        user_id: UserId,
        policy: &SessionPolicy,
        now: DateTime<Utc>,
    ) -> Result<Vec<SessionInfo>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT id, user_agent, created_at, last_used_at FROM sessions \
             WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2 AND last_used_at > $3 \
             ORDER BY last_used_at DESC",
        )
        .bind(user_id)
        .bind(now)
        .bind(now - policy.idle_timeout)
        .fetch_all(pool)
        .await)?)
    }

    /// Ends the session a refresh token belongs to (logging out, or signing in anew).
    #[tracing::instrument(skip_all)]
    pub async fn revoke_session_by_refresh_token(
        &self,
        refresh_token: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<(SessionId, UserId)>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "UPDATE sessions SET revoked_at = $2 WHERE refresh_hash = $1 AND revoked_at IS NULL RETURNING id, user_id",
        )
        .bind(tokens::hash(refresh_token))
        .bind(now)
        .fetch_optional(pool)
        .await)?)
    }
}

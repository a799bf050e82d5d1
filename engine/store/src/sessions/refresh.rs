//! Refresh tokens: rotating one, and whether one is live.

use chrono::{DateTime, Duration, Utc};

use super::{REUSE_GRACE_SECONDS, SessionPolicy, SessionTokens};
use crate::BeginWrite;
use crate::{Db, SessionId, StoreError, UserId, on_db, tokens};

/// What presenting a refresh token led to.
#[derive(Clone, Debug)]
pub enum Refreshed {
    /// The session goes on with these new tokens.
    Rotated(SessionTokens),
    /// The token had already been swapped for a newer one: a copy is in someone else's
    /// hands, so the session has just been ended.
    Reused {
        session_id: SessionId,
        user_id: UserId,
    },
    /// Unknown, or the session is over.
    Refused,
}

impl Db {
    /// Swaps a refresh token for a new pair of tokens. The old pair stops working at once and
    /// the old refresh token is remembered: presented again after [`REUSE_GRACE_SECONDS`] it
    /// can only be a copy (the browser already holds its successor), so the whole session is
    /// ended (RFC 9700 section 4.14.2).
    #[tracing::instrument(skip_all)]
    pub async fn refresh_session(
        &self,
        refresh_token: &str,
        policy: &SessionPolicy,
        now: DateTime<Utc>,
    ) -> Result<Refreshed, StoreError> {
        let access = tokens::new_token();
        let refresh = tokens::new_token();
        let old_hash = tokens::hash(refresh_token);
        let outcome = on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let found: Option<(SessionId, UserId)> = sqlx::query_as(
                "UPDATE sessions SET access_hash = $2, refresh_hash = $3, access_expires_at = $4, last_used_at = $5 \
                 WHERE refresh_hash = $1 AND revoked_at IS NULL AND expires_at > $5 AND last_used_at > $6 \
                 AND (last_used_at > $7 OR user_id NOT IN \
                 (SELECT id FROM users WHERE role IN ('ROLE_CONVEYANCER', 'ROLE_ADMIN'))) \
                 RETURNING id, user_id",
            )
            .bind(&old_hash)
            .bind(tokens::hash(&access))
            .bind(tokens::hash(&refresh))
            .bind(now + policy.access_ttl)
            .bind(now)
            .bind(now - policy.idle_timeout)
            .bind(now - policy.staff_idle_timeout)
            .fetch_optional(&mut *tx)
            .await?;
            let outcome = match found {
                Some((session_id, user_id)) => {
                    sqlx::query(
                        "INSERT INTO retired_refresh_tokens (refresh_hash, session_id, retired_at) VALUES ($1, $2, $3)",
                    )
                    .bind(&old_hash)
                    .bind(session_id)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
                    Refreshed::Rotated(SessionTokens {
                        session_id,
                        user_id,
                        access,
                        refresh,
                    })
                }
                None => {
                    let reused: Option<(SessionId, UserId)> = sqlx::query_as(
                        "UPDATE sessions SET revoked_at = $2 WHERE revoked_at IS NULL AND id = \
                         (SELECT session_id FROM retired_refresh_tokens WHERE refresh_hash = $1 AND retired_at <= $3) \
                         RETURNING id, user_id",
                    )
                    .bind(&old_hash)
                    .bind(now)
                    .bind(now - Duration::seconds(REUSE_GRACE_SECONDS))
                    .fetch_optional(&mut *tx)
                    .await?;
                    match reused {
                        Some((session_id, user_id)) => Refreshed::Reused {
                            session_id,
                            user_id,
                        },
                        None => Refreshed::Refused,
                    }
                }
            };
            tx.commit().await?;
            outcome
        });
        Ok(outcome)
    }

    /// Whether a refresh token still belongs to a live session (without rotating it).
    #[tracing::instrument(skip_all)]
    pub async fn refresh_token_is_live(
        &self,
        refresh_token: &str,
        policy: &SessionPolicy,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        Ok(self
            .live_session_by_refresh_token(refresh_token, policy, now)
            .await?
            .is_some())
    }

    /// The live session a refresh token belongs to, and its user (without rotating it).
    #[tracing::instrument(skip_all)]
    pub async fn live_session_by_refresh_token(
        &self,
        refresh_token: &str,
        policy: &SessionPolicy,
        now: DateTime<Utc>,
    ) -> Result<Option<(SessionId, UserId)>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT id, user_id FROM sessions WHERE refresh_hash = $1 AND revoked_at IS NULL AND expires_at > $2 AND last_used_at > $3",
        )
        .bind(tokens::hash(refresh_token))
        .bind(now)
        .bind(now - policy.idle_timeout)
        .fetch_optional(pool)
        .await)?)
    }
}

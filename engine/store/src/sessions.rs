//! Sign-in sessions: a short-lived access token and a rotating refresh token, both
//! stored as hashes, with idle and absolute timeouts and server-side revocation.

use chrono::{DateTime, Duration, Utc};

use crate::BeginWrite;
use crate::users::User;
use crate::{Db, SessionId, StoreError, UserId, on_db, tokens};

/// How long the parts of a session live.
#[derive(Clone, Copy, Debug)]
pub struct SessionPolicy {
    /// Lifetime of one access token; the browser refreshes after it.
    pub access_ttl: Duration,
    /// A session unused for this long is over.
    pub idle_timeout: Duration,
    /// A back-office (staff) session is over sooner: it reaches every case.
    pub staff_idle_timeout: Duration,
    /// A session is over this long after sign-in, used or not.
    pub absolute_timeout: Duration,
}

/// The secrets of a session, handed to the browser as cookies and never stored.
#[derive(Clone, Debug)]
pub struct SessionTokens {
    pub session_id: SessionId,
    pub user_id: UserId,
    pub access: String,
    pub refresh: String,
}

/// A session as its owner sees it on the settings page.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct SessionInfo {
    pub id: SessionId,
    pub user_agent: Option<String>,
    pub created_at: DateTime<Utc>,
    pub last_used_at: DateTime<Utc>,
}

#[derive(sqlx::FromRow)]
struct AuthenticatedRow {
    #[sqlx(flatten)]
    user: User,
    session_id: SessionId,
    session_last_used_at: DateTime<Utc>,
    session_created_at: DateTime<Utc>,
    second_factor_at: Option<DateTime<Utc>>,
    firm_id: Option<i64>,
}

/// Who a live access token belongs to.
#[derive(Clone, Debug)]
pub struct Authenticated {
    pub session_id: SessionId,
    pub user: User,
    /// The broker firm the user belongs to, if any (it decides a broker admin's case scope).
    pub firm_id: Option<i64>,
    /// When this session proved a second factor (staff only; see `staff`).
    pub second_factor_at: Option<DateTime<Utc>>,
    /// When this session began: the moment its sign-in link was redeemed (a session is only
    /// ever created by redeeming one, and refreshing keeps it). Recent, it is a fresh proof
    /// that the user holds the account's inbox (changing the e-mail address asks for one).
    pub signed_in_at: DateTime<Utc>,
}

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

/// A retired refresh token presented within this many seconds of its rotation is refused
/// without ending the session: two tabs refreshing at once both send the same cookie.
pub const REUSE_GRACE_SECONDS: i64 = 10;

/// Activity is written at most this often, to keep reads cheap.
const TOUCH_INTERVAL_SECONDS: i64 = 60;

impl Db {
    /// Starts a new session (a new id at every sign-in).
    #[tracing::instrument(skip_all)]
    pub async fn create_session(
        &self,
        user_id: UserId,
        user_agent: Option<&str>,
        policy: &SessionPolicy,
        now: DateTime<Utc>,
    ) -> Result<SessionTokens, StoreError> {
        let tokens = SessionTokens {
            session_id: SessionId::new_random(),
            user_id,
            access: tokens::new_token(),
            refresh: tokens::new_token(),
        };
        on_db!(self, pool => sqlx::query(
            "INSERT INTO sessions (id, user_id, access_hash, access_expires_at, refresh_hash, user_agent, \
             created_at, last_used_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8)",
        )
        .bind(tokens.session_id)
        .bind(user_id)
        .bind(tokens::hash(&tokens.access))
        .bind(now + policy.access_ttl)
        .bind(tokens::hash(&tokens.refresh))
        .bind(user_agent)
        .bind(now)
        .bind(now + policy.absolute_timeout)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?;
        Ok(tokens)
    }

    /// The live session an access token belongs to and its user, if any; records activity.
    /// One statement: every authenticated request starts here.
    #[tracing::instrument(skip_all)]
    pub async fn authenticate(
        &self,
        access_token: &str,
        policy: &SessionPolicy,
        now: DateTime<Utc>,
    ) -> Result<Option<Authenticated>, StoreError> {
        // The joined tables expose only renamed columns: user_columns! stays unqualified.
        let sql = concat!(
            "SELECT ",
            crate::users::user_columns!(),
            ", session_id, session_last_used_at, session_created_at, second_factor_at, m.firm_id FROM users \
             JOIN (SELECT id AS session_id, user_id AS session_user_id, last_used_at AS session_last_used_at, \
             created_at AS session_created_at, second_factor_at FROM sessions \
             WHERE access_hash = $1 AND revoked_at IS NULL AND access_expires_at > $2 \
             AND expires_at > $2 AND last_used_at > $3) s ON s.session_user_id = users.id \
             LEFT JOIN (SELECT user_id AS member_user_id, firm_id FROM broker_firm_members) m \
             ON m.member_user_id = users.id WHERE users.disabled_at IS NULL",
        );
        let found: Option<AuthenticatedRow> = on_db!(self, pool => sqlx::query_as(sql)
            .bind(tokens::hash(access_token))
            .bind(now)
            .bind(now - policy.idle_timeout)
            .fetch_optional(pool)
            .await)?;
        let Some(found) = found else {
            return Ok(None);
        };
        if found.user.role.is_staff()
            && now - found.session_last_used_at > policy.staff_idle_timeout
        {
            return Ok(None);
        }
        if now - found.session_last_used_at > Duration::seconds(TOUCH_INTERVAL_SECONDS) {
            on_db!(self, pool => sqlx::query("UPDATE sessions SET last_used_at = $2 WHERE id = $1")
                .bind(found.session_id)
                .bind(now)
                .execute(pool)
                .await.map(|r| r.rows_affected()))?;
        }
        Ok(Some(Authenticated {
            session_id: found.session_id,
            user: found.user,
            firm_id: found.firm_id,
            second_factor_at: found.second_factor_at,
            signed_in_at: found.session_created_at,
        }))
    }

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

//! Sign-in sessions: a short-lived access token and a rotating refresh token, both
//! stored as hashes, with idle and absolute timeouts and server-side revocation.
//!
//! Opening one is here; its access token (`access`), its refresh token (`refresh`) and the
//! owner's list of sessions and their ending (`revoke`) are apart.

mod access;
mod refresh;
mod revoke;

use chrono::{DateTime, Duration, Utc};

use crate::{Db, SessionId, StoreError, UserId, on_db, tokens};

pub use access::Authenticated;
pub use refresh::Refreshed;
pub use revoke::SessionInfo;

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
}

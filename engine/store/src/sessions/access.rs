//! Who a live access token belongs to.

use chrono::{DateTime, Duration, Utc};

use super::{SessionPolicy, TOUCH_INTERVAL_SECONDS};
use crate::users::User;
use crate::{Db, SessionId, StoreError, on_db, tokens};

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

impl Db {
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
}

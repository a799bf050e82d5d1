//! Sign-in and sign-up links: stored as a hash, valid for a short time, single use, and
//! revoked when a newer request issues a link for the same address.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use crate::BeginWrite;
use crate::{Db, StoreError, UserId, on_db, tokens};

/// What a sign-up link carries until it is opened: the account is only created then, so
/// nobody can register someone else's address without access to their inbox.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PendingSignup {
    pub email: String,
    pub preferred_name: String,
    pub privacy_version: i32,
    pub terms_version: i32,
}

/// A link to issue.
#[derive(Clone, Debug)]
pub struct NewMagicLink<'a> {
    pub email: &'a str,
    /// The e-mail request (job) the link is for: its retries do not revoke each other.
    pub request_id: &'a str,
    pub user_id: Option<UserId>,
    pub signup: Option<PendingSignup>,
    pub redirect_to: Option<&'a str>,
    pub lifetime: Duration,
    /// A link the person asked for ends their other unused links (only the newest works). An
    /// invitation's link, which nobody asked for, ends none: mailed while someone waits for
    /// the link they asked for, it would break theirs.
    pub replaces_others: bool,
}

/// A link that was redeemed just now.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct RedeemedLink {
    pub user_id: Option<UserId>,
    pub signup: Option<sqlx::types::Json<PendingSignup>>,
    pub redirect_to: Option<String>,
}

/// Whose a link is and where it led, whatever its state now (used, replaced or expired).
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct LinkOwner {
    /// None for a sign-up link (its account may not exist).
    pub user_id: Option<UserId>,
    pub redirect_to: Option<String>,
}

impl Db {
    /// Issues a link and returns its token (the only time the token exists in clear).
    /// With `replaces_others`, unused links of other requests for the same address stop
    /// working in the same transaction; a retry of the same request leaves its first link
    /// working.
    #[tracing::instrument(skip_all)]
    pub async fn issue_magic_link(
        &self,
        link: &NewMagicLink<'_>,
        now: DateTime<Utc>,
    ) -> Result<String, StoreError> {
        let token = tokens::new_token();
        let email_hash = tokens::hash(link.email);
        let signup = link.signup.as_ref().map(sqlx::types::Json);
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            if link.replaces_others {
                sqlx::query(
                    "UPDATE magic_links SET revoked_at = $2 \
                     WHERE email_hash = $1 AND used_at IS NULL AND revoked_at IS NULL \
                     AND (request_id IS NULL OR request_id <> $3)",
                )
                .bind(&email_hash)
                .bind(now)
                .bind(link.request_id)
                .execute(&mut *tx)
                .await?;
            }
            sqlx::query(
                "INSERT INTO magic_links \
                 (token_hash, email_hash, user_id, signup, redirect_to, created_at, expires_at, request_id) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(tokens::hash(&token))
            .bind(&email_hash)
            .bind(link.user_id)
            .bind(signup)
            .bind(link.redirect_to)
            .bind(now)
            .bind(now + link.lifetime)
            .bind(link.request_id)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
        });
        Ok(token)
    }

    /// Whether the e-mail of this request went out already (its job is a retry).
    pub async fn magic_link_mailed(&self, request_id: &str) -> Result<bool, StoreError> {
        let mailed: i64 = on_db!(self, pool => sqlx::query_scalar(
            "SELECT COUNT(*) FROM magic_links WHERE request_id = $1 AND mailed_at IS NOT NULL",
        )
        .bind(request_id)
        .fetch_one(pool)
        .await)?;
        Ok(mailed > 0)
    }

    /// The SMTP server accepted this request's e-mail: marked at once, so only a worker that
    /// dies in between these two steps can send it twice.
    pub async fn mark_magic_link_mailed(
        &self,
        request_id: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_db!(self, pool => sqlx::query(
            "UPDATE magic_links SET mailed_at = $2 WHERE request_id = $1 AND mailed_at IS NULL",
        )
        .bind(request_id)
        .bind(now)
        .execute(pool)
        .await
        .map(|_| ()))?;
        Ok(())
    }

    /// The link with this token, in any state: renewing a stale link mails its owner a fresh
    /// one to the same place.
    #[tracing::instrument(skip_all)]
    pub async fn magic_link_owner(&self, token: &str) -> Result<Option<LinkOwner>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT user_id, redirect_to FROM magic_links WHERE token_hash = $1",
        )
        .bind(tokens::hash(token))
        .fetch_optional(pool)
        .await)?)
    }

    /// Consumes a link. A single conditional UPDATE makes this atomic on both databases,
    /// so of any number of concurrent redemptions exactly one succeeds.
    #[tracing::instrument(skip_all)]
    pub async fn redeem_magic_link(
        &self,
        token: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<RedeemedLink>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "UPDATE magic_links SET used_at = $2 \
             WHERE token_hash = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $2 \
             RETURNING user_id, signup, redirect_to",
        )
        .bind(tokens::hash(token))
        .bind(now)
        .fetch_optional(pool)
        .await)?)
    }
}

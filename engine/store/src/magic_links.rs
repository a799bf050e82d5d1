//! Sign-in and sign-up links: stored as a hash, valid for a short time, single use, and
//! revoked when a newer link is issued for the same address.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

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
    pub user_id: Option<UserId>,
    pub signup: Option<PendingSignup>,
    pub redirect_to: Option<&'a str>,
    pub lifetime: Duration,
}

/// A link that was redeemed just now.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct RedeemedLink {
    pub user_id: Option<UserId>,
    pub signup: Option<sqlx::types::Json<PendingSignup>>,
    pub redirect_to: Option<String>,
}

impl Db {
    /// Issues a link and returns its token (the only time the token exists in clear).
    /// Older unused links for the same address stop working in the same transaction.
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
            let mut tx = pool.begin().await?;
            sqlx::query(
                "UPDATE magic_links SET revoked_at = $2 \
                 WHERE email_hash = $1 AND used_at IS NULL AND revoked_at IS NULL",
            )
            .bind(&email_hash)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO magic_links (token_hash, email_hash, user_id, signup, redirect_to, created_at, expires_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(tokens::hash(&token))
            .bind(&email_hash)
            .bind(link.user_id)
            .bind(signup)
            .bind(link.redirect_to)
            .bind(now)
            .bind(now + link.lifetime)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
        });
        Ok(token)
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

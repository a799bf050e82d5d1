//! The per-address sign-in mail throttle (keyed by a hash, not the address itself), so the
//! product cannot be used to flood someone's inbox, nor to keep them from signing in.
//!
//! Every mail that is sent carries a working link, so throttling the *rate* rather than
//! capping the *count* means the person's inbox always holds a link that works: while mail
//! flows at full rate the newest is at most one interval old, and past the daily ceiling one
//! still goes out per link lifetime.

use chrono::{DateTime, Duration, Utc};

use crate::{Db, StoreError, on_db};

/// How often one address may be sent a sign-in e-mail.
#[derive(Clone, Copy, Debug)]
pub struct EmailThrottle {
    /// At most one e-mail per this interval.
    pub min_interval: Duration,
    /// E-mails in a day at full rate.
    pub daily_cap: i64,
    /// Past the daily cap, at most one per this interval (the link lifetime, so a working link
    /// is always in the inbox).
    pub after_cap_interval: Duration,
}

impl Db {
    /// Takes the address's next e-mail slot: true if an e-mail may be sent now. A single
    /// conditional upsert, so concurrent workers cannot both take it.
    #[tracing::instrument(skip_all)]
    pub async fn take_email_slot(
        &self,
        email_hash: &str,
        throttle: &EmailThrottle,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let taken: Option<(String,)> = on_db!(self, pool => sqlx::query_as(
            "INSERT INTO email_throttle (email_hash, last_sent_at, previous_sent_at, day_start, sent_today) \
             VALUES ($1, $2, NULL, $2, 1) \
             ON CONFLICT (email_hash) DO UPDATE SET \
               previous_sent_at = email_throttle.last_sent_at, \
               last_sent_at = $2, \
               sent_today = CASE WHEN email_throttle.day_start <= $4 THEN 1 ELSE email_throttle.sent_today + 1 END, \
               day_start = CASE WHEN email_throttle.day_start <= $4 THEN $2 ELSE email_throttle.day_start END \
             WHERE email_throttle.last_sent_at <= $3 \
               AND (email_throttle.day_start <= $4 OR email_throttle.sent_today < $5 OR email_throttle.last_sent_at <= $6) \
             RETURNING email_hash",
        )
        .bind(email_hash)
        .bind(now)
        .bind(now - throttle.min_interval)
        .bind(now - Duration::days(1))
        .bind(i32::try_from(throttle.daily_cap).unwrap_or(i32::MAX))
        .bind(now - throttle.after_cap_interval)
        .fetch_optional(pool)
        .await)?;
        Ok(taken.is_some())
    }

    /// Gives back the slot taken at `taken_at` for an e-mail that could not be sent, so the
    /// retry of the same e-mail is not throttled.
    #[tracing::instrument(skip_all)]
    pub async fn release_email_slot(
        &self,
        email_hash: &str,
        taken_at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let long_ago = DateTime::<Utc>::UNIX_EPOCH;
        on_db!(self, pool => sqlx::query(
            "UPDATE email_throttle SET last_sent_at = COALESCE(previous_sent_at, $3), \
             sent_today = CASE WHEN sent_today > 0 THEN sent_today - 1 ELSE 0 END \
             WHERE email_hash = $1 AND last_sent_at = $2",
        )
        .bind(email_hash)
        .bind(taken_at)
        .bind(long_ago)
        .execute(pool)
        .await
        .map(|_| ()))?;
        Ok(())
    }
}

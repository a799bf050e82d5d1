//! The users' notification feed.

use chrono::{DateTime, Utc};
use serde_json::Value;

use super::CaseBrief;
use crate::{Backend, BeginWrite, Db, StoreError, UserId, on_db};

impl Db {
    /// Adds an item to a user's notification feed, once per effect and user.
    pub async fn add_feed_item(
        &self,
        item: &NewFeedItem<'_>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_db!(self, pool => sqlx::query(
            "INSERT INTO feed_items (user_id, case_id, kind, data, effect_id, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (effect_id, user_id) DO NOTHING",
        )
        .bind(item.user_id)
        .bind(item.case_id)
        .bind(item.kind)
        .bind(sqlx::types::Json(item.data))
        .bind(item.effect_id)
        .bind(now)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(())
    }

    /// Adds an invitation's item (a quote or case invitation) unless the user has already
    /// answered that invitation, and archives the user's earlier unarchived item of the same
    /// kind for the case: a resent invitation replaces the one before it, and an item whose
    /// delivery was overtaken by the answer never reopens the modal.
    pub async fn add_invitation_feed_item(
        &self,
        item: &NewFeedItem<'_>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        // One transaction, so no reader sees the new item beside the one it replaces; the
        // user's feed writers take turns, so the later one's archive sees the earlier one's row
        // (two deliveries can run at once: a first try retried while the resend's job runs).
        let postgres = self.backend() == Backend::Postgres;
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            take_turn_on_feed(&mut *tx, postgres, item.user_id).await?;
            // The answer (`record_invitation_response`) commits before the API archives the
            // case's items (taking its turn too): an insert that misses the answer is archived.
            let added: Option<i64> = sqlx::query_scalar(
                "INSERT INTO feed_items (user_id, case_id, kind, data, effect_id, created_at) \
                 SELECT $1, $2, $3, $4, $5, $6 WHERE NOT EXISTS (SELECT 1 FROM invitations \
                 WHERE responded_at IS NOT NULL AND case_id = $2 AND applicant_id IN \
                 (SELECT id FROM applicants WHERE case_id = $2 AND user_id = $1)) \
                 ON CONFLICT (effect_id, user_id) DO NOTHING RETURNING id",
            )
            .bind(item.user_id)
            .bind(item.case_id)
            .bind(item.kind)
            .bind(sqlx::types::Json(item.data))
            .bind(item.effect_id)
            .bind(now)
            .fetch_optional(&mut *tx)
            .await?;
            if added.is_some() {
                // All but the newest: the item just added, as the deliveries take turns.
                sqlx::query(
                    "UPDATE feed_items SET archived_at = $4, read_at = COALESCE(read_at, $4) \
                     WHERE user_id = $1 AND case_id = $2 AND kind = $3 AND archived_at IS NULL \
                     AND id < (SELECT MAX(id) FROM feed_items WHERE user_id = $1 \
                     AND case_id = $2 AND kind = $3)",
                )
                .bind(item.user_id)
                .bind(item.case_id)
                .bind(item.kind)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok(())
        })
    }

    /// A user's unarchived feed, newest first.
    pub async fn feed_items(&self, user_id: UserId) -> Result<Vec<FeedItem>, StoreError> {
        self.feed_page(user_id, 0, i64::MAX / 2).await
    }

    /// One page of a user's unarchived feed, newest first.
    pub async fn feed_page(
        &self,
        user_id: UserId,
        offset: i64,
        limit: i64,
    ) -> Result<Vec<FeedItem>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT id, case_id, kind, data, effect_id, read_at, created_at FROM feed_items \
             WHERE user_id = $1 AND archived_at IS NULL ORDER BY id DESC LIMIT $2 OFFSET $3",
        )
        .bind(user_id)
        .bind(limit)
        .bind(offset)
        .fetch_all(pool)
        .await)?)
    }

    /// How many unarchived items a user has, and how many of them are unread.
    pub async fn feed_counts(&self, user_id: UserId) -> Result<(i64, i64), StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT COUNT(*), COALESCE(SUM(CASE WHEN read_at IS NULL THEN 1 ELSE 0 END), 0) \
             FROM feed_items WHERE user_id = $1 AND archived_at IS NULL",
        )
        .bind(user_id)
        .fetch_one(pool)
        .await)?)
    }

    /// Archives (or marks read) one of the user's items; false when it is not theirs.
    pub async fn update_feed_item(
        &self,
        user_id: UserId,
        id: i64,
        archive: bool,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let sql = if archive {
            "UPDATE feed_items SET archived_at = COALESCE(archived_at, $3), \
             read_at = COALESCE(read_at, $3) WHERE id = $1 AND user_id = $2"
        } else {
            "UPDATE feed_items SET read_at = COALESCE(read_at, $3) WHERE id = $1 AND user_id = $2"
        };
        let done = on_db!(self, pool => sqlx::query(sql)
            .bind(id)
            .bind(user_id)
            .bind(now)
            .execute(pool)
            .await
            .map(|r| r.rows_affected()))?;
        Ok(done > 0)
    }

    /// Archives a user's items of these kinds about one case (an answered invitation).
    pub async fn archive_case_feed_items(
        &self,
        user_id: UserId,
        case_id: i64,
        kinds: &[&str],
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let postgres = self.backend() == Backend::Postgres;
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            take_turn_on_feed(&mut *tx, postgres, user_id).await?;
            for kind in kinds {
                sqlx::query(
                    "UPDATE feed_items SET archived_at = COALESCE(archived_at, $4), \
                     read_at = COALESCE(read_at, $4) \
                     WHERE user_id = $1 AND case_id = $2 AND kind = $3",
                )
                .bind(user_id)
                .bind(case_id)
                .bind(*kind)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok(())
        })
    }

    /// What a feed item says about its case (ENT-14): its first broker and firm, whether a
    /// lender invited, the invitees' names and the property.
    pub async fn feed_context(&self, case_id: i64) -> Result<Option<FeedContext>, StoreError> {
        let Some(brief) = self.case_brief(case_id).await? else {
            return Ok(None);
        };
        let broker = self.case_broker(case_id).await?;
        let invitees: Vec<(String,)> = on_db!(self, pool => sqlx::query_as(
            "SELECT u.preferred_name FROM applicants a JOIN users u ON u.id = a.user_id \
             WHERE a.case_id = $1 AND a.party_type = 'APPLICANT' ORDER BY a.is_lead DESC, a.id",
        )
        .bind(case_id)
        .fetch_all(pool)
        .await)?;
        let (lender,): (bool,) = on_db!(self, pool => sqlx::query_as(
            "SELECT invited_by_lender FROM cases WHERE id = $1",
        )
        .bind(case_id)
        .fetch_one(pool)
        .await)?;
        let (broker_name, broker_firm) =
            broker.map_or((None, None), |b| (Some(b.preferred_name), b.firm_name));
        Ok(Some(FeedContext {
            brief,
            broker_name,
            broker_firm,
            is_lender: lender,
            invitees: invitees.into_iter().map(|(n,)| n).collect(),
        }))
    }
}

/// A feed item to add.
#[derive(Clone, Debug)]
pub struct NewFeedItem<'a> {
    pub user_id: UserId,
    pub case_id: Option<i64>,
    /// The spec's notification kind (`case-quote`, `case-notification`, …).
    pub kind: &'a str,
    pub data: &'a Value,
    /// The effect that made it (one item per effect and user); None for items made otherwise.
    pub effect_id: Option<i64>,
}

/// A stored feed item.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct FeedItem {
    pub id: i64,
    pub case_id: Option<i64>,
    pub kind: String,
    pub data: sqlx::types::Json<Value>,
    pub effect_id: Option<i64>,
    pub read_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

/// See [`Db::feed_context`].
#[derive(Clone, Debug)]
pub struct FeedContext {
    pub brief: CaseBrief,
    pub broker_name: Option<String>,
    pub broker_firm: Option<String>,
    pub is_lender: bool,
    pub invitees: Vec<String>,
}

/// Makes the user's feed writers take turns until the transaction ends: on PostgreSQL with an
/// advisory lock keyed by a hash of the user's id (the only advisory lock Threshold takes);
/// SQLite's write transaction (`BEGIN IMMEDIATE`) already takes turns.
async fn take_turn_on_feed<'c, DB, E>(
    tx: E,
    postgres: bool,
    user: UserId,
) -> Result<(), sqlx::Error>
where
    DB: sqlx::Database,
    E: sqlx::Executor<'c, Database = DB>,
    UserId: for<'q> sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    DB::Arguments: sqlx::IntoArguments<DB>,
{
    if postgres {
        sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1::text, 0))")
            .bind(user)
            .execute(tx)
            .await?;
    }
    Ok(())
}

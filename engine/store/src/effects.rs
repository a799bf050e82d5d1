//! The effect outbox: effect rows written with each transition, read by the workers' relay,
//! and what delivering them needs (recipients, the feed, one row per delivered e-mail).

use chrono::{DateTime, Utc};
use serde_json::Value;
use threshold_engine::Recipient;

use crate::{Backend, BeginWrite, Db, StoreError, UserId, on_db};

/// An effect whose time has come and that no relay has handed on yet.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct DueEffect {
    pub id: i64,
    pub case_id: i64,
    pub effect: sqlx::types::Json<Value>,
    /// The status the transition moved the case to (a reminder applies only while it stays).
    pub set_in_status: Option<String>,
}

/// Someone an effect reaches.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct EffectRecipient {
    pub user_id: UserId,
    pub email: String,
    pub preferred_name: String,
    /// A purchase's gift donor: no party to the case, so their links lead to their gift.
    pub donor: bool,
}

/// What a case e-mail says about its case.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct CaseBrief {
    #[sqlx(try_from = "String")]
    pub case_type: threshold_engine::CaseType,
    pub status: String,
    pub address_line1: Option<String>,
    /// Agreed, or (once completed) the day it completed.
    pub completion_date: Option<chrono::NaiveDate>,
}

const CUSTOMERS: &str = "SELECT u.id AS user_id, u.email, u.preferred_name, FALSE AS donor \
     FROM applicants a \
     JOIN users u ON u.id = a.user_id \
     WHERE a.case_id = $1 AND a.party_type = 'APPLICANT' AND $2 = 0 ORDER BY a.id";
/// One person on the case by applicant id, whatever their part (an owner, a buyer, a donor).
const ONE_APPLICANT: &str = "SELECT u.id AS user_id, u.email, u.preferred_name, \
     a.party_type = 'DONOR' AS donor FROM applicants a \
     JOIN users u ON u.id = a.user_id WHERE a.case_id = $1 AND a.id = $2";
const LEAD_CUSTOMER: &str = "SELECT u.id AS user_id, u.email, u.preferred_name, FALSE AS donor \
     FROM applicants a \
     JOIN users u ON u.id = a.user_id \
     WHERE a.case_id = $1 AND a.party_type = 'APPLICANT' AND a.is_lead AND $2 = 0 ORDER BY a.id";
const BROKERS: &str = "SELECT u.id AS user_id, u.email, u.preferred_name, FALSE AS donor \
     FROM case_admins ca \
     JOIN users u ON u.id = ca.user_id WHERE ca.case_id = $1 AND $2 = 0 ORDER BY ca.created_at";
/// The firm's conveyancing team: every conveyancer account.
const CONVEYANCERS: &str = "SELECT u.id AS user_id, u.email, u.preferred_name, FALSE AS donor \
     FROM users u \
     WHERE u.role = 'ROLE_CONVEYANCER' AND $1 > 0 AND $2 = 0 ORDER BY u.created_at";
/// The member of staff the case is assigned to; the whole team while nobody is.
const ASSIGNED_CONVEYANCER: &str = "SELECT u.id AS user_id, u.email, u.preferred_name, \
     FALSE AS donor FROM users u JOIN cases c ON c.id = $1 \
     WHERE $2 = 0 AND (u.id = c.assignee_id \
         OR (c.assignee_id IS NULL AND u.role = 'ROLE_CONVEYANCER')) \
     ORDER BY u.created_at";

impl Db {
    /// Effects not yet relayed whose due time (if any) has passed, oldest first.
    #[tracing::instrument(skip_all)]
    pub async fn due_effects(
        &self,
        now: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<DueEffect>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT id, case_id, effect, set_in_status FROM case_effects \
             WHERE done_at IS NULL AND (due_at IS NULL OR due_at <= $1) ORDER BY id LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(pool)
        .await)?)
    }

    /// Effects not yet relayed, due or not (the metrics' `effects_waiting`).
    pub async fn effects_waiting(&self) -> Result<i64, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_scalar(
            "SELECT COUNT(*) FROM case_effects WHERE done_at IS NULL",
        )
        .fetch_one(pool)
        .await)?)
    }

    /// The relay has handed the effect on (its job is queued, or it needed none).
    pub async fn mark_effect_done(&self, id: i64, now: DateTime<Utc>) -> Result<(), StoreError> {
        on_db!(self, pool => sqlx::query("UPDATE case_effects SET done_at = $2 WHERE id = $1")
            .bind(id)
            .bind(now)
            .execute(pool)
            .await
            .map(|r| r.rows_affected()))?;
        Ok(())
    }

    /// The people an effect addressed to `to` reaches on this case, now. The conveyancing
    /// team is every conveyancer account.
    #[tracing::instrument(skip_all, fields(case_id))]
    pub async fn effect_recipients(
        &self,
        case_id: i64,
        to: Recipient,
    ) -> Result<Vec<EffectRecipient>, StoreError> {
        // $2 narrows to one applicant (0: no narrowing); every query takes both arguments.
        let (sql, applicant) = match to {
            Recipient::Customers => (CUSTOMERS, 0),
            Recipient::Applicant(id) => (ONE_APPLICANT, id),
            Recipient::LeadCustomer => (LEAD_CUSTOMER, 0),
            Recipient::Broker => (BROKERS, 0),
            Recipient::Conveyancer => (CONVEYANCERS, 0),
            Recipient::AssignedConveyancer => (ASSIGNED_CONVEYANCER, 0),
            // Named when the effect is written (see `Recipient::named_by_announcement`); an
            // effect still addressed this way reaches no one.
            Recipient::AddedApplicant | Recipient::Donor => (ONE_APPLICANT, -1),
        };
        Ok(on_db!(self, pool => sqlx::query_as(sql)
            .bind(case_id)
            .bind(applicant)
            .fetch_all(pool)
            .await)?)
    }

    /// Type, status and address of a case, for the words of an e-mail (None: it is gone).
    pub async fn case_brief(&self, case_id: i64) -> Result<Option<CaseBrief>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT c.case_type, c.status, p.address_line1, c.completion_date FROM cases c \
             LEFT JOIN properties p ON p.case_id = c.id WHERE c.id = $1",
        )
        .bind(case_id)
        .fetch_optional(pool)
        .await)?)
    }

    /// Whether this effect's e-mail has reached this address already.
    pub async fn effect_delivered(
        &self,
        effect_id: i64,
        recipient: &str,
    ) -> Result<bool, StoreError> {
        let row: Option<(i64,)> = on_db!(self, pool => sqlx::query_as(
            "SELECT effect_id FROM effect_deliveries WHERE effect_id = $1 AND recipient = $2",
        )
        .bind(effect_id)
        .bind(recipient)
        .fetch_optional(pool)
        .await)?;
        Ok(row.is_some())
    }

    /// Notes that this effect's e-mail reached this address.
    pub async fn record_delivery(
        &self,
        effect_id: i64,
        recipient: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_db!(self, pool => sqlx::query(
            "INSERT INTO effect_deliveries (effect_id, recipient, delivered_at) VALUES ($1, $2, $3) \
             ON CONFLICT (effect_id, recipient) DO NOTHING",
        )
        .bind(effect_id)
        .bind(recipient)
        .bind(now)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(())
    }

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

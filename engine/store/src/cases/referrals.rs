//! The referral arrangement with each broker firm (issue 28, item 5): what the law firm pays a
//! broker firm for each client it introduces. The firm's administrators record it; a quote
//! made for a client introduced by that firm's brokers discloses it (SRA Code of Conduct for
//! Solicitors, para 5.1). A quote keeps what was disclosed when it was made.

use chrono::{DateTime, Utc};
use serde_json::json;

use crate::BeginWrite;
use crate::{Db, StoreError, UserId, on_db};

/// A broker firm and its referral arrangement.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct BrokerFirm {
    pub id: i64,
    pub name: String,
    /// Paid per introduced client, in pence; 0 = nothing.
    pub referral_fee: i64,
    pub brokers: i64,
}

/// Who introduced a client: a broker firm, by name, and what it is paid for it.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Introduction {
    pub firm_name: String,
    pub referral_fee: i64,
}

impl Db {
    /// Every broker firm, by name, with how many brokers it has.
    #[tracing::instrument(skip_all)]
    pub async fn broker_firms(&self) -> Result<Vec<BrokerFirm>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT f.id, f.name, f.referral_fee, \
                    (SELECT COUNT(*) FROM broker_firm_members m WHERE m.firm_id = f.id) AS brokers \
             FROM broker_firms f ORDER BY f.name, f.id",
        )
        .fetch_all(pool)
        .await)?)
    }

    /// Records the firm's referral fee, audited with who changed it from what; false when it
    /// was that already.
    #[tracing::instrument(skip_all)]
    pub async fn set_referral_fee(
        &self,
        firm_id: i64,
        referral_fee: i64,
        actor: UserId,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let before: Option<(i64,)> =
                sqlx::query_as("SELECT referral_fee FROM broker_firms WHERE id = $1")
                    .bind(firm_id)
                    .fetch_optional(&mut *tx)
                    .await?;
            let Some((before,)) = before else {
                return Err(StoreError::NotFound);
            };
            if before == referral_fee {
                return Ok(false);
            }
            sqlx::query("UPDATE broker_firms SET referral_fee = $2 WHERE id = $1")
                .bind(firm_id)
                .bind(referral_fee)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, \
                 detail, at) VALUES ($1, 'broker_firm.referral_fee_changed', 'broker_firm', $2, $3, $4)",
            )
            .bind(actor)
            .bind(firm_id.to_string())
            .bind(sqlx::types::Json(json!({ "from": before, "to": referral_fee })))
            .bind(now)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(true)
        })
    }

    /// The firm of a broker, as the introducer of the clients they bring (None for a broker
    /// in no firm, or anyone else).
    #[tracing::instrument(skip_all)]
    pub async fn introduction_by(
        &self,
        broker: UserId,
    ) -> Result<Option<Introduction>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT f.name AS firm_name, f.referral_fee FROM broker_firm_members m \
             JOIN broker_firms f ON f.id = m.firm_id WHERE m.user_id = $1",
        )
        .bind(broker)
        .fetch_optional(pool)
        .await)?)
    }

    /// The firm that introduced a case's clients: its first broker's (None for a case a
    /// customer started alone).
    #[tracing::instrument(skip_all)]
    pub async fn introduction_of_case(
        &self,
        case_id: i64,
    ) -> Result<Option<Introduction>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT f.name AS firm_name, f.referral_fee FROM case_admins ca \
             JOIN broker_firm_members m ON m.user_id = ca.user_id \
             JOIN broker_firms f ON f.id = m.firm_id \
             WHERE ca.case_id = $1 ORDER BY ca.created_at LIMIT 1",
        )
        .bind(case_id)
        .fetch_optional(pool)
        .await)?)
    }
}

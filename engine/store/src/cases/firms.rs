//! Broker firms and the hierarchy: members, and the brokers a manager manages.

use chrono::{DateTime, Utc};
use threshold_engine::Role;

use crate::{Db, StoreError, UserId, on_db};

/// A broker in the filter menu (ENT-05).
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ManagedBroker {
    pub user_id: UserId,
    pub preferred_name: String,
    #[sqlx(try_from = "String")]
    pub role: Role,
}

/// The broker who administers a case, with their firm and work contact, for the case page
/// and the feed.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct CaseBroker {
    pub preferred_name: String,
    pub firm_name: Option<String>,
    pub email: String,
    pub phone_number: Option<String>,
}

impl Db {
    /// The case's first broker (None for a case a customer started alone).
    #[tracing::instrument(skip_all)]
    pub async fn case_broker(&self, case_id: i64) -> Result<Option<CaseBroker>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT u.preferred_name, f.name AS firm_name, u.email, u.phone_number \
             FROM case_admins ca JOIN users u ON u.id = ca.user_id \
             LEFT JOIN broker_firm_members m ON m.user_id = u.id \
             LEFT JOIN broker_firms f ON f.id = m.firm_id \
             WHERE ca.case_id = $1 ORDER BY ca.created_at, u.preferred_name LIMIT 1",
        )
        .bind(case_id)
        .fetch_optional(pool)
        .await)?)
    }

    #[tracing::instrument(skip_all)]
    pub async fn create_firm(&self, name: &str, now: DateTime<Utc>) -> Result<i64, StoreError> {
        let (id,): (i64,) = on_db!(self, pool => sqlx::query_as(
            "INSERT INTO broker_firms (name, created_at) VALUES ($1, $2) RETURNING id",
        )
        .bind(name)
        .bind(now)
        .fetch_one(pool)
        .await)?;
        Ok(id)
    }

    /// Puts a broker in a firm (moving them if they were in another).
    #[tracing::instrument(skip_all)]
    pub async fn add_firm_member(
        &self,
        firm: i64,
        user: UserId,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_db!(self, pool => sqlx::query(
            "INSERT INTO broker_firm_members (user_id, firm_id, created_at) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id) DO UPDATE SET firm_id = excluded.firm_id",
        )
        .bind(user)
        .bind(firm)
        .bind(now)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?;
        Ok(())
    }

    /// Records that `manager` manages `broker`.
    #[tracing::instrument(skip_all)]
    pub async fn add_managed_broker(
        &self,
        manager: UserId,
        broker: UserId,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_db!(self, pool => sqlx::query(
            "INSERT INTO managed_brokers (manager_user_id, broker_user_id, created_at) \
             VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
        )
        .bind(manager)
        .bind(broker)
        .bind(now)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?;
        Ok(())
    }

    #[tracing::instrument(skip_all)]
    pub async fn firm_of(&self, user: UserId) -> Result<Option<i64>, StoreError> {
        let row: Option<(i64,)> = on_db!(self, pool => sqlx::query_as(
            "SELECT firm_id FROM broker_firm_members WHERE user_id = $1",
        )
        .bind(user)
        .fetch_optional(pool)
        .await)?;
        Ok(row.map(|(f,)| f))
    }

    /// The brokers a user may filter by: a manager's managed brokers (same firm), a broker
    /// admin's whole firm except themselves, nobody for a plain broker.
    #[tracing::instrument(skip_all)]
    pub async fn managed_brokers(
        &self,
        user: UserId,
        role: Role,
    ) -> Result<Vec<ManagedBroker>, StoreError> {
        let sql = match role {
            Role::BrokerManager => {
                "SELECT u.id AS user_id, u.preferred_name, u.role FROM managed_brokers m \
                 JOIN users u ON u.id = m.broker_user_id \
                 JOIN broker_firm_members me ON me.user_id = m.manager_user_id \
                 JOIN broker_firm_members them ON them.user_id = m.broker_user_id AND them.firm_id = me.firm_id \
                 WHERE m.manager_user_id = $1 ORDER BY u.preferred_name, u.id"
            }
            Role::BrokerAdmin => {
                "SELECT u.id AS user_id, u.preferred_name, u.role FROM broker_firm_members me \
                 JOIN broker_firm_members them ON them.firm_id = me.firm_id AND them.user_id <> me.user_id \
                 JOIN users u ON u.id = them.user_id \
                 WHERE me.user_id = $1 ORDER BY u.preferred_name, u.id"
            }
            _ => return Ok(vec![]),
        };
        Ok(on_db!(self, pool => sqlx::query_as(sql).bind(user).fetch_all(pool).await)?)
    }
}

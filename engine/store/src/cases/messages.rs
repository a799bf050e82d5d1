//! Messages left on a case for the others on it (a customer's report of an issue with the
//! quote). Written with their announcement ([`Db::record_announcement`]).

use chrono::{DateTime, Utc};

use crate::{Db, StoreError, UserId, on_db};

/// One message, with its author's preferred name (None once the account is gone).
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct CaseMessage {
    pub id: i64,
    pub author_name: Option<String>,
    pub body: String,
    pub created_at: DateTime<Utc>,
}

impl Db {
    /// A case's messages on one topic, oldest first; only `author`'s when given (a customer
    /// reads their own, the case's brokers read all).
    pub async fn case_messages(
        &self,
        case_id: i64,
        topic: &str,
        author: Option<UserId>,
    ) -> Result<Vec<CaseMessage>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT m.id, u.preferred_name AS author_name, m.body, m.created_at \
             FROM case_messages m LEFT JOIN users u ON u.id = m.author_user_id \
             WHERE m.case_id = $1 AND m.topic = $2 AND ($3 IS NULL OR m.author_user_id = $3) \
             ORDER BY m.id",
        )
        .bind(case_id)
        .bind(topic)
        .bind(author)
        .fetch_all(pool)
        .await)?)
    }
}

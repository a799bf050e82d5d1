//! Messages left on a case for the others on it: a customer's report of an issue with the
//! quote, and the case's conversation (issue 32), one thread per topic. Written with their
//! announcement ([`Db::record_announcement`]); read receipts here.

use chrono::{DateTime, Utc};

use crate::{Db, StoreError, UserId, on_db};

/// One message, with its author's preferred name and role (None once the account is gone).
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct CaseMessage {
    pub id: i64,
    pub author_user_id: Option<UserId>,
    pub author_name: Option<String>,
    pub author_role: Option<String>,
    pub body: String,
    pub created_at: DateTime<Utc>,
}

/// A document a message carries.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct MessageAttachment {
    pub message_id: i64,
    pub document_id: i64,
    pub file_name: Option<String>,
    pub document_type: String,
}

/// How far one person has read a thread.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct MessageRead {
    pub user_id: UserId,
    pub name: String,
    #[sqlx(try_from = "String")]
    pub role: threshold_engine::Role,
    pub last_read_message_id: i64,
    pub read_at: DateTime<Utc>,
}

impl Db {
    /// A case's messages on one topic, oldest first; only `author`'s when given (a customer
    /// reads their own reports on the quote, the case's brokers read all).
    pub async fn case_messages(
        &self,
        case_id: i64,
        topic: &str,
        author: Option<UserId>,
    ) -> Result<Vec<CaseMessage>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT m.id, m.author_user_id, u.preferred_name AS author_name, u.role AS author_role, \
             m.body, m.created_at \
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

    /// The documents the case's messages carry, by message then document.
    pub async fn message_attachments(
        &self,
        case_id: i64,
    ) -> Result<Vec<MessageAttachment>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT a.message_id, a.document_id, d.file_name, d.document_type \
             FROM case_message_attachments a \
             JOIN case_messages m ON m.id = a.message_id \
             JOIN documents d ON d.id = a.document_id \
             WHERE m.case_id = $1 ORDER BY a.message_id, a.document_id",
        )
        .bind(case_id)
        .fetch_all(pool)
        .await)?)
    }

    /// Every message on the case by id, whatever its thread, with its thread: what the audit
    /// trail's export shows beside the line that names it (`detail.messageId`).
    pub async fn case_message_texts(
        &self,
        case_id: i64,
    ) -> Result<std::collections::HashMap<i64, (String, String)>, StoreError> {
        let rows: Vec<(i64, String, String)> = on_db!(self, pool => sqlx::query_as(
            "SELECT id, topic, body FROM case_messages WHERE case_id = $1",
        )
        .bind(case_id)
        .fetch_all(pool)
        .await)?;
        Ok(rows
            .into_iter()
            .map(|(id, topic, body)| (id, (topic, body)))
            .collect())
    }

    /// Whether a customer's or broker's message has waited for the firm's reply past its due
    /// time (a reminder asks before it goes).
    pub async fn reply_overdue(
        &self,
        case_id: i64,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let due: Option<Option<DateTime<Utc>>> = on_db!(self, pool => {
            sqlx::query_scalar("SELECT reply_due_at FROM cases WHERE id = $1")
                .bind(case_id)
                .fetch_optional(pool)
                .await
        })?;
        Ok(due.flatten().is_some_and(|due| due <= now))
    }

    /// Who has read a thread how far, most recent reader first.
    pub async fn message_reads(
        &self,
        case_id: i64,
        topic: &str,
    ) -> Result<Vec<MessageRead>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT r.user_id, u.preferred_name AS name, u.role, r.last_read_message_id, r.read_at \
             FROM case_message_reads r JOIN users u ON u.id = r.user_id \
             WHERE r.case_id = $1 AND r.topic = $2 ORDER BY r.read_at DESC",
        )
        .bind(case_id)
        .bind(topic)
        .fetch_all(pool)
        .await)?)
    }

    /// Records that `user` has read a thread up to a message (never backwards).
    pub async fn mark_messages_read(
        &self,
        case_id: i64,
        topic: &str,
        user: UserId,
        up_to: i64,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_db!(self, pool => sqlx::query(
            "INSERT INTO case_message_reads (case_id, topic, user_id, last_read_message_id, read_at) \
             VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (case_id, topic, user_id) DO UPDATE SET \
             last_read_message_id = CASE WHEN excluded.last_read_message_id > case_message_reads.last_read_message_id \
                 THEN excluded.last_read_message_id ELSE case_message_reads.last_read_message_id END, \
             read_at = CASE WHEN excluded.last_read_message_id > case_message_reads.last_read_message_id \
                 THEN excluded.read_at ELSE case_message_reads.read_at END",
        )
        .bind(case_id)
        .bind(topic)
        .bind(user)
        .bind(up_to)
        .bind(now)
        .execute(pool)
        .await
        .map(|_| ()))?;
        Ok(())
    }
}

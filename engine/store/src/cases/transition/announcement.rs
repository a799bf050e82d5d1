//! Effects that go with no move (an announcement), with the message that prompted them.

use chrono::{DateTime, Utc};
use serde_json::json;

use crate::BeginWrite;
use crate::cases::EffectRecord;
use crate::{Db, StoreError, UserId, on_db};

/// Effects that go with no move (a re-sent invitation, a reported issue), and the message
/// that prompted them, if any.
#[derive(Clone, Debug)]
pub struct Announcement<'a> {
    pub case_id: i64,
    /// Where the case must still be.
    pub status: &'a str,
    pub by: Option<UserId>,
    /// The audit action.
    pub action: &'a str,
    pub effects: &'a [EffectRecord],
    pub message: Option<NewCaseMessage<'a>>,
}

/// A message someone on a case leaves for the others (see the case_messages migration).
#[derive(Clone, Debug)]
pub struct NewCaseMessage<'a> {
    /// Its thread: `QUOTE`, or a conversation's channel (`PARTIES`…).
    pub topic: &'a str,
    pub body: &'a str,
    pub reply: ReplyDue,
    /// Documents of the case it carries (a conversation's message; the quote's report none).
    pub attachments: &'a [i64],
}

/// What a message does to the firm's reply-time promise (`cases.reply_due_at`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplyDue {
    /// Nothing (a report on the quote, an internal note).
    Unchanged,
    /// It waits for the firm's reply, due then, unless an older one waits already.
    Awaited(DateTime<Utc>),
    /// The firm's reply: nothing waits any more.
    Answered,
}

impl Db {
    /// Records an announcement, audited, in one transaction, and answers its message's id; a
    /// conflict if the case has left its status meanwhile.
    #[tracing::instrument(skip_all, fields(case_id = a.case_id))]
    pub async fn record_announcement(
        &self,
        a: &Announcement<'_>,
        now: DateTime<Utc>,
    ) -> Result<Option<i64>, StoreError> {
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let here = sqlx::query("UPDATE cases SET updated_at = $3 WHERE id = $1 AND status = $2")
                .bind(a.case_id)
                .bind(a.status)
                .bind(now)
                .execute(&mut *tx)
                .await?
                .rows_affected();
            if here == 0 {
                return Err(StoreError::Conflict("the case has changed; reload it"));
            }
            // The audit trail names the message by id: its body is personal data.
            let mut message_id = None;
            if let Some(m) = &a.message {
                let id: i64 = sqlx::query_scalar(
                    "INSERT INTO case_messages (case_id, author_user_id, topic, body, created_at) \
                     VALUES ($1, $2, $3, $4, $5) RETURNING id",
                )
                .bind(a.case_id)
                .bind(a.by)
                .bind(m.topic)
                .bind(m.body)
                .bind(now)
                .fetch_one(&mut *tx)
                .await?;
                message_id = Some(id);
                for document in m.attachments {
                    // A document of this case still there: one deleted meanwhile is a conflict.
                    let attached = sqlx::query(
                        "INSERT INTO case_message_attachments (message_id, document_id) \
                         SELECT $1, id FROM documents WHERE id = $2 AND case_id = $3",
                    )
                    .bind(id)
                    .bind(document)
                    .bind(a.case_id)
                    .execute(&mut *tx)
                    .await?
                    .rows_affected();
                    if attached == 0 {
                        return Err(StoreError::Conflict(
                            "a document to attach has been deleted; choose again",
                        ));
                    }
                }
                match m.reply {
                    ReplyDue::Unchanged => {}
                    ReplyDue::Awaited(due) => {
                        sqlx::query(
                            "UPDATE cases SET reply_due_at = COALESCE(reply_due_at, $2) WHERE id = $1",
                        )
                        .bind(a.case_id)
                        .bind(due)
                        .execute(&mut *tx)
                        .await?;
                    }
                    ReplyDue::Answered => {
                        sqlx::query("UPDATE cases SET reply_due_at = NULL WHERE id = $1")
                            .bind(a.case_id)
                            .execute(&mut *tx)
                            .await?;
                    }
                }
            }
            sqlx::query(
                "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                 VALUES ($1, $2, 'case', $3, $4, $5)",
            )
            .bind(a.by)
            .bind(a.action)
            .bind(a.case_id.to_string())
            .bind(sqlx::types::Json(announcement_detail(a, message_id)))
            .bind(now)
            .execute(&mut *tx)
            .await?;
            for e in a.effects {
                sqlx::query(
                    "INSERT INTO case_effects (case_id, effect, due_at, created_at, set_in_status) \
                     VALUES ($1, $2, $3, $4, $5)",
                )
                .bind(a.case_id)
                .bind(sqlx::types::Json(&e.effect))
                .bind(e.due_at)
                .bind(now)
                .bind(a.status)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok(message_id)
        })
    }
}

/// The audit line of an announcement: how many effects it queued, and its message by id with
/// the documents it carries (the words stay in `case_messages`).
fn announcement_detail(a: &Announcement<'_>, message_id: Option<i64>) -> serde_json::Value {
    let mut detail = json!({ "effects": a.effects.len(), "messageId": message_id });
    if let Some(m) = a.message.as_ref().filter(|m| !m.attachments.is_empty()) {
        detail["attachments"] = json!(m.attachments);
    }
    detail
}

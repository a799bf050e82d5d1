//! Applying a transition: status, audit event and effects in one transaction.
//!
//! Effects that go with no move and the message that prompted them are `announcement`.

mod announcement;

use chrono::{DateTime, NaiveDate, Utc};
use serde_json::json;
use threshold_engine::{Applied, CaseStatus, Effect, WebhookEvent};

use super::EffectRecord;
use crate::BeginWrite;
use crate::{Db, StoreError, UserId, on_db};

pub use announcement::{Announcement, NewCaseMessage, ReplyDue};

/// A transition the engine has allowed, ready to persist.
#[derive(Clone, Debug)]
pub struct TransitionRecord {
    /// None when the system applied it (automatic transitions).
    pub actor: Option<UserId>,
    pub name: String,
    pub from: String,
    pub to: String,
    pub reason: Option<String>,
    pub effects: Vec<EffectRecord>,
    /// From the engine's RecordCompletionDate effect: written on the case itself.
    pub completion_date: Option<NaiveDate>,
    /// From the engine's TakeOn effect: the case's ineligibility is set aside for good.
    pub takes_on: bool,
    /// From the engine's Webhook effects: the broker firm's events besides the status change.
    pub webhook_events: Vec<WebhookEvent>,
}

impl TransitionRecord {
    /// What to persist for a transition the engine allowed, keeping its reason for the audit
    /// trail. `actor` is ours (the engine knows users by role only).
    pub fn from_applied(actor: Option<UserId>, applied: &Applied<CaseStatus>) -> Self {
        let mut completion_date = None;
        let mut takes_on = false;
        let mut webhook_events = vec![];
        let mut effects = vec![];
        for e in &applied.effects {
            // These are written on the case with the transition itself: no outbox row.
            match e {
                Effect::RecordCompletionDate { date } => completion_date = Some(*date),
                Effect::TakeOn => takes_on = true,
                Effect::Webhook { event } => webhook_events.push(*event),
                Effect::SendEmail { .. }
                | Effect::FeedNotification { .. }
                | Effect::Reminder { .. } => effects.push(EffectRecord {
                    effect: serde_json::to_value(e).unwrap_or_default(),
                    due_at: super::owner_writes::due_at(e),
                }),
            }
        }
        TransitionRecord {
            actor,
            name: applied.audit.transition.clone(),
            from: applied.from.as_str().to_owned(),
            to: applied.to.as_str().to_owned(),
            reason: applied.audit.reason.clone(),
            effects,
            completion_date,
            takes_on,
            webhook_events,
        }
    }

    /// The audit detail: ids and statuses only, never personal data.
    pub(crate) fn audit_detail(&self, case_type: &str) -> serde_json::Value {
        json!({
            "caseType": case_type,
            "transition": self.name,
            "from": self.from,
            "to": self.to,
            "reason": self.reason,
        })
    }
}

/// Writes one transition inside an open transaction: the status moves only if it is still
/// `from` (another request may have moved it first: a conflict, nothing written).
macro_rules! write_transition {
    ($tx:expr, $case_id:expr, $case_type:expr, $t:expr, $now:expr) => {{
        let t = $t;
        let moved = sqlx::query(
            "UPDATE cases SET status = $3, updated_at = $4, status_changed_at = $4, \
             completion_date = COALESCE($5, completion_date), \
             taken_on_at = CASE WHEN $6 THEN $4 ELSE taken_on_at END, \
             ineligibility_reason = CASE WHEN $6 THEN NULL ELSE ineligibility_reason END \
             WHERE id = $1 AND status = $2",
        )
        .bind($case_id)
        .bind(&t.from)
        .bind(&t.to)
        .bind($now)
        .bind(t.completion_date)
        .bind(t.takes_on)
        .execute(&mut *$tx)
        .await?
        .rows_affected();
        if moved == 0 {
            return Err($crate::StoreError::Conflict("the case has changed; reload it"));
        }
        sqlx::query(
            "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
             VALUES ($1, 'case.transition', 'case', $2, $3, $4)",
        )
        .bind(t.actor)
        .bind($case_id.to_string())
        .bind(sqlx::types::Json(t.audit_detail($case_type)))
        .bind($now)
        .execute(&mut *$tx)
        .await?;
        $crate::webhooks::enqueue_transition_events!($tx, $case_id, $case_type, t, $now);
        for e in &t.effects {
            // A reminder set again (a date agreed anew, a status entered twice) replaces the
            // one still waiting: one reminder per kind (and per task, for the legal file's),
            // due at the latest word.
            if let (Some(_), Some(template)) = (e.due_at, e.effect.get("template")) {
                let task = e.effect.pointer("/task/name").and_then(|n| n.as_str());
                sqlx::query(
                    "UPDATE case_effects SET done_at = $3 WHERE case_id = $1 AND done_at IS NULL \
                     AND due_at IS NOT NULL AND effect->>'template' = $2 \
                     AND COALESCE(effect->'task'->>'name', '') = $4",
                )
                .bind($case_id)
                .bind(template.as_str())
                .bind($now)
                .bind(task.unwrap_or_default())
                .execute(&mut *$tx)
                .await?;
            }
            sqlx::query(
                "INSERT INTO case_effects (case_id, effect, due_at, created_at, set_in_status) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind($case_id)
            .bind(sqlx::types::Json(&e.effect))
            .bind(e.due_at)
            .bind($now)
            .bind(&t.to)
            .execute(&mut *$tx)
            .await?;
        }
    }};
}
pub(crate) use write_transition;

impl Db {
    /// Persists allowed transitions, in order, atomically (status + audit event with its
    /// reason + effects for each), with the case's next task due date after them; a conflict
    /// if the case is no longer where they start.
    #[tracing::instrument(skip_all, fields(case_id))]
    pub async fn apply_transitions(
        &self,
        case_id: i64,
        case_type: &str,
        records: &[TransitionRecord],
        next_task_due: Option<NaiveDate>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.apply_transitions_quoted(case_id, case_type, records, None, next_task_due, now)
            .await
    }

    /// [`Db::apply_transitions`] with the quote a step brings (a case a conveyancer takes on is
    /// priced then: it had none while refused), written in the same transaction.
    #[tracing::instrument(skip_all, fields(case_id))]
    pub async fn apply_transitions_quoted(
        &self,
        case_id: i64,
        case_type: &str,
        records: &[TransitionRecord],
        quote: Option<&super::NewQuote>,
        next_task_due: Option<NaiveDate>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        crate::error::retrying!(async {
            on_db!(self, pool => {
                let mut tx = pool.begin_write().await?;
                for record in records {
                    write_transition!(tx, case_id, case_type, record, now);
                }
                if let Some(quote) = quote {
                    super::create::insert_quote!(tx, case_id, quote, now);
                }
                sqlx::query("UPDATE cases SET next_task_due_on = $2 WHERE id = $1")
                    .bind(case_id)
                    .bind(next_task_due)
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                Ok(())
            })
        })
    }
}

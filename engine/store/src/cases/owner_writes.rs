//! The Owners and Transfer of Equity sections' writes (co-owners, each owner's case details,
//! adult occupants, the transfer's reason and removed owners), each in one transaction with
//! its audit event and the automatic transitions it triggers, refused as a conflict if the
//! case left the status the caller decided on; and what the expanded case shows of them.
//!
//! Audit details name ids and field names, never values: names, e-mail addresses and
//! National Insurance numbers are personal data.
//!
//! The owners themselves (`owners`), adult occupants and what the expanded case shows
//! (`occupants`), and the transfer's reason and removed owners (`transfer`), all written
//! through `section_write!` here.

mod occupants;
mod owners;
mod transfer;

use chrono::{DateTime, NaiveDate, Utc};
use serde_json::Value;
use threshold_engine::Effect;

use super::TransitionRecord;
use crate::UserId;

/// What every section write carries: the case, the status the caller decided on, who writes,
/// the automatic transitions the change triggers, and the case's next task due date after it.
#[derive(Clone, Copy, Debug)]
pub struct SectionWrite<'a> {
    pub case_id: i64,
    pub case_type: &'a str,
    /// The write is refused (a conflict) if the case has moved since.
    pub expected_status: &'a str,
    pub actor: UserId,
    pub transitions: &'a [TransitionRecord],
    /// The earliest due date of the case's open tasks once written (the queue's sort).
    pub next_task_due: Option<NaiveDate>,
}

/// An adult occupant or a removed owner: a name and maybe an e-mail address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedPerson {
    pub full_name: String,
    pub email: Option<String>,
}

pub use occupants::{OwnersExtras, PersonRow};
pub use owners::{ApplicantDetails, NewCoOwner};

/// Runs `$body` in a transaction that first checks the case is still where the caller saw it,
/// then writes the audit event `$action` with `$detail` and the automatic transitions.
/// `$body` may `return Err(..)` to abandon everything.
macro_rules! section_write {
    ($db:expr, $w:expr, $action:expr, $detail:expr, $tx:ident => $body:block) => {{
        let w: &SectionWrite<'_> = $w;
        crate::error::retrying!(async {
            on_db!($db, pool => {
                let mut $tx = $crate::BeginWrite::begin_write(pool).await?;
                let here = sqlx::query(
                    "UPDATE cases SET updated_at = $3, next_task_due_on = $4 \
                     WHERE id = $1 AND status = $2",
                )
                .bind(w.case_id)
                .bind(w.expected_status)
                .bind(now())
                .bind(w.next_task_due)
                .execute(&mut *$tx)
                .await?
                .rows_affected();
                if here == 0 {
                    return Err(StoreError::Conflict("the case has changed; reload it"));
                }
                let out = $body;
                let detail: serde_json::Value = ($detail)(&out);
                sqlx::query(
                    "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                     VALUES ($1, $2, 'case', $3, $4, $5)",
                )
                .bind(w.actor)
                .bind($action)
                .bind(w.case_id.to_string())
                .bind(sqlx::types::Json(detail))
                .bind(now())
                .execute(&mut *$tx)
                .await?;
                let at = now();
                for t in w.transitions {
                    write_transition!($tx, w.case_id, w.case_type, t, at);
                }
                $tx.commit().await?;
                Ok(out)
            })
        })
    }};
}

pub(super) use section_write;

/// Inside an open section write: records the invitation of the applicant just added as sent,
/// and queues its e-mail and feed item addressed to them (see [`addressed`]).
macro_rules! invite {
    ($tx:ident, $w:expr, $applicant_id:expr, $effects:expr, $at:expr) => {{
        sqlx::query("INSERT INTO invitations (case_id, applicant_id, sent_at) VALUES ($1, $2, $3)")
            .bind($w.case_id)
            .bind($applicant_id)
            .bind($at)
            .execute(&mut *$tx)
            .await?;
        $crate::cases::owner_writes::tell_added!($tx, $w, $applicant_id, $effects, $at);
    }};
}
pub(super) use invite;

/// Inside an open section write: queues the announcement's effects addressed to this
/// applicant (an invitation, or a donor asked again).
macro_rules! tell_added {
    ($tx:ident, $w:expr, $applicant_id:expr, $effects:expr, $at:expr) => {{
        for e in $effects {
            sqlx::query(
                "INSERT INTO case_effects (case_id, effect, due_at, created_at, set_in_status) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind($w.case_id)
            .bind(sqlx::types::Json($crate::cases::owner_writes::addressed(
                e,
                $applicant_id,
            )))
            .bind($crate::cases::owner_writes::due_at(e))
            .bind($at)
            .bind($w.expected_status)
            .execute(&mut *$tx)
            .await?;
        }
    }};
}
pub(super) use tell_added;

pub(super) fn now() -> DateTime<Utc> {
    Utc::now()
}

/// The effect as the outbox keeps it, its added applicant named.
pub(super) fn addressed(effect: &Effect, applicant_id: i64) -> Value {
    serde_json::to_value(effect.clone().addressed_to(applicant_id)).unwrap_or_default()
}

/// The due time of an effect (reminders wait).
pub fn due_at(effect: &Effect) -> Option<DateTime<Utc>> {
    match effect {
        Effect::Reminder { due_at, .. } => Some(*due_at),
        _ => None,
    }
}

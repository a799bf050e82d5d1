//! The legal file's tasks recorded done (issue 29): one row per task and case, written with
//! its audit event in one section write (see `section_write!`), or nothing.

use chrono::{DateTime, NaiveDate, Utc};
use serde_json::json;

use super::owner_writes::{SectionWrite, now, section_write};
use super::transition::write_transition;
use crate::{Db, StoreError, on_db};

/// A task of the case's workflow recorded done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewTaskDone<'a> {
    pub task: &'a str,
    pub reference: Option<&'a str>,
    pub note: Option<&'a str>,
}

impl Db {
    /// Whether the task is recorded done on the case (a task's reminder asks before it goes).
    #[tracing::instrument(skip_all)]
    pub async fn task_done(&self, case_id: i64, task: &str) -> Result<bool, StoreError> {
        let found: Option<i64> = on_db!(self, pool => {
            sqlx::query_scalar("SELECT id FROM case_tasks WHERE case_id = $1 AND task = $2")
                .bind(case_id)
                .bind(task)
                .fetch_optional(pool)
                .await
        })?;
        Ok(found.is_some())
    }

    /// Records a task done by the write's actor (a second record of the same task is a
    /// conflict: a task is done once).
    #[tracing::instrument(skip_all)]
    pub async fn record_task_done(
        &self,
        w: &SectionWrite<'_>,
        done: &NewTaskDone<'_>,
        completion_date: Option<NaiveDate>,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        // The reference is what the firm filed (a UTRN, HM Land Registry's reference): no
        // personal data, so the audit line keeps it; the note stays in the table.
        section_write!(self, w, "case.task_done",
            |_: &()| json!({ "task": done.task, "reference": done.reference }), tx => {
            sqlx::query(
                "INSERT INTO case_tasks (case_id, task, reference, note, done_by_user_id, done_at) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(w.case_id)
            .bind(done.task)
            .bind(done.reference)
            .bind(done.note)
            .bind(w.actor)
            .bind(at)
            .execute(&mut *tx)
            .await
            .map_err(|e| StoreError::from_unique(e, "this task is done already"))?;
            // The completion date the task fixed (contracts exchanged), as the firm's own
            // "agree the completion date" step writes it.
            if let Some(date) = completion_date {
                sqlx::query("UPDATE cases SET completion_date = $2 WHERE id = $1")
                    .bind(w.case_id)
                    .bind(date)
                    .execute(&mut *tx)
                    .await?;
            }
        })
    }
}

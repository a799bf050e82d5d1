//! The legal file's tasks (issue 29): the one door through which a person records a task of
//! the workflow file done. Who may, and whether it may be done now, is the workflow's answer.

use chrono::Utc;
use threshold_engine::tasks::{TaskDone, TaskRefusal, TaskView};
use threshold_store::cases::NewTaskDone;

use crate::{Caller, CaseError, CaseService, OpenCase};

impl From<TaskRefusal> for CaseError {
    fn from(refusal: TaskRefusal) -> Self {
        match refusal {
            TaskRefusal::Unknown => CaseError::NotFound,
            r @ TaskRefusal::NotPermitted(_) => CaseError::NotPermitted(r.to_string()),
            r @ TaskRefusal::Done => CaseError::AlreadyDone(r.to_string()),
            r => CaseError::GuardFailed {
                guard: "task".into(),
                reason: r.to_string(),
            },
        }
    }
}

impl CaseService {
    /// The case's tasks as they stand today, for the caller.
    pub fn tasks(&self, case: &OpenCase) -> Vec<TaskView> {
        self.workflows
            .tasks(&case.snapshot, &case.actor, Utc::now().date_naive())
    }

    /// Records the task `done.task` done by the caller, with its audit event and any system
    /// transition it lets through, in one write; answers the case's tasks afterwards.
    #[tracing::instrument(skip_all, fields(case_id = case.loaded.row.id, task = done.task))]
    pub async fn complete_task(
        &self,
        caller: &Caller,
        case: &OpenCase,
        done: &NewTaskDone<'_>,
    ) -> Result<Vec<TaskView>, CaseError> {
        let by = caller
            .user_id()
            .ok_or_else(|| CaseError::NotPermitted("only a person records a task".into()))?;
        let now = Utc::now();
        self.workflows.may_complete_task(
            &case.snapshot,
            &case.actor,
            done.task,
            now.date_naive(),
        )?;
        // A task may fix the completion date (contracts exchanged): it is agreed in the same
        // write, and announced by the transition that the task lets through.
        let completion_date = self
            .tasks(case)
            .into_iter()
            .find(|t| t.name == done.task)
            .zip(done.reference)
            .and_then(|(t, reference)| t.reference_is.completion_date(reference));
        // A task may be the last thing a system transition waited for (contracts exchanged,
        // every buyer having accepted the completion statement): it is taken in the same write.
        let mut snap = case.snapshot.clone();
        if let Some(date) = completion_date {
            snap.agree_completion_date(date);
        }
        snap.record_task_done(TaskDone {
            task: done.task.to_owned(),
            reference: done.reference.map(str::to_owned),
            note: done.note.map(str::to_owned),
            done_at: now,
            done_by_name: None,
        });
        let records = self.automatic(&mut snap, now);
        let w = case.write(by, &records, self.workflows.next_task_due(&snap));
        self.db
            .record_task_done(&w, done, completion_date, now)
            .await?;
        let reopened = self
            .open(caller, case.case_type, case.loaded.row.id)
            .await?;
        Ok(self.tasks(&reopened))
    }
}

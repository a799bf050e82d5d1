//! A workflow's tasks for one case: which are part of its file, what they block, when the next
//! falls due, and the reminders to the firm on their due days.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::{TaskDef, TaskFacts, TaskRefusal, TaskView, may_complete, views};
use crate::definition::{Recipient, Workflow};
use crate::evaluate::Effect;
use crate::snapshot::CaseSnapshot;
use crate::types::Actor;

/// The template of a task's reminder to the firm on its due day (`workers/templates/case/`).
pub const TASK_DUE_TEMPLATE: &str = "task_due";

/// The hour (UTC) of a task's reminder on its due day: the start of the firm's working day.
const REMINDER_HOUR: u32 = 9;

/// The task a reminder is about: not sent once it is done; its label is the e-mail's subject.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskReminder {
    pub name: String,
    pub label: String,
}

impl<S: CaseSnapshot> Workflow<S> {
    /// Whether the task is part of this case's file: its `when` passes.
    fn applies(&self, task: &TaskDef<S::Status>, snap: &S, actor: &Actor) -> bool {
        task.when
            .as_deref()
            .is_none_or(|g| self.guard(g)(snap, actor).is_ok())
    }

    /// The tasks part of this case's file.
    fn applying_tasks<'a>(
        &'a self,
        snap: &'a S,
        actor: &'a Actor,
    ) -> impl Iterator<Item = &'a TaskDef<S::Status>> {
        self.definition
            .tasks
            .iter()
            .filter(move |t| self.applies(t, snap, actor))
    }

    /// Why the transition `name` is refused for tasks not done yet: the labels of those part
    /// of the case that block it, or `None` when none does.
    pub(crate) fn blocking_tasks(&self, snap: &S, actor: &Actor, name: &str) -> Option<String> {
        let done = snap.tasks_done();
        // Asked for every transition a case's page lists: the cheap tests before the guards.
        let waiting: Vec<&str> = self
            .definition
            .tasks
            .iter()
            .filter(|t| t.blocks.iter().any(|b| b == name))
            .filter(|t| !done.iter().any(|d| d.task == t.name))
            .filter(|t| self.applies(t, snap, actor))
            .map(|t| t.label.as_str())
            .collect();
        (!waiting.is_empty())
            .then(|| format!("The legal file needs first: {}.", waiting.join("; ")))
    }

    /// The case's tasks on `today`, in the file's order, without those not part of its file
    /// (whose `when` fails for this case).
    pub fn tasks(&self, snap: &S, actor: &Actor, today: NaiveDate) -> Vec<TaskView> {
        let applying: Vec<&TaskDef<S::Status>> = self.applying_tasks(snap, actor).collect();
        let terminal: Vec<S::Status> = self
            .definition
            .statuses
            .iter()
            .filter(|s| s.terminal)
            .map(|s| s.name)
            .collect();
        let facts = TaskFacts {
            status: snap.status(),
            documents: snap.documents(),
            done: snap.tasks_done(),
            completion: snap.completion_date(),
            today,
            terminal: &terminal,
            step_label: &|name| {
                self.definition
                    .transition(name)
                    .map_or_else(|| name.to_owned(), |t| t.label.clone())
            },
            unmet: &|guard| self.guard(guard)(snap, actor).err(),
        };
        views(&applying, &facts)
    }

    /// The earliest due date of the case's tasks not done, if one has a due date: the firm's
    /// queue sorts and filters by it (kept on the case with every write that may move it).
    pub fn next_task_due(&self, snap: &S) -> Option<NaiveDate> {
        let done = snap.tasks_done();
        let system = Actor::system();
        self.applying_tasks(snap, &system)
            .filter(|t| !done.iter().any(|d| d.task == t.name))
            .filter_map(|t| t.due_on(snap.completion_date(), done))
            .min()
    }

    /// The reminders to the firm for the tasks open in `to` that fall due after completion on
    /// `completed` (those part of the case's file): each at 09:00 UTC on its due day, sent only
    /// if it is not done by then.
    pub(crate) fn task_reminders(
        &self,
        snap: &S,
        actor: &Actor,
        to: S::Status,
        completed: NaiveDate,
    ) -> Vec<Effect> {
        self.applying_tasks(snap, actor)
            .filter(|t| t.open_in.contains(&to))
            .filter_map(|t| {
                let day = t.due_on(Some(completed), snap.tasks_done())?;
                Some(Effect::Reminder {
                    template: TASK_DUE_TEMPLATE.into(),
                    to: Recipient::Conveyancer,
                    due_at: day.and_hms_opt(REMINDER_HOUR, 0, 0)?.and_utc(),
                    signs_in: false,
                    task: Some(TaskReminder {
                        name: t.name.clone(),
                        label: t.label.clone(),
                    }),
                    awaits_reply: false,
                    until: None,
                })
            })
            .collect()
    }

    /// Whether `actor` may record the task `name` done on this case on `today`.
    pub fn may_complete_task(
        &self,
        snap: &S,
        actor: &Actor,
        name: &str,
        today: NaiveDate,
    ) -> Result<(), TaskRefusal> {
        let views = self.tasks(snap, actor, today);
        may_complete(&self.definition.tasks, &views, name, actor.kind())
    }
}

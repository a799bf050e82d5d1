//! The legal file's tasks (issue 29): the firm's work on a case that moves no status — the
//! land-tax return after completion, the application to HM Land Registry, the new register.
//!
//! Each task is declared in the workflow file (`[[tasks]]`): where it is open (`open_in`), who
//! does it (`by`), when it belongs to the case at all (`when`, a guard), what must be done first
//! (`after`), the document that proves it (`evidence`), what is recorded with it (`reference`)
//! and when it falls due (`due`). The engine answers what each task of a case stands at and
//! whether a person may record one done; the store keeps what was done, by whom and when.

use chrono::{DateTime, Days, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use crate::definition::{Recipient, Workflow};
use crate::evaluate::Effect;
use crate::snapshot::{CaseDocuments, CaseSnapshot};
use crate::types::{Actor, ActorKind};

/// A task as the workflow file declares it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct TaskDef<St> {
    /// Its name in the file, the audit trail and the URL.
    pub name: String,
    /// What the back office's list says.
    pub label: String,
    /// The statuses in which it may be done; before them it is ahead of the case.
    pub open_in: Vec<St>,
    /// Who may record it done.
    pub by: Vec<ActorKind>,
    /// A guard: the task is part of this case's file only while it passes (an SDLT return for
    /// a purchase in England, an LTT return for one in Wales).
    #[serde(default)]
    pub when: Option<String>,
    /// A guard that must pass before it is recorded done: what the case itself must show (every
    /// source of funds accepted in the firm's review).
    #[serde(default)]
    pub needs: Option<String>,
    /// Tasks done first, declared before this one; one that is not part of the case's file is
    /// no obstacle.
    #[serde(default)]
    pub after: Vec<String>,
    /// A document type of the case the firm uploads first, as the proof (an SDLT5).
    #[serde(default)]
    pub evidence: Option<String>,
    /// What is recorded with it, required (the UTRN, the application's reference): its label.
    #[serde(default)]
    pub reference: Option<String>,
    /// What kind of value `reference` is: free text, or the date something recorded expires
    /// (an OS1 search's priority).
    #[serde(default)]
    pub reference_is: ReferenceKind,
    #[serde(default)]
    pub due: Option<Due>,
    /// A deadline another task sets: `days` before the expiry that task recorded (the AP1
    /// lodged before the OS1's priority runs out). With `due` as well, the earlier counts.
    #[serde(default)]
    pub due_before: Option<DueBefore>,
    /// Transitions refused until it is done, while it is part of the case (exchange of
    /// contracts before the case is pending completion). Each is taken only from statuses in
    /// which the task is open, so the task can always be done first.
    #[serde(default)]
    pub blocks: Vec<String>,
    /// A provider the firm may configure to do the task in one step, its report kept as the
    /// evidence (OpenSanctions screening the clients). Without one the firm does it by its own
    /// means and uploads the evidence.
    #[serde(default)]
    pub provider: Option<TaskProvider>,
}

/// A service that can do a task for the firm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, strum::IntoStaticStr)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum TaskProvider {
    /// Sanctions and PEP screening of every client (`POST …/screening`).
    Screening,
}

/// When a task falls due: `days` after a date of the case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct Due {
    pub days: u16,
    pub after: DueFrom,
}

/// The date a task's due date counts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DueFrom {
    /// The day the case completed (the land-tax "effective date").
    Completion,
}

/// What a task's `reference` records.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ReferenceKind {
    /// A reference: letters, digits, spaces, `-` and `/` (a UTRN, a title number).
    #[default]
    Text,
    /// The day something recorded expires, as `YYYY-MM-DD`, not before the day it is recorded.
    ExpiryDate,
    /// The completion date the step fixes (the contract's, on exchange), as `YYYY-MM-DD`, not
    /// before the day it is recorded: recording it agrees the case's completion date.
    CompletionDate,
}

/// The longest text reference (a UTRN is 11 or 12 characters, an HMLR reference about 20).
pub const MAX_REFERENCE_CHARS: usize = 64;

impl ReferenceKind {
    /// The reference as recorded (trimmed), or what is wrong with it, in words for its field.
    pub fn check(self, given: &str, today: NaiveDate) -> Result<String, String> {
        let given = given.trim();
        match self {
            Self::Text => {
                let well_formed = given.chars().count() <= MAX_REFERENCE_CHARS
                    && given
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '/'));
                well_formed.then(|| given.to_owned()).ok_or_else(|| {
                    format!(
                        "must be at most {MAX_REFERENCE_CHARS} letters, digits, spaces, '-' or '/'"
                    )
                })
            }
            Self::ExpiryDate => Self::day_from(given, today, "an expiry"),
            Self::CompletionDate => Self::day_from(given, today, "completion"),
        }
    }

    /// A date, `what` falling on it today or later.
    fn day_from(given: &str, today: NaiveDate, what: &str) -> Result<String, String> {
        match recorded_day(given) {
            Some(day) if day < today => Err(format!("has passed: {what} is today or later")),
            Some(day) => Ok(day.format(DAY_FORMAT).to_string()),
            None => Err("must be a date (YYYY-MM-DD)".into()),
        }
    }

    /// The completion date a reference of this kind fixes (a checked `CompletionDate`).
    pub fn completion_date(self, reference: &str) -> Option<NaiveDate> {
        (self == Self::CompletionDate)
            .then(|| recorded_day(reference))
            .flatten()
    }
}

/// How a date reference is written and recorded (ISO 8601, as the date field sends it).
const DAY_FORMAT: &str = "%Y-%m-%d";

/// The day a date reference names.
fn recorded_day(reference: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(reference, DAY_FORMAT).ok()
}

/// A deadline set by the expiry another task records: `days` before it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct DueBefore {
    pub days: u16,
    /// A task whose reference is an `EXPIRY_DATE`.
    pub expiry_of: String,
}

impl<St> TaskDef<St> {
    /// The last day for it, once a date it counts from is known: the earlier of `due` (after
    /// completion) and `due_before` (before an expiry recorded with another task).
    pub fn due_on(&self, completion: Option<NaiveDate>, done: &[TaskDone]) -> Option<NaiveDate> {
        let before_expiry = self.due_before.as_ref().and_then(|b| {
            let expiry = done
                .iter()
                .find(|d| d.task == b.expiry_of)?
                .reference
                .as_deref()?;
            recorded_day(expiry)?.checked_sub_days(Days::new(b.days.into()))
        });
        self.due
            .and_then(|d| d.date(completion))
            .into_iter()
            .chain(before_expiry)
            .min()
    }
}

impl Due {
    /// The last day it may be done, once the date it counts from is known.
    pub fn date(&self, completion: Option<NaiveDate>) -> Option<NaiveDate> {
        match self.after {
            DueFrom::Completion => completion?.checked_add_days(Days::new(self.days.into())),
        }
    }
}

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

/// A task recorded done on a case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TaskDone {
    pub task: String,
    pub reference: Option<String>,
    pub note: Option<String>,
    pub done_at: DateTime<Utc>,
    /// Who recorded it (the audit trail keeps their id).
    pub done_by_name: Option<String>,
}

/// Where a task of a case stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TaskState {
    /// The case has not reached a status where it is done.
    Ahead,
    /// Open, but a task it comes after is not done.
    Waiting,
    /// May be done now.
    Open,
    Done,
}

/// One task of one case, as the back office shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TaskView {
    pub name: String,
    pub label: String,
    pub state: TaskState,
    /// The last day for it, once the date it counts from is known.
    pub due_on: Option<NaiveDate>,
    /// Not done and past its due date.
    pub overdue: bool,
    /// The document type that proves it, and whether one is uploaded.
    pub evidence: Option<String>,
    pub evidence_uploaded: bool,
    /// The label of what is recorded with it.
    pub reference_label: Option<String>,
    /// What kind of value that is (a reference, or an expiry date).
    pub reference_is: ReferenceKind,
    /// The labels of the tasks it waits for.
    pub waiting_for: Vec<String>,
    /// The labels of the steps refused until it is done (the exchange before the case is
    /// pending completion).
    pub before: Vec<String>,
    /// Done after the case completes (open in a terminal status): what the clients read as
    /// what happens next.
    pub after_completion: bool,
    /// While it is open: what the case lacks before it may be recorded (its `needs` guard's
    /// reason, e.g. the exchange deposit not yet in the client ledger).
    pub unmet: Option<String>,
    pub done: Option<TaskDone>,
    /// A provider may do it in one step, where the firm has configured one.
    pub provider: Option<TaskProvider>,
}

/// Why a task cannot be recorded done now.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TaskRefusal {
    #[error("This case has no such task.")]
    Unknown,
    #[error("This task is for {0}.")]
    NotPermitted(String),
    #[error("This task is done already.")]
    Done,
    #[error("This task is done once the case reaches the stage it belongs to.")]
    Ahead,
    #[error("This task waits for: {0}.")]
    Waiting(String),
    /// Its `needs` guard fails: the reason says what the case lacks.
    #[error("{0}")]
    Unmet(String),
    /// The evidence's document type is not uploaded yet.
    #[error("Upload the evidence for this task first ({0}).")]
    NoEvidence(String),
}

impl TaskRefusal {
    /// A refusal about the case's state (409), not the caller's rights (403) or a name (404).
    pub fn is_conflict(&self) -> bool {
        !matches!(self, Self::Unknown | Self::NotPermitted(_))
    }
}

/// What a case's tasks are read from, besides their definitions.
pub struct TaskFacts<'a, St> {
    pub status: St,
    pub documents: &'a CaseDocuments,
    pub done: &'a [TaskDone],
    pub completion: Option<NaiveDate>,
    pub today: NaiveDate,
    /// The workflow's terminal statuses (a case completed).
    pub terminal: &'a [St],
    /// A transition's label, for the steps a task is needed before.
    pub step_label: &'a dyn Fn(&str) -> String,
    /// A guard's reason for refusing, `None` when it passes (a task's `needs`).
    pub unmet: &'a dyn Fn(&str) -> Option<String>,
}

/// The case's tasks in the file's order; `applying` are the definitions part of its file
/// (those whose `when` passes).
pub fn views<St: Copy + PartialEq>(
    applying: &[&TaskDef<St>],
    facts: &TaskFacts<'_, St>,
) -> Vec<TaskView> {
    let done_of = |name: &str| facts.done.iter().find(|d| d.task == name);
    applying
        .iter()
        .map(|d| {
            let done = done_of(&d.name).cloned();
            let waiting_for: Vec<String> = d
                .after
                .iter()
                .filter_map(|a| applying.iter().find(|x| x.name == *a))
                .filter(|x| done_of(&x.name).is_none())
                .map(|x| x.label.clone())
                .collect();
            let open = d.open_in.contains(&facts.status);
            let state = match (&done, open, waiting_for.is_empty()) {
                (Some(_), _, _) => TaskState::Done,
                (None, false, _) => TaskState::Ahead,
                (None, true, false) => TaskState::Waiting,
                (None, true, true) => TaskState::Open,
            };
            let due_on = d.due_on(facts.completion, facts.done);
            TaskView {
                name: d.name.clone(),
                label: d.label.clone(),
                state,
                due_on,
                overdue: done.is_none() && due_on.is_some_and(|day| day < facts.today),
                evidence_uploaded: d
                    .evidence
                    .as_deref()
                    .is_some_and(|t| facts.documents.has_uploaded(t)),
                evidence: d.evidence.clone(),
                reference_label: d.reference.clone(),
                reference_is: d.reference_is,
                waiting_for,
                before: d.blocks.iter().map(|b| (facts.step_label)(b)).collect(),
                after_completion: d.open_in.iter().any(|s| facts.terminal.contains(s)),
                unmet: (state == TaskState::Open)
                    .then(|| d.needs.as_deref().and_then(facts.unmet))
                    .flatten(),
                done,
                provider: d.provider,
            }
        })
        .collect()
}

/// Whether an actor of `kind` may record the task `name` done now.
pub fn may_complete<St>(
    defs: &[TaskDef<St>],
    views: &[TaskView],
    name: &str,
    kind: Option<ActorKind>,
) -> Result<(), TaskRefusal> {
    let (Some(def), Some(view)) = (
        defs.iter().find(|d| d.name == name),
        views.iter().find(|v| v.name == name),
    ) else {
        return Err(TaskRefusal::Unknown);
    };
    if !kind.is_some_and(|k| def.by.contains(&k)) {
        let who: Vec<&str> = def.by.iter().map(|k| k.as_str()).collect();
        return Err(TaskRefusal::NotPermitted(who.join(" or ")));
    }
    match view.state {
        TaskState::Done => Err(TaskRefusal::Done),
        TaskState::Ahead => Err(TaskRefusal::Ahead),
        TaskState::Waiting => Err(TaskRefusal::Waiting(view.waiting_for.join(", "))),
        TaskState::Open => match (&view.evidence, &view.unmet) {
            (Some(t), _) if !view.evidence_uploaded => Err(TaskRefusal::NoEvidence(t.clone())),
            (_, Some(reason)) => Err(TaskRefusal::Unmet(reason.clone())),
            _ => Ok(()),
        },
    }
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

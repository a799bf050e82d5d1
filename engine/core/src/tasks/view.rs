//! Where each task of a case stands, and whether one may be recorded done now.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use super::{ReferenceKind, TaskDef, TaskProvider};
use crate::snapshot::CaseDocuments;
use crate::types::ActorKind;

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

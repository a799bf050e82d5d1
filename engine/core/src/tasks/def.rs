//! A task as the workflow file declares it, and the last day for it.

use chrono::{Days, NaiveDate};
use serde::{Deserialize, Serialize};

use super::reference::recorded_day;
use super::{ReferenceKind, TaskDone};
use crate::types::ActorKind;

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

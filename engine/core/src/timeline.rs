//! A case's timeline (issue 32): its main path (the statuses with a `guide`, in the workflow
//! file's order) as the customer and the broker read it — the stages done with their dates, the
//! current one since when and expected by when, and the ones ahead with expected dates. The
//! expected dates come from each stage's `typical_days` and, once the firm has agreed it, the
//! completion date. A stage past its expected date is overdue (the queue says so too).

use chrono::{DateTime, Days, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use crate::definition::{Definition, StatusDef};
use crate::types::{WaitsOn, WorkflowStatus};

/// Where a stage stands on the case's path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum StageState {
    Done,
    Current,
    Ahead,
}

/// One stage of the timeline.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TimelineStage<St> {
    pub status: St,
    /// As the case lists name it.
    pub label: String,
    pub state: StageState,
    /// When the case (last) entered it: done and current stages.
    pub started_on: Option<NaiveDate>,
    /// When the case left it: done stages.
    pub finished_on: Option<NaiveDate>,
    /// When it should be done (the current stage and those ahead); the final stage's is when
    /// the case should reach it.
    pub expected_by: Option<NaiveDate>,
    /// The current stage has run past `expected_by`.
    pub overdue: bool,
    /// Who the current stage waits on.
    pub waits_on: Option<WaitsOn>,
}

/// The case's moves so far: each status it entered and when, oldest first (its first status
/// at the case's creation).
pub type History<St> = [(St, DateTime<Utc>)];

impl<St: WorkflowStatus> Definition<St> {
    /// The timeline of a case now in `current` (entered at the last entry of `history`), as of
    /// `today`. Empty for a case off the main path (ineligible, cancelled).
    pub fn timeline(
        &self,
        current: St,
        waits_on: Option<WaitsOn>,
        history: &History<St>,
        completion_date: Option<NaiveDate>,
        today: NaiveDate,
    ) -> Vec<TimelineStage<St>> {
        let path = self.main_path();
        let Some(at) = path.iter().position(|s| s.name == current) else {
            return vec![];
        };
        let stage = |def: &StatusDef<St>, state| TimelineStage {
            status: def.name,
            label: def
                .chip_label_fallback
                .clone()
                .unwrap_or_else(|| def.label.clone()),
            state,
            started_on: None,
            finished_on: None,
            expected_by: None,
            overdue: false,
            waits_on: None,
        };
        let mut out = Vec::with_capacity(path.len());
        // Done: the stages before this one the case went through (a customer's own case never
        // sees the broker's).
        for def in &path[..at] {
            if let Some((started, finished)) = stay(history, def.name) {
                out.push(TimelineStage {
                    started_on: Some(started),
                    finished_on: finished,
                    ..stage(def, StageState::Done)
                });
            }
        }
        let def = path[at];
        let since = history
            .iter()
            .rev()
            .find(|(s, _)| *s == current)
            .map(|(_, at)| at.date_naive());
        let expected_by =
            since.and_then(|since| stage_expected_by(&path, at, since, completion_date));
        out.push(TimelineStage {
            started_on: since,
            expected_by,
            overdue: expected_by.is_some_and(|by| today > by),
            waits_on,
            ..stage(def, StageState::Current)
        });
        // Ahead: one after another from the later of today and the current stage's date.
        let mut cursor = expected_by.map_or(today, |by| by.max(today));
        for (i, def) in path.iter().enumerate().skip(at + 1) {
            // The end of the path is reached when the stage before it is done.
            let by = stage_expected_by(&path, i, cursor, completion_date).unwrap_or(cursor);
            cursor = by;
            out.push(TimelineStage {
                expected_by: Some(by),
                ..stage(def, StageState::Ahead)
            });
        }
        out
    }

    /// The statuses a case goes through (those with a `guide`), in the file's order.
    fn main_path(&self) -> Vec<&StatusDef<St>> {
        self.statuses.iter().filter(|s| s.guide.is_some()).collect()
    }

    /// Whether a case in `status` since `since` has run past the stage's expected date (the
    /// current stage's `overdue` on its timeline).
    pub fn stage_overdue(
        &self,
        status: St,
        since: DateTime<Utc>,
        completion_date: Option<NaiveDate>,
        today: NaiveDate,
    ) -> bool {
        let path = self.main_path();
        path.iter()
            .position(|s| s.name == status)
            .and_then(|at| stage_expected_by(&path, at, since.date_naive(), completion_date))
            .is_some_and(|by| today > by)
    }
}

/// When the stage at `at` of the path, entered on `since`, should be done: its typical days
/// later, or for the stage before completion the agreed completion date; never for the end.
fn stage_expected_by<St>(
    path: &[&StatusDef<St>],
    at: usize,
    since: NaiveDate,
    completion_date: Option<NaiveDate>,
) -> Option<NaiveDate> {
    let def = path[at];
    if def.is_closed() {
        return None;
    }
    if is_last_before_end(path, at) && completion_date.is_some() {
        return completion_date;
    }
    since.checked_add_days(Days::new(def.typical_days?.into()))
}

/// The stage before the path's closed end (pending completion): it ends on the completion
/// date once one is agreed.
fn is_last_before_end<St>(path: &[&StatusDef<St>], i: usize) -> bool {
    path.get(i + 1).is_some_and(|next| next.is_closed()) && !path[i].is_closed()
}

/// When the case first entered `status` and last left it (None while it is still there).
fn stay<St: WorkflowStatus>(
    history: &History<St>,
    status: St,
) -> Option<(NaiveDate, Option<NaiveDate>)> {
    let first = history.iter().position(|(s, _)| *s == status)?;
    let last = history.iter().rposition(|(s, _)| *s == status)?;
    let left = history.get(last + 1).map(|(_, at)| at.date_naive());
    Some((history[first].1.date_naive(), left))
}

//! A case's progress as `Workflows` tells it: a case type's stages, a case's timeline, whether
//! its stage is overdue, and its workflow's diagram.

use chrono::{DateTime, NaiveDate, Utc};
use threshold_engine::timeline::TimelineStage;
use threshold_engine::{CaseStatus, CaseType, WaitsOn, WorkflowStatus};

use crate::Workflows;

/// One stage of a case type's main path, as the help page tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    pub status: CaseStatus,
    /// The status's label, without a placeholder (`Completed`, not `Completed {date}`).
    pub label: String,
    pub guide: String,
    /// The broker's next step at this stage (the loader requires it with `guide`).
    pub broker_guide: String,
}

impl Workflows {
    /// The stages of a case type in the workflow file's order: every status with a `guide`.
    pub fn stages(&self, case_type: CaseType) -> Vec<Stage> {
        fn stages<St: WorkflowStatus + Into<CaseStatus>>(
            def: &threshold_engine::Definition<St>,
        ) -> Vec<Stage> {
            def.statuses
                .iter()
                .filter_map(|s| {
                    Some(Stage {
                        status: s.name.into(),
                        label: s
                            .chip_label_fallback
                            .clone()
                            .unwrap_or_else(|| s.label.clone()),
                        guide: s.guide.clone()?,
                        broker_guide: s.broker_guide.clone()?,
                    })
                })
                .collect()
        }
        with_definition!(self, case_type, |d| stages(d))
    }

    /// The case's timeline (see [`threshold_engine::Definition::timeline`]); `history` is each
    /// status it entered and when, oldest first (names the file does not know are skipped).
    pub fn timeline(
        &self,
        status: CaseStatus,
        waits_on: Option<WaitsOn>,
        history: &[(&str, DateTime<Utc>)],
        completion_date: Option<NaiveDate>,
        today: NaiveDate,
    ) -> Vec<TimelineStage<CaseStatus>> {
        fn of<St: WorkflowStatus + Into<CaseStatus>>(
            def: &threshold_engine::Definition<St>,
            status: St,
            waits_on: Option<WaitsOn>,
            history: &[(&str, DateTime<Utc>)],
            completion_date: Option<NaiveDate>,
            today: NaiveDate,
        ) -> Vec<TimelineStage<CaseStatus>> {
            let history: Vec<(St, DateTime<Utc>)> = history
                .iter()
                .filter_map(|(name, at)| Some((St::parse(name)?, *at)))
                .collect();
            def.timeline(status, waits_on, &history, completion_date, today)
                .into_iter()
                .map(|t| TimelineStage {
                    status: t.status.into(),
                    label: t.label,
                    state: t.state,
                    started_on: t.started_on,
                    finished_on: t.finished_on,
                    expected_by: t.expected_by,
                    overdue: t.overdue,
                    waits_on: t.waits_on,
                })
                .collect()
        }
        match status {
            CaseStatus::Remortgaging(s) => of(
                &self.remortgaging.definition,
                s,
                waits_on,
                history,
                completion_date,
                today,
            ),
            CaseStatus::Buying(s) => of(
                &self.buying.definition,
                s,
                waits_on,
                history,
                completion_date,
                today,
            ),
        }
    }

    /// Whether a case in `status` since `since` has run past its stage's expected date.
    pub fn stage_overdue(
        &self,
        status: CaseStatus,
        since: DateTime<Utc>,
        completion_date: Option<NaiveDate>,
        today: NaiveDate,
    ) -> bool {
        match status {
            CaseStatus::Remortgaging(s) => {
                self.remortgaging
                    .definition
                    .stage_overdue(s, since, completion_date, today)
            }
            CaseStatus::Buying(s) => {
                self.buying
                    .definition
                    .stage_overdue(s, since, completion_date, today)
            }
        }
    }

    /// The workflow of a case as a Mermaid state diagram, its current status highlighted.
    pub fn diagram(&self, status: CaseStatus) -> String {
        match status {
            CaseStatus::Remortgaging(s) => {
                threshold_engine::mermaid::mermaid_at(&self.remortgaging.definition, s)
            }
            CaseStatus::Buying(s) => {
                threshold_engine::mermaid::mermaid_at(&self.buying.definition, s)
            }
        }
    }
}

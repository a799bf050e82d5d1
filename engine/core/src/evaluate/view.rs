//! What a case looks like to one user: its sections and tiles, chip, stage and transitions.

use serde::{Deserialize, Serialize};

use crate::definition::TransitionInput;
use crate::types::{ActorKind, CaseStatus, CaseType, ChipColour, SectionState, WaitsOn};

/// One application section or post-submit tile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SectionView {
    /// Route slug (spec §2).
    pub key: String,
    pub label: String,
    pub state: SectionState,
}

impl SectionView {
    pub fn is_shown(&self) -> bool {
        self.state != SectionState::Hidden
    }
}

/// The status chip (spec §4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Chip {
    pub colour: ChipColour,
    pub label: String,
    pub show_warning_icon: bool,
}

/// Where a case stands, for the case page: what happens now and who must act.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct StageView {
    /// What happens in this stage, in plain English, written for the reader: the status's
    /// `broker_guide` for a broker (any broker role), its `guide` for anyone else (None off
    /// the main path: ineligible, cancelled).
    pub guide: Option<String>,
    /// Who must act next (None once the case is closed).
    pub waits_on: Option<WaitsOn>,
    /// Not an active case any more: nothing is pending on it.
    pub closed: bool,
}

/// A transition this user may take from the current status.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TransitionView<St> {
    pub name: String,
    pub label: String,
    pub to: St,
    pub allowed: bool,
    /// Why not, when not allowed.
    pub reason: Option<String>,
    pub requires_reason: bool,
    /// The staff member must enter a fresh second-factor code to take it.
    pub step_up: bool,
    /// Who may take it (the workflow file's `by`).
    pub by: Vec<ActorKind>,
    /// What the step asks for besides a reason.
    pub asks_for: Option<TransitionInput>,
    /// It records today as the completion date, replacing an agreed one: taken before the
    /// agreed day it must be confirmed (the back office warns and says the date). Absent: false.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required = false))]
    pub records_completion_date: bool,
}

/// Everything the SPA needs to draw a case for one user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CaseView<St> {
    pub case_type: CaseType,
    pub status: St,
    /// Application sections in spec order; HIDDEN ones are not shown.
    pub sections: Vec<SectionView>,
    /// Post-submit tiles in spec order; all HIDDEN before submission.
    pub tiles: Vec<SectionView>,
    pub submitted: bool,
    pub ready_to_submit: bool,
    pub chip: Chip,
    pub message: Option<String>,
    pub can_cancel: bool,
    pub transitions: Vec<TransitionView<St>>,
    pub stage: StageView,
}

impl<St: Into<CaseStatus>> CaseView<St> {
    /// The same view with the status of either case type.
    pub fn any(self) -> CaseView<CaseStatus> {
        CaseView {
            case_type: self.case_type,
            status: self.status.into(),
            sections: self.sections,
            tiles: self.tiles,
            submitted: self.submitted,
            ready_to_submit: self.ready_to_submit,
            chip: self.chip,
            message: self.message,
            can_cancel: self.can_cancel,
            transitions: self
                .transitions
                .into_iter()
                .map(|t| TransitionView {
                    name: t.name,
                    label: t.label,
                    to: t.to.into(),
                    allowed: t.allowed,
                    reason: t.reason,
                    requires_reason: t.requires_reason,
                    step_up: t.step_up,
                    by: t.by,
                    asks_for: t.asks_for,
                    records_completion_date: t.records_completion_date,
                })
                .collect(),
            stage: self.stage,
        }
    }
}

impl<St> CaseView<St> {
    /// A section or tile by key (sections first: `documents` is in both places).
    pub fn section(&self, key: &str) -> Option<&SectionView> {
        self.sections.iter().find(|s| s.key == key)
    }
    pub fn tile(&self, key: &str) -> Option<&SectionView> {
        self.tiles.iter().find(|s| s.key == key)
    }
}

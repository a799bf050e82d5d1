//! Why a definition was refused.

use crate::types::{CaseType, IneligibilityReason};

/// Why a definition was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error("definition is not valid TOML for a workflow: {0}")]
    Parse(String),
    #[error("definition is for {found:?}, expected {expected:?}")]
    WrongCaseType { expected: CaseType, found: CaseType },
    #[error("unknown status `{name}` in {place}")]
    UnknownStatus { name: String, place: String },
    #[error("statuses differ from the spec's enumeration: expected [{expected}], found [{found}]")]
    StatusListMismatch { expected: String, found: String },
    #[error("unknown guard `{name}` in {place}")]
    UnknownGuard { name: String, place: String },
    #[error("unknown rule `{name}` in {place}")]
    UnknownRule { name: String, place: String },
    #[error("unknown effect `{name}` in `{transition}`")]
    UnknownEffect { name: String, transition: String },
    #[error("effect `{effect}` in announcement `{announcement}`: only a transition may name it")]
    TransitionOnlyEffect {
        effect: String,
        announcement: String,
    },
    #[error("status {0} cannot be reached from the initial status")]
    Unreachable(String),
    #[error("status {0} is not terminal but has no transition out")]
    DeadEnd(String),
    #[error("terminal status {status} has a transition out (`{transition}`)")]
    TerminalWithExit { status: String, transition: String },
    #[error("duplicate {what} `{name}`")]
    Duplicate { what: &'static str, name: String },
    #[error("transition `{0}` names no actor")]
    NoActor(String),
    #[error(
        "announcement `{0}`: only the firm's message `stops` the reply clock, and only a message to the firm `starts` it"
    )]
    ReplyClockBy(String),
    #[error("open status {0} names no `waits_on`")]
    MissingWaitsOn(String),
    #[error("closed status {0} names a `waits_on`")]
    ClosedWaitsOn(String),
    #[error("status {0} has a `guide` or a `broker_guide` without the other")]
    GuideForOneParty(String),
    #[error(
        "status {0} is an open stage of the main path (it has a `guide`) without `typical_days`"
    )]
    MissingTypicalDays(String),
    #[error(
        "effect `{effect}` of `{transition}` is for ADDED_APPLICANT or DONOR, whom only an announcement about a person names"
    )]
    AddedApplicantOutsideAnnouncement { effect: String, transition: String },
    #[error("document type `{0}` is not a name of capitals, digits and underscores (at most 64)")]
    BadDocumentType(String),
    #[error("action `{0}` names no actor")]
    ActionWithoutActor(&'static str),
    #[error("document type `{0}` is `firm_only` but someone besides the firm may upload it")]
    FirmOnlyUploadedByOthers(String),
    #[error("unknown section `{name}` in {place}")]
    UnknownSection { name: String, place: String },
    #[error("scope_of_work does not name the firm ({{firm}})")]
    ScopeWithoutFirm,
    #[error("[words]: {0}")]
    BadWords(String),
    #[error("unknown tile `{name}` in {place}")]
    UnknownTile { name: String, place: String },
    #[error("document type `{0}` names `issued_by` without `tile`, or `tile` without `issued_by`")]
    IssuedWithoutTile(String),
    #[error("unknown transition `{name}` in {place}")]
    UnknownTransition { name: String, place: String },
    #[error("task `{task}`: {problem}")]
    BadTask { task: String, problem: String },
    #[error("[eligibility] takes {0:?}, which no firm in England and Wales can take")]
    TakesTheUntakeable(IneligibilityReason),
}

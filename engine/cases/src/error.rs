//! Why the case service refused a request, in words a person can act on.

use threshold_engine::{SectionState, TransitionError};
use threshold_store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum CaseError {
    /// Unknown, of another type, or not the caller's: the same answer for all three.
    #[error("not found")]
    NotFound,
    #[error("{0}")]
    NotPermitted(String),
    #[error("`{transition}` cannot be taken from {status}")]
    WrongStatus { transition: String, status: String },
    #[error("there is no transition named `{0}`")]
    UnknownTransition(String),
    #[error("`{0}` needs a reason")]
    ReasonRequired(String),
    /// A guard of the workflow failed; its words are the message.
    #[error("{reason}")]
    GuardFailed { guard: String, reason: String },
    /// The section is locked, hidden or disabled for the caller; `reason` says why.
    #[error("{reason}")]
    SectionClosed {
        section: String,
        state: SectionState,
        reason: String,
    },
    /// Another change reached the case first; reload and try again.
    #[error("the case has changed; reload it")]
    Conflict,
    /// A value the caller sent does not fit the case (a document of another kind, say).
    #[error("{field} {message}")]
    InvalidField {
        field: &'static str,
        message: String,
    },
    /// The step was taken already (a search recorded twice); the message says which.
    #[error("{0}")]
    AlreadyDone(String),
    /// The stored case makes no sense to the engine (a bug or a bad migration).
    #[error("{0}")]
    Corrupt(String),
    #[error(transparent)]
    Store(StoreError),
}

impl From<StoreError> for CaseError {
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::Conflict(_) => CaseError::Conflict,
            StoreError::NotFound => CaseError::NotFound,
            other => CaseError::Store(other),
        }
    }
}

impl From<TransitionError> for CaseError {
    fn from(err: TransitionError) -> Self {
        match err {
            TransitionError::Unknown(name) => CaseError::UnknownTransition(name),
            TransitionError::WrongStatus { transition, status } => {
                CaseError::WrongStatus { transition, status }
            }
            TransitionError::NotPermitted(name) => {
                CaseError::NotPermitted(format!("You may not do `{name}` on this case."))
            }
            TransitionError::ReasonRequired(name) => CaseError::ReasonRequired(name),
            TransitionError::GuardFailed { guard, reason } => {
                CaseError::GuardFailed { guard, reason }
            }
        }
    }
}

//! The case service: the one API that HTTP handlers, workers, the CLI and the back office call
//! to read and change a case.
//!
//! Every change goes the same way: load the case as the caller may see it, ask the engine
//! (which reads the workflow files), then write the change, its audit event (with the reason)
//! and its effects in one transaction whose status check makes a concurrent change a conflict.
//! The case type is dispatched on once, in [`Workflows`]; nothing here is per case type but
//! where a new case starts.
//!
//! Who is asking (`caller`); moving a case (`transition`), writing its sections
//! (`section_change`), its announcements (`announce`) and opening one (`create`).

mod announce;
mod caller;
mod conversation;
mod create;
mod enquiries;
mod error;
mod progress;
mod property;
mod section_change;
pub mod sections;
mod source_of_funds;
mod tasks;
mod title_register;
mod transition;

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use threshold_engine::types::IneligibilityReason;
use threshold_engine::{Actor, AnySnapshot, CaseStatus, CaseType, CaseView};
pub use threshold_store::cases::NewCaseMessage;
use threshold_store::cases::{LoadedCase, Scope, SectionWrite, TransitionRecord};
use threshold_store::{Db, UserId};
use threshold_workflows::Workflows;

pub use caller::Caller;
pub use create::CaseStart;
pub use error::CaseError;
pub use progress::{Progress, draftable, issued_now};
pub use property::{NewAlteration, NewLoan, PropertyChange, PropertyWrite};
pub use section_change::{SectionChange, SectionWritten};
pub use sections::owners::OwnersWrite;
pub use source_of_funds::{SourceAnswers, SourceReviewDecision};
use transition::follow;

/// A case as one caller sees it: the stored record, the engine's snapshot and the caller's
/// part in it.
#[derive(Clone, Debug)]
pub struct OpenCase {
    pub case_type: CaseType,
    pub loaded: LoadedCase,
    pub snapshot: AnySnapshot,
    pub actor: Actor,
}

impl OpenCase {
    /// A write to this case by `by`, made only while the case is still at the status it was
    /// opened at, with the transitions it takes and the case's next task due date after it.
    fn write<'a>(
        &'a self,
        by: UserId,
        transitions: &'a [TransitionRecord],
        next_task_due: Option<NaiveDate>,
    ) -> SectionWrite<'a> {
        SectionWrite {
            case_id: self.loaded.row.id,
            case_type: self.case_type.as_str(),
            expected_status: self.snapshot.status().as_str(),
            actor: by,
            transitions,
            next_task_due,
        }
    }
}

/// The case service. Cheap to clone.
#[derive(Clone, Debug)]
pub struct CaseService {
    db: Db,
    workflows: Arc<Workflows>,
}

impl CaseService {
    pub fn new(db: Db, workflows: Arc<Workflows>) -> Self {
        Self { db, workflows }
    }

    pub fn workflows(&self) -> &Workflows {
        &self.workflows
    }

    /// The cases this caller may see.
    pub async fn scope(&self, caller: &Caller) -> Result<Scope, CaseError> {
        Ok(match caller {
            Caller::User {
                id, role, firm_id, ..
            } => self.db.case_scope(*id, *role, *firm_id).await?,
            Caller::System => Scope::Everything,
        })
    }

    /// Loads a case the caller may see (otherwise [`CaseError::NotFound`], whether it exists
    /// or not).
    #[tracing::instrument(skip_all, fields(case_id))]
    pub async fn open(
        &self,
        caller: &Caller,
        case_type: CaseType,
        case_id: i64,
    ) -> Result<OpenCase, CaseError> {
        let scope = self.scope(caller).await?;
        let loaded = self
            .db
            .load_case(case_id, case_type.as_str(), &scope, caller.user_id())
            .await?
            .ok_or(CaseError::NotFound)?;
        let snapshot = loaded
            .snapshot(case_type)
            .ok_or_else(|| CaseError::Corrupt(format!("case {case_id} has an unknown status")))?;
        let actor = caller.actor(loaded.relationship);
        Ok(OpenCase {
            case_type,
            loaded,
            snapshot,
            actor,
        })
    }

    /// What the case looks like to the caller who opened it: sections, tiles, chip, message
    /// and the transitions they may take.
    pub fn view(&self, case: &OpenCase) -> CaseView<CaseStatus> {
        self.workflows.evaluate(&case.snapshot, &case.actor)
    }

    fn automatic(&self, snap: &mut AnySnapshot, now: DateTime<Utc>) -> Vec<TransitionRecord> {
        self.workflows
            .automatic(snap, now)
            .iter()
            .map(|a| TransitionRecord::from_applied(None, a))
            .collect()
    }
}

/// The stored name of an ineligibility reason.
pub fn reason_name(reason: IneligibilityReason) -> String {
    <&'static str>::from(reason).to_owned()
}

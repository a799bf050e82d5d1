//! Evaluation: what a case looks like to one user now, and applying a transition (pure).
//!
//! The view a user is given (`view`), working it out (`case_view`), taking a transition or
//! making an announcement (`transition`), and what that produces (`outcome`).

mod case_view;
mod outcome;
mod transition;
mod view;

use chrono::NaiveDate;

use std::borrow::Cow;

use crate::definition::Workflow;
use crate::snapshot::CaseSnapshot;
use crate::types::Actor;

pub use outcome::{Applied, AuditActor, AuditEvent, Effect, TransitionError};
pub use view::{CaseView, Chip, SectionView, StageView, TransitionView};

/// The spec's date format, dd/MM/yyyy (CONST-22).
pub fn format_date(date: NaiveDate) -> String {
    date.format("%d/%m/%Y").to_string()
}

impl<S: CaseSnapshot> Workflow<S> {
    /// Whether the guard `name` passes on the case now (None: no such guard). A reminder's
    /// `until` is read this way when it falls due.
    pub fn passes(&self, snap: &S, name: &str) -> Option<bool> {
        let guard = self.registry.get_guard(name)?;
        Some(guard(&self.prepared(snap), &Actor::system()).is_ok())
    }

    /// The snapshot with what the definition says about its status filled in, so that rules
    /// read the workflow file's flags rather than restating them.
    fn prepared<'a>(&self, snap: &'a S) -> Cow<'a, S> {
        let broker_stage = self.definition.status(snap.status()).broker_stage;
        if snap.broker_stage() == broker_stage {
            Cow::Borrowed(snap)
        } else {
            let mut s = snap.clone();
            s.set_broker_stage(broker_stage);
            Cow::Owned(s)
        }
    }
}

//! The remortgage's tiles after submission: identification, the documents and the mortgage
//! report.

use threshold_engine::snapshot::{all_accepted, doc_types};
use threshold_engine::{Actor, RemortgagingSnapshot as Snap, RemortgagingStatus, SectionState};

use super::documents_complete;
use crate::common::{self, state};

pub(super) fn identification_tile(s: &Snap, _: &Actor) -> SectionState {
    common::identification_state(false, &s.property_owners)
}

pub(super) fn documents_tile(s: &Snap, _: &Actor) -> SectionState {
    state(false, documents_complete(s))
}

pub(super) fn mortgage_report_tile(s: &Snap, _: &Actor) -> SectionState {
    if all_accepted(&s.property_owners, &s.documents, doc_types::MORTGAGE_REPORT) {
        SectionState::IsComplete
    } else if s.status == RemortgagingStatus::MortgageReportAcceptance {
        SectionState::NotStarted
    } else {
        SectionState::Locked
    }
}

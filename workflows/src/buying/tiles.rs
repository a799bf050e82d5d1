//! The purchase's tiles after submission: the client care letter, the deposit, identification,
//! searches, the contract pack and the documents.

use threshold_engine::snapshot::{all_accepted, doc_types};
use threshold_engine::{Actor, BuyingSnapshot as Snap, BuyingStatus, SectionState};

use super::{documents_complete, searches_complete};
use crate::common::{self, state};

fn client_care_letter(s: &Snap) -> Option<i64> {
    s.documents
        .published(doc_types::CLIENT_CARE_LETTER)
        .map(|d| d.document_id)
}

/// BUY-POST-05..08.
pub(super) fn client_care_letter_tile(s: &Snap, _: &Actor) -> SectionState {
    let locked =
        s.status == BuyingStatus::PrepareClientCareLetter || client_care_letter(s).is_none();
    state(
        locked,
        all_accepted(&s.buyers, &s.documents, doc_types::CLIENT_CARE_LETTER),
    )
}

/// BUY-POST-10/11.
pub(super) fn deposit_tile(s: &Snap, _: &Actor) -> SectionState {
    let accepted_by_one =
        client_care_letter(s).is_some_and(|id| s.buyers.iter().any(|b| b.has_accepted(id)));
    state(!accepted_by_one, s.deposit.paid_at.is_some())
}

/// BUY-POST-13/15: a letter exists and the deposit is paid.
fn after_deposit_locked(s: &Snap) -> bool {
    client_care_letter(s).is_none() || s.deposit.paid_at.is_none()
}

pub(super) fn identification_tile(s: &Snap, _: &Actor) -> SectionState {
    common::identification_state(after_deposit_locked(s), &s.buyers)
}

pub(super) fn searches_tile(s: &Snap, _: &Actor) -> SectionState {
    state(after_deposit_locked(s), searches_complete(s))
}

/// BUY-POST-17: complete from the report-on-title stages onward; open while the pack is being
/// awaited or reviewed; locked before that and on a cancelled case.
pub(super) fn contract_pack_tile(s: &Snap, _: &Actor) -> SectionState {
    use BuyingStatus as B;
    match s.status {
        B::PrepareReportOnTitle
        | B::ReportOnTitleAcceptance
        | B::PrepareCompletionStatement
        | B::CompletionStatementAcceptance
        | B::PendingCompletion
        | B::Completed => SectionState::IsComplete,
        B::AwaitingContractPack | B::AwaitingSearches | B::ContractPackReview => {
            SectionState::NotStarted
        }
        _ => SectionState::Locked,
    }
}

pub(super) fn documents_tile(s: &Snap, _: &Actor) -> SectionState {
    state(false, documents_complete(s))
}

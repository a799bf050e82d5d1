//! After submission: what the customers and the firm do to move a case on. An owner submits
//! their identity, pays a purchase's up-front payment and accepts the documents the firm
//! issues; the firm decides on identities, records the lender's offer and a purchase's
//! searches, issues its documents and agrees the completion date. Each change is checked against who
//! may make it and the case's tiles, applied to the engine's picture of the case so that the
//! transitions it enables are decided first (every owner verified, every owner accepted), and
//! written with them in one transaction.
//!
//! The steps and who may take them are here; making one is `step`.

mod step;

use chrono::NaiveDate;
use threshold_engine::{Action, ActorKind, RuleBook, TransitionView};
use threshold_store::UserId;
use threshold_store::cases::{IdentityDecision, NewMortgageOffer};

use crate::{CaseError, CaseService, OpenCase};

/// One step that moves a submitted case on.
#[derive(Clone, Debug)]
pub enum Progress {
    /// The caller (an owner or buyer) has given their photo ID and selfie.
    SubmitIdentity,
    /// The firm decides on one owner's submitted identity.
    DecideIdentity {
        applicant_id: i64,
        decision: IdentityDecision,
    },
    /// The identity provider's verdict on an owner's latest electronic check, told by the
    /// system and recorded as the owner's act: their identity is submitted, and verified when
    /// the provider approved it (otherwise the firm decides, as on uploads).
    IdentityChecked {
        applicant_id: i64,
        person: UserId,
        reference: String,
        result: String,
        /// Why it did not approve, in its words.
        reasons: Vec<String>,
        verified: bool,
    },
    /// The firm records the lender's mortgage offer, read from its uploaded document.
    MortgageOfferReceived(NewMortgageOffer),
    /// The firm records the housing association's Help to Buy redemption letter (a remortgage
    /// repaying an equity loan waits for it before the completion statement).
    HtbRedemptionLetterReceived,
    /// The firm records an uploaded search document of a purchase as a search result, or as
    /// its summary of one.
    RecordSearch { document_id: i64, summary: bool },
    /// The payment provider (or, with none configured, the payer) confirms the up-front
    /// payment started under `reference` by `payer`.
    DepositPaid { reference: String, payer: UserId },
    /// The firm issues a generated draft (a mortgage report, a completion statement): the
    /// customers see it from now on, and the workflow's step that publishes it is taken.
    IssueDocument { document_id: i64 },
    /// The caller (an owner or buyer) accepts an issued document.
    AcceptDocument { document_id: i64 },
    /// The firm agrees the completion date with the lender: the workflow's step that asks for
    /// it is taken (telling the customers, and reminding the firm if the day passes).
    AgreeCompletionDate { date: NaiveDate },
}

impl Progress {
    /// The rule book's name for this step: who may take it is the workflow file's answer.
    pub fn action(&self) -> Action {
        match self {
            Self::SubmitIdentity => Action::SubmitIdentity,
            Self::DecideIdentity { .. } => Action::DecideIdentity,
            Self::IdentityChecked { .. } => Action::ReportIdentityCheck,
            Self::MortgageOfferReceived(_) => Action::RecordMortgageOffer,
            Self::HtbRedemptionLetterReceived => Action::RecordHtbRedemptionLetter,
            Self::RecordSearch { .. } => Action::RecordSearch,
            Self::DepositPaid { .. } => Action::ConfirmDeposit,
            Self::IssueDocument { .. } => Action::IssueDocument,
            Self::AcceptDocument { .. } => Action::AcceptDocument,
            Self::AgreeCompletionDate { .. } => Action::AgreeCompletionDate,
        }
    }
}

/// Of the types the firm drafts, those it may draft now: the ones whose issuing step (the
/// file's `issued_by`) the workflow offers from the case's status, so a completion statement
/// is drafted when the case is preparing it, not at identity verification.
pub fn draftable<'a, St>(rules: RuleBook<'a>, transitions: &[TransitionView<St>]) -> Vec<&'a str> {
    rules
        .issued_types()
        .filter(|t| issued_now(rules, t, transitions))
        .collect()
}

/// Whether the step that issues `document_type` is one the case may take now (of
/// `transitions`, what the workflow offers from its status).
pub fn issued_now<St>(
    rules: RuleBook<'_>,
    document_type: &str,
    transitions: &[TransitionView<St>],
) -> bool {
    rules
        .issued(document_type)
        .is_some_and(|issued| transitions.iter().any(|v| v.name == issued.issued_by))
}

impl CaseService {
    /// Whether the caller may take this step on this case, as the workflow file's `actions`
    /// say: who may, and (for a person's step) that its tile is open.
    pub fn authorise(&self, case: &OpenCase, action: Action) -> Result<(), CaseError> {
        let rules = self.workflows.rule_book(case.case_type);
        let def = rules
            .may(&case.actor, action)
            .map_err(|refusal| CaseError::NotPermitted(refusal.to_string()))?;
        match def.tile.as_deref() {
            Some(tile) if case.actor.kind() != Some(ActorKind::System) => {
                self.check_tile(case, tile)
            }
            _ => Ok(()),
        }
    }

    /// The caller's tile is open (not locked or hidden) for a customer's step.
    pub fn check_tile(&self, case: &OpenCase, tile: &str) -> Result<(), CaseError> {
        let view = self.workflows.evaluate(&case.snapshot, &case.actor);
        match view.tile(tile).map(|t| t.state) {
            Some(state) if state.is_open() => Ok(()),
            Some(state) => Err(CaseError::SectionClosed {
                section: tile.to_owned(),
                state,
                reason: "This step is not open on the case yet.".into(),
            }),
            None => Err(CaseError::NotFound),
        }
    }
}

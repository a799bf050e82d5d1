//! Guards and rule helpers both case types share.

use threshold_engine::snapshot::{
    CaseDocuments, Party, RequiredDocument, all_accepted, all_uploaded, all_verified, doc_types,
    quote_is_empty,
};
use threshold_engine::types::IneligibilityReason;
use threshold_engine::{Actor, BuyingSnapshot, CaseSnapshot, RemortgagingSnapshot, SectionState};

/// What the shared guards read from either snapshot.
pub(crate) trait Common: CaseSnapshot {
    /// Owners (remortgaging) or buyers (buying).
    fn parties(&self) -> &[Party];
    fn docs(&self) -> &CaseDocuments;
    fn created_by_broker(&self) -> bool;
    fn invited_by_lender(&self) -> bool;
    fn ineligibility(&self) -> Option<IneligibilityReason>;
    fn buy_to_let_documents(&self) -> &[RequiredDocument];
    fn client_balance(&self) -> i64;
}

impl Common for RemortgagingSnapshot {
    fn parties(&self) -> &[Party] {
        &self.property_owners
    }
    fn docs(&self) -> &CaseDocuments {
        &self.documents
    }
    fn created_by_broker(&self) -> bool {
        self.created_by_broker
    }
    fn invited_by_lender(&self) -> bool {
        self.invited_by_lender
    }
    fn ineligibility(&self) -> Option<IneligibilityReason> {
        self.ineligibility_reason
    }
    fn buy_to_let_documents(&self) -> &[RequiredDocument] {
        &self.required_documents.buy_to_let_documents
    }
    fn client_balance(&self) -> i64 {
        self.client_balance
    }
}

impl Common for BuyingSnapshot {
    fn parties(&self) -> &[Party] {
        &self.buyers
    }
    fn docs(&self) -> &CaseDocuments {
        &self.documents
    }
    fn created_by_broker(&self) -> bool {
        self.created_by_broker
    }
    fn invited_by_lender(&self) -> bool {
        self.invited_by_lender
    }
    fn ineligibility(&self) -> Option<IneligibilityReason> {
        self.ineligibility_reason
    }
    fn buy_to_let_documents(&self) -> &[RequiredDocument] {
        &self.required_documents.buy_to_let_documents
    }
    fn client_balance(&self) -> i64 {
        self.client_balance
    }
}

pub(crate) type GuardResult = Result<(), String>;

pub(crate) fn check(ok: bool, reason: &str) -> GuardResult {
    if ok { Ok(()) } else { Err(reason.to_owned()) }
}

/// A section's state from its lock and completion conditions; locked wins so that a locked
/// section is never shown as complete.
pub(crate) fn state(locked: bool, complete: bool) -> SectionState {
    if locked {
        SectionState::Locked
    } else if complete {
        SectionState::IsComplete
    } else {
        SectionState::NotStarted
    }
}

/// The Verify Identity tile (REM-POST-07, BUY-POST-13/14): in progress once an owner's
/// identity is with the firm or the identity provider, until every owner is verified.
pub(crate) fn identification_state(locked: bool, parties: &[Party]) -> SectionState {
    let sent = parties
        .iter()
        .any(|p| p.identity_submitted_at.is_some() || p.identity_verified_at.is_some());
    match state(locked, all_verified(parties)) {
        SectionState::NotStarted if sent => SectionState::InProgress,
        s => s,
    }
}

pub(crate) fn quote_accepted<S: Common>(s: &S) -> bool {
    s.quote().is_some_and(|q| q.accepted_at.is_some())
}

/// Spec §4: in a broker stage (`broker_stage` in the workflow file) brokers fill sections
/// without the customer having accepted the quote; otherwise the quote must be accepted.
pub(crate) fn quote_ok<S: Common>(s: &S) -> bool {
    s.broker_stage() || quote_accepted(s)
}

pub(crate) fn blank(v: Option<&str>) -> bool {
    v.is_none_or(|v| v.trim().is_empty())
}

// ---- guards shared by both definitions ----

/// Every buy-to-let document uploaded (both types' ready-to-submit).
pub(crate) fn buy_to_let_uploaded<S: Common>(s: &S) -> bool {
    all_uploaded(s.buy_to_let_documents())
}

pub(crate) fn buy_to_let_documents_uploaded<S: Common>(s: &S, _: &Actor) -> GuardResult {
    check(
        buy_to_let_uploaded(s),
        "Upload every buy-to-let document before submitting.",
    )
}

pub(crate) fn quote_accepted_or_broker_stage<S: Common>(s: &S, _: &Actor) -> GuardResult {
    check(quote_ok(s), "The quote must be accepted first.")
}

/// Completion: every penny held for the clients is paid out and every sum owed is received
/// (SRA Accounts Rules 2019, rule 2.5: client money is returned promptly once there is no
/// longer a reason to hold it), so the client ledger balances at zero.
pub(crate) fn client_balance_settled<S: Common>(s: &S, _: &Actor) -> GuardResult {
    let balance = s.client_balance();
    let money = threshold_engine::money::pounds(balance.abs());
    match balance {
        0 => Ok(()),
        b if b > 0 => Err(format!(
            "The client ledger holds {money} for the clients: record what was paid out before completing."
        )),
        _ => Err(format!(
            "The client ledger is {money} short: record the money received before completing."
        )),
    }
}

pub(crate) fn is_eligible<S: Common>(s: &S, _: &Actor) -> GuardResult {
    check(
        s.ineligibility().is_none(),
        "The case has been found ineligible.",
    )
}

pub(crate) fn is_ineligible<S: Common>(s: &S, _: &Actor) -> GuardResult {
    check(s.ineligibility().is_some(), "The case is eligible.")
}

/// A conveyancer may take on a more complex case after review, never one outside England and
/// Wales (see `threshold_engine::eligibility`).
pub(crate) fn may_be_taken_on<S: Common>(s: &S, _: &Actor) -> GuardResult {
    match s.ineligibility() {
        Some(r) if r.may_be_taken_on() => Ok(()),
        Some(_) => Err("We cannot act on a property outside England and Wales.".into()),
        None => Err("The case is eligible.".into()),
    }
}

pub(crate) fn created_by_broker<S: Common>(s: &S, _: &Actor) -> GuardResult {
    check(
        s.created_by_broker(),
        "The case was started by the customer.",
    )
}

pub(crate) fn created_by_customer<S: Common>(s: &S, _: &Actor) -> GuardResult {
    check(!s.created_by_broker(), "The case was started by a broker.")
}

pub(crate) fn has_lead_customer<S: Common>(s: &S, _: &Actor) -> GuardResult {
    check(
        s.parties()
            .first()
            .is_some_and(|p| p.redacted || !blank(p.user.email.as_deref())),
        "Add the lead customer's e-mail address before sending the application.",
    )
}

/// A lender invites without a quote (the customer sees 'Your Conveyancing Invite').
pub(crate) fn quote_ready<S: Common>(s: &S, actor: &Actor) -> GuardResult {
    check(
        actor.is_lender() || s.invited_by_lender() || !quote_is_empty(s.quote()),
        "Prepare the quote before sending the application to the customer.",
    )
}

pub(crate) fn invitation_terms_accepted<S: Common>(s: &S, _: &Actor) -> GuardResult {
    check(
        s.invited_by_lender() || quote_accepted(s),
        "Accept the quote to continue.",
    )
}

/// A remortgage's parties are its owners; a purchase names them buyers (`buying.rs`).
pub(crate) fn all_identities_verified<S: Common>(s: &S, _: &Actor) -> GuardResult {
    check(
        all_verified(s.parties()),
        "Every owner's identity must be verified first.",
    )
}

/// The client care letter (engagement terms, costs, complaints: SRA Code of Conduct for
/// Solicitors 8.3 and 8.6–8.7, given in writing at the time of engagement) is issued.
pub(crate) fn client_care_letter_published<S: Common>(s: &S, _: &Actor) -> GuardResult {
    check(
        s.docs().published(doc_types::CLIENT_CARE_LETTER).is_some(),
        "Issue the client care letter first: choose 'Issue to customers' on its draft.",
    )
}

/// Every client has accepted the latest client care letter.
pub(crate) fn all_accepted_client_care_letter<S: Common>(s: &S, _: &Actor) -> GuardResult {
    check(
        all_accepted(s.parties(), s.docs(), doc_types::CLIENT_CARE_LETTER),
        "Every client must accept the client care letter first.",
    )
}

/// Status condition: every party has sent their identity evidence (or is already verified),
/// so only the firm can move the case on: it waits on the firm, not the customer.
pub(crate) fn all_identities_sent<S: Common>(s: &S, _: &Actor) -> GuardResult {
    let parties = s.parties();
    check(
        !parties.is_empty()
            && parties
                .iter()
                .all(|p| p.identity_verified_at.is_some() || p.identity_submitted_at.is_some()),
        "Not every identity has been sent.",
    )
}

pub(crate) fn completion_statement_published<S: Common>(s: &S, _: &Actor) -> GuardResult {
    check(
        s.docs().published(DOC_COMPLETION_STATEMENT).is_some(),
        "Issue the completion statement first: choose 'Issue to customers' on its draft.",
    )
}

pub(crate) fn all_accepted_completion_statement<S: Common>(s: &S, _: &Actor) -> GuardResult {
    check(
        all_accepted(s.parties(), s.docs(), DOC_COMPLETION_STATEMENT),
        "Every customer must accept the completion statement first.",
    )
}

/// Message condition: the person asking is a broker.
pub(crate) fn actor_is_broker<S>(_: &S, actor: &Actor) -> GuardResult {
    check(actor.is_broker(), "Not a broker.")
}

pub(crate) use threshold_engine::snapshot::doc_types::COMPLETION_STATEMENT as DOC_COMPLETION_STATEMENT;

/// Completion statement tile, both case types (REM-POST-12..14, BUY-POST-18..20).
pub(crate) fn completion_statement_tile<S: Common>(s: &S, _: &Actor) -> SectionState {
    if all_accepted(s.parties(), s.docs(), DOC_COMPLETION_STATEMENT) {
        SectionState::IsComplete
    } else if s.docs().published(DOC_COMPLETION_STATEMENT).is_some() {
        SectionState::NotStarted
    } else {
        SectionState::Locked
    }
}

/// Application review tile: always complete once shown (REM-POST-05).
pub(crate) fn application_review_tile<S>(_: &S, _: &Actor) -> SectionState {
    SectionState::IsComplete
}

/// Key Facts: complete; the engine disables it in disabling statuses (REM-APP-04/05).
pub(crate) fn key_facts<S>(_: &S, _: &Actor) -> SectionState {
    SectionState::IsComplete
}

/// Message condition: a completion date is recorded.
pub(crate) fn has_completion_date<S: threshold_engine::CaseSnapshot>(
    s: &S,
    _: &Actor,
) -> GuardResult {
    check(
        s.completion_date().is_some(),
        "No completion date is recorded.",
    )
}

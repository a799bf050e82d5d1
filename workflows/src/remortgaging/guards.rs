//! The remortgage's guards: what a transition, status or message needs of the case.

use threshold_engine::snapshot::{all_accepted, doc_types};
use threshold_engine::title_register::unaccounted;
use threshold_engine::types::{NO_LENDER, Tenure};
use threshold_engine::{Actor, RemortgagingSnapshot as Snap};

use super::transfer_of_equity_applies;
use crate::common::{self, GuardResult, check};

/// A company case names its company and at least one director, who signs for it (issue 33).
pub(super) fn company_recorded(s: &Snap, _: &Actor) -> GuardResult {
    check(
        !s.is_company_case || s.company.as_ref().is_some_and(|c| c.has_director()),
        "Add the company's details and at least one director.",
    )
}

/// Status condition: only the firm can move the case on — every owner has sent their identity
/// and has accepted the client care letter, or the firm has yet to issue it.
pub(super) fn firm_acts_on_identity(s: &Snap, a: &Actor) -> GuardResult {
    common::all_identities_sent(s, a)?;
    if common::client_care_letter_published(s, a).is_ok() {
        common::all_accepted_client_care_letter(s, a)?;
    }
    Ok(())
}

/// REM-APP-34: "newLender is not NO_LENDER"; an unanswered lender is not NO_LENDER.
pub(super) fn new_lender_chosen(s: &Snap, _: &Actor) -> GuardResult {
    check(
        s.new_lender.as_deref() != Some(NO_LENDER),
        "Choose the new lender before submitting.",
    )
}

/// Issue 33: every registered proprietor is an owner listed, or explained with its evidence
/// (the lender lends to the people on the register).
pub(super) fn title_register_names_accounted_for(s: &Snap, _: &Actor) -> GuardResult {
    match unaccounted(&s.title_register_names, &s.property_owners) {
        0 => Ok(()),
        1 => Err(
            "A name on the title register is not one of the owners: tell us why in the \
                  Owners section before submitting."
                .into(),
        ),
        n => Err(format!(
            "{n} names on the title register are not owners: tell us why in the Owners section \
             before submitting."
        )),
    }
}

pub(super) fn title_documents_retrieved(s: &Snap, _: &Actor) -> GuardResult {
    check(
        s.title_documents_retrieved,
        "The title documents have not been retrieved from HM Land Registry yet.",
    )
}

/// A leasehold: the landlord is told of the new lender's charge after completion.
pub(super) fn leasehold(s: &Snap, _: &Actor) -> GuardResult {
    check(
        s.property
            .as_ref()
            .is_some_and(|p| p.tenure == Some(Tenure::Leasehold)),
        "This property is not a leasehold.",
    )
}

/// The remortgage transfers a share of the property (a TR1 is signed with the mortgage deed).
pub(super) fn transfers_equity(s: &Snap, _: &Actor) -> GuardResult {
    check(
        transfer_of_equity_applies(s),
        "This remortgage transfers no share of the property.",
    )
}

pub(super) fn has_mortgage_offer(s: &Snap, _: &Actor) -> GuardResult {
    check(
        s.has_mortgage_offer || s.documents.has_uploaded(doc_types::MORTGAGE_OFFER),
        "The mortgage offer has not been received yet.",
    )
}

pub(super) fn mortgage_report_published(s: &Snap, _: &Actor) -> GuardResult {
    check(
        s.documents.published(doc_types::MORTGAGE_REPORT).is_some(),
        "Issue the mortgage report first: choose 'Issue to customers' on its draft.",
    )
}

pub(super) fn all_accepted_mortgage_report(s: &Snap, _: &Actor) -> GuardResult {
    check(
        all_accepted(&s.property_owners, &s.documents, doc_types::MORTGAGE_REPORT),
        "Every owner must accept the mortgage report first.",
    )
}

pub(super) fn htb_redemption_letter_ready(s: &Snap, _: &Actor) -> GuardResult {
    check(
        !s.is_repaying_help_to_buy || s.has_htb_redemption_letter,
        "We are waiting for the Help To Buy Redemption letter from the housing association.",
    )
}

/// Message condition for STATUS-13.
pub(super) fn awaiting_htb_redemption_letter(s: &Snap, a: &Actor) -> GuardResult {
    check(
        htb_redemption_letter_ready(s, a).is_err(),
        "Not waiting for a redemption letter.",
    )
}

//! The purchase's guards: what a transition, task or message needs of the case.

use threshold_engine::enquiries::open_count;
use threshold_engine::snapshot::{all_accepted, all_verified, doc_types};
use threshold_engine::source_of_funds::SourceOfFundsState;
use threshold_engine::types::{Jurisdiction, NO_LENDER, SourceOfFundsType as Source, Tenure};
use threshold_engine::{Actor, BuyingSnapshot as Snap};

use super::{documents_complete, has_source, searches_complete};
use crate::common::{GuardResult, check};

/// A purchase's parties are its buyers (the remortgage's guard says owners).
pub(super) fn all_identities_verified(s: &Snap, _: &Actor) -> GuardResult {
    check(
        all_verified(&s.buyers),
        "Every buyer's identity must be verified first.",
    )
}

pub(super) fn lender_chosen(s: &Snap, _: &Actor) -> GuardResult {
    check(
        s.lender.as_deref() != Some(NO_LENDER),
        "Choose the lender before submitting.",
    )
}

/// A purchase is notifiable to the land-tax authority (a return is due, whatever the tax) when
/// its consideration is £40,000 or more: FA 2003 s.77A(1) for SDLT, LTTA 2017 s.44 with
/// s.43 for LTT. Purchases of less are rare enough that the firm confirms them by hand.
const NOTIFIABLE_FROM_PENCE: i64 = 4_000_000;

fn land_tax_return_due_in(s: &Snap, nation: Jurisdiction) -> bool {
    s.property.as_ref().is_some_and(|p| {
        p.jurisdiction == Some(nation) && p.price.is_some_and(|v| v >= NOTIFIABLE_FROM_PENCE)
    })
}

/// An SDLT return is due to HMRC (a notifiable purchase in England).
pub(super) fn sdlt_return_due(s: &Snap, _: &Actor) -> GuardResult {
    check(
        land_tax_return_due_in(s, Jurisdiction::England),
        "No SDLT return is due for this purchase.",
    )
}

/// An LTT return is due to the Welsh Revenue Authority (a notifiable purchase in Wales).
pub(super) fn ltt_return_due(s: &Snap, _: &Actor) -> GuardResult {
    check(
        land_tax_return_due_in(s, Jurisdiction::Wales),
        "No LTT return is due for this purchase.",
    )
}

/// The deposit the buyers pay on exchange, in pence: 10 per cent of the price (Standard
/// Conditions of Sale, 5th edition, condition 2.2.1), or the buyers' own deposit where that is
/// less (a reduced deposit the seller accepts by special condition, as with a 95 % mortgage).
/// None while the price is not recorded.
fn exchange_deposit(s: &Snap) -> Option<i64> {
    let tenth = s.property.as_ref()?.price? / 10;
    Some(s.deposit_amount.map_or(tenth, |own| own.min(tenth)))
}

/// The client account holds the exchange deposit for the buyers (the client ledger's balance),
/// so that it can be sent to the seller's solicitors when contracts are exchanged.
pub(super) fn exchange_deposit_in_client_account(s: &Snap, _: &Actor) -> GuardResult {
    let Some(deposit) = exchange_deposit(s) else {
        return Err("The purchase price is not recorded.".into());
    };
    let pounds = threshold_engine::money::pounds;
    check(
        s.client_balance >= deposit,
        &format!(
            "The client ledger holds {} for the buyers: record the exchange deposit of {} received first.",
            pounds(s.client_balance.max(0)),
            pounds(deposit)
        ),
    )
}

/// The buyers borrow from a lender (a mortgage among their sources of funds): its deed is
/// signed, and the lender sent the certificate of title before completion.
pub(super) fn buying_with_mortgage(s: &Snap, _: &Actor) -> GuardResult {
    check(
        has_source(s, &[Source::Mortgage]),
        "This purchase has no mortgage.",
    )
}

/// The buyers have a gift among their sources of funds: each donor is identified and signs a
/// declaration.
pub(super) fn buying_with_gift(s: &Snap, _: &Actor) -> GuardResult {
    check(
        has_source(s, &[Source::Gifts]),
        "This purchase has no gifted deposit.",
    )
}

/// Every source of funds accepted in the firm's review (issue 33): the source-of-funds task
/// waits for it.
pub(super) fn sources_of_funds_accepted(s: &Snap, _: &Actor) -> GuardResult {
    let open = crate::required_documents::source_of_funds_states(s)
        .into_iter()
        .filter(|(_, state)| *state != SourceOfFundsState::Accepted)
        .count();
    check(
        open == 0,
        &format!("{open} source(s) of funds not accepted yet in the review."),
    )
}

fn is_leasehold(s: &Snap) -> bool {
    s.property
        .as_ref()
        .is_some_and(|p| p.tenure == Some(Tenure::Leasehold))
}

/// A leasehold purchase: the landlord's pack before exchange, the notices and the deed of
/// covenant after completion.
pub(super) fn leasehold(s: &Snap, _: &Actor) -> GuardResult {
    check(is_leasehold(s), "This purchase is not of a leasehold.")
}

/// A leasehold bought with a mortgage: the landlord is told of the lender's charge too.
pub(super) fn leasehold_with_mortgage(s: &Snap, a: &Actor) -> GuardResult {
    leasehold(s, a).and_then(|()| buying_with_mortgage(s, a))
}

pub(super) fn documents_uploaded(s: &Snap, _: &Actor) -> GuardResult {
    check(
        documents_complete(s),
        "Upload every required document before submitting.",
    )
}

pub(super) fn deposit_paid(s: &Snap, _: &Actor) -> GuardResult {
    check(
        s.deposit.paid_at.is_some(),
        "The initial payment has not been received yet.",
    )
}

pub(super) fn contract_pack_received(s: &Snap, _: &Actor) -> GuardResult {
    check(
        s.documents.has_uploaded(doc_types::TA6),
        "Upload the seller's property information form (TA6) from the contract pack first.",
    )
}

pub(super) fn searches_returned(s: &Snap, _: &Actor) -> GuardResult {
    check(
        searches_complete(s),
        "The local authority, drainage and water, and environmental searches and their summaries are not all in yet.",
    )
}

pub(super) fn enquiries_answered(s: &Snap, _: &Actor) -> GuardResult {
    match open_count(&s.enquiries) {
        0 => Ok(()),
        1 => Err("One enquiry is still open: record the seller's solicitor's reply first.".into()),
        n => Err(format!(
            "{n} enquiries are still open: record the seller's solicitor's replies first."
        )),
    }
}

pub(super) fn report_on_title_published(s: &Snap, _: &Actor) -> GuardResult {
    check(
        s.documents.published(doc_types::REPORT_ON_TITLE).is_some(),
        "Issue the report on title first: choose 'Issue to customers' on its draft.",
    )
}

pub(super) fn all_accepted_report_on_title(s: &Snap, _: &Actor) -> GuardResult {
    check(
        all_accepted(&s.buyers, &s.documents, doc_types::REPORT_ON_TITLE),
        "Every buyer must accept the report on title first.",
    )
}

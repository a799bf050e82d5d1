//! The purchase application's sections, each opening when the ones before it are done.

use threshold_engine::completeness::{PartyKind, all_valid};
use threshold_engine::snapshot::quote_is_empty;
use threshold_engine::types::{PropertyUsage, SourceOfFundsType as Source};
use threshold_engine::{Actor, BuyingSnapshot as Snap, SectionState};

use super::{documents_complete, has_source};
use crate::common::{self, buy_to_let_uploaded, quote_ok, state};

fn buyers_complete(s: &Snap) -> bool {
    all_valid(&s.buyers, PartyKind::Buyer)
}

/// BUY-APP-10..12.
fn purchase_and_financing_complete(s: &Snap) -> bool {
    s.deposit_amount.is_some()
        && (!has_source(s, &[Source::Gifts]) || !s.donors.is_empty())
        && (!has_source(s, &[Source::LifetimeIsa, Source::HelpToBuyIsa]) || !s.isas.is_empty())
}

/// BUY-APP-14.
fn sdlt_complete(s: &Snap) -> bool {
    s.results_in_multiple_properties.is_some() && s.is_replacing_main_residence.is_some()
}

/// BUY-APP-15.
fn loans_complete(s: &Snap) -> bool {
    match s.has_loans {
        Some(false) => true,
        Some(true) => !s.loans.is_empty(),
        None => false,
    }
}

// The wizard's chain of locks: each section opens when the ones before it are done.
fn property_unlocked(s: &Snap) -> bool {
    quote_ok(s)
}
fn buyers_unlocked(s: &Snap) -> bool {
    property_unlocked(s) && s.property.is_some()
}
fn pf_unlocked(s: &Snap) -> bool {
    buyers_unlocked(s) && buyers_complete(s)
}
fn sdlt_unlocked(s: &Snap) -> bool {
    pf_unlocked(s) && purchase_and_financing_complete(s)
}
/// The spec gives no lock for Loans; it follows Stamp Duty Land Tax in the wizard.
fn loans_unlocked(s: &Snap) -> bool {
    sdlt_unlocked(s) && sdlt_complete(s)
}
/// BUY-APP-16: Documents also needs the loans question answered.
fn documents_unlocked(s: &Snap) -> bool {
    loans_unlocked(s) && s.has_loans.is_some()
}

pub(super) fn quote_section(s: &Snap, _: &Actor) -> SectionState {
    if quote_is_empty(s.quote.as_ref()) {
        SectionState::Hidden
    } else {
        state(false, common::quote_accepted(s))
    }
}

pub(super) fn property(s: &Snap, _: &Actor) -> SectionState {
    state(!property_unlocked(s), s.property.is_some())
}

pub(super) fn buyer_details(s: &Snap, _: &Actor) -> SectionState {
    state(!buyers_unlocked(s), buyers_complete(s))
}

pub(super) fn purchase_and_financing(s: &Snap, _: &Actor) -> SectionState {
    state(!pf_unlocked(s), purchase_and_financing_complete(s))
}

pub(super) fn stamp_duty_land_tax(s: &Snap, _: &Actor) -> SectionState {
    state(!sdlt_unlocked(s), sdlt_complete(s))
}

pub(super) fn loans(s: &Snap, _: &Actor) -> SectionState {
    state(!loans_unlocked(s), loans_complete(s))
}

pub(super) fn documents(s: &Snap, _: &Actor) -> SectionState {
    state(!documents_unlocked(s), documents_complete(s))
}

/// BUY-APP-18: every prior section done and the buy-to-let documents uploaded.
pub(super) fn review_and_submit(s: &Snap, _: &Actor) -> SectionState {
    let open = documents_unlocked(s)
        && loans_complete(s)
        && documents_complete(s)
        && (s.property_usage != Some(PropertyUsage::BuyToLet) || buy_to_let_uploaded(s));
    state(!open, false)
}

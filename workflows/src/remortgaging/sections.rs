//! The remortgage application's sections, locked until the quote, the land ownership and the
//! owners allow.

use threshold_engine::completeness::{PartyKind, all_valid};
use threshold_engine::snapshot::quote_is_empty;
use threshold_engine::types::PropertyUsage;
use threshold_engine::{Actor, RemortgagingSnapshot as Snap, SectionState};

use super::{documents_complete, transfer_of_equity_applies};
use crate::common::{blank, buy_to_let_uploaded, quote_ok, state};

fn land_ownership_known(s: &Snap) -> bool {
    s.property
        .as_ref()
        .is_some_and(|p| !blank(p.land_ownership.as_deref()))
}

fn property_details_complete(s: &Snap) -> bool {
    land_ownership_known(s)
        && s.property
            .as_ref()
            .is_some_and(|p| !blank(p.property_type.as_deref()))
}

/// REM-APP-19: owners exist, all valid, and the adult-occupants question answered.
fn owners_complete(s: &Snap) -> bool {
    all_valid(&s.property_owners, PartyKind::Owner) && s.has_adult_occupants.is_some()
}

/// L2 of the spec: quote accepted (or broker status) and land ownership known.
fn owners_unlocked(s: &Snap) -> bool {
    quote_ok(s) && land_ownership_known(s)
}

/// L3: "locked under the same conditions" — quote, land ownership and complete owners.
fn later_unlocked(s: &Snap) -> bool {
    owners_unlocked(s) && owners_complete(s)
}

fn yes_with_items(answer: Option<bool>, has_items: bool) -> bool {
    match answer {
        Some(false) => true,
        Some(true) => has_items,
        None => false,
    }
}

fn alterations_complete(s: &Snap) -> bool {
    yes_with_items(s.has_alterations, !s.alterations.is_empty())
}

fn financial_complete(s: &Snap) -> bool {
    yes_with_items(s.has_loans, !s.loans.is_empty())
}

fn is_buy_to_let(s: &Snap) -> bool {
    s.property_usage == Some(PropertyUsage::BuyToLet)
}

pub(super) fn quote_section(s: &Snap, _: &Actor) -> SectionState {
    if quote_is_empty(s.quote.as_ref()) {
        SectionState::Hidden
    } else {
        state(false, quote_ok(s))
    }
}

pub(super) fn property_details(s: &Snap, _: &Actor) -> SectionState {
    state(!quote_ok(s), property_details_complete(s))
}

pub(super) fn owners(s: &Snap, _: &Actor) -> SectionState {
    state(!owners_unlocked(s), owners_complete(s))
}

pub(super) fn transfer_of_equity(s: &Snap, _: &Actor) -> SectionState {
    if !transfer_of_equity_applies(s) {
        return SectionState::Hidden;
    }
    state(!later_unlocked(s), s.transfer_of_equity.is_some())
}

pub(super) fn property_alterations(s: &Snap, _: &Actor) -> SectionState {
    state(!later_unlocked(s), alterations_complete(s))
}

pub(super) fn financial_details(s: &Snap, _: &Actor) -> SectionState {
    if s.is_company_case {
        return SectionState::Hidden;
    }
    state(!later_unlocked(s), financial_complete(s))
}

pub(super) fn documents(s: &Snap, _: &Actor) -> SectionState {
    state(!later_unlocked(s), documents_complete(s))
}

/// REM-APP-31/32: Review & Submit has nothing to complete; once open it is not started until
/// the application is submitted (then every section is hidden).
pub(super) fn review_and_submit(s: &Snap, _: &Actor) -> SectionState {
    let locked = !later_unlocked(s) || (is_buy_to_let(s) && !buy_to_let_uploaded(s));
    state(locked, false)
}

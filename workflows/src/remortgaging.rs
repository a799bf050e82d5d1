//! The remortgaging rules and guards named in `remortgaging.toml` (spec §4 "Remortgaging ...").

use threshold_engine::completeness::{PartyKind, all_valid};
use threshold_engine::snapshot::{all_accepted, all_uploaded, doc_types, quote_is_empty};
use threshold_engine::title_register::unaccounted;
use threshold_engine::types::{NO_LENDER, PropertyUsage, RemortgagingReason, Tenure};
use threshold_engine::{
    Actor, Registry, RemortgagingSnapshot as Snap, RemortgagingStatus, SectionState,
};

use crate::common::{self, GuardResult, blank, buy_to_let_uploaded, check, quote_ok, state};

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

fn transfer_of_equity_applies(s: &Snap) -> bool {
    s.remortgaging_reason == Some(RemortgagingReason::RemortgageTransferOfEquity)
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

/// A company case names its company and at least one director, who signs for it (issue 33).
fn company_recorded(s: &Snap, _: &Actor) -> GuardResult {
    check(
        !s.is_company_case || s.company.as_ref().is_some_and(|c| c.has_director()),
        "Add the company's details and at least one director.",
    )
}

fn is_buy_to_let(s: &Snap) -> bool {
    s.property_usage == Some(PropertyUsage::BuyToLet)
}

/// REM-APP-29/30: every required document except bank statements, every alteration document
/// and every buy-to-let document has an uploaded id.
fn documents_complete(s: &Snap) -> bool {
    let rd = &s.required_documents;
    rd.documents
        .iter()
        .filter(|d| d.document_type != doc_types::BANK_STATEMENT)
        .all(|d| d.is_uploaded())
        && rd
            .alteration_documents
            .iter()
            .all(|a| all_uploaded(&a.required_documents))
        && buy_to_let_uploaded(s)
}

// ---- sections ----

fn quote_section(s: &Snap, _: &Actor) -> SectionState {
    if quote_is_empty(s.quote.as_ref()) {
        SectionState::Hidden
    } else {
        state(false, quote_ok(s))
    }
}

fn property_details(s: &Snap, _: &Actor) -> SectionState {
    state(!quote_ok(s), property_details_complete(s))
}

fn owners(s: &Snap, _: &Actor) -> SectionState {
    state(!owners_unlocked(s), owners_complete(s))
}

fn transfer_of_equity(s: &Snap, _: &Actor) -> SectionState {
    if !transfer_of_equity_applies(s) {
        return SectionState::Hidden;
    }
    state(!later_unlocked(s), s.transfer_of_equity.is_some())
}

fn property_alterations(s: &Snap, _: &Actor) -> SectionState {
    state(!later_unlocked(s), alterations_complete(s))
}

fn financial_details(s: &Snap, _: &Actor) -> SectionState {
    if s.is_company_case {
        return SectionState::Hidden;
    }
    state(!later_unlocked(s), financial_complete(s))
}

fn documents(s: &Snap, _: &Actor) -> SectionState {
    state(!later_unlocked(s), documents_complete(s))
}

/// REM-APP-31/32: Review & Submit has nothing to complete; once open it is not started until
/// the application is submitted (then every section is hidden).
fn review_and_submit(s: &Snap, _: &Actor) -> SectionState {
    let locked = !later_unlocked(s) || (is_buy_to_let(s) && !buy_to_let_uploaded(s));
    state(locked, false)
}

// ---- tiles ----

/// Status condition: only the firm can move the case on — every owner has sent their identity
/// and has accepted the client care letter, or the firm has yet to issue it.
fn firm_acts_on_identity(s: &Snap, a: &Actor) -> GuardResult {
    common::all_identities_sent(s, a)?;
    if common::client_care_letter_published(s, a).is_ok() {
        common::all_accepted_client_care_letter(s, a)?;
    }
    Ok(())
}

fn identification_tile(s: &Snap, _: &Actor) -> SectionState {
    common::identification_state(false, &s.property_owners)
}

fn documents_tile(s: &Snap, _: &Actor) -> SectionState {
    state(false, documents_complete(s))
}

fn mortgage_report_tile(s: &Snap, _: &Actor) -> SectionState {
    if all_accepted(&s.property_owners, &s.documents, doc_types::MORTGAGE_REPORT) {
        SectionState::IsComplete
    } else if s.status == RemortgagingStatus::MortgageReportAcceptance {
        SectionState::NotStarted
    } else {
        SectionState::Locked
    }
}

// ---- guards ----

/// REM-APP-34: "newLender is not NO_LENDER"; an unanswered lender is not NO_LENDER.
fn new_lender_chosen(s: &Snap, _: &Actor) -> GuardResult {
    check(
        s.new_lender.as_deref() != Some(NO_LENDER),
        "Choose the new lender before submitting.",
    )
}

/// Issue 33: every registered proprietor is an owner listed, or explained with its evidence
/// (the lender lends to the people on the register).
fn title_register_names_accounted_for(s: &Snap, _: &Actor) -> GuardResult {
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

fn title_documents_retrieved(s: &Snap, _: &Actor) -> GuardResult {
    check(
        s.title_documents_retrieved,
        "The title documents have not been retrieved from HM Land Registry yet.",
    )
}

/// A leasehold: the landlord is told of the new lender's charge after completion.
fn leasehold(s: &Snap, _: &Actor) -> GuardResult {
    check(
        s.property
            .as_ref()
            .is_some_and(|p| p.tenure == Some(Tenure::Leasehold)),
        "This property is not a leasehold.",
    )
}

/// The remortgage transfers a share of the property (a TR1 is signed with the mortgage deed).
fn transfers_equity(s: &Snap, _: &Actor) -> GuardResult {
    check(
        transfer_of_equity_applies(s),
        "This remortgage transfers no share of the property.",
    )
}

fn has_mortgage_offer(s: &Snap, _: &Actor) -> GuardResult {
    check(
        s.has_mortgage_offer || s.documents.has_uploaded(doc_types::MORTGAGE_OFFER),
        "The mortgage offer has not been received yet.",
    )
}

fn mortgage_report_published(s: &Snap, _: &Actor) -> GuardResult {
    check(
        s.documents.published(doc_types::MORTGAGE_REPORT).is_some(),
        "Issue the mortgage report first: choose 'Issue to customers' on its draft.",
    )
}

fn all_accepted_mortgage_report(s: &Snap, _: &Actor) -> GuardResult {
    check(
        all_accepted(&s.property_owners, &s.documents, doc_types::MORTGAGE_REPORT),
        "Every owner must accept the mortgage report first.",
    )
}

fn htb_redemption_letter_ready(s: &Snap, _: &Actor) -> GuardResult {
    check(
        !s.is_repaying_help_to_buy || s.has_htb_redemption_letter,
        "We are waiting for the Help To Buy Redemption letter from the housing association.",
    )
}

/// Message condition for STATUS-13.
fn awaiting_htb_redemption_letter(s: &Snap, a: &Actor) -> GuardResult {
    check(
        htb_redemption_letter_ready(s, a).is_err(),
        "Not waiting for a redemption letter.",
    )
}

/// Every rule and guard `remortgaging.toml` may name.
pub fn registry() -> Registry<Snap> {
    Registry::new()
        .rule("key_facts", common::key_facts)
        .rule("quote", quote_section)
        .rule("property_details", property_details)
        .rule("owners", owners)
        .rule("transfer_of_equity", transfer_of_equity)
        .rule("property_alterations", property_alterations)
        .rule("financial_details", financial_details)
        .rule("documents", documents)
        .rule("review_and_submit", review_and_submit)
        .rule("application_review_tile", common::application_review_tile)
        .rule("identification_tile", identification_tile)
        .rule("documents_tile", documents_tile)
        .rule("mortgage_report_tile", mortgage_report_tile)
        .rule(
            "completion_statement_tile",
            common::completion_statement_tile,
        )
        .guard(
            "quote_accepted_or_broker_stage",
            common::quote_accepted_or_broker_stage,
        )
        .guard("client_balance_settled", common::client_balance_settled)
        .guard("new_lender_chosen", new_lender_chosen)
        .guard(
            "buy_to_let_documents_uploaded",
            common::buy_to_let_documents_uploaded,
        )
        .guard("is_eligible", common::is_eligible)
        .guard("is_ineligible", common::is_ineligible)
        .guard("may_be_taken_on", common::may_be_taken_on)
        .guard("company_recorded", company_recorded)
        .guard("created_by_broker", common::created_by_broker)
        .guard("created_by_customer", common::created_by_customer)
        .guard("has_lead_customer", common::has_lead_customer)
        .guard("quote_ready", common::quote_ready)
        .guard(
            "invitation_terms_accepted",
            common::invitation_terms_accepted,
        )
        .guard("title_documents_retrieved", title_documents_retrieved)
        .guard(
            "title_register_names_accounted_for",
            title_register_names_accounted_for,
        )
        .guard("all_identities_verified", common::all_identities_verified)
        .guard("all_identities_sent", common::all_identities_sent)
        .guard("firm_acts_on_identity", firm_acts_on_identity)
        .guard(
            "client_care_letter_published",
            common::client_care_letter_published,
        )
        .guard(
            "all_accepted_client_care_letter",
            common::all_accepted_client_care_letter,
        )
        .guard("has_mortgage_offer", has_mortgage_offer)
        .guard("mortgage_report_published", mortgage_report_published)
        .guard("all_accepted_mortgage_report", all_accepted_mortgage_report)
        .guard("htb_redemption_letter_ready", htb_redemption_letter_ready)
        .guard(
            "awaiting_htb_redemption_letter",
            awaiting_htb_redemption_letter,
        )
        .guard(
            "completion_statement_published",
            common::completion_statement_published,
        )
        .guard(
            "all_accepted_completion_statement",
            common::all_accepted_completion_statement,
        )
        .guard("actor_is_broker", common::actor_is_broker)
        .guard("has_completion_date", common::has_completion_date)
        .guard("leasehold", leasehold)
        .guard("transfers_equity", transfers_equity)
}

//! The buying rules and guards named in `buying.toml` (spec §4 "Buying ...").

use threshold_engine::completeness::{PartyKind, all_valid};
use threshold_engine::enquiries::open_count;
use threshold_engine::snapshot::{
    all_accepted, all_uploaded, all_verified, doc_types, quote_is_empty,
};
use threshold_engine::source_of_funds::SourceOfFundsState;
use threshold_engine::types::{
    Jurisdiction, NO_LENDER, PropertyUsage, SourceOfFundsType as Source, Tenure,
};
use threshold_engine::{Actor, BuyingSnapshot as Snap, BuyingStatus, Registry, SectionState};

use crate::common::{self, GuardResult, buy_to_let_uploaded, check, quote_ok, state};

fn has_source(s: &Snap, wanted: &[Source]) -> bool {
    s.source_of_funds
        .iter()
        .any(|f| wanted.contains(&f.source_type))
}

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

/// BUY-APP-17: at least one group, and every document of every group uploaded.
fn documents_complete(s: &Snap) -> bool {
    let groups = s.required_documents.groups();
    groups.iter().any(|g| !g.is_empty()) && groups.iter().all(|g| all_uploaded(g))
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

// ---- sections ----

fn quote_section(s: &Snap, _: &Actor) -> SectionState {
    if quote_is_empty(s.quote.as_ref()) {
        SectionState::Hidden
    } else {
        state(false, common::quote_accepted(s))
    }
}

fn property(s: &Snap, _: &Actor) -> SectionState {
    state(!property_unlocked(s), s.property.is_some())
}

fn buyer_details(s: &Snap, _: &Actor) -> SectionState {
    state(!buyers_unlocked(s), buyers_complete(s))
}

fn purchase_and_financing(s: &Snap, _: &Actor) -> SectionState {
    state(!pf_unlocked(s), purchase_and_financing_complete(s))
}

fn stamp_duty_land_tax(s: &Snap, _: &Actor) -> SectionState {
    state(!sdlt_unlocked(s), sdlt_complete(s))
}

fn loans(s: &Snap, _: &Actor) -> SectionState {
    state(!loans_unlocked(s), loans_complete(s))
}

fn documents(s: &Snap, _: &Actor) -> SectionState {
    state(!documents_unlocked(s), documents_complete(s))
}

/// BUY-APP-18: every prior section done and the buy-to-let documents uploaded.
fn review_and_submit(s: &Snap, _: &Actor) -> SectionState {
    let open = documents_unlocked(s)
        && loans_complete(s)
        && documents_complete(s)
        && (s.property_usage != Some(PropertyUsage::BuyToLet) || buy_to_let_uploaded(s));
    state(!open, false)
}

// ---- tiles ----

fn client_care_letter(s: &Snap) -> Option<i64> {
    s.documents
        .published(doc_types::CLIENT_CARE_LETTER)
        .map(|d| d.document_id)
}

/// BUY-POST-05..08.
fn client_care_letter_tile(s: &Snap, _: &Actor) -> SectionState {
    let locked =
        s.status == BuyingStatus::PrepareClientCareLetter || client_care_letter(s).is_none();
    state(
        locked,
        all_accepted(&s.buyers, &s.documents, doc_types::CLIENT_CARE_LETTER),
    )
}

/// BUY-POST-10/11.
fn deposit_tile(s: &Snap, _: &Actor) -> SectionState {
    let accepted_by_one =
        client_care_letter(s).is_some_and(|id| s.buyers.iter().any(|b| b.has_accepted(id)));
    state(!accepted_by_one, s.deposit.paid_at.is_some())
}

/// BUY-POST-13/15: a letter exists and the deposit is paid.
fn after_deposit_locked(s: &Snap) -> bool {
    client_care_letter(s).is_none() || s.deposit.paid_at.is_none()
}

fn identification_tile(s: &Snap, _: &Actor) -> SectionState {
    common::identification_state(after_deposit_locked(s), &s.buyers)
}

/// BUY-POST-16: as many summaries as documents, not none, and both lists cover the three
/// searches every purchase needs.
fn searches_complete(s: &Snap) -> bool {
    let (docs, sums) = (&s.searches.documents, &s.searches.summaries);
    let covers = |list: &[threshold_engine::snapshot::UploadedDocument]| {
        doc_types::SEARCHES
            .iter()
            .all(|t| list.iter().any(|d| d.document_type == *t))
    };
    !docs.is_empty() && docs.len() == sums.len() && covers(docs) && covers(sums)
}

fn searches_tile(s: &Snap, _: &Actor) -> SectionState {
    state(after_deposit_locked(s), searches_complete(s))
}

/// BUY-POST-17: complete from the report-on-title stages onward; open while the pack is being
/// awaited or reviewed; locked before that and on a cancelled case.
fn contract_pack_tile(s: &Snap, _: &Actor) -> SectionState {
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

fn documents_tile(s: &Snap, _: &Actor) -> SectionState {
    state(false, documents_complete(s))
}

// ---- guards ----

/// A purchase's parties are its buyers (the remortgage's guard says owners).
fn all_identities_verified(s: &Snap, _: &Actor) -> GuardResult {
    check(
        all_verified(&s.buyers),
        "Every buyer's identity must be verified first.",
    )
}

fn lender_chosen(s: &Snap, _: &Actor) -> GuardResult {
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
fn sdlt_return_due(s: &Snap, _: &Actor) -> GuardResult {
    check(
        land_tax_return_due_in(s, Jurisdiction::England),
        "No SDLT return is due for this purchase.",
    )
}

/// An LTT return is due to the Welsh Revenue Authority (a notifiable purchase in Wales).
fn ltt_return_due(s: &Snap, _: &Actor) -> GuardResult {
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
fn exchange_deposit_in_client_account(s: &Snap, _: &Actor) -> GuardResult {
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
fn buying_with_mortgage(s: &Snap, _: &Actor) -> GuardResult {
    check(
        has_source(s, &[Source::Mortgage]),
        "This purchase has no mortgage.",
    )
}

/// The buyers have a gift among their sources of funds: each donor is identified and signs a
/// declaration.
fn buying_with_gift(s: &Snap, _: &Actor) -> GuardResult {
    check(
        has_source(s, &[Source::Gifts]),
        "This purchase has no gifted deposit.",
    )
}

/// Every source of funds accepted in the firm's review (issue 33): the source-of-funds task
/// waits for it.
fn sources_of_funds_accepted(s: &Snap, _: &Actor) -> GuardResult {
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
fn leasehold(s: &Snap, _: &Actor) -> GuardResult {
    check(is_leasehold(s), "This purchase is not of a leasehold.")
}

/// A leasehold bought with a mortgage: the landlord is told of the lender's charge too.
fn leasehold_with_mortgage(s: &Snap, a: &Actor) -> GuardResult {
    leasehold(s, a).and_then(|()| buying_with_mortgage(s, a))
}

fn documents_uploaded(s: &Snap, _: &Actor) -> GuardResult {
    check(
        documents_complete(s),
        "Upload every required document before submitting.",
    )
}

fn deposit_paid(s: &Snap, _: &Actor) -> GuardResult {
    check(
        s.deposit.paid_at.is_some(),
        "The initial payment has not been received yet.",
    )
}

fn contract_pack_received(s: &Snap, _: &Actor) -> GuardResult {
    check(
        s.documents.has_uploaded(doc_types::TA6),
        "Upload the seller's property information form (TA6) from the contract pack first.",
    )
}

fn searches_returned(s: &Snap, _: &Actor) -> GuardResult {
    check(
        searches_complete(s),
        "The local authority, drainage and water, and environmental searches and their summaries are not all in yet.",
    )
}

fn enquiries_answered(s: &Snap, _: &Actor) -> GuardResult {
    match open_count(&s.enquiries) {
        0 => Ok(()),
        1 => Err("One enquiry is still open: record the seller's solicitor's reply first.".into()),
        n => Err(format!(
            "{n} enquiries are still open: record the seller's solicitor's replies first."
        )),
    }
}

fn report_on_title_published(s: &Snap, _: &Actor) -> GuardResult {
    check(
        s.documents.published(doc_types::REPORT_ON_TITLE).is_some(),
        "Issue the report on title first: choose 'Issue to customers' on its draft.",
    )
}

fn all_accepted_report_on_title(s: &Snap, _: &Actor) -> GuardResult {
    check(
        all_accepted(&s.buyers, &s.documents, doc_types::REPORT_ON_TITLE),
        "Every buyer must accept the report on title first.",
    )
}

/// Every rule and guard `buying.toml` may name.
pub fn registry() -> Registry<Snap> {
    Registry::new()
        .rule("key_facts", common::key_facts)
        .rule("quote", quote_section)
        .rule("property", property)
        .rule("buyer_details", buyer_details)
        .rule("purchase_and_financing", purchase_and_financing)
        .rule("stamp_duty_land_tax", stamp_duty_land_tax)
        .rule("loans", loans)
        .rule("documents", documents)
        .rule("review_and_submit", review_and_submit)
        .rule("application_review_tile", common::application_review_tile)
        .rule("client_care_letter_tile", client_care_letter_tile)
        .rule("documents_tile", documents_tile)
        .rule("deposit_tile", deposit_tile)
        .rule("identification_tile", identification_tile)
        .rule("searches_tile", searches_tile)
        .rule("contract_pack_tile", contract_pack_tile)
        .rule(
            "completion_statement_tile",
            common::completion_statement_tile,
        )
        .guard(
            "quote_accepted_or_broker_stage",
            common::quote_accepted_or_broker_stage,
        )
        .guard("client_balance_settled", common::client_balance_settled)
        .guard(
            "exchange_deposit_in_client_account",
            exchange_deposit_in_client_account,
        )
        .guard("lender_chosen", lender_chosen)
        .guard("documents_uploaded", documents_uploaded)
        .guard(
            "buy_to_let_documents_uploaded",
            common::buy_to_let_documents_uploaded,
        )
        .guard("is_eligible", common::is_eligible)
        .guard("is_ineligible", common::is_ineligible)
        .guard("may_be_taken_on", common::may_be_taken_on)
        .guard("created_by_broker", common::created_by_broker)
        .guard("created_by_customer", common::created_by_customer)
        .guard("has_lead_customer", common::has_lead_customer)
        .guard("quote_ready", common::quote_ready)
        .guard(
            "invitation_terms_accepted",
            common::invitation_terms_accepted,
        )
        .guard(
            "client_care_letter_published",
            common::client_care_letter_published,
        )
        .guard(
            "all_accepted_client_care_letter",
            common::all_accepted_client_care_letter,
        )
        .guard("deposit_paid", deposit_paid)
        .guard("all_identities_verified", all_identities_verified)
        .guard("all_identities_sent", common::all_identities_sent)
        .guard("contract_pack_received", contract_pack_received)
        .guard("searches_returned", searches_returned)
        .guard("enquiries_answered", enquiries_answered)
        .guard("report_on_title_published", report_on_title_published)
        .guard("all_accepted_report_on_title", all_accepted_report_on_title)
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
        .guard("sdlt_return_due", sdlt_return_due)
        .guard("ltt_return_due", ltt_return_due)
        .guard("buying_with_mortgage", buying_with_mortgage)
        .guard("buying_with_gift", buying_with_gift)
        .guard("sources_of_funds_accepted", sources_of_funds_accepted)
        .guard("leasehold", leasehold)
        .guard("leasehold_with_mortgage", leasehold_with_mortgage)
}

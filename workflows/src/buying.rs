//! The buying rules and guards named in `buying.toml` (spec §4 "Buying ...").
//!
//! The application's sections (`sections`), the tiles after submission (`tiles`) and the guards
//! (`guards`); here, what more than one of them reads, and the registry.

mod guards;
mod sections;
mod tiles;

use threshold_engine::snapshot::{all_uploaded, doc_types};
use threshold_engine::types::SourceOfFundsType as Source;
use threshold_engine::{BuyingSnapshot as Snap, Registry};

use crate::common;
use guards::{
    all_accepted_report_on_title, all_identities_verified, buying_with_gift, buying_with_mortgage,
    contract_pack_received, deposit_paid, documents_uploaded, enquiries_answered,
    exchange_deposit_in_client_account, leasehold, leasehold_with_mortgage, lender_chosen,
    ltt_return_due, report_on_title_published, sdlt_return_due, searches_returned,
    sources_of_funds_accepted,
};
use sections::{
    buyer_details, documents, loans, property, purchase_and_financing, quote_section,
    review_and_submit, stamp_duty_land_tax,
};
use tiles::{
    client_care_letter_tile, contract_pack_tile, deposit_tile, documents_tile, identification_tile,
    searches_tile,
};

fn has_source(s: &Snap, wanted: &[Source]) -> bool {
    s.source_of_funds
        .iter()
        .any(|f| wanted.contains(&f.source_type))
}

/// BUY-APP-17: at least one group, and every document of every group uploaded.
fn documents_complete(s: &Snap) -> bool {
    let groups = s.required_documents.groups();
    groups.iter().any(|g| !g.is_empty()) && groups.iter().all(|g| all_uploaded(g))
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

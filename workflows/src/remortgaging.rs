//! The remortgaging rules and guards named in `remortgaging.toml` (spec §4 "Remortgaging ...").
//!
//! The application's sections (`sections`), the tiles after submission (`tiles`) and the guards
//! (`guards`); here, what more than one of them reads, and the registry.

mod guards;
mod sections;
mod tiles;

use threshold_engine::snapshot::{all_uploaded, doc_types};
use threshold_engine::types::RemortgagingReason;
use threshold_engine::{Registry, RemortgagingSnapshot as Snap};

use crate::common::{self, buy_to_let_uploaded};
use guards::{
    all_accepted_mortgage_report, awaiting_htb_redemption_letter, company_recorded,
    firm_acts_on_identity, has_mortgage_offer, htb_redemption_letter_ready, leasehold,
    mortgage_report_published, new_lender_chosen, title_documents_retrieved,
    title_register_names_accounted_for, transfers_equity,
};
use sections::{
    documents, financial_details, owners, property_alterations, property_details, quote_section,
    review_and_submit, transfer_of_equity,
};
use tiles::{documents_tile, identification_tile, mortgage_report_tile};

fn transfer_of_equity_applies(s: &Snap) -> bool {
    s.remortgaging_reason == Some(RemortgagingReason::RemortgageTransferOfEquity)
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

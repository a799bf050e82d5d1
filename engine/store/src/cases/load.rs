//! Loading a case with everything the engine's snapshot and the expanded record need.
//!
//! The rows it reads (`case_row`, `rows`), the two statements that read them (`query`,
//! `details`), and the engine's snapshot built from them (`snapshot`).

mod case_row;
mod details;
mod query;
mod rows;
mod snapshot;

use std::collections::HashMap;

use threshold_engine::company::Company;
use threshold_engine::enquiries::Enquiry;
use threshold_engine::tasks::TaskDone;
use threshold_engine::title_register::TitleRegisterName;
use threshold_engine::types::TransferReason;

use super::Relationship;
use crate::UserId;

pub(crate) use case_row::case_columns;
pub use case_row::{CaseRow, PropertyRow};
use rows::{AcceptanceRow, RequiredRow, SearchRow};
pub use rows::{
    AdminRow, AlterationRow, DocumentRow, GeneratedDocumentRow, GroundRentRow, IsaRow,
    LegalNameRow, LoanRow, PartyRow, QuoteRow, SourceOfFundsRow,
};

/// A case with everything the expanded record and the engine need.
#[derive(Clone, Debug)]
pub struct LoadedCase {
    pub row: CaseRow,
    pub parties: Vec<PartyRow>,
    pub legal_names: HashMap<UserId, Vec<LegalNameRow>>,
    pub admins: Vec<AdminRow>,
    pub quote: Option<QuoteRow>,
    pub alterations: Vec<AlterationRow>,
    pub loans: Vec<LoanRow>,
    /// A leasehold remortgage's ground rent, once given.
    pub ground_rent: Option<GroundRentRow>,
    pub isas: Vec<IsaRow>,
    pub donors: Vec<i64>,
    pub sources_of_funds: Vec<SourceOfFundsRow>,
    /// A remortgage's transfer of equity, once begun: its reason when given.
    pub transfer_of_equity: Option<Option<TransferReason>>,
    pub documents: Vec<DocumentRow>,
    pub generated_documents: Vec<GeneratedDocumentRow>,
    required: Vec<RequiredRow>,
    acceptances: Vec<AcceptanceRow>,
    searches: Vec<SearchRow>,
    /// The legal file's tasks recorded done.
    tasks_done: Vec<TaskDone>,
    /// A purchase's enquiries with the seller's solicitor, oldest first.
    pub enquiries: Vec<Enquiry>,
    /// A remortgage's names on the title register, in the order recorded.
    pub title_register_names: Vec<TitleRegisterName>,
    /// A company case's company, once recorded.
    pub company: Option<Company>,
    /// Money held for the clients in the client ledger (received, the up-front payment
    /// included, less paid out), in pence.
    pub client_balance: i64,
    /// How the asking user relates to this case.
    pub relationship: Relationship,
}

/// Parses a stored enum name (its `FromStr`: strum's name, which each enum's test checks is
/// the one the API sends).
pub fn parse_enum<T: std::str::FromStr>(value: Option<&str>) -> Option<T> {
    value.and_then(|v| v.parse().ok())
}

impl LoadedCase {
    /// A list item as a case with only what the list loads (no documents, loans, …): enough
    /// for the status chip, message and cancel rule, which read status, dates and flags.
    pub fn from_list_item(
        item: &super::CaseListItem,
        legal_names: &HashMap<UserId, Vec<LegalNameRow>>,
        relationship: Relationship,
    ) -> Self {
        LoadedCase {
            row: item.row.clone(),
            parties: item.parties.clone(),
            legal_names: item
                .parties
                .iter()
                .filter_map(|p| legal_names.get(&p.user_id).map(|n| (p.user_id, n.clone())))
                .collect(),
            admins: item.admins.clone(),
            quote: None,
            alterations: vec![],
            loans: vec![],
            ground_rent: None,
            isas: vec![],
            donors: vec![],
            sources_of_funds: vec![],
            transfer_of_equity: None,
            documents: vec![],
            generated_documents: vec![],
            required: vec![],
            acceptances: vec![],
            searches: vec![],
            tasks_done: vec![],
            enquiries: vec![],
            title_register_names: vec![],
            company: None,
            client_balance: 0,
            relationship,
        }
    }

    /// Whether a source of funds of this kind (a SourceOfFundsType name) is listed.
    pub fn has_source_of_funds(&self, source_type: &str) -> bool {
        self.sources_of_funds
            .iter()
            .any(|f| f.source_type == source_type)
    }

    pub fn applicants(&self) -> impl Iterator<Item = &PartyRow> {
        self.parties.iter().filter(|p| p.party_type == "APPLICANT")
    }

    /// The document type of one of the case's required-document slots (None: not this case's).
    pub fn required_slot_type(&self, slot_id: i64) -> Option<&str> {
        self.required
            .iter()
            .find(|r| r.id == slot_id)
            .map(|r| r.document_type.as_str())
    }
}

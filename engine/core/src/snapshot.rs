//! Case snapshots: the plain data the store fills so the engine can answer questions about a case.
//!
//! The shapes mirror the spec's expanded records (spec §3); only what a rule reads is here.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use crate::enquiries::Enquiry;
use crate::source_of_funds::{SourceOfFundsDetails, SourceOfFundsReview};
use crate::tasks::TaskDone;

use crate::types::{
    BuyingStatus, IneligibilityReason, Jurisdiction, PropertyUsage, RemortgagingReason,
    RemortgagingStatus, SourceOfFundsType, Tenure, WorkflowStatus,
};

/// Document types the rules look for by name (spec §3 "Document types", ENUM-26).
pub mod doc_types {
    pub const MORTGAGE_REPORT: &str = "MORTGAGE_REPORT";
    pub const MORTGAGE_OFFER: &str = "MORTGAGE_OFFER";
    pub const COMPLETION_STATEMENT: &str = "COMPLETION_STATEMENT";
    pub const CLIENT_CARE_LETTER: &str = "CLIENT_CARE_LETTER";
    pub const REPORT_ON_TITLE: &str = "REPORT_ON_TITLE";
    pub const BANK_STATEMENT: &str = "BANK_STATEMENT";
    pub const HELP_TO_BUY_REDEMPTION_LETTER: &str = "HELP_TO_BUY_REDEMPTION_LETTER";
    pub const LOCAL_AUTHORITY_SEARCH: &str = "LOCAL_AUTHORITY_SEARCH";
    pub const DRAINAGE_AND_WATER_SEARCH: &str = "DRAINAGE_AND_WATER_SEARCH";
    pub const ENVIRONMENTAL_SEARCH: &str = "ENVIRONMENTAL_SEARCH";
    /// The three searches every purchase needs.
    pub const SEARCHES: [&str; 3] = [
        LOCAL_AUTHORITY_SEARCH,
        DRAINAGE_AND_WATER_SEARCH,
        ENVIRONMENTAL_SEARCH,
    ];
    pub const TA6: &str = "TA6";
    /// A photo of the person's passport or driving licence, and a selfie: their identity
    /// evidence, seen only by them and the firm's staff.
    pub const PHOTO_ID: &str = "PHOTO_ID";
    pub const SELFIE: &str = "SELFIE";
    pub const IDENTITY: [&str; 2] = [PHOTO_ID, SELFIE];
}

/// A legal name; the current one has no `until` date (ENT-02, ENT-03).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct LegalName {
    pub first_name: Option<String>,
    pub middle_names: Option<String>,
    pub surname: Option<String>,
    pub until: Option<NaiveDate>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Address {
    pub line1: Option<String>,
    pub line2: Option<String>,
    pub town: Option<String>,
    pub postcode: Option<String>,
}

/// The person behind an owner or buyer (ENT-11).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PartyUser {
    pub id: Option<i64>,
    pub preferred_name: Option<String>,
    pub legal_names: Vec<LegalName>,
    pub email: Option<String>,
    pub phone_number: Option<String>,
    pub date_of_birth: Option<NaiveDate>,
    pub address: Option<Address>,
    pub occupation: Option<String>,
    pub national_insurance_number: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DocumentAcceptance {
    pub document_id: i64,
    pub accepted_at: DateTime<Utc>,
}

/// An owner (remortgaging) or buyer (buying) with the user fields the rules check (ENT-11).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Party {
    pub user: PartyUser,
    /// Another party's personal data withheld from the viewer; counts as valid (VAL-11).
    pub redacted: bool,
    pub is_uk_resident: Option<bool>,
    pub identity_submitted_at: Option<DateTime<Utc>>,
    pub identity_verified_at: Option<DateTime<Utc>>,
    pub document_acceptances: Vec<DocumentAcceptance>,
}

impl Party {
    /// This party has accepted the given document.
    pub fn has_accepted(&self, document_id: i64) -> bool {
        self.document_acceptances
            .iter()
            .any(|a| a.document_id == document_id)
    }
}

/// One line of a quote's cost breakdown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CostLine {
    pub label: String,
    pub amount: i64,
}

/// One section of a quote's cost breakdown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CostSection {
    pub section_title: String,
    pub costs: Vec<CostLine>,
}

/// The case's latest quote as far as the rules care (spec §3 "Quote").
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct QuoteSnapshot {
    pub accepted_at: Option<DateTime<Utc>>,
    pub cost_breakdown: Vec<CostSection>,
    pub total_amount: i64,
}

impl QuoteSnapshot {
    /// "the quote is empty (no cost lines and zero total)" (REM-APP-09).
    pub fn is_empty(&self) -> bool {
        self.total_amount == 0 && self.cost_breakdown.iter().all(|s| s.costs.is_empty())
    }
}

/// A missing quote is treated as an empty one.
pub fn quote_is_empty(quote: Option<&QuoteSnapshot>) -> bool {
    quote.is_none_or(QuoteSnapshot::is_empty)
}

/// A required document slot; `document_id` is set once uploaded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RequiredDocument {
    /// The slot's id (an upload names it to fill it).
    pub id: i64,
    pub document_type: String,
    pub document_id: Option<i64>,
}

impl RequiredDocument {
    pub fn is_uploaded(&self) -> bool {
        self.document_id.is_some()
    }
}

/// All slots uploaded (true for an empty list).
pub fn all_uploaded(docs: &[RequiredDocument]) -> bool {
    docs.iter().all(RequiredDocument::is_uploaded)
}

/// The documents one alteration needs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AlterationDocuments {
    pub alteration_id: i64,
    pub required_documents: Vec<RequiredDocument>,
}

/// One slot a case's required documents should have, as the workflow's rules decide it from
/// the case (`threshold_workflows::required_documents`); the store keeps the rows in line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequiredSlot {
    /// documents, buyToLetDocuments, alterationDocuments, …
    pub group: &'static str,
    /// The alteration the slot is for ([`NEW_ROW_ID`]: the one being added by this write).
    pub alteration_id: Option<i64>,
    pub document_type: &'static str,
}

/// The id a row has in a snapshot before it is saved (an alteration being added): the store
/// puts the id it gets in its place.
pub const NEW_ROW_ID: i64 = 0;

/// Remortgaging `requiredDocuments` (ENT-09).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RemortgagingRequiredDocuments {
    pub documents: Vec<RequiredDocument>,
    pub alteration_documents: Vec<AlterationDocuments>,
    pub buy_to_let_documents: Vec<RequiredDocument>,
}

/// Buying `requiredDocuments` (ENT-10).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BuyingRequiredDocuments {
    pub documents: Vec<RequiredDocument>,
    pub source_of_funds_documents: Vec<RequiredDocument>,
    pub isa_documents: Vec<RequiredDocument>,
    pub buy_to_let_documents: Vec<RequiredDocument>,
    pub statements: Vec<RequiredDocument>,
}

impl BuyingRequiredDocuments {
    /// The five groups, in the spec's order.
    pub fn groups(&self) -> [&[RequiredDocument]; 5] {
        [
            &self.documents,
            &self.source_of_funds_documents,
            &self.isa_documents,
            &self.buy_to_let_documents,
            &self.statements,
        ]
    }
}

/// A document the firm generated (report, letter, statement); only non-drafts are offered for
/// acceptance (DOCS-09).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct GeneratedDocument {
    pub document_id: i64,
    pub document_type: String,
    pub is_draft: bool,
}

/// An uploaded document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct UploadedDocument {
    pub document_id: i64,
    pub document_type: String,
}

/// A case's `documents` record (ENT-09).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CaseDocuments {
    pub documents: Vec<UploadedDocument>,
    pub generated_documents: Vec<GeneratedDocument>,
}

impl CaseDocuments {
    /// The latest non-draft generated document of this type.
    pub fn published(&self, document_type: &str) -> Option<&GeneratedDocument> {
        self.generated_documents
            .iter()
            .rev()
            .find(|d| !d.is_draft && d.document_type == document_type)
    }

    /// An uploaded document of this type exists.
    pub fn has_uploaded(&self, document_type: &str) -> bool {
        self.documents
            .iter()
            .any(|d| d.document_type == document_type)
    }
}

/// Every party has accepted the latest non-draft document of this type (false when there is
/// none, or no parties).
pub fn all_accepted(parties: &[Party], docs: &CaseDocuments, document_type: &str) -> bool {
    match docs.published(document_type) {
        Some(doc) => !parties.is_empty() && parties.iter().all(|p| p.has_accepted(doc.document_id)),
        None => false,
    }
}

/// Every party is identity-verified (false with no parties).
pub fn all_verified(parties: &[Party]) -> bool {
    !parties.is_empty() && parties.iter().all(|p| p.identity_verified_at.is_some())
}

/// Remortgaging `property` (ENT-09); `land_ownership` is the ownership type.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RemortgagingProperty {
    pub land_ownership: Option<String>,
    #[serde(rename = "type")]
    pub property_type: Option<String>,
    pub tenure: Option<Tenure>,
    pub jurisdiction: Option<Jurisdiction>,
    pub value: Option<i64>,
}

/// Transfer of equity data; its presence completes the section (REM-APP-22).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TransferOfEquity {
    pub reason: Option<crate::types::TransferReason>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Alteration {
    pub id: i64,
    pub alteration_type: crate::types::AlterationType,
    pub completed_on: Option<NaiveDate>,
    /// Who holds the alteration's documents; the owner's are required documents.
    pub documents_held_by: Option<crate::types::DocumentsHeldBy>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Loan {
    pub id: i64,
    pub charge_type: crate::types::ChargeType,
}

/// A remortgaging case as the engine sees it (spec §3 "Remortgaging case (expanded)" plus the
/// list record's completion and Help to Buy fields).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RemortgagingSnapshot {
    pub id: i64,
    pub status: RemortgagingStatus,
    pub has_alterations: Option<bool>,
    pub has_loans: Option<bool>,
    pub has_adult_occupants: Option<bool>,
    pub property_usage: Option<PropertyUsage>,
    pub is_company_case: bool,
    pub remortgaging_reason: Option<RemortgagingReason>,
    pub new_lender: Option<String>,
    pub alterations: Vec<Alteration>,
    pub loans: Vec<Loan>,
    pub property: Option<RemortgagingProperty>,
    pub property_owners: Vec<Party>,
    pub required_documents: RemortgagingRequiredDocuments,
    pub quote: Option<QuoteSnapshot>,
    pub transfer_of_equity: Option<TransferOfEquity>,
    pub documents: CaseDocuments,
    pub completion_date: Option<NaiveDate>,
    pub is_repaying_help_to_buy: bool,
    pub has_htb_redemption_letter: bool,
    pub has_mortgage_offer: bool,
    /// The case was created by a broker (it starts in the broker statuses).
    pub created_by_broker: bool,
    /// The invitation came from a lender broker: the customer accepts an invite, not a quote.
    pub invited_by_lender: bool,
    /// HM Land Registry title documents have been retrieved.
    pub title_documents_retrieved: bool,
    /// Money held for the clients in the client ledger, in pence (received less paid out; the
    /// up-front payment counts as received). Completion needs it to be zero.
    #[serde(default)]
    pub client_balance: i64,
    /// The legal file's tasks recorded done (issue 29).
    #[serde(default)]
    pub tasks_done: Vec<TaskDone>,
    /// Set by the eligibility check; Some makes the case ineligible.
    pub ineligibility_reason: Option<IneligibilityReason>,
    /// The registered proprietors the firm read off the official copies (issue 33).
    #[serde(default)]
    pub title_register_names: Vec<crate::title_register::TitleRegisterName>,
    /// A company case's company, once recorded (issue 33).
    #[serde(default)]
    pub company: Option<crate::company::Company>,
    /// The status is a broker stage (`broker_stage` in the workflow file). Filled in by the
    /// engine from the definition before any rule runs: rules read it, nobody sets it by hand.
    #[serde(skip)]
    pub broker_stage: bool,
}

impl RemortgagingSnapshot {
    /// A fresh broker-created case with nothing filled in; tests and the store start from here.
    pub fn new(id: i64, status: RemortgagingStatus) -> Self {
        Self {
            id,
            status,
            has_alterations: None,
            has_loans: None,
            has_adult_occupants: None,
            property_usage: None,
            is_company_case: false,
            remortgaging_reason: None,
            new_lender: None,
            alterations: vec![],
            loans: vec![],
            property: None,
            property_owners: vec![],
            required_documents: RemortgagingRequiredDocuments::default(),
            quote: None,
            transfer_of_equity: None,
            documents: CaseDocuments::default(),
            completion_date: None,
            is_repaying_help_to_buy: false,
            has_htb_redemption_letter: false,
            has_mortgage_offer: false,
            created_by_broker: true,
            invited_by_lender: false,
            title_documents_retrieved: false,
            ineligibility_reason: None,
            client_balance: 0,
            tasks_done: vec![],
            title_register_names: vec![],
            company: None,
            broker_stage: false,
        }
    }
}

/// A buying property.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BuyingProperty {
    pub address_line1: Option<String>,
    pub postcode: Option<String>,
    pub tenure: Option<Tenure>,
    pub jurisdiction: Option<Jurisdiction>,
    pub price: Option<i64>,
    pub is_new_build: Option<bool>,
    pub is_shared_ownership: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SourceOfFunds {
    /// The stored row's id ([`NEW_ROW_ID`] while it is being added).
    pub id: i64,
    pub source_type: SourceOfFundsType,
    /// How the buyers say the money was built up (the `SOF` feature's questions).
    #[serde(default)]
    pub details: Option<SourceOfFundsDetails>,
    /// The firm's latest anti-money-laundering review of it.
    #[serde(default)]
    pub review: Option<SourceOfFundsReview>,
}

impl SourceOfFunds {
    /// A source as declared, before anyone has said more about it.
    pub fn declared(id: i64, source_type: SourceOfFundsType) -> Self {
        Self {
            id,
            source_type,
            details: None,
            review: None,
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Donor {
    pub id: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Isa {
    pub id: i64,
    /// LIFETIME_ISA or HELP_TO_BUY_ISA.
    pub isa_type: Option<SourceOfFundsType>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Deposit {
    pub paid_at: Option<DateTime<Utc>>,
}

/// Search results: the documents and the summaries written from them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Searches {
    pub documents: Vec<UploadedDocument>,
    pub summaries: Vec<UploadedDocument>,
}

/// A buying case as the engine sees it (spec §3 "Buying case (expanded)").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BuyingSnapshot {
    pub id: i64,
    pub status: BuyingStatus,
    pub property_usage: Option<PropertyUsage>,
    pub lender: Option<String>,
    pub has_loans: Option<bool>,
    pub deposit_amount: Option<i64>,
    pub results_in_multiple_properties: Option<bool>,
    pub is_replacing_main_residence: Option<bool>,
    pub property: Option<BuyingProperty>,
    pub buyers: Vec<Party>,
    pub source_of_funds: Vec<SourceOfFunds>,
    pub donors: Vec<Donor>,
    pub isas: Vec<Isa>,
    pub loans: Vec<Loan>,
    pub quote: Option<QuoteSnapshot>,
    pub required_documents: BuyingRequiredDocuments,
    pub deposit: Deposit,
    pub searches: Searches,
    pub documents: CaseDocuments,
    pub completion_date: Option<NaiveDate>,
    pub created_by_broker: bool,
    pub invited_by_lender: bool,
    pub ineligibility_reason: Option<IneligibilityReason>,
    /// As [`RemortgagingSnapshot::client_balance`].
    #[serde(default)]
    pub client_balance: i64,
    /// As [`RemortgagingSnapshot::tasks_done`].
    #[serde(default)]
    pub tasks_done: Vec<TaskDone>,
    /// The enquiries raised with the seller's solicitor, oldest first.
    #[serde(default)]
    pub enquiries: Vec<Enquiry>,
    /// As [`RemortgagingSnapshot::broker_stage`].
    #[serde(skip)]
    pub broker_stage: bool,
}

impl BuyingSnapshot {
    /// A fresh broker-created case with nothing filled in.
    pub fn new(id: i64, status: BuyingStatus) -> Self {
        Self {
            id,
            status,
            property_usage: None,
            lender: None,
            has_loans: None,
            deposit_amount: None,
            results_in_multiple_properties: None,
            is_replacing_main_residence: None,
            property: None,
            buyers: vec![],
            source_of_funds: vec![],
            donors: vec![],
            isas: vec![],
            loans: vec![],
            quote: None,
            required_documents: BuyingRequiredDocuments::default(),
            deposit: Deposit::default(),
            searches: Searches::default(),
            documents: CaseDocuments::default(),
            completion_date: None,
            created_by_broker: true,
            invited_by_lender: false,
            ineligibility_reason: None,
            client_balance: 0,
            tasks_done: vec![],
            enquiries: vec![],
            broker_stage: false,
        }
    }
}

/// What the generic engine needs from any snapshot.
pub trait CaseSnapshot: Clone {
    type Status: WorkflowStatus;
    fn status(&self) -> Self::Status;
    fn set_status(&mut self, status: Self::Status);
    fn completion_date(&self) -> Option<NaiveDate>;
    fn quote(&self) -> Option<&QuoteSnapshot>;
    fn broker_stage(&self) -> bool;
    fn set_broker_stage(&mut self, broker_stage: bool);
    fn set_ineligibility_reason(&mut self, reason: Option<IneligibilityReason>);
    fn documents(&self) -> &CaseDocuments;
    /// The legal file's tasks recorded done.
    fn tasks_done(&self) -> &[TaskDone];
}

impl CaseSnapshot for RemortgagingSnapshot {
    fn documents(&self) -> &CaseDocuments {
        &self.documents
    }
    fn tasks_done(&self) -> &[TaskDone] {
        &self.tasks_done
    }
    type Status = RemortgagingStatus;
    fn status(&self) -> RemortgagingStatus {
        self.status
    }
    fn set_status(&mut self, status: RemortgagingStatus) {
        self.status = status;
    }
    fn broker_stage(&self) -> bool {
        self.broker_stage
    }
    fn set_broker_stage(&mut self, broker_stage: bool) {
        self.broker_stage = broker_stage;
    }
    fn set_ineligibility_reason(&mut self, reason: Option<IneligibilityReason>) {
        self.ineligibility_reason = reason;
    }
    fn completion_date(&self) -> Option<NaiveDate> {
        self.completion_date
    }
    fn quote(&self) -> Option<&QuoteSnapshot> {
        self.quote.as_ref()
    }
}

impl CaseSnapshot for BuyingSnapshot {
    fn documents(&self) -> &CaseDocuments {
        &self.documents
    }
    fn tasks_done(&self) -> &[TaskDone] {
        &self.tasks_done
    }
    type Status = BuyingStatus;
    fn status(&self) -> BuyingStatus {
        self.status
    }
    fn set_status(&mut self, status: BuyingStatus) {
        self.status = status;
    }
    fn broker_stage(&self) -> bool {
        self.broker_stage
    }
    fn set_broker_stage(&mut self, broker_stage: bool) {
        self.broker_stage = broker_stage;
    }
    fn set_ineligibility_reason(&mut self, reason: Option<IneligibilityReason>) {
        self.ineligibility_reason = reason;
    }
    fn completion_date(&self) -> Option<NaiveDate> {
        self.completion_date
    }
    fn quote(&self) -> Option<&QuoteSnapshot> {
        self.quote.as_ref()
    }
}

/// A case of either type: what the service and the API hold so that they dispatch on the case
/// type once (in `Workflows`), not per handler.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnySnapshot {
    Remortgaging(RemortgagingSnapshot),
    Buying(BuyingSnapshot),
}

impl AnySnapshot {
    pub fn case_type(&self) -> crate::types::CaseType {
        match self {
            Self::Remortgaging(_) => crate::types::CaseType::Remortgaging,
            Self::Buying(_) => crate::types::CaseType::Buying,
        }
    }

    pub fn status(&self) -> crate::types::CaseStatus {
        match self {
            Self::Remortgaging(s) => s.status.into(),
            Self::Buying(s) => s.status.into(),
        }
    }

    pub fn set_ineligibility_reason(&mut self, reason: Option<IneligibilityReason>) {
        match self {
            Self::Remortgaging(s) => s.set_ineligibility_reason(reason),
            Self::Buying(s) => s.set_ineligibility_reason(reason),
        }
    }

    /// The owners or buyers, in the case's order (the lead first).
    pub fn parties_mut(&mut self) -> &mut Vec<Party> {
        match self {
            Self::Remortgaging(s) => &mut s.property_owners,
            Self::Buying(s) => &mut s.buyers,
        }
    }

    pub fn documents(&self) -> &CaseDocuments {
        match self {
            Self::Remortgaging(s) => &s.documents,
            Self::Buying(s) => &s.documents,
        }
    }

    pub fn tasks_done(&self) -> &[TaskDone] {
        match self {
            Self::Remortgaging(s) => &s.tasks_done,
            Self::Buying(s) => &s.tasks_done,
        }
    }

    /// A purchase's enquiries with the seller's solicitor (a remortgage raises none).
    pub fn enquiries(&self) -> &[Enquiry] {
        match self {
            Self::Remortgaging(_) => &[],
            Self::Buying(s) => &s.enquiries,
        }
    }

    /// A task of the legal file recorded done (a transition it blocked may follow).
    pub fn record_task_done(&mut self, done: TaskDone) {
        match self {
            Self::Remortgaging(s) => s.tasks_done.push(done),
            Self::Buying(s) => s.tasks_done.push(done),
        }
    }

    pub fn documents_mut(&mut self) -> &mut CaseDocuments {
        match self {
            Self::Remortgaging(s) => &mut s.documents,
            Self::Buying(s) => &mut s.documents,
        }
    }

    /// The lender's mortgage offer has arrived (remortgaging; a purchase has no such step).
    pub fn record_mortgage_offer(&mut self) {
        if let Self::Remortgaging(s) = self {
            s.has_mortgage_offer = true;
        }
    }

    /// The housing association's Help to Buy redemption letter has arrived (remortgaging).
    pub fn record_htb_redemption_letter(&mut self) {
        if let Self::Remortgaging(s) = self {
            s.has_htb_redemption_letter = true;
        }
    }

    /// A search result (`summary` false) or the firm's summary of one is in (buying).
    pub fn record_search(&mut self, document: UploadedDocument, summary: bool) {
        if let Self::Buying(s) = self {
            let list = if summary {
                &mut s.searches.summaries
            } else {
                &mut s.searches.documents
            };
            list.push(document);
        }
    }

    /// The search results (`summary` false) or summaries recorded so far (none for a
    /// remortgage).
    pub fn searches_recorded(&self, summary: bool) -> &[UploadedDocument] {
        match self {
            Self::Buying(s) if summary => &s.searches.summaries,
            Self::Buying(s) => &s.searches.documents,
            Self::Remortgaging(_) => &[],
        }
    }

    /// When the buyers' up-front payment was received (never, for a remortgage).
    pub fn deposit_paid_at(&self) -> Option<DateTime<Utc>> {
        match self {
            Self::Buying(s) => s.deposit.paid_at,
            Self::Remortgaging(_) => None,
        }
    }

    /// The buyers' up-front payment has been received (buying).
    pub fn record_deposit_paid(&mut self, at: DateTime<Utc>) {
        if let Self::Buying(s) = self {
            s.deposit.paid_at.get_or_insert(at);
        }
    }

    /// The completion date agreed with the lender; completing records the actual day.
    pub fn agree_completion_date(&mut self, date: NaiveDate) {
        match self {
            Self::Remortgaging(s) => s.completion_date = Some(date),
            Self::Buying(s) => s.completion_date = Some(date),
        }
    }

    /// The latest quote accepted now (the first acceptance stands).
    pub fn accept_quote(&mut self, now: DateTime<Utc>) {
        let quote = match self {
            Self::Remortgaging(s) => s.quote.as_mut(),
            Self::Buying(s) => s.quote.as_mut(),
        };
        if let Some(q) = quote {
            q.accepted_at.get_or_insert(now);
        }
    }
}

//! Case snapshots: the plain data the store fills so the engine can answer questions about a case.
//!
//! The shapes mirror the spec's expanded records (spec §3); only what a rule reads is here.
//!
//! The parties (`party`), the quote (`quote`), the documents (`documents`), each case type's
//! snapshot (`remortgaging`, `buying`), and a case of either type (`any`).

mod any;
mod buying;
mod documents;
mod party;
mod quote;
mod remortgaging;

use chrono::NaiveDate;

use crate::tasks::TaskDone;
use crate::types::{BuyingStatus, IneligibilityReason, RemortgagingStatus, WorkflowStatus};

pub use any::AnySnapshot;
pub use buying::{BuyingProperty, BuyingSnapshot, Deposit, Donor, Isa, Searches, SourceOfFunds};
pub use documents::{
    AlterationDocuments, BuyingRequiredDocuments, CaseDocuments, GeneratedDocument, NEW_ROW_ID,
    RemortgagingRequiredDocuments, RequiredDocument, RequiredSlot, UploadedDocument, all_accepted,
    all_uploaded,
};
pub use party::{Address, DocumentAcceptance, LegalName, Party, PartyUser, all_verified};
pub use quote::{CostLine, CostSection, QuoteSnapshot, quote_is_empty};
pub use remortgaging::{
    Alteration, Loan, RemortgagingProperty, RemortgagingSnapshot, TransferOfEquity,
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

//! A remortgaging case as the engine sees it.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::{CaseDocuments, Party, QuoteSnapshot, RemortgagingRequiredDocuments};
use crate::tasks::TaskDone;
use crate::types::{
    IneligibilityReason, Jurisdiction, PropertyUsage, RemortgagingReason, RemortgagingStatus,
    Tenure,
};

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

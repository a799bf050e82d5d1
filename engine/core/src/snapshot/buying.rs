//! A buying case as the engine sees it.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use super::{BuyingRequiredDocuments, CaseDocuments, Loan, Party, QuoteSnapshot, UploadedDocument};
use crate::enquiries::Enquiry;
use crate::source_of_funds::{SourceOfFundsDetails, SourceOfFundsReview};
use crate::tasks::TaskDone;
use crate::types::{
    BuyingStatus, IneligibilityReason, Jurisdiction, PropertyUsage, SourceOfFundsType, Tenure,
};

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
    /// The stored row's id ([`NEW_ROW_ID`](super::NEW_ROW_ID) while it is being added).
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
    /// As [`RemortgagingSnapshot::client_balance`](super::RemortgagingSnapshot::client_balance).
    #[serde(default)]
    pub client_balance: i64,
    /// As [`RemortgagingSnapshot::tasks_done`](super::RemortgagingSnapshot::tasks_done).
    #[serde(default)]
    pub tasks_done: Vec<TaskDone>,
    /// The enquiries raised with the seller's solicitor, oldest first.
    #[serde(default)]
    pub enquiries: Vec<Enquiry>,
    /// As [`RemortgagingSnapshot::broker_stage`](super::RemortgagingSnapshot::broker_stage).
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

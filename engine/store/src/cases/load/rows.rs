//! The rows hanging off a case: its people, quote, documents, property details and funds.

use chrono::{DateTime, NaiveDate, Utc};
use threshold_engine::snapshot::CostSection;
use threshold_engine::source_of_funds::{ReviewOutcome, SourceOfFundsDetails, SourceOfFundsReview};
use threshold_engine::types::{AlterationType, ChargeType, DocumentsHeldBy};

use crate::UserId;

/// An applicant or donor with the user fields the records show (read as JSON with the case:
/// see `people`).
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PartyRow {
    pub id: i64,
    pub case_id: i64,
    pub user_id: UserId,
    pub party_type: String,
    #[serde(deserialize_with = "crate::cases::people::flag")]
    pub is_lead: bool,
    #[serde(deserialize_with = "crate::cases::people::flag")]
    pub redacted: bool,
    #[serde(deserialize_with = "crate::cases::people::optional_flag")]
    pub is_uk_resident: Option<bool>,
    pub identity_submitted_at: Option<DateTime<Utc>>,
    pub identity_verified_at: Option<DateTime<Utc>>,
    /// Why a conveyancer sent the identity documents back (until submitted again).
    pub identity_rejection_reason: Option<String>,
    pub occupation: Option<String>,
    pub national_insurance_number: Option<String>,
    pub address_line1: Option<String>,
    pub address_line2: Option<String>,
    pub address_town: Option<String>,
    pub address_postcode: Option<String>,
    /// An owner lives at the property being remortgaged (their address is its address).
    #[serde(deserialize_with = "crate::cases::people::optional_flag")]
    pub lives_at_property: Option<bool>,
    pub preferred_name: String,
    pub email: String,
    pub phone_number: Option<String>,
    pub date_of_birth: Option<NaiveDate>,
    /// The name the broker typed, shown to brokers until the person agrees.
    #[serde(default)]
    pub invited_name: Option<String>,
    /// The person agreed to be on the case (accepted the invitation, or opened it).
    #[serde(deserialize_with = "crate::cases::people::flag")]
    pub consented: bool,
    /// A tenant in common's share of the property, in basis points (5000 = 50%).
    #[serde(default)]
    pub tenancy_share_bp: Option<i64>,
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct LegalNameRow {
    pub id: i64,
    pub user_id: UserId,
    pub first_name: String,
    pub middle_names: Option<String>,
    pub surname: String,
    pub until: Option<DateTime<Utc>>,
}

/// A broker on a case.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct AdminRow {
    pub case_id: i64,
    pub user_id: UserId,
    pub preferred_name: String,
    #[sqlx(try_from = "String")]
    pub role: threshold_engine::Role,
}

#[derive(Clone, Debug, sqlx::FromRow, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuoteRow {
    pub id: i64,
    pub case_id: i64,
    pub total_amount: i64,
    pub deposit: i64,
    pub subtotal: i64,
    pub discount: i64,
    pub cost_breakdown: sqlx::types::Json<Vec<CostSection>>,
    pub land_tax_type: Option<String>,
    pub land_tax_amount: Option<i64>,
    pub accepted_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    /// See `NewQuote::terms`; None for quotes older than the column.
    pub terms: Option<sqlx::types::Json<serde_json::Value>>,
}

#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DocumentRow {
    pub id: i64,
    pub document_type: String,
    /// Who uploaded it (identity evidence is shown to them and the firm only).
    pub uploaded_by: Option<UserId>,
}

#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GeneratedDocumentRow {
    pub id: i64,
    pub document_type: String,
    #[serde(deserialize_with = "crate::cases::people::flag")]
    pub is_draft: bool,
}

#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct RequiredRow {
    pub(super) id: i64,
    pub(super) group_name: String,
    pub(super) alteration_id: Option<i64>,
    pub(super) document_type: String,
    pub(super) document_id: Option<i64>,
}

#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct AcceptanceRow {
    pub(super) applicant_id: i64,
    pub(super) generated_document_id: i64,
    pub(super) accepted_at: DateTime<Utc>,
}

#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct SearchRow {
    pub(super) kind: String,
    pub(super) document_type: String,
    pub(super) document_id: Option<i64>,
}

/// An alteration of the property (spec §3).
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AlterationRow {
    pub id: i64,
    pub alteration_type: AlterationType,
    pub completed_on: Option<NaiveDate>,
    pub documents_held_by: Option<DocumentsHeldBy>,
}

/// An existing charge on the property.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoanRow {
    pub id: i64,
    pub charge_type: ChargeType,
    pub lender_name: Option<String>,
    pub amount: Option<i64>,
}

/// Where money for a purchase comes from (a SourceOfFundsType name). Money in pence.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SourceOfFundsRow {
    pub id: i64,
    pub source_type: String,
    pub amount: Option<i64>,
    origin: Option<String>,
    built_up_over: Option<String>,
    account_holder: Option<String>,
    described_at: Option<DateTime<Utc>>,
    review_outcome: Option<String>,
    review_reason: Option<String>,
    reviewed_evidence_id: Option<i64>,
    reviewed_at: Option<DateTime<Utc>>,
}

impl SourceOfFundsRow {
    /// The buyers' answers, once all three are given.
    pub(super) fn details(&self) -> Option<SourceOfFundsDetails> {
        Some(SourceOfFundsDetails {
            origin: self.origin.clone()?,
            built_up_over: self.built_up_over.clone()?,
            account_holder: self.account_holder.clone()?,
            described_at: self.described_at?,
        })
    }

    pub(super) fn review(&self) -> Option<SourceOfFundsReview> {
        Some(SourceOfFundsReview {
            outcome: ReviewOutcome::parse(self.review_outcome.as_deref()?)?,
            reason: self.review_reason.clone(),
            evidence_document_id: self.reviewed_evidence_id,
            reviewed_at: self.reviewed_at?,
        })
    }
}

/// A Lifetime or Help to Buy ISA paying towards a purchase, and the buyer whose it is.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IsaRow {
    pub id: i64,
    pub isa_type: String,
    pub amount: Option<i64>,
    pub applicant_id: Option<i64>,
}

/// Ground rent: pence per `frequency` (HALF_YEARLY or ANNUALLY).
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GroundRentRow {
    pub amount: Option<i64>,
    pub frequency: Option<String>,
}

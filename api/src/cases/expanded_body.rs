//! The expanded case records (spec §3 "Remortgaging case (expanded)", "Buying case
//! (expanded)", "Owner/buyer") as schema types, so the OpenAPI document and the web app's
//! generated types describe every field, with statuses, case types and sections as enums.

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use threshold_engine::enquiries::EnquiryOutcome;
use threshold_engine::snapshot::{
    Alteration, BuyingRequiredDocuments, Deposit, DocumentAcceptance,
    RemortgagingRequiredDocuments, Searches,
};
use threshold_engine::types::{
    IneligibilityReason, Jurisdiction, PropertyType, PropertyUsage, RemortgagingReason, Tenure,
};
use threshold_engine::{CaseStatus, CaseType, CaseView, MissingField};
use utoipa::ToSchema;

use super::types::{CaseAdminBody, InvitationBody, LegalNameBody, QuoteBody};
use crate::application::types::{IsaBody, SourceOfFundsBody};
use crate::feedback::FeedbackPoint;
use crate::owners::types::{PersonBody, TransferOfEquityBody};

/// What both case types' expanded records share.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExpandedCommon {
    pub id: i64,
    pub case_type: CaseType,
    pub status: CaseStatus,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub property_usage: Option<PropertyUsage>,
    pub has_loans: Option<bool>,
    pub completion_date: Option<NaiveDate>,
    pub ineligibility_reason: Option<IneligibilityReason>,
    pub loans: Vec<LoanBody>,
    pub property: ExpandedProperty,
    pub quote: Option<QuoteBody>,
    pub documents: CaseDocumentsBody,
    pub case_admins: Vec<CaseAdminBody>,
    /// The broker who administers the case, with their work contact (None when a customer
    /// started the case alone).
    pub broker: Option<CaseBrokerBody>,
    /// Who at the firm handles the case and how to reach the firm.
    pub case_handler: CaseHandlerBody,
    /// Shown to the case's brokers only.
    pub broker_reference: Option<String>,
    /// Each applicant's invitation: sent, opened, answered. The case's brokers only (empty
    /// for customers).
    pub invitations: Vec<InvitationBody>,
    /// The case's stages (issue 32): those done with their dates, the current one since when
    /// and expected by when, those ahead with expected dates (empty off the main path).
    pub timeline: Vec<threshold_engine::timeline::TimelineStage<CaseStatus>>,
    /// The day the lender's recorded mortgage offer expires (the case must complete before
    /// it), once the firm has recorded the offer.
    pub offer_expires_on: Option<NaiveDate>,
    /// The engine's answer for the user asking: sections, tiles, chip, message, transitions.
    pub view: CaseView<CaseStatus>,
    /// Once completed, the firm's remaining work on the legal file (issue 29) as the clients
    /// read it, in order: the land-tax return, the registration, the file closed, each done or
    /// not yet. Empty before completion.
    pub after_completion: Vec<AfterCompletionStep>,
}

/// One task of the legal file after completion, for the case's clients and broker.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AfterCompletionStep {
    pub label: String,
    pub done: bool,
}

/// GET /remortgaging/cases/{caseId}/expanded.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RemortgagingExpanded {
    #[serde(flatten)]
    pub common: ExpandedCommon,
    pub has_alterations: Option<bool>,
    pub has_adult_occupants: Option<bool>,
    pub is_company_case: bool,
    pub remortgaging_reason: Option<RemortgagingReason>,
    pub new_lender: Option<String>,
    pub current_deal_end_date: Option<NaiveDate>,
    pub property_value: Option<i64>,
    pub loan_amount: Option<i64>,
    pub is_repaying_help_to_buy: bool,
    /// A staircasing remortgage's further share, once given.
    pub staircasing: Option<super::types::Staircasing>,
    #[serde(rename = "hasHTBRedemptionLetter")]
    pub has_htb_redemption_letter: bool,
    pub has_mortgage_offer: bool,
    pub alterations: Vec<Alteration>,
    /// A leasehold's ground rent, once given.
    pub ground_rent: Option<crate::application::types::GroundRentBody>,
    pub property_owners: Vec<PartyBody>,
    pub required_documents: RemortgagingRequiredDocuments,
    /// Null until a reason is given or a removed owner listed.
    pub transfer_of_equity: Option<TransferOfEquityBody>,
    /// Adults living at the property who are not owners.
    pub occupants: Vec<PersonBody>,
    /// The names the firm read off the title register, but those explained already (issue
    /// 33): each an owner listed, or to be explained before submitting.
    pub title_register_names: Vec<crate::owners::title_register::TitleRegisterNameBody>,
    /// A company case's company, once recorded (POST /remortgaging/{caseId}/company).
    pub company: Option<threshold_engine::company::Company>,
    /// The feedback points the user asking has answered or dismissed on this case.
    pub feedback_given: Vec<FeedbackPoint>,
}

/// GET /buying/case/{caseId}/expanded.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuyingExpanded {
    #[serde(flatten)]
    pub common: ExpandedCommon,
    pub lender: Option<String>,
    pub deposit_amount: Option<i64>,
    pub purchase_price: Option<i64>,
    pub results_in_multiple_properties: Option<bool>,
    pub is_replacing_main_residence: Option<bool>,
    pub is_first_time_buyer: bool,
    pub is_new_build: bool,
    pub is_shared_ownership: bool,
    /// Every buyer is UK resident, as the key facts say (null: not asked).
    pub buyers_uk_resident: Option<bool>,
    /// The seller grants a new lease (null: not asked).
    pub is_new_lease: Option<bool>,
    pub target_move_in_date: Option<NaiveDate>,
    pub has_paid_deposit: bool,
    pub buyers: Vec<PartyBody>,
    pub donors: Vec<PartyBody>,
    /// Each donor's gift and whether they confirmed it.
    pub gifts: Vec<crate::owners::types::DonorGiftBody>,
    pub source_of_funds: Vec<SourceOfFundsBody>,
    pub isas: Vec<IsaBody>,
    pub required_documents: BuyingRequiredDocuments,
    pub deposit: Deposit,
    /// The up-front payment a buyer has started and may still pay, while it is not paid:
    /// every buyer who asks to pay gets this one back, so the others see a payment is in
    /// progress rather than pay again. Null when none is open.
    pub deposit_payment: Option<DepositPaymentInProgress>,
    pub searches: Searches,
    /// The feedback points the user asking has answered or dismissed on this case.
    pub feedback_given: Vec<FeedbackPoint>,
    /// The enquiries the firm raised with the seller's solicitor and their replies (issue 29),
    /// oldest first, without who at the firm raised them (a gift's donor never reads the case).
    pub enquiries: Vec<EnquiryBody>,
}

/// An enquiry as the case's clients read it: what was asked, the reply, how it closed.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnquiryBody {
    pub question: String,
    pub raised_at: DateTime<Utc>,
    pub answer: Option<String>,
    pub answered_at: Option<DateTime<Utc>>,
    /// Null while the firm awaits a reply it accepts.
    pub outcome: Option<EnquiryOutcome>,
}

/// The conveyancer handling a case, and the firm's telephone (issue 26: a customer knows whom
/// to call). A customer sees the handler's name only, never their e-mail.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseHandlerBody {
    /// The assigned conveyancer's name; null while the firm's team has not assigned anyone.
    pub name: Option<String>,
    pub firm_name: String,
    pub phone_number: String,
    /// When the telephone is answered, in words.
    pub opening_hours: String,
}

/// A buyer's up-front payment in progress.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepositPaymentInProgress {
    /// When it was started.
    pub started_at: DateTime<Utc>,
    /// Until when it can be paid; then any buyer may start another.
    pub expires_at: DateTime<Utc>,
    /// The buyer who started it (an id in `buyers`).
    pub started_by: Option<i64>,
    /// Whether the reader started it (they carry on with `POST /deposit-payment`, which gives
    /// it back).
    pub started_by_you: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseBrokerBody {
    pub preferred_name: String,
    pub firm_name: Option<String>,
    pub email: String,
    pub phone_number: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoanBody {
    pub id: i64,
    pub charge_type: threshold_engine::types::ChargeType,
    pub lender_name: Option<String>,
    /// Pence.
    pub amount: Option<i64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExpandedProperty {
    pub address_line1: Option<String>,
    pub address_line2: Option<String>,
    pub town: Option<String>,
    pub county: Option<String>,
    pub postcode: Option<String>,
    pub formatted_address: Option<String>,
    pub jurisdiction: Option<Jurisdiction>,
    pub tenure: Option<Tenure>,
    #[serde(rename = "type")]
    pub property_type: Option<PropertyType>,
    pub land_ownership: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseDocumentsBody {
    pub documents: Vec<UploadedDocumentBody>,
    pub generated_documents: Vec<GeneratedDocumentBody>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadedDocumentBody {
    pub document_id: i64,
    pub document_type: String,
    pub url: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GeneratedDocumentBody {
    pub document_id: i64,
    pub document_type: String,
    pub is_draft: bool,
}

/// An owner, buyer or donor. Another customer's personal details are withheld from a customer
/// (`redacted`, ENT-12): the user fields are then null and the legal names empty.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartyBody {
    pub id: i64,
    /// APPLICANT or DONOR.
    pub party_type: String,
    pub is_lead: bool,
    pub redacted: bool,
    pub user: PartyUserBody,
    pub is_uk_resident: Option<bool>,
    /// An owner lives at the property being remortgaged (their address is its address).
    pub lives_at_property: Option<bool>,
    pub identity_submitted_at: Option<DateTime<Utc>>,
    pub identity_verified_at: Option<DateTime<Utc>>,
    /// Why the firm sent this person's identity documents back, with what to do next (shown
    /// to them until they submit again).
    pub identity_rejection_reason: Option<String>,
    pub document_acceptances: Vec<DocumentAcceptance>,
    /// A tenant in common's share of the property in percent (POST /tenancy-split); null
    /// until the owners give their shares.
    pub tenancy_share: Option<f64>,
    /// What this owner or buyer still has to give, as the spec's labels in its order (§5):
    /// the engine's own rule, the one the Owners section's state follows. Empty when their
    /// details are withheld from the reader (a redacted person counts as complete) and for a
    /// donor.
    pub missing_fields: Vec<MissingField>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartyUserBody {
    pub id: String,
    pub preferred_name: String,
    pub legal_names: Vec<LegalNameBody>,
    pub email: Option<String>,
    pub phone_number: Option<String>,
    pub date_of_birth: Option<NaiveDate>,
    pub address: AddressBody,
    pub occupation: Option<String>,
    pub national_insurance_number: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressBody {
    pub line1: Option<String>,
    pub line2: Option<String>,
    pub town: Option<String>,
    pub postcode: Option<String>,
}

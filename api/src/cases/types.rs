//! Request and response bodies of the case calls (docs/api/cases.md is the contract).

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use threshold_engine::types::{
    IneligibilityReason, Jurisdiction, PropertyType, PropertyUsage, RemortgagingReason, Tenure,
};
use threshold_engine::{CaseStatus, CaseType, Chip, Role};
use utoipa::ToSchema;

use crate::choice::Choice;

// The key facts' enum fields (the API document names each enum; see `Choice`). Named, since
// the schema derive reads a field's type as written and takes a generic one for a template.
pub type TenureChoice = Choice<Tenure>;
pub type PropertyTypeChoice = Choice<PropertyType>;
pub type JurisdictionChoice = Choice<Jurisdiction>;
pub type PropertyUsageChoice = Choice<PropertyUsage>;
pub type RemortgagingReasonChoice = Choice<RemortgagingReason>;

/// The lead customer a broker opens the case for.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ClientDetails {
    pub preferred_name: String,
    pub email: String,
}

/// The property's address and kind.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PropertyInput {
    pub address_line1: String,
    #[serde(default)]
    pub address_line2: Option<String>,
    #[serde(default)]
    pub town: Option<String>,
    #[serde(default)]
    pub county: Option<String>,
    pub postcode: String,
    /// FREEHOLD, LEASEHOLD or COMMONHOLD.
    #[serde(default)]
    pub tenure: Option<TenureChoice>,
    /// One of the spec's property types, e.g. TERRACED.
    #[serde(default, rename = "type")]
    pub property_type: Option<PropertyTypeChoice>,
}

/// Key facts of a remortgage (create and update; `client` only when a broker creates).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RemortgagingCaseRequest {
    #[serde(default)]
    pub client: Option<ClientDetails>,
    pub jurisdiction: JurisdictionChoice,
    pub is_dependent_on_sale: bool,
    pub is_company_owned: bool,
    pub is_residential: bool,
    pub property_usage: PropertyUsageChoice,
    pub property: PropertyInput,
    /// Pence.
    pub property_value: i64,
    /// Pence; the property value when absent.
    #[serde(default)]
    pub loan_amount: Option<i64>,
    #[serde(default)]
    pub remortgaging_reason: Option<RemortgagingReasonChoice>,
    /// A code from GET /lenders.
    #[serde(default)]
    pub new_lender: Option<String>,
    #[serde(default)]
    pub current_deal_end_date: Option<NaiveDate>,
    #[serde(default)]
    pub is_repaying_help_to_buy: bool,
    #[serde(default)]
    pub broker_reference: Option<String>,
    /// Only with `remortgagingReason` SHARED_OWNERSHIP_STAIRCASING: the further share bought,
    /// for the quote's land tax. Null: not known yet (the quote says what it needs).
    #[serde(default)]
    pub staircasing: Option<Staircasing>,
}

/// A shared-ownership owner buying a further share of their home ("staircasing"): what its land
/// tax needs (FA 2003 Sch 9 para 4A; LTTA 2017 Sch 15 para 6).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Staircasing {
    /// The owner's share of the home now, in percent (up to two decimals, e.g. 37.5).
    pub share_before: f64,
    /// Their share once the further share is bought, in percent (100: the whole home).
    pub share_after: f64,
    /// The price of the further share, in pence.
    pub share_price: i64,
    /// Whether land tax was paid on the home's full market value when the lease was granted (a
    /// market value election: then no more is due). Null: not known.
    #[serde(default)]
    pub market_value_election_made: Option<bool>,
}

impl Staircasing {
    /// As stored: shares in basis points.
    pub fn from_facts(f: &threshold_store::cases::StaircasingFacts) -> Self {
        Self {
            share_before: f64::from(f.share_before) / 100.0,
            share_after: f64::from(f.share_after) / 100.0,
            share_price: f.price,
            market_value_election_made: f.market_value_election_made,
        }
    }
}

/// Key facts of a purchase.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct BuyingCaseRequest {
    #[serde(default)]
    pub client: Option<ClientDetails>,
    pub jurisdiction: JurisdictionChoice,
    pub is_dependent_on_sale: bool,
    pub is_company_owned: bool,
    pub is_residential: bool,
    pub property_usage: PropertyUsageChoice,
    pub property: PropertyInput,
    /// Pence.
    pub purchase_price: i64,
    #[serde(default)]
    pub deposit_amount: Option<i64>,
    #[serde(default)]
    pub lender: Option<String>,
    #[serde(default)]
    pub is_first_time_buyer: bool,
    #[serde(default)]
    pub is_new_build: bool,
    #[serde(default)]
    pub is_shared_ownership: bool,
    #[serde(default)]
    pub results_in_multiple_properties: Option<bool>,
    #[serde(default)]
    pub is_replacing_main_residence: Option<bool>,
    #[serde(default)]
    pub target_move_in_date: Option<NaiveDate>,
    #[serde(default)]
    pub broker_reference: Option<String>,
    /// Every buyer is UK resident (false: at least one is not, which adds the 2% SDLT
    /// surcharge in England). Null: not asked; UK resident is assumed until Buyer Details says.
    #[serde(default)]
    pub buyers_uk_resident: Option<bool>,
    /// The seller grants a new lease (most new-build flats, every new shared-ownership lease):
    /// HM Land Registry's fee has no portal reduction. Null: not asked (a new build is one).
    #[serde(default)]
    pub is_new_lease: Option<bool>,
}

/// One line of a quote.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CostLineBody {
    pub label: String,
    pub amount: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CostSectionBody {
    pub section_title: String,
    pub costs: Vec<CostLineBody>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LandTaxEstimateBody {
    pub land_tax_type: threshold_engine::types::LandTaxType,
    pub amount: i64,
    /// What to show with the amount: the tax, whom it is paid to and by when.
    pub label: Option<String>,
    /// HM Revenue & Customs (SDLT) or the Welsh Revenue Authority (LTT).
    pub payable_to: Option<String>,
    /// 14 for SDLT, 30 for LTT.
    pub due_days_after_completion: Option<u32>,
    /// The facts the estimate was worked out on, in a sentence (CONST-29's for the defaults).
    pub assumptions: Option<String>,
}

/// What a quote says beyond its figures, as stored with it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteTerms {
    /// What the up-front payment is and when it is refunded (14-day cancellation right).
    pub deposit_terms: String,
    /// SRA Code of Conduct para 5.1: the referral fee paid by the firm (0 and says so when none).
    pub referral_fee: CostLineBody,
    /// E.g. why a purchase has no land tax estimate.
    #[serde(default)]
    pub notes: Vec<String>,
    #[serde(default)]
    pub land_tax_label: Option<String>,
    #[serde(default)]
    pub land_tax_payable_to: Option<String>,
    #[serde(default)]
    pub land_tax_due_days_after_completion: Option<u32>,
    #[serde(default)]
    pub land_tax_assumptions: Option<String>,
}

/// The spec's Quote record (ENT-13). Money in pence.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteBody {
    pub id: i64,
    pub case_id: i64,
    pub case_type: CaseType,
    pub created_at: DateTime<Utc>,
    pub accepted_at: Option<DateTime<Utc>>,
    pub total_amount: i64,
    pub deposit: i64,
    pub subtotal: i64,
    pub discount: i64,
    pub cost_breakdown: Vec<CostSectionBody>,
    pub land_tax_estimate: Option<LandTaxEstimateBody>,
    /// What the up-front payment is and when it is refunded.
    pub deposit_terms: Option<String>,
    /// The referral-fee disclosure (SRA Code para 5.1); not part of the total.
    pub referral_fee: Option<CostLineBody>,
    pub notes: Vec<String>,
    /// Issues customers reported about the quote ('Report an issue'): every one for the
    /// case's brokers, a customer's own for them.
    pub reported_issues: Vec<ReportedIssueBody>,
    /// Only while this quote waits for acceptance after an earlier one was accepted (a later
    /// answer changed the price): the accepted quote's figures, to show the difference.
    pub previous: Option<PreviousQuoteBody>,
}

/// The quote a customer accepted before a re-quote. Money in pence.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreviousQuoteBody {
    pub accepted_at: DateTime<Utc>,
    pub total_amount: i64,
    pub land_tax_amount: Option<i64>,
}

/// A customer's report of an issue with the quote.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportedIssueBody {
    pub id: i64,
    /// The reporter's preferred name (None once their account is gone).
    pub reported_by: Option<String>,
    pub message: String,
    pub reported_at: DateTime<Utc>,
}

/// POST /quote/{quoteId}/report-issue.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ReportIssueRequest {
    pub case_id: i64,
    pub case_type: threshold_engine::CaseType,
    /// What is wrong with the quote, in the customer's words.
    #[schema(min_length = 1, max_length = 2000)]
    pub message: String,
}

/// The answer to creating a case or updating its key facts.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseCreated {
    pub case_id: i64,
    pub case_type: CaseType,
    pub status: CaseStatus,
    pub ineligibility_reason: Option<IneligibilityReason>,
    pub ineligibility_message: Option<String>,
    pub quote: Option<QuoteBody>,
}

/// A broker on a case.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseAdminBody {
    pub user_id: String,
    pub role: Role,
    pub preferred_name: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LegalNameBody {
    /// For deleting a previous name (`DELETE …/applicant/{applicantId}/legal-name/{id}`).
    pub id: i64,
    pub first_name: String,
    pub middle_names: Option<String>,
    pub surname: String,
    pub until: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListPartyUser {
    pub preferred_name: String,
    pub email: String,
    pub legal_names: Vec<LegalNameBody>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListParty {
    pub user: ListPartyUser,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListProperty {
    pub address_line1: Option<String>,
    pub county: Option<String>,
    pub postcode: Option<String>,
    pub formatted_address: Option<String>,
}

/// A remortgaging case in the list (ENT-07) plus what the engine computes.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RemortgagingListItem {
    pub id: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub status: CaseStatus,
    pub property_owners: Vec<ListParty>,
    pub property: ListProperty,
    pub has_mortgage_offer: bool,
    pub case_admins: Vec<CaseAdminBody>,
    pub broker_reference: Option<String>,
    pub current_deal_end_date: Option<NaiveDate>,
    pub completion_date: Option<NaiveDate>,
    pub new_lender: Option<String>,
    pub is_repaying_help_to_buy: bool,
    #[serde(rename = "hasHTBRedemptionLetter")]
    pub has_htb_redemption_letter: bool,
    pub status_chip: Chip,
    pub status_message: Option<String>,
    pub can_cancel: bool,
}

/// The `case` part of a buying list item (ENT-08).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuyingListCase {
    pub id: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub status: CaseStatus,
    pub completion_date: Option<NaiveDate>,
    pub target_move_in_date: Option<NaiveDate>,
    pub lender: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuyingListItem {
    pub case: BuyingListCase,
    pub buyers: Vec<ListParty>,
    pub property: ListProperty,
    pub has_paid_deposit: bool,
    pub case_admins: Vec<CaseAdminBody>,
    pub broker_reference: Option<String>,
    pub status_chip: Chip,
    pub status_message: Option<String>,
    pub can_cancel: bool,
}

/// A page of a case list (ENT-06).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseList<T> {
    pub cases: Vec<T>,
    pub total_count: i64,
    pub total_pages: i64,
    /// 0-based.
    pub current_page: i64,
}

pub type RemortgagingCaseList = CaseList<RemortgagingListItem>;
pub type BuyingCaseList = CaseList<BuyingListItem>;

/// POST /broker-cancel-case.
/// Which case a call is about, for calls whose path does not say.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CaseRef {
    pub case_id: i64,
    pub case_type: threshold_engine::CaseType,
}

/// POST /{caseType}/{caseId}/invitation/respond.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct InvitationAnswer {
    pub accepted: bool,
}

/// Where a case stands after a call that may move it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseMoved {
    pub case_id: i64,
    pub case_type: CaseType,
    pub status: CaseStatus,
}

/// An applicant's invitation, as the case's brokers see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationBody {
    pub applicant_id: i64,
    pub preferred_name: String,
    pub sent_at: DateTime<Utc>,
    /// 1 for the first send; each resend adds one.
    pub send_count: i32,
    pub opened_at: Option<DateTime<Utc>>,
    pub responded_at: Option<DateTime<Utc>>,
    /// None until answered.
    pub accepted: Option<bool>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancelCaseResponse {
    pub case_id: i64,
    pub case_type: CaseType,
    pub status: CaseStatus,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseTypeOverview {
    pub total_count: i64,
    pub active_count: i64,
    pub latest_case_id: Option<i64>,
}

/// GET /case-overviews.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseOverviews {
    pub remortgaging: CaseTypeOverview,
    pub buying: CaseTypeOverview,
    /// The purchases this user backs as a gift donor, the newest first (a donor with no case
    /// of their own goes to their gift's page).
    pub gifts: Vec<GiftOverview>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GiftOverview {
    pub case_id: i64,
    pub case_type: CaseType,
    pub status: crate::owners::types::GiftStatus,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ManagedBrokerBody {
    pub user_id: String,
    pub preferred_name: String,
    pub role: Role,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ManagedBrokers {
    pub managed_brokers: Vec<ManagedBrokerBody>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LenderBody {
    pub code: String,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Lenders {
    pub lenders: Vec<LenderBody>,
}

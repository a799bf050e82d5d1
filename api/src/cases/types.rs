//! Request and response bodies of the case calls (docs/api/cases.md is the contract).

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

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
    pub tenure: Option<String>,
    /// One of the spec's property types, e.g. TERRACED.
    #[serde(default, rename = "type")]
    pub property_type: Option<String>,
}

/// Key facts of a remortgage (create and update; `client` only when a broker creates).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RemortgagingCaseRequest {
    #[serde(default)]
    pub client: Option<ClientDetails>,
    /// ENGLAND, WALES, SCOTLAND or NORTHERN_IRELAND.
    pub jurisdiction: String,
    pub is_dependent_on_sale: bool,
    pub is_company_owned: bool,
    pub is_residential: bool,
    /// LIVE_IN or BUY_TO_LET.
    pub property_usage: String,
    pub property: PropertyInput,
    /// Pence.
    pub property_value: i64,
    /// Pence; the property value when absent.
    #[serde(default)]
    pub loan_amount: Option<i64>,
    #[serde(default)]
    pub remortgaging_reason: Option<String>,
    /// A code from GET /lenders.
    #[serde(default)]
    pub new_lender: Option<String>,
    #[serde(default)]
    pub current_deal_end_date: Option<NaiveDate>,
    #[serde(default)]
    pub is_repaying_help_to_buy: bool,
    #[serde(default)]
    pub broker_reference: Option<String>,
}

/// Key facts of a purchase.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct BuyingCaseRequest {
    #[serde(default)]
    pub client: Option<ClientDetails>,
    pub jurisdiction: String,
    pub is_dependent_on_sale: bool,
    pub is_company_owned: bool,
    pub is_residential: bool,
    pub property_usage: String,
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
}

/// One line of a quote.
#[derive(Debug, Clone, Serialize, ToSchema)]
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
    /// STAMP_DUTY_LAND_TAX or LAND_TRANSACTION_TAX.
    pub land_tax_type: String,
    pub amount: i64,
}

/// The spec's Quote record (ENT-13). Money in pence.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteBody {
    pub id: i64,
    pub case_id: i64,
    pub case_type: String,
    pub created_at: DateTime<Utc>,
    pub accepted_at: Option<DateTime<Utc>>,
    pub total_amount: i64,
    pub deposit: i64,
    pub subtotal: i64,
    pub discount: i64,
    pub cost_breakdown: Vec<CostSectionBody>,
    pub land_tax_estimate: Option<LandTaxEstimateBody>,
}

/// The answer to creating a case or updating its key facts.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseCreated {
    pub case_id: i64,
    pub case_type: String,
    pub status: String,
    pub ineligibility_reason: Option<String>,
    pub ineligibility_message: Option<String>,
    pub quote: Option<QuoteBody>,
}

/// The status chip (spec §4).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusChip {
    /// GREEN, RED or AMBER.
    pub colour: String,
    pub label: String,
    pub show_warning_icon: bool,
}

/// A broker on a case.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseAdminBody {
    pub user_id: String,
    pub role: String,
    pub preferred_name: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LegalNameBody {
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
    pub status: String,
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
    pub status_chip: StatusChip,
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
    pub status: String,
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
    pub status_chip: StatusChip,
    pub status_message: Option<String>,
    pub can_cancel: bool,
}

/// A page of the remortgaging list (ENT-06).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RemortgagingCaseList {
    pub cases: Vec<RemortgagingListItem>,
    pub total_count: i64,
    pub total_pages: i64,
    /// 0-based.
    pub current_page: i64,
}

/// A page of the buying list (ENT-06).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuyingCaseList {
    pub cases: Vec<BuyingListItem>,
    pub total_count: i64,
    pub total_pages: i64,
    pub current_page: i64,
}

/// POST /broker-cancel-case.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CancelCaseRequest {
    pub case_id: i64,
    /// REMORTGAGING or BUYING.
    pub case_type: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancelCaseResponse {
    pub case_id: i64,
    pub case_type: String,
    pub status: String,
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
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ManagedBrokerBody {
    pub user_id: String,
    pub preferred_name: String,
    pub role: String,
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

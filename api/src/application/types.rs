//! The request and response bodies of the application's property and purchase calls.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use strum::{EnumIter, EnumString, IntoStaticStr};
use threshold_engine::source_of_funds::{
    SourceOfFundsDetails, SourceOfFundsReview, SourceOfFundsState,
};
use threshold_engine::types::{
    AlterationType, ChargeType, DocumentsHeldBy, PropertyType, SourceOfFundsType, Tenure,
};
use utoipa::ToSchema;

/// How the owners own the property (spec §3 "Ownership type").
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    ToSchema,
    IntoStaticStr,
    EnumString,
    EnumIter,
)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum LandOwnership {
    SoleOwner,
    JointTenancy,
    TenantsInCommon,
}

/// How often ground rent is paid (spec §3).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    ToSchema,
    IntoStaticStr,
    EnumString,
    EnumIter,
)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum GroundRentFrequency {
    HalfYearly,
    Annually,
}

/// POST /property: the Property Details section.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PropertyRequest {
    /// REMORTGAGING (Property Details) or BUYING (Property).
    pub case_type: threshold_engine::CaseType,
    pub case_id: i64,
    pub land_ownership: LandOwnership,
    pub property_type: PropertyType,
    pub tenure: Tenure,
}

/// POST /remortgaging/{caseId}/ground-rent (leasehold only).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct GroundRentRequest {
    /// Pence, 0 or more.
    #[schema(minimum = 0)]
    pub amount: i64,
    pub frequency: GroundRentFrequency,
}

/// POST /property/alterations: the answer to "any alterations?", with one to add.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct AlterationsRequest {
    pub case_type: threshold_engine::CaseType,
    pub case_id: i64,
    pub has_alterations: bool,
    /// Added to the list (needs `hasAlterations: true`).
    pub alteration: Option<NewAlterationBody>,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct NewAlterationBody {
    pub alteration_type: AlterationType,
    /// yyyy-mm-dd, not in the future.
    pub completed_on: Option<NaiveDate>,
    /// Who holds its documents; the owner's are asked for in the Documents section.
    pub documents_held_by: DocumentsHeldBy,
}

/// POST /loans: the answer to "any other loans secured on the property?", with one to add.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct LoansRequest {
    pub case_type: threshold_engine::CaseType,
    pub case_id: i64,
    pub has_loans: bool,
    /// Added to the list (needs `hasLoans: true`).
    pub loan: Option<NewLoanBody>,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct NewLoanBody {
    pub charge_type: ChargeType,
    /// At most 100 characters.
    #[schema(max_length = 100)]
    pub lender_name: Option<String>,
    /// Pence, 0 or more.
    #[schema(minimum = 0)]
    pub amount: Option<i64>,
}

/// The id of the row a call added (an alteration, a loan).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RowCreated {
    pub id: i64,
}

/// A leasehold's ground rent, in the expanded case.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroundRentBody {
    /// Pence.
    pub amount: i64,
    pub frequency: GroundRentFrequency,
}

/// A Lifetime ISA or a Help to Buy ISA (the two sources of funds that need their ISA listed).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    ToSchema,
    IntoStaticStr,
    EnumString,
    EnumIter,
)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum IsaType {
    LifetimeIsa,
    HelpToBuyIsa,
}

/// POST /buying/{caseId}/purchase-and-financing: the deposit and, once chosen, the lender.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PurchaseRequest {
    /// Pence, 0 or more and not more than the purchase price.
    #[schema(minimum = 0)]
    pub deposit_amount: i64,
    /// A lender code from GET /lenders (NO_LENDER: not chosen yet). Absent: left as it is.
    pub lender: Option<String>,
}

/// POST /buying/{caseId}/sources-of-funds: one source of the money for the purchase.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SourceOfFundsRequest {
    pub source_type: SourceOfFundsType,
    /// Pence, 0 or more.
    #[schema(minimum = 0)]
    pub amount: Option<i64>,
}

/// POST /isas: an ISA paying towards a purchase (needs a source of funds of its type).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct IsaRequest {
    /// BUYING (a remortgage has no ISAs).
    pub case_type: threshold_engine::CaseType,
    pub case_id: i64,
    pub isa_type: IsaType,
    /// Pence, 0 or more.
    #[schema(minimum = 0)]
    pub amount: Option<i64>,
    /// The buyer whose ISA it is (a buyer of the case).
    pub applicant_id: Option<i64>,
}

/// POST /buying/{caseId}/stamp-duty-land-tax: the answers the land tax estimate depends on.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct LandTaxAnswersRequest {
    /// Will a buyer own more than one home once the purchase completes?
    pub results_in_multiple_properties: bool,
    /// Is the purchase replacing a buyer's main residence?
    pub is_replacing_main_residence: bool,
    /// Is every buyer a first-time buyer?
    pub is_first_time_buyer: bool,
}

/// The land tax estimate the answers give (None: the case has no quote to carry one).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LandTaxAnswersSaved {
    pub estimate: Option<crate::cases::types::LandTaxEstimateBody>,
    /// The answers changed the price: a new quote waits for the customer to accept it.
    pub requoted: bool,
}

/// A source of funds, in the expanded buying case.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SourceOfFundsBody {
    pub id: i64,
    pub source_type: SourceOfFundsType,
    /// Pence.
    pub amount: Option<i64>,
    /// Where it stands in the firm's anti-money-laundering review.
    pub state: SourceOfFundsState,
    /// Whether the buyers are asked how it was built up (not for a mortgage).
    pub asks_details: bool,
    /// How the buyers say it was built up, once they have.
    pub details: Option<SourceOfFundsDetails>,
    /// The firm's latest review: what it needs, when it asked for more.
    pub review: Option<SourceOfFundsReview>,
    /// The document type of its evidence (the required-document slot it fills).
    pub evidence_type: String,
    /// The buyers may share its evidence by connecting their bank instead of uploading
    /// (`POST …/open-banking`): an open-banking provider is configured and the evidence is a
    /// savings account's statements.
    pub open_banking: bool,
}

/// An ISA paying towards the purchase, in the expanded buying case.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IsaBody {
    pub id: i64,
    pub isa_type: IsaType,
    /// Pence.
    pub amount: Option<i64>,
    pub applicant_id: Option<i64>,
}

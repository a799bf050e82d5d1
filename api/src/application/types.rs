//! The request and response bodies of the application's property calls.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use threshold_engine::types::{AlterationType, ChargeType, DocumentsHeldBy, PropertyType, Tenure};
use utoipa::ToSchema;

/// How the owners own the property (spec §3 "Ownership type").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum LandOwnership {
    SoleOwner,
    JointTenancy,
    TenantsInCommon,
}

/// How often ground rent is paid (spec §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum GroundRentFrequency {
    HalfYearly,
    Annually,
}

/// POST /property: the Property Details section.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PropertyRequest {
    /// REMORTGAGING (buying's property section comes with issue 13).
    #[schema(value_type = threshold_engine::CaseType)]
    pub case_type: String,
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
    #[schema(value_type = threshold_engine::CaseType)]
    pub case_type: String,
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
    #[schema(value_type = threshold_engine::CaseType)]
    pub case_type: String,
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

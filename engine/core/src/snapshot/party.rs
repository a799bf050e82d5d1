//! The owners or buyers on a case, with the user fields the rules check.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

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

/// Every party is identity-verified (false with no parties).
pub fn all_verified(parties: &[Party]) -> bool {
    !parties.is_empty() && parties.iter().all(|p| p.identity_verified_at.is_some())
}

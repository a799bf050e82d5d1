//! The property's enumerations: where it is, its tenure and type, its alterations and charges,
//! and why it is remortgaged.

use serde::{Deserialize, Serialize};
use strum::{EnumIter, EnumString, IntoStaticStr};

/// Property jurisdiction, spec §3 (ENUM-15).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    IntoStaticStr,
    EnumString,
    EnumIter,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum Jurisdiction {
    England,
    Wales,
    Scotland,
    NorthernIreland,
}

/// Tenure, spec §3 (ENUM-12).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    IntoStaticStr,
    EnumString,
    EnumIter,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum Tenure {
    Freehold,
    Leasehold,
    Commonhold,
}

/// Property type, spec §3.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    IntoStaticStr,
    EnumString,
    EnumIter,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum PropertyType {
    ApartmentFlat,
    Converted,
    Cottage,
    DetachedHouse,
    DetachedBungalow,
    Loft,
    Maisonette,
    SemiDetachedHouse,
    SemiDetachedBungalow,
    StaticCaravan,
    StudioApartment,
    Terraced,
    Townhouse,
    Villa,
}

/// Alteration type, spec §3.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    IntoStaticStr,
    EnumString,
    EnumIter,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum AlterationType {
    BasementConversion,
    Boiler,
    Conservatory,
    Electrical,
    Extension,
    Gas,
    Garage,
    GarageConversion,
    Heating,
    Insulation,
    Loft,
    RemovalOfWalls,
    Solar,
    WindowsAndDoors,
}

/// Existing charge type, spec §3.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    IntoStaticStr,
    EnumString,
    EnumIter,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum ChargeType {
    FurtherAdvance,
    SecuredLoan,
    Mortgage,
    LegalAidBoardCharge,
    ChargingOrder,
    Other,
}

/// Who holds an alteration's documents (spec §3, "a 'who' value").
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    IntoStaticStr,
    EnumString,
    EnumIter,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum DocumentsHeldBy {
    Solicitor,
    Owner,
}

/// Transfer reason (separation agreement), spec §3.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    IntoStaticStr,
    EnumString,
    EnumIter,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum TransferReason {
    CourtOrder,
    ConsentOrder,
    PrivateAgreement,
}

impl TransferReason {
    /// The name as stored and sent.
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// Parses a stored name.
    pub fn parse(name: &str) -> Option<Self> {
        name.parse().ok()
    }
}

/// Property usage / mortgage purpose, spec §3 (ENUM-13).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    IntoStaticStr,
    EnumString,
    EnumIter,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum PropertyUsage {
    LiveIn,
    BuyToLet,
}

/// Remortgage reason, spec §3 (ENUM-11).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    IntoStaticStr,
    EnumString,
    EnumIter,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum RemortgagingReason {
    EndOfCurrentDeal,
    BorrowMoreMoney,
    ReleaseMoney,
    RetirementInterestOnly,
    RemortgageTransferOfEquity,
    SharedOwnershipStaircasing,
}

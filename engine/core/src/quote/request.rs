//! What a quote is worked out on: the request and the further details a quote can use.

use serde::{Deserialize, Serialize};

use super::{EquityTransfer, Staircasing, Supplement};
use crate::land_tax::LandTaxInput;
use crate::types::CaseType;

/// What a quote depends on. Money in pence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuoteRequest {
    pub case_type: CaseType,
    /// Purchase price (buying) or property value (remortgaging).
    pub price: i64,
    /// The new loan (remortgaging: sets the fee band and the Scale 2 fee). None = the value.
    pub loan: Option<i64>,
    /// Owners or buyers (identity checks are per person).
    pub people: u32,
    /// Extra work; `GiftedDeposit` once per donor.
    pub supplements: Vec<Supplement>,
    /// Discount on the legal fees, in pence.
    pub discount: i64,
    /// Buying only: the facts the land tax estimate needs.
    pub land_tax: Option<LandTaxInput>,
}

/// Further facts a quote can use, each with a default
/// ([`FeeSchedule::quote_with`](super::FeeSchedule::quote_with)). Money in pence.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct QuoteDetails {
    /// Buying: the purchase is a transfer of part of a title or the grant of a new lease (most
    /// new builds, a new shared-ownership lease), so HM Land Registry's portal reduction does
    /// not apply. None = true for a new build (`Supplement::NewBuild`), false otherwise.
    pub transfer_of_part_or_new_lease: Option<bool>,
    /// Remortgaging with a transfer of equity: what changes hands, for HM Land Registry's fee
    /// and the land tax. None = no money paid and the share worth the whole equity (value less
    /// the new loan), which never understates the fee; no land tax estimate.
    pub equity_transfer: Option<EquityTransfer>,
    /// Remortgaging with `Supplement::SharedOwnership` to buy a further share: its land tax.
    /// None = no land tax estimate.
    pub staircasing: Option<Staircasing>,
    /// Buying with `Supplement::SharedOwnership`: the grant of a new shared-ownership lease, with
    /// the premium and rent HM Land Registry's fee is charged on. Giving it says the purchase is
    /// a new lease. None = a new lease only if `transfer_of_part_or_new_lease` says so, and then
    /// the fee on the whole price, with a note.
    pub shared_ownership_lease: Option<SharedOwnershipLease>,
    /// Who introduced the client and the referral fee paid to them. None = no introducer.
    pub introducer: Option<Introducer>,
}

/// A new shared-ownership lease, for HM Land Registry's fee: the full Scale 1 fee on the premium
/// plus the rent (Land Registration Fee Order 2021 art. 2(2)(c)). Money in pence.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SharedOwnershipLease {
    /// The premium: the price paid for the share bought.
    pub premium: i64,
    /// The yearly rent the lease reserves on the share not bought; 0 = none.
    #[serde(default)]
    pub annual_rent: i64,
}

/// Whoever introduced the client to the firm (a broker, an estate agent).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Introducer {
    pub name: String,
    /// The referral fee the firm pays them for this client, in pence; 0 = none.
    pub referral_fee: i64,
}

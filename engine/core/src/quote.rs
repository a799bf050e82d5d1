//! The quote calculator: a fee schedule held as data turned into the spec's Quote record.
//!
//! What it follows (the figures themselves are data in `workflows/fees.toml`): HM Land Registry
//! fees from the Land Registration Fee Order 2021 (SI 2021/1226); the firm's own charges shown
//! as fees with VAT, not as disbursements; the referral fee disclosure of the SRA Code of
//! Conduct for Solicitors, RELs and RFLs, para 5.1; an up-front payment described with the
//! 14-day cancellation right of the Consumer Contracts (Information, Cancellation and
//! Additional Charges) Regulations 2013; the land tax named with who it is paid to and by when,
//! and its return charged only when a return is due. The land tax on a transfer of equity or a
//! staircasing purchase is worked out in [`crate::equity_tax`].
//!
//! The schedule as data (`schedule`), reading and checking it (`load`), what a quote is asked
//! for (`request`), working it out (`calculate`), the referral fee disclosure (`referral`) and a
//! purchase's land tax estimate or why there is none (`estimate`).

mod calculate;
mod estimate;
mod load;
mod referral;
mod request;
mod schedule;

use serde::{Deserialize, Serialize};

pub use crate::equity_tax::{EquityTransfer, Staircasing};
use crate::land_tax::LandTaxEstimate;
use crate::snapshot::{CostLine, CostSection};

pub(crate) use estimate::why_no_estimate;
pub use request::{Introducer, QuoteDetails, QuoteRequest, SharedOwnershipLease};
pub use schedule::{
    Basis, CaseFees, Disbursement, ExpressRequest, FeeBand, FeeBasis, FeeSchedule, FirmCharge,
    LandRegistryFees, LandTaxBasis, ReferralTexts, Supplement, SupplementFee,
};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuoteError {
    #[error("fee schedule is not valid: {0}")]
    Invalid(String),
    #[error("{0:?} is not offered for this case type")]
    SupplementNotOffered(Supplement),
    #[error("amounts must not be negative")]
    Negative,
    #[error("ownership shares must be from 0% to 100%, the share after at least the share before")]
    Shares,
}

/// The spec's Quote record (ENT-13): totalAmount, deposit, subtotal, discount, costBreakdown,
/// and for a purchase the land tax estimate; with the deposit's terms, the referral fee
/// disclosure and notes, none of which adds to the total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Quote {
    pub total_amount: i64,
    pub deposit: i64,
    pub subtotal: i64,
    pub discount: i64,
    pub cost_breakdown: Vec<CostSection>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub land_tax_estimate: Option<LandTaxEstimate>,
    /// What the deposit is and when it is refunded (Consumer Contracts Regulations 2013).
    pub deposit_terms: String,
    /// SRA Code of Conduct para 5.1: the referral fee paid to whoever introduced the client
    /// (amount 0 and a label saying so when none). Paid by the firm, not part of the total.
    pub referral_fee: CostLine,
    /// What the reader must also know, e.g. why a purchase has no land tax estimate.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

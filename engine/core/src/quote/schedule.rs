//! The fee schedule as data (`workflows/fees.toml`): legal fee bands, supplements, the firm's
//! charges, disbursements, HM Land Registry's scales and the referral texts.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::types::{CaseType, Jurisdiction};

/// A legal fee band: `fee` pounds while the value is at most `up_to` pounds (no `up_to` = above
/// every other band).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FeeBand {
    #[serde(default)]
    pub up_to: Option<i64>,
    pub fee: i64,
}

/// Extra work that adds a fixed fee (subject to VAT).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Supplement {
    Leasehold,
    TransferOfEquity,
    HelpToBuyRedemption,
    SharedOwnership,
    /// Charged once per donor.
    GiftedDeposit,
    NewBuild,
    BuyToLet,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SupplementFee {
    pub label: String,
    pub fee: i64,
}

/// How an amount is worked out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Basis {
    /// Once per case.
    #[default]
    Fixed,
    /// Once per owner or buyer.
    PerPerson,
    /// HM Land Registry Scale 1 on the price (a transfer for value): the portal fee for a
    /// transfer of the whole of a registered title (Land Registration Fee Order 2021 art. 3(3),
    /// Scale 1 column 4), the full fee for a transfer of part or the grant of a new lease
    /// (art. 2(2) and 3(1), column 2).
    #[serde(rename = "land_registry_scale_1")]
    LandRegistryScale1,
    /// HM Land Registry Scale 2 on the loan: registering the new mortgage of the whole title on
    /// the portal (Fee Order 2021 art. 5(1) and (8)). No fee when it is registered with a
    /// transfer of equity (art. 5(2)).
    #[serde(rename = "land_registry_scale_2")]
    LandRegistryScale2,
    /// HM Land Registry fee for a transfer of equity, only when the quote has that supplement:
    /// Scale 1 on any money paid for the share (Fee Order 2021 art. 3(1)(b) and (3)), otherwise
    /// Scale 2 on the value of the share transferred (art. 4), portal fees for the whole title.
    LandRegistryTransferOfEquity,
    /// A fixed amount, only when a land transaction return is due: a purchase unless it is a
    /// transfer (not a new lease) for less than £40,000 (FA 2003 s.77A(1); LTTA 2017 s.46(3)); a
    /// transfer of equity or staircasing when [`crate::equity_tax`] finds one due.
    LandTaxReturn,
}

/// A cost paid to someone else on the client's behalf.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Disbursement {
    pub label: String,
    #[serde(default)]
    pub amount: i64,
    pub basis: Basis,
    /// VAT is added (services bought in); HM Land Registry fees carry none.
    pub vat: bool,
}

/// A charge of the firm's own (identity checks, bank transfer, the land tax return): shown with
/// the legal fees, VAT added, never as a disbursement.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FirmCharge {
    pub label: String,
    pub amount: i64,
    /// `fixed` (the default), `per_person`, or `land_tax_return` (only when a return is due).
    #[serde(default)]
    pub basis: Basis,
    /// Only for a property in this country (the land tax return: SDLT to HMRC in England, LTT
    /// to the Welsh Revenue Authority in Wales).
    #[serde(default)]
    pub jurisdiction: Option<Jurisdiction>,
}

/// What a case type's legal fee follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FeeBasis {
    /// The price (a purchase).
    Price,
    /// The new loan (a remortgage), or the price where no loan is given.
    Loan,
}

/// What carries land tax (SDLT in England, LTT in Wales) in a case type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LandTaxBasis {
    /// The case is an acquisition: its price is the chargeable consideration (a purchase).
    Purchase,
    /// Only a change of who owns the home carries land tax: a transfer of equity or
    /// shared-ownership staircasing (a remortgage; see equity_tax.rs).
    OwnershipChange,
}

/// The fees for one case type.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CaseFees {
    pub legal_fee_label: String,
    /// The figure the legal fee bands are read against.
    pub legal_fee_basis: FeeBasis,
    /// What the quote's land tax estimate and return charge are worked out on.
    pub land_tax: LandTaxBasis,
    pub legal_fee_bands: Vec<FeeBand>,
    pub supplements: BTreeMap<Supplement, SupplementFee>,
    /// The firm's own fixed charges, in the legal fees section.
    #[serde(default)]
    pub charges: Vec<FirmCharge>,
    pub disbursements: Vec<Disbursement>,
    /// The up-front payment in whole pounds, capped at the total; 0 = none is asked for.
    pub deposit: i64,
    /// When the up-front payment is paid and when it comes back (the 14-day cancellation
    /// right of the Consumer Contracts Regulations 2013), or that there is none: the one text
    /// the quote, its PDF, the client care letter and the payment page all show.
    pub deposit_terms: String,
    /// The client's express request to start work within the cancellation period (reg. 36),
    /// where the case type asks for it.
    #[serde(default)]
    pub express_request: Option<ExpressRequest>,
}

/// The statement a client ticks to ask the firm to start work within the 14-day cancellation
/// period (Consumer Contracts Regulations 2013, reg. 36): its text and the version recorded
/// with each request. A new text needs a new version.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ExpressRequest {
    pub version: String,
    pub text: String,
}

/// HM Land Registry scale fees (Land Registration Fee Order 2021, Schedules 1 and 2).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LandRegistryFees {
    /// Scale 1, column 2: the full fee (a transfer of part or a new lease, even on the portal).
    pub scale_1: Vec<FeeBand>,
    /// Scale 1, column 4: a transfer of the whole of a registered title on the portal.
    pub scale_1_electronic_whole: Vec<FeeBand>,
    /// Scale 2, reduced fee: a charge or transfer of the whole of a title on the portal.
    pub scale_2_electronic_whole: Vec<FeeBand>,
}

/// The referral fee disclosure (SRA Code of Conduct for Solicitors, RELs and RFLs, para 5.1).
/// `{introducer}` is replaced by the introducer's name.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ReferralTexts {
    /// Nobody introduced the client, or nothing is known of an introducer.
    pub none: String,
    /// An introducer who is paid nothing.
    pub unpaid: String,
    /// An introducer who is paid a referral fee (the line's amount).
    pub paid: String,
}

/// The whole fee schedule (`workflows/fees.toml`); every amount in whole pounds.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FeeSchedule {
    pub vat_percent: i64,
    pub referral: ReferralTexts,
    pub land_registry: LandRegistryFees,
    pub remortgaging: CaseFees,
    pub buying: CaseFees,
}

impl FeeSchedule {
    pub(crate) fn fees(&self, case_type: CaseType) -> &CaseFees {
        match case_type {
            CaseType::Remortgaging => &self.remortgaging,
            CaseType::Buying => &self.buying,
        }
    }
}

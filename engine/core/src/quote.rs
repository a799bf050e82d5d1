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

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::equity_tax::{self, OwnershipTax};
pub use crate::equity_tax::{EquityTransfer, Staircasing};
use crate::evaluate::format_date;
use crate::land_tax::{LandTaxError, LandTaxEstimate, LandTaxInput, LandTaxTables};
use crate::snapshot::{CostLine, CostSection};
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

/// Further facts a quote can use, each with a default ([`FeeSchedule::quote_with`]). Money in
/// pence.
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

fn check_bands(name: &str, bands: &[FeeBand]) -> Result<(), QuoteError> {
    let ups: Vec<_> = bands.iter().map(|b| b.up_to).collect();
    let last_open = ups.last().is_some_and(Option::is_none);
    let rest_rise = ups[..ups.len().saturating_sub(1)]
        .windows(2)
        .all(|w| w[0] < w[1] && w[0].is_some());
    if !last_open || !rest_rise || bands.iter().any(|b| b.fee < 0) {
        return Err(QuoteError::Invalid(format!(
            "{name}: bands must rise and end with an open band"
        )));
    }
    Ok(())
}

/// The band fee, in pence, for a value in pence.
fn band_fee(bands: &[FeeBand], value: i64) -> i64 {
    bands
        .iter()
        .find(|b| b.up_to.is_none_or(|u| value <= u * 100))
        .map_or(0, |b| b.fee * 100)
}

/// VAT on a net amount, rounded to the nearest penny.
fn vat_on(net: i64, percent: i64) -> i64 {
    (net * percent + 50).div_euclid(100)
}

fn per_person(label: &str, people: i64) -> String {
    if people > 1 {
        format!("{label} (x{people})")
    } else {
        label.to_owned()
    }
}

/// A purchase's land tax estimate, or why there is none, in words for the customer.
fn land_tax_estimate(
    input: Option<&LandTaxInput>,
    tax: &LandTaxTables,
) -> Result<LandTaxEstimate, String> {
    let Some(input) = input else {
        return Err("No land tax estimate yet: we need the country the property is in, the price and the completion date.".into());
    };
    if input.price <= 0 {
        return Err("No land tax estimate yet: the purchase price is not known.".into());
    }
    tax.estimate(input).map_err(|e| why_no_estimate(&e))
}

/// Why there is no land tax estimate, in words for the customer.
pub(crate) fn why_no_estimate(e: &LandTaxError) -> String {
    const ONLY: &str =
        "we estimate Stamp Duty Land Tax (England) and Land Transaction Tax (Wales) only";
    match e {
        LandTaxError::UnsupportedJurisdiction(Jurisdiction::Scotland) => format!(
            "No land tax estimate: the property is in Scotland, where Land and Buildings Transaction Tax is paid to Revenue Scotland; {ONLY}."
        ),
        LandTaxError::UnsupportedJurisdiction(Jurisdiction::NorthernIreland) => {
            format!("No land tax estimate: the property is in Northern Ireland; {ONLY}.")
        }
        LandTaxError::UnsupportedJurisdiction(_) => format!("No land tax estimate: {ONLY}."),
        LandTaxError::NoRatesOn(date) => format!(
            "No land tax estimate: we hold no rates for a completion on {}.",
            format_date(*date)
        ),
        LandTaxError::Invalid(_) => "No land tax estimate: the rates could not be read; we will confirm the tax before exchange.".into(),
    }
}

impl FeeSchedule {
    /// Parses and checks the schedule.
    pub fn from_toml(text: &str) -> Result<Self, QuoteError> {
        let s: Self = toml::from_str(text).map_err(|e| QuoteError::Invalid(e.to_string()))?;
        let lr = &s.land_registry;
        check_bands("land_registry.scale_1", &lr.scale_1)?;
        check_bands(
            "land_registry.scale_1_electronic_whole",
            &lr.scale_1_electronic_whole,
        )?;
        check_bands(
            "land_registry.scale_2_electronic_whole",
            &lr.scale_2_electronic_whole,
        )?;
        for (name, fees) in [("remortgaging", &s.remortgaging), ("buying", &s.buying)] {
            check_bands(&format!("{name}.legal_fee_bands"), &fees.legal_fee_bands)?;
            for c in &fees.charges {
                if !matches!(
                    c.basis,
                    Basis::Fixed | Basis::PerPerson | Basis::LandTaxReturn
                ) || c.amount < 0
                {
                    return Err(QuoteError::Invalid(format!(
                        "{name}.charges: {:?} must be a fixed, per-person or land-tax-return amount",
                        c.label
                    )));
                }
            }
            for d in &fees.disbursements {
                let land_registry = !matches!(
                    d.basis,
                    Basis::Fixed | Basis::PerPerson | Basis::LandTaxReturn
                );
                if d.amount < 0 || (land_registry && (d.vat || d.amount != 0)) {
                    return Err(QuoteError::Invalid(format!(
                        "{name}.disbursements: {:?}: HM Land Registry fees come from the scales and carry no VAT",
                        d.label
                    )));
                }
            }
        }
        for (name, fees) in [("remortgaging", &s.remortgaging), ("buying", &s.buying)] {
            let request_ok = fees
                .express_request
                .as_ref()
                .is_none_or(|r| !r.version.trim().is_empty() && !r.text.trim().is_empty());
            if fees.deposit < 0 || fees.deposit_terms.trim().is_empty() || !request_ok {
                return Err(QuoteError::Invalid(format!(
                    "{name}: deposit and deposit_terms are required, and an express_request needs its version and text"
                )));
            }
        }
        if !s.referral.paid.contains("{introducer}") {
            return Err(QuoteError::Invalid(
                "referral.paid must name the {introducer}".into(),
            ));
        }
        Ok(s)
    }

    pub(crate) fn fees(&self, case_type: CaseType) -> &CaseFees {
        match case_type {
            CaseType::Remortgaging => &self.remortgaging,
            CaseType::Buying => &self.buying,
        }
    }

    /// Works out a quote with every [`QuoteDetails`] at its default.
    pub fn quote(&self, req: &QuoteRequest, tax: &LandTaxTables) -> Result<Quote, QuoteError> {
        self.quote_with(req, &QuoteDetails::default(), tax)
    }

    /// Works out a quote. A purchase gets the land tax estimate, or a note saying why there is
    /// none.
    pub fn quote_with(
        &self,
        req: &QuoteRequest,
        details: &QuoteDetails,
        tax: &LandTaxTables,
    ) -> Result<Quote, QuoteError> {
        let negative_details = details
            .introducer
            .as_ref()
            .is_some_and(|i| i.referral_fee < 0)
            || details
                .shared_ownership_lease
                .as_ref()
                .is_some_and(|l| l.premium < 0 || l.annual_rent < 0)
            || details.staircasing.as_ref().is_some_and(|s| s.price < 0)
            || details
                .equity_transfer
                .as_ref()
                .is_some_and(|e| !e.amounts_valid());
        if req.price < 0 || req.discount < 0 || req.loan.is_some_and(|l| l < 0) || negative_details
        {
            return Err(QuoteError::Negative);
        }
        let shares_ok = details
            .equity_transfer
            .as_ref()
            .is_none_or(EquityTransfer::shares_valid)
            && details
                .staircasing
                .as_ref()
                .is_none_or(Staircasing::shares_valid);
        if !shares_ok {
            return Err(QuoteError::Shares);
        }
        let fees = self.fees(req.case_type);
        let fee_basis = match fees.legal_fee_basis {
            FeeBasis::Loan => req.loan.unwrap_or(req.price),
            FeeBasis::Price => req.price,
        };
        // The country decides which land tax return is filed; England unless told otherwise.
        let jurisdiction = req
            .land_tax
            .as_ref()
            .map_or(Jurisdiction::England, |l| l.jurisdiction);
        let people = i64::from(req.people.max(1));

        let mut legal = vec![CostLine {
            label: fees.legal_fee_label.clone(),
            amount: band_fee(&fees.legal_fee_bands, fee_basis),
        }];
        let mut counts: BTreeMap<Supplement, i64> = BTreeMap::new();
        for s in &req.supplements {
            *counts.entry(*s).or_default() += 1;
        }
        let transfer_of_equity = counts.contains_key(&Supplement::TransferOfEquity);
        let new_build = counts.contains_key(&Supplement::NewBuild);
        let shared_ownership = counts.contains_key(&Supplement::SharedOwnership);
        let part_or_new_lease = details.transfer_of_part_or_new_lease.unwrap_or(new_build);
        let purchase = fees.land_tax == LandTaxBasis::Purchase;
        let new_shared_ownership_lease = purchase
            && shared_ownership
            && (part_or_new_lease || details.shared_ownership_lease.is_some());
        // Where only a change of ownership carries land tax, that change carries the case's.
        let ownership_tax: Option<OwnershipTax> = match fees.land_tax {
            LandTaxBasis::OwnershipChange if transfer_of_equity => {
                Some(equity_tax::transfer_of_equity(
                    &details.equity_transfer.clone().unwrap_or_default(),
                    req.land_tax.as_ref(),
                    tax,
                ))
            }
            LandTaxBasis::OwnershipChange if shared_ownership => Some(match &details.staircasing {
                Some(s) => equity_tax::staircasing(s, req.land_tax.as_ref(), tax),
                None => OwnershipTax::none(equity_tax::STAIRCASING_FACTS_NEEDED.into()),
            }),
            _ => None,
        };
        let return_due = match fees.land_tax {
            LandTaxBasis::OwnershipChange => ownership_tax.as_ref().is_some_and(|t| t.return_due),
            // FA 2003 s.77A(1), LTTA 2017 s.46(3): no return for a transfer for less than
            // £40,000; a new lease is taken to need one (its rent is not known here).
            LandTaxBasis::Purchase => {
                part_or_new_lease
                    || new_shared_ownership_lease
                    || tax
                        .return_threshold(jurisdiction)
                        .is_none_or(|t| req.price >= t)
            }
        };
        for (s, n) in counts {
            let f = fees
                .supplements
                .get(&s)
                .ok_or(QuoteError::SupplementNotOffered(s))?;
            let label = if n > 1 {
                format!("{} (x{n})", f.label)
            } else {
                f.label.clone()
            };
            legal.push(CostLine {
                label,
                amount: f.fee * 100 * n,
            });
        }
        // The firm's own charges are fees: in this section, with VAT, discountable.
        for c in &fees.charges {
            if c.jurisdiction.is_some_and(|j| j != jurisdiction)
                || (c.basis == Basis::LandTaxReturn && !return_due)
            {
                continue;
            }
            legal.push(match c.basis {
                Basis::PerPerson => CostLine {
                    label: per_person(&c.label, people),
                    amount: c.amount * 100 * people,
                },
                _ => CostLine {
                    label: c.label.clone(),
                    amount: c.amount * 100,
                },
            });
        }

        let lr = &self.land_registry;
        let mut notes = vec![];
        let mut disbursements = vec![];
        let mut vatable_disbursements = 0;
        for d in &fees.disbursements {
            let (amount, label) = match d.basis {
                Basis::Fixed => (d.amount * 100, d.label.clone()),
                Basis::LandTaxReturn if !return_due => continue,
                Basis::LandTaxReturn => (d.amount * 100, d.label.clone()),
                Basis::PerPerson => (d.amount * 100 * people, per_person(&d.label, people)),
                // Fee Order 2021 art. 2(2)(c): the grant of a lease with a rent pays the full
                // Scale 1 fee on the premium plus the rent.
                Basis::LandRegistryScale1 if new_shared_ownership_lease => {
                    let value = match &details.shared_ownership_lease {
                        Some(l) => l.premium + l.annual_rent,
                        None => {
                            notes.push("HM Land Registry's fee for a new shared ownership lease is charged on the price of your share plus the yearly rent; until we know them we have worked it out on the full price, so it may come down.".into());
                            req.price
                        }
                    };
                    (
                        band_fee(&lr.scale_1, value),
                        format!("{} (new shared ownership lease)", d.label),
                    )
                }
                Basis::LandRegistryScale1 if part_or_new_lease => (
                    band_fee(&lr.scale_1, req.price),
                    format!("{} (transfer of part or new lease)", d.label),
                ),
                Basis::LandRegistryScale1 => (
                    band_fee(&lr.scale_1_electronic_whole, req.price),
                    d.label.clone(),
                ),
                Basis::LandRegistryScale2 if transfer_of_equity => (
                    0,
                    format!(
                        "{}: none, as the mortgage is registered with the transfer of equity",
                        d.label
                    ),
                ),
                Basis::LandRegistryScale2 => (
                    band_fee(&lr.scale_2_electronic_whole, req.loan.unwrap_or(req.price)),
                    d.label.clone(),
                ),
                Basis::LandRegistryTransferOfEquity if !transfer_of_equity => continue,
                Basis::LandRegistryTransferOfEquity => {
                    let t = details
                        .equity_transfer
                        .clone()
                        .unwrap_or_else(|| EquityTransfer::whole_equity(req.price, req.loan));
                    if t.consideration > 0 {
                        (
                            band_fee(&lr.scale_1_electronic_whole, t.consideration),
                            format!("{} (Scale 1 on the price paid for the share)", d.label),
                        )
                    } else {
                        (
                            band_fee(&lr.scale_2_electronic_whole, t.share_value),
                            format!("{} (Scale 2 on the value of the share)", d.label),
                        )
                    }
                }
            };
            if d.vat {
                vatable_disbursements += amount;
            }
            disbursements.push(CostLine { label, amount });
        }

        let legal_total: i64 = legal.iter().map(|c| c.amount).sum();
        // The discount comes off the legal fees before VAT, never below zero.
        let discount = req.discount.min(legal_total);
        let vat = vat_on(
            legal_total - discount + vatable_disbursements,
            self.vat_percent,
        );

        let cost_breakdown = vec![
            CostSection {
                section_title: "Legal fees".into(),
                costs: legal,
            },
            CostSection {
                section_title: "Disbursements".into(),
                costs: disbursements,
            },
            CostSection {
                section_title: "VAT".into(),
                costs: vec![CostLine {
                    label: format!("VAT at {}%", self.vat_percent),
                    amount: vat,
                }],
            },
        ];
        let subtotal: i64 = cost_breakdown
            .iter()
            .flat_map(|s| &s.costs)
            .map(|c| c.amount)
            .sum();
        let total_amount = subtotal - discount;
        let land_tax_estimate = match fees.land_tax {
            LandTaxBasis::OwnershipChange => ownership_tax.and_then(|t| {
                notes.push(t.note);
                t.estimate
            }),
            LandTaxBasis::Purchase => match land_tax_estimate(req.land_tax.as_ref(), tax) {
                Ok(estimate) => Some(estimate),
                Err(note) => {
                    notes.push(note);
                    None
                }
            },
        };
        Ok(Quote {
            total_amount,
            deposit: (fees.deposit * 100).min(total_amount),
            subtotal,
            discount,
            cost_breakdown,
            land_tax_estimate,
            deposit_terms: fees.deposit_terms.clone(),
            referral_fee: self.referral_line(details.introducer.as_ref()),
            notes,
        })
    }

    /// The referral fee disclosure line (SRA Code of Conduct para 5.1), "none" included.
    fn referral_line(&self, introducer: Option<&Introducer>) -> CostLine {
        let name = introducer.map_or("", |i| i.name.trim());
        let name = if name.is_empty() {
            "the firm that introduced you"
        } else {
            name
        };
        match introducer {
            Some(i) if i.referral_fee > 0 => CostLine {
                label: self.referral.paid.replace("{introducer}", name),
                amount: i.referral_fee,
            },
            Some(i) if !i.name.trim().is_empty() => CostLine {
                label: self.referral.unpaid.replace("{introducer}", name),
                amount: 0,
            },
            _ => CostLine {
                label: self.referral.none.clone(),
                amount: 0,
            },
        }
    }
}

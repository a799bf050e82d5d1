//! The quote calculator: a fee schedule held as data turned into the spec's Quote record.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::land_tax::{LandTaxEstimate, LandTaxInput, LandTaxTables};
use crate::snapshot::{CostLine, CostSection};
use crate::types::CaseType;

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

/// How a disbursement's amount is worked out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Basis {
    /// Once per case.
    Fixed,
    /// Once per owner or buyer.
    PerPerson,
    /// HM Land Registry Scale 1 on the price (transfers for value).
    #[serde(rename = "land_registry_scale_1")]
    LandRegistryScale1,
    /// HM Land Registry Scale 2 on the loan (registering a charge).
    #[serde(rename = "land_registry_scale_2")]
    LandRegistryScale2,
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

/// The fees for one case type.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CaseFees {
    pub legal_fee_label: String,
    pub legal_fee_bands: Vec<FeeBand>,
    pub supplements: BTreeMap<Supplement, SupplementFee>,
    pub disbursements: Vec<Disbursement>,
}

/// The whole fee schedule (`workflows/fees.toml`); every amount in whole pounds.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FeeSchedule {
    pub vat_percent: i64,
    /// The up-front non-refundable payment, capped at the total.
    pub deposit: i64,
    pub land_registry_scale_1: Vec<FeeBand>,
    pub land_registry_scale_2: Vec<FeeBand>,
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

/// The spec's Quote record (ENT-13): totalAmount, deposit, subtotal, discount, costBreakdown,
/// and for a purchase the land tax estimate.
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

impl FeeSchedule {
    /// Parses and checks the schedule.
    pub fn from_toml(text: &str) -> Result<Self, QuoteError> {
        let s: Self = toml::from_str(text).map_err(|e| QuoteError::Invalid(e.to_string()))?;
        check_bands("land_registry_scale_1", &s.land_registry_scale_1)?;
        check_bands("land_registry_scale_2", &s.land_registry_scale_2)?;
        check_bands(
            "remortgaging.legal_fee_bands",
            &s.remortgaging.legal_fee_bands,
        )?;
        check_bands("buying.legal_fee_bands", &s.buying.legal_fee_bands)?;
        Ok(s)
    }

    fn fees(&self, case_type: CaseType) -> &CaseFees {
        match case_type {
            CaseType::Remortgaging => &self.remortgaging,
            CaseType::Buying => &self.buying,
        }
    }

    /// Works out a quote. The land tax estimate is added for a purchase in England or Wales.
    pub fn quote(&self, req: &QuoteRequest, tax: &LandTaxTables) -> Result<Quote, QuoteError> {
        if req.price < 0 || req.discount < 0 || req.loan.is_some_and(|l| l < 0) {
            return Err(QuoteError::Negative);
        }
        let fees = self.fees(req.case_type);
        // Remortgage fees follow the size of the loan; purchase fees the price.
        let fee_basis = match req.case_type {
            CaseType::Remortgaging => req.loan.unwrap_or(req.price),
            CaseType::Buying => req.price,
        };

        let mut legal = vec![CostLine {
            label: fees.legal_fee_label.clone(),
            amount: band_fee(&fees.legal_fee_bands, fee_basis),
        }];
        let mut counts: BTreeMap<Supplement, i64> = BTreeMap::new();
        for s in &req.supplements {
            *counts.entry(*s).or_default() += 1;
        }
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

        let people = i64::from(req.people.max(1));
        let mut disbursements = vec![];
        let mut vatable_disbursements = 0;
        for d in &fees.disbursements {
            let (amount, label) = match d.basis {
                Basis::Fixed => (d.amount * 100, d.label.clone()),
                Basis::PerPerson => (
                    d.amount * 100 * people,
                    if people > 1 {
                        format!("{} (x{people})", d.label)
                    } else {
                        d.label.clone()
                    },
                ),
                Basis::LandRegistryScale1 => (
                    band_fee(&self.land_registry_scale_1, req.price),
                    d.label.clone(),
                ),
                Basis::LandRegistryScale2 => (
                    band_fee(&self.land_registry_scale_2, req.loan.unwrap_or(req.price)),
                    d.label.clone(),
                ),
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
        let land_tax_estimate = match (req.case_type, &req.land_tax) {
            (CaseType::Buying, Some(input)) => tax.estimate(input).ok(),
            _ => None,
        };
        Ok(Quote {
            total_amount,
            deposit: (self.deposit * 100).min(total_amount),
            subtotal,
            discount,
            cost_breakdown,
            land_tax_estimate,
        })
    }
}

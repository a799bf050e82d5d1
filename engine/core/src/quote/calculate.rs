//! Working out a quote from the schedule: the legal fees and the firm's charges, the
//! disbursements, VAT, the discount and the total.

use std::collections::BTreeMap;

use super::estimate::land_tax_estimate;
use super::{
    Basis, EquityTransfer, FeeBand, FeeBasis, FeeSchedule, LandTaxBasis, Quote, QuoteDetails,
    QuoteError, QuoteRequest, Staircasing, Supplement,
};
use crate::equity_tax::{self, OwnershipTax};
use crate::land_tax::LandTaxTables;
use crate::snapshot::{CostLine, CostSection};
use crate::types::Jurisdiction;

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

impl FeeSchedule {
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
}

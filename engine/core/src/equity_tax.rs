//! Land tax on a remortgage that changes who owns the home: a transfer of equity, or buying a
//! further share of a shared-ownership home ("staircasing"). The tax itself comes from the
//! purchase tables ([`LandTaxTables::estimate`]) on the chargeable consideration worked out here;
//! this module decides that consideration, the exemptions, and whether a return is due.
//!
//! Sources: Finance Act 2003 (SDLT, England) Sch 4 para 8 (debt as consideration), Sch 3 paras 3
//! and 3A (divorce, dissolution), Sch 9 para 4A (staircasing), s.77 and s.77A (notifiable
//! transactions); HMRC SDLTM04040A, SDLTM00550, SDLTM27060, SDLTM27080. Land Transaction Tax and
//! Anti-avoidance of Devolved Taxes (Wales) Act 2017 (LTTA): Sch 4 (chargeable consideration,
//! the same debt rule), Sch 3 para 3 and the civil partnership paragraph after it (divorce,
//! dissolution), Sch 15 para 6 (staircasing), s.17 (reliefs are claimed), s.45 and s.46
//! (notifiable transactions).

use serde::{Deserialize, Serialize};

use crate::land_tax::{LandTaxEstimate, LandTaxInput, LandTaxTables};
use crate::money::pounds_in_words as money;
use crate::types::{Jurisdiction, LandTaxType, TransferReason};

/// 100% in basis points: shares are held in basis points (5000 = 50%), as the owners' shares are.
pub const WHOLE_SHARE: u32 = 10_000;

/// FA 2003 Sch 9 para 4A(2)(b), LTTA 2017 Sch 15 para 6(2)(b): without a market value election,
/// staircasing is free of tax while the leaseholder's total share stays at or under 80%.
const STAIRCASING_TAX_FREE_UP_TO: u32 = 8_000;

fn whole_share() -> u32 {
    WHOLE_SHARE
}

/// A transfer of equity (remortgaging with `Supplement::TransferOfEquity`): what changes hands,
/// for HM Land Registry's fee and the land tax. Money in pence, shares in basis points.
///
/// The land tax follows FA 2003 Sch 4 para 8 and HMRC SDLTM04040A: the chargeable consideration
/// is the money paid plus the part of the mortgage debt the acquirer takes on, and a secured debt
/// is taken to be owed by each owner in proportion to their share of the property. So
/// consideration = `consideration` + `mortgage_debt` × (`acquirer_share_after` −
/// `acquirer_share_before`). E.g. adding a partner as a 50% owner of a home with a £200,000
/// mortgage: 0% → 50%, £100,000; taking over an ex-partner's 70%: 30% → 100%, 70% of the debt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EquityTransfer {
    /// HM Land Registry fee: the value of the share that changes hands, less its part of any
    /// mortgage.
    pub share_value: i64,
    /// Money paid for the share; 0 = none (taking over the mortgage is not money paid).
    pub consideration: i64,
    /// Land tax: the mortgage debt secured on the home immediately before the transfer (what is
    /// owed, with any interest due), which the owners after it are liable for. Some(0) = no
    /// mortgage. None = not known: no estimate, unless the transfer is exempt.
    #[serde(default)]
    pub mortgage_debt: Option<i64>,
    /// Land tax: the share of the home held by whoever acquires the share (all of them together)
    /// before the transfer, in basis points. Default 0: a new owner.
    #[serde(default)]
    pub acquirer_share_before: u32,
    /// Land tax: the acquirers' share after the transfer, in basis points. Default 10000: they
    /// own it all (and so are taken to owe all of the debt), which never understates the tax.
    #[serde(default = "whole_share")]
    pub acquirer_share_after: u32,
    /// The separation reason captured for a transfer on divorce or dissolution. Any reason makes
    /// the transfer exempt (FA 2003 Sch 3 paras 3 and 3A; LTTA 2017 Sch 3): the app asks
    /// for it only when spouses or civil partners separate, under a court order, a consent order
    /// or their agreement. None = not such a transfer.
    #[serde(default)]
    pub reason: Option<TransferReason>,
}

impl Default for EquityTransfer {
    fn default() -> Self {
        Self {
            share_value: 0,
            consideration: 0,
            mortgage_debt: None,
            acquirer_share_before: 0,
            acquirer_share_after: WHOLE_SHARE,
            reason: None,
        }
    }
}

impl EquityTransfer {
    /// Nothing known but the home's value and the new loan: no money paid, and the share taken
    /// to be worth the whole equity (value less the loan), which never understates HM Land
    /// Registry's fee.
    pub fn whole_equity(value: i64, loan: Option<i64>) -> Self {
        Self {
            share_value: (value - loan.unwrap_or(0)).max(0),
            ..Self::default()
        }
    }

    /// The part of the mortgage debt the acquirers take on (pence), when the debt is known.
    pub fn debt_taken_on(&self) -> Option<i64> {
        let gained = self
            .acquirer_share_after
            .saturating_sub(self.acquirer_share_before);
        self.mortgage_debt
            .map(|d| (i128::from(d) * i128::from(gained) / i128::from(WHOLE_SHARE)) as i64)
    }

    /// The chargeable consideration (pence): the money paid plus the debt taken on (FA 2003 Sch 4
    /// para 8). None when the debt is not known.
    pub fn chargeable_consideration(&self) -> Option<i64> {
        self.debt_taken_on().map(|d| d + self.consideration)
    }

    /// No amount below zero.
    pub(crate) fn amounts_valid(&self) -> bool {
        self.share_value >= 0
            && self.consideration >= 0
            && self.mortgage_debt.is_none_or(|d| d >= 0)
    }

    /// The share before at most the share after, at most 100%.
    pub(crate) fn shares_valid(&self) -> bool {
        self.acquirer_share_before <= self.acquirer_share_after
            && self.acquirer_share_after <= WHOLE_SHARE
    }
}

/// Buying a further share of a shared-ownership home (remortgaging with
/// `Supplement::SharedOwnership`, reason SHARED_OWNERSHIP_STAIRCASING). Shares in basis points,
/// money in pence.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Staircasing {
    /// The leaseholder's share of the home before this purchase.
    pub share_before: u32,
    /// Their share after it (10000 = they own it all).
    pub share_after: u32,
    /// The price paid for the further share.
    pub price: i64,
    /// Whether a market value election was made, and its tax paid, when the lease was granted
    /// (then no further tax, FA 2003 Sch 9 para 4A(2)(a)). None = not known: the quote shows the
    /// tax as if none was made, and says so.
    #[serde(default)]
    pub market_value_election_made: Option<bool>,
}

impl Staircasing {
    /// The share before at most the share after, at most 100%.
    pub(crate) fn shares_valid(&self) -> bool {
        self.share_before <= self.share_after && self.share_after <= WHOLE_SHARE
    }
}

/// The land tax of an ownership change as the quote shows it.
pub(crate) struct OwnershipTax {
    pub estimate: Option<LandTaxEstimate>,
    /// A land transaction return is due, so the firm's return charge applies.
    pub return_due: bool,
    /// What the estimate assumes, for the client.
    pub note: String,
}

/// The note of a staircasing quote made before its facts are known.
pub(crate) const STAIRCASING_FACTS_NEEDED: &str = "No land tax estimate for buying the further share yet: we need your share before and after, the price of the share, and whether a market value election was made when your lease was granted.";

impl OwnershipTax {
    pub(crate) fn none(note: String) -> Self {
        Self {
            estimate: None,
            return_due: false,
            note,
        }
    }
}

/// "50%" or "12.5%".
fn percent(basis_points: u32) -> String {
    let whole = basis_points / 100;
    match basis_points % 100 {
        0 => format!("{whole}%"),
        f if f % 10 == 0 => format!("{whole}.{}%", f / 10),
        f => format!("{whole}.{f:02}%"),
    }
}

fn tax_name(estimate: &LandTaxEstimate) -> &'static str {
    match estimate.land_tax_type {
        LandTaxType::StampDutyLandTax => "Stamp Duty Land Tax",
        LandTaxType::LandTransactionTax => "Land Transaction Tax",
    }
}

/// The tax on `consideration` at the residential rates in force on the effective date, with the
/// surcharges as given; first-time buyer relief never applies to these transactions.
fn estimate_on(
    consideration: i64,
    input: &LandTaxInput,
    tax: &LandTaxTables,
) -> Result<LandTaxEstimate, String> {
    tax.estimate(&LandTaxInput {
        price: consideration,
        first_time_buyer: false,
        ..input.clone()
    })
    // The buyer's assumptions do not describe a change of ownership: its note does.
    .map(|e| LandTaxEstimate {
        assumptions: String::new(),
        ..e
    })
    .map_err(|e| crate::quote::why_no_estimate(&e))
}

fn return_sentence(due: bool, threshold: Option<i64>) -> String {
    match (due, threshold) {
        (true, _) => "A land transaction return is due; we file it for you.".into(),
        (false, Some(t)) => format!("As this is under {}, no return is needed.", money(t)),
        (false, None) => "No return is needed.".into(),
    }
}

const NEED_WHERE_AND_WHEN: &str =
    "we need the country the property is in and the date the change of ownership completes.";

/// The land tax on a transfer of equity, or why there is no estimate.
pub(crate) fn transfer_of_equity(
    t: &EquityTransfer,
    input: Option<&LandTaxInput>,
    tax: &LandTaxTables,
) -> OwnershipTax {
    let Some(input) = input else {
        return OwnershipTax::none(format!(
            "No land tax estimate for the transfer of equity yet: {NEED_WHERE_AND_WHEN}"
        ));
    };
    if let Some(reason) = t.reason {
        // FA 2003 Sch 3 paras 3 and 3A, LTTA 2017 Sch 3 para 3: exempt from charge, and an
        // exempt transaction is not notifiable (FA 2003 s.77A(1); LTTA 2017 s.46(2)).
        let basis = match reason {
            TransferReason::CourtOrder => "a court order",
            TransferReason::ConsentOrder => "a consent order",
            TransferReason::PrivateAgreement => "your separation agreement",
        };
        return match estimate_on(0, input, tax) {
            Ok(estimate) => OwnershipTax {
                note: format!(
                    "No {} on the transfer of equity, and no return: a transfer between spouses or civil partners under a court order, or their agreement, on their divorce, dissolution or separation is exempt. We have taken it that the transfer is between you and your former spouse or civil partner under {basis}; if anyone else is involved, tell us, as tax may then be due.",
                    tax_name(&estimate)
                ),
                estimate: Some(estimate),
                return_due: false,
            },
            Err(note) => OwnershipTax::none(note),
        };
    }
    let (Some(debt), Some(taken_on), Some(consideration)) = (
        t.mortgage_debt,
        t.debt_taken_on(),
        t.chargeable_consideration(),
    ) else {
        return OwnershipTax::none(
            "No land tax estimate for the transfer of equity yet: we need the mortgage balance and each owner's share before and after the transfer.".into(),
        );
    };
    match estimate_on(consideration, input, tax) {
        Ok(estimate) => {
            let threshold = tax.return_threshold(input.jurisdiction);
            let return_due = threshold.is_none_or(|t| consideration >= t);
            let gained = t
                .acquirer_share_after
                .saturating_sub(t.acquirer_share_before);
            let debt_part = format!(
                "{} of the {} mortgage ({}), taken on by whoever receives the share: taking on part of a mortgage counts as paying for it",
                percent(gained),
                money(debt),
                money(taken_on)
            );
            let basis = match (t.consideration > 0, taken_on > 0) {
                (true, true) => format!(
                    "the {} paid for the share plus {debt_part}",
                    money(t.consideration)
                ),
                (true, false) => format!("the {} paid for the share", money(t.consideration)),
                (false, true) => debt_part,
                (false, false) => {
                    "nothing is paid for the share and no mortgage is taken on".into()
                }
            };
            OwnershipTax {
                note: format!(
                    "{} on the transfer of equity is estimated on {}: {basis}. {}",
                    tax_name(&estimate),
                    money(consideration),
                    return_sentence(return_due, threshold)
                ),
                estimate: Some(estimate),
                return_due,
            }
        }
        Err(note) => OwnershipTax::none(note),
    }
}

/// The land tax on a staircasing purchase, or why there is no estimate.
pub(crate) fn staircasing(
    s: &Staircasing,
    input: Option<&LandTaxInput>,
    tax: &LandTaxTables,
) -> OwnershipTax {
    let Some(input) = input else {
        return OwnershipTax::none(format!(
            "No land tax estimate for buying the further share yet: {NEED_WHERE_AND_WHEN}"
        ));
    };
    let threshold = tax.return_threshold(input.jurisdiction);
    let election = s.market_value_election_made == Some(true);
    let chargeable = !election && s.share_after > STAIRCASING_TAX_FREE_UP_TO;
    let consideration = if chargeable { s.price } else { 0 };
    let estimate = match estimate_on(consideration, input, tax) {
        Ok(estimate) => estimate,
        Err(note) => return OwnershipTax::none(note),
    };
    let return_due = match input.jurisdiction {
        // SDLTM27080: staircasing is notifiable only when it takes the share over 80% without an
        // election and the price is above the nil-rate threshold, i.e. when tax is due.
        Jurisdiction::England => chargeable && estimate.amount > 0,
        // LTTA 2017 Sch 15 para 6 is a relief, not an exemption: it is claimed in a return
        // (s.17(b)), which is due unless the price is under £40,000 (s.46(3)).
        _ => threshold.is_none_or(|t| s.price >= t),
    };
    let name = tax_name(&estimate);
    let why = if election {
        format!(
            "No {name} on buying the further share: a market value election was made when your lease was granted, so the tax was paid then."
        )
    } else if !chargeable {
        format!(
            "No {name} on buying the further share: it takes your share to {}, and there is no tax on staircasing until your share goes above 80%.",
            percent(s.share_after)
        )
    } else {
        let mut text = format!(
            "{name} on buying the further share is estimated on its price, {}, as it takes your share to {}, above 80%.",
            money(s.price),
            percent(s.share_after)
        );
        // SDLTM28120: without an election the grant and later staircasing are linked, so the
        // rate can follow what was paid for every share; the tranche alone is the least it is.
        text.push_str(" What you paid for your earlier shares can raise the rate; we will confirm the figure.");
        if s.market_value_election_made.is_none() {
            text.push_str(" This assumes no market value election was made when your lease was granted; if one was, and its tax paid, there is no tax now. Your papers from the purchase of the lease will say.");
        }
        text
    };
    let returns = if return_due && !chargeable {
        "A return claiming the relief is still due; we file it for you.".to_owned()
    } else if return_due {
        "A land transaction return is due; we file it for you.".to_owned()
    } else {
        match (input.jurisdiction, threshold) {
            (Jurisdiction::Wales, Some(t)) => {
                format!("As the price is under {}, no return is needed.", money(t))
            }
            (Jurisdiction::England, _) if chargeable => {
                "As no tax is due on it, no return is needed.".to_owned()
            }
            _ => "No return is needed.".to_owned(),
        }
    };
    OwnershipTax {
        note: format!("{why} {returns}"),
        estimate: Some(estimate),
        return_due,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_reads_as_written() {
        assert_eq!(percent(5_000), "50%");
        assert_eq!(percent(1_250), "12.5%");
        assert_eq!(percent(3_333), "33.33%");
    }

    #[test]
    fn sdltm04040a_the_debt_taken_on_follows_the_share_gained() {
        // HMRC SDLTM04040A: a new 50% owner takes on half the debt; 30% → 100% is 70% of it.
        let half = EquityTransfer {
            mortgage_debt: Some(20_000_000),
            acquirer_share_after: 5_000,
            ..EquityTransfer::default()
        };
        assert_eq!(half.chargeable_consideration(), Some(10_000_000));
        let rest = EquityTransfer {
            mortgage_debt: Some(20_000_000),
            acquirer_share_before: 3_000,
            consideration: 500_000,
            ..EquityTransfer::default()
        };
        assert_eq!(rest.debt_taken_on(), Some(14_000_000));
        assert_eq!(rest.chargeable_consideration(), Some(14_500_000));
        // Not told the debt: no figure rather than a guess.
        assert_eq!(EquityTransfer::default().chargeable_consideration(), None);
    }

    #[test]
    fn shares_must_rise_within_100_percent() {
        let t = EquityTransfer {
            acquirer_share_before: 6_000,
            acquirer_share_after: 5_000,
            ..EquityTransfer::default()
        };
        assert!(!t.shares_valid());
        assert!(EquityTransfer::default().shares_valid());
        let s = Staircasing {
            share_before: 5_000,
            share_after: 10_001,
            price: 1,
            market_value_election_made: None,
        };
        assert!(!s.shares_valid());
    }

    #[test]
    fn the_old_two_field_form_still_reads_with_defaults() {
        let t: EquityTransfer =
            serde_json::from_str(r#"{"shareValue": 100, "consideration": 5}"#).unwrap();
        assert_eq!(
            t,
            EquityTransfer {
                share_value: 100,
                consideration: 5,
                ..EquityTransfer::default()
            }
        );
        assert_eq!(t.acquirer_share_after, WHOLE_SHARE);
    }
}

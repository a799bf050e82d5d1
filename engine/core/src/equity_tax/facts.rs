//! What changes hands: a transfer of equity or a staircasing purchase, as the quote is told it.

use serde::{Deserialize, Serialize};

use crate::types::TransferReason;

/// 100% in basis points: shares are held in basis points (5000 = 50%), as the owners' shares are.
pub const WHOLE_SHARE: u32 = 10_000;

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

#[cfg(test)]
mod tests {
    use super::*;

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

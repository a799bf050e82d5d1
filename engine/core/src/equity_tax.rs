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
//!
//! What changes hands (`facts`), the tax on a transfer of equity (`transfer`) and on staircasing
//! (`staircasing`); here, what the quote is given and what both write.

mod facts;
mod staircasing;
mod transfer;

use crate::land_tax::{LandTaxEstimate, LandTaxInput, LandTaxTables};
use crate::types::LandTaxType;

pub use facts::{EquityTransfer, Staircasing, WHOLE_SHARE};
pub(crate) use staircasing::{STAIRCASING_FACTS_NEEDED, staircasing};
pub(crate) use transfer::transfer_of_equity;

/// The land tax of an ownership change as the quote shows it.
pub(crate) struct OwnershipTax {
    pub estimate: Option<LandTaxEstimate>,
    /// A land transaction return is due, so the firm's return charge applies.
    pub return_due: bool,
    /// What the estimate assumes, for the client.
    pub note: String,
}

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

const NEED_WHERE_AND_WHEN: &str =
    "we need the country the property is in and the date the change of ownership completes.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_reads_as_written() {
        assert_eq!(percent(5_000), "50%");
        assert_eq!(percent(1_250), "12.5%");
        assert_eq!(percent(3_333), "33.33%");
    }
}

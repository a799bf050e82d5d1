//! The land tax on a transfer of equity: exempt on a separation, otherwise on the money paid
//! plus the mortgage debt taken on.

use super::{EquityTransfer, NEED_WHERE_AND_WHEN, OwnershipTax, estimate_on, percent, tax_name};
use crate::land_tax::{LandTaxInput, LandTaxTables};
use crate::money::pounds_in_words as money;
use crate::types::TransferReason;

fn return_sentence(due: bool, threshold: Option<i64>) -> String {
    match (due, threshold) {
        (true, _) => "A land transaction return is due; we file it for you.".into(),
        (false, Some(t)) => format!("As this is under {}, no return is needed.", money(t)),
        (false, None) => "No return is needed.".into(),
    }
}

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

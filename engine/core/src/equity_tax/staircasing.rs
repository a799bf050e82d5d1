//! The land tax on buying a further share of a shared-ownership home (staircasing).

use super::{NEED_WHERE_AND_WHEN, OwnershipTax, Staircasing, estimate_on, percent, tax_name};
use crate::land_tax::{LandTaxInput, LandTaxTables};
use crate::money::pounds_in_words as money;
use crate::types::Jurisdiction;

/// FA 2003 Sch 9 para 4A(2)(b), LTTA 2017 Sch 15 para 6(2)(b): without a market value election,
/// staircasing is free of tax while the leaseholder's total share stays at or under 80%.
const STAIRCASING_TAX_FREE_UP_TO: u32 = 8_000;

/// The note of a staircasing quote made before its facts are known.
pub(crate) const STAIRCASING_FACTS_NEEDED: &str = "No land tax estimate for buying the further share yet: we need your share before and after, the price of the share, and whether a market value election was made when your lease was granted.";

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

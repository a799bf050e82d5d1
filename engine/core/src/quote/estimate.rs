//! A purchase's land tax estimate, or why there is none, for the quote's notes.

use crate::evaluate::format_date;
use crate::land_tax::{LandTaxError, LandTaxEstimate, LandTaxInput, LandTaxTables};
use crate::types::Jurisdiction;

/// A purchase's land tax estimate, or why there is none, in words for the customer.
pub(super) fn land_tax_estimate(
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

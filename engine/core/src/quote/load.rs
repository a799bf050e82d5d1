//! Reading the fee schedule and refusing one that does not make sense.

use super::{Basis, FeeBand, FeeSchedule, QuoteError};

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
}

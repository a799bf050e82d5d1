//! Working out the tax on a purchase from the rates in force on its effective date.

use chrono::NaiveDate;

use super::{
    Band, LandTaxError, LandTaxEstimate, LandTaxInput, LandTaxTables, RateTable, Surcharge,
    basis_points,
};
use crate::types::{Jurisdiction, LandTaxType};

impl LandTaxTables {
    /// The estimate for one purchase.
    pub fn estimate(&self, input: &LandTaxInput) -> Result<LandTaxEstimate, LandTaxError> {
        match input.jurisdiction {
            Jurisdiction::England => self.sdlt(input),
            Jurisdiction::Wales => self.ltt(input),
            other => Err(LandTaxError::UnsupportedJurisdiction(other)),
        }
    }

    fn sdlt(&self, i: &LandTaxInput) -> Result<LandTaxEstimate, LandTaxError> {
        let e = &self.england;
        let standard = in_force(&e.standard, i.effective_date)?;
        // Relief only for first-time buyers of a main residence at or under the price cap;
        // above the cap the standard rates apply to the whole price.
        let relief = in_force(&e.first_time_buyer, i.effective_date)
            .ok()
            .filter(|t| {
                i.first_time_buyer
                    && !i.additional_dwelling
                    && t.max_price.is_none_or(|cap| i.price <= cap * 100)
            });
        let table = relief.unwrap_or(standard);
        // Neither surcharge applies to a price under the £40,000 floor (HMRC: higher rates and
        // the non-resident surcharge alike).
        let above_floor = i.price >= e.higher_rates_floor * 100;
        let mut surcharge = 0;
        if i.additional_dwelling && above_floor {
            surcharge += surcharge_on(&e.additional_dwelling_surcharge, i.effective_date)?;
        }
        if i.non_uk_resident && above_floor {
            surcharge += surcharge_on(&e.non_resident_surcharge, i.effective_date)?;
        }
        Ok(LandTaxEstimate::new(
            LandTaxType::StampDutyLandTax,
            tax(&table.bands, i.price, surcharge)?,
            &e.authority,
            i,
        ))
    }

    fn ltt(&self, i: &LandTaxInput) -> Result<LandTaxEstimate, LandTaxError> {
        let w = &self.wales;
        // Wales has its own higher-rates table rather than a flat surcharge, no first-time
        // buyer relief and no non-resident surcharge.
        let tables = if i.additional_dwelling && i.price >= w.higher_rates_floor * 100 {
            &w.higher
        } else {
            &w.main
        };
        let table = in_force(tables, i.effective_date)?;
        Ok(LandTaxEstimate::new(
            LandTaxType::LandTransactionTax,
            tax(&table.bands, i.price, 0)?,
            &w.authority,
            i,
        ))
    }
}

fn in_force(tables: &[RateTable], date: NaiveDate) -> Result<&RateTable, LandTaxError> {
    tables
        .iter()
        .rev()
        .find(|t| t.effective_from <= date)
        .ok_or(LandTaxError::NoRatesOn(date))
}

fn surcharge_on(list: &[Surcharge], date: NaiveDate) -> Result<i64, LandTaxError> {
    list.iter()
        .rev()
        .find(|s| s.effective_from <= date)
        .map_or(Ok(0), |s| basis_points(s.percent))
}

/// Tax in pence, rounded down to the whole pound as HMRC and the WRA do.
fn tax(bands: &[Band], price: i64, surcharge_bp: i64) -> Result<i64, LandTaxError> {
    // Sum in pence × basis points and divide once, so no band loses a fraction of a penny.
    let mut total: i128 = 0;
    for (n, band) in bands.iter().enumerate() {
        let lower = band.above * 100;
        if price <= lower {
            break;
        }
        let upper = bands
            .get(n + 1)
            .map_or(price, |b| (b.above * 100).min(price));
        let rate = basis_points(band.percent)? + surcharge_bp;
        total += i128::from(upper - lower) * i128::from(rate);
    }
    let pence = (total / 10_000) as i64;
    Ok(pence / 100 * 100)
}

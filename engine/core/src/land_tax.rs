//! Land tax on a residential purchase: Stamp Duty Land Tax (England) and Land Transaction Tax
//! (Wales), from rate tables held as data and keyed by the date they took effect.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::types::{Jurisdiction, LandTaxType};

/// One band: the rate applies to the part of the price above `above` pounds, up to the next
/// band's threshold.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Band {
    pub above: i64,
    pub percent: f64,
}

/// A band table in force from a date.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RateTable {
    pub effective_from: NaiveDate,
    pub bands: Vec<Band>,
    /// First-time buyer relief only: no relief when the price is above this (pounds).
    #[serde(default)]
    pub max_price: Option<i64>,
}

/// A flat surcharge added to every band's rate, in force from a date.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Surcharge {
    pub effective_from: NaiveDate,
    pub percent: f64,
}

/// Who the tax is paid to and when: the land tax estimate names them.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Authority {
    /// The tax's name, e.g. "Stamp Duty Land Tax".
    pub tax: String,
    /// Who the return goes to and the tax is paid to, e.g. "HM Revenue & Customs".
    pub payable_to: String,
    /// Days after the effective date (normally completion) by which the return is filed and
    /// the tax paid.
    pub due_days: u32,
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct EnglandTables {
    pub authority: Authority,
    pub standard: Vec<RateTable>,
    pub first_time_buyer: Vec<RateTable>,
    pub additional_dwelling_surcharge: Vec<Surcharge>,
    pub non_resident_surcharge: Vec<Surcharge>,
    /// Below this price (pounds) neither the additional-dwelling nor the non-resident surcharge
    /// applies.
    pub higher_rates_floor: i64,
    /// A transfer (not a lease) for less than this (pounds) needs no land transaction return.
    pub return_threshold: i64,
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct WalesTables {
    pub authority: Authority,
    pub main: Vec<RateTable>,
    pub higher: Vec<RateTable>,
    /// Below this price (pounds) the higher rates do not apply.
    pub higher_rates_floor: i64,
    /// A transfer (not a lease) for less than this (pounds) needs no land transaction return.
    pub return_threshold: i64,
}

/// All land tax tables (`workflows/land_tax.toml`).
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LandTaxTables {
    pub england: EnglandTables,
    pub wales: WalesTables,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LandTaxError {
    #[error("land tax tables are not valid: {0}")]
    Invalid(String),
    #[error("no land tax estimate for a property in {0:?}")]
    UnsupportedJurisdiction(Jurisdiction),
    #[error("no rates in force on {0}")]
    NoRatesOn(NaiveDate),
}

/// What the estimate depends on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LandTaxInput {
    pub jurisdiction: Jurisdiction,
    /// Purchase price in pence.
    pub price: i64,
    /// The effective date of the transaction (normally completion).
    pub effective_date: NaiveDate,
    /// Every buyer is a first-time buyer buying their main residence.
    pub first_time_buyer: bool,
    /// The buyer will own more than one dwelling and is not replacing a main residence.
    pub additional_dwelling: bool,
    /// Any buyer is not UK resident (England only; the 2% surcharge). Default: every buyer is
    /// UK resident.
    #[serde(default)]
    pub non_uk_resident: bool,
}

/// The spec's land tax estimate: `landTaxType` and `amount` (pence, whole pounds; 0 = none),
/// with who it is paid to and by when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LandTaxEstimate {
    pub land_tax_type: LandTaxType,
    pub amount: i64,
    /// What to show with the amount, e.g. "Stamp Duty Land Tax (estimate), payable to HM Revenue
    /// & Customs within 14 days of completion".
    #[serde(default)]
    pub label: String,
    /// "HM Revenue & Customs" (SDLT) or "Welsh Revenue Authority" (LTT).
    #[serde(default)]
    pub payable_to: String,
    /// The return is filed and the tax paid within this many days of completion (the effective
    /// date): 14 for SDLT, 30 for LTT.
    #[serde(default)]
    pub due_days_after_completion: u32,
    /// The facts the estimate was worked out on, in a sentence for the customer (a purchase's;
    /// empty for a change of ownership, whose note says what it used).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub assumptions: String,
}

impl LandTaxInput {
    /// The facts the estimate rests on, in words: the spec's sentence (CONST-29) for the
    /// defaults, "The estimate assumes England, UK-resident buyers and no multiple property
    /// ownership.", and the facts actually used otherwise. Wales has no non-resident surcharge,
    /// so residence is not named there.
    pub fn assumptions(&self) -> String {
        let mut facts = vec![match self.jurisdiction {
            Jurisdiction::Wales => "Wales",
            _ => "England",
        }];
        if self.first_time_buyer && self.jurisdiction != Jurisdiction::Wales {
            facts.push("first-time buyers buying their main home");
        }
        if self.jurisdiction != Jurisdiction::Wales {
            facts.push(if self.non_uk_resident {
                "a buyer not resident in the UK (the 2% surcharge)"
            } else {
                "UK-resident buyers"
            });
        }
        facts.push(if self.additional_dwelling {
            "a buyer owning more than one home without replacing their main home (the higher rates)"
        } else {
            "no multiple property ownership"
        });
        let last = facts.pop().unwrap_or_default();
        if facts.is_empty() {
            format!("The estimate assumes {last}.")
        } else {
            format!("The estimate assumes {} and {last}.", facts.join(", "))
        }
    }
}

impl LandTaxEstimate {
    fn new(land_tax_type: LandTaxType, amount: i64, a: &Authority, input: &LandTaxInput) -> Self {
        Self {
            assumptions: input.assumptions(),
            land_tax_type,
            amount,
            label: format!(
                "{} (estimate), payable to {} within {} days of completion",
                a.tax, a.payable_to, a.due_days
            ),
            payable_to: a.payable_to.clone(),
            due_days_after_completion: a.due_days,
        }
    }
}

/// Basis points (1/100 of a percent) from a percentage written in the data; refuses anything
/// finer than 0.01% so float data can never leak rounding into money.
fn basis_points(percent: f64) -> Result<i64, LandTaxError> {
    let bp = (percent * 100.0).round();
    if (bp - percent * 100.0).abs() > 1e-6 || !(0.0..=10_000.0).contains(&bp) {
        return Err(LandTaxError::Invalid(format!("rate {percent}%")));
    }
    Ok(bp as i64)
}

fn check_tables(name: &str, tables: &[RateTable]) -> Result<(), LandTaxError> {
    if tables.is_empty() || !tables.is_sorted_by_key(|t| t.effective_from) {
        return Err(LandTaxError::Invalid(format!(
            "{name}: tables missing or not in date order"
        )));
    }
    for t in tables {
        if t.bands.first().map(|b| b.above) != Some(0)
            || !t.bands.windows(2).all(|w| w[0].above < w[1].above)
        {
            return Err(LandTaxError::Invalid(format!(
                "{name} from {}: bands must start at 0 and rise",
                t.effective_from
            )));
        }
        for b in &t.bands {
            basis_points(b.percent)?;
        }
    }
    Ok(())
}

impl LandTaxTables {
    /// Parses and checks the tables.
    pub fn from_toml(text: &str) -> Result<Self, LandTaxError> {
        let t: Self = toml::from_str(text).map_err(|e| LandTaxError::Invalid(e.to_string()))?;
        check_tables("england.standard", &t.england.standard)?;
        check_tables("england.first_time_buyer", &t.england.first_time_buyer)?;
        check_tables("wales.main", &t.wales.main)?;
        check_tables("wales.higher", &t.wales.higher)?;
        for (name, a) in [
            ("england", &t.england.authority),
            ("wales", &t.wales.authority),
        ] {
            if a.tax.trim().is_empty() || a.payable_to.trim().is_empty() || a.due_days == 0 {
                return Err(LandTaxError::Invalid(format!(
                    "{name}.authority: tax, payable_to and due_days are required"
                )));
            }
        }
        for s in t
            .england
            .additional_dwelling_surcharge
            .iter()
            .chain(&t.england.non_resident_surcharge)
        {
            basis_points(s.percent)?;
        }
        Ok(t)
    }

    /// The chargeable consideration (pence) from which a transfer of a freehold, or of a lease
    /// granted for 7 years or more, needs a land transaction return: FA 2003 s.77(1)(a) and
    /// s.77A(1) (England), LTTA 2017 s.45(1)(a) and s.46(3) (Wales). None outside both.
    pub fn return_threshold(&self, jurisdiction: Jurisdiction) -> Option<i64> {
        match jurisdiction {
            Jurisdiction::England => Some(self.england.return_threshold * 100),
            Jurisdiction::Wales => Some(self.wales.return_threshold * 100),
            _ => None,
        }
    }

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

#[cfg(test)]
mod tests {
    use super::*;

    fn input(jurisdiction: Jurisdiction) -> LandTaxInput {
        LandTaxInput {
            jurisdiction,
            price: 30_000_000,
            effective_date: NaiveDate::from_ymd_opt(2026, 12, 1).unwrap(),
            first_time_buyer: false,
            additional_dwelling: false,
            non_uk_resident: false,
        }
    }

    #[test]
    fn const_29_the_default_facts_give_the_specs_sentence() {
        assert_eq!(
            input(Jurisdiction::England).assumptions(),
            "The estimate assumes England, UK-resident buyers and no multiple property ownership."
        );
        assert_eq!(
            input(Jurisdiction::Wales).assumptions(),
            "The estimate assumes Wales and no multiple property ownership."
        );
    }

    #[test]
    fn the_sentence_names_the_facts_actually_used() {
        let facts = LandTaxInput {
            first_time_buyer: true,
            non_uk_resident: true,
            additional_dwelling: true,
            ..input(Jurisdiction::England)
        };
        assert_eq!(
            facts.assumptions(),
            "The estimate assumes England, first-time buyers buying their main home, a buyer not \
             resident in the UK (the 2% surcharge) and a buyer owning more than one home without \
             replacing their main home (the higher rates)."
        );
        // Wales: no first-time buyer relief and no non-resident surcharge to name.
        let wales = LandTaxInput {
            first_time_buyer: true,
            non_uk_resident: true,
            ..input(Jurisdiction::Wales)
        };
        assert_eq!(
            wales.assumptions(),
            "The estimate assumes Wales and no multiple property ownership."
        );
    }
}

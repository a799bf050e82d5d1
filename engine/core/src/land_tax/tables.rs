//! The rate tables as data (`workflows/land_tax.toml`), reading and checking them, and the
//! threshold of a land transaction return.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::{LandTaxError, basis_points};
use crate::types::Jurisdiction;

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
}

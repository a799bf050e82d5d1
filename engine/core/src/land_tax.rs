//! Land tax on a residential purchase: Stamp Duty Land Tax (England) and Land Transaction Tax
//! (Wales), from rate tables held as data and keyed by the date they took effect.
//!
//! The rate tables and reading them (`tables`), what an estimate depends on and gives
//! (`estimate`), and working out the tax (`calculate`).

mod calculate;
mod estimate;
mod tables;

use chrono::NaiveDate;

use crate::types::Jurisdiction;

pub use estimate::{LandTaxEstimate, LandTaxInput};
pub use tables::{
    Authority, Band, EnglandTables, LandTaxTables, RateTable, Surcharge, WalesTables,
};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LandTaxError {
    #[error("land tax tables are not valid: {0}")]
    Invalid(String),
    #[error("no land tax estimate for a property in {0:?}")]
    UnsupportedJurisdiction(Jurisdiction),
    #[error("no rates in force on {0}")]
    NoRatesOn(NaiveDate),
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

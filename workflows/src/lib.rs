//! The case workflows as data, and the named guards and rules they reference.
//!
//! `Workflows::load()` parses and validates the embedded definitions (`remortgaging.toml`,
//! `buying.toml`), so a broken definition fails at start-up and in `cargo test`, never later.

mod buying;
mod common;
mod remortgaging;

use threshold_engine::{BuyingSnapshot, LoadError, RemortgagingSnapshot, Workflow};

/// The remortgaging definition, embedded so the binary needs no files at run time.
pub const REMORTGAGING_TOML: &str = include_str!("../remortgaging.toml");
/// The buying definition.
pub const BUYING_TOML: &str = include_str!("../buying.toml");

/// Both case types' validated workflows.
#[derive(Debug)]
pub struct Workflows {
    pub remortgaging: Workflow<RemortgagingSnapshot>,
    pub buying: Workflow<BuyingSnapshot>,
}

impl Workflows {
    /// Loads and validates both embedded definitions.
    pub fn load() -> Result<Self, LoadError> {
        Ok(Self {
            remortgaging: load_remortgaging(REMORTGAGING_TOML)?,
            buying: load_buying(BUYING_TOML)?,
        })
    }
}

/// Loads a remortgaging definition against the remortgaging rules (tests feed broken ones).
pub fn load_remortgaging(text: &str) -> Result<Workflow<RemortgagingSnapshot>, LoadError> {
    Workflow::from_toml(text, remortgaging::registry())
}

/// Loads a buying definition against the buying rules.
pub fn load_buying(text: &str) -> Result<Workflow<BuyingSnapshot>, LoadError> {
    Workflow::from_toml(text, buying::registry())
}

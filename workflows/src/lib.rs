//! The case workflows as data, and the named guards and rules they reference.
//!
//! `Workflows::load()` parses and validates the embedded definitions (`remortgaging.toml`,
//! `buying.toml`), so a broken definition fails at start-up and in `cargo test`, never later.
//!
//! What `Workflows` answers about one case (`case`), about a case's stages, timeline and diagram
//! (`stages`), and about what a case type's file says (`case_type`).

// Defined before the `mod`s below, which use it: a `macro_rules!` is seen only after it.
/// The one place a case type picks its workflow's definition: `$body` runs with `$d` bound to
/// it (the two definitions are different types, so this cannot be a function).
macro_rules! with_definition {
    ($self:expr, $case_type:expr, |$d:ident| $body:expr) => {
        match $case_type {
            CaseType::Remortgaging => {
                let $d = &$self.remortgaging.definition;
                $body
            }
            CaseType::Buying => {
                let $d = &$self.buying.definition;
                $body
            }
        }
    };
}

mod buying;
mod case;
mod case_type;
mod common;
mod remortgaging;
pub mod required_documents;
mod stages;

use threshold_engine::quote::QuoteError;
use threshold_engine::{
    BuyingSnapshot, FeeSchedule, LandTaxTables, LoadError, Quote, QuoteRequest,
    RemortgagingSnapshot, Workflow,
};

pub use case_type::TransitionInfo;
pub use stages::Stage;

/// The remortgaging definition, embedded so the binary needs no files at run time.
pub const REMORTGAGING_TOML: &str = include_str!("../remortgaging.toml");
/// The buying definition.
pub const BUYING_TOML: &str = include_str!("../buying.toml");

/// The fee schedule.
pub const FEES_TOML: &str = include_str!("../fees.toml");
/// The land tax rate tables.
pub const LAND_TAX_TOML: &str = include_str!("../land_tax.toml");

/// Both case types' validated workflows, the fee schedule and the land tax tables.
#[derive(Debug)]
pub struct Workflows {
    pub remortgaging: Workflow<RemortgagingSnapshot>,
    pub buying: Workflow<BuyingSnapshot>,
    pub fees: FeeSchedule,
    pub land_tax: LandTaxTables,
}

impl Workflows {
    /// Loads and validates both embedded definitions.
    pub fn load() -> Result<Self, LoadError> {
        Ok(Self {
            remortgaging: load_remortgaging(REMORTGAGING_TOML)?,
            buying: load_buying(BUYING_TOML)?,
            fees: FeeSchedule::from_toml(FEES_TOML).map_err(|e| LoadError::Parse(e.to_string()))?,
            land_tax: LandTaxTables::from_toml(LAND_TAX_TOML)
                .map_err(|e| LoadError::Parse(e.to_string()))?,
        })
    }

    /// A quote from the fee schedule, with the land tax estimate for a purchase.
    pub fn quote(&self, request: &QuoteRequest) -> Result<Quote, QuoteError> {
        self.fees.quote(request, &self.land_tax)
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

//! Whether the firm takes a case on (spec §5 "Ineligibility reasons", ELIG-01..06).
//!
//! The spec refuses every "more complex" kind of case. A firm decides which of them it takes
//! (`[eligibility] takes` in the workflow file, default none, as the spec); a conveyancer may
//! still take on any other more complex case after reviewing it, which sets its ineligibility
//! aside for good (`taken_on`). A property outside England and Wales is never taken: the firm
//! is not qualified in Scots or Northern Irish property law.

use serde::{Deserialize, Serialize};

use crate::types::IneligibilityReason;

/// The key facts the eligibility check reads.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EligibilityFacts {
    pub england_or_wales: bool,
    pub dependent_on_sale: bool,
    pub company_owned: bool,
    pub buy_to_let: bool,
    pub residential: bool,
}

impl EligibilityFacts {
    /// Every reason the facts give, in the spec's order (the first one is shown).
    pub fn reasons(&self) -> impl Iterator<Item = IneligibilityReason> + '_ {
        use IneligibilityReason::*;
        [
            (!self.england_or_wales, NotEnglandOrWales),
            (self.dependent_on_sale, DependentOnSale),
            (self.company_owned, CompanyOwned),
            (self.buy_to_let, BuyToLet),
            (!self.residential, NonResidential),
        ]
        .into_iter()
        .filter_map(|(applies, reason)| applies.then_some(reason))
    }
}

/// The firm's choice of the more complex kinds it takes without review (`[eligibility]`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct EligibilityDef {
    #[serde(default)]
    pub takes: Vec<IneligibilityReason>,
}

impl EligibilityDef {
    /// Why a case with these facts is not taken on, if it is not: the first reason the firm
    /// neither takes nor, for a case a conveyancer has `taken_on`, has set aside.
    pub fn ineligibility(
        &self,
        facts: &EligibilityFacts,
        taken_on: bool,
    ) -> Option<IneligibilityReason> {
        facts
            .reasons()
            .find(|r| !(self.takes.contains(r) || (taken_on && r.may_be_taken_on())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use IneligibilityReason::*;

    fn eligible() -> EligibilityFacts {
        EligibilityFacts {
            england_or_wales: true,
            residential: true,
            ..EligibilityFacts::default()
        }
    }

    #[test]
    fn elig_01_05_the_first_reason_in_the_spec_order_wins() {
        let none = EligibilityDef::default();
        assert_eq!(none.ineligibility(&eligible(), false), None);
        let company_btl = EligibilityFacts {
            company_owned: true,
            buy_to_let: true,
            ..eligible()
        };
        assert_eq!(none.ineligibility(&company_btl, false), Some(CompanyOwned));
        let scottish_company = EligibilityFacts {
            england_or_wales: false,
            ..company_btl
        };
        assert_eq!(
            none.ineligibility(&scottish_company, false),
            Some(NotEnglandOrWales)
        );
    }

    #[test]
    fn a_kind_the_firm_takes_is_no_reason_and_the_next_one_shows() {
        let takes_companies = EligibilityDef {
            takes: vec![CompanyOwned],
        };
        let company = EligibilityFacts {
            company_owned: true,
            ..eligible()
        };
        assert_eq!(takes_companies.ineligibility(&company, false), None);
        let company_btl = EligibilityFacts {
            buy_to_let: true,
            ..company
        };
        assert_eq!(
            takes_companies.ineligibility(&company_btl, false),
            Some(BuyToLet)
        );
    }

    #[test]
    fn a_case_taken_on_sets_aside_every_more_complex_kind_but_never_the_jurisdiction() {
        let none = EligibilityDef::default();
        let complex = EligibilityFacts {
            dependent_on_sale: true,
            company_owned: true,
            buy_to_let: true,
            residential: false,
            ..eligible()
        };
        assert_eq!(none.ineligibility(&complex, true), None);
        let scottish = EligibilityFacts {
            england_or_wales: false,
            ..complex
        };
        assert_eq!(none.ineligibility(&scottish, true), Some(NotEnglandOrWales));
    }
}

//! What a land tax estimate depends on, and the estimate with who it is paid to and by when.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::Authority;
use crate::types::{Jurisdiction, LandTaxType};

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
    pub(super) fn new(
        land_tax_type: LandTaxType,
        amount: i64,
        a: &Authority,
        input: &LandTaxInput,
    ) -> Self {
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

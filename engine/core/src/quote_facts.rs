//! What a case's quote is priced on, whichever its type: the supplements its facts call for and
//! what its land tax estimate needs. The case type's fee table says what carries land tax
//! (`land_tax` in fees.toml), so nothing here matches on the case type.

use chrono::NaiveDate;

use crate::land_tax::LandTaxInput;
use crate::quote::{FeeSchedule, LandTaxBasis, QuoteRequest, Supplement};
use crate::types::{CaseType, Jurisdiction, RemortgagingReason, Tenure};

/// A case's key facts as a quote reads them. A fact of the other case type stays at its
/// default (`None`, `false`). Money in pence.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct QuoteFacts {
    pub jurisdiction: Option<Jurisdiction>,
    pub tenure: Option<Tenure>,
    pub purchase_price: Option<i64>,
    pub property_value: Option<i64>,
    /// The new loan of a remortgage.
    pub loan: Option<i64>,
    pub remortgaging_reason: Option<RemortgagingReason>,
    pub repaying_help_to_buy: bool,
    pub new_build: bool,
    /// Buying a share of a shared-ownership home.
    pub shared_ownership: bool,
    /// The expected completion, the land tax's effective date (today when not known).
    pub completion: Option<NaiveDate>,
    pub first_time_buyer: bool,
    pub results_in_multiple_properties: Option<bool>,
    pub replacing_main_residence: Option<bool>,
    /// A buyer is not UK resident (the key facts' answer or a buyer's own).
    pub non_uk_resident: bool,
}

impl QuoteFacts {
    /// The extra work the facts call for, each at most once (gifted deposits are counted per
    /// donor elsewhere).
    pub fn supplements(&self) -> Vec<Supplement> {
        use RemortgagingReason::*;
        let reason = self.remortgaging_reason;
        [
            (
                self.tenure == Some(Tenure::Leasehold),
                Supplement::Leasehold,
            ),
            (
                reason == Some(RemortgageTransferOfEquity),
                Supplement::TransferOfEquity,
            ),
            (
                self.shared_ownership || reason == Some(SharedOwnershipStaircasing),
                Supplement::SharedOwnership,
            ),
            (self.repaying_help_to_buy, Supplement::HelpToBuyRedemption),
            (self.new_build, Supplement::NewBuild),
        ]
        .into_iter()
        .filter_map(|(applies, s)| applies.then_some(s))
        .collect()
    }

    fn jurisdiction(&self) -> Jurisdiction {
        match self.jurisdiction {
            Some(Jurisdiction::Wales) => Jurisdiction::Wales,
            _ => Jurisdiction::England,
        }
    }
}

impl FeeSchedule {
    /// The quote request for a case of this type with these facts and `people` applicants.
    pub fn request(
        &self,
        case_type: CaseType,
        f: &QuoteFacts,
        people: u32,
        today: NaiveDate,
    ) -> QuoteRequest {
        let supplements = f.supplements();
        let (price, loan, land_tax) = match self.fees(case_type).land_tax {
            // The price is the chargeable consideration; the higher rates apply when the buyer
            // ends up with more than one home without replacing their main residence.
            LandTaxBasis::Purchase => {
                let price = f.purchase_price.unwrap_or_default();
                let input = LandTaxInput {
                    jurisdiction: f.jurisdiction(),
                    price,
                    effective_date: f.completion.unwrap_or(today),
                    first_time_buyer: f.first_time_buyer,
                    additional_dwelling: f.results_in_multiple_properties == Some(true)
                        && f.replacing_main_residence != Some(true),
                    non_uk_resident: f.non_uk_resident,
                };
                (price, None, Some(input))
            }
            // Only a change of who owns the home carries land tax, where and when it happens;
            // the shares and the mortgage balance come later, so the quote says what it needs.
            LandTaxBasis::OwnershipChange => {
                let changes_ownership = supplements.iter().any(|s| {
                    matches!(
                        s,
                        Supplement::TransferOfEquity | Supplement::SharedOwnership
                    )
                });
                let input = changes_ownership.then(|| LandTaxInput {
                    jurisdiction: f.jurisdiction(),
                    price: 0,
                    effective_date: f.completion.filter(|d| *d > today).unwrap_or(today),
                    first_time_buyer: false,
                    additional_dwelling: false,
                    non_uk_resident: false,
                });
                (f.property_value.unwrap_or_default(), f.loan, input)
            }
        };
        QuoteRequest {
            case_type,
            price,
            loan,
            people: people.max(1),
            supplements,
            discount: 0,
            land_tax,
        }
    }
}

//! Cases of both types: creation, the permission-scoped lists, the expanded record that fills
//! the engine's snapshot, and transitions written atomically with their audit event and effects.

mod args;
mod company_writes;
mod create;
mod donor_writes;
mod enquiry_writes;
mod firms;
mod list;
mod load;
mod messages;
mod mortgage_offers;
mod owner_writes;
mod people;
mod progress_writes;
mod property_writes;
mod referrals;
mod scope;
pub mod search;
pub mod seed;
mod source_of_funds_writes;
mod task_writes;
mod title_register_writes;
mod transition;

use chrono::{DateTime, NaiveDate, Utc};
use serde_json::Value;

pub use args::Arg;
pub use create::{KeyFactsUpdate, NewCase, NewParty, NewQuote};
pub use donor_writes::{DonorGiftRow, NewDonor};
pub use enquiry_writes::EnquiryChange;
pub use firms::{CaseBroker, ManagedBroker};
pub use list::{
    AssigneeFilter, CaseListItem, CaseListPage, ListMemo, ListQuery, ReplyFilter, SortBy,
    TaskDueFilter,
};
pub use load::{
    AdminRow, AlterationRow, CaseRow, DocumentRow, GeneratedDocumentRow, GroundRentRow, IsaRow,
    LegalNameRow, LoadedCase, LoanRow, PartyRow, PropertyRow, QuoteRow, SourceOfFundsRow,
    parse_enum,
};
pub use messages::{CaseMessage, MessageAttachment, MessageRead};
pub use mortgage_offers::{MortgageOfferRecord, NewMortgageOffer};
pub use owner_writes::{
    ApplicantDetails, NamedPerson, NewCoOwner, OwnersExtras, PersonRow, SectionWrite,
    due_at as effect_due_at,
};
pub use progress_writes::IdentityDecision;
pub use property_writes::{CaseList, NewAlteration, NewLoan, PropertyWrite, PropertyWriteRecord};
pub use referrals::{BrokerFirm, Introduction};
pub use scope::Scope;
pub use source_of_funds_writes::SourceOfFundsChange;
pub use task_writes::NewTaskDone;
pub use title_register_writes::TitleRegisterChange;
pub use transition::{Announcement, NewCaseMessage, ReplyDue, TransitionRecord};

/// The key facts a broker or customer gives when starting a case (both types; the fields of
/// the other type stay `None`). Money in pence.
#[derive(Clone, Debug, Default)]
pub struct KeyFacts {
    pub jurisdiction: String,
    pub is_dependent_on_sale: bool,
    pub is_company_owned: bool,
    pub is_residential: bool,
    pub property_usage: String,
    pub address_line1: String,
    pub address_line2: Option<String>,
    pub town: Option<String>,
    pub county: Option<String>,
    pub postcode: String,
    pub tenure: Option<String>,
    pub property_type: Option<String>,
    pub broker_reference: Option<String>,
    pub lender: Option<String>,
    // remortgaging
    pub remortgaging_reason: Option<String>,
    pub property_value: Option<i64>,
    pub loan_amount: Option<i64>,
    pub current_deal_end_date: Option<NaiveDate>,
    pub is_repaying_help_to_buy: bool,
    // buying
    pub purchase_price: Option<i64>,
    pub deposit_amount: Option<i64>,
    pub is_first_time_buyer: bool,
    pub is_new_build: bool,
    pub is_shared_ownership: bool,
    pub results_in_multiple_properties: Option<bool>,
    pub is_replacing_main_residence: Option<bool>,
    pub target_move_in_date: Option<NaiveDate>,
    /// Buying: every buyer is UK resident (false: at least one is not, the SDLT surcharge);
    /// None = not asked (the Buyer Details answers decide, else UK resident is assumed).
    pub buyers_uk_resident: Option<bool>,
    /// Buying: the seller grants a new lease (HM Land Registry's fee has no portal reduction);
    /// None = not asked (a new build is taken to be one).
    pub is_new_lease: Option<bool>,
    /// Remortgaging to buy a further share of a shared-ownership home: the facts its land tax
    /// needs. None = not given.
    pub staircasing: Option<StaircasingFacts>,
}

/// What a staircasing remortgage's land tax needs: shares in basis points (5000 = 50%), the
/// price of the further share in pence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StaircasingFacts {
    pub share_before: i32,
    pub share_after: i32,
    pub price: i64,
    /// Whether a market value election was made when the lease was granted; None = not known.
    pub market_value_election_made: Option<bool>,
}

impl KeyFacts {
    /// "line 1, line 2, town, county, postcode", skipping blanks.
    pub fn formatted_address(&self) -> String {
        [
            Some(self.address_line1.as_str()),
            self.address_line2.as_deref(),
            self.town.as_deref(),
            self.county.as_deref(),
            Some(self.postcode.as_str()),
        ]
        .into_iter()
        .flatten()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(", ")
    }

    /// What a quote reads of them (stored names; a validated request's). A buyer's own answer
    /// in Buyer Details that they are not UK resident is the caller's to add.
    pub fn quote_facts(&self) -> threshold_engine::quote_facts::QuoteFacts {
        threshold_engine::quote_facts::QuoteFacts {
            jurisdiction: self.jurisdiction.parse().ok(),
            tenure: self.tenure.as_deref().and_then(|t| t.parse().ok()),
            purchase_price: self.purchase_price,
            property_value: self.property_value,
            loan: self.loan_amount,
            remortgaging_reason: self
                .remortgaging_reason
                .as_deref()
                .and_then(|r| r.parse().ok()),
            repaying_help_to_buy: self.is_repaying_help_to_buy,
            new_build: self.is_new_build,
            shared_ownership: self.is_shared_ownership,
            // A purchase's target move-in date, or the end of the deal being remortgaged.
            completion: self.target_move_in_date.or(self.current_deal_end_date),
            first_time_buyer: self.is_first_time_buyer,
            results_in_multiple_properties: self.results_in_multiple_properties,
            replacing_main_residence: self.is_replacing_main_residence,
            non_uk_resident: self.buyers_uk_resident == Some(false),
        }
    }

    /// What the eligibility check reads of them (stored names; a validated request's).
    pub fn eligibility(&self) -> threshold_engine::eligibility::EligibilityFacts {
        threshold_engine::eligibility::EligibilityFacts {
            england_or_wales: matches!(self.jurisdiction.as_str(), "ENGLAND" | "WALES"),
            dependent_on_sale: self.is_dependent_on_sale,
            company_owned: self.is_company_owned,
            buy_to_let: self.property_usage == "BUY_TO_LET",
            residential: self.is_residential,
        }
    }
}

/// An effect to record in the outbox, with when it is due (reminders).
#[derive(Clone, Debug)]
pub struct EffectRecord {
    pub effect: Value,
    pub due_at: Option<DateTime<Utc>>,
}

/// Per case type: how many cases the user can see (for the start-page redirect).
#[derive(Clone, Debug, Default)]
pub struct CaseOverview {
    pub total_count: i64,
    pub active_count: i64,
    pub latest_case_id: Option<i64>,
}

/// The actor's relationship to one case, for the engine's `Actor`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Relationship {
    pub is_party: bool,
    pub is_case_admin: bool,
}

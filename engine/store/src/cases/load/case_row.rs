//! One row of `cases` with its property, and the columns that read it.

use chrono::{DateTime, NaiveDate, Utc};

use crate::UserId;

/// The columns of [`CaseRow`], for `SELECT … FROM cases c`.
macro_rules! case_columns {
    () => {
        "c.id, c.case_type, c.status, c.firm_id, c.created_by_broker, c.invited_by_lender, \
         c.broker_reference, c.ineligibility_reason, c.title_documents_retrieved, c.jurisdiction, \
         c.is_dependent_on_sale, c.is_company_owned, c.is_residential, c.property_usage, c.lender, \
         c.has_loans, c.completion_date, c.remortgaging_reason, c.property_value, c.loan_amount, \
         c.current_deal_end_date, c.has_alterations, c.has_adult_occupants, c.is_company_case, \
         c.is_repaying_help_to_buy, c.has_htb_redemption_letter, c.has_mortgage_offer, \
         c.mortgage_offer_uploaded_at, c.purchase_price, c.deposit_amount, c.is_first_time_buyer, \
         c.is_new_build, c.is_shared_ownership, c.results_in_multiple_properties, \
         c.is_replacing_main_residence, c.target_move_in_date, c.buyers_uk_resident, \
         c.is_new_lease, c.staircasing_share_before, c.staircasing_share_after, \
         c.staircasing_price, c.market_value_election_made, c.terms_accepted_at, \
         c.has_paid_deposit, c.deposit_paid_at, c.created_at, c.updated_at, c.assignee_id, \
         c.status_changed_at, c.next_task_due_on, c.reply_due_at, c.taken_on_at, \
         p.address_line1, p.address_line2, p.town, p.county, p.postcode, p.formatted_address, \
         p.tenure, p.property_type, p.land_ownership"
    };
}
pub(crate) use case_columns;

/// One row of `cases` with its property.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct CaseRow {
    pub id: i64,
    pub case_type: String,
    pub status: String,
    pub firm_id: Option<i64>,
    pub created_by_broker: bool,
    pub invited_by_lender: bool,
    pub broker_reference: Option<String>,
    pub ineligibility_reason: Option<String>,
    pub title_documents_retrieved: bool,
    pub jurisdiction: Option<String>,
    pub is_dependent_on_sale: bool,
    pub is_company_owned: bool,
    pub is_residential: bool,
    pub property_usage: Option<String>,
    pub lender: Option<String>,
    pub has_loans: Option<bool>,
    pub completion_date: Option<NaiveDate>,
    pub remortgaging_reason: Option<String>,
    pub property_value: Option<i64>,
    pub loan_amount: Option<i64>,
    pub current_deal_end_date: Option<NaiveDate>,
    pub has_alterations: Option<bool>,
    pub has_adult_occupants: Option<bool>,
    pub is_company_case: bool,
    pub is_repaying_help_to_buy: bool,
    pub has_htb_redemption_letter: bool,
    pub has_mortgage_offer: bool,
    pub mortgage_offer_uploaded_at: Option<DateTime<Utc>>,
    pub purchase_price: Option<i64>,
    pub deposit_amount: Option<i64>,
    pub is_first_time_buyer: bool,
    pub is_new_build: bool,
    pub is_shared_ownership: bool,
    pub results_in_multiple_properties: Option<bool>,
    pub is_replacing_main_residence: Option<bool>,
    pub target_move_in_date: Option<NaiveDate>,
    pub buyers_uk_resident: Option<bool>,
    pub is_new_lease: Option<bool>,
    pub staircasing_share_before: Option<i32>,
    pub staircasing_share_after: Option<i32>,
    pub staircasing_price: Option<i64>,
    pub market_value_election_made: Option<bool>,
    pub terms_accepted_at: Option<DateTime<Utc>>,
    pub has_paid_deposit: bool,
    pub deposit_paid_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The conveyancer the back office assigned the case to.
    pub assignee_id: Option<UserId>,
    /// When the case last moved (the work queue's age).
    pub status_changed_at: Option<DateTime<Utc>>,
    /// The earliest due date of its open legal-file tasks (the work queue's deadline).
    pub next_task_due_on: Option<NaiveDate>,
    /// When the firm's reply to the oldest message waiting for it is due (issue 32).
    pub reply_due_at: Option<DateTime<Utc>>,
    /// When a conveyancer took the case on despite a more complex kind (issue 33).
    pub taken_on_at: Option<DateTime<Utc>>,
    #[sqlx(flatten)]
    pub property: PropertyRow,
}

impl CaseRow {
    /// The key facts as stored, to price the case again when a later answer changes them.
    pub fn key_facts(&self) -> crate::cases::KeyFacts {
        let p = &self.property;
        crate::cases::KeyFacts {
            jurisdiction: self.jurisdiction.clone().unwrap_or_default(),
            is_dependent_on_sale: self.is_dependent_on_sale,
            is_company_owned: self.is_company_owned,
            is_residential: self.is_residential,
            property_usage: self.property_usage.clone().unwrap_or_default(),
            address_line1: p.address_line1.clone().unwrap_or_default(),
            address_line2: p.address_line2.clone(),
            town: p.town.clone(),
            county: p.county.clone(),
            postcode: p.postcode.clone().unwrap_or_default(),
            tenure: p.tenure.clone(),
            property_type: p.property_type.clone(),
            broker_reference: self.broker_reference.clone(),
            lender: self.lender.clone(),
            remortgaging_reason: self.remortgaging_reason.clone(),
            property_value: self.property_value,
            loan_amount: self.loan_amount,
            current_deal_end_date: self.current_deal_end_date,
            is_repaying_help_to_buy: self.is_repaying_help_to_buy,
            purchase_price: self.purchase_price,
            deposit_amount: self.deposit_amount,
            is_first_time_buyer: self.is_first_time_buyer,
            is_new_build: self.is_new_build,
            is_shared_ownership: self.is_shared_ownership,
            results_in_multiple_properties: self.results_in_multiple_properties,
            is_replacing_main_residence: self.is_replacing_main_residence,
            target_move_in_date: self.target_move_in_date,
            buyers_uk_resident: self.buyers_uk_resident,
            is_new_lease: self.is_new_lease,
            staircasing: self.staircasing(),
        }
    }

    /// A staircasing remortgage's facts, when its shares and price are recorded.
    pub fn staircasing(&self) -> Option<crate::cases::StaircasingFacts> {
        Some(crate::cases::StaircasingFacts {
            share_before: self.staircasing_share_before?,
            share_after: self.staircasing_share_after?,
            price: self.staircasing_price?,
            market_value_election_made: self.market_value_election_made,
        })
    }
}

/// The case's property (all None when it has none yet).
#[derive(Clone, Debug, Default, sqlx::FromRow)]
pub struct PropertyRow {
    pub address_line1: Option<String>,
    pub address_line2: Option<String>,
    pub town: Option<String>,
    pub county: Option<String>,
    pub postcode: Option<String>,
    pub formatted_address: Option<String>,
    pub tenure: Option<String>,
    pub property_type: Option<String>,
    pub land_ownership: Option<String>,
}

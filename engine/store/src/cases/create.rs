//! Creating a case with its property, parties, brokers and quote in one transaction, and
//! replacing its key facts (with a new quote).
//!
//! What a new case holds and the statements' shared parts are here; creating one is
//! `new_case`, replacing its key facts `key_facts`.

mod key_facts;
mod new_case;

use serde_json::Value;

use super::{KeyFacts, TransitionRecord};
use crate::UserId;

pub use key_facts::KeyFactsUpdate;

/// A party to add to a new case.
#[derive(Clone, Debug)]
pub struct NewParty {
    pub user_id: UserId,
    /// APPLICANT or DONOR.
    pub party_type: &'static str,
    pub is_lead: bool,
    /// Names to index for the list's name search (preferred and legal names).
    pub names: Vec<String>,
    /// The name a broker typed for the client (shown to the broker until they agree).
    pub invited_name: Option<String>,
    /// The person agreed to be on the case (they opened it themselves).
    pub consented: bool,
}

/// A quote as computed by the engine. Money in pence.
#[derive(Clone, Debug)]
pub struct NewQuote {
    pub total_amount: i64,
    pub deposit: i64,
    pub subtotal: i64,
    pub discount: i64,
    pub cost_breakdown: Value,
    pub land_tax_type: Option<String>,
    pub land_tax_amount: Option<i64>,
    /// Deposit terms, referral-fee disclosure, notes, land tax payee and deadline (JSON).
    pub terms: Value,
}

/// Everything a new case needs; `status` is where it starts, and `transitions` are the
/// automatic ones the engine applied straight away (e.g. to INELIGIBLE), written in order.
#[derive(Clone, Debug)]
pub struct NewCase {
    pub case_type: &'static str,
    pub status: String,
    pub firm_id: Option<i64>,
    pub created_by: UserId,
    pub created_by_broker: bool,
    pub invited_by_lender: bool,
    pub ineligibility_reason: Option<String>,
    pub title_documents_retrieved: bool,
    pub facts: KeyFacts,
    pub parties: Vec<NewParty>,
    pub admins: Vec<UserId>,
    pub quote: Option<NewQuote>,
    pub transitions: Vec<TransitionRecord>,
}

macro_rules! insert_quote {
    ($tx:expr, $case_id:expr, $q:expr, $now:expr) => {
        sqlx::query(
            "INSERT INTO quotes (case_id, total_amount, deposit, subtotal, discount, cost_breakdown, \
             land_tax_type, land_tax_amount, created_at, terms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind($case_id)
        .bind($q.total_amount)
        .bind($q.deposit)
        .bind($q.subtotal)
        .bind($q.discount)
        .bind(sqlx::types::Json(&$q.cost_breakdown))
        .bind(&$q.land_tax_type)
        .bind($q.land_tax_amount)
        .bind($now)
        .bind(sqlx::types::Json(&$q.terms))
        .execute(&mut *$tx)
        .await?
    };
}
pub(crate) use insert_quote;

macro_rules! write_property {
    ($tx:expr, $case_id:expr, $f:expr, $now:expr) => {
        sqlx::query(
            "INSERT INTO properties (case_id, address_line1, address_line2, town, county, postcode, \
             formatted_address, jurisdiction, tenure, property_type, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) \
             ON CONFLICT (case_id) DO UPDATE SET address_line1 = excluded.address_line1, \
             address_line2 = excluded.address_line2, town = excluded.town, county = excluded.county, \
             postcode = excluded.postcode, formatted_address = excluded.formatted_address, \
             jurisdiction = excluded.jurisdiction, tenure = excluded.tenure, \
             property_type = excluded.property_type, updated_at = excluded.updated_at",
        )
        .bind($case_id)
        .bind(&$f.address_line1)
        .bind(&$f.address_line2)
        .bind(&$f.town)
        .bind(&$f.county)
        .bind(&$f.postcode)
        .bind($f.formatted_address())
        .bind(&$f.jurisdiction)
        .bind(&$f.tenure)
        .bind(&$f.property_type)
        .bind($now)
        .execute(&mut *$tx)
        .await?
    };
}
use write_property;

/// The key-fact columns of `cases`, in bind order $2.. for [`bind_facts!`].
const FACT_COLUMNS: &str = "jurisdiction, is_dependent_on_sale, is_company_owned, is_residential, \
    property_usage, broker_reference, lender, remortgaging_reason, property_value, loan_amount, \
    current_deal_end_date, is_repaying_help_to_buy, purchase_price, deposit_amount, \
    is_first_time_buyer, is_new_build, is_shared_ownership, results_in_multiple_properties, \
    is_replacing_main_residence, target_move_in_date, is_company_case, buyers_uk_resident, \
    is_new_lease, staircasing_share_before, staircasing_share_after, staircasing_price, \
    market_value_election_made";

/// How many columns [`FACT_COLUMNS`] names: the placeholders after them start at `$FACTS + 2`.
fn fact_count() -> usize {
    FACT_COLUMNS.split(',').count()
}

macro_rules! bind_facts {
    ($q:expr, $f:expr) => {
        $q.bind(&$f.jurisdiction)
            .bind($f.is_dependent_on_sale)
            .bind($f.is_company_owned)
            .bind($f.is_residential)
            .bind(&$f.property_usage)
            .bind(&$f.broker_reference)
            .bind(&$f.lender)
            .bind(&$f.remortgaging_reason)
            .bind($f.property_value)
            .bind($f.loan_amount)
            .bind($f.current_deal_end_date)
            .bind($f.is_repaying_help_to_buy)
            .bind($f.purchase_price)
            .bind($f.deposit_amount)
            .bind($f.is_first_time_buyer)
            .bind($f.is_new_build)
            .bind($f.is_shared_ownership)
            .bind($f.results_in_multiple_properties)
            .bind($f.is_replacing_main_residence)
            .bind($f.target_move_in_date)
            // The spec's "company case" is a company-owned property (its Financial Details
            // section is hidden).
            .bind($f.is_company_owned)
            .bind($f.buyers_uk_resident)
            .bind($f.is_new_lease)
            .bind($f.staircasing.map(|s| s.share_before))
            .bind($f.staircasing.map(|s| s.share_after))
            .bind($f.staircasing.map(|s| s.price))
            .bind($f.staircasing.and_then(|s| s.market_value_election_made))
    };
}
use bind_facts;

fn placeholders(from: usize, count: usize) -> String {
    (from..from + count)
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

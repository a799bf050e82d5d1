//! Creating a case with its property, parties, brokers and quote in one transaction, and
//! replacing its key facts (with a new quote).

use chrono::{DateTime, Utc};
use serde_json::{Value, json};
use threshold_engine::snapshot::RequiredSlot;

use super::property_writes::sync_required;
use super::transition::write_transition;
use super::{KeyFacts, TransitionRecord, search};
use crate::BeginWrite;
use crate::{Db, StoreError, UserId, on_db};

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

fn placeholders(from: usize, count: usize) -> String {
    (from..from + count)
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// New key facts for a case, with the quote and automatic transitions they lead to.
#[derive(Clone, Copy, Debug)]
pub struct KeyFactsUpdate<'a> {
    pub case_id: i64,
    pub case_type: &'a str,
    /// The status the caller decided on: the write is refused (a conflict) if the case has
    /// moved since.
    pub expected_status: &'a str,
    pub actor: UserId,
    pub facts: &'a KeyFacts,
    pub ineligibility_reason: Option<&'a str>,
    pub quote: Option<&'a NewQuote>,
    /// The required-document slots the new facts call for (None: left alone).
    pub required: Option<&'a [RequiredSlot]>,
    pub transitions: &'a [TransitionRecord],
}

impl Db {
    /// Creates the case and everything it starts with; returns its id.
    #[tracing::instrument(skip_all, fields(case_type = new.case_type))]
    pub async fn create_case(&self, new: &NewCase, now: DateTime<Utc>) -> Result<i64, StoreError> {
        // status $1 (the initial one), the facts from $2, then the rest.
        let n = fact_count();
        let now_at = n + 9;
        let sql = format!(
            "INSERT INTO cases (status, {FACT_COLUMNS}, case_type, firm_id, created_by_user_id, \
             created_by_broker, invited_by_lender, ineligibility_reason, title_documents_retrieved, \
             created_at, updated_at, status_changed_at) VALUES ($1, {}, {}, ${now_at}, ${now_at}, ${now_at}) RETURNING id",
            placeholders(2, n),
            placeholders(n + 2, 7)
        );
        let initial = new
            .transitions
            .first()
            .map(|t| t.from.clone())
            .unwrap_or_else(|| new.status.clone());
        crate::error::retrying!(async {
            on_db!(self, pool => {
                let mut tx = pool.begin_write().await?;
                let q = sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(&initial);
                let (case_id,): (i64,) = bind_facts!(q, new.facts)
                    .bind(new.case_type)
                    .bind(new.firm_id)
                    .bind(new.created_by)
                    .bind(new.created_by_broker)
                    .bind(new.invited_by_lender)
                    .bind(&new.ineligibility_reason)
                    .bind(new.title_documents_retrieved)
                    .bind(now)
                    .fetch_one(&mut *tx)
                    .await?;
                write_property!(tx, case_id, new.facts, now);
                for party in &new.parties {
                    sqlx::query(
                        "INSERT INTO applicants (case_id, user_id, party_type, is_lead, created_at, \
                         invited_name, consented_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    )
                    .bind(case_id)
                    .bind(party.user_id)
                    .bind(party.party_type)
                    .bind(party.is_lead)
                    .bind(now)
                    .bind(&party.invited_name)
                    .bind(party.consented.then_some(now))
                    .execute(&mut *tx)
                    .await?;
                }
                for key in search_rows(&new.parties) {
                    sqlx::query("INSERT INTO case_search_names (case_id, case_type, name) VALUES ($1, $2, $3)")
                        .bind(case_id)
                        .bind(new.case_type)
                        .bind(key)
                        .execute(&mut *tx)
                        .await?;
                }
                for admin in &new.admins {
                    sqlx::query("INSERT INTO case_admins (case_id, user_id, created_at) VALUES ($1, $2, $3)")
                        .bind(case_id)
                        .bind(*admin)
                        .bind(now)
                        .execute(&mut *tx)
                        .await?;
                }
                if let Some(quote) = &new.quote {
                    insert_quote!(tx, case_id, quote, now);
                }
                sqlx::query(
                    "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                     VALUES ($1, 'case.created', 'case', $2, $3, $4)",
                )
                .bind(new.created_by)
                .bind(case_id.to_string())
                .bind(sqlx::types::Json(json!({ "caseType": new.case_type, "status": initial })))
                .bind(now)
                .execute(&mut *tx)
                .await?;
                let created = threshold_engine::WebhookEvent::CaseCreated;
                crate::webhooks::enqueue_webhook_event!(
                    tx, case_id, created, new.case_type, &initial, None, now
                );
                for t in &new.transitions {
                    write_transition!(tx, case_id, new.case_type, t, now);
                }
                tx.commit().await?;
                Ok(case_id)
            })
        })
    }

    /// Replaces a case's key facts and adds a new quote (the latest is the one shown), plus
    /// any automatic transitions the new facts trigger; audited; one transaction.
    #[tracing::instrument(skip_all, fields(case_id = update.case_id))]
    pub async fn update_key_facts(
        &self,
        update: &KeyFactsUpdate<'_>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let KeyFactsUpdate {
            case_id,
            case_type,
            expected_status,
            actor,
            facts,
            ineligibility_reason,
            quote,
            required,
            transitions,
        } = *update;
        let sets = FACT_COLUMNS
            .split(',')
            .enumerate()
            .map(|(i, c)| format!("{} = ${}", c.trim(), i + 2))
            .collect::<Vec<_>>()
            .join(", ");
        let n = fact_count();
        let sql = format!(
            "UPDATE cases SET {sets}, ineligibility_reason = ${}, updated_at = ${} \
             WHERE id = $1 AND status = ${}",
            n + 2,
            n + 3,
            n + 4
        );
        crate::error::retrying!(async {
            on_db!(self, pool => {
                let mut tx = pool.begin_write().await?;
                let q = sqlx::query(sqlx::AssertSqlSafe(sql.clone())).bind(case_id);
                let done = bind_facts!(q, facts)
                    .bind(ineligibility_reason)
                    .bind(now)
                    .bind(expected_status)
                    .execute(&mut *tx)
                    .await?
                    .rows_affected();
                if done == 0 {
                    return Err(StoreError::Conflict("the case has changed; reload it"));
                }
                write_property!(tx, case_id, facts, now);
                if let Some(quote) = quote {
                    insert_quote!(tx, case_id, quote, now);
                }
                if let Some(slots) = required {
                    sync_required!(tx, case_id, slots, None);
                }
                sqlx::query(
                    "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                     VALUES ($1, 'case.key_facts_updated', 'case', $2, $3, $4)",
                )
                .bind(actor)
                .bind(case_id.to_string())
                .bind(sqlx::types::Json(json!({ "caseType": case_type })))
                .bind(now)
                .execute(&mut *tx)
                .await?;
                for t in transitions {
                    write_transition!(tx, case_id, case_type, t, now);
                }
                tx.commit().await?;
                Ok(())
            })
        })
    }
}

/// The distinct search keys of a case's parties.
pub(crate) fn search_rows(parties: &[NewParty]) -> Vec<String> {
    let mut keys: Vec<String> = parties
        .iter()
        .flat_map(|p| p.names.iter())
        .flat_map(|n| search::search_keys(n))
        .collect();
    keys.sort();
    keys.dedup();
    keys
}

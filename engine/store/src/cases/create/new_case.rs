//! Creating a case with its property, parties, brokers and quote in one transaction.

use chrono::{DateTime, Utc};
use serde_json::json;

use super::{
    FACT_COLUMNS, NewCase, NewParty, bind_facts, fact_count, placeholders, write_property,
};
use crate::BeginWrite;
use crate::cases::create::insert_quote;
use crate::cases::search;
use crate::cases::transition::write_transition;
use crate::{Db, StoreError, on_db};

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

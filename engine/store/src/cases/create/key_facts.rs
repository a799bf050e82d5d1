//! Replacing a case's key facts, with the quote and automatic transitions they lead to.

use chrono::{DateTime, Utc};
use serde_json::json;
use threshold_engine::snapshot::RequiredSlot;

use super::{FACT_COLUMNS, NewQuote, bind_facts, fact_count, write_property};
use crate::BeginWrite;
use crate::cases::create::insert_quote;
use crate::cases::property_writes::sync_required;
use crate::cases::transition::write_transition;
use crate::cases::{KeyFacts, TransitionRecord};
use crate::{Db, StoreError, UserId, on_db};

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

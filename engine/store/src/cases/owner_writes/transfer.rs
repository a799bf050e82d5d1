//! The Transfer of Equity section: its reason and the owners it takes off the title.

use serde_json::json;
use threshold_engine::types::TransferReason;

use super::{NamedPerson, SectionWrite, now, section_write};
use crate::cases::NewQuote;
use crate::cases::create::insert_quote;
use crate::cases::transition::write_transition;
use crate::{Db, StoreError, on_db};

impl Db {
    /// Sets why the ownership is being transferred (the section is complete from then on), with
    /// the new quote the reason leads to, if any.
    #[tracing::instrument(skip_all, fields(case_id = w.case_id))]
    pub async fn save_transfer_reason(
        &self,
        w: &SectionWrite<'_>,
        reason: TransferReason,
        requote: Option<&NewQuote>,
    ) -> Result<(), StoreError> {
        section_write!(self, w, "case.transfer_of_equity_saved",
            |_: &()| json!({ "caseType": w.case_type, "reason": reason }),
            tx => {
            sqlx::query(
                "INSERT INTO transfers_of_equity (case_id, reason, updated_at) VALUES ($1, $2, $3) \
                 ON CONFLICT (case_id) DO UPDATE SET reason = excluded.reason, \
                 updated_at = excluded.updated_at",
            )
            .bind(w.case_id)
            .bind(reason.as_str())
            .bind(now())
            .execute(&mut *tx)
            .await?;
            if let Some(quote) = requote {
                insert_quote!(tx, w.case_id, quote, now());
            }
        })
    }

    /// Adds an owner the transfer takes off the title; returns their id.
    #[tracing::instrument(skip_all, fields(case_id = w.case_id))]
    pub async fn add_removed_owner(
        &self,
        w: &SectionWrite<'_>,
        person: &NamedPerson,
    ) -> Result<i64, StoreError> {
        section_write!(self, w, "case.removed_owner_added",
            |id: &i64| json!({ "caseType": w.case_type, "removedOwnerId": id }),
            tx => {
            let (id,): (i64,) = sqlx::query_as(
                "INSERT INTO removed_owners (case_id, full_name, email, created_at) \
                 VALUES ($1, $2, $3, $4) RETURNING id",
            )
            .bind(w.case_id)
            .bind(&person.full_name)
            .bind(&person.email)
            .bind(now())
            .fetch_one(&mut *tx)
            .await?;
            id
        })
    }

    /// Removes a removed owner of this case (not found: no such row here).
    #[tracing::instrument(skip_all, fields(case_id = w.case_id))]
    pub async fn delete_removed_owner(
        &self,
        w: &SectionWrite<'_>,
        removed_owner_id: i64,
    ) -> Result<(), StoreError> {
        section_write!(self, w, "case.removed_owner_deleted",
            |_: &()| json!({ "caseType": w.case_type, "removedOwnerId": removed_owner_id }),
            tx => {
            let done = sqlx::query("DELETE FROM removed_owners WHERE id = $1 AND case_id = $2")
                .bind(removed_owner_id)
                .bind(w.case_id)
                .execute(&mut *tx)
                .await?
                .rows_affected();
            if done == 0 {
                return Err(StoreError::NotFound);
            }
        })
    }
}

//! Writing a property change in one transaction, and finding the case a list's row is on.

use chrono::{DateTime, Utc};
use serde_json::json;

use super::{CaseList, PropertyWrite, PropertyWriteRecord, sync_required};
use crate::BeginWrite;
use crate::cases::create::insert_quote;
use crate::cases::transition::write_transition;
use crate::{Db, StoreError, on_db};

/// Deletes a row of one of the case's lists inside an open transaction; a row that is not the
/// case's is [`StoreError::NotFound`] (the transaction is dropped, nothing is written).
macro_rules! delete_row {
    ($tx:expr, $table:literal, $id:expr, $case_id:expr) => {{
        let n = sqlx::query(concat!(
            "DELETE FROM ",
            $table,
            " WHERE id = $1 AND case_id = $2"
        ))
        .bind($id)
        .bind($case_id)
        .execute(&mut *$tx)
        .await?
        .rows_affected();
        if n == 0 {
            return Err(StoreError::NotFound);
        }
    }};
}

impl Db {
    /// Writes one property change with its audit event, required-document slots and
    /// transitions; returns the id of the alteration or loan it added. A deleted alteration or
    /// loan that is not the case's is [`StoreError::NotFound`], and nothing is written.
    #[tracing::instrument(skip_all, fields(case_id = rec.case_id, action = rec.write.action()))]
    pub async fn write_property(
        &self,
        rec: &PropertyWriteRecord<'_>,
        now: DateTime<Utc>,
    ) -> Result<Option<i64>, StoreError> {
        let case_id = rec.case_id;
        crate::error::retrying!(async {
            on_db!(self, pool => {
                let mut tx = pool.begin_write().await?;
                let done = sqlx::query(
                    "UPDATE cases SET updated_at = $3 WHERE id = $1 AND status = $2",
                )
                .bind(case_id)
                .bind(rec.expected_status)
                .bind(now)
                .execute(&mut *tx)
                .await?
                .rows_affected();
                if done == 0 {
                    return Err(StoreError::Conflict("the case has changed; reload it"));
                }
                let mut added = None;
                match rec.write {
                    PropertyWrite::Details { land_ownership, property_type, tenure } => {
                        sqlx::query(
                            "INSERT INTO properties (case_id, land_ownership, property_type, tenure, \
                             updated_at) VALUES ($1, $2, $3, $4, $5) \
                             ON CONFLICT (case_id) DO UPDATE SET \
                             land_ownership = excluded.land_ownership, \
                             property_type = excluded.property_type, tenure = excluded.tenure, \
                             updated_at = excluded.updated_at",
                        )
                        .bind(case_id)
                        .bind(land_ownership)
                        .bind(property_type)
                        .bind(tenure)
                        .bind(now)
                        .execute(&mut *tx)
                        .await?;
                        if tenure != "LEASEHOLD" {
                            sqlx::query("DELETE FROM ground_rents WHERE case_id = $1")
                                .bind(case_id)
                                .execute(&mut *tx)
                                .await?;
                        }
                    }
                    PropertyWrite::GroundRent { amount, frequency } => {
                        sqlx::query(
                            "INSERT INTO ground_rents (case_id, amount, frequency, updated_at) \
                             VALUES ($1, $2, $3, $4) ON CONFLICT (case_id) DO UPDATE SET \
                             amount = excluded.amount, frequency = excluded.frequency, \
                             updated_at = excluded.updated_at",
                        )
                        .bind(case_id)
                        .bind(*amount)
                        .bind(frequency)
                        .bind(now)
                        .execute(&mut *tx)
                        .await?;
                    }
                    PropertyWrite::Alterations { has_alterations, add } => {
                        sqlx::query("UPDATE cases SET has_alterations = $2 WHERE id = $1")
                            .bind(case_id)
                            .bind(*has_alterations)
                            .execute(&mut *tx)
                            .await?;
                        if let Some(a) = add {
                            let (id,): (i64,) = sqlx::query_as(
                                "INSERT INTO alterations (case_id, alteration_type, completed_on, \
                                 documents_held_by, created_at) VALUES ($1, $2, $3, $4, $5) \
                                 RETURNING id",
                            )
                            .bind(case_id)
                            .bind(<&str>::from(a.alteration_type))
                            .bind(a.completed_on)
                            .bind(<&str>::from(a.documents_held_by))
                            .bind(now)
                            .fetch_one(&mut *tx)
                            .await?;
                            added = Some(id);
                        }
                    }
                    PropertyWrite::DeleteAlteration { alteration_id } => {
                        delete_row!(tx, "alterations", *alteration_id, case_id);
                    }
                    PropertyWrite::Loans { has_loans, add } => {
                        sqlx::query("UPDATE cases SET has_loans = $2 WHERE id = $1")
                            .bind(case_id)
                            .bind(*has_loans)
                            .execute(&mut *tx)
                            .await?;
                        if let Some(l) = add {
                            let (id,): (i64,) = sqlx::query_as(
                                "INSERT INTO loans (case_id, charge_type, lender_name, amount, \
                                 created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
                            )
                            .bind(case_id)
                            .bind(<&str>::from(l.charge_type))
                            .bind(&l.lender_name)
                            .bind(l.amount)
                            .bind(now)
                            .fetch_one(&mut *tx)
                            .await?;
                            added = Some(id);
                        }
                    }
                    PropertyWrite::DeleteLoan { loan_id } => {
                        delete_row!(tx, "loans", *loan_id, case_id);
                    }
                    PropertyWrite::Purchase { deposit_amount, lender } => {
                        sqlx::query(
                            "UPDATE cases SET deposit_amount = $2, lender = COALESCE($3, lender) \
                             WHERE id = $1",
                        )
                        .bind(case_id)
                        .bind(*deposit_amount)
                        .bind(lender)
                        .execute(&mut *tx)
                        .await?;
                    }
                    PropertyWrite::AddSourceOfFunds { source_type, amount } => {
                        let (id,): (i64,) = sqlx::query_as(
                            "INSERT INTO sources_of_funds (case_id, source_type, amount, created_at) \
                             VALUES ($1, $2, $3, $4) RETURNING id",
                        )
                        .bind(case_id)
                        .bind(source_type)
                        .bind(*amount)
                        .bind(now)
                        .fetch_one(&mut *tx)
                        .await?;
                        added = Some(id);
                    }
                    PropertyWrite::DeleteSourceOfFunds { source_id } => {
                        delete_row!(tx, "sources_of_funds", *source_id, case_id);
                    }
                    PropertyWrite::AddIsa { isa_type, amount, applicant_id } => {
                        let (id,): (i64,) = sqlx::query_as(
                            "INSERT INTO isas (case_id, applicant_id, isa_type, amount, created_at) \
                             VALUES ($1, $2, $3, $4, $5) RETURNING id",
                        )
                        .bind(case_id)
                        .bind(*applicant_id)
                        .bind(isa_type)
                        .bind(*amount)
                        .bind(now)
                        .fetch_one(&mut *tx)
                        .await?;
                        added = Some(id);
                    }
                    PropertyWrite::DeleteIsa { isa_id } => {
                        delete_row!(tx, "isas", *isa_id, case_id);
                    }
                    PropertyWrite::LandTax {
                        results_in_multiple_properties,
                        is_replacing_main_residence,
                        is_first_time_buyer,
                        requote,
                    } => {
                        sqlx::query(
                            "UPDATE cases SET results_in_multiple_properties = $2, \
                             is_replacing_main_residence = $3, is_first_time_buyer = $4 \
                             WHERE id = $1",
                        )
                        .bind(case_id)
                        .bind(*results_in_multiple_properties)
                        .bind(*is_replacing_main_residence)
                        .bind(*is_first_time_buyer)
                        .execute(&mut *tx)
                        .await?;
                        if let Some(quote) = requote {
                            insert_quote!(tx, case_id, quote, now);
                        }
                    }
                }
                if let Some(slots) = rec.required {
                    sync_required!(tx, case_id, slots, added);
                }
                // Ids only: what was written stays in its own table (lender names, dates).
                sqlx::query(
                    "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                     VALUES ($1, $2, 'case', $3, $4, $5)",
                )
                .bind(rec.actor)
                .bind(rec.write.action())
                .bind(case_id.to_string())
                .bind(sqlx::types::Json(json!({
                    "caseType": rec.case_type,
                    "rowId": added.or(rec.write.deleted_row()),
                })))
                .bind(now)
                .execute(&mut *tx)
                .await?;
                for t in rec.transitions {
                    write_transition!(tx, case_id, rec.case_type, t, now);
                }
                tx.commit().await?;
                Ok(added)
            })
        })
    }

    /// The case a row of one of its lists belongs to, with its type (None: no such row).
    #[tracing::instrument(skip_all, fields(row_id))]
    pub async fn row_case(
        &self,
        list: CaseList,
        row_id: i64,
    ) -> Result<Option<(i64, String)>, StoreError> {
        let sql = format!(
            "SELECT c.id, c.case_type FROM {} r JOIN cases c ON c.id = r.case_id WHERE r.id = $1",
            list.table()
        );
        Ok(
            on_db!(self, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(row_id)
            .fetch_optional(pool)
            .await)?,
        )
    }
}

//! The application's property and purchase sections (issues 12 and 13): property details,
//! ground rent, alterations and loans; a purchase's deposit, lender, sources of funds, ISAs and
//! Stamp Duty Land Tax answers. Each write goes in one transaction with its audit event, the
//! required-document slots the case should now have, and the automatic transitions the case
//! service decided; it fails as a conflict if the case moved since it was read.

use chrono::{DateTime, NaiveDate, Utc};
use serde_json::json;
use threshold_engine::snapshot::{NEW_ROW_ID, RequiredSlot};
use threshold_engine::types::{AlterationType, ChargeType, DocumentsHeldBy};

use super::TransitionRecord;
use super::transition::write_transition;
use crate::BeginWrite;
use crate::{Db, StoreError, UserId, on_db};

/// An alteration to add.
#[derive(Clone, Debug)]
pub struct NewAlteration {
    pub alteration_type: AlterationType,
    pub completed_on: Option<NaiveDate>,
    pub documents_held_by: DocumentsHeldBy,
}

/// An existing charge to add. Money in pence.
#[derive(Clone, Debug)]
pub struct NewLoan {
    pub charge_type: ChargeType,
    pub lender_name: Option<String>,
    pub amount: Option<i64>,
}

/// One change to the property sections, as the API has validated it.
#[derive(Clone, Debug)]
pub enum PropertyWrite {
    /// Ownership type, property type and tenure. A tenure other than leasehold drops the
    /// ground rent (only a leasehold has one).
    Details {
        land_ownership: String,
        property_type: String,
        tenure: String,
    },
    GroundRent {
        amount: i64,
        frequency: String,
    },
    /// The "any alterations?" answer, and an alteration to add.
    Alterations {
        has_alterations: bool,
        add: Option<NewAlteration>,
    },
    DeleteAlteration {
        alteration_id: i64,
    },
    /// The "any other loans?" answer, and a loan to add.
    Loans {
        has_loans: bool,
        add: Option<NewLoan>,
    },
    DeleteLoan {
        loan_id: i64,
    },
    /// A purchase's deposit (pence) and the lender (None: left as it is).
    Purchase {
        deposit_amount: i64,
        lender: Option<String>,
    },
    /// Where the money for a purchase comes from (a SourceOfFundsType name).
    AddSourceOfFunds {
        source_type: String,
        amount: Option<i64>,
    },
    DeleteSourceOfFunds {
        source_id: i64,
    },
    /// A Lifetime or Help to Buy ISA paying towards a purchase, and whose it is.
    AddIsa {
        isa_type: String,
        amount: Option<i64>,
        applicant_id: Option<i64>,
    },
    DeleteIsa {
        isa_id: i64,
    },
    /// The Stamp Duty Land Tax answers, with the new quote they lead to when they change the
    /// price (the customer accepts it again, issue 28.2).
    LandTax {
        results_in_multiple_properties: bool,
        is_replacing_main_residence: bool,
        is_first_time_buyer: bool,
        requote: Option<Box<super::NewQuote>>,
    },
}

impl PropertyWrite {
    /// The audit trail's name for it.
    pub fn action(&self) -> &'static str {
        match self {
            PropertyWrite::Details { .. } => "case.property_details_updated",
            PropertyWrite::GroundRent { .. } => "case.ground_rent_updated",
            PropertyWrite::Alterations { add: None, .. } => "case.alterations_answered",
            PropertyWrite::Alterations { add: Some(_), .. } => "case.alteration_added",
            PropertyWrite::DeleteAlteration { .. } => "case.alteration_deleted",
            PropertyWrite::Loans { add: None, .. } => "case.loans_answered",
            PropertyWrite::Loans { add: Some(_), .. } => "case.loan_added",
            PropertyWrite::DeleteLoan { .. } => "case.loan_deleted",
            PropertyWrite::Purchase { .. } => "case.purchase_financing_updated",
            PropertyWrite::AddSourceOfFunds { .. } => "case.source_of_funds_added",
            PropertyWrite::DeleteSourceOfFunds { .. } => "case.source_of_funds_deleted",
            PropertyWrite::AddIsa { .. } => "case.isa_added",
            PropertyWrite::DeleteIsa { .. } => "case.isa_deleted",
            PropertyWrite::LandTax { .. } => "case.land_tax_answers_updated",
        }
    }
}

impl PropertyWrite {
    /// The alteration or loan it deletes.
    fn deleted_row(&self) -> Option<i64> {
        match self {
            PropertyWrite::DeleteAlteration { alteration_id } => Some(*alteration_id),
            PropertyWrite::DeleteLoan { loan_id } => Some(*loan_id),
            PropertyWrite::DeleteSourceOfFunds { source_id } => Some(*source_id),
            PropertyWrite::DeleteIsa { isa_id } => Some(*isa_id),
            _ => None,
        }
    }
}

/// The case lists whose rows are deleted by their own id (`DELETE /loans/{loanId}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaseList {
    Loans,
    Isas,
}

impl CaseList {
    fn table(self) -> &'static str {
        match self {
            CaseList::Loans => "loans",
            CaseList::Isas => "isas",
        }
    }
}

/// A property write with everything that goes in its transaction.
#[derive(Clone, Copy, Debug)]
pub struct PropertyWriteRecord<'a> {
    pub case_id: i64,
    pub case_type: &'a str,
    /// The status the caller decided on: the write is refused (a conflict) if the case has
    /// moved since.
    pub expected_status: &'a str,
    pub actor: UserId,
    pub write: &'a PropertyWrite,
    /// The required-document slots the case should have afterwards (None: leave them as they
    /// are). A slot for [`NEW_ROW_ID`] is for the alteration this write adds.
    pub required: Option<&'a [RequiredSlot]>,
    pub transitions: &'a [TransitionRecord],
}

/// A stored slot: id, group, alteration, document type.
pub(super) type SlotRow = (i64, String, Option<i64>, String);

/// A slot to insert: group, alteration, document type.
type NewSlot<'s> = (&'s str, Option<i64>, &'s str);

/// How to bring the stored slots in line with the wanted ones: the ids to delete and the slots
/// to add. A stored slot that is still wanted is kept as it is, with its upload.
pub(super) fn plan_slots<'s>(
    stored: &[SlotRow],
    wanted: &'s [RequiredSlot],
    added: Option<i64>,
) -> (Vec<i64>, Vec<NewSlot<'s>>) {
    let mut kept = vec![false; stored.len()];
    let mut missing = vec![];
    for slot in wanted {
        let alteration = slot.alteration_id.map(|id| {
            if id == NEW_ROW_ID {
                added.unwrap_or(id)
            } else {
                id
            }
        });
        let found = stored
            .iter()
            .enumerate()
            .position(|(i, (_, group, alt, doc))| {
                !kept[i] && group == slot.group && *alt == alteration && doc == slot.document_type
            });
        match found {
            Some(i) => kept[i] = true,
            None => missing.push((slot.group, alteration, slot.document_type)),
        }
    }
    let gone = stored
        .iter()
        .zip(kept)
        .filter(|(_, k)| !k)
        .map(|((id, ..), _)| *id)
        .collect();
    (gone, missing)
}

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

/// Brings a case's required-document rows in line with `$slots` inside an open transaction.
macro_rules! sync_required {
    ($tx:expr, $case_id:expr, $slots:expr, $added:expr) => {{
        let stored: Vec<$crate::cases::property_writes::SlotRow> = sqlx::query_as(
            "SELECT id, group_name, alteration_id, document_type FROM required_documents \
             WHERE case_id = $1 ORDER BY id",
        )
        .bind($case_id)
        .fetch_all(&mut *$tx)
        .await?;
        let (gone, missing) = $crate::cases::property_writes::plan_slots(&stored, $slots, $added);
        for id in gone {
            sqlx::query("DELETE FROM required_documents WHERE id = $1")
                .bind(id)
                .execute(&mut *$tx)
                .await?;
        }
        for (group, alteration, document_type) in missing {
            sqlx::query(
                "INSERT INTO required_documents (case_id, group_name, alteration_id, document_type) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind($case_id)
            .bind(group)
            .bind(alteration)
            .bind(document_type)
            .execute(&mut *$tx)
            .await?;
        }
    }};
}
pub(crate) use sync_required;

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
                            super::create::insert_quote!(tx, case_id, quote, now);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn slot(group: &'static str, alteration_id: Option<i64>, t: &'static str) -> RequiredSlot {
        RequiredSlot {
            group,
            alteration_id,
            document_type: t,
        }
    }

    #[test]
    fn wanted_slots_are_kept_stale_ones_go_and_new_ones_come() {
        let stored: Vec<SlotRow> = vec![
            (1, "documents".into(), None, "MORTGAGE_STATEMENT".into()),
            (
                2,
                "buyToLetDocuments".into(),
                None,
                "TENANCY_AGREEMENT".into(),
            ),
            (
                3,
                "alterationDocuments".into(),
                Some(7),
                "FENSA_CERTIFICATE".into(),
            ),
        ];
        let wanted = [
            slot("documents", None, "MORTGAGE_STATEMENT"),
            slot("documents", None, "BANK_STATEMENT"),
            slot("alterationDocuments", Some(7), "FENSA_CERTIFICATE"),
            slot("alterationDocuments", Some(NEW_ROW_ID), "MCS_CERTIFICATE"),
        ];
        let (gone, missing) = plan_slots(&stored, &wanted, Some(9));
        assert_eq!(gone, vec![2]);
        assert_eq!(
            missing,
            vec![
                ("documents", None, "BANK_STATEMENT"),
                ("alterationDocuments", Some(9), "MCS_CERTIFICATE"),
            ]
        );
    }
}

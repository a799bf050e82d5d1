//! The application's property and purchase sections (issues 12 and 13): property details,
//! ground rent, alterations and loans; a purchase's deposit, lender, sources of funds, ISAs and
//! Stamp Duty Land Tax answers. Each write goes in one transaction with its audit event, the
//! required-document slots the case should now have, and the automatic transitions the case
//! service decided; it fails as a conflict if the case moved since it was read.
//!
//! The changes (`changes`) and their write (`write`); the required-document slots each write
//! brings in line are planned here.

mod changes;
mod write;

use threshold_engine::snapshot::{NEW_ROW_ID, RequiredSlot};

pub use changes::{CaseList, NewAlteration, NewLoan, PropertyWrite, PropertyWriteRecord};

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

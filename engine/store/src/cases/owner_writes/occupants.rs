//! Adult occupants, and what the expanded case shows of these sections.

use serde_json::json;

use super::{NamedPerson, SectionWrite, now, section_write};
use crate::cases::transition::write_transition;
use crate::{Db, StoreError, on_db};

/// What the expanded case shows of these sections.
#[derive(Clone, Debug, Default)]
pub struct OwnersExtras {
    pub occupants: Vec<PersonRow>,
    pub removed_owners: Vec<PersonRow>,
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct PersonRow {
    pub id: i64,
    pub full_name: String,
    pub email: Option<String>,
}

impl Db {
    /// Answers the adult-occupants question and adds an occupant if one is given; returns
    /// their id. Answering no while occupants are listed is a conflict.
    #[tracing::instrument(skip_all, fields(case_id = w.case_id))]
    pub async fn save_adult_occupants(
        &self,
        w: &SectionWrite<'_>,
        has_adult_occupants: bool,
        occupant: Option<&NamedPerson>,
    ) -> Result<Option<i64>, StoreError> {
        section_write!(self, w, "case.adult_occupants_saved",
            |id: &Option<i64>| json!({
                "caseType": w.case_type, "hasAdultOccupants": has_adult_occupants, "occupantId": id
            }),
            tx => {
            if !has_adult_occupants {
                let (listed,): (i64,) =
                    sqlx::query_as("SELECT COUNT(*) FROM occupants WHERE case_id = $1")
                        .bind(w.case_id)
                        .fetch_one(&mut *tx)
                        .await?;
                if listed > 0 {
                    return Err(StoreError::Conflict("Remove the occupants first."));
                }
            }
            sqlx::query("UPDATE cases SET has_adult_occupants = $2 WHERE id = $1")
                .bind(w.case_id)
                .bind(has_adult_occupants)
                .execute(&mut *tx)
                .await?;
            match occupant {
                Some(p) => {
                    let (id,): (i64,) = sqlx::query_as(
                        "INSERT INTO occupants (case_id, full_name, email, created_at) \
                         VALUES ($1, $2, $3, $4) RETURNING id",
                    )
                    .bind(w.case_id)
                    .bind(&p.full_name)
                    .bind(&p.email)
                    .bind(now())
                    .fetch_one(&mut *tx)
                    .await?;
                    Some(id)
                }
                None => None,
            }
        })
    }

    /// Removes an adult occupant of this case (not found: no such occupant here).
    #[tracing::instrument(skip_all, fields(case_id = w.case_id))]
    pub async fn delete_occupant(
        &self,
        w: &SectionWrite<'_>,
        occupant_id: i64,
    ) -> Result<(), StoreError> {
        section_write!(self, w, "case.occupant_removed",
            |_: &()| json!({ "caseType": w.case_type, "occupantId": occupant_id }),
            tx => {
            let done = sqlx::query("DELETE FROM occupants WHERE id = $1 AND case_id = $2")
                .bind(occupant_id)
                .bind(w.case_id)
                .execute(&mut *tx)
                .await?
                .rows_affected();
            if done == 0 {
                return Err(StoreError::NotFound);
            }
        })
    }

    /// The case's adult occupants and removed owners, oldest first (the caller has checked
    /// the case is visible).
    #[tracing::instrument(skip_all, fields(case_id))]
    pub async fn owners_extras(&self, case_id: i64) -> Result<OwnersExtras, StoreError> {
        let (occupants, removed_owners) = on_db!(self, pool => {
            let occupants: Vec<PersonRow> = sqlx::query_as(
                "SELECT id, full_name, email FROM occupants WHERE case_id = $1 ORDER BY id",
            )
            .bind(case_id)
            .fetch_all(pool)
            .await?;
            let removed: Vec<PersonRow> = sqlx::query_as(
                "SELECT id, full_name, email FROM removed_owners WHERE case_id = $1 ORDER BY id",
            )
            .bind(case_id)
            .fetch_all(pool)
            .await?;
            (occupants, removed)
        });
        Ok(OwnersExtras {
            occupants,
            removed_owners,
        })
    }
}

//! A company case's company (issue 33, CALLS-26): recorded or replaced whole in one section
//! write. Recording one makes the case a company case (its Financial Details hidden).

use chrono::{DateTime, Utc};
use serde_json::json;
use threshold_engine::company::Company;

use super::owner_writes::{SectionWrite, now, section_write};
use super::transition::write_transition;
use crate::{Db, StoreError, on_db};

impl Db {
    /// Writes the company and its officers (each an applicant of this case: checked by the
    /// caller). The audit line counts the officers; the names stay in their rows.
    #[tracing::instrument(skip_all)]
    pub async fn write_company(
        &self,
        w: &SectionWrite<'_>,
        company: &Company,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let detail = |_: &()| {
            json!({
                "directors": company.officers.iter().filter(|o| o.is_director).count(),
                "guarantors": company.officers.iter().filter(|o| o.is_guarantor).count(),
            })
        };
        section_write!(self, w, "case.company_recorded", detail, tx => {
            sqlx::query("UPDATE cases SET is_company_case = TRUE WHERE id = $1")
                .bind(w.case_id)
                .execute(&mut *tx)
                .await?;
            let office = &company.registered_office;
            sqlx::query(
                "INSERT INTO case_companies (case_id, registered_name, company_number, \
                 office_line1, office_line2, office_town, office_postcode, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (case_id) DO UPDATE SET \
                 registered_name = excluded.registered_name, \
                 company_number = excluded.company_number, office_line1 = excluded.office_line1, \
                 office_line2 = excluded.office_line2, office_town = excluded.office_town, \
                 office_postcode = excluded.office_postcode, updated_at = excluded.updated_at",
            )
            .bind(w.case_id)
            .bind(&company.registered_name)
            .bind(&company.company_number)
            .bind(&office.address_line1)
            .bind(&office.address_line2)
            .bind(&office.town)
            .bind(&office.postcode)
            .bind(at)
            .execute(&mut *tx)
            .await?;
            sqlx::query("DELETE FROM company_officers WHERE case_id = $1")
                .bind(w.case_id)
                .execute(&mut *tx)
                .await?;
            for o in &company.officers {
                sqlx::query(
                    "INSERT INTO company_officers (case_id, applicant_id, is_director, \
                     is_guarantor) VALUES ($1, $2, $3, $4)",
                )
                .bind(w.case_id)
                .bind(o.owner_id)
                .bind(o.is_director)
                .bind(o.is_guarantor)
                .execute(&mut *tx)
                .await?;
            }
        })
    }
}

//! The owners themselves: co-owners added and removed, each owner's case details, previous
//! legal names and how tenants in common share the property.

use serde_json::json;
use threshold_engine::Effect;

use super::{SectionWrite, invite, now, section_write};
use crate::cases::create::insert_quote;
use crate::cases::transition::write_transition;
use crate::cases::{NewQuote, search};
use crate::{Db, StoreError, UserId, on_db};

/// One owner's own case details (the rest of their details are their profile's).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ApplicantDetails {
    pub address_line1: String,
    pub address_line2: Option<String>,
    pub town: Option<String>,
    /// Upper-case, one space (a buyer's is required).
    pub postcode: Option<String>,
    /// The owner lives at the property being remortgaged: the address is the property's.
    pub lives_at_property: Option<bool>,
    pub occupation: Option<String>,
    /// Upper-case, without spaces.
    pub national_insurance_number: Option<String>,
    pub is_uk_resident: Option<bool>,
}

impl ApplicantDetails {
    /// The fields given, for the audit trail (names only).
    fn given(&self) -> Vec<&'static str> {
        let mut fields = vec!["addressLine1"];
        if self.address_line2.is_some() {
            fields.push("addressLine2");
        }
        if self.town.is_some() {
            fields.push("town");
        }
        if self.postcode.is_some() {
            fields.push("postcode");
        }
        if self.lives_at_property.is_some() {
            fields.push("livesAtProperty");
        }
        if self.occupation.is_some() {
            fields.push("occupation");
        }
        if self.national_insurance_number.is_some() {
            fields.push("nationalInsuranceNumber");
        }
        if self.is_uk_resident.is_some() {
            fields.push("isUkResident");
        }
        fields
    }
}

/// A co-owner to add: their account, the name typed for them, and the invitation's effects
/// (addressed to [`Recipient::AddedApplicant`], named here once the row exists).
#[derive(Clone, Debug)]
pub struct NewCoOwner<'a> {
    pub user_id: UserId,
    pub invited_name: &'a str,
    pub effects: &'a [Effect],
}

impl Db {
    /// Adds a co-owner (not the lead, not yet agreed), records their invitation as sent and
    /// queues its e-mail and feed item; returns the applicant id. A conflict if they are on
    /// the case already.
    #[tracing::instrument(skip_all, fields(case_id = w.case_id))]
    pub async fn add_co_owner(
        &self,
        w: &SectionWrite<'_>,
        new: &NewCoOwner<'_>,
    ) -> Result<i64, StoreError> {
        let keys = search::search_keys(new.invited_name);
        section_write!(self, w, "case.co_owner_added",
            |id: &i64| json!({ "caseType": w.case_type, "applicantId": id }),
            tx => {
            let at = now();
            let (applicant_id,): (i64,) = sqlx::query_as(
                "INSERT INTO applicants (case_id, user_id, party_type, is_lead, created_at, \
                 invited_name) VALUES ($1, $2, 'APPLICANT', FALSE, $3, $4) RETURNING id",
            )
            .bind(w.case_id)
            .bind(new.user_id)
            .bind(at)
            .bind(new.invited_name)
            .fetch_one(&mut *tx)
            .await
            .map_err(|e| StoreError::from_unique(e, "already on the case"))?;
            // A split covers exactly the owners it was given for: it is asked again.
            sqlx::query("UPDATE applicants SET tenancy_share_bp = NULL WHERE case_id = $1")
                .bind(w.case_id)
                .execute(&mut *tx)
                .await?;
            invite!(tx, w, applicant_id, new.effects, at);
            for key in &keys {
                sqlx::query(
                    "INSERT INTO case_search_names (case_id, case_type, name) SELECT $1, $2, $3 \
                     WHERE NOT EXISTS (SELECT 1 FROM case_search_names WHERE case_id = $1 AND name = $3)",
                )
                .bind(w.case_id)
                .bind(w.case_type)
                .bind(key)
                .execute(&mut *tx)
                .await?;
            }
            applicant_id
        })
    }

    /// Takes an owner who is not the lead off the case, with their invitation, and rebuilds
    /// the case's search names from the owners who stay. Not found: no such (non-lead) owner.
    #[tracing::instrument(skip_all, fields(case_id = w.case_id))]
    pub async fn remove_owner(
        &self,
        w: &SectionWrite<'_>,
        user_id: UserId,
    ) -> Result<(), StoreError> {
        section_write!(self, w, "case.owner_removed",
            |id: &i64| json!({ "caseType": w.case_type, "applicantId": id }),
            tx => {
            let removed: Option<(i64,)> = sqlx::query_as(
                "DELETE FROM applicants WHERE case_id = $1 AND user_id = $2 \
                 AND party_type = 'APPLICANT' AND NOT is_lead RETURNING id",
            )
            .bind(w.case_id)
            .bind(user_id)
            .fetch_optional(&mut *tx)
            .await?;
            let Some((applicant_id,)) = removed else {
                return Err(StoreError::NotFound);
            };
            // A split covers exactly the owners it was given for: it is asked again.
            sqlx::query("UPDATE applicants SET tenancy_share_bp = NULL WHERE case_id = $1")
                .bind(w.case_id)
                .execute(&mut *tx)
                .await?;
            // Who stays, as the list's name search should find them: the name a broker typed
            // until the person agreed, then their own names.
            let stay: Vec<(UserId, Option<String>, String, bool)> = sqlx::query_as(
                "SELECT a.user_id, a.invited_name, u.preferred_name, a.consented_at IS NOT NULL \
                 FROM applicants a JOIN users u ON u.id = a.user_id \
                 WHERE a.case_id = $1 AND a.party_type = 'APPLICANT'",
            )
            .bind(w.case_id)
            .fetch_all(&mut *tx)
            .await?;
            let mut names = vec![];
            for (user, invited, preferred, consented) in stay {
                match invited {
                    Some(typed) if !consented => names.push(typed),
                    _ => {
                        names.push(preferred);
                        let legal: Vec<(String, Option<String>, String)> = sqlx::query_as(
                            "SELECT first_name, middle_names, surname FROM legal_names \
                             WHERE user_id = $1 AND until IS NULL",
                        )
                        .bind(user)
                        .fetch_all(&mut *tx)
                        .await?;
                        names.extend(legal.into_iter().map(|(f, m, s)| {
                            [Some(f), m, Some(s)].into_iter().flatten().collect::<Vec<_>>().join(" ")
                        }));
                    }
                }
            }
            let mut keys: Vec<String> = names.iter().flat_map(|n| search::search_keys(n)).collect();
            keys.sort();
            keys.dedup();
            sqlx::query("DELETE FROM case_search_names WHERE case_id = $1")
                .bind(w.case_id)
                .execute(&mut *tx)
                .await?;
            for key in keys {
                sqlx::query(
                    "INSERT INTO case_search_names (case_id, case_type, name) VALUES ($1, $2, $3)",
                )
                .bind(w.case_id)
                .bind(w.case_type)
                .bind(key)
                .execute(&mut *tx)
                .await?;
            }
            applicant_id
        })
        .map(|_: i64| ())
    }

    /// Saves one owner's case details (replacing what was there). Not found: not an owner of
    /// this case.
    #[tracing::instrument(skip_all, fields(case_id = w.case_id))]
    pub async fn save_applicant_details(
        &self,
        w: &SectionWrite<'_>,
        applicant_id: i64,
        d: &ApplicantDetails,
        requote: Option<&NewQuote>,
    ) -> Result<(), StoreError> {
        let fields = d.given();
        section_write!(self, w, "case.owner_details_saved",
            |_: &()| json!({ "caseType": w.case_type, "applicantId": applicant_id, "fields": fields }),
            tx => {
            let done = sqlx::query(
                "UPDATE applicants SET address_line1 = $3, occupation = $4, \
                 national_insurance_number = $5, is_uk_resident = $6, address_line2 = $7, \
                 address_town = $8, address_postcode = $9, lives_at_property = $10 \
                 WHERE id = $1 AND case_id = $2 AND party_type = 'APPLICANT'",
            )
            .bind(applicant_id)
            .bind(w.case_id)
            .bind(&d.address_line1)
            .bind(&d.occupation)
            .bind(&d.national_insurance_number)
            .bind(d.is_uk_resident)
            .bind(&d.address_line2)
            .bind(&d.town)
            .bind(&d.postcode)
            .bind(d.lives_at_property)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if done == 0 {
                return Err(StoreError::NotFound);
            }
            // A buyer's residence can change the land tax: the new quote goes in with it.
            if let Some(quote) = requote {
                insert_quote!(tx, w.case_id, quote, now());
            }
        })
    }

    /// Deletes one of an owner's previous legal names (one with an end date). Not found: not a
    /// previous name of an owner of this case.
    #[tracing::instrument(skip_all, fields(case_id = w.case_id))]
    pub async fn delete_applicant_legal_name(
        &self,
        w: &SectionWrite<'_>,
        applicant_id: i64,
        legal_name_id: i64,
    ) -> Result<(), StoreError> {
        section_write!(self, w, "case.owner_legal_name_deleted",
            |_: &()| json!({ "caseType": w.case_type, "applicantId": applicant_id, "legalNameId": legal_name_id }),
            tx => {
            let done = sqlx::query(
                "DELETE FROM legal_names WHERE id = $1 AND until IS NOT NULL AND user_id = \
                 (SELECT user_id FROM applicants WHERE id = $2 AND case_id = $3 \
                 AND party_type = 'APPLICANT')",
            )
            .bind(legal_name_id)
            .bind(applicant_id)
            .bind(w.case_id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if done == 0 {
                return Err(StoreError::NotFound);
            }
        })
    }

    /// Records how tenants in common share the property: `shares` is (applicant id, basis
    /// points) for every owner of the case, adding up to 10,000. A conflict if the owners
    /// listed are not exactly the case's owners (one was added or removed meanwhile).
    #[tracing::instrument(skip_all, fields(case_id = w.case_id))]
    pub async fn save_tenancy_split(
        &self,
        w: &SectionWrite<'_>,
        shares: &[(i64, i64)],
    ) -> Result<(), StoreError> {
        section_write!(self, w, "case.tenancy_split_saved",
            |_: &()| json!({ "caseType": w.case_type, "shares": shares.len() }),
            tx => {
            let mut owners: Vec<i64> = sqlx::query_scalar(
                "SELECT id FROM applicants WHERE case_id = $1 AND party_type = 'APPLICANT'",
            )
            .bind(w.case_id)
            .fetch_all(&mut *tx)
            .await?;
            let mut listed: Vec<i64> = shares.iter().map(|(id, _)| *id).collect();
            owners.sort_unstable();
            listed.sort_unstable();
            if owners != listed {
                return Err(StoreError::Conflict("the owners of the case have changed"));
            }
            for (applicant_id, basis_points) in shares {
                sqlx::query("UPDATE applicants SET tenancy_share_bp = $2 WHERE id = $1")
                    .bind(applicant_id)
                    .bind(basis_points)
                    .execute(&mut *tx)
                    .await?;
            }
        })
    }
}

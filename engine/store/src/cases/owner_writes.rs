//! The Owners and Transfer of Equity sections' writes (co-owners, each owner's case details,
//! adult occupants, the transfer's reason and removed owners), each in one transaction with
//! its audit event and the automatic transitions it triggers, refused as a conflict if the
//! case left the status the caller decided on; and what the expanded case shows of them.
//!
//! Audit details name ids and field names, never values: names, e-mail addresses and
//! National Insurance numbers are personal data.

use chrono::{DateTime, NaiveDate, Utc};
use serde_json::{Value, json};
use threshold_engine::Effect;
use threshold_engine::types::TransferReason;

use super::transition::write_transition;
use super::{TransitionRecord, search};
use crate::{Db, StoreError, UserId, on_db};

/// What every section write carries: the case, the status the caller decided on, who writes,
/// the automatic transitions the change triggers, and the case's next task due date after it.
#[derive(Clone, Copy, Debug)]
pub struct SectionWrite<'a> {
    pub case_id: i64,
    pub case_type: &'a str,
    /// The write is refused (a conflict) if the case has moved since.
    pub expected_status: &'a str,
    pub actor: UserId,
    pub transitions: &'a [TransitionRecord],
    /// The earliest due date of the case's open tasks once written (the queue's sort).
    pub next_task_due: Option<NaiveDate>,
}

/// An adult occupant or a removed owner: a name and maybe an e-mail address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedPerson {
    pub full_name: String,
    pub email: Option<String>,
}

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

/// Runs `$body` in a transaction that first checks the case is still where the caller saw it,
/// then writes the audit event `$action` with `$detail` and the automatic transitions.
/// `$body` may `return Err(..)` to abandon everything.
macro_rules! section_write {
    ($db:expr, $w:expr, $action:expr, $detail:expr, $tx:ident => $body:block) => {{
        let w: &SectionWrite<'_> = $w;
        crate::error::retrying!(async {
            on_db!($db, pool => {
                let mut $tx = $crate::BeginWrite::begin_write(pool).await?;
                let here = sqlx::query(
                    "UPDATE cases SET updated_at = $3, next_task_due_on = $4 \
                     WHERE id = $1 AND status = $2",
                )
                .bind(w.case_id)
                .bind(w.expected_status)
                .bind(now())
                .bind(w.next_task_due)
                .execute(&mut *$tx)
                .await?
                .rows_affected();
                if here == 0 {
                    return Err(StoreError::Conflict("the case has changed; reload it"));
                }
                let out = $body;
                let detail: serde_json::Value = ($detail)(&out);
                sqlx::query(
                    "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                     VALUES ($1, $2, 'case', $3, $4, $5)",
                )
                .bind(w.actor)
                .bind($action)
                .bind(w.case_id.to_string())
                .bind(sqlx::types::Json(detail))
                .bind(now())
                .execute(&mut *$tx)
                .await?;
                let at = now();
                for t in w.transitions {
                    write_transition!($tx, w.case_id, w.case_type, t, at);
                }
                $tx.commit().await?;
                Ok(out)
            })
        })
    }};
}

pub(super) use section_write;

/// Inside an open section write: records the invitation of the applicant just added as sent,
/// and queues its e-mail and feed item addressed to them (see [`addressed`]).
macro_rules! invite {
    ($tx:ident, $w:expr, $applicant_id:expr, $effects:expr, $at:expr) => {{
        sqlx::query("INSERT INTO invitations (case_id, applicant_id, sent_at) VALUES ($1, $2, $3)")
            .bind($w.case_id)
            .bind($applicant_id)
            .bind($at)
            .execute(&mut *$tx)
            .await?;
        $crate::cases::owner_writes::tell_added!($tx, $w, $applicant_id, $effects, $at);
    }};
}
pub(super) use invite;

/// Inside an open section write: queues the announcement's effects addressed to this
/// applicant (an invitation, or a donor asked again).
macro_rules! tell_added {
    ($tx:ident, $w:expr, $applicant_id:expr, $effects:expr, $at:expr) => {{
        for e in $effects {
            sqlx::query(
                "INSERT INTO case_effects (case_id, effect, due_at, created_at, set_in_status) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind($w.case_id)
            .bind(sqlx::types::Json($crate::cases::owner_writes::addressed(
                e,
                $applicant_id,
            )))
            .bind($crate::cases::owner_writes::due_at(e))
            .bind($at)
            .bind($w.expected_status)
            .execute(&mut *$tx)
            .await?;
        }
    }};
}
pub(super) use tell_added;

pub(super) fn now() -> DateTime<Utc> {
    Utc::now()
}

/// The effect as the outbox keeps it, its added applicant named.
pub(super) fn addressed(effect: &Effect, applicant_id: i64) -> Value {
    serde_json::to_value(effect.clone().addressed_to(applicant_id)).unwrap_or_default()
}

/// The due time of an effect (reminders wait).
pub fn due_at(effect: &Effect) -> Option<DateTime<Utc>> {
    match effect {
        Effect::Reminder { due_at, .. } => Some(*due_at),
        _ => None,
    }
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
        requote: Option<&super::NewQuote>,
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
                super::create::insert_quote!(tx, w.case_id, quote, now());
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

    /// Sets why the ownership is being transferred (the section is complete from then on), with
    /// the new quote the reason leads to, if any.
    #[tracing::instrument(skip_all, fields(case_id = w.case_id))]
    pub async fn save_transfer_reason(
        &self,
        w: &SectionWrite<'_>,
        reason: TransferReason,
        requote: Option<&super::NewQuote>,
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
                super::create::insert_quote!(tx, w.case_id, quote, now());
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

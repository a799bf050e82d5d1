//! A purchase's gift donors (issue 13): a donor is an `applicants` row of party type DONOR
//! (their account, never a party to the case's data) with a `donors` row for the gift, and an
//! `invitations` row that records their answer. Each write goes in one transaction with its
//! audit event (ids only: a donor's name and e-mail are personal data) and, when a donor is
//! added, the invitation's e-mail and feed item.

use chrono::{DateTime, Utc};
use serde_json::json;
use threshold_engine::Effect;

use super::owner_writes::{SectionWrite, invite, now, section_write, tell_added};
use super::transition::write_transition;
use crate::BeginWrite;
use crate::{Db, StoreError, UserId, on_db};

/// A donor to add: their account, the name the buyer typed, the gift in pence and the
/// invitation's effects (addressed to the added applicant once the row exists).
#[derive(Clone, Debug)]
pub struct NewDonor<'a> {
    pub user_id: UserId,
    pub invited_name: &'a str,
    pub gift_amount: i64,
    pub effects: &'a [Effect],
}

/// A gift as the buyers, the broker and the donor see it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct DonorGiftRow {
    pub id: i64,
    pub case_id: i64,
    pub applicant_id: i64,
    pub user_id: UserId,
    /// The name the buyer typed for the donor.
    pub invited_name: Option<String>,
    pub email: String,
    pub gift_amount: Option<i64>,
    pub invited_at: Option<DateTime<Utc>>,
    pub responded_at: Option<DateTime<Utc>>,
    pub accepted: Option<bool>,
}

const GIFTS: &str = "SELECT d.id, d.case_id, a.id AS applicant_id, a.user_id, a.invited_name, \
     u.email, d.gift_amount, i.sent_at AS invited_at, i.responded_at, i.accepted \
     FROM donors d JOIN applicants a ON a.id = d.applicant_id JOIN users u ON u.id = a.user_id \
     LEFT JOIN invitations i ON i.applicant_id = a.id";

impl Db {
    /// Adds a donor with their gift, records their invitation as sent and queues its e-mail
    /// and feed item; returns the donor id. A conflict if the person is on the case already.
    #[tracing::instrument(skip_all, fields(case_id = w.case_id))]
    pub async fn add_donor(
        &self,
        w: &SectionWrite<'_>,
        new: &NewDonor<'_>,
    ) -> Result<i64, StoreError> {
        section_write!(self, w, "case.donor_added",
            |id: &i64| json!({ "caseType": w.case_type, "donorId": id }),
            tx => {
            let at = now();
            let (applicant_id,): (i64,) = sqlx::query_as(
                "INSERT INTO applicants (case_id, user_id, party_type, is_lead, created_at, \
                 invited_name) VALUES ($1, $2, 'DONOR', FALSE, $3, $4) RETURNING id",
            )
            .bind(w.case_id)
            .bind(new.user_id)
            .bind(at)
            .bind(new.invited_name)
            .fetch_one(&mut *tx)
            .await
            .map_err(|e| StoreError::from_unique(e, "already on the case"))?;
            let (donor_id,): (i64,) = sqlx::query_as(
                "INSERT INTO donors (case_id, applicant_id, gift_amount, created_at) \
                 VALUES ($1, $2, $3, $4) RETURNING id",
            )
            .bind(w.case_id)
            .bind(applicant_id)
            .bind(new.gift_amount)
            .bind(at)
            .fetch_one(&mut *tx)
            .await?;
            invite!(tx, w, applicant_id, new.effects, at);
            donor_id
        })
    }

    /// Changes a donor's gift. Not found: no such donor on this case. A new amount asks the
    /// donor again: their answer is cleared and `effects` (the invitation's e-mail and feed
    /// item) go to them.
    #[tracing::instrument(skip_all, fields(case_id = w.case_id))]
    pub async fn update_donor_gift(
        &self,
        w: &SectionWrite<'_>,
        donor_id: i64,
        gift_amount: i64,
        effects: &[Effect],
    ) -> Result<(), StoreError> {
        section_write!(self, w, "case.donor_gift_changed",
            |_: &()| json!({ "caseType": w.case_type, "donorId": donor_id }),
            tx => {
            let found: Option<(i64, Option<i64>)> = sqlx::query_as(
                "SELECT applicant_id, gift_amount FROM donors WHERE id = $1 AND case_id = $2",
            )
            .bind(donor_id)
            .bind(w.case_id)
            .fetch_optional(&mut *tx)
            .await?;
            let Some((applicant_id, before)) = found else {
                return Err(StoreError::NotFound);
            };
            if before != Some(gift_amount) {
                sqlx::query("UPDATE donors SET gift_amount = $2, accepted_at = NULL WHERE id = $1")
                    .bind(donor_id)
                    .bind(gift_amount)
                    .execute(&mut *tx)
                    .await?;
                sqlx::query(
                    "UPDATE invitations SET responded_at = NULL, accepted = NULL \
                     WHERE applicant_id = $1",
                )
                .bind(applicant_id)
                .execute(&mut *tx)
                .await?;
                tell_added!(tx, w, applicant_id, effects, now());
            }
        })
    }

    /// Takes a donor off the case with their gift and invitation. Not found: no such donor.
    #[tracing::instrument(skip_all, fields(case_id = w.case_id))]
    pub async fn remove_donor(
        &self,
        w: &SectionWrite<'_>,
        donor_id: i64,
    ) -> Result<(), StoreError> {
        section_write!(self, w, "case.donor_removed",
            |_: &()| json!({ "caseType": w.case_type, "donorId": donor_id }),
            tx => {
            let found: Option<(i64,)> = sqlx::query_as(
                "SELECT applicant_id FROM donors WHERE id = $1 AND case_id = $2",
            )
            .bind(donor_id)
            .bind(w.case_id)
            .fetch_optional(&mut *tx)
            .await?;
            let Some((applicant_id,)) = found else {
                return Err(StoreError::NotFound);
            };
            // The gift and the invitation go with the person (ON DELETE CASCADE).
            sqlx::query("DELETE FROM invitations WHERE applicant_id = $1")
                .bind(applicant_id)
                .execute(&mut *tx)
                .await?;
            sqlx::query("DELETE FROM applicants WHERE id = $1")
                .bind(applicant_id)
                .execute(&mut *tx)
                .await?;
        })
    }

    /// The donor's answer to their invitation, with the audit event; the donor id, or None
    /// when this user is not a donor of the case.
    #[tracing::instrument(skip_all, fields(case_id))]
    pub async fn record_donor_answer(
        &self,
        case_id: i64,
        user_id: UserId,
        accepted: bool,
        now: DateTime<Utc>,
    ) -> Result<Option<i64>, StoreError> {
        crate::error::retrying!(async {
            on_db!(self, pool => {
                let mut tx = pool.begin_write().await?;
                let found: Option<(i64, i64)> = sqlx::query_as(
                    "SELECT d.id, a.id FROM donors d JOIN applicants a ON a.id = d.applicant_id \
                     WHERE d.case_id = $1 AND a.user_id = $2",
                )
                .bind(case_id)
                .bind(user_id)
                .fetch_optional(&mut *tx)
                .await?;
                let Some((donor_id, applicant_id)) = found else {
                    return Ok::<_, StoreError>(None);
                };
                sqlx::query("UPDATE donors SET accepted_at = $2 WHERE id = $1")
                    .bind(donor_id)
                    .bind(accepted.then_some(now))
                    .execute(&mut *tx)
                    .await?;
                sqlx::query(
                    "UPDATE invitations SET responded_at = $2, accepted = $3, \
                     opened_at = COALESCE(opened_at, $2) WHERE applicant_id = $1",
                )
                .bind(applicant_id)
                .bind(now)
                .bind(accepted)
                .execute(&mut *tx)
                .await?;
                sqlx::query(
                    "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                     VALUES ($1, $2, 'case', $3, $4, $5)",
                )
                .bind(user_id)
                .bind(if accepted { "case.gift_accepted" } else { "case.gift_declined" })
                .bind(case_id.to_string())
                .bind(sqlx::types::Json(json!({ "caseType": "BUYING", "donorId": donor_id })))
                .bind(now)
                .execute(&mut *tx)
                .await?;
                tx.commit().await?;
                Ok(Some(donor_id))
            })
        })
    }

    /// Every gift of a case, in the order they were added.
    pub async fn donor_gifts(&self, case_id: i64) -> Result<Vec<DonorGiftRow>, StoreError> {
        let sql = format!("{GIFTS} WHERE d.case_id = $1 ORDER BY d.id");
        Ok(
            on_db!(self, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(case_id)
            .fetch_all(pool)
            .await)?,
        )
    }

    /// Every gift this user is the donor of, the newest first.
    pub async fn gifts_of_user(&self, user_id: UserId) -> Result<Vec<DonorGiftRow>, StoreError> {
        let sql = format!("{GIFTS} WHERE a.user_id = $1 ORDER BY d.id DESC");
        Ok(
            on_db!(self, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(user_id)
            .fetch_all(pool)
            .await)?,
        )
    }
}

//! Whom an effect reaches, what its e-mail says about the case, and its deliveries.

use chrono::{DateTime, Utc};
use threshold_engine::Recipient;

use crate::{Db, StoreError, UserId, on_db};

/// Someone an effect reaches.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct EffectRecipient {
    pub user_id: UserId,
    pub email: String,
    pub preferred_name: String,
    /// A purchase's gift donor: no party to the case, so their links lead to their gift.
    pub donor: bool,
}

/// What a case e-mail says about its case.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct CaseBrief {
    #[sqlx(try_from = "String")]
    pub case_type: threshold_engine::CaseType,
    pub status: String,
    pub address_line1: Option<String>,
    /// Agreed, or (once completed) the day it completed.
    pub completion_date: Option<chrono::NaiveDate>,
}

const CUSTOMERS: &str = "SELECT u.id AS user_id, u.email, u.preferred_name, FALSE AS donor \
     FROM applicants a \
     JOIN users u ON u.id = a.user_id \
     WHERE a.case_id = $1 AND a.party_type = 'APPLICANT' AND $2 = 0 ORDER BY a.id";
/// One person on the case by applicant id, whatever their part (an owner, a buyer, a donor).
const ONE_APPLICANT: &str = "SELECT u.id AS user_id, u.email, u.preferred_name, \
     a.party_type = 'DONOR' AS donor FROM applicants a \
     JOIN users u ON u.id = a.user_id WHERE a.case_id = $1 AND a.id = $2";
const LEAD_CUSTOMER: &str = "SELECT u.id AS user_id, u.email, u.preferred_name, FALSE AS donor \
     FROM applicants a \
     JOIN users u ON u.id = a.user_id \
     WHERE a.case_id = $1 AND a.party_type = 'APPLICANT' AND a.is_lead AND $2 = 0 ORDER BY a.id";
const BROKERS: &str = "SELECT u.id AS user_id, u.email, u.preferred_name, FALSE AS donor \
     FROM case_admins ca \
     JOIN users u ON u.id = ca.user_id WHERE ca.case_id = $1 AND $2 = 0 ORDER BY ca.created_at";
/// The firm's conveyancing team: every conveyancer account.
const CONVEYANCERS: &str = "SELECT u.id AS user_id, u.email, u.preferred_name, FALSE AS donor \
     FROM users u \
     WHERE u.role = 'ROLE_CONVEYANCER' AND $1 > 0 AND $2 = 0 ORDER BY u.created_at";
/// The member of staff the case is assigned to; the whole team while nobody is.
const ASSIGNED_CONVEYANCER: &str = "SELECT u.id AS user_id, u.email, u.preferred_name, \
     FALSE AS donor FROM users u JOIN cases c ON c.id = $1 \
     WHERE $2 = 0 AND (u.id = c.assignee_id \
         OR (c.assignee_id IS NULL AND u.role = 'ROLE_CONVEYANCER')) \
     ORDER BY u.created_at";

impl Db {
    /// The people an effect addressed to `to` reaches on this case, now. The conveyancing
    /// team is every conveyancer account.
    #[tracing::instrument(skip_all, fields(case_id))]
    pub async fn effect_recipients(
        &self,
        case_id: i64,
        to: Recipient,
    ) -> Result<Vec<EffectRecipient>, StoreError> {
        // $2 narrows to one applicant (0: no narrowing); every query takes both arguments.
        let (sql, applicant) = match to {
            Recipient::Customers => (CUSTOMERS, 0),
            Recipient::Applicant(id) => (ONE_APPLICANT, id),
            Recipient::LeadCustomer => (LEAD_CUSTOMER, 0),
            Recipient::Broker => (BROKERS, 0),
            Recipient::Conveyancer => (CONVEYANCERS, 0),
            Recipient::AssignedConveyancer => (ASSIGNED_CONVEYANCER, 0),
            // Named when the effect is written (see `Recipient::named_by_announcement`); an
            // effect still addressed this way reaches no one.
            Recipient::AddedApplicant | Recipient::Donor => (ONE_APPLICANT, -1),
        };
        Ok(on_db!(self, pool => sqlx::query_as(sql)
            .bind(case_id)
            .bind(applicant)
            .fetch_all(pool)
            .await)?)
    }

    /// Type, status and address of a case, for the words of an e-mail (None: it is gone).
    pub async fn case_brief(&self, case_id: i64) -> Result<Option<CaseBrief>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT c.case_type, c.status, p.address_line1, c.completion_date FROM cases c \
             LEFT JOIN properties p ON p.case_id = c.id WHERE c.id = $1",
        )
        .bind(case_id)
        .fetch_optional(pool)
        .await)?)
    }

    /// Whether this effect's e-mail has reached this address already.
    pub async fn effect_delivered(
        &self,
        effect_id: i64,
        recipient: &str,
    ) -> Result<bool, StoreError> {
        let row: Option<(i64,)> = on_db!(self, pool => sqlx::query_as(
            "SELECT effect_id FROM effect_deliveries WHERE effect_id = $1 AND recipient = $2",
        )
        .bind(effect_id)
        .bind(recipient)
        .fetch_optional(pool)
        .await)?;
        Ok(row.is_some())
    }

    /// Notes that this effect's e-mail reached this address.
    pub async fn record_delivery(
        &self,
        effect_id: i64,
        recipient: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_db!(self, pool => sqlx::query(
            "INSERT INTO effect_deliveries (effect_id, recipient, delivered_at) VALUES ($1, $2, $3) \
             ON CONFLICT (effect_id, recipient) DO NOTHING",
        )
        .bind(effect_id)
        .bind(recipient)
        .bind(now)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(())
    }
}

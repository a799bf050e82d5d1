//! Invitations (sent, opened, answered, per applicant) and quote acceptance.

use chrono::{DateTime, Utc};

use crate::BeginWrite;
use crate::{Db, StoreError, UserId, on_db};

/// One applicant's invitation as the broker sees it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct InvitationRow {
    pub applicant_id: i64,
    pub user_id: UserId,
    pub preferred_name: String,
    pub sent_at: DateTime<Utc>,
    pub send_count: i32,
    pub opened_at: Option<DateTime<Utc>>,
    pub responded_at: Option<DateTime<Utc>>,
    pub accepted: Option<bool>,
}

/// The invitation of user `$2` on case `$1` (invitations are kept per applicant).
macro_rules! users_invitation {
    () => {
        "case_id = $1 AND applicant_id IN \
         (SELECT id FROM applicants WHERE case_id = $1 AND user_id = $2)"
    };
}

impl Db {
    /// An invitation went (again) to this applicant: a new send clears an earlier answer.
    pub async fn record_invitation_sent(
        &self,
        case_id: i64,
        applicant_id: i64,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_db!(self, pool => sqlx::query(
            "INSERT INTO invitations (case_id, applicant_id, sent_at) VALUES ($1, $2, $3) \
             ON CONFLICT (applicant_id) DO UPDATE SET sent_at = excluded.sent_at, \
             send_count = invitations.send_count + 1, responded_at = NULL, accepted = NULL",
        )
        .bind(case_id)
        .bind(applicant_id)
        .bind(now)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(())
    }

    /// The user opened their invitation's quote (the first time counts).
    pub async fn record_invitation_opened(
        &self,
        case_id: i64,
        user_id: UserId,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_db!(self, pool => sqlx::query(
            concat!(
                "UPDATE invitations SET opened_at = COALESCE(opened_at, $3) WHERE ",
                users_invitation!()
            ),
        )
        .bind(case_id)
        .bind(user_id)
        .bind(now)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(())
    }

    /// The user answered; false when they have no invitation on this case.
    pub async fn record_invitation_response(
        &self,
        case_id: i64,
        user_id: UserId,
        accepted: bool,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = on_db!(self, pool => sqlx::query(
            concat!(
                "UPDATE invitations SET responded_at = $4, accepted = $3, \
                 opened_at = COALESCE(opened_at, $4) WHERE ",
                users_invitation!()
            ),
        )
        .bind(case_id)
        .bind(user_id)
        .bind(accepted)
        .bind(now)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done > 0)
    }

    /// The user agreed to be on the case: their brokers may see their details from now on.
    pub async fn record_consent(
        &self,
        case_id: i64,
        user_id: UserId,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_db!(self, pool => sqlx::query(
            "UPDATE applicants SET consented_at = COALESCE(consented_at, $3) \
             WHERE case_id = $1 AND user_id = $2",
        )
        .bind(case_id)
        .bind(user_id)
        .bind(now)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(())
    }

    /// Every invitation of a case, lead first.
    pub async fn invitations_of(&self, case_id: i64) -> Result<Vec<InvitationRow>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT i.applicant_id, a.user_id, u.preferred_name, i.sent_at, i.send_count, \
             i.opened_at, i.responded_at, i.accepted FROM invitations i \
             JOIN applicants a ON a.id = i.applicant_id JOIN users u ON u.id = a.user_id \
             WHERE i.case_id = $1 ORDER BY a.is_lead DESC, a.id",
        )
        .bind(case_id)
        .fetch_all(pool)
        .await)?)
    }

    /// Accepts a case's quote (the first acceptance stands), audited. False when the quote is
    /// not this case's latest.
    pub async fn accept_quote(
        &self,
        case_id: i64,
        quote_id: i64,
        by: UserId,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let done = sqlx::query(
                "UPDATE quotes SET accepted_at = COALESCE(accepted_at, $3) WHERE id = $1 \
                 AND case_id = $2 AND id = (SELECT MAX(id) FROM quotes WHERE case_id = $2)",
            )
            .bind(quote_id)
            .bind(case_id)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if done == 0 {
                return Ok(false);
            }
            sqlx::query(
                "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                 VALUES ($1, 'case.quote_accepted', 'case', $2, $3, $4)",
            )
            .bind(by)
            .bind(case_id.to_string())
            .bind(sqlx::types::Json(serde_json::json!({ "quoteId": quote_id })))
            .bind(now)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(true)
        })
    }
}

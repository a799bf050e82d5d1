//! Electronic identity checks: each one an applicant started with the identity provider (an
//! Onfido Studio workflow run), kept with the provider's reference so that its webhook finds
//! the applicant and case. Only the applicant's latest check counts. Recording the outcome on
//! the case is a case write (`Db::record_identity_check`), through the case service.

use chrono::{DateTime, Utc};
use serde_json::json;

use crate::BeginWrite;
use crate::{Db, StoreError, UserId, on_db};

/// A check just started with the provider.
#[derive(Clone, Debug)]
pub struct NewIdentityCheck<'a> {
    pub case_id: i64,
    pub applicant_id: i64,
    pub user_id: UserId,
    /// ONFIDO.
    pub provider: &'a str,
    pub reference: &'a str,
    /// The provider's own page for the check, for the firm.
    pub dashboard_url: Option<&'a str>,
}

/// What the identity provider said about a check it finished with a verdict.
#[derive(Clone, Debug)]
pub struct ProviderVerdict<'a> {
    pub applicant_id: i64,
    pub reference: &'a str,
    /// approved, declined or review.
    pub result: &'a str,
    /// Why it did not approve, in its words (none where it gave none).
    pub reasons: &'a [String],
    pub verified: bool,
}

/// An applicant's latest check, as the firm reviews it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct LatestIdentityCheck {
    pub applicant_id: i64,
    pub provider: String,
    /// The provider's outcome once it is known.
    pub result: Option<String>,
    pub started_at: DateTime<Utc>,
    pub completed_at: Option<DateTime<Utc>>,
    /// The provider's own page for the check (its reasons, what the person showed).
    pub dashboard_url: Option<String>,
    /// Why the provider did not approve, as it said with its outcome.
    pub reasons: Option<sqlx::types::Json<Vec<String>>>,
}

/// A check as stored.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct IdentityCheck {
    pub case_id: i64,
    pub case_type: String,
    pub applicant_id: i64,
    pub user_id: UserId,
    /// The provider's outcome once it is known.
    pub result: Option<String>,
    /// No check was started after this one for the same applicant.
    pub latest: bool,
}

impl Db {
    /// Records a check just started with the provider, audited (the provider only: what the
    /// person shows the provider never reaches Threshold).
    #[tracing::instrument(skip_all, fields(case_id = c.case_id))]
    pub async fn start_identity_check(
        &self,
        c: &NewIdentityCheck<'_>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            sqlx::query(
                "INSERT INTO identity_checks \
                 (case_id, applicant_id, user_id, provider, provider_reference, dashboard_url, \
                  started_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(c.case_id)
            .bind(c.applicant_id)
            .bind(c.user_id)
            .bind(c.provider)
            .bind(c.reference)
            .bind(c.dashboard_url)
            .bind(now)
            .execute(&mut *tx)
            .await
            .map_err(|e| StoreError::from_unique(e, "this identity check reference is in use"))?;
            sqlx::query(
                "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                 VALUES ($1, 'case.identity_check_started', 'case', $2, $3, $4)",
            )
            .bind(c.user_id)
            .bind(c.case_id.to_string())
            .bind(sqlx::types::Json(
                json!({ "applicantId": c.applicant_id, "provider": c.provider }),
            ))
            .bind(now)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(())
        })
    }

    /// The check with this provider reference, if any.
    #[tracing::instrument(skip_all)]
    pub async fn identity_check(
        &self,
        reference: &str,
    ) -> Result<Option<IdentityCheck>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as::<_, IdentityCheck>(
            "SELECT c.case_id, k.case_type, c.applicant_id, c.user_id, c.result, \
             NOT EXISTS (SELECT 1 FROM identity_checks l \
                         WHERE l.applicant_id = c.applicant_id AND l.id > c.id) AS latest \
             FROM identity_checks c JOIN cases k ON k.id = c.case_id \
             WHERE c.provider_reference = $1",
        )
        .bind(reference)
        .fetch_optional(pool)
        .await)?)
    }

    /// Each applicant's latest check on a case (none where nobody has started one).
    #[tracing::instrument(skip_all)]
    pub async fn latest_identity_checks(
        &self,
        case_id: i64,
    ) -> Result<Vec<LatestIdentityCheck>, StoreError> {
        Ok(
            on_db!(self, pool => sqlx::query_as::<_, LatestIdentityCheck>(
            "SELECT c.applicant_id, c.provider, c.result, c.started_at, c.completed_at, \
             c.dashboard_url, c.reasons \
             FROM identity_checks c WHERE c.case_id = $1 AND NOT EXISTS \
             (SELECT 1 FROM identity_checks l WHERE l.applicant_id = c.applicant_id AND l.id > c.id) \
             ORDER BY c.applicant_id",
        )
        .bind(case_id)
        .fetch_all(pool)
        .await)?,
        )
    }

    /// The provider ended a check without a verdict (the person gave up, or it failed): it is
    /// kept with its result, and the person may start another.
    #[tracing::instrument(skip_all)]
    pub async fn close_identity_check(
        &self,
        reference: &str,
        result: &str,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_db!(self, pool => {
            sqlx::query(
                "UPDATE identity_checks SET result = $2, completed_at = $3 \
                 WHERE provider_reference = $1 AND result IS NULL",
            )
            .bind(reference)
            .bind(result)
            .bind(at)
            .execute(pool)
            .await?;
            Ok(())
        })
    }
}

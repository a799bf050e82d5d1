//! What moves a submitted case on: an owner's identity submitted and the firm's decision on
//! it (the lender's mortgage offer is recorded in `mortgage_offers`), a purchase's searches and up-front payment, a
//! generated document issued (no longer a draft) and an owner's acceptance of it, the
//! completion date agreed. Each is one section write (see `section_write!`): the change, its
//! audit event and the transitions it triggers together, or nothing.

use chrono::{DateTime, NaiveDate, Utc};
use serde_json::json;

use super::owner_writes::{SectionWrite, now, section_write};
use super::transition::write_transition;
use crate::identity_checks::ProviderVerdict;
use crate::{Db, StoreError, on_db};

/// The firm's decision on one person's identity documents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IdentityDecision {
    /// Verified, with what the firm compared (kept in the audit trail).
    Verified { checked: Vec<String> },
    /// Sent back with what to do next; the person submits again.
    Rejected { reason: String },
}

impl Db {
    /// An applicant's identity documents are in (a rejection is cleared).
    #[tracing::instrument(skip_all)]
    pub async fn submit_identity(
        &self,
        w: &SectionWrite<'_>,
        applicant_id: i64,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        section_write!(self, w, "case.identity_submitted",
            |_: &()| json!({ "applicantId": applicant_id }), tx => {
            let n = sqlx::query(
                "UPDATE applicants SET identity_submitted_at = $3, identity_rejection_reason = NULL \
                 WHERE id = $1 AND case_id = $2 AND identity_verified_at IS NULL",
            )
            .bind(applicant_id)
            .bind(w.case_id)
            .bind(at)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if n == 0 {
                return Err(StoreError::Conflict("this identity is verified already"));
            }
        })
    }

    /// The firm verifies or sends back an applicant's submitted identity.
    #[tracing::instrument(skip_all)]
    pub async fn decide_identity(
        &self,
        w: &SectionWrite<'_>,
        applicant_id: i64,
        decision: &IdentityDecision,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let detail = match decision {
            IdentityDecision::Verified { checked } => {
                json!({ "applicantId": applicant_id, "decision": "VERIFIED", "checked": checked })
            }
            IdentityDecision::Rejected { reason } => {
                json!({ "applicantId": applicant_id, "decision": "REJECTED", "reason": reason })
            }
        };
        section_write!(self, w, "case.identity_decided", |_: &()| detail.clone(), tx => {
            let q = match decision {
                IdentityDecision::Verified { .. } => sqlx::query(
                    "UPDATE applicants SET identity_verified_at = $3 \
                     WHERE id = $1 AND case_id = $2 AND identity_submitted_at IS NOT NULL \
                     AND identity_verified_at IS NULL",
                )
                .bind(applicant_id)
                .bind(w.case_id)
                .bind(at),
                IdentityDecision::Rejected { reason } => sqlx::query(
                    "UPDATE applicants SET identity_submitted_at = NULL, identity_rejection_reason = $3 \
                     WHERE id = $1 AND case_id = $2 AND identity_submitted_at IS NOT NULL \
                     AND identity_verified_at IS NULL",
                )
                .bind(applicant_id)
                .bind(w.case_id)
                .bind(reason.clone()),
            };
            if q.execute(&mut *tx).await?.rows_affected() == 0 {
                return Err(StoreError::Conflict(
                    "this identity is not waiting for a decision",
                ));
            }
        })
    }

    /// The identity provider's verdict on an applicant's latest check: their identity counts
    /// as submitted (a rejection is cleared) and, when the provider approved it, verified;
    /// otherwise it waits for the firm's own review. The check keeps its result and reasons.
    #[tracing::instrument(skip_all)]
    pub async fn record_identity_check(
        &self,
        w: &SectionWrite<'_>,
        v: &ProviderVerdict<'_>,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        section_write!(self, w, "case.identity_checked",
            |_: &()| json!({ "applicantId": v.applicant_id, "result": v.result }), tx => {
            let n = sqlx::query(
                "UPDATE identity_checks SET result = $2, completed_at = $3, reasons = $4 \
                 WHERE provider_reference = $1 AND result IS NULL",
            )
            .bind(v.reference)
            .bind(v.result)
            .bind(at)
            .bind((!v.reasons.is_empty()).then_some(sqlx::types::Json(v.reasons)))
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if n == 0 {
                return Err(StoreError::Conflict("this identity check is recorded already"));
            }
            sqlx::query(
                "UPDATE applicants SET \
                 identity_submitted_at = COALESCE(identity_submitted_at, $3), \
                 identity_rejection_reason = NULL, \
                 identity_verified_at = CASE WHEN $4 THEN $3 ELSE NULL END \
                 WHERE id = $1 AND case_id = $2 AND identity_verified_at IS NULL",
            )
            .bind(v.applicant_id)
            .bind(w.case_id)
            .bind(at)
            .bind(v.verified)
            .execute(&mut *tx)
            .await?;
        })
    }

    /// The housing association's Help to Buy redemption letter has arrived.
    #[tracing::instrument(skip_all)]
    pub async fn record_htb_redemption_letter(
        &self,
        w: &SectionWrite<'_>,
    ) -> Result<(), StoreError> {
        section_write!(self, w, "case.htb_redemption_letter_recorded", |_: &()| json!({}), tx => {
            sqlx::query("UPDATE cases SET has_htb_redemption_letter = TRUE WHERE id = $1")
                .bind(w.case_id)
                .execute(&mut *tx)
                .await?;
        })
    }

    /// The completion date agreed with the lender (and the transition that announces it).
    #[tracing::instrument(skip_all)]
    pub async fn agree_completion_date(
        &self,
        w: &SectionWrite<'_>,
        date: NaiveDate,
    ) -> Result<(), StoreError> {
        section_write!(self, w, "case.completion_date_agreed",
            |_: &()| json!({ "completionDate": date }), tx => {
            sqlx::query("UPDATE cases SET completion_date = $2 WHERE id = $1")
                .bind(w.case_id)
                .bind(date)
                .execute(&mut *tx)
                .await?;
        })
    }

    /// A search result or the firm's summary of one (an uploaded document of the case).
    #[tracing::instrument(skip_all)]
    pub async fn record_search(
        &self,
        w: &SectionWrite<'_>,
        document_id: i64,
        document_type: &str,
        summary: bool,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let kind = if summary { "summary" } else { "document" };
        section_write!(self, w, "case.search_recorded",
            |_: &()| json!({ "documentId": document_id, "kind": kind }), tx => {
            sqlx::query(
                "INSERT INTO searches (case_id, kind, document_type, document_id, created_at) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(w.case_id)
            .bind(kind)
            .bind(document_type)
            .bind(document_id)
            .bind(at)
            .execute(&mut *tx)
            .await
            .map_err(|e| StoreError::from_unique(e, "this search is recorded already"))?;
        })
    }

    /// The buyers' up-front payment under `reference` has been received: the payment and the
    /// case both say so.
    #[tracing::instrument(skip_all)]
    pub async fn record_deposit_paid(
        &self,
        w: &SectionWrite<'_>,
        reference: &str,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        section_write!(self, w, "case.deposit_paid",
            |_: &()| json!({ "reference": reference }), tx => {
            let n = sqlx::query(
                "UPDATE deposit_payments SET paid_at = $3 \
                 WHERE case_id = $1 AND provider_reference = $2 AND paid_at IS NULL",
            )
            .bind(w.case_id)
            .bind(reference)
            .bind(at)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if n == 0 {
                return Err(StoreError::Conflict("no such payment is waiting on this case"));
            }
            // Paid once: a second payment that lands meanwhile is refused here, and its job,
            // tried again, keeps it as an unexpected payment.
            let n = sqlx::query(
                "UPDATE cases SET has_paid_deposit = TRUE, deposit_paid_at = $2 \
                 WHERE id = $1 AND deposit_paid_at IS NULL",
            )
            .bind(w.case_id)
            .bind(at)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if n == 0 {
                return Err(StoreError::Conflict("this case's payment is recorded already"));
            }
            // Nothing else of the case is payable now.
            sqlx::query(
                "UPDATE deposit_payments SET closed_at = $3 \
                 WHERE case_id = $1 AND provider_reference <> $2 \
                 AND paid_at IS NULL AND closed_at IS NULL",
            )
            .bind(w.case_id)
            .bind(reference)
            .bind(at)
            .execute(&mut *tx)
            .await?;
        })
    }

    /// A generated draft is released to the customers.
    #[tracing::instrument(skip_all)]
    pub async fn issue_document(
        &self,
        w: &SectionWrite<'_>,
        document_id: i64,
    ) -> Result<(), StoreError> {
        section_write!(self, w, "document.issued",
            |_: &()| json!({ "documentId": document_id }), tx => {
            let n = sqlx::query(
                "UPDATE documents SET is_draft = FALSE \
                 WHERE id = $1 AND case_id = $2 AND kind = 'GENERATED' AND is_draft",
            )
            .bind(document_id)
            .bind(w.case_id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if n == 0 {
                return Err(StoreError::Conflict("this document is not a draft"));
            }
        })
    }

    /// An applicant accepts an issued document (once; accepting again changes nothing).
    #[tracing::instrument(skip_all)]
    pub async fn accept_document(
        &self,
        w: &SectionWrite<'_>,
        applicant_id: i64,
        document_id: i64,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        section_write!(self, w, "document.accepted",
            |_: &()| json!({ "documentId": document_id, "applicantId": applicant_id }), tx => {
            sqlx::query(
                "INSERT INTO document_acceptances (applicant_id, generated_document_id, accepted_at) \
                 VALUES ($1, $2, $3) ON CONFLICT (applicant_id, generated_document_id) DO NOTHING",
            )
            .bind(applicant_id)
            .bind(document_id)
            .bind(at)
            .execute(&mut *tx)
            .await?;
        })
    }
}

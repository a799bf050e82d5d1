//! A purchase's sources of funds under the firm's anti-money-laundering review (issue 33): the
//! buyers' answers about how each was built up, and the firm's review of each, each in one
//! section write with its audit event. The audit line names the source and the outcome, never
//! the answers (they describe a person's finances).

use chrono::{DateTime, Utc};
use serde_json::json;
use threshold_engine::source_of_funds::ReviewOutcome;

use super::EffectRecord;
use super::owner_writes::{SectionWrite, now, section_write};
use super::transition::write_transition;
use crate::{Db, StoreError, on_db};

/// One change to a source of funds' review.
#[derive(Clone, Copy, Debug)]
pub enum SourceOfFundsChange<'a> {
    /// The buyers' answers (trimmed), replacing any given before.
    Describe {
        source_id: i64,
        origin: &'a str,
        built_up_over: &'a str,
        account_holder: &'a str,
    },
    /// The firm's decision on what it has now: the answers and the evidence document, with
    /// the effects that tell the buyers (asking for more).
    Review {
        source_id: i64,
        outcome: ReviewOutcome,
        reason: Option<&'a str>,
        evidence_document_id: Option<i64>,
        effects: &'a [EffectRecord],
    },
}

impl SourceOfFundsChange<'_> {
    fn audit_action(&self) -> &'static str {
        match self {
            Self::Describe { .. } => "case.source_of_funds_described",
            Self::Review { .. } => "case.source_of_funds_reviewed",
        }
    }
}

impl Db {
    /// Writes the change, audited.
    #[tracing::instrument(skip_all)]
    pub async fn write_source_of_funds(
        &self,
        w: &SectionWrite<'_>,
        change: SourceOfFundsChange<'_>,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let detail = |_: &()| match change {
            SourceOfFundsChange::Describe { source_id, .. } => {
                json!({ "sourceOfFundsId": source_id })
            }
            SourceOfFundsChange::Review {
                source_id,
                outcome,
                evidence_document_id,
                ..
            } => json!({
                "sourceOfFundsId": source_id,
                "outcome": outcome.as_str(),
                "evidenceDocumentId": evidence_document_id,
            }),
        };
        section_write!(self, w, change.audit_action(), detail, tx => {
            let n = match change {
                SourceOfFundsChange::Describe { source_id, origin, built_up_over, account_holder } => {
                    sqlx::query(
                        "UPDATE sources_of_funds SET origin = $3, built_up_over = $4, \
                         account_holder = $5, described_at = $6 WHERE id = $1 AND case_id = $2",
                    )
                    .bind(source_id)
                    .bind(w.case_id)
                    .bind(origin)
                    .bind(built_up_over)
                    .bind(account_holder)
                    .bind(at)
                    .execute(&mut *tx)
                    .await?
                    .rows_affected()
                }
                SourceOfFundsChange::Review { source_id, outcome, reason, evidence_document_id, effects } => {
                    for e in effects {
                        sqlx::query(
                            "INSERT INTO case_effects (case_id, effect, due_at, created_at, \
                             set_in_status) VALUES ($1, $2, $3, $4, $5)",
                        )
                        .bind(w.case_id)
                        .bind(sqlx::types::Json(&e.effect))
                        .bind(e.due_at)
                        .bind(at)
                        .bind(w.expected_status)
                        .execute(&mut *tx)
                        .await?;
                    }
                    sqlx::query(
                        "UPDATE sources_of_funds SET review_outcome = $3, review_reason = $4, \
                         reviewed_evidence_id = $5, reviewed_by_user_id = $6, reviewed_at = $7 \
                         WHERE id = $1 AND case_id = $2",
                    )
                    .bind(source_id)
                    .bind(w.case_id)
                    .bind(outcome.as_str())
                    .bind(reason)
                    .bind(evidence_document_id)
                    .bind(w.actor)
                    .bind(at)
                    .execute(&mut *tx)
                    .await?
                    .rows_affected()
                }
            };
            if n == 0 {
                return Err(StoreError::Conflict("this source of funds has gone; reload it"));
            }
        })
    }
}

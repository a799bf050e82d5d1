//! A purchase's enquiries with the seller's solicitor (issue 29): raised, answered (accepted,
//! or followed up by a new enquiry in the same write) or withdrawn, each with its audit event
//! in one section write. The case's ENQUIRES_RAISED_AT and ENQUIRES_RESPONDED_AT sort fields
//! (spec §2) are kept here: the first enquiry raised, the last reply recorded.

use chrono::{DateTime, Utc};
use serde_json::json;

use super::owner_writes::{SectionWrite, now, section_write};
use super::transition::write_transition;
use crate::{Db, StoreError, on_db};

/// One change to a case's enquiries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnquiryChange<'a> {
    Raise {
        question: &'a str,
    },
    /// The reply recorded: it answers the enquiry, or (`follow_up`) a new one is raised.
    Answer {
        id: i64,
        answer: &'a str,
        follow_up: Option<&'a str>,
    },
    Withdraw {
        id: i64,
        reason: &'a str,
    },
}

impl EnquiryChange<'_> {
    fn audit_action(&self) -> &'static str {
        match self {
            Self::Raise { .. } => "case.enquiry_raised",
            Self::Answer { .. } => "case.enquiry_answered",
            Self::Withdraw { .. } => "case.enquiry_withdrawn",
        }
    }
}

/// An open enquiry is closed by one write only; a second finds it closed.
const CLOSED: StoreError = StoreError::Conflict("this enquiry is closed already; reload it");

impl Db {
    /// Writes the change; answers the id of the enquiry it raised, if it raised one. The
    /// audit line names the enquiries, not their words (they may name people).
    #[tracing::instrument(skip_all)]
    pub async fn write_enquiry(
        &self,
        w: &SectionWrite<'_>,
        change: EnquiryChange<'_>,
        at: DateTime<Utc>,
    ) -> Result<Option<i64>, StoreError> {
        let detail = |raised: &Option<i64>| match change {
            EnquiryChange::Raise { .. } => json!({ "enquiryId": raised }),
            EnquiryChange::Answer { id, .. } => json!({ "enquiryId": id, "followUpId": raised }),
            EnquiryChange::Withdraw { id, .. } => json!({ "enquiryId": id }),
        };
        section_write!(self, w, change.audit_action(), detail, tx => {
            let (closed, question, follow_up_of) = match change {
                EnquiryChange::Raise { question } => (None, Some(question), None),
                EnquiryChange::Answer { id, answer, follow_up } => {
                    let outcome = if follow_up.is_some() { "FOLLOWED_UP" } else { "SATISFIED" };
                    let n = sqlx::query(
                        "UPDATE case_enquiries SET answer = $3, answered_by_user_id = $4, \
                         answered_at = $5, outcome = $6 \
                         WHERE id = $1 AND case_id = $2 AND outcome IS NULL",
                    )
                    .bind(id)
                    .bind(w.case_id)
                    .bind(answer)
                    .bind(w.actor)
                    .bind(at)
                    .bind(outcome)
                    .execute(&mut *tx)
                    .await?
                    .rows_affected();
                    sqlx::query("UPDATE cases SET enquires_responded_at = $2 WHERE id = $1")
                        .bind(w.case_id)
                        .bind(at)
                        .execute(&mut *tx)
                        .await?;
                    (Some(n), follow_up, Some(id))
                }
                EnquiryChange::Withdraw { id, reason } => {
                    let n = sqlx::query(
                        "UPDATE case_enquiries SET outcome = 'WITHDRAWN', withdrawal_reason = $3 \
                         WHERE id = $1 AND case_id = $2 AND outcome IS NULL",
                    )
                    .bind(id)
                    .bind(w.case_id)
                    .bind(reason)
                    .execute(&mut *tx)
                    .await?
                    .rows_affected();
                    (Some(n), None, None)
                }
            };
            if closed == Some(0) {
                return Err(CLOSED);
            }
            match question {
                Some(question) => {
                    let (raised,): (i64,) = sqlx::query_as(
                        "INSERT INTO case_enquiries (case_id, follow_up_of, question, \
                         raised_by_user_id, raised_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
                    )
                    .bind(w.case_id)
                    .bind(follow_up_of)
                    .bind(question)
                    .bind(w.actor)
                    .bind(at)
                    .fetch_one(&mut *tx)
                    .await?;
                    sqlx::query(
                        "UPDATE cases SET enquires_raised_at = COALESCE(enquires_raised_at, $2) \
                         WHERE id = $1",
                    )
                    .bind(w.case_id)
                    .bind(at)
                    .execute(&mut *tx)
                    .await?;
                    Some(raised)
                }
                None => None,
            }
        })
    }
}

//! A remortgage's names on the title register (issue 33): recorded by the firm off the official
//! copies (or taken off again when recorded in error), and explained by the customers when
//! one is no owner, each in one section write with its audit event.

use chrono::{DateTime, Utc};
use serde_json::json;
use threshold_engine::title_register::NameExplanation;

use super::owner_writes::{SectionWrite, now, section_write};
use super::transition::write_transition;
use crate::{Db, StoreError, on_db};

/// One change to a case's names on the title register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TitleRegisterChange<'a> {
    Record {
        full_name: &'a str,
    },
    /// Recorded in error: only a name nobody has explained yet is taken off.
    Remove {
        id: i64,
    },
    /// Why the name is no owner, with the uploaded document that proves it.
    Explain {
        id: i64,
        explanation: NameExplanation,
        evidence_document_id: i64,
    },
}

impl TitleRegisterChange<'_> {
    fn audit_action(&self) -> &'static str {
        match self {
            Self::Record { .. } => "case.title_register_name_recorded",
            Self::Remove { .. } => "case.title_register_name_removed",
            Self::Explain { .. } => "case.title_register_name_explained",
        }
    }
}

/// A second write on a name another has just explained or taken off.
const CHANGED: StoreError = StoreError::Conflict("this name has changed; reload it");

impl Db {
    /// Writes the change; answers the id of the name it recorded, if it recorded one. The
    /// audit line names the rows and the explanation, never the name itself.
    #[tracing::instrument(skip_all)]
    pub async fn write_title_register_name(
        &self,
        w: &SectionWrite<'_>,
        change: TitleRegisterChange<'_>,
        at: DateTime<Utc>,
    ) -> Result<Option<i64>, StoreError> {
        let detail = |recorded: &Option<i64>| match change {
            TitleRegisterChange::Record { .. } => json!({ "titleRegisterNameId": recorded }),
            TitleRegisterChange::Remove { id } => json!({ "titleRegisterNameId": id }),
            TitleRegisterChange::Explain {
                id,
                explanation,
                evidence_document_id,
            } => json!({
                "titleRegisterNameId": id,
                "explanation": explanation.as_str(),
                "evidenceDocumentId": evidence_document_id,
            }),
        };
        section_write!(self, w, change.audit_action(), detail, tx => {
            match change {
                TitleRegisterChange::Record { full_name } => {
                    let (id,): (i64,) = sqlx::query_as(
                        "INSERT INTO title_register_names (case_id, full_name, \
                         recorded_by_user_id, recorded_at) VALUES ($1, $2, $3, $4) RETURNING id",
                    )
                    .bind(w.case_id)
                    .bind(full_name)
                    .bind(w.actor)
                    .bind(at)
                    .fetch_one(&mut *tx)
                    .await?;
                    Some(id)
                }
                TitleRegisterChange::Remove { id } => {
                    let n = sqlx::query(
                        "DELETE FROM title_register_names \
                         WHERE id = $1 AND case_id = $2 AND explanation IS NULL",
                    )
                    .bind(id)
                    .bind(w.case_id)
                    .execute(&mut *tx)
                    .await?
                    .rows_affected();
                    if n == 0 {
                        return Err(CHANGED);
                    }
                    None
                }
                TitleRegisterChange::Explain { id, explanation, evidence_document_id } => {
                    let n = sqlx::query(
                        "UPDATE title_register_names SET explanation = $3, \
                         evidence_document_id = $4, explained_by_user_id = $5, explained_at = $6 \
                         WHERE id = $1 AND case_id = $2 \
                         AND (explanation IS NULL OR evidence_document_id IS NULL)",
                    )
                    .bind(id)
                    .bind(w.case_id)
                    .bind(explanation.as_str())
                    .bind(evidence_document_id)
                    .bind(w.actor)
                    .bind(at)
                    .execute(&mut *tx)
                    .await?
                    .rows_affected();
                    if n == 0 {
                        return Err(CHANGED);
                    }
                    None
                }
            }
        })
    }
}

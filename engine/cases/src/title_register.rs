//! A remortgage's names on the title register (issue 33): the one door through which the firm
//! records a registered proprietor (the workflow file's `record_title_register_name`) and the
//! customers, or their broker in a broker stage, explain one who is no owner (an Owners
//! section write, with the document that proves it). Submission waits until every name is
//! an owner listed or explained (the guard `title_register_names_accounted_for`).

use chrono::Utc;
use threshold_engine::title_register::check_evidence;
use threshold_engine::{Action, AnySnapshot};
use threshold_store::cases::TitleRegisterChange;

use crate::{Caller, CaseError, CaseService, OpenCase};

impl CaseService {
    /// Writes the change by the caller, audited; the id of the name it recorded, if any.
    #[tracing::instrument(skip_all, fields(case_id = case.loaded.row.id))]
    pub async fn change_title_register(
        &self,
        caller: &Caller,
        case: &OpenCase,
        change: TitleRegisterChange<'_>,
    ) -> Result<Option<i64>, CaseError> {
        // Who may comes first: the firm's step is the rule book's (a purchase has none), the
        // customers' explanation an Owners section write.
        let by = match change {
            TitleRegisterChange::Record { .. } | TitleRegisterChange::Remove { .. } => {
                self.authorise(case, Action::RecordTitleRegisterName)?;
                caller
                    .user_id()
                    .ok_or_else(|| CaseError::NotPermitted("only a person records a name".into()))?
            }
            TitleRegisterChange::Explain { .. } => {
                self.check_section(caller, case, "owners", true)?
            }
        };
        let AnySnapshot::Remortgaging(snap) = &case.snapshot else {
            return Err(CaseError::NotFound);
        };
        let named = |id: i64| {
            snap.title_register_names
                .iter()
                .find(|n| n.id == id)
                .ok_or(CaseError::NotFound)
        };
        match change {
            TitleRegisterChange::Record { .. } => {}
            TitleRegisterChange::Remove { id } => {
                if named(id)?.explanation.is_some() {
                    return Err(CaseError::AlreadyDone(
                        "The customers have explained this name: it stays on the file.".into(),
                    ));
                }
            }
            TitleRegisterChange::Explain {
                id,
                explanation,
                evidence_document_id,
            } => {
                if named(id)?.is_explained() {
                    return Err(CaseError::AlreadyDone(
                        "This name is explained already.".into(),
                    ));
                }
                let evidence = snap
                    .documents
                    .documents
                    .iter()
                    .find(|d| d.document_id == evidence_document_id);
                check_evidence(explanation, evidence).map_err(|message| {
                    CaseError::InvalidField {
                        field: "evidenceDocumentId",
                        message,
                    }
                })?;
            }
        }
        // No transition reads the names on its own: submission (the customer's) checks them.
        let next_task_due = self.workflows.next_task_due(&case.snapshot);
        Ok(self
            .db
            .write_title_register_name(&case.write(by, &[], next_task_due), change, Utc::now())
            .await?)
    }
}

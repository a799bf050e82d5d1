//! A purchase's enquiries with the seller's solicitor (issue 29): the one door through which
//! the firm raises, answers or withdraws one. Who may is the workflow file's `raise_enquiry`
//! and `answer_enquiry`; the transition out of the contract pack's review waits for none open.

use chrono::Utc;
use threshold_engine::Action;
use threshold_engine::enquiries::Enquiry;
use threshold_store::cases::EnquiryChange;

use crate::{Caller, CaseError, CaseService, OpenCase};

impl CaseService {
    /// Writes the change by the caller, audited; answers the case's enquiries afterwards.
    #[tracing::instrument(skip_all, fields(case_id = case.loaded.row.id))]
    pub async fn change_enquiries(
        &self,
        caller: &Caller,
        case: &OpenCase,
        change: EnquiryChange<'_>,
    ) -> Result<Vec<Enquiry>, CaseError> {
        let by = caller
            .user_id()
            .ok_or_else(|| CaseError::NotPermitted("only a person writes an enquiry".into()))?;
        let (action, closes) = match change {
            EnquiryChange::Raise { .. } => (Action::RaiseEnquiry, None),
            EnquiryChange::Answer { id, .. } => (Action::AnswerEnquiry, Some(id)),
            EnquiryChange::Withdraw { id, .. } => (Action::RaiseEnquiry, Some(id)),
        };
        self.authorise(case, action)?;
        if let Some(id) = closes {
            let enquiry = case
                .snapshot
                .enquiries()
                .iter()
                .find(|e| e.id == id)
                .ok_or(CaseError::NotFound)?;
            if !enquiry.is_open() {
                return Err(CaseError::AlreadyDone(
                    "This enquiry is closed already.".into(),
                ));
            }
        }
        // No system transition reads the enquiries: the conveyancer takes the step out of the
        // review (`enquiries_resolved`) once none is open.
        let next_task_due = self.workflows.next_task_due(&case.snapshot);
        self.db
            .write_enquiry(&case.write(by, &[], next_task_due), change, Utc::now())
            .await?;
        let reopened = self
            .open(caller, case.case_type, case.loaded.row.id)
            .await?;
        Ok(reopened.snapshot.enquiries().to_vec())
    }
}

//! The workflow's announcements: e-mails and feed items sent without a transition.

use chrono::{DateTime, Utc};
use threshold_engine::{CaseType, Effect};
use threshold_store::cases::{Announcement, EffectRecord, NewCaseMessage, effect_due_at};

use crate::{Caller, CaseError, CaseService, OpenCase};

impl CaseService {
    /// Sends a transition's e-mails and feed items again to one applicant of the case (a
    /// re-sent invitation), if the caller may take that transition and the case is where it
    /// leads.
    #[tracing::instrument(skip_all, fields(case_id, transition = name))]
    pub async fn resend(
        &self,
        caller: &Caller,
        case_type: CaseType,
        case_id: i64,
        name: &str,
        applicant_id: i64,
    ) -> Result<(), CaseError> {
        let case = self.open(caller, case_type, case_id).await?;
        if !case.loaded.applicants().any(|p| p.id == applicant_id) {
            return Err(CaseError::NotFound);
        }
        let now = Utc::now();
        let effects =
            self.workflows
                .resend(&case.snapshot, &case.actor, name, applicant_id, now)?;
        self.record_announcement(
            caller,
            &case,
            "case.announcement_resent",
            &effects,
            None,
            now,
        )
        .await?;
        Ok(())
    }

    /// Makes one of the workflow's announcements (see `AnnouncementDef`): a customer reporting
    /// an issue with the quote, with their message, tells the broker.
    #[tracing::instrument(skip_all, fields(case_id = case.loaded.row.id, announcement = name))]
    pub async fn announce(
        &self,
        caller: &Caller,
        case: &OpenCase,
        name: &str,
        message: Option<NewCaseMessage<'_>>,
    ) -> Result<Option<i64>, CaseError> {
        let now = Utc::now();
        let effects = self
            .workflows
            .announce(&case.snapshot, &case.actor, name, now)?;
        let action = format!("case.{name}");
        self.record_announcement(caller, case, &action, &effects, message, now)
            .await
    }

    pub(crate) async fn record_announcement(
        &self,
        caller: &Caller,
        case: &OpenCase,
        action: &str,
        effects: &[Effect],
        message: Option<NewCaseMessage<'_>>,
        now: DateTime<Utc>,
    ) -> Result<Option<i64>, CaseError> {
        let records = announcement_records(effects);
        Ok(self
            .db
            .record_announcement(
                &Announcement {
                    case_id: case.loaded.row.id,
                    status: case.snapshot.status().as_str(),
                    by: caller.user_id(),
                    action,
                    effects: &records,
                    message,
                },
                now,
            )
            .await?)
    }

    /// The effects of one of the workflow's announcements, made by the caller now, as the
    /// store writes them: for a write that announces in its own transaction.
    pub(crate) fn announcement_effects(
        &self,
        case: &OpenCase,
        name: &str,
        now: DateTime<Utc>,
    ) -> Result<Vec<EffectRecord>, CaseError> {
        let effects = self
            .workflows
            .announce(&case.snapshot, &case.actor, name, now)?;
        Ok(announcement_records(&effects))
    }
}

/// Announcements send e-mails and feed items now; a message's reminder of the firm's reply
/// waits for its due time.
fn announcement_records(effects: &[Effect]) -> Vec<EffectRecord> {
    effects
        .iter()
        .map(|e| EffectRecord {
            effect: serde_json::to_value(e).unwrap_or_default(),
            due_at: effect_due_at(e),
        })
        .collect()
}

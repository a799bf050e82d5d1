//! Moving a case by a named transition of its workflow.

use chrono::Utc;
use threshold_engine::{AnySnapshot, Applied, CaseStatus, CaseType, Effect};
use threshold_store::cases::{NewQuote, TransitionRecord};

use crate::{Caller, CaseError, CaseService, OpenCase};

impl CaseService {
    /// Moves a case by a named transition of its workflow, if the caller may and its guards
    /// pass; writes the status, the audit event with `reason`, and the effects at once.
    pub async fn transition(
        &self,
        caller: &Caller,
        case_type: CaseType,
        case_id: i64,
        name: &str,
        reason: Option<&str>,
    ) -> Result<CaseStatus, CaseError> {
        let case = self.open(caller, case_type, case_id).await?;
        self.transition_quoted(caller, &case, name, reason, None)
            .await
    }

    /// [`CaseService::transition`] of a case the caller has opened, with the quote the step
    /// brings, if any (a case taken on is priced as it is taken on), in the same transaction.
    #[tracing::instrument(skip_all, fields(case_id = case.loaded.row.id, transition = name))]
    pub async fn transition_quoted(
        &self,
        caller: &Caller,
        case: &OpenCase,
        name: &str,
        reason: Option<&str>,
        quote: Option<&NewQuote>,
    ) -> Result<CaseStatus, CaseError> {
        let case_type = case.case_type;
        // A step that records something (a date) is taken with it, through `progress`.
        if self
            .workflows
            .transitions(case_type)
            .iter()
            .any(|t| t.name == name && t.asks_for.is_some())
        {
            return Err(CaseError::NotPermitted(format!(
                "`{name}` is taken with what it asks for."
            )));
        }
        let now = Utc::now();
        let applied = self
            .workflows
            .apply(&case.snapshot, &case.actor, name, now, reason)?;
        let mut snap = case.snapshot.clone();
        follow(&mut snap, &applied);
        let mut records = vec![TransitionRecord::from_applied(caller.user_id(), &applied)];
        // A move may make a system transition possible at once (e.g. every owner accepted).
        records.extend(self.automatic(&mut snap, now));
        let next_task_due = self.workflows.next_task_due(&snap);
        self.db
            .apply_transitions_quoted(
                case.loaded.row.id,
                case_type.as_str(),
                &records,
                quote,
                next_task_due,
                now,
            )
            .await?;
        Ok(snap.status())
    }
}

/// The snapshot after a transition the engine allowed: its status, the completion date a
/// completing step records (the legal file's due dates count from it), and a case taken on
/// no longer ineligible (so the automatic moves after it do not refuse it again).
pub(crate) fn follow(snap: &mut AnySnapshot, applied: &Applied<CaseStatus>) {
    match (&mut *snap, applied.to) {
        (AnySnapshot::Remortgaging(s), CaseStatus::Remortgaging(st)) => s.status = st,
        (AnySnapshot::Buying(s), CaseStatus::Buying(st)) => s.status = st,
        _ => unreachable!("the engine answers in the case's own statuses"),
    }
    for effect in &applied.effects {
        match effect {
            Effect::RecordCompletionDate { date } => snap.agree_completion_date(*date),
            Effect::TakeOn => snap.set_ineligibility_reason(None),
            _ => {}
        }
    }
}

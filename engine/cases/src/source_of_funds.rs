//! A purchase's source-of-funds review (issue 33, the `SOF` feature): the one door through
//! which the buyers (or their broker) say how a source was built up, and the firm accepts it or
//! asks for more. Who may is the workflow file's `describe_source_of_funds` and
//! `review_source_of_funds`; the task `source_of_funds_reviewed` needs every source accepted.

use chrono::Utc;
use threshold_engine::source_of_funds::{
    MAX_REASON, ReviewOutcome, SourceOfFundsState, check_answer,
};
use threshold_engine::{Action, AnySnapshot, BuyingSnapshot, CaseSnapshot};
use threshold_store::cases::SourceOfFundsChange;
use threshold_workflows::required_documents::source_of_funds_state;

use crate::{Caller, CaseError, CaseService, OpenCase};

/// The task that closes the review: once done, no source's answers change.
const REVIEW_TASK: &str = "source_of_funds_reviewed";
/// The workflow's announcement when the firm asks for more.
const MORE_NEEDED_ANNOUNCEMENT: &str = "source_of_funds_more_needed";

/// The buyers' answers about one source, as sent.
#[derive(Debug, Clone, Copy)]
pub struct SourceAnswers<'a> {
    pub origin: &'a str,
    pub built_up_over: &'a str,
    pub account_holder: &'a str,
}

/// The firm's decision on one source, as sent.
#[derive(Debug, Clone, Copy)]
pub struct SourceReviewDecision<'a> {
    pub outcome: ReviewOutcome,
    pub reason: Option<&'a str>,
}

fn purchase(case: &OpenCase) -> Result<&BuyingSnapshot, CaseError> {
    match &case.snapshot {
        AnySnapshot::Buying(s) => Ok(s),
        AnySnapshot::Remortgaging(_) => Err(CaseError::NotFound),
    }
}

/// The source and where it stands now, with the document in its evidence slot; NotFound when
/// the case has no such source.
fn source_of(
    snap: &BuyingSnapshot,
    source_id: i64,
) -> Result<(SourceOfFundsState, Option<i64>), CaseError> {
    let source = snap
        .source_of_funds
        .iter()
        .find(|f| f.id == source_id)
        .ok_or(CaseError::NotFound)?;
    Ok(source_of_funds_state(snap, source))
}

impl CaseService {
    /// Whether the caller may tell the firm about this source now (its answers, or evidence
    /// collected for it): as the workflow's `describe_source_of_funds` says, and not once the
    /// firm has accepted it or closed its review.
    pub fn check_source_of_funds_evidence(
        &self,
        case: &OpenCase,
        source_id: i64,
    ) -> Result<(), CaseError> {
        self.authorise(case, Action::DescribeSourceOfFunds)?;
        let snap = purchase(case)?;
        if source_of(snap, source_id)?.0 == SourceOfFundsState::Accepted
            || snap.tasks_done().iter().any(|t| t.task == REVIEW_TASK)
        {
            return Err(CaseError::AlreadyDone(
                "We have accepted this source of funds: its answers can no longer change.".into(),
            ));
        }
        Ok(())
    }

    /// The buyers' answers about one source, replacing any given before; refused once the
    /// firm has accepted it or closed its review.
    #[tracing::instrument(skip_all, fields(case_id = case.loaded.row.id, source_id))]
    pub async fn describe_source_of_funds(
        &self,
        caller: &Caller,
        case: &OpenCase,
        source_id: i64,
        answers: SourceAnswers<'_>,
    ) -> Result<(), CaseError> {
        self.check_source_of_funds_evidence(case, source_id)?;
        let by = caller
            .user_id()
            .ok_or_else(|| CaseError::NotPermitted("only a person answers".into()))?;
        for (field, answer) in [
            ("origin", answers.origin),
            ("builtUpOver", answers.built_up_over),
            ("accountHolder", answers.account_holder),
        ] {
            check_answer(answer).map_err(|message| CaseError::InvalidField { field, message })?;
        }
        let change = SourceOfFundsChange::Describe {
            source_id,
            origin: answers.origin.trim(),
            built_up_over: answers.built_up_over.trim(),
            account_holder: answers.account_holder.trim(),
        };
        let next_task_due = self.workflows.next_task_due(&case.snapshot);
        self.db
            .write_source_of_funds(&case.write(by, &[], next_task_due), change, Utc::now())
            .await?;
        Ok(())
    }

    /// The firm's decision on one source, on the answers and the evidence it has now. Asking
    /// for more needs a reason (the buyers read it); accepting needs the evidence uploaded.
    #[tracing::instrument(skip_all, fields(case_id = case.loaded.row.id, source_id))]
    pub async fn review_source_of_funds(
        &self,
        caller: &Caller,
        case: &OpenCase,
        source_id: i64,
        decision: SourceReviewDecision<'_>,
    ) -> Result<(), CaseError> {
        self.authorise(case, Action::ReviewSourceOfFunds)?;
        let by = caller
            .user_id()
            .ok_or_else(|| CaseError::NotPermitted("only a person reviews".into()))?;
        let snap = purchase(case)?;
        let (state, evidence_document_id) = source_of(snap, source_id)?;
        let reason = decision.reason.map(str::trim).filter(|r| !r.is_empty());
        match decision.outcome {
            ReviewOutcome::MoreNeeded => match reason {
                None => {
                    return Err(CaseError::InvalidField {
                        field: "reason",
                        message: "is required when asking for more".into(),
                    });
                }
                Some(r) if r.chars().count() > MAX_REASON => {
                    return Err(CaseError::InvalidField {
                        field: "reason",
                        message: format!("must be at most {MAX_REASON} characters"),
                    });
                }
                Some(_) => {}
            },
            ReviewOutcome::Accepted if state == SourceOfFundsState::Accepted => {
                return Err(CaseError::AlreadyDone(
                    "This source of funds is accepted already.".into(),
                ));
            }
            ReviewOutcome::Accepted if state == SourceOfFundsState::EvidenceNeeded => {
                return Err(CaseError::GuardFailed {
                    guard: "source_of_funds_evidence".into(),
                    reason: "Its evidence is not uploaded yet.".into(),
                });
            }
            ReviewOutcome::Accepted => {}
        }
        let now = Utc::now();
        // Asking for more tells the buyers (e-mail and feed), in the same write.
        let effects = match decision.outcome {
            ReviewOutcome::MoreNeeded => {
                self.announcement_effects(case, MORE_NEEDED_ANNOUNCEMENT, now)?
            }
            ReviewOutcome::Accepted => vec![],
        };
        let change = SourceOfFundsChange::Review {
            source_id,
            outcome: decision.outcome,
            reason: reason.filter(|_| decision.outcome == ReviewOutcome::MoreNeeded),
            evidence_document_id,
            effects: &effects,
        };
        let next_task_due = self.workflows.next_task_due(&case.snapshot);
        self.db
            .write_source_of_funds(&case.write(by, &[], next_task_due), change, now)
            .await?;
        Ok(())
    }
}

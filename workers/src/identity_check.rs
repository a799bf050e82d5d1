//! The identity provider's word on an electronic check (Onfido's webhook), recorded on the
//! case through the case service: approved verifies the owner; declined or sent to review
//! leaves the decision to the firm; abandoned or failed closes the check, and the owner may
//! start another.

use apalis::prelude::BoxDynError;
use serde::{Deserialize, Serialize};
use threshold_cases::{Caller, Progress};
use threshold_engine::CaseType;

use crate::queue::{Job, WorkerDeps};

/// The check the provider knows as `reference` has ended with `result` (Onfido's workflow run
/// status: approved, declined, review, abandoned or error).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct IdentityCheckCompleted {
    pub reference: String,
    pub result: String,
}

impl Job for IdentityCheckCompleted {
    const QUEUE: &'static str = "identity-check";

    async fn run(self, deps: WorkerDeps) -> Result<(), BoxDynError> {
        let Some(check) = deps.db.identity_check(&self.reference).await? else {
            // A run made elsewhere on the same Onfido account: not ours.
            tracing::warn!("a completed workflow run matches no identity check of ours");
            return Ok(());
        };
        if check.result.is_some() {
            // Told twice: recorded the first time.
            return Ok(());
        }
        let verdict = matches!(self.result.as_str(), "approved" | "declined" | "review");
        if !verdict || !check.latest {
            // No verdict, or a check the owner has started again since: only kept.
            return Ok(deps
                .db
                .close_identity_check(&self.reference, &self.result, chrono::Utc::now())
                .await?);
        }
        let case_type = CaseType::parse(&check.case_type).ok_or("a case of an unknown type")?;
        let case = deps
            .cases
            .open(&Caller::System, case_type, check.case_id)
            .await?;
        deps.cases
            .progress(
                &Caller::System,
                &case,
                Progress::IdentityChecked {
                    applicant_id: check.applicant_id,
                    person: check.user_id,
                    verified: self.result == "approved",
                    reference: self.reference,
                    result: self.result,
                },
            )
            .await?;
        Ok(())
    }
}

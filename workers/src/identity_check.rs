//! The identity provider's word on an electronic check (Onfido's webhook), recorded on the
//! case through the case service: approved verifies the owner; declined or sent to review
//! leaves the decision to the firm, with the provider's reasons; abandoned or failed closes the
//! check, and the owner may start another.

use apalis::prelude::BoxDynError;
use futures::future::BoxFuture;
use serde::{Deserialize, Serialize};
use threshold_cases::{Caller, Progress};
use threshold_engine::CaseType;

use crate::queue::{Job, WorkerDeps, retry};

/// Where a worker asks the identity provider why it decided as it did (Onfido: the workflow
/// run's `reasons`); the API's provider client answers.
pub trait IdentityRuns: Send + Sync {
    fn reasons<'a>(&'a self, reference: &'a str)
    -> BoxFuture<'a, Result<Vec<String>, BoxDynError>>;
}

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
        let reasons = if self.result == "approved" {
            vec![]
        } else {
            self.reasons(&deps).await
        };
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
                    reasons,
                },
            )
            .await?;
        Ok(())
    }
}

impl IdentityCheckCompleted {
    /// The provider's reasons for a verdict other than approval. The verdict is recorded even
    /// when they cannot be read: the firm still has the provider's own page for the check.
    async fn reasons(&self, deps: &WorkerDeps) -> Vec<String> {
        let Some(runs) = &deps.identity_runs else {
            return vec![];
        };
        runs.reasons(&self.reference).await.unwrap_or_else(|err| {
            tracing::warn!(
                error = %retry::redact(&err.to_string()),
                "could not read the identity provider's reasons; the verdict is recorded without them"
            );
            vec![]
        })
    }
}

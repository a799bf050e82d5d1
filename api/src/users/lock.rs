//! When a customer's date of birth is locked: once an application of theirs is submitted.
//!
//! The rule, from the workflow files' own flags (nothing restated here): a case locks its
//! parties' dates of birth when its *last live status* counts as submitted. The last live
//! status is the current one while the case is open, and, once it has ended (a terminal
//! status), the status it ended from, read from the case's audit trail. So a case cancelled
//! before anyone submitted it (CUSTOMER_APPLICATION → CANCELLED) does not lock, one cancelled
//! or completed after submission does, and one the firm handed back to the customer
//! (IDENTITY_VERIFICATION → CUSTOMER_APPLICATION) unlocks until it is submitted again (the
//! details go with the next submission). A terminal case with no recorded transition into
//! its status (seeded data) falls back to the terminal status's own flag, which locks.

use threshold_engine::{Definition, WorkflowStatus};
use threshold_store::UserId;
use threshold_workflows::Workflows;

use crate::app::AppState;
use crate::error::ApiResult;

/// `(submitted, terminal)` of a status as its workflow file defines it.
fn flags(workflows: &Workflows, case_type: &str, status: &str) -> Option<(bool, bool)> {
    fn find<St: WorkflowStatus>(def: &Definition<St>, status: &str) -> Option<(bool, bool)> {
        def.statuses
            .iter()
            .find(|s| s.name.as_str() == status)
            .map(|s| (s.submitted, s.terminal))
    }
    match case_type {
        "REMORTGAGING" => find(&workflows.remortgaging.definition, status),
        "BUYING" => find(&workflows.buying.definition, status),
        _ => None,
    }
}

/// Whether this user's date of birth may no longer change.
pub async fn date_of_birth_locked(state: &AppState, user_id: UserId) -> ApiResult<bool> {
    for case in state.db.party_case_statuses(user_id).await? {
        let Some((submitted, terminal)) = flags(&state.workflows, &case.case_type, &case.status)
        else {
            continue;
        };
        let last_live_submitted = if terminal {
            match state.db.status_before(case.case_id, &case.status).await? {
                Some(before) => flags(&state.workflows, &case.case_type, &before)
                    .is_some_and(|(submitted, _)| submitted),
                None => submitted,
            }
        } else {
            submitted
        };
        if last_live_submitted {
            return Ok(true);
        }
    }
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flags_come_from_the_workflow_files() {
        let workflows = Workflows::load().unwrap();
        assert_eq!(
            flags(&workflows, "REMORTGAGING", "CUSTOMER_APPLICATION"),
            Some((false, false))
        );
        assert_eq!(
            flags(&workflows, "REMORTGAGING", "IDENTITY_VERIFICATION"),
            Some((true, false))
        );
        assert_eq!(flags(&workflows, "BUYING", "CANCELLED"), Some((true, true)));
        assert_eq!(flags(&workflows, "BUYING", "NO_SUCH_STATUS"), None);
    }
}

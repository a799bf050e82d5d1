//! A purchase's source-of-funds review in the back office (issue 33): the conveyancer accepts
//! each source the buyers declared against its answers and evidence, or asks for more with a
//! reason the buyers read on their source-of-funds page. Who may is the workflow file's
//! `review_source_of_funds`; the case service asks it.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use threshold_cases::SourceReviewDecision;
use threshold_engine::source_of_funds::ReviewOutcome;
use utoipa::ToSchema;

use super::Staff;
use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct StaffSourceReviewRequest {
    pub outcome: ReviewOutcome,
    /// What the firm needs: required when asking for more (at most 1,000 characters); the
    /// buyers read it.
    #[serde(default)]
    pub reason: Option<String>,
}

#[utoipa::path(post, path = "/staff/cases/{caseType}/{caseId}/sources-of-funds/{sourceId}/review", tag = "staff",
    request_body = StaffSourceReviewRequest,
    params(
        ("caseType" = String, Path, description = "`buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("sourceId" = String, Path, description = "A source's `id`, from the case's `sourceOfFunds`"),
    ),
    responses(
        (status = 204, description = "Reviewed (and audited)"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, the second factor is not proven, or this staff member's role may not", body = ErrorBody),
        (status = 404, description = "No such case, or the case has no such source", body = ErrorBody),
        (status = 409, description = "Accepted already, its evidence is not uploaded (`guard_failed`), or the case changed meanwhile", body = ErrorBody),
        (status = 422, description = "`outcome` unknown, or `reason` missing when asking for more or over 1,000 characters", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn review_source_of_funds(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id, source_id)): ApiPath<(String, String, String)>,
    ApiJson(body): ApiJson<StaffSourceReviewRequest>,
) -> ApiResult<StatusCode> {
    let source_id = source_id.parse().map_err(|_| ApiError::not_found())?;
    let case = staff.open_case(&state, &case_type, &case_id).await?;
    let decision = SourceReviewDecision {
        outcome: body.outcome,
        reason: body.reason.as_deref(),
    };
    state
        .cases
        .review_source_of_funds(&staff.caller(), &case, source_id, decision)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

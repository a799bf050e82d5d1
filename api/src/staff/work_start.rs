//! The buyers' express requests to start work within the 14-day cancellation period (Consumer
//! Contracts Regulations 2013, reg. 36), for the firm: who asked, when, under which wording.
//! What a client who cancels in time owes for work done meanwhile depends on it (reg. 36(6)).

use axum::Json;
use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::Serialize;
use threshold_engine::CaseType;
use utoipa::ToSchema;

use super::Staff;
use crate::app::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::ApiPath;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffWorkStartRequest {
    pub user_id: String,
    pub name: String,
    /// The version of `buying.express_request` (workflows/fees.toml) they ticked.
    pub wording_version: String,
    pub requested_at: DateTime<Utc>,
}

#[utoipa::path(get, path = "/staff/cases/{caseType}/{caseId}/work-start-requests", tag = "staff",
    params(
        ("caseType" = String, Path, description = "`remortgaging` or `buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
    ),
    responses(
        (status = 200, description = "The buyers' express requests to start work within the cancellation period, oldest first (none on a remortgage)", body = [StaffWorkStartRequest]),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such case", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn staff_work_start_requests(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id)): ApiPath<(String, String)>,
) -> ApiResult<Json<Vec<StaffWorkStartRequest>>> {
    let case = staff.open_case(&state, &case_type, &case_id).await?;
    if case.case_type != CaseType::Buying {
        return Ok(Json(vec![]));
    }
    let requests = state.db.work_start_requests(case.loaded.row.id).await?;
    Ok(Json(
        requests
            .into_iter()
            .map(|r| StaffWorkStartRequest {
                user_id: r.user_id.to_string(),
                name: r.preferred_name,
                wording_version: r.wording_version,
                requested_at: r.requested_at,
            })
            .collect(),
    ))
}
